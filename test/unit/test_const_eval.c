/* The one constant evaluator (ir/const_eval.c): every operation family, WGSL's
 * const-expression errors, the run-time mode the fold pass uses, and f16 rounding. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"

typedef struct Fixture {
    IrModule *m;
    IrTypeTable *t;
    IrConstEval konst, runtime;
    IrTypeId b, i32, u32, f32, f16, v2f, v3f, v2u, v2b, v4f, m2f;
} Fixture;

static int setup(void **state) {
    Fixture *f = test_calloc(1, sizeof *f);
    f->m = ir_module_new();
    f->t = &f->m->types;
    f->konst = (IrConstEval){f->t, &f->m->arena, IR_EVAL_CONST_EXPR};
    f->runtime = (IrConstEval){f->t, &f->m->arena, IR_EVAL_RUNTIME};
    f->b = ir_type_bool(f->t);
    f->i32 = ir_type_i32(f->t);
    f->u32 = ir_type_u32(f->t);
    f->f32 = ir_type_f32(f->t);
    f->f16 = ir_type_f16(f->t);
    f->v2f = ir_type_vector(f->t, f->f32, 2);
    f->v3f = ir_type_vector(f->t, f->f32, 3);
    f->v4f = ir_type_vector(f->t, f->f32, 4);
    f->v2u = ir_type_vector(f->t, f->u32, 2);
    f->v2b = ir_type_vector(f->t, f->b, 2);
    f->m2f = ir_type_matrix(f->t, f->f32, 2, 2);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    Fixture *f = *state;
    ir_module_free(f->m);
    test_free(f);
    return 0;
}

static uint64_t fbits(float x) {
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static float fval(uint64_t bits) {
    uint32_t b = (uint32_t)bits;
    float x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static IrLiteral S(IrTypeId type, uint64_t bits) { return (IrLiteral){type, bits, NULL, 0}; }
static IrLiteral I(Fixture *f, int32_t v) { return S(f->i32, (uint32_t)v); }
static IrLiteral U(Fixture *f, uint32_t v) { return S(f->u32, v); }
static IrLiteral F(Fixture *f, float v) { return S(f->f32, fbits(v)); }
static IrLiteral H(Fixture *f, float v) { return S(f->f16, fbits(v)); }

static IrLiteral vec(Fixture *f, IrTypeId type, const IrLiteral *lanes, uint32_t n) {
    IrLiteral out;
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_CONSTRUCT, type, lanes, n, &out), IR_EVAL_OK);
    return out;
}

static IrEvalStatus ev2(const IrConstEval *mode, IrOp op, IrTypeId type, IrLiteral a, IrLiteral b,
                        IrLiteral *out) {
    IrLiteral args[2] = {a, b};
    return ir_const_eval(mode, op, type, args, 2, out);
}

static IrEvalStatus ev1(const IrConstEval *mode, IrOp op, IrTypeId type, IrLiteral a, IrLiteral *out) {
    return ir_const_eval(mode, op, type, &a, 1, out);
}

static void test_integer_arithmetic_and_overflow(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    assert_int_equal(ev2(&f->konst, IR_OP_ADD, f->i32, I(f, 2), I(f, 3), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, 5);
    assert_int_equal(ev2(&f->konst, IR_OP_SUB, f->u32, U(f, 2), U(f, 3), &r), IR_EVAL_OVERFLOW);
    assert_int_equal(ev2(&f->konst, IR_OP_ADD, f->i32, I(f, INT32_MAX), I(f, 1), &r), IR_EVAL_OVERFLOW);
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->u32, U(f, 65536), U(f, 65536), &r), IR_EVAL_OVERFLOW);
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->u32, U(f, 65535), U(f, 65537), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 4294967295u);
    assert_int_equal(ev2(&f->konst, IR_OP_DIV, f->i32, I(f, 1), I(f, 0), &r), IR_EVAL_DIV_ZERO);
    assert_int_equal(ev2(&f->konst, IR_OP_REM, f->u32, U(f, 1), U(f, 0), &r), IR_EVAL_DIV_ZERO);
    assert_int_equal(ev2(&f->konst, IR_OP_DIV, f->i32, I(f, INT32_MIN), I(f, -1), &r), IR_EVAL_OVERFLOW);
    assert_int_equal(ev2(&f->konst, IR_OP_DIV, f->i32, I(f, -7), I(f, 2), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -3);  /* truncates toward zero */
    assert_int_equal(ev2(&f->konst, IR_OP_REM, f->i32, I(f, -7), I(f, 2), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -1);
    /* -(most negative i32) is itself in WGSL, even in a constant expression */
    assert_int_equal(ev1(&f->konst, IR_OP_NEG, f->i32, I(f, INT32_MIN), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, INT32_MIN);
}

static void test_runtime_mode_wraps_and_declines(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    assert_int_equal(ev2(&f->runtime, IR_OP_ADD, f->i32, I(f, INT32_MAX), I(f, 1), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, INT32_MIN);
    assert_int_equal(ev2(&f->runtime, IR_OP_SUB, f->u32, U(f, 2), U(f, 3), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xFFFFFFFFu);
    assert_int_equal(ev2(&f->runtime, IR_OP_DIV, f->i32, I(f, 1), I(f, 0), &r), IR_EVAL_VARIES);
    assert_int_equal(ev2(&f->runtime, IR_OP_DIV, f->i32, I(f, INT32_MIN), I(f, -1), &r), IR_EVAL_VARIES);
    assert_int_equal(ev2(&f->runtime, IR_OP_SHL, f->u32, U(f, 1), U(f, 32), &r), IR_EVAL_VARIES);
    assert_int_equal(ev2(&f->runtime, IR_OP_SHL, f->u32, U(f, 0x80000001u), U(f, 1), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 2u);  /* wraps at run time */
    assert_int_equal(ev2(&f->runtime, IR_OP_DIV, f->f32, F(f, 1), F(f, 0), &r), IR_EVAL_VARIES);
    assert_int_equal(ev2(&f->runtime, IR_OP_MUL, f->f32, F(f, 1.5f), F(f, 2), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 3.0f);
    /* f16 arithmetic, transcendental math and float conversions are left to the target */
    assert_int_equal(ev2(&f->runtime, IR_OP_ADD, f->f16, H(f, 1), H(f, 2), &r), IR_EVAL_VARIES);
    assert_int_equal(ev1(&f->runtime, IR_OP_SQRT, f->f32, F(f, 4), &r), IR_EVAL_VARIES);
    assert_int_equal(ev1(&f->runtime, IR_OP_CONVERT, f->f32, I(f, 3), &r), IR_EVAL_VARIES);
    assert_int_equal(ev1(&f->runtime, IR_OP_CONVERT, f->u32, I(f, -1), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xFFFFFFFFu);
    /* never an error status in run-time mode */
    assert_int_equal(ev2(&f->runtime, IR_OP_REM, f->u32, U(f, 3), U(f, 0), &r), IR_EVAL_VARIES);
}

static void test_bits_and_shifts(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    assert_int_equal(ev2(&f->konst, IR_OP_BIT_AND, f->u32, U(f, 0xF0F0u), U(f, 0xFF00u), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xF000u);
    assert_int_equal(ev2(&f->konst, IR_OP_BIT_OR, f->u32, U(f, 1), U(f, 6), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 7u);
    assert_int_equal(ev2(&f->konst, IR_OP_BIT_XOR, f->i32, I(f, -1), I(f, 1), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -2);
    assert_int_equal(ev1(&f->konst, IR_OP_BIT_NOT, f->u32, U(f, 0), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xFFFFFFFFu);
    assert_int_equal(ev1(&f->konst, IR_OP_COUNT_ONE_BITS, f->u32, U(f, 0xF1u), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 5u);
    assert_int_equal(ev1(&f->konst, IR_OP_REVERSE_BITS, f->u32, U(f, 1), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0x80000000u);
    assert_int_equal(ev2(&f->konst, IR_OP_SHL, f->u32, U(f, 3), U(f, 4), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 48u);
    /* u32: the bits shifted out must be zero */
    assert_int_equal(ev2(&f->konst, IR_OP_SHL, f->u32, U(f, 0x80000000u), U(f, 1), &r), IR_EVAL_OVERFLOW);
    /* i32: the shifted-out bits and the new sign bit must agree */
    assert_int_equal(ev2(&f->konst, IR_OP_SHL, f->i32, I(f, -1), U(f, 31), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, INT32_MIN);
    assert_int_equal(ev2(&f->konst, IR_OP_SHL, f->i32, I(f, 1), U(f, 31), &r), IR_EVAL_OVERFLOW);
    assert_int_equal(ev2(&f->konst, IR_OP_SHL, f->i32, I(f, 0x40000000), U(f, 1), &r), IR_EVAL_OVERFLOW);
    assert_int_equal(ev2(&f->konst, IR_OP_SHL, f->u32, U(f, 0), U(f, 32), &r), IR_EVAL_SHIFT_RANGE);
    assert_int_equal(ev2(&f->konst, IR_OP_SHR, f->i32, I(f, -8), U(f, 1), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -4);  /* arithmetic for i32 */
    assert_int_equal(ev2(&f->konst, IR_OP_SHR, f->u32, U(f, 0x80000000u), U(f, 31), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 1u);
    assert_int_equal(ev2(&f->konst, IR_OP_SHR, f->u32, U(f, 1), U(f, 40), &r), IR_EVAL_SHIFT_RANGE);
}

static void test_floats_and_nonfinite(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    assert_int_equal(ev2(&f->konst, IR_OP_DIV, f->f32, F(f, 1), F(f, 4), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 0.25f);
    assert_int_equal(ev2(&f->konst, IR_OP_DIV, f->f32, F(f, 1), F(f, 0), &r), IR_EVAL_NONFINITE);
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->f32, F(f, 3e38f), F(f, 10), &r), IR_EVAL_NONFINITE);
    assert_int_equal(ev2(&f->konst, IR_OP_REM, f->f32, F(f, -7.5f), F(f, 2), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == -1.5f);
    assert_int_equal(ev1(&f->konst, IR_OP_SQRT, f->f32, F(f, -1), &r), IR_EVAL_NONFINITE);
    assert_int_equal(ev1(&f->konst, IR_OP_LOG, f->f32, F(f, 0), &r), IR_EVAL_NONFINITE);
    assert_int_equal(ev1(&f->konst, IR_OP_SQRT, f->f32, F(f, 2.25f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 1.5f);
    /* round: ties to even; fract, floor, ceil, trunc, sign, saturate */
    assert_int_equal(ev1(&f->konst, IR_OP_ROUND, f->f32, F(f, 2.5f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 2.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_ROUND, f->f32, F(f, -3.5f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == -4.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_FRACT, f->f32, F(f, -1.25f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 0.75f);
    assert_int_equal(ev1(&f->konst, IR_OP_FLOOR, f->f32, F(f, -1.5f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == -2.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_CEIL, f->f32, F(f, 1.25f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 2.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_TRUNC, f->f32, F(f, -1.75f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == -1.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_SIGN, f->f32, F(f, -3), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == -1.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_SATURATE, f->f32, F(f, 7), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 1.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_ABS, f->i32, I(f, -5), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, 5);
}

static void test_min_max_clamp_and_domain(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    assert_int_equal(ev2(&f->konst, IR_OP_MIN, f->i32, I(f, -2), I(f, 1), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -2);
    assert_int_equal(ev2(&f->konst, IR_OP_MAX, f->u32, U(f, 0xFFFFFFFFu), U(f, 1), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xFFFFFFFFu);  /* unsigned order */
    IrLiteral c[3] = {F(f, 5), F(f, 0), F(f, 1)};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_CLAMP, f->f32, c, 3, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 1.0f);
    IrLiteral bad[3] = {I(f, 5), I(f, 3), I(f, 1)};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_CLAMP, f->i32, bad, 3, &r), IR_EVAL_DOMAIN);
    IrLiteral mix[3] = {F(f, 0), F(f, 10), F(f, 0.25f)};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_MIX, f->f32, mix, 3, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 2.5f);
    IrLiteral step[2] = {F(f, 1), F(f, 1)};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_STEP, f->f32, step, 2, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 1.0f);  /* edge <= x */
    IrLiteral fma[3] = {F(f, 2), F(f, 3), F(f, 4)};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_FMA, f->f32, fma, 3, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 10.0f);
}

static void test_f16_rounding(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    /* ties to even at 11 significant bits: 2049 lies halfway between 2048 and 2050 */
    assert_true(ir_f16_nearest(2049.0) == 2048.0);
    assert_true(ir_f16_nearest(2051.0) == 2052.0);
    assert_true(ir_f16_nearest(65504.0) == 65504.0);
    assert_true(ir_f16_nearest(65519.0) == 65504.0);
    assert_true(isinf(ir_f16_nearest(65520.0)));
    assert_true(ir_f16_nearest(0x1p-25) == 0.0);            /* half the smallest subnormal: to even */
    assert_true(ir_f16_nearest(0x1.8p-24) == 0x1p-23);      /* 1.5 quanta: to even (2) */
    assert_true(ir_f16_nearest(0.1) == 0.0999755859375);
    assert_int_equal(ir_f16_bits(1.0f), 0x3C00);
    assert_int_equal(ir_f16_bits(-2.0f), 0xC000);
    assert_int_equal(ir_f16_bits(65504.0f), 0x7BFF);
    assert_int_equal(ir_f16_bits(0x1p-24f), 0x0001);
    assert_true(ir_f16_value(0x3555) == ir_f16_nearest(1.0 / 3.0));
    /* f16 arithmetic rounds to f16; past 65504 it overflows to infinity, an error */
    assert_int_equal(ev2(&f->konst, IR_OP_ADD, f->f16, H(f, 2048), H(f, 1), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 2048.0f);
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->f16, H(f, 256), H(f, 256), &r), IR_EVAL_NONFINITE);
    assert_int_equal(ev1(&f->konst, IR_OP_CONVERT, f->f16, F(f, 70000), &r), IR_EVAL_NONFINITE);
    assert_int_equal(ev1(&f->konst, IR_OP_CONVERT, f->f16, F(f, 0.1f), &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 0.0999755859375f);
}

static void test_conversions_and_bitcast(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    assert_int_equal(ev1(&f->konst, IR_OP_CONVERT, f->i32, F(f, -2.75f), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -2);
    assert_int_equal(ev1(&f->konst, IR_OP_CONVERT, f->u32, F(f, -5), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0u);  /* saturates */
    assert_int_equal(ev1(&f->konst, IR_OP_CONVERT, f->i32, F(f, 3e9f), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, INT32_MAX);
    assert_int_equal(ev1(&f->konst, IR_OP_CONVERT, f->b, U(f, 7), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 1u);
    assert_int_equal(ev1(&f->konst, IR_OP_BITCAST, f->u32, F(f, 1), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0x3F800000u);
    assert_int_equal(ev1(&f->konst, IR_OP_BITCAST, f->f32, U(f, 0x7F800000u), &r), IR_EVAL_NONFINITE);
    IrLiteral halves[2] = {H(f, 1), H(f, -2)};
    IrTypeId v2h = ir_type_vector(f->t, f->f16, 2);
    assert_int_equal(ev1(&f->konst, IR_OP_BITCAST, f->u32, vec(f, v2h, halves, 2), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xC0003C00u);
    IrLiteral pair[2] = {F(f, 1), F(f, -2)};
    assert_int_equal(ev1(&f->konst, IR_OP_PACK2X16FLOAT, f->u32, vec(f, f->v2f, pair, 2), &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 0xC0003C00u);
    assert_int_equal(ev1(&f->konst, IR_OP_UNPACK2X16FLOAT, f->v2f, U(f, 0xC0003C00u), &r), IR_EVAL_OK);
    assert_true(fval(r.elems[0].bits) == 1.0f && fval(r.elems[1].bits) == -2.0f);
}

static void test_vectors_select_and_projection(void **state) {
    Fixture *f = *state;
    IrLiteral r;
    IrLiteral a_l[3] = {F(f, 1), F(f, 2), F(f, 2)}, b_l[3] = {F(f, 3), F(f, 0), F(f, 1)};
    IrLiteral a = vec(f, f->v3f, a_l, 3), b = vec(f, f->v3f, b_l, 3);
    assert_int_equal(ev2(&f->konst, IR_OP_DOT, f->f32, a, b, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 5.0f);
    assert_int_equal(ev1(&f->konst, IR_OP_LENGTH, f->f32, a, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 3.0f);
    assert_int_equal(ev2(&f->konst, IR_OP_CROSS, f->v3f, a, b, &r), IR_EVAL_OK);
    assert_true(fval(r.elems[0].bits) == 2.0f && fval(r.elems[1].bits) == 5.0f && fval(r.elems[2].bits) == -6.0f);
    /* integer dot: checked multiply-adds (u32 products past 2^32 overflow) */
    IrLiteral big2[2] = {U(f, 65536), U(f, 3)}, small2[2] = {U(f, 65535), U(f, 4)};
    IrLiteral bu = vec(f, f->v2u, big2, 2), su = vec(f, f->v2u, small2, 2);
    assert_int_equal(ev2(&f->konst, IR_OP_DOT, f->u32, bu, su, &r), IR_EVAL_OK);
    assert_int_equal(r.bits, 65536u * 65535u + 12u);
    assert_int_equal(ev2(&f->konst, IR_OP_DOT, f->u32, bu, bu, &r), IR_EVAL_OVERFLOW);
    IrTypeId v2i = ir_type_vector(f->t, f->i32, 2);
    IrLiteral ia[2] = {I(f, -3), I(f, 5)}, ib[2] = {I(f, 4), I(f, -2)};
    assert_int_equal(ev2(&f->konst, IR_OP_DOT, f->i32, vec(f, v2i, ia, 2), vec(f, v2i, ib, 2), &r), IR_EVAL_OK);
    assert_int_equal((int32_t)r.bits, -22);
    /* a scalar operand of a vector operation is splat */
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->v3f, a, F(f, 2), &r), IR_EVAL_OK);
    assert_true(fval(r.elems[2].bits) == 4.0f);
    IrLiteral zero3[1] = {F(f, 0)};
    assert_int_equal(ev1(&f->konst, IR_OP_NORMALIZE, f->v3f, vec(f, f->v3f, zero3, 1), &r), IR_EVAL_NONFINITE);
    /* comparisons give bool vectors; select lane by lane or with one condition */
    IrLiteral u_l[2] = {U(f, 1), U(f, 9)}, w_l[2] = {U(f, 5), U(f, 5)};
    IrLiteral u = vec(f, f->v2u, u_l, 2), w = vec(f, f->v2u, w_l, 2);
    IrLiteral lt;
    assert_int_equal(ev2(&f->konst, IR_OP_LT, f->v2b, u, w, &lt), IR_EVAL_OK);
    assert_true(lt.elems[0].bits == 1 && lt.elems[1].bits == 0);
    IrLiteral sel[3] = {lt, u, w};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_SELECT, f->v2u, sel, 3, &r), IR_EVAL_OK);
    assert_int_equal(r.elems[0].bits, 1u);
    assert_int_equal(r.elems[1].bits, 5u);
    IrLiteral one_cond[3] = {S(f->b, 0), u, w};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_SELECT, f->v2u, one_cond, 3, &r), IR_EVAL_OK);
    assert_int_equal(r.elems[0].bits, 5u);
    /* a vector sum overflowing in one lane is an error */
    IrLiteral big_l[2] = {U(f, 0xFFFFFFFFu), U(f, 0)};
    assert_int_equal(ev2(&f->konst, IR_OP_ADD, f->v2u, vec(f, f->v2u, big_l, 2), u, &r), IR_EVAL_OVERFLOW);
    /* matrices: columns; matrix × scalar is lane-wise, matrix × matrix is not evaluated */
    IrLiteral cols[2] = {vec(f, f->v2f, a_l, 2), vec(f, f->v2f, b_l, 2)};
    IrLiteral mat;
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_CONSTRUCT, f->m2f, cols, 2, &mat), IR_EVAL_OK);
    uint32_t path[2] = {1, 0};
    assert_int_equal(ir_const_extract(&f->konst, &mat, path, 2, &r), IR_EVAL_OK);
    assert_true(fval(r.bits) == 3.0f);
    uint32_t far = 2;
    assert_int_equal(ir_const_extract(&f->konst, &mat, &far, 1, &r), IR_EVAL_INDEX_RANGE);
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->m2f, mat, F(f, 2), &r), IR_EVAL_OK);
    assert_true(fval(r.elems[1].elems[0].bits) == 6.0f);
    assert_int_equal(ev2(&f->konst, IR_OP_MUL, f->m2f, mat, mat, &r), IR_EVAL_UNSUPPORTED);
    /* vector constructors: lanes end to end, or one scalar splat */
    IrLiteral parts[2] = {vec(f, f->v2f, a_l, 2), vec(f, f->v2f, b_l, 2)};
    assert_int_equal(ir_const_eval(&f->konst, IR_OP_CONSTRUCT, f->v4f, parts, 2, &r), IR_EVAL_OK);
    assert_true(fval(r.elems[2].bits) == 3.0f);
    /* operations with effects are never constant */
    assert_int_equal(ev1(&f->konst, IR_OP_DPDX, f->f32, F(f, 1), &r), IR_EVAL_UNSUPPORTED);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_integer_arithmetic_and_overflow, setup, teardown),
        cmocka_unit_test_setup_teardown(test_runtime_mode_wraps_and_declines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bits_and_shifts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_floats_and_nonfinite, setup, teardown),
        cmocka_unit_test_setup_teardown(test_min_max_clamp_and_domain, setup, teardown),
        cmocka_unit_test_setup_teardown(test_f16_rounding, setup, teardown),
        cmocka_unit_test_setup_teardown(test_conversions_and_bitcast, setup, teardown),
        cmocka_unit_test_setup_teardown(test_vectors_select_and_projection, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
