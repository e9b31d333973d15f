// PolyBench/GPU JACOBI2D, its first kernel (jacobi2D.cu runJacobiCUDA_kernel1): the 5-point Jacobi
// update B = 0.2·(centre + four neighbours) on the interior, one thread per element (2-D stencil).
// The original uses 32×8 thread blocks; 豫言's 工作组大小 is one number, so the yusec kernel uses 1-D
// workgroups of 256 split into (x % 32, x / 32), the same thread-to-element mapping, and the twin
// is launched and indexes the same way.
#include "../real.h"

struct JacobiShape {
    uint32_t n;
};

__global__ void jacobi2d_twin(const float *__restrict__ a, float *__restrict__ b, const JacobiShape *__restrict__ shape) {
    int i = blockIdx.y * 8 + threadIdx.x / 32;
    int j = blockIdx.x * 32 + threadIdx.x % 32;
    int n = shape->n;
    if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
        b[i * n + j] = 0.2f * (a[i * n + j] + a[i * n + (j - 1)] + a[i * n + (1 + j)] + a[(1 + i) * n + j] + a[(i - 1) * n + j]);
}

static void jacobi2d(Bench &b) {
    const uint32_t n = 8192;
    Buffer *a = b.f32((size_t)n * n, 21), *out = b.zeros(Elem::F32, (size_t)n * n);
    Buffer *shape = b.uniform(JacobiShape{n});
    const float *ha = b.initial<float>(a);
    Launch l;
    l.grid = dim3(n / 32, n / 8);
    l.params = {a, out, shape};
    l.twin = [=] { jacobi2d_twin<<<dim3(n / 32, n / 8), 256>>>(a->f(), out->f(), shape->d<JacobiShape>()); };
    l.outputs = {{out, [=](size_t e) {
                      size_t i = e / n, j = e % n;
                      if (i == 0 || j == 0 || i == n - 1 || j == n - 1) return 0.0;
                      return 0.2 * ((double)ha[e] + ha[e - 1] + ha[e + 1] + ha[e + n] + ha[e - n]);
                  }, 4096, 1e-4}};
    b.run("PolyBench JACOBI2D", "jacobi2d", "2-D stencil", l);
}
REAL_CASE(jacobi2d);
