// CUDA Samples nbody (Samples/5_Domain_Specific/nbody/bodysystemcuda.cu: integrateBodies,
// computeBodyAccel, bodyBodyInteraction): a thread per body; the positions (x, y, z, mass as
// float4) pass through shared memory in tiles of 256 (a barrier before and after each tile);
// softened gravity with rsqrtf (yusec's 「逆平方根」 is rsqrt.approx.f32 as well); then one
// integration step of velocity (with damping) and position. The original's #pragma unroll 128
// on the tile loop is left out (yusec has no such hint).
#include "../real.h"

#include <cmath>
#include <cstring>

struct NbodyParams {
    uint32_t bodies;
    float deltaTime, damping, softeningSquared;
};

__device__ float3 nbody_interaction(float3 ai, float4 bi, float4 bj, float softeningSquared) {
    float3 r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + softeningSquared;
    float invDist = rsqrtf(distSqr);
    float invDistCube = invDist * invDist * invDist;
    float s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

__global__ void nbody_twin(const float4 *__restrict__ oldPos, const float4 *__restrict__ oldVel,
                           float4 *__restrict__ newPos, float4 *__restrict__ newVel,
                           const NbodyParams *__restrict__ params) {
    __shared__ float4 sharedPos[256];
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    float softeningSquared = params->softeningSquared;
    int numTiles = params->bodies / 256;
    float4 position = oldPos[index];
    float3 accel = {0.0f, 0.0f, 0.0f};
    for (int tile = 0; tile < numTiles; tile++) {
        sharedPos[threadIdx.x] = oldPos[tile * 256 + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < 256; j++) accel = nbody_interaction(accel, position, sharedPos[j], softeningSquared);
        __syncthreads();
    }
    float deltaTime = params->deltaTime, damping = params->damping;
    float4 vel = oldVel[index];
    vel.x += accel.x * deltaTime;
    vel.y += accel.y * deltaTime;
    vel.z += accel.z * deltaTime;
    vel.x *= damping;
    vel.y *= damping;
    vel.z *= damping;
    position.x += vel.x * deltaTime;
    position.y += vel.y * deltaTime;
    position.z += vel.z * deltaTime;
    newPos[index] = position;
    newVel[index] = vel;
}

static float nbody_unit(uint64_t seed, size_t i) {
    return (float)(bench_hash32(seed * 0x9e3779b97f4a7c15ULL + i) >> 8) * (1.0f / 16777216.0f);
}

static void nbody(Bench &b) {
    const uint32_t n = 32768;
    const NbodyParams p{n, 0.016f, 0.995f, 0.01f};
    std::vector<uint32_t> pos(4 * n), vel(4 * n);
    for (size_t i = 0; i < 4 * (size_t)n; i++) {
        float fp = i % 4 == 3 ? 0.5f + nbody_unit(41, i) : -8.0f + 16.0f * nbody_unit(41, i);  // mass in [0.5, 1.5)
        float fv = -1.0f + 2.0f * nbody_unit(42, i);
        memcpy(&pos[i], &fp, 4);
        memcpy(&vel[i], &fv, 4);
    }
    Buffer *oldPos = b.words(Elem::F32, pos), *oldVel = b.words(Elem::F32, vel);
    Buffer *newPos = b.zeros(Elem::F32, 4 * n), *newVel = b.zeros(Elem::F32, 4 * n);
    Buffer *params = b.uniform(p);
    const float *hp = b.initial<float>(oldPos), *hv = b.initial<float>(oldVel);
    // element e of newVel / newPos: body e / 4, component e % 4
    auto velocity = [=](size_t e) -> double {
        size_t i = e / 4, c = e % 4;
        if (c == 3) return hv[e];
        double a = 0;
        for (size_t j = 0; j < n; j++) {
            double r[3];
            for (int k = 0; k < 3; k++) r[k] = (double)hp[4 * j + k] - hp[4 * i + k];
            double d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + p.softeningSquared;
            a += r[c] * hp[4 * j + 3] / (d2 * std::sqrt(d2));
        }
        return ((double)hv[e] + a * p.deltaTime) * p.damping;
    };
    Launch l;
    l.grid = dim3(n / 256);
    l.params = {oldPos, oldVel, newPos, newVel, params};
    l.twin = [=] {
        nbody_twin<<<n / 256, 256>>>(oldPos->d<float4>(), oldVel->d<float4>(), newPos->d<float4>(), newVel->d<float4>(),
                                     params->d<NbodyParams>());
    };
    // 1000 samples: a stride of 131 elements visits every component
    l.outputs = {{newPos,
                  [=](size_t e) { return e % 4 == 3 ? (double)hp[e] : hp[e] + velocity(e) * p.deltaTime; },
                  1000, 1e-4},
                 {newVel, velocity, 1000, 1e-4}};
    b.run("CUDA Samples nbody", "nbody", "n-body, shared tiles", l);
}
REAL_CASE(nbody);
