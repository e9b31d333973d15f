// PolyBench/GPU ATAX (y = Aᵀ(Ax)), its second kernel: one thread per column j walks the
// column of the row-major n×n matrix A (the column-walk pattern of issue 28).
#include "../real.h"

struct AtaxShape {
    uint32_t rows, cols;
};

__global__ void atax_col_twin(const float *__restrict__ a, const float *__restrict__ tmp, float *__restrict__ y,
                              const AtaxShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (j < cols) {
        float sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += a[i * cols + j] * tmp[i];
        y[j] = sum;
    }
}

static void atax_col(Bench &b) {
    const uint32_t n = 8192;
    Buffer *a = b.f32((size_t)n * n, 1), *tmp = b.f32(n, 2), *y = b.zeros(Elem::F32, n);
    Buffer *shape = b.uniform(AtaxShape{n, n});
    const float *ha = b.initial<float>(a), *ht = b.initial<float>(tmp);
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {a, tmp, y, shape};
    l.twin = [=] { atax_col_twin<<<n / 256, 256>>>(a->f(), tmp->f(), y->f(), shape->d<AtaxShape>()); };
    l.outputs = {{y, [=](size_t j) {
                      double s = 0;
                      for (size_t i = 0; i < n; i++) s += (double)ha[i * n + j] * ht[i];
                      return s;
                  }, 512, 1e-3}};
    b.run("PolyBench ATAX", "atax_col", "column walk", l);
}
REAL_CASE(atax_col);
