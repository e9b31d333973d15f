/* The syntax tree produced by the parser (names unresolved, spellings kept). */
#ifndef YUSEC_FRONTEND_AST_H
#define YUSEC_FRONTEND_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/source.h"
#include "../base/strbuf.h"
#include "token.h"

/* A quoted name as written (without the 「」). A name in an expression or a type may be
 * module-qualified, 「模块」之「名」 or 「包」之「模块」之「名」 (docs/language.md §8): the
 * names before the last 之 are its qualifier (qualifier_count 0: an ordinary name), zhi is
 * that last 之, and text/span are the last name's. */
typedef struct AstName {
    const char *text;
    Span span;
    const struct AstName *qualifier;
    uint32_t qualifier_count;
    Span zhi;
} AstName;

/* ---- Types ---- */

typedef enum AstTypeKind {
    AST_TYPE_NAME,     /* 「浮三二」 */
    AST_TYPE_NUMERAL,  /* 「三二」 as a type argument */
    AST_TYPE_APP,      /* head 于 arg 于 arg … (left-assoc, flattened) */
    AST_TYPE_FORALL,   /* 凡「甲」而 T */
    AST_TYPE_FUNC,     /* 化 A 而 R (open) or 化 A 又化 B 为 R 者 (closed): params + result */
    AST_TYPE_TUPLE,    /* A 合 B 合 C */
    AST_TYPE_RECORD,   /* 「组类」【「名」乃 T 也，…】 */
} AstTypeKind;

typedef struct AstType AstType;
typedef struct AstTypeField {
    AstName name;
    AstType *type;
} AstTypeField;

struct AstType {
    AstTypeKind kind;
    Span span;
    union {
        AstName name;                                                        /* NAME */
        struct { const char *text; NumeralInfo value; } numeral;             /* NUMERAL */
        struct { AstType *head; AstType **args; uint32_t arg_count; } app;   /* APP */
        struct { AstName var; AstType *body; } forall;                       /* FORALL */
        struct { AstType **params; uint32_t param_count; AstType *result;
                 bool closed; } func;                                        /* FUNC */
        struct { AstType **items; uint32_t count; } tuple;                   /* TUPLE */
        struct { AstName head; AstTypeField *fields; uint32_t count; } record; /* RECORD */
    } as;
};

/* ---- Expressions ---- */

typedef enum AstBinaryOp {
    AST_OP_ADD, AST_OP_SUB, AST_OP_MUL, AST_OP_DIV, AST_OP_MOD,
    AST_OP_EQ, AST_OP_NE, AST_OP_LT, AST_OP_GT, AST_OP_GE, AST_OP_LE,
    AST_OP_AND, AST_OP_OR,
} AstBinaryOp;

typedef enum AstExprKind {
    AST_EXPR_NAME,     /* 「序」 */
    AST_EXPR_NUMERAL,  /* 「二」 「0.5」 「负一」 「0x4B400000」 */
    AST_EXPR_STRING,   /* 『…』 (rejected by the checker) */
    AST_EXPR_TUPLE,    /* a 与 b 与 c (flattened per 着八) */
    AST_EXPR_BINARY,   /* a 加 b, a 等于 b, a 且 b … */
    AST_EXPR_NOT,      /* 非 a */
    AST_EXPR_CALL,     /* f [以 T] 于 a 于 b  (one saturated call) */
    AST_EXPR_PROJ,     /* e 中「零」 / e 中「字段」 */
    AST_EXPR_RECORD,   /* 「组值」【「名」者 e 也，…】 */
    AST_EXPR_LAMBDA,   /* 得「甲」又得「乙」而 body (also nested 得…而得…而) */
    AST_EXPR_LET,      /* 令「名」为 value 而 body */
    AST_EXPR_LETREC,   /* 递归令「名」其 T 为 value 而 body */
    AST_EXPR_IF,       /* 若 c 则 a [否则 b] */
    AST_EXPR_SEQ,      /* a ； b */
    AST_EXPR_ANNOT,    /* T 也 e */
    AST_EXPR_MATCH,    /* 鉴 … (parsed only to be rejected; operand kept) */
    AST_EXPR_PAREN,    /* （ e ）: kept so tuple flattening and dumps can see it */
} AstExprKind;

typedef struct AstExpr AstExpr;
typedef struct AstField {
    AstName name;
    AstExpr *value;
} AstField;

struct AstExpr {
    AstExprKind kind;
    Span span;
    union {
        AstName name;                                                         /* NAME */
        struct { const char *text; NumeralInfo value; } numeral;              /* NUMERAL */
        struct { const char *text; uint32_t len; } string;                    /* STRING */
        struct { AstExpr **items; uint32_t count; } tuple;                    /* TUPLE */
        struct { AstBinaryOp op; AstExpr *left, *right; Span op_span; } binary; /* BINARY */
        struct { AstExpr *operand; } not_;                                    /* NOT */
        struct { AstExpr *callee; AstType *type_arg; AstExpr **args;
                 uint32_t arg_count; } call;                                  /* CALL */
        struct { AstExpr *base; AstName member; bool is_numeral;
                 NumeralInfo index; } proj;                                   /* PROJ */
        struct { AstName head; AstField *fields; uint32_t count; } record;    /* RECORD */
        struct { AstName *params; uint32_t param_count; AstExpr *body; } lambda; /* LAMBDA */
        struct { AstName name; AstExpr *value, *body; } let;                  /* LET */
        struct { AstName name; AstType *type; AstExpr *value, *body; } letrec; /* LETREC */
        struct { AstExpr *cond, *then_branch, *else_branch; } if_;           /* IF (else NULL:
                                                                                 statement form) */
        struct { AstExpr *first, *second; } seq;                              /* SEQ */
        struct { AstType *type; AstExpr *expr; } annot;                       /* ANNOT */
        struct { AstExpr *operand; } match;                                   /* MATCH */
        struct { AstExpr *inner; } paren;                                     /* PAREN */
    } as;
};

/* ---- Top level ---- */

typedef enum AstImportKind { AST_IMPORT_XUN, AST_IMPORT_GUAN, AST_IMPORT_XUNGUAN } AstImportKind;

typedef enum AstStmtKind {
    AST_STMT_IMPORT,  /* 寻观「点染」之「点染本」之书 */
    AST_STMT_SIG,     /* 「名」乃 T 也 */
    AST_STMT_DEF,     /* 「名」者 e 也 */
    AST_STMT_TYPEDEF, /* 「名」即 T 也 */
    AST_STMT_LI,      /* 「名」立 T 也 (rejected by the checker) */
    AST_STMT_EXPR,    /* bare expression (rejected by the checker) */
} AstStmtKind;

typedef struct AstStmt {
    AstStmtKind kind;
    Span span;
    union {
        struct { AstImportKind kind; AstName *path; uint32_t path_len; } import;
        struct { AstName name; AstType *type; } sig;     /* SIG, TYPEDEF, LI */
        struct { AstName name; AstExpr *value; } def;    /* DEF */
        struct { AstExpr *expr; } expr;                  /* EXPR */
    } as;
} AstStmt;

typedef struct AstFile {
    const SourceFile *source;
    AstStmt **stmts;
    uint32_t count;
} AstFile;

/* Parses a whole file; reports errors to diag and recovers at the next top-level 。.
 * Always returns a file (with the statements that parsed). */
AstFile *fe_parse_file(Arena *arena, const SourceFile *source, DiagEngine *diag);
/* fe_parse_file, keeping the tokens and comments it lexed in `record` (token.h). */
AstFile *fe_parse_file_recording(Arena *arena, const SourceFile *source, DiagEngine *diag, LexRecord *record);

/* Stable indented dump: one node per line, `Kind detail @line:col`. */
void fe_ast_dump_file(StrBuf *out, const AstFile *file);
void fe_ast_dump_expr(StrBuf *out, const SourceFile *source, const AstExpr *expr, int indent);
void fe_ast_dump_type(StrBuf *out, const SourceFile *source, const AstType *type, int indent);

/* The rest of a right-nested chain link (令…而, 递归令, ；, 也): the body a let or 递归令 scopes, the
 * expression an annotation covers, the second statement of a ；. The parser, the checker and the
 * lowering walk chains along it without recursion. */
static inline const AstExpr *fe_ast_chain_rest(const AstExpr *e) {
    switch (e->kind) {
    case AST_EXPR_LET: return e->as.let.body;
    case AST_EXPR_LETREC: return e->as.letrec.body;
    case AST_EXPR_ANNOT: return e->as.annot.expr;
    default: return e->as.seq.second;
    }
}

#endif
