/* Lowering, constants (着四 rule 5): top-level definitions without a resource, entry or
 * function type become IR constants. Their values are evaluated here: literals,
 * 新浮三二/… constructors, 转换, 位转换, 取负, arithmetic, comparisons and logic (lane by lane,
 * with WGSL's const-expression rules: integer overflow, division by zero and non-finite
 * floats are errors), tuples and records, other constants. */
#include <math.h>
#include <string.h>

#include "lower_internal.h"

/* The f32 holding the f16 nearest to x (ties to even): how YIR keeps f16 literals. */
static float round_to_f16(float x) {
    if (!isfinite(x)) return x;
    float a = fabsf(x);
    if (a >= 65520.0f) return copysignf(INFINITY, x);
    float quantum;
    if (a < 6.103515625e-05f) {
        quantum = 5.9604644775390625e-08f;  /* subnormal f16 spacing, 2^-24 */
    } else {
        int e;
        frexpf(a, &e);
        quantum = ldexpf(1.0f, e - 11);     /* 11 significant bits */
    }
    return copysignf(nearbyintf(a / quantum) * quantum, x);
}

static uint32_t float_bits(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

static float bits_float(uint64_t bits) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* Scalar bits of a number for a scalar IR type (float, int, bool). */
static uint64_t bits_of_double(const IrType *t, double d) {
    if (!t) return 0;
    if (t->kind == IR_TYPE_BOOL) return d != 0.0;
    if (t->scalar == IR_FLOAT) {
        float f = (float)d;
        return float_bits(t->width == 16 ? round_to_f16(f) : f);
    }
    if (isnan(d)) return 0;
    if (t->scalar == IR_SINT) {
        if (d <= -2147483648.0) return 0x80000000u;
        if (d >= 2147483647.0) return 0x7FFFFFFFu;
        return (uint32_t)(int32_t)d;
    }
    if (d <= 0.0) return 0;
    if (d >= 4294967295.0) return 0xFFFFFFFFu;
    return (uint32_t)d;
}

static double double_of_bits(const IrType *t, uint64_t bits) {
    if (!t) return 0;
    if (t->kind == IR_TYPE_BOOL) return bits ? 1.0 : 0.0;
    if (t->scalar == IR_FLOAT) return bits_float(bits);
    if (t->scalar == IR_SINT) return (double)(int32_t)(uint32_t)bits;
    return (double)(uint32_t)bits;
}

uint64_t lower_literal_bits(Lowerer *l, const SemaExpr *e, IrTypeId type) {
    const NumeralInfo *v = &e->as.literal.value;
    const IrType *t = ir_type(l->types, type);
    if (!t) return 0;
    if (t->kind == IR_TYPE_SCALAR && t->scalar != IR_FLOAT && !v->is_decimal) {
        uint32_t mag = (uint32_t)v->int_value;
        return v->is_negative ? (uint32_t)(0u - mag) : mag;
    }
    double d = v->is_decimal ? v->float_value
                             : (v->is_negative ? -(double)v->int_value : (double)v->int_value);
    return bits_of_double(t, d);
}

static bool eval_error(Lowerer *l, const SemaExpr *e) {
    lower_error(l, e->span,
                "常量的值须是翻译器能求值的常量表达式（字面量、「新浮三二」等构造器、「转换」、"
                "「位转换」、「取负」、算术、比较与逻辑、元组与组值、其他常量）");
    return false;
}

/* Applies a scalar function lane by lane: convert (bitcast false) or reinterpret. */
static bool convert_literal(Lowerer *l, const IrLiteral *from, IrTypeId to, bool bitcast, IrLiteral *out) {
    out->type = to;
    out->bits = 0;
    out->elems = NULL;
    out->elem_count = 0;
    const IrType *ft = ir_type(l->types, from->type), *tt = ir_type(l->types, to);
    if (!ft || !tt) return false;
    if (from->elem_count) {
        if (tt->kind != IR_TYPE_VECTOR || tt->count != from->elem_count) return false;
        out->elems = arena_alloc_array(&l->m->arena, from->elem_count, sizeof *out->elems);
        out->elem_count = from->elem_count;
        for (uint32_t i = 0; i < from->elem_count; i++)
            if (!convert_literal(l, &from->elems[i], tt->elem, bitcast, &out->elems[i])) return false;
        return true;
    }
    if (bitcast) {
        /* 32-bit scalars share their bits (f16 is kept as the f32 of the same value). */
        if (ft->kind != IR_TYPE_SCALAR || tt->kind != IR_TYPE_SCALAR || ft->width != 32 || tt->width != 32)
            return false;
        out->bits = from->bits;
        return true;
    }
    out->bits = bits_of_double(tt, double_of_bits(ft, from->bits));
    return true;
}

static bool eval_builtin(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    Intrinsic in = e->as.call.intrinsic;
    if (e->as.call.arg_count != 1) return eval_error(l, e);
    const SemaExpr *arg = e->as.call.args[0];
    switch (in) {
    case INTRINSIC_NEW_F32: case INTRINSIC_NEW_F16: case INTRINSIC_NEW_I32: case INTRINSIC_NEW_U32:
    case INTRINSIC_CONVERT: case INTRINSIC_BITCAST: {
        /* A constructed literal is the literal itself; anything else a conversion. */
        if (arg->kind == SEXPR_LITERAL && arg->as.literal.constructed) return lower_const_eval(l, arg, type, out);
        IrTypeId from = lower_type(l, arg->type, arg->span);
        IrLiteral value;
        if (from == IR_NO_TYPE || !lower_const_eval(l, arg, from, &value)) return false;
        if (!convert_literal(l, &value, type, in == INTRINSIC_BITCAST, out)) return eval_error(l, e);
        return true;
    }
    case INTRINSIC_NEGATE: {
        IrLiteral value;
        if (!lower_const_eval(l, arg, type, &value)) return false;
        const IrType *t = ir_type(l->types, type);
        if (!t || t->kind != IR_TYPE_SCALAR || value.elem_count) return eval_error(l, e);
        *out = value;
        out->bits = t->scalar == IR_FLOAT ? float_bits(-bits_float(value.bits)) : (uint32_t)(0u - (uint32_t)value.bits);
        return true;
    }
    default:
        return eval_error(l, e);
    }
}

/* One lane of a constant: the scalar itself, or element i of a vector. */
static const IrLiteral *lane_of(const IrLiteral *v, uint32_t i) {
    return v->elem_count ? &v->elems[i < v->elem_count ? i : 0] : v;
}

static bool fold_error(Lowerer *l, const SemaExpr *e, const char *why) {
    lower_error(l, e->span, "常量表达式%s（WGSL 的常量求值里这是错误）", why);
    return false;
}

/* op on two scalar lanes of IR type `t` (the operands' type), result bits in *bits. */
static bool fold_lane(Lowerer *l, const SemaExpr *e, const IrType *t, uint64_t a, uint64_t b,
                      uint64_t *bits) {
    AstBinaryOp op = e->as.binary.op;
    if (t->kind == IR_TYPE_BOOL) {
        switch (op) {
        case AST_OP_AND: *bits = a && b; return true;
        case AST_OP_OR: *bits = a || b; return true;
        case AST_OP_EQ: *bits = a == b; return true;
        case AST_OP_NE: *bits = a != b; return true;
        default: return eval_error(l, e);
        }
    }
    if (t->kind != IR_TYPE_SCALAR) return eval_error(l, e);
    if (t->scalar == IR_FLOAT) {
        double x = bits_float(a), y = bits_float(b), r;
        switch (op) {
        case AST_OP_ADD: r = x + y; break;
        case AST_OP_SUB: r = x - y; break;
        case AST_OP_MUL: r = x * y; break;
        case AST_OP_DIV: r = x / y; break;
        case AST_OP_MOD: r = y != 0 ? x - trunc(x / y) * y : NAN; break;  /* WGSL % */
        case AST_OP_EQ: *bits = x == y; return true;
        case AST_OP_NE: *bits = x != y; return true;
        case AST_OP_LT: *bits = x < y; return true;
        case AST_OP_GT: *bits = x > y; return true;
        case AST_OP_LE: *bits = x <= y; return true;
        case AST_OP_GE: *bits = x >= y; return true;
        default: return eval_error(l, e);
        }
        float f = (float)r;
        if (!isfinite(f) || (t->width == 16 && !isfinite(round_to_f16(f))))
            return fold_error(l, e, "得到无穷或非数");
        *bits = bits_of_double(t, r);
        return true;
    }
    bool is_signed = t->scalar == IR_SINT;
    int64_t x = is_signed ? (int32_t)(uint32_t)a : (int64_t)(uint32_t)a;
    int64_t y = is_signed ? (int32_t)(uint32_t)b : (int64_t)(uint32_t)b;
    int64_t r;
    switch (op) {
    case AST_OP_ADD: r = x + y; break;
    case AST_OP_SUB: r = x - y; break;
    case AST_OP_MUL: r = x * y; break;
    case AST_OP_DIV: case AST_OP_MOD:
        if (y == 0) return fold_error(l, e, "除以零");
        r = op == AST_OP_DIV ? x / y : x % y;
        break;
    case AST_OP_EQ: *bits = x == y; return true;
    case AST_OP_NE: *bits = x != y; return true;
    case AST_OP_LT: *bits = x < y; return true;
    case AST_OP_GT: *bits = x > y; return true;
    case AST_OP_LE: *bits = x <= y; return true;
    case AST_OP_GE: *bits = x >= y; return true;
    default: return eval_error(l, e);
    }
    if (is_signed ? (r < INT32_MIN || r > INT32_MAX) : (r < 0 || r > (int64_t)UINT32_MAX))
        return fold_error(l, e, "溢出");
    *bits = (uint32_t)r;
    return true;
}

/* Arithmetic, comparisons and logic lane by lane; a scalar operand of a vector operation is
 * splat (as WGSL allows). Matrix products are not folded. */
static bool eval_binary(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    const SemaExpr *operands[2] = {e->as.binary.left, e->as.binary.right};
    IrLiteral values[2];
    const IrType *operand_type = NULL;
    for (int k = 0; k < 2; k++) {
        IrTypeId t = lower_type(l, operands[k]->type, operands[k]->span);
        if (t == IR_NO_TYPE || !lower_const_eval(l, operands[k], t, &values[k])) return false;
        const IrType *ty = ir_type(l->types, t);
        if (!ty || ty->kind == IR_TYPE_MATRIX || ty->kind == IR_TYPE_STRUCT || ty->kind == IR_TYPE_ARRAY)
            return eval_error(l, e);
        /* The lane type: the element of a vector operand, else the scalar. */
        const IrType *lane = ty->kind == IR_TYPE_VECTOR ? ir_type(l->types, ty->elem) : ty;
        if (!operand_type || ty->kind == IR_TYPE_VECTOR) operand_type = lane;
    }
    const IrType *rt = ir_type(l->types, type);
    if (!rt || !operand_type) return eval_error(l, e);
    uint32_t lanes = rt->kind == IR_TYPE_VECTOR ? rt->count : 1;
    if (lanes == 1) return fold_lane(l, e, operand_type, values[0].bits, values[1].bits, &out->bits);
    out->elems = arena_alloc_array(&l->m->arena, lanes, sizeof *out->elems);
    out->elem_count = lanes;
    for (uint32_t i = 0; i < lanes; i++) {
        out->elems[i].type = rt->elem;
        if (!fold_lane(l, e, operand_type, lane_of(&values[0], i)->bits, lane_of(&values[1], i)->bits,
                       &out->elems[i].bits))
            return false;
    }
    return true;
}

static bool eval_not(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    if (!lower_const_eval(l, e->as.not_.operand, type, out)) return false;
    if (out->elem_count)
        for (uint32_t i = 0; i < out->elem_count; i++) out->elems[i].bits = !out->elems[i].bits;
    else
        out->bits = !out->bits;
    return true;
}

static bool eval_composite(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    bool record = e->kind == SEXPR_RECORD;
    uint32_t count = record ? e->as.record.count : e->as.tuple.count;
    SemaExpr **items = record ? e->as.record.values : e->as.tuple.items;
    if (ir_type_member_count(l->types, type) != count) return eval_error(l, e);
    out->elems = arena_alloc_array(&l->m->arena, count + 1, sizeof *out->elems);
    out->elem_count = count;
    for (uint32_t i = 0; i < count; i++)
        if (!lower_const_eval(l, items[i], ir_type_member(l->types, type, i), &out->elems[i])) return false;
    return true;
}

bool lower_const_eval(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    memset(out, 0, sizeof *out);
    out->type = type;
    if (!e || type == IR_NO_TYPE) return false;
    switch (e->kind) {
    case SEXPR_LITERAL:
        if (ir_type_lanes(l->types, type) != 1) return eval_error(l, e);
        out->bits = lower_literal_bits(l, e, type);
        return true;
    case SEXPR_GLOBAL: {
        const SemaDef *def = e->as.global;
        if (def->kind != DEF_CONSTANT) return eval_error(l, e);
        IrConstId id = lower_constant(l, def);
        if (id == IR_NONE) return false;
        const IrConstant *c = ir_constant(l->m, id);
        if (c->type == type) {
            *out = c->value;
            return true;
        }
        /* An abstract constant used at a concrete type: its value again, at that type. */
        return lower_const_eval(l, def->as.constant.value, type, out);
    }
    case SEXPR_TUPLE: case SEXPR_RECORD: return eval_composite(l, e, type, out);
    case SEXPR_BINARY: return eval_binary(l, e, type, out);
    case SEXPR_NOT: return eval_not(l, e, type, out);
    case SEXPR_CALL:
        if (e->as.call.kind != CALL_BUILTIN) return eval_error(l, e);
        return eval_builtin(l, e, type, out);
    default:
        return eval_error(l, e);
    }
}

IrConstId lower_constant(Lowerer *l, const SemaDef *def) {
    uint32_t i = def->index;
    if (l->const_state[i] == 2) return l->const_of[i];
    if (l->const_state[i] == 1) {
        lower_error(l, def->span, "常量「%s」的值取决于它自己", def->name);
        return IR_NONE;
    }
    l->const_state[i] = 1;
    IrConstId id = IR_NONE;
    if (!lower_type_is_unit(def->type)) {
        IrTypeId type = lower_type(l, def->type, def->span);
        IrLiteral value;
        if (type != IR_NO_TYPE && lower_const_eval(l, def->as.constant.value, type, &value))
            id = ir_module_add_constant(l->m, def->name, type, value, def->span);
    }
    l->const_of[i] = id;
    l->const_state[i] = 2;
    return id;
}
