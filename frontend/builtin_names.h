/* The top-level names of the builtin interface (点染本), collected once by a library context
 * and shared read-only by all its compiles. With them the checker makes the TopName of a
 * builtin only when a source names it (check_visibility.c fe_builtin_find) instead of
 * collecting the interface's ~210 names in every compile; every answer is the one the eager
 * collection gives (resolve.c fe_builtins_complete rebuilds its exact table where the table's
 * order shows: suggestions and the editor index). */
#ifndef YUSEC_FRONTEND_BUILTIN_NAMES_H
#define YUSEC_FRONTEND_BUILTIN_NAMES_H

#include <stdint.h>

#include "ast.h"

typedef struct FeBuiltinName {
    const char *name;
    const AstStmt *sig;       /* 乃 */
    const AstStmt *type_def;  /* 即 */
    uint32_t position;        /* its statement's place among those the checker collects */
} FeBuiltinName;

typedef struct FeBuiltinNames {
    const AstFile *ast;
    FeBuiltinName *names;     /* in order of first appearance */
    uint32_t count;
    uint32_t *slots;          /* open addressing over `names`: index + 1, 0 empty */
    uint32_t cap;             /* a power of two, at least twice count */
    uint32_t statement_count; /* the statements the checker collects (not NULL, not bare) */
} FeBuiltinNames;

/* NULL when the interface holds anything the checker would report while collecting it (a
 * bare expression, a 者 or 立, a name declared twice): such a file is collected by every
 * compile, with its errors. */
const FeBuiltinNames *fe_builtin_names_build(Arena *arena, const AstFile *ast);
const FeBuiltinName *fe_builtin_names_find(const FeBuiltinNames *names, const char *name);

#endif
