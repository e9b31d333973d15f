/* The name index of a checked program, for editors (libyusec's yusec_index, docs/library.md):
 * every name occurrence the checker resolved, with the definition it resolves to, and every
 * definition a source can see (locals with the part of the source where they are visible,
 * top-level names of every shader module, the builtins of the 点染本 interface, the fields
 * of named structs), each with its type as the user writes it and, for callables, its
 * parameters.
 *
 * The checker records into an FeIndex only when given one (fe_check_program_indexed); the
 * hooks read what it resolves and change nothing it decides. A program with errors is indexed
 * as far as the checker got: a name it could not resolve has no occurrence, a type it could
 * not settle prints as 「？」 or （错误）. */
#ifndef YUSEC_FRONTEND_INDEX_H
#define YUSEC_FRONTEND_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/hash.h"
#include "sema.h"

/* libyusec's yusec_symbol_kind has the same members in the same order. */
typedef enum FeSymbolKind {
    FE_SYMBOL_RESOURCE,
    FE_SYMBOL_ENTRY,
    FE_SYMBOL_FUNCTION,
    FE_SYMBOL_CONSTANT,
    FE_SYMBOL_STRUCT,
    FE_SYMBOL_ALIAS,           /* a user 即 that is not a struct */
    FE_SYMBOL_FIELD,           /* a field of a named struct (user or builtin) */
    FE_SYMBOL_PARAMETER,       /* a top-level function's or a 递归令 function's parameter */
    FE_SYMBOL_LOCAL,           /* 令 */
    FE_SYMBOL_LOCAL_FUNCTION,  /* 递归令 */
    FE_SYMBOL_BUILTIN_FUNCTION,
    FE_SYMBOL_BUILTIN_VALUE,   /* 元, 只读, 读写 */
    FE_SYMBOL_BUILTIN_TYPE,    /* an interface 即 or type constructor */
} FeSymbolKind;

typedef struct FeSymbol {
    uint32_t id;               /* position in FeIndex.symbols */
    FeSymbolKind kind;
    const char *name;
    Span span;                 /* the defining name (a builtin's: in the interface file) */
    const Module *module;      /* the module that defines it */
    /* As the user writes it: the written signature of a top-level name or builtin, else the
     * checker's type printed (fe_type_to_string); NULL when nothing is known. */
    const char *type;
    bool type_is_definition;   /* `type` is a 即's right side (else a 乃 signature or a type) */
    Span scope;                /* locals and parameters: where the name is visible */
    struct FeSymbol *parent;   /* a field's struct, a parameter's function */
    /* Callables (functions, local and builtin functions): the parameters and the result. A
     * builtin's parameters have no names (NULL). */
    const char **param_names;
    const char **param_types;
    uint32_t param_count;
    const char *result;
    /* where it came from (the index's finish reads them) */
    const void *origin;        /* TopName or SemaLocal */
    const AstExpr *lambda;     /* a 递归令 function's value */
    const AstType *signature;  /* a 递归令 function's or a field's written type */
} FeSymbol;

typedef struct FeOccurrence {
    Span span;
    FeSymbol *symbol;
    bool is_definition;        /* the defining name (or a top-level 乃 / 者 / 即 statement's name) */
} FeOccurrence;

/* A call of a named function: for signature help. */
typedef struct FeCallSite {
    Span call;
    Span callee;
    FeSymbol *symbol;          /* NULL when the callee did not resolve */
    Span *args;
    uint32_t arg_count;
    /* a polymorphic builtin's type arguments when the call gives none with 以 (inlay hints):
     * the checker's variables, then (at the finish) their text; NULL when one stays unknown */
    struct Type **type_args;
    uint32_t type_arg_count;
    const char **type_arg_text;
} FeCallSite;

typedef struct FeIndex {
    Arena *arena;
    U64Map by_origin;          /* TopName / SemaLocal / field key → FeSymbol */
    PtrVec symbols;            /* FeSymbol*, in the order they were met */
    /* in the order they were met (duplicates kept), side by side in one array (the index's
     * build reads them all, twice) */
    FeOccurrence *occurrences;
    size_t occurrence_count, occurrence_cap;
    PtrVec calls;              /* FeCallSite* */
    const Program *program;
    /* the modules whose top-level names the main file sees: itself and what it imports */
    const Module **visible;
    uint32_t visible_count;
    bool sees_builtins;        /* the main file imports the 点染本 interface */
} FeIndex;

void fe_index_init(FeIndex *index, Arena *arena);

/* fe_check_program that also fills `index` (even when it returns NULL after errors). */
CheckedProgram *fe_check_program_indexed(Arena *arena, const Program *program, DiagEngine *diag,
                                         FeIndex *index);

/* Whether a top-level or builtin kind (what a document's symbol list holds). */
bool fe_symbol_is_top_level(FeSymbolKind kind);

#endif
