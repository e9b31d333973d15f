/* One lane of a YIR operation with WGSL's run-time rules (docs/exec.md):
 *   integers wrap; e / 0 = e and INT_MIN / -1 = INT_MIN; e % 0 = 0 and INT_MIN % -1 = 0;
 *   shift amounts are taken mod 32 (>> of an i32 is arithmetic);
 *   float → integer truncates and saturates (NaN → 0); integer → float rounds to nearest;
 *   f32 arithmetic and sqrt are correctly rounded (computed in double, then rounded once:
 *   exact for + − × ÷ √ since 53 ≥ 2·24 + 2), fma is fmaf; the other math functions are
 *   libm's double results rounded to the lane (the reference, docs/exec.md says where GPUs
 *   differ); f16 results are rounded by ir_f16_nearest, the one f16 rounding of ir/. */
#include <math.h>
#include <string.h>

#include "internal.h"

ExLane ex_lane_of(const IrTypeTable *types, IrTypeId type) {
    const IrType *m = ir_type(types, type);
    if (m && m->kind == IR_TYPE_MATRIX) type = m->elem;
    const IrType *t = ir_type(types, ir_type_element_scalar(types, type));
    if (!t) return EX_LANE_OTHER;
    if (t->kind == IR_TYPE_BOOL) return EX_BOOL;
    if (t->kind != IR_TYPE_SCALAR) return EX_LANE_OTHER;
    if (t->scalar == IR_SINT) return EX_I32;
    if (t->scalar == IR_UINT) return EX_U32;
    return t->width == 16 ? EX_F16 : EX_F32;
}

float ex_f32(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

uint32_t ex_bits(float value) {
    uint32_t b;
    memcpy(&b, &value, sizeof b);
    return b;
}

uint32_t ex_round_float(ExLane lane, double value) {
    if (lane == EX_F16) return ex_bits((float)ir_f16_nearest(value));
    return ex_bits((float)value);
}

static bool is_float(ExLane lane) { return lane == EX_F32 || lane == EX_F16; }

static uint32_t convert(ExLane from, ExLane to, uint32_t a) {
    if (from == to) return a;
    if (to == EX_BOOL) return is_float(from) ? ex_f32(a) != 0.0f : a != 0;
    if (from == EX_BOOL) return is_float(to) ? ex_round_float(to, a ? 1.0 : 0.0) : (a ? 1u : 0u);
    if (!is_float(from) && !is_float(to)) return a;
    if (is_float(to)) {
        double v = is_float(from) ? (double)ex_f32(a) : from == EX_I32 ? (double)(int32_t)a : (double)a;
        return ex_round_float(to, v);
    }
    double d = trunc((double)ex_f32(a));
    if (isnan(d)) return 0;
    if (to == EX_I32) {
        if (d <= -2147483648.0) return 0x80000000u;
        if (d >= 2147483647.0) return 0x7FFFFFFFu;
        return (uint32_t)(int32_t)d;
    }
    if (d <= 0.0) return 0;
    if (d >= 4294967295.0) return 0xFFFFFFFFu;
    return (uint32_t)d;
}

static uint32_t count_ones(uint32_t x) {
    uint32_t n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static uint32_t reverse_bits(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++, x >>= 1) r = (r << 1) | (x & 1u);
    return r;
}

static uint32_t compare(IrOp op, int cmp, bool unordered) {
    if (unordered) return op == IR_OP_NE;  /* NaN: only != holds */
    switch (op) {
    case IR_OP_EQ: return cmp == 0;
    case IR_OP_NE: return cmp != 0;
    case IR_OP_LT: return cmp < 0;
    case IR_OP_LE: return cmp <= 0;
    case IR_OP_GT: return cmp > 0;
    default: return cmp >= 0;
    }
}

static uint32_t int_divide(IrOp op, bool sign, uint32_t a, uint32_t b) {
    if (b == 0 || (sign && a == 0x80000000u && b == 0xFFFFFFFFu)) return op == IR_OP_DIV ? a : 0;
    if (sign) {
        int32_t x = (int32_t)a, y = (int32_t)b;
        return (uint32_t)(op == IR_OP_DIV ? x / y : x % y);
    }
    return op == IR_OP_DIV ? a / b : a % b;
}

static uint32_t integer(IrOp op, ExLane lane, uint32_t a, uint32_t b, uint32_t c) {
    bool sign = lane == EX_I32;
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (op) {
    case IR_OP_ADD: return a + b;
    case IR_OP_SUB: return a - b;
    case IR_OP_MUL: return a * b;
    case IR_OP_DIV: case IR_OP_REM: return int_divide(op, sign, a, b);
    case IR_OP_NEG: return 0u - a;
    case IR_OP_ABS: return sign && sa < 0 ? 0u - a : a;
    case IR_OP_SIGN: return (uint32_t)(sa > 0 ? 1 : sa < 0 ? -1 : 0);
    case IR_OP_BIT_AND: return a & b;
    case IR_OP_BIT_OR: return a | b;
    case IR_OP_BIT_XOR: return a ^ b;
    case IR_OP_BIT_NOT: return ~a;
    case IR_OP_COUNT_ONE_BITS: return count_ones(a);
    case IR_OP_REVERSE_BITS: return reverse_bits(a);
    case IR_OP_SHL: return a << (b & 31u);
    case IR_OP_SHR:
        b &= 31u;
        return sign && (a & 0x80000000u) ? ~(~a >> b) : a >> b;
    case IR_OP_MIN: return (sign ? sa < sb : a < b) ? a : b;
    case IR_OP_MAX: return (sign ? sa > sb : a > b) ? a : b;
    case IR_OP_CLAMP: {
        uint32_t lo = integer(IR_OP_MAX, lane, a, b, 0);
        return integer(IR_OP_MIN, lane, lo, c, 0);
    }
    default:
        return compare(op, sign ? (sa < sb ? -1 : sa > sb) : (a < b ? -1 : a > b), false);
    }
}

static double clamp_d(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }

static double float_math(IrOp op, double x, double y, double z) {
    switch (op) {
    case IR_OP_ADD: return x + y;
    case IR_OP_SUB: return x - y;
    case IR_OP_MUL: return x * y;
    case IR_OP_DIV: return x / y;
    case IR_OP_REM: return x - y * trunc(x / y);
    case IR_OP_NEG: return -x;
    case IR_OP_ABS: return fabs(x);
    case IR_OP_SIGN: return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
    case IR_OP_MIN: return fmin(x, y);
    case IR_OP_MAX: return fmax(x, y);
    case IR_OP_CLAMP: return clamp_d(x, y, z);
    case IR_OP_SQRT: return sqrt(x);
    case IR_OP_INVERSE_SQRT: return 1.0 / sqrt(x);
    case IR_OP_EXP: return exp(x);
    case IR_OP_EXP2: return exp2(x);
    case IR_OP_LOG: return log(x);
    case IR_OP_LOG2: return log2(x);
    case IR_OP_POW: return pow(x, y);
    case IR_OP_SIN: return sin(x);
    case IR_OP_COS: return cos(x);
    case IR_OP_TAN: return tan(x);
    case IR_OP_TANH: return tanh(x);
    case IR_OP_ASIN: return asin(x);
    case IR_OP_ACOS: return acos(x);
    case IR_OP_ATAN: return atan(x);
    case IR_OP_ATAN2: return atan2(x, y);
    case IR_OP_FLOOR: return floor(x);
    case IR_OP_CEIL: return ceil(x);
    case IR_OP_TRUNC: return trunc(x);
    case IR_OP_FRACT: return x - floor(x);
    case IR_OP_ROUND: return nearbyint(x);  /* ties to even in the default rounding mode */
    case IR_OP_SATURATE: return clamp_d(x, 0.0, 1.0);
    case IR_OP_STEP: return y >= x ? 1.0 : 0.0;  /* step(edge, x) */
    case IR_OP_MIX: return x * (1.0 - z) + y * z;
    case IR_OP_SMOOTHSTEP: {
        double t = clamp_d((z - x) / (y - x), 0.0, 1.0);
        return t * t * (3.0 - 2.0 * t);
    }
    default: return NAN;
    }
}

static uint32_t floating(IrOp op, ExLane lane, uint32_t a, uint32_t b, uint32_t c) {
    float fx = ex_f32(a), fy = ex_f32(b), fz = ex_f32(c);
    switch (op) {
    case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT: case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
        return compare(op, fx < fy ? -1 : fx > fy, isnan(fx) || isnan(fy));
    case IR_OP_FMA:
        return lane == EX_F16 ? ex_round_float(lane, fma((double)fx, fy, fz)) : ex_bits(fmaf(fx, fy, fz));
    default:
        return ex_round_float(lane, float_math(op, fx, fy, fz));
    }
}

uint32_t ex_scalar(IrOp op, ExLane lane, ExLane out, uint32_t a, uint32_t b, uint32_t c) {
    if (op == IR_OP_CONVERT) return convert(lane, out, a);
    if (op == IR_OP_SELECT) return a ? b : c;  /* select %cond, %if_true, %if_false */
    if (lane == EX_BOOL) {
        switch (op) {
        case IR_OP_NOT: return !a;
        case IR_OP_AND: return a && b;
        case IR_OP_OR: return a || b;
        case IR_OP_EQ: return a == b;
        default: return a != b;
        }
    }
    return is_float(lane) ? floating(op, lane, a, b, c) : integer(op, lane, a, b, c);
}
