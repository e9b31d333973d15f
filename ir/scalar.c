/* The lane-wise scalar operations of YIR, defined once (scalar.h, scalar_ops.def). Each lane
 * class (bool, integer, float) is one switch over IrScalarOp without a default: the ops a
 * class does not take get their case labels from scalar_ops.def's N columns, so an op added
 * there and not defined for a class it takes does not compile (-Wswitch, -Werror). */
#include "scalar.h"

#include <math.h>
#include <string.h>

/* ---- the table ---- */

typedef enum ResultKind { RESULT_SAME, RESULT_BOOL, RESULT_CONVERTED } ResultKind;

typedef struct ScalarInfo {
    IrOp op;
    uint8_t arity;
    char on_bool, on_int, on_float;  /* 'Y', 'N'; on_int also 'S' (i32 only) */
    ResultKind result;
} ScalarInfo;

#define COLUMN_Y 'Y'
#define COLUMN_N 'N'
#define COLUMN_S 'S'

static const ScalarInfo SCALAR_INFO[IR_SCALAR_COUNT] = {
#define IR_SCALAR_OP(id, arity, on_bool, on_int, on_float, result) \
    {IR_OP_##id, arity, COLUMN_##on_bool, COLUMN_##on_int, COLUMN_##on_float, RESULT_##result},
#include "scalar_ops.def"
#undef IR_SCALAR_OP
};

/* Case labels for the scalar ops whose column is N (the lane class does not take them). */
#define CASE_IF_N(id) case IR_SCALAR_##id:
#define CASE_IF_Y(id)
#define CASE_IF_S(id)

IrScalarOp ir_scalar_op_of(IrOp op) {
    switch (op) {
#define IR_SCALAR_OP(id, arity, on_bool, on_int, on_float, result) \
    case IR_OP_##id:                                                \
        return IR_SCALAR_##id;
#include "scalar_ops.def"
#undef IR_SCALAR_OP
    /* Not lane-wise on scalars: values, memory and composites; bit images; the geometric
     * functions and derivatives; barriers, atomics, textures, subgroups, fragments, copies,
     * tensors; control flow. */
    case IR_OP_CONST: case IR_OP_CONSTANT: case IR_OP_GLOBAL: case IR_OP_VAR:
    case IR_OP_CONSTRUCT: case IR_OP_EXTRACT: case IR_OP_INSERT: case IR_OP_ACCESS: case IR_OP_LOAD:
    case IR_OP_STORE: case IR_OP_CALL: case IR_OP_ARRAY_LENGTH:
    case IR_OP_BITCAST: case IR_OP_PACK2X16FLOAT: case IR_OP_UNPACK2X16FLOAT:
    case IR_OP_DOT: case IR_OP_CROSS: case IR_OP_LENGTH: case IR_OP_DISTANCE: case IR_OP_NORMALIZE:
    case IR_OP_REFLECT: case IR_OP_DPDX: case IR_OP_DPDY:
    case IR_OP_WORKGROUP_BARRIER: case IR_OP_STORAGE_BARRIER:
    case IR_OP_ATOMIC_LOAD: case IR_OP_ATOMIC_STORE: case IR_OP_ATOMIC_ADD: case IR_OP_ATOMIC_SUB:
    case IR_OP_ATOMIC_MAX: case IR_OP_ATOMIC_MIN: case IR_OP_ATOMIC_EXCHANGE:
    case IR_OP_ATOMIC_COMPARE_EXCHANGE:
    case IR_OP_TEXTURE_SAMPLE: case IR_OP_TEXTURE_SAMPLE_LEVEL: case IR_OP_TEXTURE_LOAD:
    case IR_OP_TEXTURE_DIMENSIONS: case IR_OP_TEXTURE_SAMPLE_COMPARE:
    case IR_OP_SUBGROUP_SHUFFLE: case IR_OP_SUBGROUP_SHUFFLE_XOR: case IR_OP_SUBGROUP_SHUFFLE_UP:
    case IR_OP_SUBGROUP_SHUFFLE_DOWN: case IR_OP_SUBGROUP_ADD: case IR_OP_SUBGROUP_MAX:
    case IR_OP_SUBGROUP_MIN: case IR_OP_SUBGROUP_EXCLUSIVE_ADD: case IR_OP_SUBGROUP_INCLUSIVE_ADD:
    case IR_OP_SUBGROUP_EXCLUSIVE_MUL: case IR_OP_SUBGROUP_INCLUSIVE_MUL: case IR_OP_SUBGROUP_BALLOT:
    case IR_OP_SUBGROUP_ALL: case IR_OP_SUBGROUP_ANY: case IR_OP_SUBGROUP_ELECT:
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_FILL: case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_ROWS8:
    case IR_OP_FRAG_LOAD_TRANSPOSED: case IR_OP_FRAG_MMA: case IR_OP_FRAG_STORE: case IR_OP_FRAG_STORE_ROWS8:
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_MAX_SCALAR: case IR_OP_FRAG_ADD:
    case IR_OP_FRAG_SUB: case IR_OP_FRAG_MUL: case IR_OP_FRAG_DIV: case IR_OP_FRAG_MAX: case IR_OP_FRAG_EXP2:
    case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_TO_A: case IR_OP_FRAG_MASK_UPPER:
    case IR_OP_ASYNC_COPY: case IR_OP_ASYNC_COMMIT: case IR_OP_ASYNC_WAIT:
    case IR_OP_TENSOR_ZERO: case IR_OP_TENSOR_MMA: case IR_OP_TENSOR_STORE: case IR_OP_TENSOR_MMA_SHARED:
    case IR_OP_WARPGROUP_ID: case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16: case IR_OP_TENSOR_COMMIT: case IR_OP_TENSOR_WAIT:
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC:
    case IR_OP_MBARRIER_INIT: case IR_OP_MBARRIER_ARRIVE: case IR_OP_MBARRIER_EXPECT_TX: case IR_OP_MBARRIER_WAIT:
    case IR_OP_FENCE_PROXY_ASYNC: case IR_OP_TMA_LOAD:
    case IR_OP_IF: case IR_OP_LOOP: case IR_OP_YIELD: case IR_OP_BREAK: case IR_OP_CONTINUE:
    case IR_OP_RETURN: case IR_OP_DISCARD: case IR_OP_UNREACHABLE:
    case IR_OP_COUNT:
        return IR_SCALAR_NONE;
    }
    return IR_SCALAR_NONE;
}

IrOp ir_scalar_ir_op(IrScalarOp op) { return op < IR_SCALAR_COUNT ? SCALAR_INFO[op].op : IR_OP_COUNT; }

uint32_t ir_scalar_arity(IrScalarOp op) { return op < IR_SCALAR_COUNT ? SCALAR_INFO[op].arity : 0; }

bool ir_scalar_takes(IrScalarOp op, IrLane lane) {
    if (op >= IR_SCALAR_COUNT) return false;
    const ScalarInfo *info = &SCALAR_INFO[op];
    switch (lane) {
    case IR_LANE_BOOL: return info->on_bool == 'Y';
    case IR_LANE_I32: return info->on_int != 'N';
    case IR_LANE_U32: return info->on_int == 'Y';
    case IR_LANE_F32: case IR_LANE_F16: return info->on_float == 'Y';
    case IR_LANE_NONE: return false;
    }
    return false;
}

IrLane ir_scalar_result_lane(IrScalarOp op, IrLane lane) {
    if (!ir_scalar_takes(op, lane)) return IR_LANE_NONE;
    switch (SCALAR_INFO[op].result) {
    case RESULT_SAME: return lane;
    case RESULT_BOOL: return IR_LANE_BOOL;
    case RESULT_CONVERTED: return IR_LANE_NONE;
    }
    return IR_LANE_NONE;
}

IrLane ir_lane_of(const IrTypeTable *types, IrTypeId scalar) {
    const IrType *t = ir_type(types, scalar);
    if (!t) return IR_LANE_NONE;
    if (t->kind == IR_TYPE_BOOL) return IR_LANE_BOOL;
    if (t->kind != IR_TYPE_SCALAR) return IR_LANE_NONE;
    if (t->scalar == IR_SINT) return IR_LANE_I32;
    if (t->scalar == IR_UINT) return IR_LANE_U32;
    return t->width == 16 ? IR_LANE_F16 : IR_LANE_F32;
}

/* ---- f16 and f32 bits ---- */

static float float_of(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint32_t bits_of(float f) {
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static double round_half_even(double x) {
    double r = floor(x), diff = x - r;
    if (diff > 0.5 || (diff == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return r;
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
    return copysign(round_half_even(a / quantum) * quantum, x);
}

uint16_t ir_f16_bits(float value) {
    uint32_t f = bits_of(value);
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

/* ---- results ---- */

static IrScalarValue value(uint32_t bits, uint32_t flags) {
    IrScalarValue v = {bits, flags};
    return v;
}

static IrScalarValue undefined(void) { return value(0, IR_SCALAR_UNDEFINED); }

static bool is_float(IrLane lane) { return lane == IR_LANE_F32 || lane == IR_LANE_F16; }

/* A float result rounded once to its lane; NaN or infinite after rounding is flagged. */
static IrScalarValue rounded(IrLane lane, double r, uint32_t flags) {
    float f = (float)(lane == IR_LANE_F16 ? ir_f16_nearest(r) : r);
    if (!isfinite(f)) flags |= IR_SCALAR_NONFINITE | IR_SCALAR_VARIES;
    return value(bits_of(f), flags);
}

static uint32_t compare(IrScalarOp op, int cmp) {
    switch (op) {
    case IR_SCALAR_EQ: return cmp == 0;
    case IR_SCALAR_NE: return cmp != 0;
    case IR_SCALAR_LT: return cmp < 0;
    case IR_SCALAR_LE: return cmp <= 0;
    case IR_SCALAR_GT: return cmp > 0;
    default: return cmp >= 0;  /* GE */
    }
}

/* ---- bool lanes ---- */

static IrScalarValue bool_lane(IrScalarOp op, uint32_t a, uint32_t b) {
    switch (op) {
    case IR_SCALAR_NOT: return value(!a, 0);
    case IR_SCALAR_AND: return value(a && b, 0);
    case IR_SCALAR_OR: return value(a || b, 0);
    case IR_SCALAR_EQ: return value(a == b, 0);
    case IR_SCALAR_NE: return value(a != b, 0);
    case IR_SCALAR_CONVERT: case IR_SCALAR_SELECT:  /* ir_scalar_eval's, for every lane */
#define IR_SCALAR_OP(id, arity, on_bool, on_int, on_float, result) CASE_IF_##on_bool(id)
#include "scalar_ops.def"
#undef IR_SCALAR_OP
    case IR_SCALAR_COUNT:
        break;
    }
    return undefined();
}

/* ---- integer lanes ---- */

static int64_t widen(IrLane lane, uint32_t bits) {
    return lane == IR_LANE_I32 ? (int64_t)(int32_t)bits : (int64_t)bits;
}

/* An exact result: outside the lane's range it wraps and is flagged. */
static IrScalarValue ranged(IrLane lane, int64_t r) {
    bool fits = lane == IR_LANE_I32 ? r >= INT32_MIN && r <= INT32_MAX : r >= 0 && r <= (int64_t)UINT32_MAX;
    return value((uint32_t)(uint64_t)r, fits ? 0 : IR_SCALAR_OVERFLOW);
}

static IrScalarValue multiply(IrLane lane, uint32_t a, uint32_t b) {
    if (lane == IR_LANE_I32) return ranged(lane, widen(lane, a) * widen(lane, b));
    uint64_t p = (uint64_t)a * b;  /* both < 2^32: no wrap */
    return value((uint32_t)p, p > UINT32_MAX ? IR_SCALAR_OVERFLOW : 0);
}

/* WGSL: e / 0 = e, e % 0 = 0, and the same for i32_min by -1; other targets may differ. */
static IrScalarValue divide(IrScalarOp op, IrLane lane, uint32_t a, uint32_t b) {
    bool sign = lane == IR_LANE_I32;
    if (b == 0) return value(op == IR_SCALAR_DIV ? a : 0, IR_SCALAR_DIV_ZERO | IR_SCALAR_VARIES);
    if (sign && a == 0x80000000u && b == 0xFFFFFFFFu)
        return value(op == IR_SCALAR_DIV ? a : 0, IR_SCALAR_OVERFLOW | IR_SCALAR_VARIES);
    if (sign) {
        int32_t x = (int32_t)a, y = (int32_t)b;
        return value((uint32_t)(op == IR_SCALAR_DIV ? x / y : x % y), 0);
    }
    return value(op == IR_SCALAR_DIV ? a / b : a % b, 0);
}

/* WGSL's constant expressions: the bits shifted out (and, for i32, the new sign bit) must all
 * equal the result's sign (i32) or be zero (u32). */
static bool left_shift_loses_bits(IrLane lane, uint32_t a, uint32_t amount) {
    if (amount == 0) return false;
    uint32_t kept = lane == IR_LANE_I32 ? amount + 1 : amount;
    uint32_t mask = kept >= 32 ? 0xFFFFFFFFu : ~(0xFFFFFFFFu >> kept);
    uint32_t top = a & mask;
    return top != 0 && (lane != IR_LANE_I32 || top != mask);
}

/* The amount is taken mod 32; >> of an i32 is arithmetic (written without >> of negatives). */
static IrScalarValue shift(IrScalarOp op, IrLane lane, uint32_t a, uint32_t amount) {
    uint32_t flags = amount >= 32 ? IR_SCALAR_SHIFT_RANGE | IR_SCALAR_VARIES : 0, n = amount & 31u;
    if (op == IR_SCALAR_SHR) return value(lane == IR_LANE_I32 && (a & 0x80000000u) ? ~(~a >> n) : a >> n, flags);
    if (!flags && left_shift_loses_bits(lane, a, n)) flags = IR_SCALAR_OVERFLOW;
    return value(a << n, flags);
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

static IrScalarValue int_lane(IrScalarOp op, IrLane lane, uint32_t a, uint32_t b, uint32_t c) {
    int64_t x = widen(lane, a), y = widen(lane, b), z = widen(lane, c);
    switch (op) {
    case IR_SCALAR_ADD: return ranged(lane, x + y);
    case IR_SCALAR_SUB: return ranged(lane, x - y);
    case IR_SCALAR_MUL: return multiply(lane, a, b);
    case IR_SCALAR_DIV: case IR_SCALAR_REM: return divide(op, lane, a, b);
    case IR_SCALAR_NEG: return value(0u - a, 0);  /* WGSL: -(most negative) is itself */
    case IR_SCALAR_ABS: return value(x < 0 ? 0u - a : a, 0);
    case IR_SCALAR_SIGN: return value((uint32_t)(x > 0 ? 1 : x < 0 ? -1 : 0), 0);
    case IR_SCALAR_BIT_AND: return value(a & b, 0);
    case IR_SCALAR_BIT_OR: return value(a | b, 0);
    case IR_SCALAR_BIT_XOR: return value(a ^ b, 0);
    case IR_SCALAR_BIT_NOT: return value(~a, 0);
    case IR_SCALAR_COUNT_ONE_BITS: return value(count_ones(a), 0);
    case IR_SCALAR_REVERSE_BITS: return value(reverse_bits(a), 0);
    case IR_SCALAR_SHL: case IR_SCALAR_SHR: return shift(op, lane, a, b);
    case IR_SCALAR_MIN: return value(x < y ? a : b, 0);
    case IR_SCALAR_MAX: return value(x > y ? a : b, 0);
    case IR_SCALAR_CLAMP: {  /* min(max(e, low), high) */
        int64_t low = x > y ? x : y;
        return value((uint32_t)(uint64_t)(low < z ? low : z), y > z ? IR_SCALAR_DOMAIN | IR_SCALAR_VARIES : 0);
    }
    case IR_SCALAR_EQ: case IR_SCALAR_NE: case IR_SCALAR_LT: case IR_SCALAR_LE: case IR_SCALAR_GT:
    case IR_SCALAR_GE:
        return value(compare(op, x < y ? -1 : x > y), 0);
    case IR_SCALAR_CONVERT: case IR_SCALAR_SELECT:  /* ir_scalar_eval's, for every lane */
#define IR_SCALAR_OP(id, arity, on_bool, on_int, on_float, result) CASE_IF_##on_int(id)
#include "scalar_ops.def"
#undef IR_SCALAR_OP
    case IR_SCALAR_COUNT:
        break;
    }
    return undefined();
}

/* ---- float lanes ---- */

/* The float ops every target computes exactly as IEEE (f32 only; a constant folded at run time). */
static bool exact_on_every_target(IrScalarOp op) {
    switch (op) {
    case IR_SCALAR_ADD: case IR_SCALAR_SUB: case IR_SCALAR_MUL: case IR_SCALAR_DIV: case IR_SCALAR_NEG:
    case IR_SCALAR_ABS: case IR_SCALAR_EQ: case IR_SCALAR_NE: case IR_SCALAR_LT: case IR_SCALAR_LE:
    case IR_SCALAR_GT: case IR_SCALAR_GE:
        return true;
    default:
        return false;
    }
}

static double clamp_d(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }

static double smoothstep(double low, double high, double x) {
    double t = clamp_d((x - low) / (high - low), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

/* Flags every float op's value carries: f16 and inexact ops may differ per target, and a NaN
 * or infinite operand is not a constant expression's. */
static uint32_t float_flags(IrScalarOp op, IrLane lane, const double *operands) {
    uint32_t flags = lane == IR_LANE_F16 || !exact_on_every_target(op) ? IR_SCALAR_VARIES : 0;
    for (uint32_t i = 0; i < ir_scalar_arity(op); i++)
        if (!isfinite(operands[i])) flags |= IR_SCALAR_NONFINITE | IR_SCALAR_VARIES;
    return flags;
}

static IrScalarValue float_lane(IrScalarOp op, IrLane lane, uint32_t a, uint32_t b, uint32_t c) {
    double v[3] = {float_of(a), float_of(b), float_of(c)}, x = v[0], y = v[1], z = v[2];
    uint32_t flags = float_flags(op, lane, v);
    switch (op) {
    case IR_SCALAR_ADD: return rounded(lane, x + y, flags);
    case IR_SCALAR_SUB: return rounded(lane, x - y, flags);
    case IR_SCALAR_MUL: return rounded(lane, x * y, flags);
    case IR_SCALAR_DIV: return rounded(lane, x / y, flags);
    case IR_SCALAR_REM: return rounded(lane, fmod(x, y), flags);  /* exactly x - y * trunc(x / y) */
    case IR_SCALAR_NEG: return rounded(lane, -x, flags);
    case IR_SCALAR_ABS: return rounded(lane, fabs(x), flags);
    case IR_SCALAR_SIGN: return rounded(lane, x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0, flags);
    case IR_SCALAR_MIN: return rounded(lane, fmin(x, y), flags);  /* NaN: the other operand */
    case IR_SCALAR_MAX: return rounded(lane, fmax(x, y), flags);
    case IR_SCALAR_CLAMP:
        return rounded(lane, clamp_d(x, y, z), y > z ? flags | IR_SCALAR_DOMAIN | IR_SCALAR_VARIES : flags);
    case IR_SCALAR_SQRT: return rounded(lane, sqrt(x), flags);
    case IR_SCALAR_INVERSE_SQRT: return rounded(lane, 1.0 / sqrt(x), flags);
    case IR_SCALAR_EXP: return rounded(lane, exp(x), flags);
    case IR_SCALAR_EXP2: return rounded(lane, exp2(x), flags);
    case IR_SCALAR_LOG: return rounded(lane, log(x), flags);
    case IR_SCALAR_LOG2: return rounded(lane, log2(x), flags);
    case IR_SCALAR_POW: return rounded(lane, pow(x, y), flags);
    case IR_SCALAR_SIN: return rounded(lane, sin(x), flags);
    case IR_SCALAR_COS: return rounded(lane, cos(x), flags);
    case IR_SCALAR_TAN: return rounded(lane, tan(x), flags);
    case IR_SCALAR_TANH: return rounded(lane, tanh(x), flags);
    case IR_SCALAR_ASIN: return rounded(lane, asin(x), flags);  /* NaN outside [-1, 1] */
    case IR_SCALAR_ACOS: return rounded(lane, acos(x), flags);
    case IR_SCALAR_ATAN: return rounded(lane, atan(x), flags);
    case IR_SCALAR_ATAN2: return rounded(lane, atan2(x, y), flags);
    case IR_SCALAR_FLOOR: return rounded(lane, floor(x), flags);
    case IR_SCALAR_CEIL: return rounded(lane, ceil(x), flags);
    case IR_SCALAR_TRUNC: return rounded(lane, trunc(x), flags);
    case IR_SCALAR_FRACT: return rounded(lane, x - floor(x), flags);
    case IR_SCALAR_ROUND: return rounded(lane, isfinite(x) ? round_half_even(x) : x, flags);
    case IR_SCALAR_SATURATE: return rounded(lane, clamp_d(x, 0.0, 1.0), flags);
    case IR_SCALAR_STEP: return rounded(lane, y >= x ? 1.0 : 0.0, flags);  /* step(edge, x) */
    case IR_SCALAR_MIX: return rounded(lane, x * (1.0 - z) + y * z, flags);
    case IR_SCALAR_SMOOTHSTEP:
        return rounded(lane, smoothstep(x, y, z), x == y ? flags | IR_SCALAR_DOMAIN | IR_SCALAR_VARIES : flags);
    case IR_SCALAR_FMA:  /* one rounding: fmaf for f32; f16 through the exact double */
        return rounded(lane, lane == IR_LANE_F32 ? (double)fmaf(float_of(a), float_of(b), float_of(c)) : fma(x, y, z),
                       flags);
    case IR_SCALAR_EQ: case IR_SCALAR_NE: case IR_SCALAR_LT: case IR_SCALAR_LE: case IR_SCALAR_GT:
    case IR_SCALAR_GE:  /* NaN is unordered: only != holds */
        return value(isnan(x) || isnan(y) ? op == IR_SCALAR_NE : compare(op, x < y ? -1 : x > y), flags);
    case IR_SCALAR_CONVERT: case IR_SCALAR_SELECT:  /* ir_scalar_eval's, for every lane */
#define IR_SCALAR_OP(id, arity, on_bool, on_int, on_float, result) CASE_IF_##on_float(id)
#include "scalar_ops.def"
#undef IR_SCALAR_OP
    case IR_SCALAR_COUNT:
        break;
    }
    return undefined();
}

/* ---- convert ---- */

/* A float whose truncation lies inside the integer type's range converts to the same integer on
 * every target (WGSL, MSL, PTX's cvt.rzi); only out-of-range values and NaN differ. */
static bool exact_float_to_int(IrLane from, IrLane to, uint32_t a) {
    if (!is_float(from) || (to != IR_LANE_I32 && to != IR_LANE_U32)) return false;
    double d = trunc((double)float_of(a));
    double lo = to == IR_LANE_I32 ? -2147483648.0 : 0.0, hi = to == IR_LANE_I32 ? 2147483647.0 : 4294967295.0;
    return isfinite(d) && d >= lo && d <= hi;
}

static double integer_value(IrLane lane, uint32_t bits) {
    return lane == IR_LANE_I32 ? (double)(int32_t)bits : (double)bits;
}

/* WGSL: float to integer truncates and saturates (NaN → 0); to a float rounds to nearest. Any
 * conversion to or from a float but an exact float-to-integer one may differ per target. */
static IrScalarValue convert(IrLane from, IrLane to, uint32_t a) {
    uint32_t flags = (is_float(from) || is_float(to)) && !exact_float_to_int(from, to, a) ? IR_SCALAR_VARIES : 0;
    if (from == to) return value(a, flags);
    if (to == IR_LANE_BOOL) return value(is_float(from) ? float_of(a) != 0.0f : a != 0, flags);
    if (from == IR_LANE_BOOL) return is_float(to) ? rounded(to, a ? 1.0 : 0.0, flags) : value(a ? 1u : 0u, flags);
    if (!is_float(from) && !is_float(to)) return value(a, flags);
    if (is_float(to)) return rounded(to, is_float(from) ? (double)float_of(a) : integer_value(from, a), flags);
    double d = trunc((double)float_of(a));
    if (!isfinite(d)) flags |= IR_SCALAR_NONFINITE | IR_SCALAR_VARIES;
    if (isnan(d)) return value(0, flags);
    double lo = to == IR_LANE_I32 ? -2147483648.0 : 0.0, hi = to == IR_LANE_I32 ? 2147483647.0 : 4294967295.0;
    d = d < lo ? lo : d > hi ? hi : d;
    return value((uint32_t)(uint64_t)(int64_t)d, flags);
}

IrScalarValue ir_scalar_eval(IrScalarOp op, IrLane lane, IrLane out, uint32_t a, uint32_t b, uint32_t c) {
    if (!ir_scalar_takes(op, lane)) return undefined();
    if (op == IR_SCALAR_CONVERT) return out == IR_LANE_NONE ? undefined() : convert(lane, out, a);
    if (op == IR_SCALAR_SELECT) return value(a ? b : c, 0);  /* select %cond, %if_true, %if_false */
    switch (lane) {
    case IR_LANE_BOOL: return bool_lane(op, a, b);
    case IR_LANE_I32: case IR_LANE_U32: return int_lane(op, lane, a, b, c);
    case IR_LANE_F32: case IR_LANE_F16: return float_lane(op, lane, a, b, c);
    case IR_LANE_NONE: break;
    }
    return undefined();
}
