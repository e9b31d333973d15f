/* The constants of the PTX target's inverse trigonometry (targets/ptx/math.c), shared with its
 * CPU model (test/gpu/invtrig/model.c), so the model evaluates exactly the emitted sequence.
 *
 * Polynomials (Horner, one fma per step, highest coefficient first in the arrays below):
 *   atan(t) = t + t·s·P(s), s = t², t ∈ [0, 1]
 *   asin(x) = x + x·s·Q(s), s = x², |x| ≤ 1/2
 * P and Q were fitted to the relative error of (atan(√s)/√s − 1)/s on [0, 1] and
 * (asin(√s)/√s − 1)/s on [0, 1/4] by iteratively reweighted least squares at 400 Chebyshev
 * nodes (Lawson's method, 40 decimal digits, mpmath); relative error of P 4.4e-8, of Q 2.1e-8.
 * π and π/2 are split into a float head and tail (head + tail = the value to 2^-48). */
#ifndef YUSEC_TARGETS_PTX_INVERSE_TRIG_H
#define YUSEC_TARGETS_PTX_INVERSE_TRIG_H

#define INVTRIG_ATAN_DEGREE 8
#define INVTRIG_ASIN_DEGREE 5

/* P(s) coefficients, s^8 first. */
static const float invtrig_atan_poly[INVTRIG_ATAN_DEGREE + 1] = {
    -2.423536263e-03f, 1.365581537e-02f, -3.611573319e-02f, 6.271199635e-02f, -8.666948897e-02f,
    1.103639405e-01f,  -1.427890829e-01f, 1.999975619e-01f, -3.333333187e-01f,
};

/* Q(s) coefficients, s^5 first. */
static const float invtrig_asin_poly[INVTRIG_ASIN_DEGREE + 1] = {
    3.379965508e-02f, 1.708169038e-02f, 3.111531211e-02f, 4.459810835e-02f, 7.500098522e-02f,
    1.666666632e-01f,
};

#define INVTRIG_HALF_PI_HI 1.57079637050628662109375f   /* float nearest π/2 */
#define INVTRIG_HALF_PI_LO -4.37113900018624283e-8f     /* π/2 − head */
#define INVTRIG_PI_HI 3.1415927410125732421875f         /* float nearest π */
#define INVTRIG_PI_LO -8.74227800037248566e-8f          /* π − head */

#endif
