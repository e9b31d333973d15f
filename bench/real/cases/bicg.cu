// PolyBench/GPU BICG (the BiCG sub-kernel: s = Aᵀr and q = Ap) on a row-major nx×ny matrix A.
// bicg_col is its first kernel (one thread per column j walks the column: the column-walk
// pattern), bicg_row its second (one thread per row i walks the row: the row-walk pattern).
#include "matvec.h"

struct BicgShape {
    uint32_t rows, cols;  // nx, ny
};

__global__ void bicg_col_twin(const float *__restrict__ a, const float *__restrict__ r, float *__restrict__ s,
                              const BicgShape *__restrict__ shape) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (j < cols) {
        float sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += r[i] * a[i * cols + j];
        s[j] = sum;
    }
}

__global__ void bicg_row_twin(const float *__restrict__ a, const float *__restrict__ p, float *__restrict__ q,
                              const BicgShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int rows = shape->rows, cols = shape->cols;
    if (i < rows) {
        float sum = 0.0f;
        for (int j = 0; j < cols; j++) sum += a[i * cols + j] * p[j];
        q[i] = sum;
    }
}

static void bicg_col(Bench &b) {
    matvec_case(b, "PolyBench BICG", "bicg_col", Walk::Column, false, 21, BicgShape{kMatVecN, kMatVecN}, bicg_col_twin);
}
REAL_CASE(bicg_col);

static void bicg_row(Bench &b) {
    matvec_case(b, "PolyBench BICG", "bicg_row", Walk::Row, false, 23, BicgShape{kMatVecN, kMatVecN}, bicg_row_twin);
}
REAL_CASE(bicg_row);
