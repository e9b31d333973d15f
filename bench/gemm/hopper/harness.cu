// The Hopper GEMM harness: 豫言 kernels (yusec's PTX, loaded with the driver API), the CUDA C twins
// (wgmma_ref.cu: the first design; tma_twin.cu: hopper_design.md part C, four variants) and cuBLAS,
// checked and timed side by side on one GPU of compute capability 9.0. run_wgmma.sh builds and runs it:
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fopenmp -o hopper_gemm harness.cu \
//        wgmma_ref.cu tma_twin.cu -lcublas -lcuda -lgomp
//   ./hopper_gemm [--yusec LABEL PTX KERNEL THREADS SHARED_BYTES TILE PARAMS]… [--kernels ID,…] [SIZE…]
//
// Each --yusec names one 豫言 entry point: its workgroup size (THREADS × 1 × 1), its dynamic shared
// memory, the tile of C a workgroup computes (ROWSxCOLS: a 1-D grid of (M/ROWS)·(N/COLS) workgroups)
// and PARAMS, one token a kernel parameter (every parameter is a pointer, as yusec's PTX takes
// its bindings): A, B, C or DIMS — the device data (A [M][K], B [N][K] f16, C [M][N] f32, the sizes
// uniform {M, N, K} as three u32) — or A@ROWSxCOLS/SWIZZLE, B@ROWSxCOLS/SWIZZLE — a pointer to a
// 128-byte CUtensorMap in global memory over A or B (f16, rank 2, that box, swizzle 0/32/64/128 bytes,
// L2 promotion 128 B, out-of-bounds elements zero). --kernels keeps only the named kernels (ids: the
// 豫言 labels, simple, n64, n256, n64p, n256p, blas32, blas16). Sizes default to 4096 and 8192
// (multiples of 1024); M = N = K = SIZE.
//
// Checks first: each kernel's C against an f64 host reference on 64 sampled rows (tolerance
// 1e-3 · Σ|a·b| + 1e-5; a kernel that does not finish in 10 s stops the run). Then per size: burst
// (mean of 20 launches after 2 warm-ups, CUDA events) and sustained (back to back until at least 2 s
// have passed, the mean over all of them) in TFLOP/s = 2·M·N·K / time, with the ratios to cuBLAS
// fp16 → fp16 (torch.matmul's output type, the issue's baseline) and to the twin of the 豫言 design
// (TMA n64).
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "hopper_common.cuh"

#define CHECK_CUBLAS(x)                                                                 \
    do {                                                                                \
        cublasStatus_t s_ = (x);                                                        \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                              \
            fprintf(stderr, "%s:%d: %s: cuBLAS %d\n", __FILE__, __LINE__, #x, (int)s_); \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

static const uint32_t SAMPLED_ROWS = 64;

enum Operand { OP_A, OP_B, OP_C, OP_DIMS };

struct Param {  // one parameter of a 豫言 kernel
    Operand operand;
    bool tensor_map;
    uint32_t box_rows, box_cols, swizzle;
};

struct YusecKernel {
    std::string label;
    CUmodule module;
    CUfunction function;
    unsigned threads, shared_bytes, tile_rows, tile_cols;  // a workgroup computes one tile of C
    std::vector<Param> params;
};

enum Builtin { SIMPLE, TMA_N64, TMA_N256, TMA_N64_PERSISTENT, TMA_N256_PERSISTENT, BLAS_F32, BLAS_F16, BUILTINS };
static const char *const BUILTIN_IDS[BUILTINS] = {"simple", "n64", "n256", "n64p", "n256p", "blas32", "blas16"};
static const char *const BUILTIN_NAMES[BUILTINS] = {
    "CUDA C 64×64 cp.async", "CUDA C TMA n64",          "CUDA C TMA n256",   "CUDA C TMA n64 persist",
    "CUDA C TMA n256 persist", "cuBLAS f16→f32", "cuBLAS f16→f16"};

struct Kernel {  // a 豫言 kernel (yusec ≥ 0) or a built-in one
    int yusec;
    Builtin builtin;
    std::string name;
};

struct Problem {
    Operands op;
    std::vector<__half> a, b;
    std::vector<double> want, scale;  // the reference on the sampled rows
    __half *dC16;
    std::vector<void *> maps;         // device CUtensorMaps, freed with the problem
    std::vector<std::vector<void *>> yusec_args;
};

static uint32_t lcg(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static uint32_t sampled_row(const Problem *p, uint32_t s) { return (uint32_t)(((uint64_t)s * 2654435761u) % p->op.m); }

// A device copy of the CUtensorMap over the f16 matrix at data ([rows][cols], cols contiguous).
static const CUtensorMap *device_map(Problem *p, const void *data, uint32_t rows, uint32_t cols, uint32_t box_rows,
                                     uint32_t box_cols, uint32_t swizzle) {
    CUtensorMapSwizzle mode = swizzle == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
                              : swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                              : swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                              : CU_TENSOR_MAP_SWIZZLE_NONE;
    cuuint64_t dims[2] = {cols, rows}, strides[1] = {(cuuint64_t)cols * 2};
    cuuint32_t box[2] = {box_cols, box_rows}, element_strides[2] = {1, 1};
    CUtensorMap map;
    CHECK_CU(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void *)data, dims, strides, box,
                                    element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, mode,
                                    CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    void *d;
    CHECK_CUDA(cudaMalloc(&d, sizeof map));
    CHECK_CUDA(cudaMemcpy(d, &map, sizeof map, cudaMemcpyHostToDevice));
    p->maps.push_back(d);
    return (const CUtensorMap *)d;
}

static void make_reference(Problem *p) {
    uint32_t n = p->op.n, k = p->op.k;
    std::vector<float> a(p->a.size()), b(p->b.size());
    for (size_t i = 0; i < a.size(); i++) a[i] = __half2float(p->a[i]);
    for (size_t i = 0; i < b.size(); i++) b[i] = __half2float(p->b[i]);
    p->want.assign((size_t)SAMPLED_ROWS * n, 0);
    p->scale.assign((size_t)SAMPLED_ROWS * n, 0);
#pragma omp parallel for schedule(dynamic)
    for (int64_t e = 0; e < (int64_t)SAMPLED_ROWS * n; e++) {
        const float *ra = &a[(size_t)sampled_row(p, (uint32_t)(e / n)) * k], *rb = &b[(size_t)(e % n) * k];
        double want = 0, scale = 0;
        for (uint32_t i = 0; i < k; i++) {
            double t = (double)ra[i] * rb[i];
            want += t;
            scale += fabs(t);
        }
        p->want[e] = want;
        p->scale[e] = scale;
    }
}

static void make_problem(Problem *p, uint32_t size, const std::vector<YusecKernel> &yusec) {
    Operands *op = &p->op;
    op->m = op->n = op->k = size;
    size_t na = (size_t)size * size;
    p->a.resize(na);
    p->b.resize(na);
    uint64_t seed = 12345 + size;
    for (size_t i = 0; i < na; i++) p->a[i] = __float2half((lcg(&seed) / 2147483648.0f) - 1.0f);
    for (size_t i = 0; i < na; i++) p->b[i] = __float2half((lcg(&seed) / 2147483648.0f) - 1.0f);
    void *a, *b, *dims;
    CHECK_CUDA(cudaMalloc(&a, na * 2));
    CHECK_CUDA(cudaMalloc(&b, na * 2));
    CHECK_CUDA(cudaMalloc(&op->c, na * 4));
    CHECK_CUDA(cudaMalloc(&p->dC16, na * 2));
    CHECK_CUDA(cudaMalloc(&dims, sizeof(Dims)));
    CHECK_CUDA(cudaMemcpy(a, p->a.data(), na * 2, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(b, p->b.data(), na * 2, cudaMemcpyHostToDevice));
    Dims host_dims = {op->m, op->n, op->k};
    CHECK_CUDA(cudaMemcpy(dims, &host_dims, sizeof host_dims, cudaMemcpyHostToDevice));
    op->a = a;
    op->b = b;
    op->dims = (const Dims *)dims;
    op->map_a = device_map(p, a, op->m, op->k, TWIN_TILE_M, TWIN_BK, 128);
    op->map_b = device_map(p, b, op->n, op->k, TWIN_TILE_N, TWIN_BK, 128);
    for (const YusecKernel &y : yusec) {  // the argument values: device pointers (to data or to a map)
        std::vector<void *> values;
        for (const Param &q : y.params) {
            const void *data = q.operand == OP_A ? op->a : q.operand == OP_B ? op->b : q.operand == OP_C ? (void *)op->c : dims;
            if (q.tensor_map)
                data = device_map(p, data, q.operand == OP_A ? op->m : op->n, op->k, q.box_rows, q.box_cols, q.swizzle);
            values.push_back((void *)data);
        }
        p->yusec_args.push_back(values);
    }
    make_reference(p);
}

static void free_problem(Problem *p) {
    cudaFree((void *)p->op.a);
    cudaFree((void *)p->op.b);
    cudaFree(p->op.c);
    cudaFree(p->dC16);
    cudaFree((void *)p->op.dims);
    for (void *m : p->maps) cudaFree(m);
}

struct Runner {
    std::vector<YusecKernel> yusec;
    cublasHandle_t blas;
};

static void launch_yusec(const YusecKernel *y, Problem *p, size_t index) {
    unsigned grid = (p->op.m / y->tile_rows) * (p->op.n / y->tile_cols);
    std::vector<void *> &values = p->yusec_args[index];
    std::vector<void *> args;
    for (void *&v : values) args.push_back(&v);
    CHECK_CU(cuLaunchKernel(y->function, grid, 1, 1, y->threads, 1, 1, y->shared_bytes, 0, args.data(), NULL));
}

static void launch(Runner *r, Problem *p, const Kernel &kernel) {
    const Operands *op = &p->op;
    const float one = 1.0f, zero = 0.0f;
    const __half one16 = __float2half(1.0f), zero16 = __float2half(0.0f);
    if (kernel.yusec >= 0) {
        launch_yusec(&r->yusec[kernel.yusec], p, (size_t)kernel.yusec);
        return;
    }
    switch (kernel.builtin) {
    case SIMPLE: launch_simple_twin(op); break;
    case TMA_N64: launch_tma_twin(op, TWIN_N64, false); break;
    case TMA_N256: launch_tma_twin(op, TWIN_N256, false); break;
    case TMA_N64_PERSISTENT: launch_tma_twin(op, TWIN_N64, true); break;
    case TMA_N256_PERSISTENT: launch_tma_twin(op, TWIN_N256, true); break;
    case BLAS_F32:  // column-major C'(N×M) = B'ᵀ·A' gives row-major C = A·Bᵀ
        CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, op->n, op->m, op->k, &one, op->b, CUDA_R_16F,
                                  op->k, op->a, CUDA_R_16F, op->k, &zero, op->c, CUDA_R_32F, op->n,
                                  CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
        break;
    default:
        CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, op->n, op->m, op->k, &one16, op->b, CUDA_R_16F,
                                  op->k, op->a, CUDA_R_16F, op->k, &zero16, p->dC16, CUDA_R_16F, op->n,
                                  CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT));
        break;
    }
}

// Waits for the device; a kernel still running after 10 s (a lost mbarrier phase) ends the run.
static void finish_or_stop(const char *name) {
    cudaEvent_t done;
    CHECK_CUDA(cudaEventCreate(&done));
    CHECK_CUDA(cudaEventRecord(done));
    auto start = std::chrono::steady_clock::now();
    cudaError_t e;
    while ((e = cudaEventQuery(done)) == cudaErrorNotReady) {
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(10)) {
            printf("%s: still running after 10 s (deadlock?); stopping (leave it out with --kernels)\n", name);
            fflush(stdout);
            _exit(3);
        }
    }
    if (e != cudaSuccess) {
        printf("%s: %s; stopping (leave it out with --kernels)\n", name, cudaGetErrorString(e));
        fflush(stdout);
        _exit(3);
    }
    cudaEventDestroy(done);
}

// Bad elements of the kernel's C on the sampled rows (the f16 cuBLAS writes its own C: not checked).
static size_t check(Runner *r, Problem *p, const Kernel &kernel) {
    uint32_t n = p->op.n;
    CHECK_CUDA(cudaMemset(p->op.c, 0xFF, (size_t)p->op.m * n * 4));  // NaN
    launch(r, p, kernel);
    finish_or_stop(kernel.name.c_str());
    std::vector<float> row(n);
    size_t bad = 0;
    for (uint32_t s = 0; s < SAMPLED_ROWS; s++) {
        uint32_t m = sampled_row(p, s);
        CHECK_CUDA(cudaMemcpy(row.data(), p->op.c + (size_t)m * n, n * 4, cudaMemcpyDeviceToHost));
        for (uint32_t j = 0; j < n; j++) {
            double want = p->want[(size_t)s * n + j], scale = p->scale[(size_t)s * n + j];
            if (!(fabs(row[j] - want) <= 1e-3 * scale + 1e-5)) {
                if (bad < 4) printf("  %s C[%u][%u] = %g, want %g\n", kernel.name.c_str(), m, j, row[j], want);
                bad++;
            }
        }
    }
    return bad;
}

static double seconds(cudaEvent_t a, cudaEvent_t b) {
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    return ms / 1e3;
}

// Burst: mean of 20 launches after 2 warm-ups. Sustained: back to back for at least 2 s.
static void time_kernel(Runner *r, Problem *p, const Kernel &kernel, double *burst, double *sustained) {
    cudaEvent_t start, stop;
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    double flop = 2.0 * p->op.m * p->op.n * p->op.k;
    for (int i = 0; i < 2; i++) launch(r, p, kernel);
    CHECK_CUDA(cudaEventRecord(start));
    for (int i = 0; i < 20; i++) launch(r, p, kernel);
    CHECK_CUDA(cudaEventRecord(stop));
    CHECK_CUDA(cudaEventSynchronize(stop));
    *burst = flop * 20 / seconds(start, stop) / 1e12;
    long launches = 0;
    double elapsed = 0;
    CHECK_CUDA(cudaEventRecord(start));
    while (elapsed < 2.0) {
        for (int i = 0; i < 50; i++) launch(r, p, kernel);
        launches += 50;
        CHECK_CUDA(cudaEventRecord(stop));
        CHECK_CUDA(cudaEventSynchronize(stop));
        elapsed = seconds(start, stop);
    }
    *sustained = flop * launches / elapsed / 1e12;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
}

static std::string read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    std::string s;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    fclose(f);
    return s;
}

static Param parse_param(const std::string &token) {
    Param q = {OP_A, false, 0, 0, 0};
    std::string name = token.substr(0, token.find('@'));
    if (name == "A") q.operand = OP_A;
    else if (name == "B") q.operand = OP_B;
    else if (name == "C") q.operand = OP_C;
    else if (name == "DIMS") q.operand = OP_DIMS;
    else {
        fprintf(stderr, "bad parameter token %s (A, B, C, DIMS, A@RxC/S, B@RxC/S)\n", token.c_str());
        exit(2);
    }
    if (token.find('@') != std::string::npos) {
        q.tensor_map = true;
        if (sscanf(token.c_str() + name.size() + 1, "%ux%u/%u", &q.box_rows, &q.box_cols, &q.swizzle) != 3 ||
            q.operand > OP_B) {
            fprintf(stderr, "bad tensor-map parameter %s (A@ROWSxCOLS/SWIZZLE or B@…)\n", token.c_str());
            exit(2);
        }
    }
    return q;
}

// --yusec LABEL PTX KERNEL THREADS SHARED_BYTES TILE PARAMS
static YusecKernel load_yusec(char **arg) {
    YusecKernel y;
    y.label = arg[0];
    std::string ptx = read_file(arg[1]);
    char log[8192] = "";
    CUjit_option keys[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[2] = {log, (void *)(uintptr_t)sizeof log};
    CUresult loaded = cuModuleLoadDataEx(&y.module, ptx.c_str(), 2, keys, values);
    if (loaded != CUDA_SUCCESS) {
        fprintf(stderr, "cuModuleLoadDataEx(%s) failed (%d):\n%s\n", arg[1], (int)loaded, log);
        exit(1);
    }
    CHECK_CU(cuModuleGetFunction(&y.function, y.module, arg[2]));
    y.threads = (unsigned)atoi(arg[3]);
    y.shared_bytes = (unsigned)atoi(arg[4]);
    if (y.shared_bytes > 48 * 1024)
        CHECK_CU(cuFuncSetAttribute(y.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)y.shared_bytes));
    if (sscanf(arg[5], "%ux%u", &y.tile_rows, &y.tile_cols) != 2 || !y.tile_rows || !y.tile_cols) {
        fprintf(stderr, "bad tile %s (ROWSxCOLS)\n", arg[5]);
        exit(2);
    }
    std::string params = arg[6];
    for (size_t at = 0; at <= params.size();) {
        size_t comma = params.find(',', at);
        if (comma == std::string::npos) comma = params.size();
        y.params.push_back(parse_param(params.substr(at, comma - at)));
        at = comma + 1;
    }
    return y;
}

static bool wanted(const std::string &list, const std::string &id) {
    return list.empty() || ("," + list + ",").find("," + id + ",") != std::string::npos;
}

static int find_kernel(const std::vector<Kernel> &kernels, int yusec, Builtin builtin) {
    for (size_t i = 0; i < kernels.size(); i++)
        if (kernels[i].yusec == yusec && (yusec >= 0 || kernels[i].builtin == builtin)) return (int)i;
    return -1;
}

static void print_ratio(int of, int to, const double *value) {
    if (of >= 0 && to >= 0) printf("  %6.3f", value[of] / value[to]);
    else printf("  %6s", "—");
}

static void print_table(uint32_t size, const std::vector<Kernel> &kernels, const double *burst, const double *sustained,
                        const size_t *bad) {
    int blas = find_kernel(kernels, -1, BLAS_F16), twin = find_kernel(kernels, -1, TMA_N64);
    printf("\n%u³  %-24s %8s %10s  %-6s  ×cuBLAS16 burst/sust.  ×twin n64 burst/sust.\n", size, "kernel", "burst",
           "sustained", "check");
    for (size_t i = 0; i < kernels.size(); i++) {
        const char *verdict = kernels[i].builtin == BLAS_F16 && kernels[i].yusec < 0 ? "—" : bad[i] ? "FAIL" : "ok";
        printf("%u³  %-24s %8.1f %10.1f  %-6s", size, kernels[i].name.c_str(), burst[i], sustained[i], verdict);
        print_ratio((int)i, blas, burst);
        print_ratio((int)i, blas, sustained);
        printf("       ");
        print_ratio((int)i, twin, burst);
        print_ratio((int)i, twin, sustained);
        printf("\n");
    }
    fflush(stdout);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    Runner r;
    std::string only;
    std::vector<uint32_t> sizes;
    std::vector<char **> yusec_args;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--yusec") && i + 7 < argc) {
            yusec_args.push_back(argv + i + 1);
            i += 7;
        } else if (!strcmp(argv[i], "--kernels") && i + 1 < argc) {
            only = argv[++i];
        } else if (atoi(argv[i]) > 0 && atoi(argv[i]) % 1024 == 0) {
            sizes.push_back((uint32_t)atoi(argv[i]));
        } else {
            fprintf(stderr,
                    "usage: %s [--yusec LABEL PTX KERNEL THREADS SHARED_BYTES TILE PARAMS]… [--kernels ID,…] [SIZE…]\n"
                    "(SIZE a multiple of 1024)\n",
                    argv[0]);
            return 2;
        }
    }
    if (sizes.empty()) sizes = {4096, 8192};
    CHECK_CUDA(cudaFree(0));  // the primary context, current for the driver API too
    for (char **arg : yusec_args) r.yusec.push_back(load_yusec(arg));
    cudaDeviceProp prop;
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    printf("device %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
    std::vector<Kernel> kernels;
    for (size_t y = 0; y < r.yusec.size(); y++)
        if (wanted(only, r.yusec[y].label)) kernels.push_back({(int)y, SIMPLE, "豫言 " + r.yusec[y].label});
    for (int b = 0; b < BUILTINS; b++)
        if (wanted(only, BUILTIN_IDS[b])) kernels.push_back({-1, (Builtin)b, BUILTIN_NAMES[b]});
    prepare_tma_twins();
    CHECK_CUBLAS(cublasCreate(&r.blas));
    size_t failures = 0;
    for (uint32_t size : sizes) {
        Problem p;
        make_problem(&p, size, r.yusec);
        std::vector<size_t> bad(kernels.size(), 0);
        std::vector<double> burst(kernels.size()), sustained(kernels.size());
        for (size_t i = 0; i < kernels.size(); i++) {
            if (kernels[i].yusec < 0 && kernels[i].builtin == BLAS_F16) continue;
            bad[i] = check(&r, &p, kernels[i]);
            printf("check %u³ %s: %s (%zu bad of %u)\n", size, kernels[i].name.c_str(), bad[i] ? "FAIL" : "ok", bad[i],
                   SAMPLED_ROWS * size);
            failures += bad[i];
        }
        for (size_t i = 0; i < kernels.size(); i++) time_kernel(&r, &p, kernels[i], &burst[i], &sustained[i]);
        print_table(size, kernels, burst.data(), sustained.data(), bad.data());
        free_problem(&p);
    }
    cublasDestroy(r.blas);
    for (YusecKernel &y : r.yusec) cuModuleUnload(y.module);
    return failures ? 1 : 0;
}
