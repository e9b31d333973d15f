// The CUDA C twin of the Hopper GEMM of /work/notes/hopper_design.md part C (issue 34), written with
// exactly the PTX the 豫言 builtins emit, so that the 豫言 kernel can match it 1:1:
//   「初始化异步屏障」 mbarrier.init.shared::cta.b64 + fence.mbarrier_init.release.cluster
//   「到达异步屏障」   mbarrier.arrive.shared::cta.b64 _, [a]
//   「期待异步字节」   mbarrier.arrive.expect_tx.shared::cta.b64 _, [a], n
//   「等待异步屏障」   a loop on mbarrier.try_wait.parity.shared::cta.b64
//   「张量载入」       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
//                     (the CUtensorMap in global memory, its generic address as the map operand)
//   「张量片异步乘加」 wgmma.fence + 4 × wgmma.mma_async m64n64k16 .f32.f16.f16 (k16 steps), both operands
//                     by descriptor with 128-byte swizzle (bits 62–63 = 1, LBO 1, SBO 1024 B, +32 B a k16)
//   「张量片脑浮异步乘加」 the same with .f32.bf16.bf16
//   「提交张量片乘加」 wgmma.commit_group;  「等待张量片乘加」 wgmma.wait_group N (accumulators tied)
//   「增寄存器」/「减寄存器」 setmaxnreg.inc/dec.sync.aligned.u32
//
// C = A·Bᵀ, A [M][K], B [N][K] 16-bit (f16 or bf16: Operands::input, a template parameter of the
// kernel that only picks the wgmma's .f16/.bf16; the bytes move the same) K-contiguous, C [M][N] f32. 384 threads: warpgroup 0 is the
// producer (setmaxnreg.dec 40; thread 0 issues the loads), warpgroups 1–2 the consumers
// (setmaxnreg.inc 232), consumer c computing rows 64c…64c+63 of the 128 × 256 CTA tile. BK = 64 through
// 4 stages of A 128×64 (16 KiB, one TMA box) + B 256×64 (32 KiB, one box), 128-byte swizzle, in
// dynamic shared memory whose base is aligned to 1024 by hand; full[4] (1 arrival + 48 KiB of
// transactions) and empty[4] (256 arrivals: every consumer thread) mbarriers after the stages.
// Producer, per k tile t (stage s = t mod 4): wait empty[s] for parity ((t/4) & 1) ^ 1 (a fresh
// barrier passes), expect_tx full[s] 48 KiB, TMA A and B. Consumer, per k tile: wait full[s] for
// parity (t/4) & 1, the MMAs, commit, wait_group 1, arrive on empty of the previous stage; after the
// last k tile wait_group 0, arrive on empty of the last stage, store C from registers.
// Two forms of the MMAs: TWIN_N64 — four 64×64 accumulators, per accumulator j one 「张量片异步乘加」
// (wgmma.fence, 4 × m64n64k16 over k = 0…63 with B rows 64j…); TWIN_N256 — one 64×256 accumulator,
// wgmma.fence, 4 × m64n256k16. The grid is rasterised in stripes of 8 tile rows; every CTA loops over
// tiles blockIdx.x, + gridDim.x, … with running stage/phase counters, so a grid of one CTA a tile is
// the plain design and a grid of one CTA an SM the persistent variant.
#include "hopper_common.cuh"

namespace {

constexpr uint32_t STAGES = 4, A_BYTES = TWIN_TILE_M * TWIN_BK * 2, B_BYTES = TWIN_TILE_N * TWIN_BK * 2;
constexpr uint32_t STAGE_BYTES = A_BYTES + B_BYTES, BARRIERS = STAGES * STAGE_BYTES;
constexpr uint32_t CONSUMER_THREADS = 256;
static_assert(BARRIERS + 2 * STAGES * 8 + 1024 <= TWIN_SHARED_BYTES, "shared memory");

__device__ __forceinline__ void barrier_init(uint32_t bar, uint32_t count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

__device__ __forceinline__ void barrier_arrive(uint32_t bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}

__device__ __forceinline__ void barrier_expect_bytes(uint32_t bar, uint32_t bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes) : "memory");
}

__device__ __forceinline__ void barrier_wait(uint32_t bar, uint32_t parity) {
    uint32_t done;
    do {
        asm volatile(
            "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}\n"
            : "=r"(done)
            : "r"(bar), "r"(parity)
            : "memory");
    } while (!done);
}

__device__ __forceinline__ void tensor_load(const CUtensorMap *map, uint32_t dst, uint32_t bar, uint32_t row,
                                            uint32_t col) {
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], "
        "[%4];\n" ::"r"(dst),
        "l"(map), "r"(col), "r"(row), "r"(bar)
        : "memory");
}

// Shared-memory matrix descriptor of a K-major tile in the 128-byte-swizzle layout TMA writes
// (1024-byte-aligned 8-row groups): start address, leading offset 1 (unused), stride 1024 B, mode 1.
__device__ __forceinline__ uint64_t swizzle128_descriptor(uint32_t smem) {
    return (uint64_t)((smem >> 4) & 0x3FFF) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) |
           ((uint64_t)1 << 62);
}

__device__ __forceinline__ void wgmma_fence32(float *d) {
    asm volatile("wgmma.fence.sync.aligned;\n" : ACC32(d, 0)::"memory");
}
__device__ __forceinline__ void wgmma_fence128(float *d) {
    asm volatile("wgmma.fence.sync.aligned;\n" : ACC128(d)::"memory");
}

// The asm text of wgmma.mma_async m64nNk16 for 16-bit inputs T ("f16" or "bf16") from the descriptors.
#define WGMMA_N64_TEXT(T)                                                               \
    "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"                                          \
    "wgmma.mma_async.sync.aligned.m64n64k16.f32." T "." T " "                           \
    "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "           \
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, " \
    "%32, %33, p, 1, 1, 0, 0;\n}\n"
#define WGMMA_N256_TEXT(T)                                                                             \
    "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"                                                         \
    "wgmma.mma_async.sync.aligned.m64n256k16.f32." T "." T " "                                         \
    "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                          \
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "                 \
    "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "                 \
    "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "                 \
    "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "                 \
    "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "                 \
    "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "     \
    "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, " \
    "%128, %129, p, 1, 1, 0, 0;\n}\n"

template <InputType IN>
__device__ __forceinline__ void wgmma_n64(float *d, uint64_t a, uint64_t b) {
    if constexpr (IN == INPUT_F16)
        asm volatile(WGMMA_N64_TEXT("f16") : ACC32(d, 0) : "l"(a), "l"(b) : "memory");
    else
        asm volatile(WGMMA_N64_TEXT("bf16") : ACC32(d, 0) : "l"(a), "l"(b) : "memory");
}

template <InputType IN>
__device__ __forceinline__ void wgmma_n256(float *d, uint64_t a, uint64_t b) {
    if constexpr (IN == INPUT_F16)
        asm volatile(WGMMA_N256_TEXT("f16") : ACC128(d) : "l"(a), "l"(b) : "memory");
    else
        asm volatile(WGMMA_N256_TEXT("bf16") : ACC128(d) : "l"(a), "l"(b) : "memory");
}

__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }

template <int N>
__device__ __forceinline__ void wgmma_wait128(float *d) {
    asm volatile("wgmma.wait_group.sync.aligned %128;\n" : ACC128(d) : "n"(N) : "memory");
}

// The MMAs of one k tile (A 64 rows of this consumer at a, B 256 rows at b, both 1024-aligned):
// 「张量片异步乘加」 for each 64×64 accumulator j (d[32j…]) or one m64n256 accumulator.
template <TwinForm FORM, InputType IN>
__device__ __forceinline__ void tile_mma(float *d, uint32_t a, uint32_t b) {
    if (FORM == TWIN_N64) {
#pragma unroll
        for (uint32_t j = 0; j < 4; j++) {
            wgmma_fence32(d + 32 * j);
#pragma unroll
            for (uint32_t s = 0; s < TWIN_BK / 16; s++)
                wgmma_n64<IN>(d + 32 * j, swizzle128_descriptor(a + 32u * s),
                          swizzle128_descriptor(b + 64u * 128u * j + 32u * s));
        }
    } else {
        wgmma_fence128(d);
#pragma unroll
        for (uint32_t s = 0; s < TWIN_BK / 16; s++)
            wgmma_n256<IN>(d, swizzle128_descriptor(a + 32u * s), swizzle128_descriptor(b + 32u * s));
    }
}

// Tile t of the grid, rasterised in stripes of 8 tile rows (M / 128 a multiple of 8).
__device__ __forceinline__ void tile_origin(uint32_t t, uint32_t n, uint32_t *row0, uint32_t *col0) {
    uint32_t band = 8u * (n / TWIN_TILE_N);
    *row0 = ((t / band) * 8u + t % 8u) * TWIN_TILE_M;
    *col0 = ((t % band) / 8u) * TWIN_TILE_N;
}

__device__ __forceinline__ void produce(const CUtensorMap *map_a, const CUtensorMap *map_b, uint32_t smem,
                                        uint32_t tiles, uint32_t n, uint32_t count) {
    uint32_t it = 0;
    for (uint32_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        uint32_t row0, col0;
        tile_origin(t, n, &row0, &col0);
        for (uint32_t kt = 0; kt < count; kt++, it++) {
            uint32_t s = it % STAGES, stage = smem + s * STAGE_BYTES;
            uint32_t full = smem + BARRIERS + 8u * s, empty = full + 8u * STAGES;
            barrier_wait(empty, ((it / STAGES) & 1u) ^ 1u);
            barrier_expect_bytes(full, STAGE_BYTES);
            tensor_load(map_a, stage, full, row0, kt * TWIN_BK);
            tensor_load(map_b, stage + A_BYTES, full, col0, kt * TWIN_BK);
        }
    }
}

template <TwinForm FORM, InputType IN>
__device__ __forceinline__ void consume(float *__restrict__ C, uint32_t smem, uint32_t consumer, uint32_t tiles,
                                        uint32_t n, uint32_t count) {
    float d[128];
    uint32_t it = 0;
    for (uint32_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        uint32_t row0, col0;
        tile_origin(t, n, &row0, &col0);
#pragma unroll
        for (int i = 0; i < 128; i++) d[i] = 0.0f;
        for (uint32_t kt = 0; kt < count; kt++, it++) {
            uint32_t s = it % STAGES, stage = smem + s * STAGE_BYTES;
            barrier_wait(smem + BARRIERS + 8u * s, (it / STAGES) & 1u);
            tile_mma<FORM, IN>(d, stage + consumer * 64u * 128u, stage + A_BYTES);
            wgmma_commit();
            wgmma_wait128<1>(d);
            if (kt > 0) barrier_arrive(smem + BARRIERS + 8u * (STAGES + (it - 1) % STAGES));
        }
        wgmma_wait128<0>(d);
        barrier_arrive(smem + BARRIERS + 8u * (STAGES + (it - 1) % STAGES));
        float *out = C + (size_t)(row0 + 64u * consumer) * n + col0;
#pragma unroll
        for (uint32_t i = 0; i < 128; i += 2)  // accumulator j's register r is register 32j + r of m64n256
            *(float2 *)(out + (size_t)acc_row(i) * n + acc_col(i)) = make_float2(d[i], d[i + 1]);
    }
}

template <TwinForm FORM, InputType IN>
__global__ void __launch_bounds__(384, 1)
    gemm_tma(const CUtensorMap *map_a, const CUtensorMap *map_b, float *__restrict__ C, const Dims *__restrict__ dims) {
    extern __shared__ __align__(1024) uint8_t shared_bytes[];
    uint32_t smem = ((uint32_t)__cvta_generic_to_shared(shared_bytes) + 1023u) & ~1023u;
    uint32_t n = dims->n, count = dims->k / TWIN_BK;
    uint32_t tiles = (dims->m / TWIN_TILE_M) * (n / TWIN_TILE_N);
    if (threadIdx.x == 0) {
        for (uint32_t s = 0; s < STAGES; s++) {
            barrier_init(smem + BARRIERS + 8u * s, 1);
            barrier_init(smem + BARRIERS + 8u * (STAGES + s), CONSUMER_THREADS);
        }
    }
    __syncthreads();
    uint32_t warpgroup = threadIdx.x / 128u;
    if (warpgroup == 0) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" ::: "memory");
        if (threadIdx.x == 0) produce(map_a, map_b, smem, tiles, n, count);
    } else {
        asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" ::: "memory");
        consume<FORM, IN>(C, smem, warpgroup - 1u, tiles, n, count);
    }
}

template <TwinForm FORM, InputType IN>
void prepare_one(void) {
    CHECK_CUDA(cudaFuncSetAttribute(gemm_tma<FORM, IN>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    TWIN_SHARED_BYTES));
}

template <TwinForm FORM, InputType IN>
void launch_one(const Operands *op, unsigned grid) {
    gemm_tma<FORM, IN><<<grid, 384, TWIN_SHARED_BYTES>>>(op->map_a, op->map_b, op->c, op->dims);
}

}  // namespace

void prepare_tma_twins(void) {
    prepare_one<TWIN_N64, INPUT_F16>();
    prepare_one<TWIN_N256, INPUT_F16>();
    prepare_one<TWIN_N64, INPUT_BF16>();
    prepare_one<TWIN_N256, INPUT_BF16>();
}

void launch_tma_twin(const Operands *op, TwinForm form, bool persistent) {
    int sms = 0;
    CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    unsigned tiles = (op->m / TWIN_TILE_M) * (op->n / TWIN_TILE_N);
    unsigned grid = persistent && (unsigned)sms < tiles ? (unsigned)sms : tiles;
    if (op->input == INPUT_F16)
        form == TWIN_N64 ? launch_one<TWIN_N64, INPUT_F16>(op, grid) : launch_one<TWIN_N256, INPUT_F16>(op, grid);
    else
        form == TWIN_N64 ? launch_one<TWIN_N64, INPUT_BF16>(op, grid) : launch_one<TWIN_N256, INPUT_BF16>(op, grid);
}
