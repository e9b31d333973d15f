// PolyBench/GPU FDTD-2D, its first kernel (fdtd2d.cu fdtd_step1_kernel): the in-place update of
// the electric field ey from hz (row 0 takes the source _fict_[t]), one thread per element
// (element-wise 2-D update with a neighbour row). The original's unused ex parameter is left out.
// The original uses 32×8 thread blocks; 豫言's 工作组大小 is one number, so the yusec kernel uses 1-D
// workgroups of 256 split into (x % 32, x / 32), the same thread-to-element mapping, and the twin
// is launched and indexes the same way. ey is updated in place, so it is restored before each launch.
#include "../real.h"

#include <cstring>

struct FdtdShape {
    uint32_t nx, ny, t;
};

__global__ void fdtd2d_ey_twin(const float *__restrict__ fict, float *__restrict__ ey, const float *__restrict__ hz,
                               const FdtdShape *__restrict__ shape) {
    int j = blockIdx.x * 32 + threadIdx.x % 32;
    int i = blockIdx.y * 8 + threadIdx.x / 32;
    int nx = shape->nx, ny = shape->ny;
    if (i < nx && j < ny) {
        if (i == 0)
            ey[i * ny + j] = fict[shape->t];
        else
            ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
    }
}

static void fdtd2d_ey(Bench &b) {
    const uint32_t nx = 8192, ny = 8192, tmax = 500, t = 17;
    std::vector<uint32_t> fict_words(tmax);
    for (uint32_t s = 0; s < tmax; s++) {
        float v = (float)s;  // _fict_[t] = t, as the original's init_arrays
        memcpy(&fict_words[s], &v, 4);
    }
    Buffer *fict = b.words(Elem::F32, fict_words);
    Buffer *ey = b.f32((size_t)nx * ny, 31), *hz = b.f32((size_t)nx * ny, 32);
    Buffer *shape = b.uniform(FdtdShape{nx, ny, t});
    const float *hey = b.initial<float>(ey), *hhz = b.initial<float>(hz);
    Launch l;
    l.grid = dim3(ny / 32, nx / 8);
    l.params = {fict, ey, hz, shape};
    l.twin = [=] {
        fdtd2d_ey_twin<<<dim3(ny / 32, nx / 8), 256>>>(fict->f(), ey->f(), hz->f(), shape->d<FdtdShape>());
    };
    l.outputs = {{ey, [=](size_t e) {
                      if (e < ny) return (double)t;
                      return (double)hey[e] - 0.5 * ((double)hhz[e] - hhz[e - ny]);
                  }, 4096, 1e-5}};
    l.restore = {ey};
    b.run("PolyBench FDTD-2D", "fdtd2d_ey", "2-D element-wise update", l);
}
REAL_CASE(fdtd2d_ey);
