/* What a file sees (着四: local names, the program's top-level names, the builtins it
 * imported): a top-level name is visible in the module that defines it and in the modules
 * that import that module themselves; imports are not transitive. An undefined name that a
 * module not imported declares is reported with the import line to write. */
#include <string.h>

#include "check_internal.h"

static bool module_sees(const Module *from, const Module *owner) {
    if (!from || from == owner) return true;
    for (uint32_t i = 0; i < from->import_count; i++)
        if (from->imports[i] == owner) return true;
    return false;
}

static TopName *lookup_visible(const Checker *c, const NameTable *table, const char *name) {
    TopName *top = names_find(table, name);
    return top && module_sees(c->module, top->module) ? top : NULL;
}

TopName *lookup_user(Checker *c, const char *name) { return lookup_visible(c, &c->user, name); }
TopName *lookup_builtin(Checker *c, const char *name) { return lookup_visible(c, &c->builtin, name); }

#define BUILTIN_IMPORT "「点染」之「点染本」"

/* A name the compiler itself implements as one of 「点染」's (when no file imports 「点染」, its
 * interface is not loaded and only these are known). */
static bool is_dianran_name(const char *name) {
    return intrinsic_lookup(name) != INTRINSIC_NONE || type_con_lookup(name) != TCON_COUNT ||
           io_builtin_lookup(name) != IO_NONE || strcmp(name, "定长小数") == 0 ||
           strcmp(name, "定长整数") == 0 || strcmp(name, "定长无符号") == 0;
}

typedef struct ImportHint {
    uint32_t file;
    const char *import;
} ImportHint;

/* True the first time a file is told to import `import` (the note is not repeated). */
static bool first_hint(Checker *c, uint32_t file, const char *import) {
    for (size_t i = 0; i < c->import_hints.len; i++) {
        const ImportHint *hint = c->import_hints.items[i];
        if (hint->file == file && strcmp(hint->import, import) == 0) return false;
    }
    ImportHint *hint = arena_alloc(c->arena, sizeof *hint);
    hint->file = file;
    hint->import = import;
    ptrvec_push(c->arena, &c->import_hints, hint);
    return true;
}

/* Whether `from` imports `target`, directly or through other modules (the import graph has
 * no cycles: the import closing one is reported and left out). */
static bool module_reaches(Checker *c, const Module *from, const Module *target, PtrVec *visited) {
    if (from == target) return true;
    for (size_t i = 0; i < visited->len; i++)
        if (visited->items[i] == from) return false;
    ptrvec_push(c->arena, visited, (void *)from);
    for (uint32_t i = 0; i < from->import_count; i++)
        if (module_reaches(c, from->imports[i], target, visited)) return true;
    return false;
}

/* The module declaring `name` that this file could import to see it: not one it sees, and
 * not one that imports this file (that import would be a cycle). */
static const Module *importable_owner(Checker *c, const TopName *top) {
    if (!top || !top->module || !top->module->import_path || !c->module) return NULL;
    if (module_sees(c->module, top->module)) return NULL;
    PtrVec visited = {0};
    return module_reaches(c, top->module, c->module, &visited) ? NULL : top->module;
}

/* A module of the 「点染」 package, or one importing a module of it: telling it to import
 * 「点染」 would not help. */
static bool imports_builtin_package(const Module *module) {
    if (!module || (module->package && module->package->is_builtin)) return true;
    for (uint32_t i = 0; i < module->import_count; i++)
        if (module->imports[i]->package && module->imports[i]->package->is_builtin) return true;
    return false;
}

void report_undefined(Checker *c, Span span, const char *what, const char *name) {
    check_error(c, span, "未定义的%s「%s」", what, name);
    TopName *user = names_find(&c->user, name), *builtin = names_find(&c->builtin, name);
    const Module *owner = importable_owner(c, user);
    if (!owner) owner = importable_owner(c, builtin);
    const char *import = owner ? owner->import_path : NULL;
    if (!user && !builtin && is_dianran_name(name) && !imports_builtin_package(c->module))
        import = BUILTIN_IMPORT;
    if (!import || !first_hint(c, span.file, import)) return;
    /* The import belongs at the top of the file. */
    check_note(c, span_make(span.file, 0, 0), "「%s」在 %s 里，本文件没有导入它：请加上 寻观%s之书。", name,
               import, import);
}
