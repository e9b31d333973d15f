// PolyBench/GPU ATAX (y = Aᵀ(Ax)), its first kernel: one thread per row i walks the row of the
// row-major n×n matrix A, tmp = A·x (the row-walk pattern; atax.cu has the second kernel).
#include "../real.h"

struct AtaxRowShape {
    uint32_t rows, cols;
};

__global__ void atax_row_twin(const float *__restrict__ a, const float *__restrict__ x, float *__restrict__ tmp,
                              const AtaxRowShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (i < rows) {
        float sum = 0.0f;
        for (int j = 0; j < cols; j++) sum += a[i * cols + j] * x[j];
        tmp[i] = sum;
    }
}

static void atax_row(Bench &b) {
    const uint32_t n = 8192;
    Buffer *a = b.f32((size_t)n * n, 11), *x = b.f32(n, 12), *tmp = b.zeros(Elem::F32, n);
    Buffer *shape = b.uniform(AtaxRowShape{n, n});
    const float *ha = b.initial<float>(a), *hx = b.initial<float>(x);
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {a, x, tmp, shape};
    l.twin = [=] { atax_row_twin<<<n / 256, 256>>>(a->f(), x->f(), tmp->f(), shape->d<AtaxRowShape>()); };
    l.outputs = {{tmp, [=](size_t i) {
                      double s = 0;
                      for (size_t j = 0; j < n; j++) s += (double)ha[i * n + j] * hx[j];
                      return s;
                  }, 512, 1e-3}};
    b.run("PolyBench ATAX", "atax_row", "row walk", l);
}
REAL_CASE(atax_row);
