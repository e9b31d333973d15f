// PolyBench/GPU BICG (the BiCG sub-kernel: s = Aᵀr and q = Ap) on a row-major nx×ny matrix A.
// bicg_col is its first kernel (one thread per column j walks the column: the column-walk
// pattern), bicg_row its second (one thread per row i walks the row: the row-walk pattern).
#include "../real.h"

struct BicgShape {
    uint32_t rows, cols;  // nx, ny
};

__global__ void bicg_col_twin(const float *__restrict__ a, const float *__restrict__ r, float *__restrict__ s,
                              const BicgShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (j < cols) {
        float sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += r[i] * a[i * cols + j];
        s[j] = sum;
    }
}

__global__ void bicg_row_twin(const float *__restrict__ a, const float *__restrict__ p, float *__restrict__ q,
                              const BicgShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (i < rows) {
        float sum = 0.0f;
        for (int j = 0; j < cols; j++) sum += a[i * cols + j] * p[j];
        q[i] = sum;
    }
}

static void bicg_col(Bench &b) {
    const uint32_t nx = 8192, ny = 8192;
    Buffer *a = b.f32((size_t)nx * ny, 21), *r = b.f32(nx, 22), *s = b.zeros(Elem::F32, ny);
    Buffer *shape = b.uniform(BicgShape{nx, ny});
    const float *ha = b.initial<float>(a), *hr = b.initial<float>(r);
    Launch l;
    l.grid = dim3(ny / 256);
    l.params = {a, r, s, shape};
    l.twin = [=] { bicg_col_twin<<<ny / 256, 256>>>(a->f(), r->f(), s->f(), shape->d<BicgShape>()); };
    l.outputs = {{s, [=](size_t j) {
                      double sum = 0;
                      for (size_t i = 0; i < nx; i++) sum += (double)hr[i] * ha[i * ny + j];
                      return sum;
                  }, 512, 1e-3}};
    b.run("PolyBench BICG", "bicg_col", "column walk", l);
}
REAL_CASE(bicg_col);

static void bicg_row(Bench &b) {
    const uint32_t nx = 8192, ny = 8192;
    Buffer *a = b.f32((size_t)nx * ny, 23), *p = b.f32(ny, 24), *q = b.zeros(Elem::F32, nx);
    Buffer *shape = b.uniform(BicgShape{nx, ny});
    const float *ha = b.initial<float>(a), *hp = b.initial<float>(p);
    Launch l;
    l.grid = dim3(nx / 256);
    l.params = {a, p, q, shape};
    l.twin = [=] { bicg_row_twin<<<nx / 256, 256>>>(a->f(), p->f(), q->f(), shape->d<BicgShape>()); };
    l.outputs = {{q, [=](size_t i) {
                      double sum = 0;
                      for (size_t j = 0; j < ny; j++) sum += (double)ha[i * ny + j] * hp[j];
                      return sum;
                  }, 512, 1e-3}};
    b.run("PolyBench BICG", "bicg_row", "row walk", l);
}
REAL_CASE(bicg_row);
