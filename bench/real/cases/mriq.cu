// Parboil MRI-Q (benchmarks/mri-q/src/cuda/computeQ.cu, ComputeQ_GPU): a thread per voxel walks
// all K k-space samples (a run-time count): expArg = 2π(kx·x + ky·y + kz·z),
// Qr += phiMag·cos(expArg), Qi += phiMag·sin(expArg). The samples are float4 (kx, ky, kz, phiMag) in a read-only buffer
// (the original stages chunks of 1024 in constant memory, launches once per chunk and unrolls the
// loop twice by hand). sin/cos: __sinf/__cosf (sin.approx.f32 / cos.approx.f32), which is what
// yusec's 「正弦」/「余弦」 become in PTX; the original's sin/cos are the accurate sinf/cosf.
#include "../real.h"

#include <cmath>
#include <cstring>

#define PIx2 6.2831853071795864769252867665590058f

struct MriqShape {
    uint32_t numX, numK;
};

__global__ void mriq_twin(const float *__restrict__ x, const float *__restrict__ y, const float *__restrict__ z,
                          const float4 *__restrict__ kVals, float *__restrict__ Qr, float *__restrict__ Qi,
                          const MriqShape *__restrict__ shape) {
    int xIndex = blockIdx.x * 256 + threadIdx.x;
    if (xIndex < (int)shape->numX) {
        float sX = x[xIndex], sY = y[xIndex], sZ = z[xIndex];
        float sQr = 0.0f, sQi = 0.0f;
        int numK = shape->numK;
        for (int kIndex = 0; kIndex < numK; kIndex++) {
            float4 k = kVals[kIndex];
            float expArg = PIx2 * (k.x * sX + k.y * sY + k.z * sZ);
            sQr += k.w * __cosf(expArg);
            sQi += k.w * __sinf(expArg);
        }
        Qr[xIndex] = sQr;
        Qi[xIndex] = sQi;
    }
}

static void mriq(Bench &b) {
    const uint32_t numX = 262144, numK = 16384;
    Buffer *x = b.f32(numX, 61, -0.5f, 0.5f), *y = b.f32(numX, 62, -0.5f, 0.5f), *z = b.f32(numX, 63, -0.5f, 0.5f);
    std::vector<uint32_t> k(4 * (size_t)numK);
    for (size_t i = 0; i < k.size(); i++) {
        float unit = (float)(bench_hash32(64 * 0x9e3779b97f4a7c15ULL + i) >> 8) * (1.0f / 16777216.0f);
        float v = i % 4 == 3 ? unit : -1.0f + 2.0f * unit;  // kx, ky, kz in [-1, 1); phiMag in [0, 1)
        memcpy(&k[i], &v, 4);
    }
    Buffer *kVals = b.words(Elem::F32, k);
    Buffer *qr = b.zeros(Elem::F32, numX), *qi = b.zeros(Elem::F32, numX);
    Buffer *shape = b.uniform(MriqShape{numX, numK});
    const float *hx = b.initial<float>(x), *hy = b.initial<float>(y), *hz = b.initial<float>(z);
    const float *hk = b.initial<float>(kVals);
    auto q = [=](size_t v, bool imaginary) {
        double s = 0;
        for (size_t j = 0; j < numK; j++) {
            double arg = 2 * M_PI *
                         ((double)hk[4 * j] * hx[v] + (double)hk[4 * j + 1] * hy[v] + (double)hk[4 * j + 2] * hz[v]);
            s += hk[4 * j + 3] * (imaginary ? std::sin(arg) : std::cos(arg));
        }
        return s;
    };
    Launch l;
    l.grid = dim3(numX / 256);
    l.params = {x, y, z, kVals, qr, qi, shape};
    l.twin = [=] {
        mriq_twin<<<numX / 256, 256>>>(x->f(), y->f(), z->f(), kVals->d<float4>(), qr->f(), qi->f(),
                                       shape->d<MriqShape>());
    };
    l.outputs = {{qr, [=](size_t v) { return q(v, false); }, 256, 1e-3},
                 {qi, [=](size_t v) { return q(v, true); }, 256, 1e-3}};
    b.run("Parboil MRI-Q", "mriq", "runtime trip count, sin/cos", l);
}
REAL_CASE(mriq);
