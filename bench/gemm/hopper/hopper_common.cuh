// What the Hopper GEMM kernels (wgmma_ref.cu, tma_twin.cu) and their harness (harness.cu) share:
// the runtime-API error check (driver-API calls use bench/ptx_file.h's BENCH_CU_OK), the sizes
// uniform, the wgmma accumulator operand lists and the launch API.
#pragma once
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CHECK_CUDA(x)                                                                         \
    do {                                                                                      \
        cudaError_t e_ = (x);                                                                 \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

struct Dims {  // the 豫言 uniform 尺寸类: 行数, 列数, 深
    uint32_t m, n, k;
};

// Operand lists of wgmma accumulators held in float d[]: 8, 32 or 128 tied "+f" registers.
#define ACC8(d, i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]), \
                   "+f"(d[i + 6]), "+f"(d[i + 7])
#define ACC32(d, i) ACC8(d, i), ACC8(d, i + 8), ACC8(d, i + 16), ACC8(d, i + 24)
#define ACC128(d) ACC32(d, 0), ACC32(d, 32), ACC32(d, 64), ACC32(d, 96)

// Row and column of accumulator register i of a thread in an m64nN wgmma tile (four stacked m16n8
// fragments, one a warp): pairs (i, i + 1) are adjacent columns.
__device__ __forceinline__ uint32_t acc_row(uint32_t i) {
    uint32_t warp = (threadIdx.x / 32u) % 4u, lane = threadIdx.x % 32u;
    return 16u * warp + lane / 4u + 8u * ((i >> 1) & 1u);
}
__device__ __forceinline__ uint32_t acc_col(uint32_t i) { return 8u * (i >> 2) + 2u * (threadIdx.x % 4u) + (i & 1u); }

// The 16-bit input types of the GEMMs (C is f32 for both): IEEE half and bfloat16.
enum InputType { INPUT_F16, INPUT_BF16, INPUT_TYPES };

// The kernels the CUDA C side offers; each launch runs C = A·Bᵀ on device data (A, B K-contiguous of
// type input, C f32, *dims the sizes; map_a / map_b device copies of the twins' CUtensorMaps over A, B).
struct Operands {
    InputType input;
    const void *a, *b;
    float *c;
    const Dims *dims;
    const CUtensorMap *map_a, *map_b;
    uint32_t m, n, k;
};

// wgmma_ref.cu: the first design (one warpgroup, 64×64 tile, cp.async, no swizzle), f16 only. M % 512 == 0.
void launch_simple_twin(const Operands *op);

// tma_twin.cu: the design of hopper_design.md part C (TMA, mbarriers, producer + two consumers).
enum TwinForm { TWIN_N64, TWIN_N256 };       // 16 × m64n64k16 or 4 × m64n256k16 a k tile a consumer
void prepare_tma_twins(void);                 // once: the dynamic shared memory attribute
void launch_tma_twin(const Operands *op, TwinForm form, bool persistent);  // f16 or bf16: op->input
// Box rows of the twin's maps (64 columns, 128-byte swizzle); M % TWIN_TILE_M == 0, N % TWIN_TILE_N == 0.
enum { TWIN_TILE_M = 128, TWIN_TILE_N = 256, TWIN_BK = 64, TWIN_SHARED_BYTES = 4 * 49152 + 1024 + 64 };
