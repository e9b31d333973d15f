// PolyBench/GPU CORRELATION (correlation.cu), its std_kernel: one thread per column j walks the
// column of the row-major n×m data matrix, std[j] = sqrt(Σᵢ (data[i][j] − mean[j])² / float_n),
// clamped to 1 when it is at most eps (the original's guard against a zero deviation). The mean
// is an input; the sum is kept in a register (the original accumulates in global memory).
#include "../real.h"

#include <cmath>
#include <cstring>

struct CorrelationStdShape {
    uint32_t cols, rows;
    float float_n, eps;
};

__global__ void correlation_std_twin(const float *__restrict__ data, const float *__restrict__ mean,
                                     float *__restrict__ stddev, const CorrelationStdShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int m = shape->cols, n = shape->rows;
    if (j < m) {
        float mu = mean[j];
        float sum = 0.0f;
        for (int i = 0; i < n; i++) {
            float d = data[i * m + j] - mu;
            sum += d * d;
        }
        float s = sqrtf(sum / shape->float_n);
        stddev[j] = s <= shape->eps ? 1.0f : s;
    }
}

static void correlation_std(Bench &b) {
    const uint32_t m = 8192, n = 8192;
    // Uniform values in [-1, 1), every fourth column scaled by 1e-3: its deviation (≈ 6e-4)
    // falls below eps = 0.005 and takes the clamp; the others (≈ 0.58) do not.
    std::vector<uint32_t> words((size_t)n * m);
    for (size_t e = 0; e < words.size(); e++) {
        float unit = (float)(bench_hash32(21 * 0x9e3779b97f4a7c15ULL + e) >> 8) * (1.0f / 16777216.0f);
        float v = (-1.0f + 2.0f * unit) * (e % m % 4 == 0 ? 1e-3f : 1.0f);
        memcpy(&words[e], &v, 4);
    }
    Buffer *data = b.words(Elem::F32, words);
    Buffer *mean = b.f32(m, 22, -1e-3f, 1e-3f), *stddev = b.zeros(Elem::F32, m);
    const float eps = 0.005f;
    Buffer *shape = b.uniform(CorrelationStdShape{m, n, (float)n, eps});
    const float *hd = b.initial<float>(data), *hm = b.initial<float>(mean);
    Launch l;
    l.grid = dim3(m / 256);
    l.params = {data, mean, stddev, shape};
    l.twin = [=] {
        correlation_std_twin<<<m / 256, 256>>>(data->f(), mean->f(), stddev->f(), shape->d<CorrelationStdShape>());
    };
    l.outputs = {{stddev, [=](size_t j) {
                      double s = 0;
                      for (size_t i = 0; i < n; i++) {
                          double d = (double)hd[i * m + j] - hm[j];
                          s += d * d;
                      }
                      double r = std::sqrt(s / n);
                      return r <= eps ? 1.0 : r;
                  }, 600, 1e-4}};
    b.run("PolyBench CORRELATION", "correlation_std", "column walk", l);
}
REAL_CASE(correlation_std);
