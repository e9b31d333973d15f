/* What a file sees (着四: local names, the program's top-level names, the builtins it
 * imported): a top-level name is visible in the module that defines it and in the modules
 * that import that module themselves; imports are not transitive. An undefined name that a
 * module not imported declares is reported with the import line to write. */
#include <string.h>

#include "check_internal.h"

#include "base/suggest.h"

static bool module_sees(const Module *from, const Module *owner) {
    if (!from || from == owner) return true;
    for (uint32_t i = 0; i < from->import_count; i++)
        if (from->imports[i] == owner) return true;
    return false;
}

/* ---- did-you-mean: the closest name this file sees, of the kind asked for ---- */

static bool builtin_of_kind(Checker *c, TopName *top, bool want_type) {
    fe_ensure_role(c, top);
    if (top->role == ROLE_VALUE) return !want_type;
    return want_type && (top->role == ROLE_CON || top->role == ROLE_ALIAS || top->role == ROLE_SCALAR_CTOR);
}

static void offer_user_names(Checker *c, Suggestion *s, const Module *only, bool want_type) {
    for (uint32_t i = 0; i < c->user_count; i++) {
        TopName *top = c->user_order[i];
        bool visible = only ? top->module == only : module_sees(c->module, top->module);
        /* not the definition being checked: naming itself would be recursion */
        if (visible && top != c->current && (top->type_def != NULL) == want_type) suggest_offer(s, top->name);
    }
}

/* Locals (innermost first), the program's top-level names, the builtins. */
static void offer_names_in_scope(Checker *c, Suggestion *s, bool want_type) {
    if (!s->usable) return;
    if (want_type) {
        for (uint32_t i = 0; i < c->tparam_count; i++) suggest_offer(s, c->tparams[i]);
    } else {
        for (Scope *scope = c->scope; scope; scope = scope->parent) suggest_offer(s, scope->local->name);
    }
    offer_user_names(c, s, NULL, want_type);
    fe_builtins_complete(c);
    for (uint32_t i = 0; i < c->builtin.cap; i++) {
        TopName *top = c->builtin.slots[i];
        if (top && module_sees(c->module, top->module) && suggest_improves(s, top->name) &&
            builtin_of_kind(c, top, want_type))
            suggest_offer(s, top->name);
    }
}

/* The hint; a single near name is also the note's fix-it: the written 「name」 (the span)
 * replaced by 「near name」. */
static void note_suggestion(Checker *c, Span span, const Suggestion *s) {
    StrBuf hint, fix;
    strbuf_init(&hint);
    strbuf_init(&fix);
    if (s->best_count == 1) strbuf_printf(&fix, "「%s」", suggest_best(s));
    if (suggest_append_hints(&hint, s, true))
        diag_note_fix(c->diag, span, fix.len ? strbuf_cstr(&fix) : NULL, "%s", strbuf_cstr(&hint));
    strbuf_free(&fix);
    strbuf_free(&hint);
}

TopName *fe_lookup_builtin(Checker *c, const char *name) {
    TopName *top = fe_builtin_find(c, name);
    return top && module_sees(c->module, top->module) ? top : NULL;
}

/* ---- unqualified user names: the module's own, else the one imported module defining it ---- */

static void report_ambiguous(Checker *c, const AstName *name, TopName *first) {
    StrBuf forms;
    strbuf_init(&forms);
    for (TopName *top = first; top; top = top->next_same_name)
        if (module_sees(c->module, top->module))
            strbuf_printf(&forms, "%s「%s」之「%s」", forms.len ? "或" : "",
                          top->module->module_name, name->text);
    fe_check_error(c, Y_AMBIGUOUS_NAME, name->span, "「%s」有歧义：本文件导入的多个着色模块都定义了它（着八）；请写成%s",
                name->text, strbuf_cstr(&forms));
    strbuf_free(&forms);
    for (TopName *top = first; top; top = top->next_same_name)
        if (module_sees(c->module, top->module))
            fe_check_note(c, fe_top_name_span(top), "「%s」在 %s 里的定义", name->text, top->module->import_path);
}

static TopName *lookup_unqualified(Checker *c, const AstName *name, bool report, bool *reported) {
    TopName *head = fe_names_find(&c->user, name->text);
    if (!head || !c->module) return head;
    TopName *own = fe_names_find_in(&c->user, name->text, c->module);
    if (own) return own;
    TopName *found = NULL;
    for (TopName *top = head; top; top = top->next_same_name) {
        if (!module_sees(c->module, top->module)) continue;
        if (found) {
            if (report) report_ambiguous(c, name, found);
            *reported = true;
            return NULL;
        }
        found = top;
    }
    return found;
}

/* ---- qualified names: 「模块」之「名」, 「包」之「模块」之「名」 ---- */

/* Whether an import statement's path ends with the qualifier (compared name by name). */
static bool import_matches(const AstStmt *import, const AstName *name) {
    uint32_t n = name->qualifier_count, len = import->as.import.path_len;
    if (n > len) return false;
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(import->as.import.path[len - n + i].text, name->qualifier[i].text) != 0) return false;
    return true;
}

/* The qualifier as written: 「工程」之「甲」. */
static const char *qualifier_text(Checker *c, const AstName *name) {
    StrBuf buf;
    strbuf_init(&buf);
    for (uint32_t i = 0; i < name->qualifier_count; i++)
        strbuf_printf(&buf, i ? "之「%s」" : "「%s」", name->qualifier[i].text);
    const char *text = arena_strdup(c->arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}

/* The module the qualifier names among c->module's imports; reports and returns NULL when it
 * names none, several, or one that is not a shader source. */
static const Module *qualified_module(Checker *c, const AstName *name, bool report) {
    const Module *found = NULL;
    const Module *module = c->module;
    for (uint32_t i = 0; module && i < module->import_count; i++) {
        if (!import_matches(module->import_stmts[i], name) || module->imports[i] == found) continue;
        if (found) {
            if (report)
                fe_check_error(c, Y_AMBIGUOUS_NAME, name->zhi, "「%s」之「%s」有歧义：%s 与 %s 都是本文件导入的「%s」；请写出更长的路径",
                            name->qualifier[name->qualifier_count - 1].text, name->text, found->import_path,
                            module->imports[i]->import_path, name->qualifier[name->qualifier_count - 1].text);
            return NULL;
        }
        found = module->imports[i];
    }
    const char *written = qualifier_text(c, name);
    if (!found) {
        if (report)
            fe_check_error(c, Y_BAD_MODULE_PROJECTION, name->zhi, "着色源不能用模块投影「之」（着五）：%s不是本文件导入的着色源"
                        "（「模块」之「名」只能指导入的着色源里的定义）", written);
        return NULL;
    }
    if (found->kind != MODULE_SHADER_SOURCE) {
        if (report)
            fe_check_error(c, Y_BAD_MODULE_PROJECTION, name->zhi, "着色源不能用模块投影「之」（着五）：%s是着色内建声明，它的名字不带模块前缀",
                        written);
        return NULL;
    }
    return found;
}

static TopName *lookup_qualified(Checker *c, const AstName *name, bool report) {
    const Module *module = qualified_module(c, name, report);
    if (!module) return NULL;
    TopName *top = fe_names_find_in(&c->user, name->text, module);
    if (top || !report) return top;
    fe_check_error(c, Y_NOT_IN_MODULE, name->span, "着色模块 %s 里没有「%s」", module->import_path, name->text);
    Suggestion s;
    suggest_begin(&s, name->text);
    offer_user_names(c, &s, module, false);
    offer_user_names(c, &s, module, true);
    note_suggestion(c, name->span, &s);
    /* Where the name is defined instead, among the modules this file sees. */
    for (TopName *other = fe_names_find(&c->user, name->text); other; other = other->next_same_name)
        if (module_sees(c->module, other->module))
            fe_check_note(c, fe_top_name_span(other), "「%s」定义在 %s 里", name->text, other->module->import_path);
    return NULL;
}

TopName *fe_lookup_user(Checker *c, const AstName *name, bool *reported) {
    *reported = false;
    if (!name_is_qualified(name)) return lookup_unqualified(c, name, true, reported);
    TopName *top = lookup_qualified(c, name, true);
    *reported = !top;
    return top;
}

TopName *fe_peek_user(Checker *c, const AstName *name) {
    bool ambiguous = false;
    return name_is_qualified(name) ? lookup_qualified(c, name, false)
                                   : lookup_unqualified(c, name, false, &ambiguous);
}

#define BUILTIN_IMPORT "「点染」之「点染本」"

/* A name the compiler itself implements as one of 「点染」's (when no file imports 「点染」, its
 * interface is not loaded and only these are known). */
static bool is_dianran_name(const char *name) {
    return fe_intrinsic_lookup(name) != INTRINSIC_NONE || fe_type_con_lookup(name) != TCON_COUNT ||
           fe_io_builtin_lookup(name) != IO_NONE || strcmp(name, "定长小数") == 0 ||
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

void fe_report_undefined(Checker *c, Span span, const char *what, const char *name) {
    fe_check_error(c, Y_UNDEFINED_NAME, span, "未定义的%s「%s」", what, name);
    TopName *user = fe_names_find(&c->user, name), *builtin = fe_builtin_find(c, name);
    const Module *owner = importable_owner(c, user);
    if (!owner) owner = importable_owner(c, builtin);
    const char *import = owner ? owner->import_path : NULL;
    if (!user && !builtin && is_dianran_name(name) && !imports_builtin_package(c->module))
        import = BUILTIN_IMPORT;
    if (!import) {  /* a name that exists elsewhere wants its import, not a near name */
        Suggestion s;
        suggest_begin(&s, name);
        offer_names_in_scope(c, &s, strcmp(what, "类型") == 0);
        note_suggestion(c, span, &s);
        return;
    }
    if (!first_hint(c, span.file, import)) return;
    /* The import belongs at the top of the file: the fix-it inserts it there. */
    StrBuf line;
    strbuf_init(&line);
    strbuf_printf(&line, "寻观%s之书。\n", import);
    diag_note_fix(c->diag, span_make(span.file, 0, 0), strbuf_cstr(&line),
                  "「%s」在 %s 里，本文件没有导入它：请加上 寻观%s之书。", name, import, import);
    strbuf_free(&line);
}
