/* The builtin interface's names, collected once (builtin_names.h). */
#include "builtin_names.h"

#include <string.h>

static uint32_t hash_name(const char *name) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) h = (h ^ *p) * 16777619u;
    return h;
}

const FeBuiltinName *fe_builtin_names_find(const FeBuiltinNames *names, const char *name) {
    for (uint32_t i = hash_name(name) & (names->cap - 1); names->slots[i]; i = (i + 1) & (names->cap - 1)) {
        const FeBuiltinName *entry = &names->names[names->slots[i] - 1];
        if (strcmp(entry->name, name) == 0) return entry;
    }
    return NULL;
}

static FeBuiltinName *add_name(FeBuiltinNames *names, const char *name) {
    uint32_t i = hash_name(name) & (names->cap - 1);
    while (names->slots[i]) i = (i + 1) & (names->cap - 1);
    FeBuiltinName *entry = &names->names[names->count];
    entry->name = name;
    names->slots[i] = ++names->count;
    return entry;
}

/* Records one statement as resolve.c's collect_stmt would for an interface; false where that
 * reports an error. */
static bool collect(FeBuiltinNames *names, const AstStmt *stmt, uint32_t position) {
    switch (stmt->kind) {
    case AST_STMT_IMPORT: return true;
    case AST_STMT_SIG: case AST_STMT_TYPEDEF: break;
    default: return false;  /* 者, 立 and bare expressions are errors in an interface */
    }
    const char *name = stmt->as.sig.name.text;
    FeBuiltinName *entry = (FeBuiltinName *)fe_builtin_names_find(names, name);
    if (!entry) {
        entry = add_name(names, name);
        entry->position = position;
    }
    if (entry->sig || entry->type_def) return false;  /* declared twice */
    if (stmt->kind == AST_STMT_SIG) entry->sig = stmt;
    else entry->type_def = stmt;
    return true;
}

const FeBuiltinNames *fe_builtin_names_build(Arena *arena, const AstFile *ast) {
    if (!ast) return NULL;
    FeBuiltinNames *names = arena_alloc(arena, sizeof *names);
    names->ast = ast;
    names->cap = 16;
    while (names->cap < 2 * (ast->count + 1)) names->cap *= 2;
    names->slots = arena_alloc_array(arena, names->cap, sizeof *names->slots);
    names->names = arena_alloc_array(arena, ast->count + 1, sizeof *names->names);
    for (uint32_t i = 0; i < ast->count; i++) {
        const AstStmt *stmt = ast->stmts[i];
        if (!stmt) continue;
        if (!collect(names, stmt, names->statement_count)) return NULL;
        names->statement_count++;
    }
    return names;
}
