/* Shared state of the lowering (frontend/lower*.c): a checked program into a YIR module.
 *
 * Conventions the lowering keeps (docs/yir.md has the IR side):
 *  - YIR has no unit values. Expressions of type 有 lower to LV_UNIT; 有 parameters and
 *    arguments are dropped (still evaluated), functions returning 有 return void.
 *  - Abstract literal types (整数, 小数) become i32 / f32 where nothing made them concrete.
 *  - Code after a terminator (舍弃) is not lowered: FnCtx.dead, lowering returns IR_NONE. */
#ifndef YUSEC_FRONTEND_LOWER_INTERNAL_H
#define YUSEC_FRONTEND_LOWER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../ir/ir.h"
#include "lower.h"
#include "sema.h"

/* The value of an expression of type 有 (no IR value). */
#define LV_UNIT 0xFFFFFFFEu

typedef struct TypeMapEntry {
    Type *type;       /* a record or non-vector tuple */
    IrTypeId ir;
} TypeMapEntry;

typedef struct Lowerer {
    const CheckedProgram *prog;
    DiagEngine *diag;
    IrModule *m;
    IrTypeTable *types;
    Arena scratch;             /* maps and lists of this lowering; freed at the end */
    bool failed;
    IrGlobalId *global_of;     /* by SemaDef.index */
    IrConstId *const_of;
    IrFuncId *func_of;
    uint8_t *const_state;      /* 0 not yet, 1 in progress, 2 done */
    TypeMapEntry *structs;     /* sema records/tuples already lowered to IR structs */
    uint32_t struct_count, struct_cap;
    uint32_t anon_count;       /* generated struct names */
    StrMap def_output_names;   /* every definition's output name, for fe_lower_unique_name */
} Lowerer;

/* A 递归令 function lifted to its own IR function. */
typedef struct LocalFn {
    IrFuncId func;
    SemaLocal **captures;      /* free locals of its body, passed after its own parameters */
    uint32_t capture_count;
    bool defined;
} LocalFn;

typedef struct CacheEntry {
    IrOp op;
    uint32_t a, b;
    IrValueId value;
} CacheEntry;

/* One IR function being built (a top-level function or a lifted local one). */
typedef struct FnCtx {
    Lowerer *l;
    const SemaDef *def;        /* the top-level definition (its SemaLocal index space) */
    IrFunction *f;
    IrBuilder b;
    IrValueId *locals;         /* by SemaLocal.index: IR_NONE unbound, LV_UNIT, or a value */
    LocalFn *local_fns;        /* by SemaLocal.index, shared by every FnCtx of the def */
    bool *captured;            /* by SemaLocal.index, shared: in the capture list being collected */
    CacheEntry *cache;         /* global/access pointers visible at the current point */
    uint32_t cache_count, cache_cap;
    bool dead;
} FnCtx;

/* ---- lower.c ---- */
void fe_lower_error(Lowerer *l, DiagId id, Span span, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A module-scope name not yet taken (by a definition or an IR function). */
const char *fe_lower_unique_name(Lowerer *l, const char *base);

/* ---- lower_types.c ---- */
/* IR type of a sema type; IR_NO_TYPE after reporting at `span`. Unit is void. */
IrTypeId fe_lower_type(Lowerer *l, Type *type, Span span);
bool fe_lower_type_is_unit(Type *type);
/* The pointer type of a resource global and its address space. */
IrAddressSpace fe_lower_resource_space(const SemaDef *def);
IrTypeId fe_lower_resource_type(Lowerer *l, const SemaDef *def);

/* ---- lower_const.c ---- */
/* The IR constant of a DEF_CONSTANT (created on first use); IR_NONE after an error. */
IrConstId fe_lower_constant(Lowerer *l, const SemaDef *def);
/* Evaluates a constant expression as a literal of IR type `type`. */
bool fe_lower_const_eval(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out);
/* The divisor of an integer 除 or 余 (of IR type `type`): false, with the error reported at
 * it, when it is a constant expression that is zero (in any lane) or fails to evaluate. */
bool fe_lower_check_divisor(Lowerer *l, AstBinaryOp op, const SemaExpr *divisor, IrTypeId type);
/* Bits of a scalar literal of IR type `type`. */
uint64_t fe_lower_literal_bits(Lowerer *l, const SemaExpr *e, IrTypeId type);

/* ---- fe_lower_entry.c ---- */
void fe_lower_entry(Lowerer *l, const SemaDef *def);

/* ---- fe_lower_expr.c ---- */
void fe_lower_function_body(Lowerer *l, const SemaDef *def);
IrValueId fe_lower_expr(FnCtx *fc, const SemaExpr *e);
IrOp fe_lower_binary_op(AstBinaryOp op);
IrTypeId fe_lower_expr_type(FnCtx *fc, const SemaExpr *e);
void fe_lower_at(FnCtx *fc, const SemaExpr *e);   /* stamps e's span on what is built next */
/* `global @g` / `access %p, %i`, shared while visible (the seed's 数据[序] is one pointer). */
IrValueId fe_lower_global_ptr(FnCtx *fc, IrGlobalId global);
IrValueId fe_lower_access(FnCtx *fc, IrValueId base, IrValueId index);
/* A function variable holding a copy of `value` (for dynamic indexing), shared while visible. */
IrValueId fe_lower_value_var(FnCtx *fc, IrValueId value);
/* The pointer of a resource argument (a raw SEXPR_GLOBAL resource). */
IrValueId fe_lower_resource_ptr(FnCtx *fc, const SemaExpr *e);
/* Ends a function body with `return v` (nothing after a discard). */
void fe_lower_fn_return(FnCtx *fc, const SemaExpr *body, IrValueId v);
uint32_t fe_lower_cache_mark(const FnCtx *fc);
void fe_lower_cache_reset(FnCtx *fc, uint32_t mark);
/* Builds a literal value (scalar const or construct of consts). */
IrValueId fe_lower_build_literal(FnCtx *fc, const IrLiteral *lit, bool abstract);
/* A value of type `to` from `v` (vector splat of a scalar). */
IrValueId fe_lower_splat(FnCtx *fc, IrValueId v, IrTypeId to);

/* ---- lower_control.c ---- */
IrValueId fe_lower_if(FnCtx *fc, const SemaExpr *e);
IrValueId fe_lower_logic(FnCtx *fc, const SemaExpr *e);
/* Lifts a 递归令's function (its body is lowered by the caller); false after an error. */
bool fe_lower_letrec_function(FnCtx *fc, const SemaExpr *e);
IrValueId fe_lower_local_call(FnCtx *fc, const SemaExpr *e);

/* ---- lower_builtin.c ---- */
IrValueId fe_lower_builtin_call(FnCtx *fc, const SemaExpr *e);

#endif
