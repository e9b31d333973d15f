// PolyBench/GPU GEMM (gemm.cu, gemm_kernel): C = β·C + α·A·B, one thread per (i, j) in 32×8
// blocks, the dot product of a row of A and a column of B. The order of operations is the
// original's (c·β first, then α·a·b added for k = 0, 1, …), with the running value in a register
// instead of global memory — the same on both sides.
//
// The original uses 32×8 thread blocks. 豫言's 工作组大小 is one number, so the yusec kernel uses
// 1-D workgroups of 256 and splits the local index into (x % 32, x / 32): the same thread-to-element
// mapping as 32×8 blocks. The twin is launched and indexes exactly the same way.
#include "scaled_dot.h"

struct GemmShape {
    uint32_t rows, cols, depth;
    float alpha, beta;
};

__global__ void gemm_twin(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                          const GemmShape *__restrict__ shape) {
    int j = blockIdx.x * 32 + threadIdx.x % 32;
    int i = blockIdx.y * 8 + threadIdx.x / 32;
    int ni = shape->rows, nj = shape->cols, nk = shape->depth;
    float alpha = shape->alpha;
    if (i < ni && j < nj) {
        float acc = c[i * nj + j] * shape->beta;
        for (int k = 0; k < nk; k++) acc += alpha * a[i * nk + k] * b[k * nj + j];
        c[i * nj + j] = acc;
    }
}

static void gemm(Bench &b) {
    const uint32_t ni = 2048, nj = 2048, nk = 2048;
    const float alpha = 32412.0f, beta = 2123.0f;  // the original's
    // Inputs in [0, 1): no cancellation, so the float sums stay close to the double reference.
    Buffer *a = b.f32((size_t)ni * nk, 31, 0.0f, 1.0f), *bm = b.f32((size_t)nk * nj, 32, 0.0f, 1.0f);
    Buffer *c = b.f32((size_t)ni * nj, 33, 0.0f, 1.0f);
    Buffer *shape = b.uniform(GemmShape{ni, nj, nk, alpha, beta});
    const float *ha = b.initial<float>(a), *hb = b.initial<float>(bm), *hc = b.initial<float>(c);
    Launch l;
    l.grid = dim3(nj / 32, ni / 8);
    l.params = {a, bm, c, shape};
    l.twin = [=] {
        gemm_twin<<<dim3(nj / 32, ni / 8), 256>>>(a->f(), bm->f(), c->f(), shape->d<GemmShape>());
    };
    l.outputs = {scaled_dot_expect(c, hc, nj, alpha, beta, [=](size_t i, size_t j) {
        double s = 0;
        for (size_t k = 0; k < nk; k++) s += (double)ha[i * nk + k] * hb[k * nj + j];
        return s;
    }, 1021)};
    l.restore = {c};
    b.run("PolyBench GEMM", "gemm", "row-column dot product", l);
}
REAL_CASE(gemm);
