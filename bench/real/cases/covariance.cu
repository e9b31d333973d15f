// PolyBench/GPU COVARIANCE (covariance.cu): its three kernels on a row-major n×m data matrix —
// mean_kernel (one thread per column walks the column), reduce_kernel (centre every element,
// 32×8 blocks, in place) and covar_kernel (one thread per column j1, a triangular loop over
// j2 ≥ j1 with a column walk inside). Sums are kept in registers (the original accumulates in
// global memory), the same on both sides.
//
// reduce_kernel uses 32×8 thread blocks. 豫言's 工作组大小 is one number, so the yusec kernel uses
// 1-D workgroups of 256 and splits the local index into (x % 32, x / 32): the same thread-to-element
// mapping as 32×8 blocks. The twin is launched and indexes exactly the same way.
#include "../real.h"

#include <cmath>

struct CovarianceMeanShape {
    uint32_t cols, rows;
    float float_n;
};
struct CovarianceShape {
    uint32_t cols, rows;
};

__global__ void covariance_mean_twin(const float *__restrict__ data, float *__restrict__ mean,
                                     const CovarianceMeanShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int m = shape->cols, n = shape->rows;
    if (j < m) {
        float sum = 0.0f;
        for (int i = 0; i < n; i++) sum += data[i * m + j];
        mean[j] = sum / shape->float_n;
    }
}

static void covariance_mean(Bench &b) {
    const uint32_t m = 8192, n = 8192;
    Buffer *data = b.f32((size_t)n * m, 11), *mean = b.zeros(Elem::F32, m);
    Buffer *shape = b.uniform(CovarianceMeanShape{m, n, (float)n});
    const float *hd = b.initial<float>(data);
    Launch l;
    l.grid = dim3(m / 256);
    l.params = {data, mean, shape};
    l.twin = [=] { covariance_mean_twin<<<m / 256, 256>>>(data->f(), mean->f(), shape->d<CovarianceMeanShape>()); };
    l.outputs = {{mean, [=](size_t j) {
                      double s = 0;
                      for (size_t i = 0; i < n; i++) s += hd[i * m + j];
                      return s / n;
                  }, 512, 1e-4}};
    b.run("PolyBench COVARIANCE", "covariance_mean", "column walk", l);
}
REAL_CASE(covariance_mean);

__global__ void covariance_center_twin(float *__restrict__ data, const float *__restrict__ mean,
                                       const CovarianceShape *__restrict__ shape) {
    int j = blockIdx.x * 32 + threadIdx.x % 32;
    int i = blockIdx.y * 8 + threadIdx.x / 32;
    int m = shape->cols, n = shape->rows;
    if (i < n && j < m) data[i * m + j] -= mean[j];
}

static void covariance_center(Bench &b) {
    const uint32_t m = 8192, n = 8192;
    Buffer *data = b.f32((size_t)n * m, 12), *mean = b.f32(m, 13);
    Buffer *shape = b.uniform(CovarianceShape{m, n});
    const float *hd = b.initial<float>(data), *hm = b.initial<float>(mean);
    Launch l;
    l.grid = dim3(m / 32, n / 8);
    l.params = {data, mean, shape};
    l.twin = [=] {
        covariance_center_twin<<<dim3(m / 32, n / 8), 256>>>(data->f(), mean->f(), shape->d<CovarianceShape>());
    };
    l.outputs = {{data, [=](size_t e) { return (double)(hd[e] - hm[e % m]); }, 4093, 1e-6}};
    l.restore = {data};
    b.run("PolyBench COVARIANCE", "covariance_center", "2-D element-wise", l);
}
REAL_CASE(covariance_center);

__global__ void covariance_covar_twin(const float *__restrict__ data, float *__restrict__ symmat,
                                      const CovarianceShape *__restrict__ shape) {
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    int m = shape->cols, n = shape->rows;
    if (j1 < m) {
        for (int j2 = j1; j2 < m; j2++) {
            float sum = 0.0f;
            for (int i = 0; i < n; i++) sum += data[i * m + j1] * data[i * m + j2];
            symmat[j1 * m + j2] = sum;
            symmat[j2 * m + j1] = sum;
        }
    }
}

static void covariance_covar(Bench &b) {
    // The thread of column 0 walks m·n elements alone (2 blocks of 256 at m = 512), so the time
    // grows as m·n: 512 × 512 is estimated (not measured) at a few ms; the original's
    // 2048 × 2048 would be 16 times that.
    const uint32_t m = 512, n = 512;
    Buffer *data = b.f32((size_t)n * m, 14), *symmat = b.zeros(Elem::F32, (size_t)m * m);
    Buffer *shape = b.uniform(CovarianceShape{m, n});
    const float *hd = b.initial<float>(data);
    Launch l;
    l.grid = dim3(m / 256);
    l.params = {data, symmat, shape};
    l.twin = [=] { covariance_covar_twin<<<m / 256, 256>>>(data->f(), symmat->f(), shape->d<CovarianceShape>()); };
    l.outputs = {{symmat, [=](size_t e) {
                      size_t j1 = e / m, j2 = e % m;
                      double s = 0;
                      for (size_t i = 0; i < n; i++) s += (double)hd[i * m + j1] * hd[i * m + j2];
                      return s;
                  }, 4099, 1e-3}};
    b.run("PolyBench COVARIANCE", "covariance_covar", "triangular loop", l);
}
REAL_CASE(covariance_covar);
