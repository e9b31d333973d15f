// The benchmark's reference kernels in CUDA C: the same computations as bench/*。着色器。豫,
// one element per thread, no bounds checks (sizes are multiples of the block), buffers
// passed by pointer exactly as yusec's host contract passes them (the saxpy factor too).
// Compiled with nvcc -O3 -arch=sm_90 (default --fmad=true, like yusec's default contraction).
#include <cuda_runtime.h>
#include <stddef.h>

#include "ref.h"

__global__ void ref_double_u32(unsigned *__restrict__ data) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    data[i] = data[i] * 2u;
}

__global__ void ref_double_u32x4(uint4 *__restrict__ data) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    uint4 v = data[i];
    data[i] = make_uint4(v.x + v.x, v.y + v.y, v.z + v.z, v.w + v.w);
}

__global__ void ref_saxpy(const float *__restrict__ x, float *__restrict__ y,
                          const float *__restrict__ factor) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = factor[0] * x[i] + y[i];
}

__global__ void ref_saxpy4(const float4 *__restrict__ x, float4 *__restrict__ y,
                           const float *__restrict__ factor) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    float a = factor[0];
    float4 u = x[i], v = y[i];
    y[i] = make_float4(a * u.x + v.x, a * u.y + v.y, a * u.z + v.z, a * u.w + v.w);
}

// The same tree as 归约。着色器。豫: halve the active half each step, a barrier after each.
__global__ void ref_reduce(const float *__restrict__ in, float *__restrict__ partial) {
    __shared__ float scratch[REF_REDUCE_BLOCK];
    unsigned local = threadIdx.x;
    scratch[local] = in[blockIdx.x * blockDim.x + local];
    __syncthreads();
    for (unsigned step = REF_REDUCE_BLOCK / 2; step > 0; step /= 2) {
        if (local < step) scratch[local] = scratch[local] + scratch[local + step];
        __syncthreads();
    }
    if (local == 0) partial[blockIdx.x] = scratch[0];
}

cudaError_t ref_launch(RefKernel kernel, unsigned grid, unsigned block, void *a, void *b,
                       void *c) {
    switch (kernel) {
    case REF_DOUBLE_U32: ref_double_u32<<<grid, block>>>((unsigned *)a); break;
    case REF_DOUBLE_U32X4: ref_double_u32x4<<<grid, block>>>((uint4 *)a); break;
    case REF_SAXPY: ref_saxpy<<<grid, block>>>((const float *)a, (float *)b, (const float *)c); break;
    case REF_SAXPY4: ref_saxpy4<<<grid, block>>>((const float4 *)a, (float4 *)b, (const float *)c); break;
    case REF_REDUCE: ref_reduce<<<grid, block>>>((const float *)a, (float *)b); break;
    }
    return cudaGetLastError();
}
