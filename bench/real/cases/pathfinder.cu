// Rodinia pathfinder (pathfinder.cu dynproc_kernel): row-by-row dynamic programming,
// result[x] = min(prev[x−1], prev[x], prev[x+1]) + wall[row][x]. One workgroup of 256 threads
// handles a strip of columns with workgroup memory (prev/result) and barriers and advances
// pyramid_height rows per launch (a runtime trip count from the uniform), following the
// original's pyramid: the valid region shrinks by HALO = 1 column on each side per row, strips
// overlap by 2·pyramid_height columns and each writes only its middle 256 − 2·pyramid_height
// columns; indices are signed ints as in the original (blkX is negative for the first strip).
// One launch of the original's host loop: startStep 0, pyramid_height 20 rows.
#include "../real.h"

#include <algorithm>
#include <memory>

struct PathParams {
    int32_t iteration, cols, rows, start_step, border;
};

__global__ void pathfinder_twin(const int *__restrict__ wall, const int *__restrict__ src, int *__restrict__ results,
                                const PathParams *__restrict__ p) {
    __shared__ int prev[256];
    __shared__ int result[256];
    int bx = blockIdx.x, tx = threadIdx.x;
    int iteration = p->iteration, cols = p->cols;
    int small_block_cols = 256 - iteration * 2;
    int blk_x = small_block_cols * bx - p->border;
    int blk_x_max = blk_x + 256 - 1;
    int xidx = blk_x + tx;
    int valid_min = blk_x < 0 ? -blk_x : 0;
    int valid_max = blk_x_max > cols - 1 ? 256 - 1 - (blk_x_max - cols + 1) : 256 - 1;
    int w = tx - 1 < valid_min ? valid_min : tx - 1;
    int e = tx + 1 > valid_max ? valid_max : tx + 1;
    bool is_valid = tx >= valid_min && tx <= valid_max;
    if (xidx >= 0 && xidx <= cols - 1) prev[tx] = src[xidx];
    __syncthreads();
    bool computed;
    for (int i = 0;; i++) {
        computed = tx >= i + 1 && tx <= 256 - i - 2 && is_valid;
        if (computed) {
            int shortest = min(min(prev[w], prev[tx]), prev[e]);
            int index = cols * (p->start_step + i) + xidx;
            result[tx] = shortest + wall[index];
        }
        __syncthreads();
        if (i == iteration - 1) break;
        if (computed) prev[tx] = result[tx];
        __syncthreads();
    }
    if (computed) results[xidx] = result[tx];
}

static void pathfinder(Bench &b) {
    const int cols = 2000000, pyramid_height = 20;
    const int small_block_cols = 256 - pyramid_height * 2;
    const int block_cols = (cols + small_block_cols - 1) / small_block_cols;
    // wall: the rows below row 0 (rand() % 10 in the original), src: row 0
    Buffer *wall = b.u32((size_t)pyramid_height * cols, 61, 10), *src = b.u32(cols, 62, 10);
    Buffer *results = b.zeros(Elem::I32, cols);
    Buffer *params = b.uniform(PathParams{pyramid_height, cols, pyramid_height + 1, 0, pyramid_height});
    // CPU reference: the whole dynamic programme over the launch's rows, borders clamped.
    auto want = std::make_shared<std::vector<int>>(b.initial<int>(src), b.initial<int>(src) + cols);
    const int *hw = b.initial<int>(wall);
    std::vector<int> next(cols);
    for (int r = 0; r < pyramid_height; r++) {
        const std::vector<int> &prev = *want;
        for (int x = 0; x < cols; x++) {
            int best = std::min(std::min(prev[x > 0 ? x - 1 : 0], prev[x]), prev[x < cols - 1 ? x + 1 : cols - 1]);
            next[x] = best + hw[(size_t)r * cols + x];
        }
        want->swap(next);
    }
    Launch l;
    l.grid = dim3(block_cols);
    l.params = {wall, src, results, params};
    l.twin = [=] { pathfinder_twin<<<block_cols, 256>>>(wall->i(), src->i(), results->i(), params->d<PathParams>()); };
    l.outputs = {{results, [=](size_t x) { return (double)(*want)[x]; }, 0, 0}};
    b.run("Rodinia pathfinder", "pathfinder", "DP rows, workgroup memory", l);
}
REAL_CASE(pathfinder);
