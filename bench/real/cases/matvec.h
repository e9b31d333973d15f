// The matrix–vector cases of PolyBench/GPU's ATAX, BICG and MVT (atax.cu, bicg.cu, mvt.cu): a
// row-major n×n matrix A, an input vector x and an output w with
//     w[k] = (accumulate ? w₀[k] : 0) + Σ A·x along row k (Walk::Row) or column k (Walk::Column),
// one invocation per k in workgroups of 256. The yusec kernel takes (A, x, w, shape) and the
// twin — a __global__ of the same parameters — is launched as the original does. Each case keeps
// its own twin (their operand order is the original's); this is only their common set-up.
#pragma once
#include "../real.h"

enum class Walk { Row, Column };

constexpr uint32_t kMatVecN = 8192;

template <class Shape>
void matvec_case(Bench &b, const char *program, const char *stem, Walk walk, bool accumulate, uint64_t seed,
                 const Shape &shape_value, void (*twin)(const float *, const float *, float *, const Shape *)) {
    const uint32_t n = kMatVecN;
    Buffer *a = b.f32((size_t)n * n, seed), *x = b.f32(n, seed + 1);
    Buffer *w = accumulate ? b.f32(n, seed + 2) : b.zeros(Elem::F32, n);
    Buffer *shape = b.uniform(shape_value);
    const float *ha = b.initial<float>(a), *hx = b.initial<float>(x), *hw = b.initial<float>(w);
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {a, x, w, shape};
    l.twin = [=] { twin<<<n / 256, 256>>>(a->f(), x->f(), w->f(), shape->d<Shape>()); };
    l.outputs = {{w, [=](size_t k) {
                      double s = accumulate ? hw[k] : 0.0;
                      for (size_t j = 0; j < n; j++) s += (double)(walk == Walk::Row ? ha[k * n + j] : ha[j * n + k]) * hx[j];
                      return s;
                  }, 512, 1e-3}};
    if (accumulate) l.restore = {w};
    b.run(program, stem, walk == Walk::Row ? "row walk" : "column walk", l);
}
