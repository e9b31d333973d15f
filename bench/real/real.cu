// The real-world suite's driver (bench/real/README.md): loads each case's PTX as yusec's runtime
// does (cuModuleLoadDataEx), checks the yusec kernel against its CUDA twin and both against the
// case's CPU reference, times both in interleaved rounds (CUDA events around single launches,
// the order swapped every round, written buffers restored outside the timed region) and prints
// one table with the geometric mean of yusec/nvcc.
//
//   real --ptx-dir DIR [--rounds 30] [--only STEM[,STEM…]] [--csv FILE]
//
// Exit status: 0 every check passed, 1 a check failed, 2 set-up error.
#include "real.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>


static std::vector<std::pair<const char *, CaseFn>> &registry() {
    static std::vector<std::pair<const char *, CaseFn>> cases;
    return cases;
}

int real_register(const char *name, CaseFn fn) {
    registry().push_back({name, fn});
    return 0;
}

// ---- buffers ----

static Buffer *upload(Buffer *b) {
    REAL_CUDA(cudaMalloc(&b->dev, std::max<size_t>(b->bytes(), 4)));
    if (b->count) REAL_CUDA(cudaMemcpy(b->dev, b->host.data(), b->bytes(), cudaMemcpyHostToDevice));
    return b;
}

Buffer *Bench::words(Elem elem, const std::vector<uint32_t> &w) {
    Buffer *b = new Buffer;
    b->elem = elem;
    b->count = w.size();
    b->host = w;
    buffers_.push_back(b);
    return upload(b);
}

Buffer *Bench::f32(size_t count, uint64_t seed, float lo, float hi) {
    std::vector<uint32_t> w(count);
    for (size_t i = 0; i < count; i++) {
        float unit = (float)(bench_hash32(seed * 0x9e3779b97f4a7c15ULL + i) >> 8) * (1.0f / 16777216.0f);
        float v = lo + (hi - lo) * unit;
        memcpy(&w[i], &v, 4);
    }
    return words(Elem::F32, w);
}

Buffer *Bench::u32(size_t count, uint64_t seed, uint32_t bound) {
    std::vector<uint32_t> w(count);
    for (size_t i = 0; i < count; i++) w[i] = bench_hash32(seed * 0x9e3779b97f4a7c15ULL + i) % bound;
    return words(Elem::U32, w);
}

Buffer *Bench::zeros(Elem elem, size_t count) { return words(elem, std::vector<uint32_t>(count, 0)); }

void Bench::release() {
    for (Buffer *b : buffers_) {
        cudaFree(b->dev);
        delete b;
    }
    buffers_.clear();
}

Bench::~Bench() {
    release();
    for (CUmodule m : modules_) cuModuleUnload(m);
}

// ---- the yusec kernel ----

static void launch_yusec(const BenchPtxKernel &k, const Launch &l) {
    std::vector<CUdeviceptr> ptrs;
    for (Buffer *b : l.params) ptrs.push_back(b ? (CUdeviceptr)(uintptr_t)b->dev : 0);
    std::vector<void *> args;
    for (CUdeviceptr &p : ptrs) args.push_back(&p);
    BENCH_CU_OK(cuLaunchKernel(k.function, l.grid.x, l.grid.y, l.grid.z, k.block[0], k.block[1], k.block[2], 0,
                           nullptr, args.data(), nullptr));
}

// ---- checks ----

static double word_value(Elem elem, uint32_t w) {
    if (elem == Elem::F32) {
        float f;
        memcpy(&f, &w, 4);
        return f;
    }
    return elem == Elem::I32 ? (double)(int32_t)w : (double)w;
}

static bool close_enough(double got, double want, double tolerance) {
    if (tolerance == 0) return got == want;
    if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got);
    return std::fabs(got - want) <= tolerance * std::max(1.0, std::fabs(want));
}

static std::vector<uint32_t> download(const Buffer *b) {
    std::vector<uint32_t> w(b->count);
    REAL_CUDA(cudaMemcpy(w.data(), b->dev, b->bytes(), cudaMemcpyDeviceToHost));
    return w;
}

struct Pristine {
    std::vector<std::pair<Buffer *, void *>> copies;
    explicit Pristine(const std::vector<Buffer *> &buffers) {
        for (Buffer *b : buffers) {
            void *p;
            REAL_CUDA(cudaMalloc(&p, std::max<size_t>(b->bytes(), 4)));
            REAL_CUDA(cudaMemcpy(p, b->dev, b->bytes(), cudaMemcpyDeviceToDevice));
            copies.push_back({b, p});
        }
    }
    void restore() const {
        for (auto &c : copies) REAL_CUDA(cudaMemcpyAsync(c.first->dev, c.second, c.first->bytes(), cudaMemcpyDeviceToDevice));
    }
    ~Pristine() {
        for (auto &c : copies) cudaFree(c.second);
    }
};

// Output words of each Expect after one launch of `go`.
static std::vector<std::vector<uint32_t>> outputs_after(const Launch &l, const Pristine &pristine,
                                                        const std::function<void()> &go) {
    pristine.restore();
    go();
    REAL_CUDA(cudaGetLastError());
    REAL_CUDA(cudaDeviceSynchronize());
    std::vector<std::vector<uint32_t>> out;
    for (const Expect &e : l.outputs) out.push_back(download(e.buffer));
    return out;
}

// yusec against the twin on every element, the twin against the CPU reference on a sample.
static bool check(const char *stem, const Launch &l, const std::vector<std::vector<uint32_t>> &ys,
                  const std::vector<std::vector<uint32_t>> &ns) {
    bool ok = true;
    for (size_t o = 0; o < l.outputs.size(); o++) {
        const Expect &e = l.outputs[o];
        Elem elem = e.buffer->elem;
        size_t bad = 0, first = 0;
        double tol = elem == Elem::F32 ? l.twin_tolerance : 0;
        for (size_t i = 0; i < e.buffer->count; i++)
            if (!close_enough(word_value(elem, ys[o][i]), word_value(elem, ns[o][i]), tol) && bad++ == 0) first = i;
        if (bad) {
            fprintf(stderr, "%s: output %zu: %zu of %zu elements differ between yusec and nvcc (first [%zu]: %.9g vs %.9g)\n",
                    stem, o, bad, e.buffer->count, first, word_value(elem, ys[o][first]), word_value(elem, ns[o][first]));
            ok = false;
        }
        size_t n = e.buffer->count, step = e.sample && e.sample < n ? n / e.sample : 1;
        double ref_tol = elem == Elem::F32 ? e.tolerance : 0;
        for (size_t i = 0; i < n; i += step) {
            double want = e.reference(i);
            for (const auto *got : {&ys[o], &ns[o]})
                if (!close_enough(word_value(elem, (*got)[i]), want, ref_tol)) {
                    fprintf(stderr, "%s: output %zu [%zu]: %s %.9g, CPU reference %.9g\n", stem, o, i,
                            got == &ys[o] ? "yusec" : "nvcc", word_value(elem, (*got)[i]), want);
                    return false;
                }
        }
    }
    return ok;
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

void Bench::run(const char *program, const char *stem, const char *pattern, Launch l) {
    if (!only.empty() && ("," + only + ",").find("," + std::string(stem) + ",") == std::string::npos) {
        release();
        return;
    }
    BenchPtxKernel k = bench_load_ptx(ptx_dir + "/" + stem + ".ptx");
    modules_.push_back(k.module);
    Pristine pristine(l.restore);
    auto yusec = [&] { launch_yusec(k, l); };
    auto ys = outputs_after(l, pristine, yusec);
    auto ns = outputs_after(l, pristine, l.twin);
    bool ok = check(stem, l, ys, ns);
    cudaEvent_t start, stop;
    REAL_CUDA(cudaEventCreate(&start));
    REAL_CUDA(cudaEventCreate(&stop));
    std::vector<double> ty, tn;
    auto timed = [&](const std::function<void()> &go, std::vector<double> &into) {
        pristine.restore();
        REAL_CUDA(cudaEventRecord(start));
        go();
        REAL_CUDA(cudaEventRecord(stop));
        REAL_CUDA(cudaEventSynchronize(stop));
        float ms;
        REAL_CUDA(cudaEventElapsedTime(&ms, start, stop));
        into.push_back(ms * 1000.0);
    };
    for (int warm = 0; warm < 3; warm++) {
        timed(yusec, ty);
        timed(l.twin, tn);
    }
    ty.clear();
    tn.clear();
    for (int r = 0; r < rounds; r++) {
        if (r % 2 == 0) {
            timed(yusec, ty);
            timed(l.twin, tn);
        } else {
            timed(l.twin, tn);
            timed(yusec, ty);
        }
    }
    REAL_CUDA(cudaEventDestroy(start));
    REAL_CUDA(cudaEventDestroy(stop));
    rows.push_back({program, stem, pattern, median(ty), median(tn), ok});
    Row &row = rows.back();
    printf("%-22s %-24s %-26s %10.1f %10.1f %7.3f  %s\n", row.program.c_str(), row.stem.c_str(), row.pattern.c_str(),
           row.yusec_us, row.nvcc_us, row.yusec_us / row.nvcc_us, ok ? "ok" : "FAIL");
    fflush(stdout);
    release();
}

int main(int argc, char **argv) {
    Bench bench;
    const char *csv = nullptr;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--ptx-dir" && i + 1 < argc) bench.ptx_dir = argv[++i];
        else if (a == "--rounds" && i + 1 < argc) bench.rounds = atoi(argv[++i]);
        else if (a == "--only" && i + 1 < argc) bench.only = argv[++i];
        else if (a == "--csv" && i + 1 < argc) csv = argv[++i];
        else {
            fprintf(stderr, "usage: real --ptx-dir DIR [--rounds N] [--only STEM,…] [--csv FILE]\n");
            return 2;
        }
    }
    if (bench.ptx_dir.empty() || bench.rounds < 1) {
        fprintf(stderr, "usage: real --ptx-dir DIR [--rounds N] [--only STEM,…] [--csv FILE]\n");
        return 2;
    }
    REAL_CUDA(cudaFree(nullptr));  // the primary context, which cuModuleLoadDataEx uses too
    cudaDeviceProp prop;
    REAL_CUDA(cudaGetDeviceProperties(&prop, 0));
    printf("device: %s, sm_%d%d; %d timed rounds per kernel (interleaved, order swapped each round), median\n\n",
           prop.name, prop.major, prop.minor, bench.rounds);
    printf("%-22s %-24s %-26s %10s %10s %7s  %s\n", "program", "kernel", "pattern", "yusec µs", "nvcc µs",
           "ratio", "check");
    std::vector<std::pair<const char *, CaseFn>> cases = registry();
    std::sort(cases.begin(), cases.end(), [](auto &a, auto &b) { return strcmp(a.first, b.first) < 0; });
    for (auto &c : cases) c.second(bench);
    double log_sum = 0, worst = 0;
    bool ok = true;
    for (auto &r : bench.rows) {
        log_sum += std::log(r.yusec_us / r.nvcc_us);
        worst = std::max(worst, r.yusec_us / r.nvcc_us);
        ok = ok && r.ok;
    }
    size_t n = bench.rows.size();
    printf("\n%zu kernels: geometric mean yusec/nvcc %.3f, highest %.3f; checks %s\n", n,
           n ? std::exp(log_sum / n) : 0.0, worst, ok ? "all ok" : "FAILED");
    if (csv) {
        FILE *f = fopen(csv, "w");
        if (!f) return 2;
        fprintf(f, "program,kernel,pattern,yusec_us,nvcc_us,ratio,check\n");
        for (auto &r : bench.rows)
            fprintf(f, "\"%s\",%s,\"%s\",%.3f,%.3f,%.4f,%s\n", r.program.c_str(), r.stem.c_str(), r.pattern.c_str(), r.yusec_us,
                    r.nvcc_us, r.yusec_us / r.nvcc_us, r.ok ? "ok" : "FAIL");
        fclose(f);
    }
    return ok ? 0 : 1;
}
