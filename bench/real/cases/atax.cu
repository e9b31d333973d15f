// PolyBench/GPU ATAX (y = Aᵀ(Ax)) on a row-major n×n matrix A: atax_row is its first kernel
// (tmp = A·x, one thread per row i walks the row: the row-walk pattern), atax_col its second
// (y = Aᵀ·tmp, one thread per column j walks the column: the column-walk pattern of issue 28).
#include "matvec.h"

struct AtaxShape {
    uint32_t rows, cols;
};

__global__ void atax_row_twin(const float *__restrict__ a, const float *__restrict__ x, float *__restrict__ tmp,
                              const AtaxShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (i < rows) {
        float sum = 0.0f;
        for (int j = 0; j < cols; j++) sum += a[i * cols + j] * x[j];
        tmp[i] = sum;
    }
}

__global__ void atax_col_twin(const float *__restrict__ a, const float *__restrict__ tmp, float *__restrict__ y,
                              const AtaxShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (j < cols) {
        float sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += a[i * cols + j] * tmp[i];
        y[j] = sum;
    }
}

static void atax_row(Bench &b) {
    matvec_case(b, "PolyBench ATAX", "atax_row", Walk::Row, false, 11, AtaxShape{kMatVecN, kMatVecN}, atax_row_twin);
}
REAL_CASE(atax_row);

static void atax_col(Bench &b) {
    matvec_case(b, "PolyBench ATAX", "atax_col", Walk::Column, false, 1, AtaxShape{kMatVecN, kMatVecN}, atax_col_twin);
}
REAL_CASE(atax_col);
