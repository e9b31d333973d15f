// SHOC SpMV (src/cuda/level1/spmv/Spmv.cu), CSR format: spmv_csr_scalar_kernel (a thread per row)
// and spmv_csr_vector_kernel (a warp per row, lanes stride the row by 32, then a warp sum). A
// random matrix of 2^20 rows with 16–48 nonzeros per row (≈ 32 on average), random columns; x is
// read from a plain read-only buffer (the original reads it through a texture).
#include "../real.h"

struct SpmvShape {
    uint32_t rows;
};

__global__ void spmv_csr_scalar_twin(const float *__restrict__ val, const int *__restrict__ cols,
                                     const int *__restrict__ rowDelimiters, const float *__restrict__ x,
                                     float *__restrict__ out, const SpmvShape *__restrict__ shape) {
    int myRow = blockIdx.x * blockDim.x + threadIdx.x;
    int dim = shape->rows;
    if (myRow < dim) {
        float t = 0.0f;
        int start = rowDelimiters[myRow];
        int end = rowDelimiters[myRow + 1];
        for (int j = start; j < end; j++) {
            int col = cols[j];
            t += val[j] * x[col];
        }
        out[myRow] = t;
    }
}

// The warp sum is a butterfly (xor 16, 8, 4, 2, 1), the tree yusec's 「子组和」 becomes in PTX for
// full warps; rows past the end take an empty range instead of skipping the body, since the
// 豫言 kernel's 「子组和」 must be in uniform control flow (lane 0's sum is the same as SHOC's
// shared-memory tree's).
__global__ void spmv_csr_vector_twin(const float *__restrict__ val, const int *__restrict__ cols,
                                     const int *__restrict__ rowDelimiters, const float *__restrict__ x,
                                     float *__restrict__ out, const SpmvShape *__restrict__ shape) {
    int t = threadIdx.x;
    int id = t & (32 - 1);
    int myRow = blockIdx.x * (256 / 32) + t / 32;
    int dim = shape->rows;
    bool inside = myRow < dim;
    int warpStart = inside ? rowDelimiters[myRow] : 0;
    int warpEnd = inside ? rowDelimiters[myRow + 1] : 0;
    float mySum = 0.0f;
    for (int j = warpStart + id; j < warpEnd; j += 32) {
        int col = cols[j];
        mySum += val[j] * x[col];
    }
    for (int offset = 16; offset > 0; offset >>= 1) mySum += __shfl_xor_sync(0xffffffffu, mySum, offset);
    if (inside && id == 0) out[myRow] = mySum;
}

namespace {
struct Csr {
    uint32_t rows = 1u << 20;
    Buffer *val, *cols, *rowptr, *x, *y, *shape;
    const float *hval, *hx;
    const uint32_t *hcols, *hrowptr;
    explicit Csr(Bench &b) {
        std::vector<uint32_t> rp(rows + 1);
        rp[0] = 0;
        for (uint32_t r = 0; r < rows; r++) rp[r + 1] = rp[r] + 16 + bench_hash32(0x5eed0000ULL + r) % 33;
        size_t nnz = rp[rows];
        val = b.f32(nnz, 21);
        cols = b.u32(nnz, 22, rows);
        rowptr = b.words(Elem::U32, rp);
        x = b.f32(rows, 23);
        y = b.zeros(Elem::F32, rows);
        shape = b.uniform(SpmvShape{rows});
        hval = b.initial<float>(val);
        hx = b.initial<float>(x);
        hcols = b.initial<uint32_t>(cols);
        hrowptr = b.initial<uint32_t>(rowptr);
    }
    Expect expect() const {
        const float *v = hval, *xx = hx;
        const uint32_t *c = hcols, *rp = hrowptr;
        return {y, [=](size_t r) {
                    double s = 0;
                    for (uint32_t k = rp[r]; k < rp[r + 1]; k++) s += (double)v[k] * xx[c[k]];
                    return s;
                }, 4096, 1e-4};
    }
};
}  // namespace

static void spmv_csr_scalar(Bench &b) {
    Csr m(b);
    Buffer *val = m.val, *cols = m.cols, *rowptr = m.rowptr, *x = m.x, *y = m.y, *shape = m.shape;
    const uint32_t blocks = m.rows / 256;
    Launch l;
    l.grid = dim3(blocks);
    l.params = {val, cols, rowptr, x, y, shape};
    l.twin = [=] {
        spmv_csr_scalar_twin<<<blocks, 256>>>(val->f(), cols->i(), rowptr->i(), x->f(), y->f(), shape->d<SpmvShape>());
    };
    l.outputs = {m.expect()};
    b.run("SHOC SpMV", "spmv_csr_scalar", "CSR SpMV, thread per row", l);
}
REAL_CASE(spmv_csr_scalar);

static void spmv_csr_vector(Bench &b) {
    Csr m(b);
    Buffer *val = m.val, *cols = m.cols, *rowptr = m.rowptr, *x = m.x, *y = m.y, *shape = m.shape;
    const uint32_t blocks = m.rows / 8;
    Launch l;
    l.grid = dim3(blocks);
    l.params = {val, cols, rowptr, x, y, shape};
    l.twin = [=] {
        spmv_csr_vector_twin<<<blocks, 256>>>(val->f(), cols->i(), rowptr->i(), x->f(), y->f(), shape->d<SpmvShape>());
    };
    l.outputs = {m.expect()};
    b.run("SHOC SpMV", "spmv_csr_vector", "CSR SpMV, warp per row", l);
}
REAL_CASE(spmv_csr_vector);
