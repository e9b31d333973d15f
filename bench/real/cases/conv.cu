// PolyBench/GPU 2DCONV and 3DCONV (2DConvolution.cu convolution2D_kernel, 3DConvolution.cu
// convolution3D_kernel): 3×3 and 3×3×3-shaped stencils with the originals' constant coefficients,
// one thread per interior element (the 2-D / 3-D stencil pattern of issue 28).
//
// The originals use 32×8 thread blocks. 豫言's 工作组大小 is one number, so the yusec kernels use
// 1-D workgroups of 256 and split the local index into (x % 32, x / 32): the same thread-to-element
// mapping as 32×8 blocks. The twins are launched and index exactly the same way.
// 3DCONV launches its kernel once per plane i from a host loop (i passed as an argument); here the
// loop over i is the grid's z dimension (i = blockIdx.z), each z slice doing one original launch.
#include "../real.h"

struct Conv2dShape {
    uint32_t rows, cols;
};

__global__ void conv2d_twin(const float *__restrict__ a, float *__restrict__ b, const Conv2dShape *__restrict__ shape) {
    int j = blockIdx.x * 32 + threadIdx.x % 32;
    int i = blockIdx.y * 8 + threadIdx.x / 32;
    int ni = shape->rows, nj = shape->cols;
    const float c11 = 0.2f, c21 = 0.5f, c31 = -0.8f;
    const float c12 = -0.3f, c22 = 0.6f, c32 = -0.9f;
    const float c13 = 0.4f, c23 = 0.7f, c33 = 0.10f;
    if (i < ni - 1 && j < nj - 1 && i > 0 && j > 0)
        b[i * nj + j] = c11 * a[(i - 1) * nj + (j - 1)] + c21 * a[(i - 1) * nj + j] + c31 * a[(i - 1) * nj + (j + 1)] +
                        c12 * a[i * nj + (j - 1)] + c22 * a[i * nj + j] + c32 * a[i * nj + (j + 1)] +
                        c13 * a[(i + 1) * nj + (j - 1)] + c23 * a[(i + 1) * nj + j] + c33 * a[(i + 1) * nj + (j + 1)];
}

static void conv2d(Bench &b) {
    const uint32_t n = 8192;
    Buffer *a = b.f32((size_t)n * n, 11), *out = b.zeros(Elem::F32, (size_t)n * n);
    Buffer *shape = b.uniform(Conv2dShape{n, n});
    const float *ha = b.initial<float>(a);
    Launch l;
    l.grid = dim3(n / 32, n / 8);
    l.params = {a, out, shape};
    l.twin = [=] { conv2d_twin<<<dim3(n / 32, n / 8), 256>>>(a->f(), out->f(), shape->d<Conv2dShape>()); };
    l.outputs = {{out, [=](size_t e) {
                      size_t i = e / n, j = e % n;
                      if (i == 0 || j == 0 || i == n - 1 || j == n - 1) return 0.0;
                      auto at = [&](size_t r, size_t c) { return (double)ha[r * n + c]; };
                      return 0.2 * at(i - 1, j - 1) + 0.5 * at(i - 1, j) - 0.8 * at(i - 1, j + 1) - 0.3 * at(i, j - 1) +
                             0.6 * at(i, j) - 0.9 * at(i, j + 1) + 0.4 * at(i + 1, j - 1) + 0.7 * at(i + 1, j) +
                             0.1 * at(i + 1, j + 1);
                  }, 4096, 1e-4}};
    b.run("PolyBench 2DCONV", "conv2d", "2-D stencil", l);
}
REAL_CASE(conv2d);

struct Conv3dShape {
    uint32_t ni, nj, nk;
};

__global__ void conv3d_twin(const float *__restrict__ a, float *__restrict__ b, const Conv3dShape *__restrict__ shape) {
    int k = blockIdx.x * 32 + threadIdx.x % 32;
    int j = blockIdx.y * 8 + threadIdx.x / 32;
    int i = blockIdx.z;
    int ni = shape->ni, nj = shape->nj, nk = shape->nk;
    int plane = nk * nj;
    const float c11 = 2, c21 = 5, c31 = -8;
    const float c12 = -3, c22 = 6, c32 = -9;
    const float c13 = 4, c23 = 7, c33 = 10;
    if (i < ni - 1 && j < nj - 1 && k < nk - 1 && i > 0 && j > 0 && k > 0)
        b[i * plane + j * nk + k] = c11 * a[(i - 1) * plane + (j - 1) * nk + (k - 1)] +
                                    c13 * a[(i + 1) * plane + (j - 1) * nk + (k - 1)] +
                                    c21 * a[(i - 1) * plane + (j - 1) * nk + (k - 1)] +
                                    c23 * a[(i + 1) * plane + (j - 1) * nk + (k - 1)] +
                                    c31 * a[(i - 1) * plane + (j - 1) * nk + (k - 1)] +
                                    c33 * a[(i + 1) * plane + (j - 1) * nk + (k - 1)] +
                                    c12 * a[i * plane + (j - 1) * nk + k] + c22 * a[i * plane + j * nk + k] +
                                    c32 * a[i * plane + (j + 1) * nk + k] +
                                    c11 * a[(i - 1) * plane + (j - 1) * nk + (k + 1)] +
                                    c13 * a[(i + 1) * plane + (j - 1) * nk + (k + 1)] +
                                    c21 * a[(i - 1) * plane + j * nk + (k + 1)] +
                                    c23 * a[(i + 1) * plane + j * nk + (k + 1)] +
                                    c31 * a[(i - 1) * plane + (j + 1) * nk + (k + 1)] +
                                    c33 * a[(i + 1) * plane + (j + 1) * nk + (k + 1)];
}

static void conv3d(Bench &b) {
    const uint32_t ni = 256, nj = 512, nk = 512;
    const size_t count = (size_t)ni * nj * nk;
    Buffer *a = b.f32(count, 12), *out = b.zeros(Elem::F32, count);
    Buffer *shape = b.uniform(Conv3dShape{ni, nj, nk});
    const float *ha = b.initial<float>(a);
    Launch l;
    l.grid = dim3(nk / 32, nj / 8, ni);
    l.params = {a, out, shape};
    l.twin = [=] { conv3d_twin<<<dim3(nk / 32, nj / 8, ni), 256>>>(a->f(), out->f(), shape->d<Conv3dShape>()); };
    l.outputs = {{out, [=](size_t e) {
                      size_t i = e / ((size_t)nj * nk), j = e / nk % nj, k = e % nk;
                      if (i == 0 || j == 0 || k == 0 || i == ni - 1 || j == nj - 1 || k == nk - 1) return 0.0;
                      auto at = [&](size_t x, size_t y, size_t z) { return (double)ha[(x * nj + y) * nk + z]; };
                      return 2 * at(i - 1, j - 1, k - 1) + 4 * at(i + 1, j - 1, k - 1) + 5 * at(i - 1, j - 1, k - 1) +
                             7 * at(i + 1, j - 1, k - 1) - 8 * at(i - 1, j - 1, k - 1) + 10 * at(i + 1, j - 1, k - 1) -
                             3 * at(i, j - 1, k) + 6 * at(i, j, k) - 9 * at(i, j + 1, k) + 2 * at(i - 1, j - 1, k + 1) +
                             4 * at(i + 1, j - 1, k + 1) + 5 * at(i - 1, j, k + 1) + 7 * at(i + 1, j, k + 1) -
                             8 * at(i - 1, j + 1, k + 1) + 10 * at(i + 1, j + 1, k + 1);
                  }, 4096, 1e-4}};
    b.run("PolyBench 3DCONV", "conv3d", "3-D stencil", l);
}
REAL_CASE(conv3d);
