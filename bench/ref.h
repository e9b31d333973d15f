// The reference kernels' launcher (bench/ref.cu), called by the harness.
#ifndef YUSEC_BENCH_REF_H
#define YUSEC_BENCH_REF_H

#include <cuda_runtime.h>

#define REF_REDUCE_BLOCK 256

typedef enum RefKernel {
    REF_DOUBLE_U32,
    REF_DOUBLE_U32X4,
    REF_SAXPY,
    REF_SAXPY4,
    REF_REDUCE,
} RefKernel;

// Launches `kernel` with buffers in yusec's parameter order (unused ones NULL).
cudaError_t ref_launch(RefKernel kernel, unsigned grid, unsigned block, void *a, void *b, void *c);

#endif
