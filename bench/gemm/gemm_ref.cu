// The CUDA C GEMM of the same design as 矩阵乘_*。着色器。豫 (see gen_gemm.py): C = A·Bᵀ, A [M][K]
// and B [N][K] f16 (K-contiguous), C [M][N] f32; (16·MI·WM)×(16·NJ·WN) workgroup tile, shared stages
// (dynamic shared memory) filled with 16-byte cp.async, rows padded to BK + 8 halves, one barrier
// per K step, the grid rasterised in stripes of GROUP tile rows, ldmatrix.x4 + two
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

constexpr unsigned GROUP = 8;  // tile rows per rasterisation stripe (as gen_gemm.py)

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
// The workgroup tile is BM×BN = (16·MI·WM)×(16·NJ·WN). Shared memory is dynamic (it may exceed
// 48 KiB): A's S stages first, B's after, as yusec lays out 甲块 and 乙块. Fragments are
// double-buffered: slice kk + 1's load while slice kk's products issue; in the last slice of
// tile kt: copy tile kt + S − 1 into tile kt − 1's buffer, wait for tile kt + 1, one barrier,
// load tile kt + 1's first fragments (gen_gemm.py carries them through the recursion). Workgroups are rasterised in stripes of GROUP tile
// rows (swizzled block order, for L2 reuse): the linear workgroup id walks down a stripe first.
template <int WM, int WN, int MI, int NJ, int BK, int S>
__global__ void __launch_bounds__(32 * WM * WN) gemm_ref(const uint32_t *A, const uint32_t *B, float *C,
                                                         const uint32_t *dims) {
    constexpr unsigned BM = 16 * MI * WM, BN = 16 * NJ * WN;
    constexpr unsigned PAD = BK + 8, A_STAGE = BM * PAD, B_STAGE = BN * PAD, CHUNKS = BK / 8;
    constexpr unsigned THREADS = 32 * WM * WN, ROWS = THREADS / CHUNKS;
    constexpr unsigned A_PASSES = BM / ROWS, B_PASSES = BN / ROWS;
    static_assert(BM % ROWS == 0 && BN % ROWS == 0, "whole passes");
    extern __shared__ __align__(16) __half smem[];
    __half *As = smem, *Bs = smem + S * A_STAGE;
    const unsigned N = dims[1], K = dims[2], half_k = K / 2, tiles = K / BK;
    const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const unsigned tiles_n = N / BN, id = blockIdx.x, stripe = GROUP * tiles_n;
    const unsigned row0 = ((id / stripe) * GROUP + id % GROUP) * BM, col0 = ((id % stripe) / GROUP) * BN;
    const unsigned wrow = (warp / WN) * 16 * MI, wcol = (warp % WN) * 16 * NJ;
    const unsigned r = tid / CHUNKS, seg = (tid % CHUNKS) * 8, dst = r * PAD + seg, skip = ROWS * half_k;
    const unsigned a_word = (row0 + r) * half_k + seg / 2, b_word = (col0 + r) * half_k + seg / 2;
    auto fetch = [&](unsigned kt) {
        unsigned k = kt * (BK / 2);
        unsigned sa = (kt % S) * A_STAGE + dst, sb = (kt % S) * B_STAGE + dst;
#pragma unroll
        for (unsigned p = 0; p < A_PASSES; p++) cp_async16(&As[sa + p * ROWS * PAD], A + a_word + k + p * skip);
#pragma unroll
        for (unsigned p = 0; p < B_PASSES; p++) cp_async16(&Bs[sb + p * ROWS * PAD], B + b_word + k + p * skip);
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
    constexpr unsigned KK = BK / 16;
    uint32_t fa[2][MI][4], fb[2][NJ][4];
    auto load_frags = [&](uint32_t (&a)[MI][4], uint32_t (&b)[NJ][4], unsigned tile, unsigned kk) {
        const unsigned sa = (tile % S) * A_STAGE, sb = (tile % S) * B_STAGE;
#pragma unroll
        for (int i = 0; i < MI; i++) ldmatrix_x4(a[i], &As[sa + (wrow + 16 * i + a_row) * PAD + 16 * kk + a_col]);
#pragma unroll
        for (int j = 0; j < NJ; j++) ldmatrix_x4(b[j], &Bs[sb + (wcol + 16 * j + b_row) * PAD + 16 * kk + b_col]);
    };
    asm volatile("cp.async.wait_group %0;\n" ::"n"(S - 2));
    __syncthreads();
    load_frags(fa[0], fb[0], 0, 0);
    for (unsigned kt = 0; kt < tiles; kt++) {
#pragma unroll
        for (unsigned kk = 0; kk < KK; kk++) {
            const unsigned cur = kk % 2, nxt = (kk + 1) % 2;
            if (kk == KK - 1) {
                if (kt + S - 1 < tiles) fetch(kt + S - 1);
                asm volatile("cp.async.commit_group;\n");
                asm volatile("cp.async.wait_group %0;\n" ::"n"(S - 2));
                __syncthreads();
                if (kt + 1 < tiles) load_frags(fa[nxt], fb[nxt], kt + 1, 0);  // else: kept, never used
            } else {
                load_frags(fa[nxt], fb[nxt], kt, kk + 1);
            }
#pragma unroll
            for (int i = 0; i < MI; i++)
#pragma unroll
                for (int j = 0; j < NJ; j++) {
                    mma16816(&acc[i][j][0], fa[cur][i], fb[cur][j][0], fb[cur][j][1]);
                    mma16816(&acc[i][j][4], fa[cur][i], fb[cur][j][2], fb[cur][j][3]);
                }
        }
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

template <int WM, int WN, int MI, int NJ, int BK, int S>
constexpr unsigned shared_bytes() {
    return S * (16 * MI * WM + 16 * NJ * WN) * (BK + 8) * 2;
}

struct Design {
    int wm, wn, mi, nj, bk, stages;  // gen_gemm.py's six numbers
};

constexpr unsigned threads_of(Design d) { return 32u * d.wm * d.wn; }
constexpr unsigned bm_of(Design d) { return 16u * d.mi * d.wm; }
constexpr unsigned bn_of(Design d) { return 16u * d.nj * d.wn; }
constexpr unsigned shared_of(Design d) { return d.stages * (bm_of(d) + bn_of(d)) * (d.bk + 8) * 2u; }

typedef void (*Kernel)(const uint32_t *, const uint32_t *, float *, const uint32_t *);

struct RefKernel {
    Design design;
    Kernel kernel;
};

#define REF_KERNEL(WM, WN, MI, NJ, BK, S) {{WM, WN, MI, NJ, BK, S}, gemm_ref<WM, WN, MI, NJ, BK, S>}
// The designs run_gemm.py compares (it pairs each with the yusec PTX of the same six numbers).
const RefKernel REF[] = {
    REF_KERNEL(2, 2, 4, 4, 32, 3), REF_KERNEL(2, 2, 4, 4, 32, 4), REF_KERNEL(2, 2, 4, 4, 64, 3),
    REF_KERNEL(2, 4, 4, 4, 32, 4), REF_KERNEL(2, 4, 4, 4, 64, 3),
    REF_KERNEL(2, 4, 4, 4, 64, 4), REF_KERNEL(4, 2, 4, 4, 32, 4), REF_KERNEL(4, 2, 4, 4, 64, 3),
    REF_KERNEL(2, 2, 4, 4, 64, 4), REF_KERNEL(2, 4, 4, 2, 64, 3), REF_KERNEL(4, 2, 2, 4, 64, 3),
    REF_KERNEL(2, 4, 4, 4, 32, 5), REF_KERNEL(2, 4, 4, 4, 32, 6), REF_KERNEL(4, 2, 4, 4, 32, 5),
    REF_KERNEL(2, 4, 4, 4, 32, 3),
};
constexpr int REF_COUNT = sizeof REF / sizeof REF[0];

constexpr int MAX_YUSEC = 64;
struct YusecKernel {
    CUmodule module;
    CUfunction function;
    Design design;
    unsigned shared;  // dynamic shared bytes (the manifest's)
};
YusecKernel yusec[MAX_YUSEC];
int yusec_count = 0;

}  // namespace

extern "C" int gemm_ref_count() { return REF_COUNT; }

// The six numbers of CUDA C kernel `i` (0 ≤ i < gemm_ref_count()) and its dynamic shared bytes.
extern "C" unsigned gemm_ref_design(int i, int out[6]) {
    const Design &d = REF[i].design;
    const int v[6] = {d.wm, d.wn, d.mi, d.nj, d.bk, d.stages};
    memcpy(out, v, sizeof v);
    return shared_of(d);
}

// Loads yusec's PTX of design `six` whose entry needs `shared` bytes of dynamic shared memory
// (the manifest's figure; 0 for static); returns its index (≥ 0) or a negative error.
extern "C" int gemm_load_yusec(const char *ptx_path, const char *entry, const int six[6], unsigned shared) {
    cudaFree(nullptr);  // make the runtime's primary context current
    if (yusec_count == MAX_YUSEC) return -4;
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
    YusecKernel &k = yusec[yusec_count];
    if (cuModuleLoadDataEx(&k.module, text.c_str(), 2, opts, vals) != CUDA_SUCCESS) {
        fprintf(stderr, "cuModuleLoadDataEx: %s\n", log);
        return -2;
    }
    if (cuModuleGetFunction(&k.function, k.module, entry) != CUDA_SUCCESS) return -3;
    if (shared && cuFuncSetAttribute(k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                     static_cast<int>(shared)) != CUDA_SUCCESS)
        return -5;
    k.design = {six[0], six[1], six[2], six[3], six[4], six[5]};
    k.shared = shared;
    return yusec_count++;
}

static bool prepare_ref(const RefKernel &ref) {
    return cudaFuncSetAttribute(ref.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                static_cast<int>(shared_of(ref.design))) == cudaSuccess;
}

// kernel ≥ 0: that yusec module; < 0: the CUDA C kernel REF[-kernel - 1]. One-dimensional grid of
// (M / BM)·(N / BN) workgroups (both kernels rasterise the linear id the same way).
static void launch(int kernel, void *A, void *B, void *C, void *dims, unsigned M, unsigned N) {
    if (kernel >= 0) {
        const YusecKernel &k = yusec[kernel];
        unsigned blocks = (M / bm_of(k.design)) * (N / bn_of(k.design));
        void *params[4] = {&A, &B, &C, &dims};
        cuLaunchKernel(k.function, blocks, 1, 1, threads_of(k.design), 1, 1, k.shared, 0, params, nullptr);
        return;
    }
    const RefKernel &ref = REF[-kernel - 1];
    unsigned blocks = (M / bm_of(ref.design)) * (N / bn_of(ref.design));
    ref.kernel<<<blocks, threads_of(ref.design), shared_of(ref.design)>>>(
        static_cast<const uint32_t *>(A), static_cast<const uint32_t *>(B), static_cast<float *>(C),
        static_cast<const uint32_t *>(dims));
}

// Milliseconds per launch (mean of `reps` after 2 warm-up launches); negative on an error.
extern "C" float gemm_time(int kernel, void *A, void *B, void *C, void *dims, unsigned M, unsigned N, int reps) {
    if (kernel < 0 && !prepare_ref(REF[-kernel - 1])) return -3.0f;
    for (int i = 0; i < 2; i++) launch(kernel, A, B, C, dims, M, N);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, 0);
    for (int i = 0; i < reps; i++) launch(kernel, A, B, C, dims, M, N);
    cudaEventRecord(stop, 0);
    if (cudaEventSynchronize(stop) != cudaSuccess) return -1.0f;
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return cudaGetLastError() == cudaSuccess ? ms / reps : -2.0f;
}
