// CUDA Samples histogram (Samples/2_Concepts_and_Techniques/histogram/histogram256.cu,
// histogram256Kernel): blocks of 192 threads (6 warps), one 256-bin sub-histogram per warp in
// shared memory, cleared first; a grid-stride loop over the input's 32-bit words adds each of the
// 4 bytes with a shared atomicAdd; after a barrier each thread sums its bins over the 6
// sub-histograms and adds them to the global histogram with a global atomicAdd (the original
// writes per-block partial histograms that mergeHistogram256Kernel adds up).
#include "../real.h"

#include <memory>

struct HistogramShape {
    uint32_t words;
};

__global__ void histogram_twin(const unsigned int *__restrict__ d_Data, unsigned int *__restrict__ d_Histogram,
                               const HistogramShape *__restrict__ shape) {
    __shared__ unsigned int s_Hist[6 * 256];
    unsigned int *s_WarpHist = s_Hist + (threadIdx.x >> 5) * 256;
    for (unsigned int i = 0; i < 6 * 256 / 192; i++) s_Hist[threadIdx.x + i * 192] = 0;
    __syncthreads();
    unsigned int dataCount = shape->words;
    for (unsigned int pos = blockIdx.x * 192 + threadIdx.x; pos < dataCount; pos += 192 * gridDim.x) {
        unsigned int data = d_Data[pos];
        atomicAdd(s_WarpHist + (data & 0xFFU), 1);
        atomicAdd(s_WarpHist + ((data >> 8) & 0xFFU), 1);
        atomicAdd(s_WarpHist + ((data >> 16) & 0xFFU), 1);
        atomicAdd(s_WarpHist + (data >> 24), 1);
    }
    __syncthreads();
    for (unsigned int bin = threadIdx.x; bin < 256; bin += 192) {
        unsigned int sum = 0;
        for (unsigned int i = 0; i < 6; i++) sum += s_Hist[bin + i * 256];
        atomicAdd(d_Histogram + bin, sum);
    }
}

static void histogram(Bench &b) {
    const uint32_t words = 1u << 24, blocks = 1024;  // 2^26 bytes
    Buffer *data = b.u32(words, 31, 0xFFFFFFFFu), *hist = b.zeros(Elem::U32, 256);
    Buffer *shape = b.uniform(HistogramShape{words});
    auto counts = std::make_shared<std::vector<uint32_t>>(256, 0);
    const uint32_t *hd = b.initial<uint32_t>(data);
    for (uint32_t i = 0; i < words; i++)
        for (int s = 0; s < 32; s += 8) (*counts)[(hd[i] >> s) & 0xFF]++;
    Launch l;
    l.grid = dim3(blocks);
    l.params = {data, hist, shape};
    l.twin = [=] { histogram_twin<<<blocks, 192>>>(data->u(), hist->u(), shape->d<HistogramShape>()); };
    l.outputs = {{hist, [=](size_t bin) { return (double)(*counts)[bin]; }, 0, 0}};
    l.restore = {hist};
    b.run("CUDA Samples histogram", "histogram", "shared + global atomics", l);
}
REAL_CASE(histogram);
