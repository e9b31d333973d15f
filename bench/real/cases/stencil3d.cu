// Parboil stencil (cuda/kernels.cu block2D_hybrid_coarsen_x): the 7-point 3-D stencil
// Anext = (six neighbours)·c1 − centre·c0, one thread per (x, y) marching along z from 1 to nz−2
// inside the thread (a runtime trip count from the uniform), the planes below and at the thread
// carried in registers as the original does. The original also keeps the current plane in
// shared memory and computes two x per thread; this port keeps only the z march and reads the
// in-plane neighbours from global memory. The original's blocks are 32×4; 豫言's 工作组大小 is one
// number, so the yusec kernel uses 1-D workgroups of 128 split into (x % 32, x / 32), the same
// thread-to-element mapping, and the twin is launched and indexes the same way.
#include "../real.h"

struct StencilShape {
    uint32_t nx, ny, nz;
    float c0, c1;
};

// Parboil's Index3D
static __device__ __host__ inline int index3d(int nx, int ny, int i, int j, int k) { return i + nx * (j + ny * k); }

__global__ void stencil3d_twin(const float *__restrict__ a0, float *__restrict__ anext,
                               const StencilShape *__restrict__ shape) {
    int i = blockIdx.x * 32 + threadIdx.x % 32;
    int j = blockIdx.y * 4 + threadIdx.x / 32;
    int nx = shape->nx, ny = shape->ny, nz = shape->nz;
    float c0 = shape->c0, c1 = shape->c1;
    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
        float bottom = a0[index3d(nx, ny, i, j, 0)];
        float centre = a0[index3d(nx, ny, i, j, 1)];
        for (int k = 1; k < nz - 1; k++) {
            float top = a0[index3d(nx, ny, i, j, k + 1)];
            anext[index3d(nx, ny, i, j, k)] = (a0[index3d(nx, ny, i - 1, j, k)] + a0[index3d(nx, ny, i + 1, j, k)] +
                                               a0[index3d(nx, ny, i, j + 1, k)] + a0[index3d(nx, ny, i, j - 1, k)] + top +
                                               bottom) * c1 - centre * c0;
            bottom = centre;
            centre = top;
        }
    }
}

static void stencil3d(Bench &b) {
    const uint32_t nx = 1024, ny = 1024, nz = 64;
    const float c0 = 1.0f / 6.0f, c1 = 1.0f / 6.0f / 6.0f;  // Parboil's main.c
    const size_t count = (size_t)nx * ny * nz;
    Buffer *a0 = b.f32(count, 51), *anext = b.zeros(Elem::F32, count);
    Buffer *shape = b.uniform(StencilShape{nx, ny, nz, c0, c1});
    const float *ha = b.initial<float>(a0);
    Launch l;
    l.grid = dim3(nx / 32, ny / 4);
    l.params = {a0, anext, shape};
    l.twin = [=] { stencil3d_twin<<<dim3(nx / 32, ny / 4), 128>>>(a0->f(), anext->f(), shape->d<StencilShape>()); };
    l.outputs = {{anext, [=](size_t e) {
                      int i = e % nx, j = e / nx % ny, k = e / ((size_t)nx * ny);
                      if (i == 0 || j == 0 || k == 0 || i == (int)nx - 1 || j == (int)ny - 1 || k == (int)nz - 1) return 0.0;
                      auto at = [&](int x, int y, int z) { return (double)ha[index3d(nx, ny, x, y, z)]; };
                      return (at(i - 1, j, k) + at(i + 1, j, k) + at(i, j + 1, k) + at(i, j - 1, k) + at(i, j, k + 1) +
                              at(i, j, k - 1)) * c1 - at(i, j, k) * c0;
                  }, 4096, 1e-5}};
    b.run("Parboil stencil", "stencil3d", "3-D stencil, z loop", l);
}
REAL_CASE(stencil3d);
