// PolyBench/GPU MVT (x1 += A·y1, x2 += Aᵀ·y2) on a row-major n×n matrix A. mvt_row is its first
// kernel (one thread per row i walks the row), mvt_col its second (one thread per column i walks
// the column: the column-walk pattern). Both accumulate onto the vector's initial contents, as
// the original does, so the vector is restored before every launch.
#include "matvec.h"

struct MvtShape {
    uint32_t n;
};

__global__ void mvt_row_twin(const float *__restrict__ a, const float *__restrict__ y1, float *__restrict__ x1,
                             const MvtShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = shape->n;
    if (i < n) {
        float sum = x1[i];
        for (int j = 0; j < n; j++) sum += a[i * n + j] * y1[j];
        x1[i] = sum;
    }
}

__global__ void mvt_col_twin(const float *__restrict__ a, const float *__restrict__ y2, float *__restrict__ x2,
                             const MvtShape *__restrict__ shape) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = shape->n;
    if (i < n) {
        float sum = x2[i];
        for (int j = 0; j < n; j++) sum += a[j * n + i] * y2[j];
        x2[i] = sum;
    }
}

static void mvt_row(Bench &b) {
    matvec_case(b, "PolyBench MVT", "mvt_row", Walk::Row, true, 31, MvtShape{kMatVecN}, mvt_row_twin);
}
REAL_CASE(mvt_row);

static void mvt_col(Bench &b) {
    matvec_case(b, "PolyBench MVT", "mvt_col", Walk::Column, true, 34, MvtShape{kMatVecN}, mvt_col_twin);
}
REAL_CASE(mvt_col);
