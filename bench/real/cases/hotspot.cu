// Rodinia hotspot (hotspot.cu calculate_temp), one time step of the 2-D thermal stencil:
// new = t + (step/Cap)·(power + (S + N − 2t)/Ry + (E + W − 2t)/Rx + (amb − t)/Rz).
// This is the simple one-step form, NOT the original's pyramid tiling (shared memory, several
// steps per launch): one thread per cell reads its neighbours from global memory, the indices
// clamped at the borders (as the original's validXmin/validXmax clamping does). Cap, Rx, Ry, Rz
// and step are computed on the host as the original does and passed in the uniform struct; the
// kernel takes step/Cap and the reciprocals as the original does. The original's 2.0 is a double
// literal (its expression is evaluated in double); both kernels here are all single precision.
// The original uses 16×16 thread blocks; 豫言's 工作组大小 is one number, so the yusec kernel uses
// 1-D workgroups of 256 split into (x % 16, x / 16), the same thread-to-element mapping, and the
// twin is launched and indexes the same way.
#include "../real.h"

struct HotspotParams {
    uint32_t rows, cols;
    float cap, rx, ry, rz, step, amb;
};

__global__ void hotspot_twin(const float *__restrict__ power, const float *__restrict__ src, float *__restrict__ dst,
                             const HotspotParams *__restrict__ p) {
    int c = blockIdx.x * 16 + threadIdx.x % 16;
    int r = blockIdx.y * 16 + threadIdx.x / 16;
    int rows = p->rows, cols = p->cols;
    if (r < rows && c < cols) {
        float step_div_cap = p->step / p->cap;
        float rx_1 = 1.0f / p->rx, ry_1 = 1.0f / p->ry, rz_1 = 1.0f / p->rz;
        int n = r > 0 ? r - 1 : 0;
        int s = r < rows - 1 ? r + 1 : rows - 1;
        int w = c > 0 ? c - 1 : 0;
        int e = c < cols - 1 ? c + 1 : cols - 1;
        int idx = r * cols + c;
        float t = src[idx];
        dst[idx] = t + step_div_cap * (power[idx] + (src[s * cols + c] + src[n * cols + c] - 2.0f * t) * ry_1 +
                                       (src[r * cols + e] + src[r * cols + w] - 2.0f * t) * rx_1 + (p->amb - t) * rz_1);
    }
}

static void hotspot(Bench &b) {
    const uint32_t rows = 8192, cols = 8192;
    // The original's chip constants and compute_tran_temp's formulas.
    const float t_chip = 0.0005f, chip_height = 0.016f, chip_width = 0.016f, amb_temp = 80.0f;
    const double max_pd = 3.0e6, precision = 0.001, spec_heat_si = 1.75e6, k_si = 100, factor_chip = 0.5;
    float grid_height = chip_height / rows, grid_width = chip_width / cols;
    float cap = factor_chip * spec_heat_si * t_chip * grid_width * grid_height;
    float rx = grid_width / (2.0 * k_si * t_chip * grid_height);
    float ry = grid_height / (2.0 * k_si * t_chip * grid_width);
    float rz = t_chip / (k_si * grid_height * grid_width);
    float max_slope = max_pd / (factor_chip * t_chip * spec_heat_si);
    float step = precision / max_slope;
    const size_t count = (size_t)rows * cols;
    // Temperatures near the original's inputs (≈323 K), power small, as in its data files.
    Buffer *power = b.f32(count, 41, 0.0f, 0.001f), *src = b.f32(count, 42, 323.0f, 324.0f);
    Buffer *dst = b.zeros(Elem::F32, count);
    Buffer *params = b.uniform(HotspotParams{rows, cols, cap, rx, ry, rz, step, amb_temp});
    const float *hp = b.initial<float>(power), *ht = b.initial<float>(src);
    Launch l;
    l.grid = dim3(cols / 16, rows / 16);
    l.params = {power, src, dst, params};
    l.twin = [=] {
        hotspot_twin<<<dim3(cols / 16, rows / 16), 256>>>(power->f(), src->f(), dst->f(), params->d<HotspotParams>());
    };
    l.outputs = {{dst, [=](size_t e) {
                      size_t r = e / cols, c = e % cols;
                      size_t n = r > 0 ? r - 1 : 0, s = r < rows - 1 ? r + 1 : rows - 1;
                      size_t w = c > 0 ? c - 1 : 0, east = c < cols - 1 ? c + 1 : cols - 1;
                      double t = ht[e];
                      return t + (double)step / cap *
                                     (hp[e] + ((double)ht[s * cols + c] + ht[n * cols + c] - 2 * t) / ry +
                                      ((double)ht[r * cols + east] + ht[r * cols + w] - 2 * t) / rx + (amb_temp - t) / rz);
                  }, 4096, 1e-5}};
    b.run("Rodinia hotspot", "hotspot", "2-D stencil (clamped)", l);
}
REAL_CASE(hotspot);
