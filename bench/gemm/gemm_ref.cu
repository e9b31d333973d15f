// The CUDA C GEMM of the same design as 矩阵乘。着色器。豫 (see gen_gemm.py): C = A·Bᵀ, A [M][K]
// and B [N][K] f16 (K-contiguous), C [M][N] f32; 128×128 workgroup tile, shared stages
// filled with 16-byte cp.async, rows padded to BK + 8 halves, ldmatrix.x4 + two
// mma.sync.m16n8k16 per fragment product; the warp grid, fragments per warp, K step and stage
// count are template arguments (gen_gemm.py's six numbers). Parameters in yusec's order: A,
// B, C, dims {M, N, K}.
// Also the host side for run_gemm.py (ctypes): loads the yusec PTX with the driver API in
// the current (PyTorch's) context and times either kernel with CUDA events.
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

constexpr int BM = 128, BN = 128;  // as gen_gemm.py

__device__ __forceinline__ void cp_async16(void *smem, const void *gmem) {
    unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}

__device__ __forceinline__ void ldmatrix_x4(uint32_t r[4], const void *smem) {
    unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(s));
}

__device__ __forceinline__ void mma16816(float d[4], const uint32_t a[4], uint32_t b0, uint32_t b1) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// WM×WN warps, each MI×NJ fragments of 16×16, K step BK, S stages (gen_gemm.py's six numbers).
template <int WM, int WN, int MI, int NJ, int BK, int S>
__global__ void __launch_bounds__(32 * WM * WN) gemm_ref(const uint32_t *A, const uint32_t *B, float *C,
                                                         const uint32_t *dims) {
    constexpr unsigned PAD = BK + 8, STAGE = BM * PAD, CHUNKS = BK / 8;
    constexpr unsigned THREADS = 32 * WM * WN, ROWS = THREADS / CHUNKS, PASSES = BM / ROWS;
    static_assert(16 * MI * WM == BM && 16 * NJ * WN == BN, "the workgroup tile is 128×128");
    __shared__ __align__(16) __half As[S * STAGE];
    __shared__ __align__(16) __half Bs[S * STAGE];
    const unsigned N = dims[1], K = dims[2], half_k = K / 2, tiles = K / BK;
    const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const unsigned row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    const unsigned wrow = (warp / WN) * 16 * MI, wcol = (warp % WN) * 16 * NJ;
    const unsigned r = tid / CHUNKS, seg = (tid % CHUNKS) * 8, dst = r * PAD + seg, skip = ROWS * half_k;
    const unsigned a_word = (row0 + r) * half_k + seg / 2, b_word = (col0 + r) * half_k + seg / 2;
    auto fetch = [&](unsigned kt) {
        unsigned s = (kt % S) * STAGE + dst, k = kt * (BK / 2);
#pragma unroll
        for (unsigned p = 0; p < PASSES; p++) cp_async16(&As[s + p * ROWS * PAD], A + a_word + k + p * skip);
#pragma unroll
        for (unsigned p = 0; p < PASSES; p++) cp_async16(&Bs[s + p * ROWS * PAD], B + b_word + k + p * skip);
    };
    float acc[MI][NJ][8] = {};
    // ldmatrix row addresses of this lane (fragment.c's layout)
    const unsigned a_row = lane % 16, a_col = (lane / 16) * 8;
    const unsigned b_row = lane % 8 + 8 * (lane / 16), b_col = ((lane / 8) % 2) * 8;
#pragma unroll
    for (unsigned t = 0; t < S - 1; t++) {
        if (t < tiles) fetch(t);
        asm volatile("cp.async.commit_group;\n");
    }
    for (unsigned kt = 0; kt < tiles; kt++) {
        if (kt + S - 1 < tiles) fetch(kt + S - 1);
        asm volatile("cp.async.commit_group;\n");
        asm volatile("cp.async.wait_group %0;\n" ::"n"(S - 1));
        __syncthreads();
        const unsigned s = (kt % S) * STAGE;
#pragma unroll
        for (unsigned kk = 0; kk < BK / 16; kk++) {
            uint32_t a[MI][4], b[NJ][4];
#pragma unroll
            for (int i = 0; i < MI; i++) ldmatrix_x4(a[i], &As[s + (wrow + 16 * i + a_row) * PAD + 16 * kk + a_col]);
#pragma unroll
            for (int j = 0; j < NJ; j++) ldmatrix_x4(b[j], &Bs[s + (wcol + 16 * j + b_row) * PAD + 16 * kk + b_col]);
#pragma unroll
            for (int i = 0; i < MI; i++)
#pragma unroll
                for (int j = 0; j < NJ; j++) {
                    mma16816(&acc[i][j][0], a[i], b[j][0], b[j][1]);
                    mma16816(&acc[i][j][4], a[i], b[j][2], b[j][3]);
                }
        }
        __syncthreads();
    }
    const unsigned g = lane / 4, t = lane % 4;
#pragma unroll
    for (int i = 0; i < MI; i++)
#pragma unroll
        for (int j = 0; j < NJ; j++)
#pragma unroll
            for (int p = 0; p < 4; p++) {
                unsigned row = row0 + wrow + 16 * i + g + 8 * (p & 1);
                unsigned col = col0 + wcol + 16 * j + 2 * t + 8 * (p >> 1);
                float2 v = make_float2(acc[i][j][2 * p], acc[i][j][2 * p + 1]);
                *reinterpret_cast<float2 *>(&C[row * N + col]) = v;
            }
}

CUmodule yusec_modules[4];
CUfunction yusec_kernels[4];
int yusec_count = 0;

}  // namespace

// Loads yusec's PTX; returns its index (≥ 0) or a negative error.
extern "C" int gemm_load_yusec(const char *ptx_path, const char *entry) {
    cudaFree(nullptr);  // make the runtime's primary context current
    if (yusec_count == 4) return -4;
    FILE *f = fopen(ptx_path, "rb");
    if (!f) return -1;
    std::string text;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    fclose(f);
    char log[16384] = {0};
    CUjit_option opts[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[2] = {log, reinterpret_cast<void *>(sizeof log)};
    CUmodule m;
    if (cuModuleLoadDataEx(&m, text.c_str(), 2, opts, vals) != CUDA_SUCCESS) {
        fprintf(stderr, "cuModuleLoadDataEx: %s\n", log);
        return -2;
    }
    if (cuModuleGetFunction(&yusec_kernels[yusec_count], m, entry) != CUDA_SUCCESS) return -3;
    yusec_modules[yusec_count] = m;
    return yusec_count++;
}

// kernel ≥ 0: that yusec module, launched with `threads`; < 0: the CUDA C kernel -kernel - 1 of
// REF (the same list as gen_ptx.sh and run_gemm.py).
typedef void (*RefKernel)(const uint32_t *, const uint32_t *, float *, const uint32_t *);
static const struct {
    RefKernel kernel;
    unsigned threads;
} REF[] = {
    {gemm_ref<2, 4, 4, 2, 32, 2>, 256},
    {gemm_ref<2, 2, 4, 4, 32, 2>, 128},
    {gemm_ref<2, 2, 4, 4, 16, 4>, 128},
    {gemm_ref<2, 4, 4, 2, 16, 4>, 256},
};

static void launch(int kernel, unsigned threads, void *A, void *B, void *C, void *dims, unsigned M, unsigned N) {
    dim3 grid(N / BN, M / BM);
    if (kernel >= 0) {
        void *params[4] = {&A, &B, &C, &dims};
        cuLaunchKernel(yusec_kernels[kernel], grid.x, grid.y, 1, threads, 1, 1, 0, 0, params, nullptr);
        return;
    }
    const auto &ref = REF[-kernel - 1];
    ref.kernel<<<grid, ref.threads>>>(static_cast<const uint32_t *>(A), static_cast<const uint32_t *>(B),
                                     static_cast<float *>(C), static_cast<const uint32_t *>(dims));
}

// Milliseconds per launch (mean of `reps` after 2 warm-up launches); negative on an error.
extern "C" float gemm_time(int kernel, unsigned threads, void *A, void *B, void *C, void *dims, unsigned M,
                           unsigned N, int reps) {
    for (int i = 0; i < 2; i++) launch(kernel, threads, A, B, C, dims, M, N);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, 0);
    for (int i = 0; i < reps; i++) launch(kernel, threads, A, B, C, dims, M, N);
    cudaEventRecord(stop, 0);
    if (cudaEventSynchronize(stop) != cudaSuccess) return -1.0f;
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return cudaGetLastError() == cudaSuccess ? ms / reps : -2.0f;
}
