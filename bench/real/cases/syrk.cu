// PolyBench/GPU SYRK (syrk.cu, syrk_kernel): C = β·C + α·A·Aᵀ, one thread per (i, j) in 32×8
// blocks, the dot product of rows i and j of A (the 32 threads of a warp read 32 different rows).
// The order of operations is the original's (c·β first, then α·a·a added for k = 0, 1, …), with
// the running value in a register instead of global memory — the same on both sides.
//
// The original uses 32×8 thread blocks. 豫言's 工作组大小 is one number, so the yusec kernel uses
// 1-D workgroups of 256 and splits the local index into (x % 32, x / 32): the same thread-to-element
// mapping as 32×8 blocks. The twin is launched and indexes exactly the same way.
#include "scaled_dot.h"

struct SyrkShape {
    uint32_t order, depth;
    float alpha, beta;
};

__global__ void syrk_twin(const float *__restrict__ a, float *__restrict__ c, const SyrkShape *__restrict__ shape) {
    int j = blockIdx.x * 32 + threadIdx.x % 32;
    int i = blockIdx.y * 8 + threadIdx.x / 32;
    int n = shape->order, m = shape->depth;
    float alpha = shape->alpha;
    if (i < n && j < n) {
        float acc = c[i * n + j] * shape->beta;
        for (int k = 0; k < m; k++) acc += alpha * a[i * m + k] * a[j * m + k];
        c[i * n + j] = acc;
    }
}

static void syrk(Bench &b) {
    // The original's size (NI = NJ = 1024); each warp's 32 threads read 32 different rows of A
    // (uncoalesced), so this is kept smaller than the GEMM case (an estimate, not measured).
    const uint32_t n = 1024, m = 1024;
    const float alpha = 32412.0f, beta = 2123.0f;  // the original's
    // Inputs in [0, 1): no cancellation, so the float sums stay close to the double reference.
    Buffer *a = b.f32((size_t)n * m, 41, 0.0f, 1.0f), *c = b.f32((size_t)n * n, 42, 0.0f, 1.0f);
    Buffer *shape = b.uniform(SyrkShape{n, m, alpha, beta});
    const float *ha = b.initial<float>(a), *hc = b.initial<float>(c);
    Launch l;
    l.grid = dim3(n / 32, n / 8);
    l.params = {a, c, shape};
    l.twin = [=] { syrk_twin<<<dim3(n / 32, n / 8), 256>>>(a->f(), c->f(), shape->d<SyrkShape>()); };
    l.outputs = {scaled_dot_expect(c, hc, n, alpha, beta, [=](size_t i, size_t j) {
        double s = 0;
        for (size_t k = 0; k < m; k++) s += (double)ha[i * m + k] * ha[j * m + k];
        return s;
    }, 2039)};
    l.restore = {c};
    b.run("PolyBench SYRK", "syrk", "row-row dot product", l);
}
REAL_CASE(syrk);
