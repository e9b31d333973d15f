// What both GPU harnesses (bench/harness.cu, bench/real/real.cu) need of a yusec PTX file:
// its text, its one compute entry with the .reqntid yusec writes after the parameter list
// (docs/targets.md, Host contract), the module loaded as yusec's runtime loads it
// (cuModuleLoadDataEx, the JIT's error log on failure), and the inputs' hash.
#pragma once
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

// A driver-API call that must succeed: else file:line, the call and CUDA's error name, exit 2.
#define BENCH_CU_OK(call)                                                         \
    do {                                                                          \
        CUresult r_ = (call);                                                     \
        if (r_ != CUDA_SUCCESS) {                                                 \
            const char *s_ = "?";                                                 \
            cuGetErrorName(r_, &s_);                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, s_);    \
            exit(2);                                                              \
        }                                                                         \
    } while (0)

struct BenchPtxKernel {
    std::string entry;
    unsigned block[3] = {1, 1, 1};
    CUmodule module = nullptr;
    CUfunction function = nullptr;
};

inline std::string bench_read_text(const std::string &path) {
    FILE *f = fopen(path.c_str(), "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path.c_str());
        exit(2);
    }
    std::string text;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) text.append(chunk, n);
    fclose(f);
    return text;
}

// Loads `path` (one .entry with .reqntid); exit 2 with the reason when it cannot.
inline BenchPtxKernel bench_load_ptx(const std::string &path) {
    std::string ptx = bench_read_text(path);
    size_t at = ptx.find(".visible .entry ");
    size_t open = at == std::string::npos ? at : ptx.find('(', at);
    size_t req = open == std::string::npos ? open : ptx.find(".reqntid", open);
    BenchPtxKernel k;
    if (req == std::string::npos ||
        sscanf(ptx.c_str() + req + 8, " %u , %u , %u", &k.block[0], &k.block[1], &k.block[2]) < 1) {
        fprintf(stderr, "%s: no .entry with .reqntid\n", path.c_str());
        exit(2);
    }
    k.entry = ptx.substr(at + 16, open - at - 16);
    static char error[1 << 16];
    error[0] = '\0';
    CUjit_option keys[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {error, (void *)(uintptr_t)(sizeof error - 1)};
    CUresult r = cuModuleLoadDataEx(&k.module, ptx.c_str(), 2, keys, values);  // c_str: NUL-terminated
    if (r == CUDA_SUCCESS) r = cuModuleGetFunction(&k.function, k.module, k.entry.c_str());
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "%s: JIT failed (%d):\n%s\n", path.c_str(), (int)r, error);
        exit(2);
    }
    return k;
}

// SplitMix64's finaliser: deterministic pseudo-random words from an index.
__host__ __device__ inline uint32_t bench_hash32(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return (uint32_t)x;
}
