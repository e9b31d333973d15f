// PolyBench/GPU GESUMMV (y = αAx + βBx): one thread per row i walks the rows of the row-major
// n×n matrices A and B in one loop (two row walks), keeps tmp = (Ax)[i] and writes y[i].
// α, β: PolyBench 4's 1.5 and 1.2 (PolyBench/GPU's 43532 and 12313 would make the final
// αtmp + βy cancel to far below the rounding of its terms, beyond any twin tolerance).
#include "../real.h"

struct GesummvParams {
    uint32_t n;
    float alpha, beta;
};

__global__ void gesummv_twin(const float *__restrict__ a, const float *__restrict__ b, const float *__restrict__ x,
                             float *__restrict__ tmp, float *__restrict__ y,
                             const GesummvParams *__restrict__ params) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = params->n;
    if (i < n) {
        float ta = 0.0f, yb = 0.0f;
        for (int j = 0; j < n; j++) {
            float xj = x[j];
            ta += a[i * n + j] * xj;
            yb += b[i * n + j] * xj;
        }
        tmp[i] = ta;
        y[i] = params->alpha * ta + params->beta * yb;
    }
}

static void gesummv(Bench &bench) {
    const uint32_t n = 8192;
    const float alpha = 1.5f, beta = 1.2f;
    Buffer *a = bench.f32((size_t)n * n, 41), *b = bench.f32((size_t)n * n, 42), *x = bench.f32(n, 43);
    Buffer *tmp = bench.zeros(Elem::F32, n), *y = bench.zeros(Elem::F32, n);
    Buffer *params = bench.uniform(GesummvParams{n, alpha, beta});
    const float *ha = bench.initial<float>(a), *hb = bench.initial<float>(b), *hx = bench.initial<float>(x);
    auto row = [=](const float *m, size_t i) {
        double s = 0;
        for (size_t j = 0; j < n; j++) s += (double)m[i * n + j] * hx[j];
        return s;
    };
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {a, b, x, tmp, y, params};
    l.twin = [=] {
        gesummv_twin<<<n / 256, 256>>>(a->f(), b->f(), x->f(), tmp->f(), y->f(), params->d<GesummvParams>());
    };
    l.outputs = {{tmp, [=](size_t i) { return row(ha, i); }, 512, 1e-3},
                 {y, [=](size_t i) { return (double)alpha * row(ha, i) + (double)beta * row(hb, i); }, 512, 1e-3}};
    bench.run("PolyBench GESUMMV", "gesummv", "row walk ×2", l);
}
REAL_CASE(gesummv);
