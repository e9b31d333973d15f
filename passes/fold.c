/* fold: constant folding of pure scalar operations whose operands are all `const`. The
 * folded instruction becomes a `const` in place. Integers wrap as WGSL's u32/i32 (two's
 * complement); nothing is folded that WGSL's constant evaluation would reject or that
 * could differ at run time: division or remainder by zero, i32 MIN / -1, shifts by 32 or
 * more, float results that are NaN or infinite, and f16 arithmetic (rounded differently). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"
#include "util.h"

typedef enum Kind { K_BOOL, K_I32, K_U32, K_F32, K_OTHER } Kind;

static Kind kind_of(const IrModule *m, IrTypeId t) {
    const IrType *ty = ir_type(&m->types, t);
    if (!ty) return K_OTHER;
    if (ty->kind == IR_TYPE_BOOL) return K_BOOL;
    if (ty->kind != IR_TYPE_SCALAR) return K_OTHER;
    if (ty->scalar == IR_SINT) return K_I32;
    if (ty->scalar == IR_UINT) return K_U32;
    return ty->width == 32 ? K_F32 : K_OTHER;
}

static float as_f32(uint64_t bits) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint64_t f32_bits(float f) {
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static bool fold_int(IrOp op, Kind k, uint32_t a, uint32_t b, uint32_t *out) {
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    bool sign = k == K_I32;
    switch (op) {
    case IR_OP_ADD: *out = a + b; return true;
    case IR_OP_SUB: *out = a - b; return true;
    case IR_OP_MUL: *out = a * b; return true;
    case IR_OP_DIV: case IR_OP_REM:
        if (b == 0 || (sign && sa == INT32_MIN && sb == -1)) return false;
        if (op == IR_OP_DIV) *out = sign ? (uint32_t)(sa / sb) : a / b;
        else *out = sign ? (uint32_t)(sa % sb) : a % b;
        return true;
    case IR_OP_BIT_AND: *out = a & b; return true;
    case IR_OP_BIT_OR: *out = a | b; return true;
    case IR_OP_BIT_XOR: *out = a ^ b; return true;
    case IR_OP_SHL:
        if (b >= 32) return false;
        *out = a << b;
        return true;
    case IR_OP_SHR:
        if (b >= 32) return false;
        /* Arithmetic shift for i32, written without relying on >> of negatives. */
        *out = sign && sa < 0 ? ~(~a >> b) : a >> b;
        return true;
    case IR_OP_MIN: *out = sign ? (uint32_t)(sa < sb ? sa : sb) : (a < b ? a : b); return true;
    case IR_OP_MAX: *out = sign ? (uint32_t)(sa > sb ? sa : sb) : (a > b ? a : b); return true;
    case IR_OP_EQ: *out = a == b; return true;
    case IR_OP_NE: *out = a != b; return true;
    case IR_OP_LT: *out = sign ? sa < sb : a < b; return true;
    case IR_OP_LE: *out = sign ? sa <= sb : a <= b; return true;
    case IR_OP_GT: *out = sign ? sa > sb : a > b; return true;
    case IR_OP_GE: *out = sign ? sa >= sb : a >= b; return true;
    default: return false;
    }
}

static bool fold_float(IrOp op, float a, float b, uint64_t *out) {
    float r;
    switch (op) {
    case IR_OP_ADD: r = a + b; break;
    case IR_OP_SUB: r = a - b; break;
    case IR_OP_MUL: r = a * b; break;
    case IR_OP_DIV:
        if (b == 0.0f) return false;
        r = a / b;
        break;
    case IR_OP_EQ: *out = a == b; return true;
    case IR_OP_NE: *out = a != b; return true;
    case IR_OP_LT: *out = a < b; return true;
    case IR_OP_LE: *out = a <= b; return true;
    case IR_OP_GT: *out = a > b; return true;
    case IR_OP_GE: *out = a >= b; return true;
    default: return false;
    }
    if (!isfinite(r)) return false;
    *out = f32_bits(r);
    return true;
}

static bool fold_bool(IrOp op, bool a, bool b, uint64_t *out) {
    switch (op) {
    case IR_OP_AND: *out = a && b; return true;
    case IR_OP_OR: *out = a || b; return true;
    case IR_OP_EQ: *out = a == b; return true;
    case IR_OP_NE: *out = a != b; return true;
    default: return false;
    }
}

static bool fold_binary(IrOp op, Kind k, uint64_t a, uint64_t b, uint64_t *out) {
    if (k == K_BOOL) return fold_bool(op, a != 0, b != 0, out);
    if (k == K_F32) {
        float fa = as_f32(a), fb = as_f32(b);
        return isfinite(fa) && isfinite(fb) && fold_float(op, fa, fb, out);
    }
    uint32_t r;
    if (!fold_int(op, k, (uint32_t)a, (uint32_t)b, &r)) return false;
    *out = r;
    return true;
}

static bool fold_unary(IrOp op, Kind k, uint64_t a, uint64_t *out) {
    switch (op) {
    case IR_OP_NOT: if (k != K_BOOL) return false; *out = !a; return true;
    case IR_OP_BIT_NOT: if (k != K_I32 && k != K_U32) return false; *out = (uint32_t)~a; return true;
    case IR_OP_NEG:
        if (k == K_I32) *out = (uint32_t)(0u - (uint32_t)a);
        else if (k == K_F32 && isfinite(as_f32(a))) *out = f32_bits(-as_f32(a));
        else return false;
        return true;
    case IR_OP_ABS:
        if (k == K_I32) *out = (int32_t)a < 0 ? (uint32_t)(0u - (uint32_t)a) : (uint32_t)a;
        else if (k == K_U32) *out = a;
        else if (k == K_F32 && isfinite(as_f32(a))) *out = f32_bits(fabsf(as_f32(a)));
        else return false;
        return true;
    default: return false;
    }
}

/* i32 <-> u32 <-> bool conversions keep WGSL's meaning exactly; float ones are left to
 * the target. */
static bool fold_convert(Kind from, Kind to, uint64_t a, uint64_t *out) {
    bool from_int = from == K_I32 || from == K_U32, to_int = to == K_I32 || to == K_U32;
    if (from_int && to_int) *out = (uint32_t)a;
    else if (from_int && to == K_BOOL) *out = (uint32_t)a != 0;
    else if (from == K_BOOL && to_int) *out = a ? 1 : 0;
    else return false;
    return true;
}

static bool try_fold(const IrModule *m, IrFunction *f, IrInst *in) {
    if (in->result_count != 1 || ir_op_info(in->op)->effect != IR_PURE || in->op == IR_OP_CONST ||
        in->arg_count == 0 || in->arg_count > 3 || ir_op_needs_uniform(in->op))
        return false;
    uint64_t v[3];
    for (uint32_t i = 0; i < in->arg_count; i++)
        if (!pass_const_value(f, in->args[i], &v[i])) return false;
    Kind rk = kind_of(m, ir_value_type(f, in->results[0]));
    Kind ak = kind_of(m, ir_value_type(f, in->args[0]));
    if (rk == K_OTHER || ak == K_OTHER) return false;
    uint64_t out = 0;
    bool done;
    bool shift = in->op == IR_OP_SHL || in->op == IR_OP_SHR;
    if (in->op == IR_OP_CONVERT) {
        done = fold_convert(ak, rk, v[0], &out);
    } else if (in->arg_count == 1) {
        done = fold_unary(in->op, ak, v[0], &out);
    } else if (in->arg_count == 2 &&
               (shift || ir_value_type(f, in->args[0]) == ir_value_type(f, in->args[1]))) {
        done = fold_binary(in->op, ak, v[0], v[1], &out);
    } else {
        done = false;
    }
    if (!done) return false;
    in->op = IR_OP_CONST;
    in->arg_count = 0;
    in->literal = out;
    return true;
}

bool pass_fold(PassContext *ctx) {
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++) {
        IrFunction *f = ir_function(ctx->module, i);
        uint32_t n = 0;
        IrInstId *insts = pass_placed_insts(f, &n);
        /* Pre-order visits definitions before uses, so one sweep folds chains. */
        for (uint32_t k = 0; insts && k < n; k++) try_fold(ctx->module, f, ir_inst(f, insts[k]));
        free(insts);
    }
    return true;
}
