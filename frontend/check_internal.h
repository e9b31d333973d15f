/* State and helpers shared by the checker's files (resolve.c, check_*.c, builtins.c);
 * not part of the frontend's public API (that is sema.h). */
#ifndef YUSEC_FRONTEND_CHECK_INTERNAL_H
#define YUSEC_FRONTEND_CHECK_INTERNAL_H

#include "sema.h"

#include "../base/hash.h"

/* Parameters of one function: WGSL's limit (MSL and PTX allow more). */
enum { FE_MAX_PARAMS = 255 };

/* What a top-level name is. */
typedef enum NameRole {
    ROLE_NONE,
    ROLE_USER,         /* a shader source's definition (see TopName.sema) */
    ROLE_CON,          /* interface 乃 …元类型: a builtin type constructor */
    ROLE_SCALAR_CTOR,  /* 定长小数 / 定长整数 / 定长无符号 */
    ROLE_ALIAS,        /* interface 即 */
    ROLE_VALUE,        /* interface 乃 of a value or function (intrinsic may be NONE) */
} NameRole;

typedef enum ResolveState { STATE_TODO, STATE_BUSY, STATE_DONE } ResolveState;

typedef struct TopName {
    const char *name;
    NameRole role;
    const Module *module;
    /* The user table holds one TopName per (module, name): the table's entry for a name is
     * the first module's, the others follow here in program order (each shader module has
     * its own top-level names; check_visibility.c decides which one a written name means). */
    struct TopName *next_same_name;
    /* The definition's name in YIR and on every target (output_names.c): the written name,
     * or 模块之名 when more than one shader module defines it. */
    const char *output_name;
    bool in_interface;
    const AstStmt *sig;      /* 乃 */
    const AstStmt *def;      /* 者 */
    const AstStmt *type_def; /* 即 */
    uint32_t order;          /* first statement's position, for output order */
    /* resolved lazily */
    ResolveState type_state;
    Type *type;              /* alias expansion / record / user signature type */
    TypeScheme *scheme;      /* interface values */
    TypeCon con;             /* ROLE_CON */
    ScalarKind scalar;       /* ROLE_SCALAR_CTOR */
    Intrinsic intrinsic;     /* ROLE_VALUE */
    IoBuiltin io;            /* ROLE_ALIAS of a builtin IO type */
    ResolveState def_state;
    SemaDef *sema;           /* ROLE_USER with a 者 or 即 */
    PtrVec calls;            /* CallEdge*: top-level functions this one calls */
} TopName;

typedef struct CallEdge {
    TopName *callee;
    Span span;
} CallEdge;

typedef struct NameTable {
    TopName **slots;
    uint32_t cap, count;
} NameTable;

typedef struct Scope {
    struct Scope *parent;
    SemaLocal *local;
    struct Scope *shadowed;  /* the binding of the same name this one hides, if any */
} Scope;

/* A builtin call whose type arguments are settled at the end of its definition. */
typedef struct PendingCall {
    SemaExpr *call;
    Span span;
    const char *name;
    const char **param_names;
} PendingCall;

typedef struct Checker {
    Arena *arena;
    DiagEngine *diag;
    TypeContext types;
    const Program *program;
    NameTable user, builtin;
    /* The builtin interface's names collected once (builtin_names.h), its module in this
     * program and the order its first statement takes; NULL: every interface collected here.
     * builtin holds only the names looked up so far until fe_builtins_complete. */
    const struct FeBuiltinNames *shared_builtins;
    const Module *shared_module;
    uint32_t shared_order;
    uint32_t interface_statements;  /* every interface's collected statements (the eager size) */
    bool builtins_complete;
    TopName **user_order;       /* user names in order of appearance */
    uint32_t user_count, user_cap;
    SemaDef **defs;
    uint32_t def_count, def_cap;
    /* the module whose written names are being resolved (着四: it sees its own top-level
     * names and those of the modules it imports itself); NULL: no restriction */
    const Module *module;
    PtrVec import_hints;        /* ImportHint*: import notes given, one per file and module */
    /* the definition being checked */
    TopName *current;
    const char *def_name;       /* named in every message (着五) */
    Scope *scope;
    StrMap scope_names;        /* name → innermost Scope of c->scope binding it (lookups) */
    uint32_t local_count;
    PtrVec pending_calls;       /* PendingCall* */
    PtrVec literals;            /* SemaExpr* (SEXPR_LITERAL) of this definition */
    PtrVec nodes;               /* every SemaExpr of this definition (for zonking) */
    PtrVec locals;              /* every SemaLocal of this definition */
    const AstExpr *special_call; /* the 绑定/入口项 call a resource or entry may make */
    bool in_interface;
    const char **tparams;       /* 凡 names of the scheme being resolved */
    uint32_t tparam_count;
    bool uses_f16, uses_subgroups, uses_subgroup_matrix, uses_int8_matrix, uses_tensor;
    struct FeIndex *index;      /* the editor index being filled (index.h), or NULL */
} Checker;

/* ---- diagnostics (resolve.c) ---- */
/* An error naming the current top-level definition: "…（在顶层定义「名」中）". */
void fe_check_error(Checker *c, DiagId id, Span span, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void fe_check_note(Checker *c, Span span, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A warning, naming the current top-level definition like an error. */
void fe_check_warning(Checker *c, DiagId id, Span span, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* After an error about a use of `local`: a note at its binding when it hides a builtin. */
void fe_note_shadowed_builtin(Checker *c, const SemaLocal *local);
const char *fe_ty_str(Checker *c, Type *type);

/* ---- names and types (resolve.c; visibility: check_visibility.c) ---- */
TopName *fe_names_find(const NameTable *table, const char *name);
/* The user definition of `name` in `module` (the chain of fe_names_find), or NULL. */
TopName *fe_names_find_in(const NameTable *table, const char *name, const Module *module);
/* The span naming a top-level definition (its 者, 即 or 乃 statement's name). */
Span fe_top_name_span(const TopName *top);
/* A top-level name written in c->module: found only when defined in that module or in one it
 * imports itself (the user table: shader sources). The module's own definition comes first;
 * an unqualified name that two imported modules define is ambiguous (着八: reported with a
 * note at each definition). A qualified name 「模块」之「名」 is looked up in the imported
 * shader source it names. On every error reported here NULL is returned and *reported set:
 * the caller must not fall back to the builtins nor report the name again. */
TopName *fe_lookup_user(Checker *c, const AstName *name, bool *reported);
/* fe_lookup_user without reporting anything (for a peek before the real lookup). */
TopName *fe_peek_user(Checker *c, const AstName *name);
static inline bool name_is_qualified(const AstName *name) { return name->qualifier_count != 0; }
/* An interface (builtin) name written in c->module: visible when the module imports it. */
TopName *fe_lookup_builtin(Checker *c, const char *name);
/* "未定义的…「名」" (what: 名字 / 类型), with a note giving the import line to write when the
 * name is declared in a module this file does not import, or is one of 「点染」's builtins. */
void fe_report_undefined(Checker *c, Span span, const char *what, const char *name);
TopName *fe_names_insert(Checker *c, NameTable *table, const char *name);
bool fe_collect_program(Checker *c);          /* fills the tables from every module */
/* The builtin table's entry for `name` (made from the shared names when first asked), or
 * NULL. Every lookup of a builtin goes through here. */
TopName *fe_builtin_find(Checker *c, const char *name);
/* Makes the builtin table exactly what collecting every interface eagerly gives (each
 * name, its slot), for walks over its slots; entries already made keep their address. */
void fe_builtins_complete(Checker *c);
/* Gives every user name its output_name (output_names.c), once, after fe_collect_program. */
void fe_assign_output_names(Checker *c);
/* Settles what an interface name is (type constructor, alias, value). */
void fe_ensure_role(Checker *c, TopName *top);
Type *fe_resolve_type(Checker *c, const AstType *type);
/* Like fe_resolve_type but allows 凡 (interfaces): the scheme of a builtin signature. */
TypeScheme *fe_resolve_scheme(Checker *c, const AstType *type);
Type *fe_resolve_top_type(Checker *c, TopName *top);  /* alias/record/user signature */
/* The IO builtin named by a written type (following user aliases), and its name. */
IoBuiltin fe_io_of_ast_type(Checker *c, const AstType *type, const char **alias);
/* Flattens 化 A 而化 B 而 R into params; returns the result type (or NULL). */
const AstType *fe_ast_func_parts(const AstType *type, const AstType **params, uint32_t max,
                              uint32_t *count);
const AstExpr *fe_ast_strip_parens(const AstExpr *expr);

/* ---- builtins (builtins.c) ---- */
/* Applies literal adjustments (an integer literal asked to be a float becomes 小数) and
 * reports violated constraints of the solved type arguments. */
void fe_builtin_adjust_type_args(Checker *c, Intrinsic intrinsic, Type **args, uint32_t count);
bool fe_builtin_check_type_args(Checker *c, Intrinsic intrinsic, Type **args, uint32_t count,
                             Span span);
/* Ties type arguments a scheme cannot relate (点积: the result is the vector's element);
 * reports and returns false on a conflict. */
bool fe_builtin_relate_type_args(Checker *c, Intrinsic intrinsic, Type **args, uint32_t count,
                              Span span);
/* Parameter index whose argument is an array-holding resource (any kind of buffer or
 * workgroup variable, runtime or fixed array), or -1. */
int fe_builtin_array_resource_param(Intrinsic intrinsic);
/* True for builtins that write through their resource argument. */
bool fe_builtin_writes_resource(Intrinsic intrinsic);
/* True for builtins a constant expression may call. */
bool fe_builtin_is_const(Intrinsic intrinsic);
void fe_builtin_note_use(Checker *c, Intrinsic intrinsic);

/* ---- expressions (fe_check_expr.c, check_ops.c, fe_check_call.c) ---- */
SemaExpr *fe_sexpr_new(Checker *c, SemaExprKind kind, Span span, Type *type);
SemaExpr *fe_check_expr(Checker *c, const AstExpr *expr, Type *expected);
/* Checks and unifies with expected, naming `what` in the mismatch message. */
SemaExpr *fe_check_expr_as(Checker *c, const AstExpr *expr, Type *expected, const char *what);
/* Checks without unifying and without reading a resource's content (resource arguments). */
SemaExpr *fe_check_expr_raw(Checker *c, const AstExpr *expr);
/* An argument of a call already reported (unknown callee, wrong arity …): checked for its
 * own errors, but a function named as the argument is not reported as a value (the
 * callee's type, unknown, would say whether it may be one): no follow-on error. */
SemaExpr *fe_check_arg_of_failed_call(Checker *c, const AstExpr *arg);
/* Binds the parameters of a 得…而… lambda against func_type and checks its body. */
SemaExpr *fe_check_function_body(Checker *c, const AstExpr *lambda, Type *func_type,
                              SemaLocalKind kind, SemaLocal ***out_params, uint32_t *out_count,
                              const char *fn_name);
SemaExpr *fe_check_binary(Checker *c, const AstExpr *expr);
SemaExpr *fe_check_not(Checker *c, const AstExpr *expr);
SemaExpr *fe_check_call(Checker *c, const AstExpr *expr, Type *expected);
SemaLocal *fe_scope_lookup(Checker *c, const char *name);
SemaLocal *fe_local_new(Checker *c, SemaLocalKind kind, const char *name, Span span, Type *type);
void fe_scope_push(Checker *c, SemaLocal *local);
/* Pops the scopes above `saved` (an enclosing scope of c->scope, or NULL). */
void fe_scope_restore(Checker *c, Scope *saved);

/* ---- definitions and rules (check_defs.c, check_rules.c) ---- */
void fe_check_top(Checker *c, TopName *top);  /* checks a user definition once, on demand */
/* End of a definition: settle type arguments, default literals, range-check literals,
 * replace every type by its solution. */
void fe_finish_definition(Checker *c);
void fe_check_tail_calls(Checker *c, SemaExpr *body);
void fe_check_resource(Checker *c, TopName *top, SemaDef *def);  /* fe_check_entry.c */
void fe_check_entry(Checker *c, TopName *top, SemaDef *def);
void fe_check_recursion(Checker *c);

/* ---- the editor index (index.c): each a no-op when c->index is NULL ---- */
/* A written name resolved to a top-level or builtin name / to a local. */
void fe_index_top_use(Checker *c, Span span, TopName *top);
void fe_index_local_use(Checker *c, Span span, SemaLocal *local);
/* A local bound (令, a parameter, 递归令), visible in `visible`. */
void fe_index_binder(Checker *c, SemaLocal *local, Span visible);
/* A 递归令 function's written type, value and parameters (after its body was checked). */
void fe_index_letrec(Checker *c, SemaLocal *function, const AstExpr *letrec, SemaLocal **params,
                     uint32_t count);
/* A field declared in the struct `record` / named at `span` in a projection or record value. */
void fe_index_field_def(Checker *c, TopName *record, const RecordField *field, const AstType *written);
void fe_index_field_use(Checker *c, Span span, Type *record, uint32_t field);
/* A call of a named callee (for signature help). */
void fe_index_call(Checker *c, const AstExpr *call);
/* The type arguments the checker infers for `call` of a polymorphic builtin without 以. */
void fe_index_type_args(Checker *c, const AstExpr *call, Type **type_args, uint32_t count);
/* Describes every definition, once checking is over. */
void fe_index_finish(Checker *c);

#endif
