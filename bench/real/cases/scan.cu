// SHOC Scan (src/cuda/level1/scan/scan_kernel.h, scanLocalMem): one element per thread; each block
// of 256 scans its elements in 512 floats of shared memory (Kogge-Stone / Hillis–Steele: the first
// half zero, the second the values; offsets 1, 2, … 128, each a read, a barrier, an add, a
// barrier), writes the exclusive prefix sums and, from its last thread, the block's sum.
#include "../real.h"

struct ScanShape {
    uint32_t n;
};

__global__ void scan_block_twin(const float *__restrict__ in, float *__restrict__ out, float *__restrict__ sums,
                                const ScanShape *__restrict__ shape) {
    __shared__ float s_data[512];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int n = shape->n;
    float val = gid < n ? in[gid] : 0.0f;
    int idx = threadIdx.x + 256;
    s_data[threadIdx.x] = 0.0f;
    s_data[idx] = val;
    __syncthreads();
    for (int offset = 1; offset < 256; offset *= 2) {
        float t = s_data[idx - offset];
        __syncthreads();
        s_data[idx] += t;
        __syncthreads();
    }
    if (gid < n) out[gid] = s_data[idx - 1];
    if (threadIdx.x == 255) sums[blockIdx.x] = s_data[idx];
}

static void scan_block(Bench &b) {
    const uint32_t n = 1u << 24, blocks = n / 256;
    Buffer *in = b.f32(n, 12), *out = b.zeros(Elem::F32, n), *sums = b.zeros(Elem::F32, blocks);
    Buffer *shape = b.uniform(ScanShape{n});
    const float *hin = b.initial<float>(in);
    Launch l;
    l.grid = dim3(blocks);
    l.params = {in, out, sums, shape};
    l.twin = [=] { scan_block_twin<<<blocks, 256>>>(in->f(), out->f(), sums->f(), shape->d<ScanShape>()); };
    l.outputs = {{out, [=](size_t i) {
                      double s = 0;
                      for (size_t j = i & ~(size_t)255; j < i; j++) s += hin[j];
                      return s;
                  }, 4096, 1e-4},
                 {sums, [=](size_t blk) {
                      double s = 0;
                      for (size_t j = blk * 256; j < blk * 256 + 256; j++) s += hin[j];
                      return s;
                  }, 4096, 1e-4}};
    b.run("SHOC Scan", "scan_block", "workgroup scan", l);
}
REAL_CASE(scan_block);
