// Times yusec-generated PTX (loaded with cuModuleLoadDataEx, as yusec's runtime does)
// against the reference kernels of ref.cu compiled by nvcc, plus a device-to-device copy as
// the bandwidth ceiling. Every pair is first checked: both outputs equal, and a CPU spot
// check of a few thousand elements. Then each kernel is timed with CUDA events, yusec and
// nvcc launches interleaved, and the median is reported.
//
//   harness --ptx-dir DIR [--mib 1024] [--reps 30] [--csv FILE]
//
// Exit status: 0 all checks passed, 1 a check failed, 2 setup error.
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ptx_file.h"
#include "ref.h"

#define CUDA_OK(call)                                                                  \
    do {                                                                               \
        cudaError_t e_ = (call);                                                       \
        if (e_ != cudaSuccess) {                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,              \
                    cudaGetErrorString(e_));                                           \
            exit(2);                                                                   \
        }                                                                              \
    } while (0)


// ---- yusec PTX ----

struct YusecKernel {
    std::string file;
    std::string entry;
    unsigned block = 0;
    CUmodule module = nullptr;
    CUfunction function = nullptr;
};

// One entry per file: its name and .reqntid x.
static YusecKernel load_yusec(const std::string &dir, const char *stem) {
    YusecKernel k;
    k.file = dir + "/" + stem + ".ptx";
    BenchPtxKernel loaded = bench_load_ptx(k.file);
    k.entry = loaded.entry;
    k.block = loaded.block[0];
    k.module = loaded.module;
    k.function = loaded.function;
    return k;
}

static void launch_yusec(const YusecKernel &k, unsigned grid, void *a, void *b, void *c) {
    CUdeviceptr p[3] = {(CUdeviceptr)(uintptr_t)a, (CUdeviceptr)(uintptr_t)b,
                        (CUdeviceptr)(uintptr_t)c};
    void *args[3] = {&p[0], &p[1], &p[2]};
    BENCH_CU_OK(cuLaunchKernel(k.function, grid, 1, 1, k.block, 1, 1, 0, nullptr, args, nullptr));
}

// ---- data ----


// Words from a seed: raw u32, or floats in [-1, 1) (never all zeros: zeros hide bugs).
__device__ __host__ static float hash_float(uint64_t seed, uint64_t i) {
    return (float)(bench_hash32(seed * 0x9e3779b97f4a7c15ULL + i) >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

__global__ void fill_u32(uint32_t *p, size_t n, uint64_t seed) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = bench_hash32(seed * 0x9e3779b97f4a7c15ULL + i);
}

__global__ void fill_f32(float *p, size_t n, uint64_t seed) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = hash_float(seed, i);
}

__global__ void count_diff(const uint32_t *a, const uint32_t *b, size_t n, unsigned long long *diff) {
    unsigned long long local = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        local += a[i] != b[i];
    if (local) atomicAdd(diff, local);
}

struct Buffers {
    size_t n;          // elements of 4 bytes in each big buffer
    void *a, *b, *x;   // big buffers
    void *pa, *pb;     // partial sums
    float *factor;     // the saxpy factor (uniform buffer)
};

static void fill(void *p, size_t n, uint64_t seed, bool floats) {
    if (floats) fill_f32<<<4096, 256>>>((float *)p, n, seed);
    else fill_u32<<<4096, 256>>>((uint32_t *)p, n, seed);
    CUDA_OK(cudaGetLastError());
}

static unsigned long long differing_words(const void *a, const void *b, size_t n) {
    unsigned long long *d, h = 0;
    CUDA_OK(cudaMalloc(&d, sizeof *d));
    CUDA_OK(cudaMemset(d, 0, sizeof *d));
    count_diff<<<4096, 256>>>((const uint32_t *)a, (const uint32_t *)b, n, d);
    CUDA_OK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaFree(d));
    return h;
}

// ---- the cases ----

enum Kind { DOUBLE, DOUBLE4, SAXPY, SAXPY4, REDUCE };

struct Case {
    const char *label;
    const char *stem;     // bench/generated/<stem>.ptx
    Kind kind;
    RefKernel ref;
    unsigned vec;         // elements per thread (4 for the 16-byte variants)
};

static const Case CASES[] = {
    {"doubling u32", "加倍", DOUBLE, REF_DOUBLE_U32, 1},
    {"doubling vec4<u32> (16 B)", "加倍四维", DOUBLE4, REF_DOUBLE_U32X4, 4},
    {"saxpy f32", "乘加", SAXPY, REF_SAXPY, 1},
    {"saxpy vec4<f32> (16 B)", "乘加四维", SAXPY4, REF_SAXPY4, 4},
    {"workgroup reduction f32", "归约", REDUCE, REF_REDUCE, 1},
};

static double bytes_moved(const Case &c, size_t n) {
    double s = 4.0 * (double)n;
    switch (c.kind) {
    case DOUBLE: case DOUBLE4: return 2 * s;         // read + write
    case SAXPY: case SAXPY4: return 3 * s;           // read x, read y, write y
    case REDUCE: return s + s / REF_REDUCE_BLOCK;    // read all, write one per block
    }
    return s;
}

// Operands of one launch: (a, b, c) in yusec's parameter order. `out` selects which copy.
static void operands(const Case &c, Buffers &m, bool second, void **a, void **b, void **cc) {
    *cc = nullptr;
    switch (c.kind) {
    case DOUBLE: case DOUBLE4: *a = second ? m.b : m.a; *b = nullptr; break;
    case SAXPY: case SAXPY4: *a = m.x; *b = second ? m.b : m.a; *cc = m.factor; break;
    case REDUCE: *a = m.x; *b = second ? m.pb : m.pa; break;
    }
}

static unsigned grid_of(const Case &c, size_t n, unsigned block) {
    return (unsigned)(n / c.vec / block);
}

// Same inputs into both output copies; the partial sums poisoned (NaN) so unwritten shows.
static void prepare(const Case &c, Buffers &m, uint64_t seed) {
    bool floats = c.kind != DOUBLE && c.kind != DOUBLE4;
    fill(m.x, m.n, seed + 1, true);
    fill(m.a, m.n, seed, floats);
    fill(m.b, m.n, seed, floats);
    CUDA_OK(cudaMemset(m.pa, 0xff, m.n / REF_REDUCE_BLOCK * 4));
    CUDA_OK(cudaMemset(m.pb, 0xff, m.n / REF_REDUCE_BLOCK * 4));
    CUDA_OK(cudaDeviceSynchronize());
}

// CPU spot check of the first `count` outputs of the yusec run.
static bool spot_check(const Case &c, Buffers &m, uint64_t seed, size_t count) {
    std::vector<uint32_t> got(count);
    size_t blocks = std::min(count, m.n / REF_REDUCE_BLOCK);
    void *src = c.kind == REDUCE ? m.pa : m.a;
    size_t words = c.kind == REDUCE ? blocks : count;
    CUDA_OK(cudaMemcpy(got.data(), src, words * 4, cudaMemcpyDeviceToHost));
    float a = 0;
    CUDA_OK(cudaMemcpy(&a, m.factor, 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < words; i++) {
        double want = 0, have;
        float f;
        memcpy(&f, &got[i], 4);
        have = f;
        switch (c.kind) {
        case DOUBLE: case DOUBLE4:
            if (got[i] != bench_hash32(seed * 0x9e3779b97f4a7c15ULL + i) * 2u) return false;
            continue;
        case SAXPY: case SAXPY4:
            want = (double)a * hash_float(seed + 1, i) + hash_float(seed, i);
            break;
        case REDUCE: {
            want = 0;
            for (size_t k = 0; k < REF_REDUCE_BLOCK; k++) want += hash_float(seed + 1, i * REF_REDUCE_BLOCK + k);
            break;
        }
        }
        if (!(fabs(have - want) <= 1e-5 * (1 + fabs(want)))) {
            fprintf(stderr, "  %s: element %zu is %.9g, CPU says %.9g\n", c.label, i, have, want);
            return false;
        }
    }
    return true;
}

static bool check_case(const Case &c, const YusecKernel &k, Buffers &m) {
    const uint64_t seed = 20261129;
    prepare(c, m, seed);
    void *a = nullptr, *b = nullptr, *cc = nullptr;
    unsigned grid = grid_of(c, m.n, k.block);
    operands(c, m, false, &a, &b, &cc);
    launch_yusec(k, grid, a, b, cc);
    operands(c, m, true, &a, &b, &cc);
    CUDA_OK(ref_launch(c.ref, grid, k.block, a, b, cc));
    CUDA_OK(cudaDeviceSynchronize());
    size_t words = c.kind == REDUCE ? m.n / REF_REDUCE_BLOCK : m.n;
    unsigned long long diff = c.kind == REDUCE ? differing_words(m.pa, m.pb, words)
                                               : differing_words(m.a, m.b, words);
    bool spot = spot_check(c, m, seed, 4096);
    if (diff) fprintf(stderr, "  %s: %llu of %zu words differ between yusec and nvcc\n", c.label, diff, words);
    if (!spot) fprintf(stderr, "  %s: CPU spot check failed\n", c.label);
    return diff == 0 && spot;
}

static float median(std::vector<float> v) {
    std::sort(v.begin(), v.end());
    size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5f * (v[h - 1] + v[h]);
}

// Interleaved timing: each rep times one yusec launch and one nvcc launch.
static void time_case(const Case &c, const YusecKernel &k, Buffers &m, int reps, float *yusec_ms,
                      float *nvcc_ms) {
    prepare(c, m, 7);
    cudaEvent_t start, stop;
    CUDA_OK(cudaEventCreate(&start));
    CUDA_OK(cudaEventCreate(&stop));
    unsigned grid = grid_of(c, m.n, k.block);
    std::vector<float> ty, tn;
    for (int r = -3; r < reps; r++) {  // three warm-up rounds
        for (int which = 0; which < 2; which++) {
            void *a = nullptr, *b = nullptr, *cc = nullptr;
            operands(c, m, which == 1, &a, &b, &cc);
            CUDA_OK(cudaEventRecord(start));
            if (which == 0) launch_yusec(k, grid, a, b, cc);
            else CUDA_OK(ref_launch(c.ref, grid, k.block, a, b, cc));
            CUDA_OK(cudaEventRecord(stop));
            CUDA_OK(cudaEventSynchronize(stop));
            float ms;
            CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
            if (r >= 0) (which == 0 ? ty : tn).push_back(ms);
        }
    }
    *yusec_ms = median(ty);
    *nvcc_ms = median(tn);
    CUDA_OK(cudaEventDestroy(start));
    CUDA_OK(cudaEventDestroy(stop));
}

static float time_copy(Buffers &m, int reps) {
    cudaEvent_t start, stop;
    CUDA_OK(cudaEventCreate(&start));
    CUDA_OK(cudaEventCreate(&stop));
    std::vector<float> t;
    for (int r = -3; r < reps; r++) {
        CUDA_OK(cudaEventRecord(start));
        CUDA_OK(cudaMemcpyAsync(m.b, m.x, m.n * 4, cudaMemcpyDeviceToDevice));
        CUDA_OK(cudaEventRecord(stop));
        CUDA_OK(cudaEventSynchronize(stop));
        float ms;
        CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
        if (r >= 0) t.push_back(ms);
    }
    CUDA_OK(cudaEventDestroy(start));
    CUDA_OK(cudaEventDestroy(stop));
    return median(t);
}

int main(int argc, char **argv) {
    std::string dir = "bench/generated", csv;
    size_t mib = 1024;
    int reps = 30;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--ptx-dir")) dir = argv[i + 1];
        else if (!strcmp(argv[i], "--mib")) mib = strtoul(argv[i + 1], nullptr, 10);
        else if (!strcmp(argv[i], "--reps")) reps = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--csv")) csv = argv[i + 1];
        else {
            fprintf(stderr, "unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (reps < 20) reps = 20;
    CUDA_OK(cudaSetDevice(0));
    CUDA_OK(cudaFree(0));  // the primary context, current for the driver API too
    cudaDeviceProp prop;
    CUDA_OK(cudaGetDeviceProperties(&prop, 0));
    int driver = 0;
    CUDA_OK(cudaDriverGetVersion(&driver));
    printf("device: %s, sm_%d%d, %d SMs, driver CUDA %d.%d\n", prop.name, prop.major, prop.minor,
           prop.multiProcessorCount, driver / 1000, driver % 1000 / 10);

    Buffers m = {};
    m.n = mib * 1024 * 1024 / 4;
    m.n -= m.n % (1024 * REF_REDUCE_BLOCK);  // whole blocks for every kernel
    CUDA_OK(cudaMalloc(&m.a, m.n * 4));
    CUDA_OK(cudaMalloc(&m.b, m.n * 4));
    CUDA_OK(cudaMalloc(&m.x, m.n * 4));
    CUDA_OK(cudaMalloc(&m.pa, m.n / REF_REDUCE_BLOCK * 4));
    CUDA_OK(cudaMalloc(&m.pb, m.n / REF_REDUCE_BLOCK * 4));
    CUDA_OK(cudaMalloc(&m.factor, 4));
    const float factor = 1.75f;
    CUDA_OK(cudaMemcpy(m.factor, &factor, 4, cudaMemcpyHostToDevice));
    printf("buffers: %zu elements of 4 bytes (%.2f GiB each), %d timed runs, median\n\n", m.n,
           m.n * 4.0 / (1 << 30), reps);

    bool all_ok = true;
    float copy_ms = time_copy(m, reps);
    double copy_gbs = 2.0 * m.n * 4 / (copy_ms * 1e6);
    FILE *out = csv.empty() ? nullptr : fopen(csv.c_str(), "w");
    if (out) fprintf(out, "kernel,bytes,yusec_ms,nvcc_ms,yusec_GBps,nvcc_GBps,ratio,yusec_pct_copy,check\n");
    if (out) fprintf(out, "copy,%.0f,,%.4f,,%.1f,,100,\n", 2.0 * m.n * 4, copy_ms, copy_gbs);
    printf("%-26s %10s %10s %10s %10s %11s %9s %6s\n", "kernel", "yusec ms", "nvcc ms",
           "yusec GB/s", "nvcc GB/s", "yusec/nvcc", "% copy", "check");
    printf("%-26s %10s %10.3f %10s %10.1f %11s %9s %6s\n", "copy (cudaMemcpy D2D)", "-", copy_ms, "-",
           copy_gbs, "-", "100.0", "-");
    for (const Case &c : CASES) {
        YusecKernel k = load_yusec(dir, c.stem);
        if (c.kind == REDUCE && k.block != REF_REDUCE_BLOCK) {
            fprintf(stderr, "%s: .reqntid %u, the reference needs %d\n", k.file.c_str(), k.block, REF_REDUCE_BLOCK);
            return 2;
        }
        bool ok = check_case(c, k, m);
        all_ok = all_ok && ok;
        float ty, tn;
        time_case(c, k, m, reps, &ty, &tn);
        double bytes = bytes_moved(c, m.n);
        double gy = bytes / (ty * 1e6), gn = bytes / (tn * 1e6);
        printf("%-26s %10.3f %10.3f %10.1f %10.1f %11.3f %9.1f %6s\n", c.label, ty, tn, gy, gn,
               gn > 0 ? gy / gn : 0.0, 100.0 * gy / copy_gbs, ok ? "ok" : "FAIL");
        if (out)
            fprintf(out, "%s,%.0f,%.4f,%.4f,%.1f,%.1f,%.4f,%.1f,%s\n", c.stem, bytes, ty, tn, gy, gn,
                    gy / gn, 100.0 * gy / copy_gbs, ok ? "ok" : "FAIL");
        cuModuleUnload(k.module);
    }
    if (out) fclose(out);
    printf("\nGB/s counts bytes read plus bytes written (10^9 bytes per second).\n");
    return all_ok ? 0 : 1;
}
