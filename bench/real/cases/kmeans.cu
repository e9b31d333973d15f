// Rodinia kmeans (cuda/kmeans/kmeans_cuda_kernel.cu, kmeansPoint): a thread per point; for every
// cluster (a run-time count) the squared distance over the features (a run-time count), the
// features feature-major (features[f·npoints + p]); writes the index of the nearest cluster. The
// original reads the features through a texture and the centres from constant memory; here both
// are plain read-only buffers, and the grid is 1-D.
#include "../real.h"

#include <cfloat>
#include <cmath>

struct KmeansShape {
    uint32_t npoints, nfeatures, nclusters;
};

__global__ void kmeans_twin(const float *__restrict__ features, const float *__restrict__ clusters,
                            int *__restrict__ membership, const KmeansShape *__restrict__ shape) {
    unsigned int point_id = blockIdx.x * blockDim.x + threadIdx.x;
    int npoints = shape->npoints, nfeatures = shape->nfeatures, nclusters = shape->nclusters;
    int index = -1;
    if (point_id < npoints) {
        float min_dist = FLT_MAX;
        for (int i = 0; i < nclusters; i++) {
            int cluster_base_index = i * nfeatures;
            float ans = 0.0f;
            for (int j = 0; j < nfeatures; j++) {
                int addr = point_id + j * npoints;
                float diff = features[addr] - clusters[cluster_base_index + j];
                ans += diff * diff;
            }
            float dist = ans;
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
        membership[point_id] = index;
    }
}

static void kmeans(Bench &b) {
    const uint32_t npoints = 1u << 20, nfeatures = 34, nclusters = 5;
    Buffer *features = b.f32((size_t)npoints * nfeatures, 51, 0.0f, 1.0f);
    Buffer *clusters = b.f32(nclusters * nfeatures, 52, 0.0f, 1.0f);
    Buffer *membership = b.zeros(Elem::U32, npoints);
    Buffer *shape = b.uniform(KmeansShape{npoints, nfeatures, nclusters});
    const float *hf = b.initial<float>(features), *hc = b.initial<float>(clusters);
    Launch l;
    l.grid = dim3(npoints / 256);
    l.params = {features, clusters, membership, shape};
    l.twin = [=] {
        kmeans_twin<<<npoints / 256, 256>>>(features->f(), clusters->f(), membership->i(), shape->d<KmeansShape>());
    };
    // The reference repeats the kernel's f32 arithmetic (fmaf for ans += diff·diff, as both
    // compilers contract it), so near ties pick the same cluster.
    l.outputs = {{membership, [=](size_t p) {
                      float best = FLT_MAX;
                      int index = -1;
                      for (uint32_t c = 0; c < nclusters; c++) {
                          float ans = 0.0f;
                          for (uint32_t f = 0; f < nfeatures; f++) {
                              float diff = hf[p + (size_t)f * npoints] - hc[c * nfeatures + f];
                              ans = std::fmaf(diff, diff, ans);
                          }
                          if (ans < best) {
                              best = ans;
                              index = (int)c;
                          }
                      }
                      return (double)index;
                  }, 4096, 0}};
    b.run("Rodinia kmeans", "kmeans", "runtime trip count (2 loops)", l);
}
REAL_CASE(kmeans);
