/* The one constant evaluator of YIR operations (docs/yir.md, "Constant evaluation").
 *
 * Values are IrLiterals: a scalar holds its bits as in IrInst.literal (f16 as the f32 of the
 * same value), a composite one element per member. Operations act lane by lane where WGSL
 * does (a scalar operand of a vector operation is splat), with two sets of rules:
 *   IR_EVAL_CONST_EXPR  WGSL's const-expression rules (着四 rule 5): integer overflow,
 *                       division by zero, shifts by the bit width or more, results that
 *                       are NaN or infinite (着八) and out-of-domain arguments are errors;
 *   IR_EVAL_RUNTIME     what every target computes at run time: integers wrap, and
 *                       anything a target may compute differently (division by zero, big
 *                       shifts, non-finite floats, f16 and most float math) is "varies".
 * A lane's value is the shared scalar semantics' (scalar.h, the CPU executor computes with
 * it too); its flags become the statuses (status_of). */
#include <math.h>
#include <string.h>

#include "ir.h"

typedef struct Eval {
    const IrConstEval *ctx;
    IrOp op;
} Eval;

static bool is_float_lane(IrLane k) { return k == IR_LANE_F32 || k == IR_LANE_F16; }
static bool is_int_lane(IrLane k) { return k == IR_LANE_I32 || k == IR_LANE_U32; }

static float float_of(uint64_t bits) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint64_t bits_of(float f) {
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static double lane_double(IrLane k, uint64_t bits) {
    switch (k) {
    case IR_LANE_BOOL: return bits ? 1.0 : 0.0;
    case IR_LANE_I32: return (double)(int32_t)(uint32_t)bits;
    case IR_LANE_U32: return (double)(uint32_t)bits;
    default: return (double)float_of(bits);
    }
}

static IrEvalStatus refuse(const Eval *ev, IrEvalStatus error) {
    return ev->ctx->mode == IR_EVAL_RUNTIME ? IR_EVAL_VARIES : error;
}

/* A float result rounded to its lane; non-finite results are errors (着八). */
static IrEvalStatus put_float(const Eval *ev, IrLane k, double r, uint64_t *out) {
    if (!isfinite(r)) return refuse(ev, IR_EVAL_NONFINITE);
    if (k == IR_LANE_F16) {
        r = ir_f16_nearest(r);
        if (!isfinite(r)) return refuse(ev, IR_EVAL_NONFINITE);
    } else if (fabs(r) >= 0x1.ffffffp127) {  /* rounds to infinity as an f32 */
        return refuse(ev, IR_EVAL_NONFINITE);
    }
    *out = bits_of((float)r);
    return IR_EVAL_OK;
}

/* ---- scalars: the shared semantics of ir/scalar.h ---- */

/* The flags of a lane's value as this evaluator's status: at run time only what every target
 * computes alike; in a constant expression the first error in WGSL's order. */
static IrEvalStatus status_of(const Eval *ev, uint32_t flags) {
    if (flags & IR_SCALAR_UNDEFINED) return IR_EVAL_UNSUPPORTED;
    if (ev->ctx->mode == IR_EVAL_RUNTIME) return flags & IR_SCALAR_VARIES ? IR_EVAL_VARIES : IR_EVAL_OK;
    if (flags & IR_SCALAR_DIV_ZERO) return IR_EVAL_DIV_ZERO;
    if (flags & IR_SCALAR_SHIFT_RANGE) return IR_EVAL_SHIFT_RANGE;
    if (flags & IR_SCALAR_NONFINITE) return IR_EVAL_NONFINITE;
    if (flags & IR_SCALAR_DOMAIN) return IR_EVAL_DOMAIN;
    if (flags & IR_SCALAR_OVERFLOW) return IR_EVAL_OVERFLOW;
    return IR_EVAL_OK;
}

static IrEvalStatus scalar_eval(const Eval *ev, IrScalarOp op, IrLane in, IrLane out_lane, const uint64_t *v,
                                uint64_t *out) {
    IrScalarValue r = ir_scalar_eval(op, in, out_lane, (uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2]);
    IrEvalStatus s = status_of(ev, r.flags);
    if (s == IR_EVAL_OK) *out = r.bits;
    return s;
}

/* One lane of a lane-wise operation; `in` is the lane of the operands (select: its values'). */
static IrEvalStatus scalar_op(const Eval *ev, IrLane in, IrLane out_lane, const uint64_t *v, uint32_t n,
                              uint64_t *out) {
    IrScalarOp op = ir_scalar_op_of(ev->op);
    if (op == IR_SCALAR_NONE || n != ir_scalar_arity(op)) return IR_EVAL_UNSUPPORTED;
    uint64_t operands[3] = {v[0], n > 1 ? v[1] : 0, n > 2 ? v[2] : 0};
    return scalar_eval(ev, op, in, out_lane, operands, out);
}

/* ---- composites ---- */

static const IrTypeTable *types_of(const Eval *ev) { return ev->ctx->types; }

static const IrType *type_of(const Eval *ev, IrTypeId id) { return ir_type(types_of(ev), id); }

static IrLiteral *new_elems(const Eval *ev, uint32_t count) {
    return arena_alloc_array(ev->ctx->arena, count ? count : 1, sizeof(IrLiteral));
}

static IrLiteral scalar_literal(IrTypeId type, uint64_t bits) {
    IrLiteral lit = {type, bits, NULL, 0};
    return lit;
}

static bool is_composite(const IrLiteral *v) { return v->elems != NULL; }

/* Member i of an operand of a lane-wise operation: a scalar stands for every lane. */
static const IrLiteral *member(const IrLiteral *v, uint32_t i) {
    return is_composite(v) ? &v->elems[i < v->elem_count ? i : 0] : v;
}

static IrEvalStatus lanewise(const Eval *ev, IrTypeId type, const IrLiteral *args, uint32_t n, IrLiteral *out);

static IrEvalStatus lanewise_members(const Eval *ev, IrTypeId type, const IrLiteral *args, uint32_t n,
                                     IrLiteral *out) {
    uint32_t count = ir_type_member_count(types_of(ev), type);
    if (count == 0) return IR_EVAL_UNSUPPORTED;
    for (uint32_t k = 0; k < n; k++)
        if (is_composite(&args[k]) && args[k].elem_count != count) return IR_EVAL_UNSUPPORTED;
    *out = scalar_literal(type, 0);
    out->elems = new_elems(ev, count);
    out->elem_count = count;
    IrLiteral sub[3];
    for (uint32_t i = 0; i < count; i++) {
        for (uint32_t k = 0; k < n; k++) sub[k] = *member(&args[k], i);
        IrEvalStatus s = lanewise(ev, ir_type_member(types_of(ev), type, i), sub, n, &out->elems[i]);
        if (s != IR_EVAL_OK) return s;
    }
    return IR_EVAL_OK;
}

static IrEvalStatus lanewise(const Eval *ev, IrTypeId type, const IrLiteral *args, uint32_t n, IrLiteral *out) {
    const IrType *t = type_of(ev, type);
    if (!t || n == 0 || n > 3) return IR_EVAL_UNSUPPORTED;
    if (t->kind == IR_TYPE_VECTOR || t->kind == IR_TYPE_MATRIX) {
        if (ev->op == IR_OP_SELECT && !is_composite(&args[0])) {
            *out = args[0].bits ? args[1] : args[2];  /* one condition for the whole value */
            return IR_EVAL_OK;
        }
        return lanewise_members(ev, type, args, n, out);
    }
    uint64_t v[3];
    for (uint32_t k = 0; k < n; k++) {
        if (is_composite(&args[k])) return IR_EVAL_UNSUPPORTED;
        v[k] = args[k].bits;
    }
    /* The operand lane: the first operand's, except select's (its values). */
    IrLane in = ir_lane_of(types_of(ev), args[ev->op == IR_OP_SELECT ? 1 : 0].type);
    IrLane out_lane = ir_lane_of(types_of(ev), type);
    if (in == IR_LANE_NONE || out_lane == IR_LANE_NONE) return IR_EVAL_UNSUPPORTED;
    *out = scalar_literal(type, 0);
    return scalar_op(ev, in, out_lane, v, n, &out->bits);
}

/* The lanes of a scalar or vector as doubles; false when it is neither. */
static bool float_vector(const Eval *ev, const IrLiteral *v, double *lanes, uint32_t *count, IrLane *lane) {
    *count = is_composite(v) ? v->elem_count : 1;
    if (*count > 4) return false;
    for (uint32_t i = 0; i < *count; i++) {
        const IrLiteral *e = member(v, i);
        *lane = ir_lane_of(types_of(ev), e->type);
        if (is_composite(e) || !is_float_lane(*lane)) return false;
        lanes[i] = lane_double(*lane, e->bits);
        if (!isfinite(lanes[i])) return false;
    }
    return true;
}

static IrEvalStatus float_vector_literal(const Eval *ev, IrTypeId type, IrLane lane, const double *lanes,
                                         uint32_t count, IrLiteral *out) {
    *out = scalar_literal(type, 0);
    if (ir_type_lanes(types_of(ev), type) == 1 && count == 1) return put_float(ev, lane, lanes[0], &out->bits);
    out->elems = new_elems(ev, count);
    out->elem_count = count;
    IrTypeId elem = ir_type_element_scalar(types_of(ev), type);
    for (uint32_t i = 0; i < count; i++) {
        out->elems[i] = scalar_literal(elem, 0);
        IrEvalStatus s = put_float(ev, lane, lanes[i], &out->elems[i].bits);
        if (s != IR_EVAL_OK) return s;
    }
    return IR_EVAL_OK;
}

static double dot_d(const double *a, const double *b, uint32_t n) {
    double s = 0;
    for (uint32_t i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

/* dot, length, distance, normalize, cross, reflect (float vectors; dot also integers). */
static IrEvalStatus geometric(const Eval *ev, IrTypeId type, const IrLiteral *args, uint32_t n,
                              IrLiteral *out) {
    if (ev->ctx->mode == IR_EVAL_RUNTIME) return IR_EVAL_VARIES;
    double a[4], b[4] = {0}, r[4];
    uint32_t na = 0, nb = 0;
    IrLane lane = IR_LANE_NONE;
    if (ev->op == IR_OP_DOT && is_composite(&args[0]) && args[0].elem_count > 0 &&
        is_int_lane(ir_lane_of(types_of(ev), args[0].elems[0].type))) {
        /* Integer dot: one checked multiply and add per lane, as WGSL evaluates it. */
        IrLane k = ir_lane_of(types_of(ev), args[0].elems[0].type);
        uint64_t sum = 0, product = 0;
        if (n != 2 || !is_composite(&args[1]) || args[1].elem_count != args[0].elem_count) return IR_EVAL_UNSUPPORTED;
        for (uint32_t i = 0; i < args[0].elem_count; i++) {
            uint64_t factors[3] = {args[0].elems[i].bits, args[1].elems[i].bits, 0};
            IrEvalStatus s = scalar_eval(ev, IR_SCALAR_MUL, k, k, factors, &product);
            uint64_t terms[3] = {sum, product, 0};
            if (s == IR_EVAL_OK) s = scalar_eval(ev, IR_SCALAR_ADD, k, k, terms, &sum);
            if (s != IR_EVAL_OK) return s;
        }
        *out = scalar_literal(type, sum);
        return IR_EVAL_OK;
    }
    if (!float_vector(ev, &args[0], a, &na, &lane)) return IR_EVAL_UNSUPPORTED;
    if (n > 1 && (!float_vector(ev, &args[1], b, &nb, &lane) || nb != na)) return IR_EVAL_UNSUPPORTED;
    switch (ev->op) {
    case IR_OP_DOT:
        r[0] = dot_d(a, b, na);
        return float_vector_literal(ev, type, lane, r, 1, out);
    case IR_OP_DISTANCE:
        for (uint32_t i = 0; i < na; i++) a[i] -= b[i];
        /* fall through - the length of the difference */
    case IR_OP_LENGTH:
        r[0] = sqrt(dot_d(a, a, na));
        return float_vector_literal(ev, type, lane, r, 1, out);
    case IR_OP_NORMALIZE: {
        double len = sqrt(dot_d(a, a, na));
        if (len == 0) return IR_EVAL_NONFINITE;
        for (uint32_t i = 0; i < na; i++) r[i] = a[i] / len;
        return float_vector_literal(ev, type, lane, r, na, out);
    }
    case IR_OP_CROSS:
        if (na != 3) return IR_EVAL_UNSUPPORTED;
        r[0] = a[1] * b[2] - a[2] * b[1];
        r[1] = a[2] * b[0] - a[0] * b[2];
        r[2] = a[0] * b[1] - a[1] * b[0];
        return float_vector_literal(ev, type, lane, r, 3, out);
    case IR_OP_REFLECT: {
        double d = dot_d(b, a, na);  /* reflect(e1, e2) = e1 - 2 * dot(e2, e1) * e2 */
        for (uint32_t i = 0; i < na; i++) r[i] = a[i] - 2.0 * d * b[i];
        return float_vector_literal(ev, type, lane, r, na, out);
    }
    default: return IR_EVAL_UNSUPPORTED;
    }
}

/* The scalars of a value in order (vectors and matrices flattened). */
static uint32_t flatten(const IrLiteral *v, const IrLiteral **out, uint32_t max, uint32_t n) {
    if (!is_composite(v)) {
        if (n < max) out[n] = v;
        return n + 1;
    }
    for (uint32_t i = 0; i < v->elem_count; i++) n = flatten(&v->elems[i], out, max, n);
    return n;
}

static IrEvalStatus construct(const Eval *ev, IrTypeId type, const IrLiteral *args, uint32_t n, IrLiteral *out) {
    const IrType *t = type_of(ev, type);
    uint32_t count = ir_type_member_count(types_of(ev), type);
    if (!t || count == 0) return IR_EVAL_UNSUPPORTED;
    *out = scalar_literal(type, 0);
    out->elems = new_elems(ev, count);
    out->elem_count = count;
    if (t->kind == IR_TYPE_VECTOR) {
        /* Scalars and vectors laid end to end, or one scalar splat. */
        const IrLiteral *lanes[4];
        uint32_t total = 0;
        for (uint32_t k = 0; k < n; k++) total = flatten(&args[k], lanes, 4, total);
        if (total != count && !(n == 1 && total == 1)) return IR_EVAL_UNSUPPORTED;
        for (uint32_t i = 0; i < count; i++) out->elems[i] = *lanes[total == 1 ? 0 : i];
        return IR_EVAL_OK;
    }
    if (n != count) return IR_EVAL_UNSUPPORTED;
    for (uint32_t i = 0; i < count; i++) out->elems[i] = args[i];
    return IR_EVAL_OK;
}

/* Raw bits of a scalar or vector, 16 bits per f16 lane and 32 per other lane. */
static bool raw_bits(const Eval *ev, const IrLiteral *v, uint32_t *words16, uint32_t *count) {
    const IrLiteral *lanes[4];
    uint32_t n = flatten(v, lanes, 4, 0);
    if (n > 4) return false;
    *count = 0;
    for (uint32_t i = 0; i < n; i++) {
        IrLane k = ir_lane_of(types_of(ev), lanes[i]->type);
        if (k == IR_LANE_NONE || k == IR_LANE_BOOL) return false;
        if (k == IR_LANE_F16) {
            words16[(*count)++] = ir_f16_bits(float_of(lanes[i]->bits));
        } else {
            words16[(*count)++] = (uint32_t)lanes[i]->bits & 0xFFFFu;
            words16[(*count)++] = (uint32_t)lanes[i]->bits >> 16;
        }
    }
    return true;
}

/* bitcast: the same bits read as the result type; NaN or infinity is an error (着八). */
static IrEvalStatus bitcast(const Eval *ev, IrTypeId type, const IrLiteral *arg, IrLiteral *out) {
    if (ev->ctx->mode == IR_EVAL_RUNTIME) return IR_EVAL_VARIES;
    uint32_t words[8], count = 0, used = 0;
    if (!raw_bits(ev, arg, words, &count)) return IR_EVAL_UNSUPPORTED;
    IrTypeId elem = ir_type_element_scalar(types_of(ev), type);
    IrLane k = ir_lane_of(types_of(ev), elem);
    uint32_t lanes = ir_type_lanes(types_of(ev), type);
    if (k == IR_LANE_NONE || k == IR_LANE_BOOL || count != lanes * (k == IR_LANE_F16 ? 1u : 2u)) return IR_EVAL_UNSUPPORTED;
    IrLiteral result[4];
    for (uint32_t i = 0; i < lanes; i++) {
        result[i] = scalar_literal(elem, 0);
        if (k == IR_LANE_F16) {
            float f = ir_f16_value((uint16_t)words[used++]);
            if (!isfinite(f)) return IR_EVAL_NONFINITE;
            result[i].bits = bits_of(f);
        } else {
            uint32_t b = words[used] | (words[used + 1] << 16);
            used += 2;
            if (k == IR_LANE_F32 && !isfinite(float_of(b))) return IR_EVAL_NONFINITE;
            result[i].bits = b;
        }
    }
    if (lanes == 1) {
        *out = result[0];
        out->type = type;
        return IR_EVAL_OK;
    }
    return construct(ev, type, result, lanes, out);
}

static IrEvalStatus pack_unpack(const Eval *ev, IrTypeId type, const IrLiteral *arg, IrLiteral *out) {
    if (ev->ctx->mode == IR_EVAL_RUNTIME) return IR_EVAL_VARIES;
    if (ev->op == IR_OP_PACK2X16FLOAT) {
        if (!is_composite(arg) || arg->elem_count != 2) return IR_EVAL_UNSUPPORTED;
        uint32_t word = 0;
        for (uint32_t i = 0; i < 2; i++) {
            double x = float_of(arg->elems[i].bits);
            if (!isfinite(ir_f16_nearest(x))) return IR_EVAL_NONFINITE;
            word |= (uint32_t)ir_f16_bits((float)x) << (16 * i);
        }
        *out = scalar_literal(type, word);
        return IR_EVAL_OK;
    }
    IrLiteral halves[2];
    IrTypeId f32 = ir_type_element_scalar(types_of(ev), type);
    for (uint32_t i = 0; i < 2; i++) {
        float f = ir_f16_value((uint16_t)((uint32_t)arg->bits >> (16 * i)));
        if (!isfinite(f)) return IR_EVAL_NONFINITE;
        halves[i] = scalar_literal(f32, bits_of(f));
    }
    return construct(ev, type, halves, 2, out);
}

IrEvalStatus ir_const_extract(const IrConstEval *ctx, const IrLiteral *composite, const uint32_t *path,
                              uint32_t count, IrLiteral *out) {
    (void)ctx;
    const IrLiteral *v = composite;
    for (uint32_t i = 0; i < count; i++) {
        if (!is_composite(v)) return IR_EVAL_UNSUPPORTED;
        if (path[i] >= v->elem_count) return IR_EVAL_INDEX_RANGE;
        v = &v->elems[path[i]];
    }
    *out = *v;
    return IR_EVAL_OK;
}

static bool is_matrix(const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    return t && t->kind == IR_TYPE_MATRIX;
}

IrEvalStatus ir_const_eval(const IrConstEval *ctx, IrOp op, IrTypeId type, const IrLiteral *args, uint32_t count,
                           IrLiteral *out) {
    Eval ev = {ctx, op};
    memset(out, 0, sizeof *out);
    out->type = type;
    switch (op) {
    case IR_OP_CONSTRUCT:
        if (ctx->mode == IR_EVAL_RUNTIME) return IR_EVAL_VARIES;  /* the folder keeps composites */
        return construct(&ev, type, args, count, out);
    case IR_OP_DOT: case IR_OP_LENGTH: case IR_OP_DISTANCE: case IR_OP_NORMALIZE: case IR_OP_CROSS:
    case IR_OP_REFLECT:
        return geometric(&ev, type, args, count, out);
    case IR_OP_BITCAST: return count == 1 ? bitcast(&ev, type, &args[0], out) : IR_EVAL_UNSUPPORTED;
    case IR_OP_PACK2X16FLOAT: case IR_OP_UNPACK2X16FLOAT:
        return count == 1 ? pack_unpack(&ev, type, &args[0], out) : IR_EVAL_UNSUPPORTED;
    case IR_OP_MUL:
        /* Matrix products are not lane-wise (matrix × scalar is). */
        for (uint32_t k = 0; k < count && count == 2; k++)
            if (is_matrix(ctx->types, args[k].type) && is_composite(&args[1 - k])) return IR_EVAL_UNSUPPORTED;
        return lanewise(&ev, type, args, count, out);
    default:
        break;
    }
    const IrOpInfo *info = ir_op_info(op);
    if (!info || info->effect != IR_PURE || ir_op_needs_uniform(op) || count == 0) return IR_EVAL_UNSUPPORTED;
    switch (op) {
    case IR_OP_CONST: case IR_OP_CONSTANT: case IR_OP_GLOBAL: case IR_OP_EXTRACT: case IR_OP_INSERT:
    case IR_OP_ACCESS:
        return IR_EVAL_UNSUPPORTED;
    default:
        return lanewise(&ev, type, args, count, out);
    }
}
