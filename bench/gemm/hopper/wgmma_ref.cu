// The first Hopper GEMM design, CUDA C twin of 矩阵乘_线程束组。着色器。豫 (inline PTX, the same design
// and addressing); harness.cu times it beside the 豫言 kernel, tma_twin.cu and cuBLAS.
//
// C = A·Bᵀ, A [M][K] and B [N][K] f16 (K-contiguous), C [M][N] f32. A workgroup of 128 threads (one
// warpgroup) computes a 64×64 tile of C as the accumulator of wgmma.m64n64k16 (32 f32 registers a
// thread); K steps of 64 go through 3 shared-memory stages (A 4096 f16 then B 4096 f16 each, 48 KiB
// in all) filled by 16-byte cp.async in wgmma's no-swizzle K-major core-matrix layout (element
// (row, k) at 64·(8·(row/8) + k/8) + 8·(row%8) + k%8), two tiles in flight; per K step:
// cp.async.wait_group 1, bar.sync, the copy of tile kt + 2, commit, fence.proxy.async.shared::cta,
// bar.sync, wgmma.fence, four wgmma (A and B through descriptors: leading byte offset 128, stride
// byte offset 1024), commit, wait 0. The 1-D grid is rasterised in stripes of 8 tile rows (M / 64
// must be a multiple of 8).
#include "hopper_common.cuh"

#define TILE 64
#define BK 64
#define STAGES 3
#define STAGE_HALVES 8192  // A 4096, then B 4096

__device__ __forceinline__ uint32_t core_index(uint32_t row, uint32_t k) {
    return 64u * (8u * (row / 8u) + k / 8u) + 8u * (row % 8u) + k % 8u;
}

__device__ __forceinline__ void cp_async16(uint32_t smem, const void *global) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem), "l"(global) : "memory");
}

__device__ __forceinline__ uint64_t descriptor(uint32_t smem) {
    return (uint64_t)((smem >> 4) & 0x3FFF) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
}

__device__ __forceinline__ void wgmma_ss(float *d, uint64_t a, uint64_t b) {
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
        "%32, %33, p, 1, 1, 0, 0;\n}\n"
        : ACC32(d, 0)
        : "l"(a), "l"(b)
        : "memory");
}

__device__ __forceinline__ void wgmma_fence(float *d) {
    asm volatile("wgmma.fence.sync.aligned;\n" : ACC32(d, 0)::"memory");
}

__device__ __forceinline__ void wgmma_wait0(float *d) {
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" : ACC32(d, 0)::"memory");
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
    __shared__ __align__(128) uint16_t tiles[STAGES * STAGE_HALVES];
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
#pragma unroll
    for (uint32_t i = 0; i < 32; i++) C[(size_t)(row0 + acc_row(i)) * n + col0 + acc_col(i)] = d[i];
}

void launch_simple_twin(const Operands *op) {
    unsigned grid = (op->m / TILE) * (op->n / TILE);
    gemm_wgmma<<<grid, 128>>>((const uint32_t *)op->a, (const uint32_t *)op->b, op->c, op->dims);
}
