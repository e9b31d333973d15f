// PolyBench/GPU MVT (x1 += A·y1, x2 += Aᵀ·y2) on a row-major n×n matrix A. mvt_row is its first
// kernel (one thread per row i walks the row), mvt_col its second (one thread per column i walks
// the column: the column-walk pattern). Both accumulate onto the vector's initial contents, as
// the original does, so the vector is restored before every launch.
#include "../real.h"

struct MvtShape {
    uint32_t n;
};

__global__ void mvt_row_twin(const float *__restrict__ a, const float *__restrict__ y1, float *__restrict__ x1,
                             const MvtShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = shape->n;
    if (i < n) {
        float sum = x1[i];
        for (int j = 0; j < n; j++) sum += a[i * n + j] * y1[j];
        x1[i] = sum;
    }
}

__global__ void mvt_col_twin(const float *__restrict__ a, const float *__restrict__ y2, float *__restrict__ x2,
                             const MvtShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = shape->n;
    if (i < n) {
        float sum = x2[i];
        for (int j = 0; j < n; j++) sum += a[j * n + i] * y2[j];
        x2[i] = sum;
    }
}

static void mvt_row(Bench &b) {
    const uint32_t n = 8192;
    Buffer *a = b.f32((size_t)n * n, 31), *y1 = b.f32(n, 32), *x1 = b.f32(n, 33);
    Buffer *shape = b.uniform(MvtShape{n});
    const float *ha = b.initial<float>(a), *hy = b.initial<float>(y1), *hx = b.initial<float>(x1);
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {a, y1, x1, shape};
    l.twin = [=] { mvt_row_twin<<<n / 256, 256>>>(a->f(), y1->f(), x1->f(), shape->d<MvtShape>()); };
    l.outputs = {{x1, [=](size_t i) {
                      double s = hx[i];
                      for (size_t j = 0; j < n; j++) s += (double)ha[i * n + j] * hy[j];
                      return s;
                  }, 512, 1e-3}};
    l.restore = {x1};
    b.run("PolyBench MVT", "mvt_row", "row walk", l);
}
REAL_CASE(mvt_row);

static void mvt_col(Bench &b) {
    const uint32_t n = 8192;
    Buffer *a = b.f32((size_t)n * n, 34), *y2 = b.f32(n, 35), *x2 = b.f32(n, 36);
    Buffer *shape = b.uniform(MvtShape{n});
    const float *ha = b.initial<float>(a), *hy = b.initial<float>(y2), *hx = b.initial<float>(x2);
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {a, y2, x2, shape};
    l.twin = [=] { mvt_col_twin<<<n / 256, 256>>>(a->f(), y2->f(), x2->f(), shape->d<MvtShape>()); };
    l.outputs = {{x2, [=](size_t i) {
                      double s = hx[i];
                      for (size_t j = 0; j < n; j++) s += (double)ha[j * n + i] * hy[j];
                      return s;
                  }, 512, 1e-3}};
    l.restore = {x2};
    b.run("PolyBench MVT", "mvt_col", "column walk", l);
}
REAL_CASE(mvt_col);
