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
 *                       shifts, non-finite floats, f16 and most float math) is "varies". */
#include <math.h>
#include <string.h>

#include "ir.h"

typedef enum Lane { LANE_BOOL, LANE_I32, LANE_U32, LANE_F32, LANE_F16, LANE_NONE } Lane;

typedef struct Eval {
    const IrConstEval *ctx;
    IrOp op;
} Eval;

static Lane lane_of_type(const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    if (!t) return LANE_NONE;
    if (t->kind == IR_TYPE_BOOL) return LANE_BOOL;
    if (t->kind != IR_TYPE_SCALAR) return LANE_NONE;
    if (t->scalar == IR_SINT) return LANE_I32;
    if (t->scalar == IR_UINT) return LANE_U32;
    return t->width == 16 ? LANE_F16 : LANE_F32;
}

static bool is_float_lane(Lane k) { return k == LANE_F32 || k == LANE_F16; }
static bool is_int_lane(Lane k) { return k == LANE_I32 || k == LANE_U32; }

/* ---- f16 and f32 bits ---- */

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

double ir_f16_nearest(double x) {
    if (!isfinite(x)) return x;
    double a = fabs(x);
    if (a >= 65520.0) return copysign(INFINITY, x);  /* halfway to 2^16 rounds away */
    double quantum;
    if (a < 0x1p-14) {
        quantum = 0x1p-24;                 /* subnormal f16 spacing */
    } else {
        int e;
        frexp(a, &e);                      /* a = m * 2^e, 0.5 <= m < 1 */
        quantum = ldexp(1.0, e - 11);      /* 11 significant bits */
    }
    /* Ties to even, independent of the rounding mode. */
    double q = a / quantum, r = floor(q);
    double diff = q - r;
    if (diff > 0.5 || (diff == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return copysign(r * quantum, x);
}

uint16_t ir_f16_bits(float value) {
    uint32_t f = (uint32_t)bits_of(value);
    uint32_t sign = (f >> 16) & 0x8000u, exp = (f >> 23) & 0xFFu, man = f & 0x7FFFFFu;
    if (exp == 0xFF) return (uint16_t)(sign | 0x7C00u | (man ? 0x200u : 0));
    float nearest = (float)ir_f16_nearest(value);
    if (isinf(nearest)) return (uint16_t)(sign | 0x7C00u);
    double a = fabs((double)nearest);
    if (a < 0x1p-14) return (uint16_t)(sign | (uint32_t)(a / 0x1p-24));
    int e;
    double m = frexp(a, &e);               /* a = m * 2^e */
    uint32_t biased = (uint32_t)(e - 1 + 15);
    uint32_t mantissa = (uint32_t)((m * 2.0 - 1.0) * 1024.0);
    return (uint16_t)(sign | (biased << 10) | mantissa);
}

float ir_f16_value(uint16_t bits) {
    uint32_t sign = bits & 0x8000u, exp = (bits >> 10) & 0x1Fu, man = bits & 0x3FFu;
    double a;
    if (exp == 0x1F) a = man ? NAN : INFINITY;
    else if (exp == 0) a = man * 0x1p-24;
    else a = ldexp(1.0 + man / 1024.0, (int)exp - 15);
    return (float)(sign ? -a : a);
}

/* ---- scalars ---- */

static double lane_double(Lane k, uint64_t bits) {
    switch (k) {
    case LANE_BOOL: return bits ? 1.0 : 0.0;
    case LANE_I32: return (double)(int32_t)(uint32_t)bits;
    case LANE_U32: return (double)(uint32_t)bits;
    default: return (double)float_of(bits);
    }
}

static int64_t lane_int(Lane k, uint64_t bits) {
    return k == LANE_I32 ? (int64_t)(int32_t)(uint32_t)bits : (int64_t)(uint32_t)bits;
}

static IrEvalStatus refuse(const Eval *ev, IrEvalStatus error) {
    return ev->ctx->mode == IR_EVAL_RUNTIME ? IR_EVAL_VARIES : error;
}

/* A float result rounded to its lane; non-finite results are errors (着八). */
static IrEvalStatus put_float(const Eval *ev, Lane k, double r, uint64_t *out) {
    if (!isfinite(r)) return refuse(ev, IR_EVAL_NONFINITE);
    if (k == LANE_F16) {
        r = ir_f16_nearest(r);
        if (!isfinite(r)) return refuse(ev, IR_EVAL_NONFINITE);
    } else if (fabs(r) >= 0x1.ffffffp127) {  /* rounds to infinity as an f32 */
        return refuse(ev, IR_EVAL_NONFINITE);
    }
    *out = bits_of((float)r);
    return IR_EVAL_OK;
}

/* An integer result: out of range is an error in a constant expression, wraps at run time. */
static IrEvalStatus put_int(const Eval *ev, Lane k, int64_t r, uint64_t *out) {
    bool fits = k == LANE_I32 ? r >= INT32_MIN && r <= INT32_MAX : r >= 0 && r <= (int64_t)UINT32_MAX;
    if (!fits && ev->ctx->mode == IR_EVAL_CONST_EXPR) return IR_EVAL_OVERFLOW;
    *out = (uint32_t)(uint64_t)r;
    return IR_EVAL_OK;
}

static IrEvalStatus put_bool(bool b, uint64_t *out) {
    *out = b ? 1 : 0;
    return IR_EVAL_OK;
}

/* A float whose truncation lies inside the integer type's range converts to the same integer on
 * every target (WGSL, MSL, PTX's cvt.rzi); only out-of-range values and NaN differ. */
static bool exact_float_to_int(Lane from, Lane to, uint64_t a) {
    if (!is_float_lane(from) || !is_int_lane(to)) return false;
    double d = trunc(lane_double(from, a));
    double lo = to == LANE_I32 ? -2147483648.0 : 0.0, hi = to == LANE_I32 ? 2147483647.0 : 4294967295.0;
    return isfinite(d) && d >= lo && d <= hi;
}

/* Scalar conversion (WGSL: float to integer truncates and saturates; to f16 rounds). At run time
 * only exact float-to-integer conversions are computed: WGSL evaluates `u32(0.25f)` as a constant
 * expression, so a divisor left in that form was `x % u32(0.25f)`, rejected as a constant zero
 * (differential seeds 1675, 2224, 9370). */
static IrEvalStatus convert_lane(const Eval *ev, Lane from, Lane to, uint64_t a, uint64_t *out) {
    if (ev->ctx->mode == IR_EVAL_RUNTIME && (is_float_lane(from) || is_float_lane(to)) &&
        !exact_float_to_int(from, to, a))
        return IR_EVAL_VARIES;
    if (from == to) {
        *out = a;
        return IR_EVAL_OK;
    }
    if (to == LANE_BOOL) return put_bool(is_float_lane(from) ? float_of(a) != 0.0f : (uint32_t)a != 0, out);
    if (from == LANE_BOOL) {
        if (is_float_lane(to)) return put_float(ev, to, a ? 1.0 : 0.0, out);
        *out = a ? 1 : 0;
        return IR_EVAL_OK;
    }
    if (is_int_lane(from) && is_int_lane(to)) {
        *out = (uint32_t)a;
        return IR_EVAL_OK;
    }
    if (is_float_lane(to)) return put_float(ev, to, lane_double(from, a), out);
    double d = trunc(lane_double(from, a));
    if (!isfinite(d)) return refuse(ev, IR_EVAL_NONFINITE);
    double lo = to == LANE_I32 ? -2147483648.0 : 0.0, hi = to == LANE_I32 ? 2147483647.0 : 4294967295.0;
    d = d < lo ? lo : d > hi ? hi : d;
    *out = (uint32_t)(uint64_t)(int64_t)d;
    return IR_EVAL_OK;
}

static IrEvalStatus compare(IrOp op, int cmp, uint64_t *out) {
    switch (op) {
    case IR_OP_EQ: return put_bool(cmp == 0, out);
    case IR_OP_NE: return put_bool(cmp != 0, out);
    case IR_OP_LT: return put_bool(cmp < 0, out);
    case IR_OP_LE: return put_bool(cmp <= 0, out);
    case IR_OP_GT: return put_bool(cmp > 0, out);
    case IR_OP_GE: return put_bool(cmp >= 0, out);
    default: return IR_EVAL_UNSUPPORTED;
    }
}

static uint32_t count_ones(uint32_t x) {
    uint32_t n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static uint32_t reverse(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++, x >>= 1) r = (r << 1) | (x & 1u);
    return r;
}

static IrEvalStatus shift_lane(const Eval *ev, Lane k, uint32_t a, uint32_t amount, uint64_t *out) {
    if (amount >= 32) return refuse(ev, IR_EVAL_SHIFT_RANGE);
    if (ev->op == IR_OP_SHR) {
        /* Arithmetic for i32, written without relying on >> of negatives. */
        *out = k == LANE_I32 && (a & 0x80000000u) ? ~(~a >> amount) : a >> amount;
        return IR_EVAL_OK;
    }
    if (ev->ctx->mode == IR_EVAL_CONST_EXPR && amount > 0) {
        /* WGSL: the bits shifted out (and, for i32, the new sign bit) must all equal the
         * result's sign (i32) or be zero (u32). */
        uint32_t kept = k == LANE_I32 ? amount + 1 : amount;
        uint32_t mask = kept >= 32 ? 0xFFFFFFFFu : ~(0xFFFFFFFFu >> kept);
        uint32_t top = a & mask;
        if (top != 0 && (k != LANE_I32 || top != mask)) return IR_EVAL_OVERFLOW;
    }
    *out = a << amount;
    return IR_EVAL_OK;
}

static IrEvalStatus int_binary(const Eval *ev, Lane k, uint64_t a, uint64_t b, uint64_t *out) {
    int64_t x = lane_int(k, a), y = lane_int(k, b);
    bool sign = k == LANE_I32;
    switch (ev->op) {
    case IR_OP_ADD: return put_int(ev, k, x + y, out);
    case IR_OP_SUB: return put_int(ev, k, x - y, out);
    case IR_OP_MUL:
        if (!sign) {
            uint64_t p = (uint64_t)x * (uint64_t)y;  /* both < 2^32: no wrap */
            if (p > UINT32_MAX && ev->ctx->mode == IR_EVAL_CONST_EXPR) return IR_EVAL_OVERFLOW;
            *out = (uint32_t)p;
            return IR_EVAL_OK;
        }
        return put_int(ev, k, x * y, out);
    case IR_OP_DIV: case IR_OP_REM:
        if (y == 0) return refuse(ev, IR_EVAL_DIV_ZERO);
        if (sign && x == INT32_MIN && y == -1) return refuse(ev, IR_EVAL_OVERFLOW);
        return put_int(ev, k, ev->op == IR_OP_DIV ? x / y : x % y, out);
    case IR_OP_BIT_AND: *out = (uint32_t)(a & b); return IR_EVAL_OK;
    case IR_OP_BIT_OR: *out = (uint32_t)(a | b); return IR_EVAL_OK;
    case IR_OP_BIT_XOR: *out = (uint32_t)(a ^ b); return IR_EVAL_OK;
    case IR_OP_SHL: case IR_OP_SHR: return shift_lane(ev, k, (uint32_t)a, (uint32_t)b, out);
    case IR_OP_MIN: *out = (uint32_t)(x < y ? a : b); return IR_EVAL_OK;
    case IR_OP_MAX: *out = (uint32_t)(x > y ? a : b); return IR_EVAL_OK;
    default: return compare(ev->op, x < y ? -1 : x > y, out);
    }
}

/* The float operations that every target computes exactly as IEEE (folded at run time). */
static bool float_exact(IrOp op) {
    switch (op) {
    case IR_OP_ADD: case IR_OP_SUB: case IR_OP_MUL: case IR_OP_DIV: case IR_OP_NEG: case IR_OP_ABS:
    case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT: case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
        return true;
    default:
        return false;
    }
}

static double round_even(double x) {
    double r = floor(x), diff = x - r;
    if (diff > 0.5 || (diff == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return r;
}

static double clamp_d(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }

static IrEvalStatus float_lanes(const Eval *ev, Lane k, const uint64_t *v, uint32_t n, uint64_t *out) {
    if (ev->ctx->mode == IR_EVAL_RUNTIME && (k == LANE_F16 || !float_exact(ev->op))) return IR_EVAL_VARIES;
    double x = lane_double(k, v[0]), y = n > 1 ? lane_double(k, v[1]) : 0, z = n > 2 ? lane_double(k, v[2]) : 0;
    for (uint32_t i = 0; i < n; i++)
        if (!isfinite(lane_double(k, v[i]))) return refuse(ev, IR_EVAL_NONFINITE);
    double r;
    switch (ev->op) {
    case IR_OP_ADD: r = x + y; break;
    case IR_OP_SUB: r = x - y; break;
    case IR_OP_MUL: r = x * y; break;
    case IR_OP_DIV: r = x / y; break;
    case IR_OP_REM: r = y != 0 ? fmod(x, y) : NAN; break;  /* WGSL: x - y * trunc(x / y) */
    case IR_OP_NEG: r = -x; break;
    case IR_OP_ABS: r = fabs(x); break;
    case IR_OP_SIGN: r = x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; break;
    case IR_OP_MIN: r = fmin(x, y); break;
    case IR_OP_MAX: r = fmax(x, y); break;
    case IR_OP_CLAMP:
        if (y > z) return IR_EVAL_DOMAIN;
        r = clamp_d(x, y, z);
        break;
    case IR_OP_SQRT: r = sqrt(x); break;
    case IR_OP_INVERSE_SQRT: r = 1.0 / sqrt(x); break;
    case IR_OP_EXP: r = exp(x); break;
    case IR_OP_EXP2: r = exp2(x); break;
    case IR_OP_LOG: r = log(x); break;
    case IR_OP_LOG2: r = log2(x); break;
    case IR_OP_POW: r = pow(x, y); break;
    case IR_OP_SIN: r = sin(x); break;
    case IR_OP_COS: r = cos(x); break;
    case IR_OP_TAN: r = tan(x); break;
    case IR_OP_TANH: r = tanh(x); break;
    case IR_OP_ASIN: r = fabs(x) <= 1 ? asin(x) : NAN; break;
    case IR_OP_ACOS: r = fabs(x) <= 1 ? acos(x) : NAN; break;
    case IR_OP_ATAN: r = atan(x); break;
    case IR_OP_ATAN2: r = atan2(x, y); break;
    case IR_OP_FLOOR: r = floor(x); break;
    case IR_OP_CEIL: r = ceil(x); break;
    case IR_OP_TRUNC: r = trunc(x); break;
    case IR_OP_FRACT: r = x - floor(x); break;
    case IR_OP_ROUND: r = round_even(x); break;
    case IR_OP_SATURATE: r = clamp_d(x, 0.0, 1.0); break;
    case IR_OP_STEP: r = x <= y ? 1.0 : 0.0; break;  /* step(edge, x) */
    case IR_OP_MIX: r = x * (1.0 - z) + y * z; break;
    case IR_OP_FMA: r = fma(x, y, z); break;
    case IR_OP_SMOOTHSTEP: {
        if (x == y) return IR_EVAL_DOMAIN;
        double t = clamp_d((z - x) / (y - x), 0.0, 1.0);
        r = t * t * (3.0 - 2.0 * t);
        break;
    }
    default: return compare(ev->op, x < y ? -1 : x > y, out);
    }
    if (isnan(r)) return refuse(ev, IR_EVAL_NONFINITE);
    return put_float(ev, k, r, out);
}

/* One lane of a lane-wise operation; `in` is the lane type of the first operand. */
static IrEvalStatus scalar_op(const Eval *ev, Lane in, Lane out_lane, const uint64_t *v, uint32_t n,
                              uint64_t *out) {
    IrOp op = ev->op;
    if (op == IR_OP_CONVERT) return convert_lane(ev, in, out_lane, v[0], out);
    if (op == IR_OP_SELECT) {
        *out = v[0] ? v[1] : v[2];
        return IR_EVAL_OK;
    }
    if (in == LANE_BOOL) {
        switch (op) {
        case IR_OP_NOT: return put_bool(!v[0], out);
        case IR_OP_AND: return put_bool(v[0] && v[1], out);
        case IR_OP_OR: return put_bool(v[0] || v[1], out);
        case IR_OP_EQ: return put_bool(v[0] == v[1], out);
        case IR_OP_NE: return put_bool(v[0] != v[1], out);
        default: return IR_EVAL_UNSUPPORTED;
        }
    }
    if (is_float_lane(in)) return float_lanes(ev, in, v, n, out);
    if (!is_int_lane(in)) return IR_EVAL_UNSUPPORTED;
    uint32_t a = (uint32_t)v[0];
    switch (op) {
    case IR_OP_NEG: *out = 0u - a; return IR_EVAL_OK;  /* WGSL: -(most negative) is itself */
    case IR_OP_ABS: *out = in == LANE_I32 && (int32_t)a < 0 ? 0u - a : a; return IR_EVAL_OK;
    case IR_OP_SIGN: *out = (uint32_t)((int32_t)a > 0 ? 1 : (int32_t)a < 0 ? -1 : 0); return IR_EVAL_OK;
    case IR_OP_BIT_NOT: *out = ~a; return IR_EVAL_OK;
    case IR_OP_COUNT_ONE_BITS: *out = count_ones(a); return IR_EVAL_OK;
    case IR_OP_REVERSE_BITS: *out = reverse(a); return IR_EVAL_OK;
    case IR_OP_CLAMP: {
        int64_t x = lane_int(in, v[0]), lo = lane_int(in, v[1]), hi = lane_int(in, v[2]);
        if (lo > hi) return refuse(ev, IR_EVAL_DOMAIN);
        *out = (uint32_t)(x < lo ? v[1] : x > hi ? v[2] : v[0]);
        return IR_EVAL_OK;
    }
    default:
        if (n != 2) return IR_EVAL_UNSUPPORTED;
        return int_binary(ev, in, v[0], v[1], out);
    }
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
    Lane in = lane_of_type(types_of(ev), args[ev->op == IR_OP_SELECT ? 1 : 0].type);
    Lane out_lane = lane_of_type(types_of(ev), type);
    if (in == LANE_NONE || out_lane == LANE_NONE) return IR_EVAL_UNSUPPORTED;
    *out = scalar_literal(type, 0);
    return scalar_op(ev, in, out_lane, v, n, &out->bits);
}

/* The lanes of a scalar or vector as doubles; false when it is neither. */
static bool float_vector(const Eval *ev, const IrLiteral *v, double *lanes, uint32_t *count, Lane *lane) {
    *count = is_composite(v) ? v->elem_count : 1;
    if (*count > 4) return false;
    for (uint32_t i = 0; i < *count; i++) {
        const IrLiteral *e = member(v, i);
        *lane = lane_of_type(types_of(ev), e->type);
        if (is_composite(e) || !is_float_lane(*lane)) return false;
        lanes[i] = lane_double(*lane, e->bits);
        if (!isfinite(lanes[i])) return false;
    }
    return true;
}

static IrEvalStatus float_vector_literal(const Eval *ev, IrTypeId type, Lane lane, const double *lanes,
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
    Lane lane = LANE_NONE;
    if (ev->op == IR_OP_DOT && is_composite(&args[0]) && args[0].elem_count > 0 &&
        is_int_lane(lane_of_type(types_of(ev), args[0].elems[0].type))) {
        /* Integer dot: one checked multiply and add per lane, as WGSL evaluates it. */
        Lane k = lane_of_type(types_of(ev), args[0].elems[0].type);
        Eval mul = {ev->ctx, IR_OP_MUL}, add = {ev->ctx, IR_OP_ADD};
        uint64_t sum = 0, product = 0;
        if (n != 2 || !is_composite(&args[1]) || args[1].elem_count != args[0].elem_count) return IR_EVAL_UNSUPPORTED;
        for (uint32_t i = 0; i < args[0].elem_count; i++) {
            IrEvalStatus s = int_binary(&mul, k, args[0].elems[i].bits, args[1].elems[i].bits, &product);
            if (s == IR_EVAL_OK) s = int_binary(&add, k, sum, product, &sum);
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
        Lane k = lane_of_type(types_of(ev), lanes[i]->type);
        if (k == LANE_NONE || k == LANE_BOOL) return false;
        if (k == LANE_F16) {
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
    Lane k = lane_of_type(types_of(ev), elem);
    uint32_t lanes = ir_type_lanes(types_of(ev), type);
    if (k == LANE_NONE || k == LANE_BOOL || count != lanes * (k == LANE_F16 ? 1u : 2u)) return IR_EVAL_UNSUPPORTED;
    IrLiteral result[4];
    for (uint32_t i = 0; i < lanes; i++) {
        result[i] = scalar_literal(elem, 0);
        if (k == LANE_F16) {
            float f = ir_f16_value((uint16_t)words[used++]);
            if (!isfinite(f)) return IR_EVAL_NONFINITE;
            result[i].bits = bits_of(f);
        } else {
            uint32_t b = words[used] | (words[used + 1] << 16);
            used += 2;
            if (k == LANE_F32 && !isfinite(float_of(b))) return IR_EVAL_NONFINITE;
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
