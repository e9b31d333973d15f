/* Measures the CPU model (model.h) of the PTX inverse trigonometry against the C library in
 * double precision, in units in the last place of the float result.
 *   model_check dump FUNC START COUNT   writes FUNC(bits START … START+COUNT−1) as raw little-endian
 *                           floats to stdout (FUNC: asin acos atan), for measure.py to
 *                           compare with the GPU bit for bit;
 *   model_check all         every float input, by the model's symmetries: the libm comparison
 *                           on [0, 1] (asin), [−1, 1] (acos), [0, ∞] (atan); NaN checked
 *                           elsewhere; asin and atan bitwise odd (f(−x) = −f(x)) on every input;
 *   model_check STRIDE      every STRIDE-th float input (1: all of them) of asin, acos, atan
 *                           (all 2^32 bit patterns; NaN in ⇒ NaN out, |x| > 1 ⇒ NaN for asin, acos),
 *                           and atan2 on a grid plus edge cases.
 * Prints the maximum error of each function and where; exit 1 when one is above its bound
 * (CUDA's: asinf, acosf, atanf 2 ULP, atan2f 3 ULP) or a special value is wrong. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

typedef struct Worst {
    const char *name;
    double bound, ulps;
    float x, y;
    long bad_specials;
} Worst;

static float from_bits(uint32_t b) {
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* one ULP of the float nearest to `ref` (subnormal spacing below 2^-126) */
static double float_ulp(double ref) {
    double a = fabs(ref);
    if (a < 0x1p-126) return 0x1p-149;
    int e;
    frexp(a, &e);  /* a = m·2^e, m in [1/2, 1) */
    return ldexp(1.0, e - 24);
}

static double ulp_error(float got, double ref) {
    if (isnan(ref)) return isnan(got) ? 0.0 : INFINITY;
    if (isinf(ref) || isnan(got)) return got == ref ? 0.0 : INFINITY;
    return fabs((double)got - ref) / float_ulp(ref);
}

static void note(Worst *w, float got, double ref, float x, float y) {
    double e = ulp_error(got, ref);
    if (e > w->ulps) {
        w->ulps = e;
        w->x = x;
        w->y = y;
    }
}

static void special(Worst *w, float got, float want, float x, float y) {
    int same = (isnan(got) && isnan(want)) || (got == want && signbit(got) == signbit(want));
    if (!same) {
        if (w->bad_specials < 5) printf("  %s(%a, %a): got %a want %a\n", w->name, x, y, got, want);
        w->bad_specials++;
    }
}

static int odd_and_nan(float (*f)(float), float x, double domain) {
    float y = f(x);
    int bad = 0;
    if (fabsf(x) > domain || isnan(x)) bad |= !isnan(y);
    float z = f(-x);
    uint32_t a, b;
    float ny = -y;
    memcpy(&a, &ny, 4);
    memcpy(&b, &z, 4);
    if (!isnan(y)) bad |= a != b;
    return bad;
}

/* every input, with the libm comparison only where the function is not NaN and, for the odd
 * functions, on the non-negative half */
static long all_inputs(Worst *as, Worst *ac, Worst *at) {
    long bad = 0;
    for (uint64_t b = 0; b < 0x80000000ull; b++) {
        float x = from_bits((uint32_t)b);
        bad += odd_and_nan(model_asin, x, 1.0) + odd_and_nan(model_atan, x, INFINITY);
        if (x <= 1.0f) {
            note(as, model_asin(x), asin((double)x), x, 0);
            note(ac, model_acos(x), acos((double)x), x, 0);
            note(ac, model_acos(-x), acos(-(double)x), -x, 0);
        } else if (!isnan(model_acos(x)) || !isnan(model_acos(-x))) {
            bad++;
        }
        if (!isnan(x)) note(at, model_atan(x), atan((double)x), x, 0);
    }
    return bad;
}

static void unary(uint64_t stride, Worst *as, Worst *ac, Worst *at) {
    for (uint64_t b = 0; b < (1ull << 32); b += stride) {
        float x = from_bits((uint32_t)b);
        double xd = x;
        note(as, model_asin(x), asin(xd), x, 0);
        note(ac, model_acos(x), acos(xd), x, 0);
        note(at, model_atan(x), atan(xd), x, 0);
    }
}

static const float edges[] = {0.0f, -0.0f, 1.0f, -1.0f, 0x1p-149f, -0x1p-149f, 0x1p-126f, 3.0f,
                              -3.0f, 0x1.fffffep127f, -0x1.fffffep127f, INFINITY, -INFINITY, NAN};

static void binary(uint64_t stride, Worst *a2) {
    /* dense grid: every (stride·64)-th bit pattern of y against every (stride·64)-th of x,
     * offset so that both signs and all exponents are covered */
    uint64_t step = stride * 65537ull * 64ull;
    if (step > (1ull << 30)) step = 1ull << 30;
    for (uint64_t by = 7; by < (1ull << 32); by += step)
        for (uint64_t bx = 3; bx < (1ull << 32); bx += step) {
            float y = from_bits((uint32_t)by), x = from_bits((uint32_t)bx);
            note(a2, model_atan2(y, x), atan2((double)y, (double)x), y, x);
        }
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (size_t j = 0; j < sizeof edges / sizeof edges[0]; j++) {
            float y = edges[i], x = edges[j];
            float want = (float)atan2((double)y, (double)x);
            float got = model_atan2(y, x);
            note(a2, got, atan2((double)y, (double)x), y, x);
            if (x == 0 || y == 0 || !isinf(x) != !isinf(y) || isnan(x) || isnan(y)) special(a2, got, want, y, x);
        }
}

static int report(const Worst *w) {
    int ok = w->ulps <= w->bound && w->bad_specials == 0;
    printf("%-6s max %.3f ulp at (%a, %a) bound %.0f%s\n", w->name, w->ulps, w->x, w->y, w->bound,
           ok ? "" : "  FAIL");
    return ok;
}

static int dump(const char *func, uint64_t start, uint64_t count) {
    float (*f)(float) = strcmp(func, "asin") == 0   ? model_asin
                        : strcmp(func, "acos") == 0 ? model_acos
                        : strcmp(func, "atan") == 0 ? model_atan
                                                    : NULL;
    if (!f) {
        fprintf(stderr, "model_check: unknown function %s\n", func);
        return 2;
    }
    for (uint64_t i = 0; i < count; i++) {
        float r = f(from_bits((uint32_t)(start + i)));
        if (fwrite(&r, sizeof r, 1, stdout) != 1) return 2;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "dump") == 0)
        return dump(argv[2], strtoull(argv[3], NULL, 0), strtoull(argv[4], NULL, 0));
    int all = argc > 1 && strcmp(argv[1], "all") == 0;
    uint64_t stride = all ? 4099 : argc > 1 ? strtoull(argv[1], NULL, 10) : 4099;
    if (stride == 0) stride = 1;
    Worst as = {"asin", 2, 0, 0, 0, 0}, ac = {"acos", 2, 0, 0, 0, 0}, at = {"atan", 2, 0, 0, 0, 0},
          a2 = {"atan2", 3, 0, 0, 0, 0};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        float x = edges[i];
        if (x == 1.0f || x == -1.0f) {  /* asin(±1) = ±π/2, acos(1) = 0, acos(−1) = π, rounded */
            special(&as, model_asin(x), (float)asin(x), x, 0);
            special(&ac, model_acos(x), (float)acos(x), x, 0);
        }
        if (x != 0 && !isinf(x) && !isnan(x)) continue;  /* exact cases only */
        special(&as, model_asin(x), (float)asin(x), x, 0);
        special(&ac, model_acos(x), (float)acos(x), x, 0);
        special(&at, model_atan(x), (float)atan(x), x, 0);
    }
    if (all) {
        long bad = all_inputs(&as, &ac, &at);
        printf("all inputs; %ld symmetry or NaN failures\n", bad);
        as.bad_specials += bad;
    } else {
        unary(stride, &as, &ac, &at);
    }
    binary(all ? 1 : stride, &a2);
    printf("stride %" PRIu64 "\n", all ? 1 : stride);
    int ok = report(&as) & report(&ac) & report(&at) & report(&a2);
    return ok ? 0 : 1;
}
