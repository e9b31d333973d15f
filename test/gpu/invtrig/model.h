/* A CPU model of the PTX target's inverse trigonometry: exactly the operations that
 * targets/ptx/math.c emits, in the same order, with the same constants
 * (targets/ptx/inverse_trig.h). Every PTX instruction used is correctly rounded
 * (fma.rn, mul.rn, add.rn, sub.rn, div.rn, sqrt.rn, no .ftz), so the model is bit-exact with the
 * GPU; there is no approximate instruction in these sequences. Compile with
 * -ffp-contract=off so the C compiler does not fuse what the PTX keeps separate. */
#ifndef YUSEC_TEST_INVTRIG_MODEL_H
#define YUSEC_TEST_INVTRIG_MODEL_H

#include <math.h>

#include "../../../targets/ptx/inverse_trig.h"

static float model_horner(const float *c, int degree, float s) {
    float p = c[0];
    for (int i = 1; i <= degree; i++) p = fmaf(p, s, c[i]);
    return p;
}

/* atan(t) for t in [0, 1] */
static float model_atan_core(float t) {
    float s = t * t;
    float q = s * model_horner(invtrig_atan_poly, INVTRIG_ATAN_DEGREE, s);
    return fmaf(t, q, t);
}

/* asin(a) for a in [0, 1/2] */
static float model_asin_core(float a) {
    float s = a * a;
    float q = s * model_horner(invtrig_asin_poly, INVTRIG_ASIN_DEGREE, s);
    return fmaf(a, q, a);
}

/* For a in (1/2, 1]: z = (1 − a)/2 (exact), s = √z, q = z·Q(z), so asin(√z) = s + s·q. */
typedef struct ModelUpper {
    float z, s, q;
} ModelUpper;

static ModelUpper model_upper(float a) {
    float z = (1.0f - a) * 0.5f;
    ModelUpper u = {z, sqrtf(z), 0};
    u.q = z * model_horner(invtrig_asin_poly, INVTRIG_ASIN_DEGREE, z);
    return u;
}

/* head − 2·asin(√z) = (head_hi − 2s) + (head_lo − 2s·q − 2δ): the large part rounded once;
 * δ = (z − s²)/(2s) takes out the rounding error of s = √z (z − s² is exact by an fma), which
 * alone was half an ULP of the result (asin had 2.011 ULP without it) */
static float model_minus_twice(ModelUpper u, float head_hi, float head_lo) {
    float m = -2.0f * u.s;
    float twice_delta = u.s == 0.0f ? 0.0f : fmaf(-u.s, u.s, u.z) / u.s;  /* a = 1: 0/0 */
    return fmaf(-2.0f, u.s, head_hi) + (fmaf(m, u.q, head_lo) - twice_delta);
}

static float model_atan(float x) {
    float a = fabsf(x);
    int big = a > 1.0f;
    float t = big ? 1.0f / a : a;
    float r = model_atan_core(t);
    float rb = (INVTRIG_HALF_PI_LO - r) + INVTRIG_HALF_PI_HI;
    return copysignf(big ? rb : r, x);
}

static float model_asin(float x) {
    float a = fabsf(x);
    float small = model_asin_core(a);
    float upper = model_minus_twice(model_upper(a), INVTRIG_HALF_PI_HI, INVTRIG_HALF_PI_LO);
    return copysignf(a > 0.5f ? upper : small, x);
}

static float model_acos(float x) {
    float a = fabsf(x);
    float small = (INVTRIG_HALF_PI_LO - copysignf(model_asin_core(a), x)) + INVTRIG_HALF_PI_HI;
    ModelUpper u = model_upper(a);
    float positive = fmaf(u.s, u.q, u.s) * 2.0f;
    float negative = model_minus_twice(u, INVTRIG_PI_HI, INVTRIG_PI_LO);
    float upper = x < 0.0f ? negative : positive;
    return a > 0.5f ? upper : small;
}

static float model_atan2(float y, float x) {
    float ax = fabsf(x), ay = fabsf(y);
    float hi = fmaxf(ax, ay), lo = fminf(ax, ay);
    float t = lo / hi;
    t = lo == hi ? 1.0f : t;  /* ∞/∞ */
    t = hi == 0.0f ? 0.0f : t;  /* 0/0 */
    float r = model_atan_core(t);
    int left = signbit(x) != 0;  /* x < 0 or x = −0 */
    float steep = left ? (INVTRIG_HALF_PI_LO + r) + INVTRIG_HALF_PI_HI
                       : (INVTRIG_HALF_PI_LO - r) + INVTRIG_HALF_PI_HI;
    float flat = left ? (INVTRIG_PI_LO - r) + INVTRIG_PI_HI : r;
    r = ay > ax ? steep : flat;
    r = isnan(x) || isnan(y) ? x + y : r;
    return copysignf(r, y);
}

#endif
