// PolyBench/GPU GRAMSCHMIDT (gramschmidt.cu), gramschmidt_kernel3: for the column k of this step
// (in the uniform struct), one thread per column j > k walks its column twice —
// R[k][j] = Σᵢ Q[i][k]·A[i][j], then A[i][j] −= Q[i][k]·R[k][j] — in place. R[k][j] is kept in a
// register between the two walks (the original accumulates it in global memory and reads it
// back), the same on both sides.
#include "../real.h"

struct GramschmidtShape {
    uint32_t rows, cols, k;
};

__global__ void gramschmidt_proj_twin(float *__restrict__ a, float *__restrict__ r, const float *__restrict__ q,
                                      const GramschmidtShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int ni = shape->rows, nj = shape->cols, k = shape->k;
    if (j > k && j < nj) {
        float sum = 0.0f;
        for (int i = 0; i < ni; i++) sum += q[i * nj + k] * a[i * nj + j];
        r[k * nj + j] = sum;
        for (int i = 0; i < ni; i++) a[i * nj + j] -= q[i * nj + k] * sum;
    }
}

static void gramschmidt_proj(Bench &b) {
    const uint32_t ni = 8192, nj = 8192, k = 1;
    Buffer *a = b.f32((size_t)ni * nj, 51), *q = b.f32((size_t)ni * nj, 52);
    // R is nj×nj in the original; the kernel touches only row k, so rows 0…k are allocated.
    Buffer *r = b.f32((size_t)(k + 1) * nj, 53);
    Buffer *shape = b.uniform(GramschmidtShape{ni, nj, k});
    const float *ha = b.initial<float>(a), *hq = b.initial<float>(q), *hr = b.initial<float>(r);
    auto proj = [=](size_t j) {
        double s = 0;
        for (size_t i = 0; i < ni; i++) s += (double)hq[i * nj + k] * ha[i * nj + j];
        return s;
    };
    Launch l;
    l.grid = dim3(nj / 256);
    l.params = {a, r, q, shape};
    l.twin = [=] {
        gramschmidt_proj_twin<<<nj / 256, 256>>>(a->f(), r->f(), q->f(), shape->d<GramschmidtShape>());
    };
    l.outputs = {{a, [=](size_t e) {
                      size_t i = e / nj, j = e % nj;
                      return j <= k ? (double)ha[e] : ha[e] - (double)hq[i * nj + k] * proj(j);
                  }, 2039, 1e-3},
                 {r, [=](size_t e) {
                      size_t row = e / nj, j = e % nj;
                      return row == k && j > k ? proj(j) : (double)hr[e];
                  }, 2039, 1e-3}};
    l.restore = {a, r};
    b.run("PolyBench GRAMSCHMIDT", "gramschmidt_proj", "column walk x2, in place", l);
}
REAL_CASE(gramschmidt_proj);
