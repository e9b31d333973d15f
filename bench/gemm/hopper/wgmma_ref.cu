// The Hopper GEMM of 矩阵乘_线程束组。着色器。豫 in CUDA C (inline PTX), its 豫言 twin (yusec's PTX,
// loaded with the driver API) and cuBLAS, timed side by side on one GPU of compute capability 9.0.
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a -o wgmma_gemm wgmma_ref.cu -lcublas -lcuda
//   ./wgmma_gemm YUSEC_PTX KERNEL_NAME [SIZE…]        (run_wgmma.sh does both)
//
// Design (the same in both kernels): C = A·Bᵀ, A [M][K] and B [N][K] f16 (K-contiguous), C [M][N]
// f32. A workgroup of 128 threads (one warpgroup) computes a 64×64 tile of C as the accumulator
// of wgmma.m64n64k16 (32 f32 registers a thread); K steps of 64 go through 3 shared-memory stages
// (A 4096 f16 then B 4096 f16 each, 48 KiB in all) filled by 16-byte cp.async in wgmma's
// no-swizzle K-major core-matrix layout (element (row, k) at 64·(8·(row/8) + k/8) + 8·(row%8) +
// k%8), two tiles in flight; per K step: cp.async.wait_group 1, bar.sync, the copy of tile
// kt + 2, commit, fence.proxy.async.shared::cta, bar.sync, wgmma.fence, four wgmma (A and B
// through descriptors: leading byte offset 128, stride byte offset 1024), commit, wait 0. The 1-D
// grid is rasterised in stripes of 8 tile rows (M / 64 must be a multiple of 8).
//
// Checks first: both kernels' C against an f64 host reference on 64 sampled rows (tolerance
// 1e-3 · Σ|a·b| + 1e-5). Then per size: burst (mean of 20 launches after 2 warm-ups, CUDA
// events) and sustained (launches back to back until at least 2 s have passed; the mean over
// all of them) for the 豫言 kernel, its CUDA C twin, cuBLAS fp16 → f32 (the same output) and
// cuBLAS fp16 → fp16 (torch.matmul's, the issue's baseline), in TFLOP/s = 2·M·N·K / time, and
// the ratios 豫言 / cuBLAS(f16 out) and 豫言 / CUDA C.
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define TILE 64
#define BK 64
#define STAGES 3
#define STAGE_HALVES 8192  // A 4096, then B 4096

#define CHECK_CUDA(x)                                                                         \
    do {                                                                                      \
        cudaError_t e_ = (x);                                                                 \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)
#define CHECK_CU(x)                                                                 \
    do {                                                                            \
        CUresult r_ = (x);                                                          \
        if (r_ != CUDA_SUCCESS) {                                                   \
            const char *s_ = "?";                                                   \
            cuGetErrorString(r_, &s_);                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);         \
            exit(1);                                                                \
        }                                                                           \
    } while (0)
#define CHECK_CUBLAS(x)                                                           \
    do {                                                                          \
        cublasStatus_t s_ = (x);                                                  \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                        \
            fprintf(stderr, "%s:%d: %s: cuBLAS %d\n", __FILE__, __LINE__, #x, (int)s_); \
            exit(1);                                                              \
        }                                                                         \
    } while (0)

struct Dims {  // the 豫言 uniform 尺寸类: 行数, 列数, 深
    uint32_t m, n, k;
};

__device__ __forceinline__ uint32_t core_index(uint32_t row, uint32_t k) {
    return 64u * (8u * (row / 8u) + k / 8u) + 8u * (row % 8u) + k % 8u;
}

__device__ __forceinline__ void cp_async16(uint32_t smem, const void *global) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem), "l"(global) : "memory");
}

__device__ __forceinline__ uint64_t descriptor(uint32_t smem) {
    return (uint64_t)((smem >> 4) & 0x3FFF) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
}

#define ACC8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]), \
                "+f"(d[i + 6]), "+f"(d[i + 7])

__device__ __forceinline__ void wgmma_ss(float *d, uint64_t a, uint64_t b) {
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
        "%32, %33, p, 1, 1, 0, 0;\n}\n"
        : ACC8(0), ACC8(8), ACC8(16), ACC8(24)
        : "l"(a), "l"(b)
        : "memory");
}

__device__ __forceinline__ void wgmma_fence(float *d) {
    asm volatile("wgmma.fence.sync.aligned;\n" : ACC8(0), ACC8(8), ACC8(16), ACC8(24)::"memory");
}

__device__ __forceinline__ void wgmma_wait0(float *d) {
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" : ACC8(0), ACC8(8), ACC8(16), ACC8(24)::"memory");
}

// Tile kt (64 k) into stage kt % 3: each thread 4 segments of A and 4 of B (16 bytes each).
__device__ __forceinline__ void copy_tile(uint32_t smem, const uint32_t *A, const uint32_t *B, uint32_t row0,
                                          uint32_t col0, uint32_t half_k, uint32_t kt) {
    uint32_t stage = (kt % STAGES) * STAGE_HALVES, kword = kt * (BK / 2);
#pragma unroll
    for (uint32_t j = 0; j < 4; j++) {
        uint32_t c = threadIdx.x + 128u * j, row = c / 8u, seg = c % 8u;
        uint32_t dst = stage + core_index(row, seg * 8u);
        cp_async16(smem + 2u * dst, A + (size_t)(row0 + row) * half_k + kword + seg * 4u);
        cp_async16(smem + 2u * (dst + 4096u), B + (size_t)(col0 + row) * half_k + kword + seg * 4u);
    }
}

__global__ void __launch_bounds__(128, 1)
    gemm_wgmma(const uint32_t *__restrict__ A, const uint32_t *__restrict__ B, float *__restrict__ C,
               const Dims *__restrict__ dims) {
    __shared__ __align__(128) __half tiles[STAGES * STAGE_HALVES];
    uint32_t smem = (uint32_t)__cvta_generic_to_shared(tiles);
    uint32_t n = dims->n, k = dims->k;
    uint32_t id = blockIdx.x, band = 8u * (n / TILE);
    uint32_t row0 = ((id / band) * 8u + id % 8u) * TILE, col0 = ((id % band) / 8u) * TILE;
    uint32_t half_k = k / 2u, count = k / BK;
    float d[32];
#pragma unroll
    for (int i = 0; i < 32; i++) d[i] = 0.0f;
    if (0 < count) copy_tile(smem, A, B, row0, col0, half_k, 0);
    asm volatile("cp.async.commit_group;\n" ::: "memory");
    if (1 < count) copy_tile(smem, A, B, row0, col0, half_k, 1);
    asm volatile("cp.async.commit_group;\n" ::: "memory");
    for (uint32_t kt = 0; kt < count; kt++) {
        asm volatile("cp.async.wait_group 1;\n" ::: "memory");
        __syncthreads();
        if (kt + 2 < count) copy_tile(smem, A, B, row0, col0, half_k, kt + 2);
        asm volatile("cp.async.commit_group;\n" ::: "memory");
        asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
        __syncthreads();
        uint32_t a = smem + 2u * (kt % STAGES) * STAGE_HALVES, b = a + 2u * 4096u;
        wgmma_fence(d);
#pragma unroll
        for (uint32_t s = 0; s < BK / 16; s++) wgmma_ss(d, descriptor(a + 256u * s), descriptor(b + 256u * s));
        asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
        wgmma_wait0(d);
    }
    uint32_t warp = (threadIdx.x / 32u) % 4u, lane = threadIdx.x % 32u, g = lane / 4u, t = lane % 4u;
#pragma unroll
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t row = 16u * warp + g + 8u * ((i >> 1) & 1u), col = 8u * (i >> 2) + 2u * t + (i & 1u);
        C[(size_t)(row0 + row) * n + col0 + col] = d[i];
    }
}

// ---- host ----

struct Problem {
    uint32_t m, n, k;
    std::vector<__half> a, b;
    uint32_t *dA, *dB;
    float *dC;
    __half *dC16;
    Dims *dDims;
};

static uint32_t lcg(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static void make_problem(Problem *p, uint32_t size) {
    p->m = p->n = p->k = size;
    size_t na = (size_t)size * size;
    p->a.resize(na);
    p->b.resize(na);
    uint64_t seed = 12345 + size;
    for (size_t i = 0; i < na; i++) p->a[i] = __float2half((lcg(&seed) / 2147483648.0f) - 1.0f);
    for (size_t i = 0; i < na; i++) p->b[i] = __float2half((lcg(&seed) / 2147483648.0f) - 1.0f);
    CHECK_CUDA(cudaMalloc(&p->dA, na * 2));
    CHECK_CUDA(cudaMalloc(&p->dB, na * 2));
    CHECK_CUDA(cudaMalloc(&p->dC, na * 4));
    CHECK_CUDA(cudaMalloc(&p->dC16, na * 2));
    CHECK_CUDA(cudaMalloc(&p->dDims, sizeof(Dims)));
    CHECK_CUDA(cudaMemcpy(p->dA, p->a.data(), na * 2, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(p->dB, p->b.data(), na * 2, cudaMemcpyHostToDevice));
    Dims dims = {p->m, p->n, p->k};
    CHECK_CUDA(cudaMemcpy(p->dDims, &dims, sizeof dims, cudaMemcpyHostToDevice));
}

static void free_problem(Problem *p) {
    cudaFree(p->dA);
    cudaFree(p->dB);
    cudaFree(p->dC);
    cudaFree(p->dC16);
    cudaFree(p->dDims);
}

enum Kernel { YUSEC, CUDA_C, CUBLAS_F32, CUBLAS_F16, KERNELS };
static const char *const NAMES[KERNELS] = {"豫言 wgmma", "CUDA C wgmma", "cuBLAS f16→f32", "cuBLAS f16→f16"};

struct Runner {
    CUfunction yusec;
    cublasHandle_t blas;
};

static void launch(const Runner *r, const Problem *p, Kernel kernel) {
    unsigned grid = (p->m / TILE) * (p->n / TILE);
    const float one = 1.0f, zero = 0.0f;
    const __half one16 = __float2half(1.0f), zero16 = __float2half(0.0f);
    switch (kernel) {
    case YUSEC: {
        void *args[4] = {(void *)&p->dA, (void *)&p->dB, (void *)&p->dC, (void *)&p->dDims};
        CHECK_CU(cuLaunchKernel(r->yusec, grid, 1, 1, 128, 1, 1, 0, 0, args, NULL));
        break;
    }
    case CUDA_C: gemm_wgmma<<<grid, 128>>>(p->dA, p->dB, p->dC, p->dDims); break;
    case CUBLAS_F32:  // column-major C'(N×M) = B'ᵀ·A' gives row-major C = A·Bᵀ
        CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, p->n, p->m, p->k, &one, p->dB, CUDA_R_16F, p->k,
                                  p->dA, CUDA_R_16F, p->k, &zero, p->dC, CUDA_R_32F, p->n, CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT));
        break;
    default:
        CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, p->n, p->m, p->k, &one16, p->dB, CUDA_R_16F,
                                  p->k, p->dA, CUDA_R_16F, p->k, &zero16, p->dC16, CUDA_R_16F, p->n,
                                  CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT));
        break;
    }
}

// C of `kernel` against f64 on 64 sampled rows; prints and returns the number of bad elements.
static size_t check(const Runner *r, Problem *p, Kernel kernel) {
    CHECK_CUDA(cudaMemset(p->dC, 0xFF, (size_t)p->m * p->n * 4));  // NaN
    launch(r, p, kernel);
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<float> row(p->n);
    size_t bad = 0;
    for (uint32_t s = 0; s < 64; s++) {
        uint32_t m = (uint32_t)(((uint64_t)s * 2654435761u) % p->m);
        CHECK_CUDA(cudaMemcpy(row.data(), p->dC + (size_t)m * p->n, p->n * 4, cudaMemcpyDeviceToHost));
        for (uint32_t n = 0; n < p->n; n++) {
            double want = 0, scale = 0;
            for (uint32_t k = 0; k < p->k; k++) {
                double t = (double)__half2float(p->a[(size_t)m * p->k + k]) * __half2float(p->b[(size_t)n * p->k + k]);
                want += t;
                scale += fabs(t);
            }
            if (!(fabs(row[n] - want) <= 1e-3 * scale + 1e-5)) {
                if (bad < 4) fprintf(stderr, "  %s C[%u][%u] = %g, want %g\n", NAMES[kernel], m, n, row[n], want);
                bad++;
            }
        }
    }
    printf("check %u³ %s: %s (%zu bad of %u)\n", p->m, NAMES[kernel], bad ? "FAIL" : "ok", bad, 64 * p->n);
    return bad;
}

static double seconds(cudaEvent_t a, cudaEvent_t b) {
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    return ms / 1e3;
}

// Burst: mean of 20 launches after 2 warm-ups. Sustained: back to back for at least 2 s.
static void time_kernel(const Runner *r, const Problem *p, Kernel kernel, double *burst, double *sustained) {
    cudaEvent_t start, stop;
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    double flop = 2.0 * p->m * p->n * p->k;
    for (int i = 0; i < 2; i++) launch(r, p, kernel);
    CHECK_CUDA(cudaEventRecord(start));
    for (int i = 0; i < 20; i++) launch(r, p, kernel);
    CHECK_CUDA(cudaEventRecord(stop));
    CHECK_CUDA(cudaEventSynchronize(stop));
    *burst = flop * 20 / seconds(start, stop) / 1e12;
    long launches = 0;
    double elapsed = 0;
    CHECK_CUDA(cudaEventRecord(start));
    while (elapsed < 2.0) {
        for (int i = 0; i < 50; i++) launch(r, p, kernel);
        launches += 50;
        CHECK_CUDA(cudaEventRecord(stop));
        CHECK_CUDA(cudaEventSynchronize(stop));
        elapsed = seconds(start, stop);
    }
    *sustained = flop * launches / elapsed / 1e12;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
}

static std::string read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(1);
    }
    std::string s;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    fclose(f);
    return s;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s YUSEC_PTX KERNEL_NAME [SIZE…]\n", argv[0]);
        return 2;
    }
    std::vector<uint32_t> sizes;
    for (int i = 3; i < argc; i++) sizes.push_back((uint32_t)atoi(argv[i]));
    if (sizes.empty()) sizes = {4096, 8192};
    cudaDeviceProp prop;
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    printf("device %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
    CHECK_CUDA(cudaFree(0));  // the primary context, current for the driver API too
    std::string ptx = read_file(argv[1]);
    CUmodule module;
    char log[8192] = "";
    CUjit_option keys[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[2] = {log, (void *)(uintptr_t)sizeof log};
    CUresult loaded = cuModuleLoadDataEx(&module, ptx.c_str(), 2, keys, values);
    if (loaded != CUDA_SUCCESS) {
        fprintf(stderr, "cuModuleLoadDataEx(%s) failed (%d):\n%s\n", argv[1], (int)loaded, log);
        return 1;
    }
    Runner r;
    CHECK_CU(cuModuleGetFunction(&r.yusec, module, argv[2]));
    CHECK_CUBLAS(cublasCreate(&r.blas));
    size_t failures = 0;
    for (uint32_t size : sizes) {
        if (size % 512 != 0) {
            fprintf(stderr, "size %u: must be a multiple of 512 (8 tile rows of 64)\n", size);
            return 2;
        }
        Problem p;
        make_problem(&p, size);
        failures += check(&r, &p, YUSEC) + check(&r, &p, CUDA_C) + check(&r, &p, CUBLAS_F32);
        double burst[KERNELS], sustained[KERNELS];
        for (int k = 0; k < KERNELS; k++) time_kernel(&r, &p, (Kernel)k, &burst[k], &sustained[k]);
        for (int k = 0; k < KERNELS; k++)
            printf("%u³ %-16s burst %7.1f TFLOP/s  sustained (≥ 2 s) %7.1f TFLOP/s\n", size, NAMES[k], burst[k],
                   sustained[k]);
        printf("%u³ 豫言 / cuBLAS(f16 out): burst %.3f, sustained %.3f; 豫言 / CUDA C: burst %.3f, sustained %.3f\n",
               size, burst[YUSEC] / burst[CUBLAS_F16], sustained[YUSEC] / sustained[CUBLAS_F16],
               burst[YUSEC] / burst[CUDA_C], sustained[YUSEC] / sustained[CUDA_C]);
        free_problem(&p);
    }
    cublasDestroy(r.blas);
    cuModuleUnload(module);
    return failures ? 1 : 0;
}
