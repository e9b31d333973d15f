// bench/real: the real-world suite (issue 28). Each case is a kernel ported from a public GPU
// benchmark program: a 豫言 kernel (kernels/名。着色器。豫, compiled to generated/名.ptx by
// gen_ptx.sh on the development machine) and a CUDA twin of the same algorithm, thread mapping
// and order of floating-point operations (cases/*.cu, compiled here by nvcc -O3). A case builds
// its inputs, declares the yusec kernel's parameters in 着十's order, launches its twin, and
// gives a CPU reference for (a sample of) every output; real.cu checks both kernels and times
// them in interleaved rounds.
#pragma once
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "../ptx_file.h"

#define REAL_CUDA(call)                                                                           \
    do {                                                                                          \
        cudaError_t e_ = (call);                                                                  \
        if (e_ != cudaSuccess) {                                                                  \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(2);                                                                              \
        }                                                                                         \
    } while (0)

enum class Elem { F32, U32, I32 };

// One device buffer. `host` holds its initial contents; outputs are restored to them before
// every launch (kernels that accumulate or update in place stay repeatable).
struct Buffer {
    Elem elem = Elem::F32;
    size_t count = 0;
    void *dev = nullptr;
    std::vector<uint32_t> host;  // initial words
    template <class T> T *d() const { return static_cast<T *>(dev); }
    float *f() const { return d<float>(); }
    uint32_t *u() const { return d<uint32_t>(); }
    int32_t *i() const { return d<int32_t>(); }
    size_t bytes() const { return count * 4; }
};

// What one output must hold: the CPU reference of element i, checked on `sample` elements spread
// over the buffer (0: every element), within a relative tolerance (0: exactly).
struct Expect {
    Buffer *buffer;
    std::function<double(size_t)> reference;
    size_t sample = 4096;
    double tolerance = 1e-4;
};

struct Launch {
    dim3 grid;                              // the yusec kernel's grid (its block is its .reqntid)
    std::vector<Buffer *> params;           // 着十's parameter order (docs/targets.md, Host contract)
    std::function<void()> twin;             // launches the CUDA twin (default stream)
    std::vector<Expect> outputs;
    std::vector<Buffer *> restore;          // written buffers restored before each launch
    double twin_tolerance = 1e-5;           // yusec against the twin (relative; 0: word for word)
};

class Bench {
public:
    // Deterministic pseudo-random inputs, never all zeros.
    Buffer *f32(size_t count, uint64_t seed, float lo = -1.0f, float hi = 1.0f);
    Buffer *u32(size_t count, uint64_t seed, uint32_t bound);  // values in [0, bound)
    Buffer *words(Elem elem, const std::vector<uint32_t> &words);
    Buffer *zeros(Elem elem, size_t count);
    template <class T> Buffer *uniform(const T &value) {
        std::vector<uint32_t> w((sizeof(T) + 3) / 4);
        memcpy(w.data(), &value, sizeof(T));
        return words(Elem::U32, w);
    }
    // Host copy of a buffer's initial contents as T.
    template <class T> const T *initial(const Buffer *b) const { return reinterpret_cast<const T *>(b->host.data()); }
    // Checks and times one kernel pair; `stem` names kernels/stem。着色器。豫 and generated/stem.ptx.
    void run(const char *program, const char *stem, const char *pattern, Launch launch);
    ~Bench();

    // set by real.cu
    std::string ptx_dir;
    int rounds = 30;
    std::string only;
    struct Row {
        std::string program, stem, pattern;
        double yusec_us, nvcc_us;
        bool ok;
    };
    std::vector<Row> rows;

private:
    std::vector<Buffer *> buffers_;
    std::vector<CUmodule> modules_;
    void release();
};

// Registration: REAL_CASE(fn) where fn(Bench &) calls bench.run once or more.
using CaseFn = void (*)(Bench &);
int real_register(const char *name, CaseFn fn);
#define REAL_CASE(fn) static int real_case_##fn = real_register(#fn, fn)
