// The CPU reference of PolyBench/GPU's GEMM and SYRK (gemm.cu, syrk.cu): C[i][j] = β·C₀[i][j] +
// α·dot(i, j) over a row-major C of `cols` columns, checked on `sample` elements.
#pragma once
#include "../real.h"

template <class Dot>
Expect scaled_dot_expect(Buffer *c, const float *hc, size_t cols, float alpha, float beta, Dot dot, size_t sample) {
    return {c, [=](size_t e) { return (double)beta * hc[e] + (double)alpha * dot(e / cols, e % cols); }, sample, 1e-3};
}
