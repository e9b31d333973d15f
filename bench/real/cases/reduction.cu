// SHOC Reduction (src/cuda/level1/reduction/reduction_kernel.h, reduce): each block of 256 sums
// a grid-stride range of the input, two elements (i, i + 256) a step, in a register (trip count
// from n at run time), then halves the 256 sums in shared memory with a barrier after each step
// and writes one partial sum per block.
#include "../real.h"

struct ReductionShape {
    uint32_t n;
};

__global__ void reduction_twin(const float *__restrict__ in, float *__restrict__ partial,
                               const ReductionShape *__restrict__ shape) {
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    unsigned int n = shape->n;
    unsigned int gridSize = 256 * 2 * gridDim.x;
    unsigned int i = blockIdx.x * (256 * 2) + tid;
    float sum = 0.0f;
    while (i < n) {
        sum += in[i] + in[i + 256];
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned int s = 128; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}

static void reduction(Bench &b) {
    const uint32_t n = 1u << 26, blocks = 1024;
    Buffer *in = b.f32(n, 11), *partial = b.zeros(Elem::F32, blocks);
    Buffer *shape = b.uniform(ReductionShape{n});
    const float *hin = b.initial<float>(in);
    Launch l;
    l.grid = dim3(blocks);
    l.params = {in, partial, shape};
    l.twin = [=] { reduction_twin<<<blocks, 256>>>(in->f(), partial->f(), shape->d<ReductionShape>()); };
    l.outputs = {{partial, [=](size_t blk) {
                      // block blk reads [blk·512 + k·stride, +512) for every k
                      const size_t stride = 512 * (size_t)blocks;
                      double s = 0;
                      for (size_t base = blk * 512; base < n; base += stride)
                          for (size_t o = 0; o < 512; o++) s += hin[base + o];
                      return s;
                  }, 64, 1e-3}};
    b.run("SHOC Reduction", "reduction", "grid-stride loop + tree", l);
}
REAL_CASE(reduction);
