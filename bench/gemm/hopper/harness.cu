// The Hopper GEMM harness: 豫言 kernels (yusec's PTX, loaded with the driver API), the CUDA C twins
// (wgmma_ref.cu: the first design; tma_twin.cu: hopper_design.md part C, four variants) and cuBLAS,
// checked and timed side by side on one GPU of compute capability 9.0. run_wgmma.sh builds and runs it:
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fopenmp -o hopper_gemm harness.cu \
//        wgmma_ref.cu tma_twin.cu -lcublas -lcuda -lgomp
//   ./hopper_gemm [--yusec LABEL PTX KERNEL THREADS SHARED_BYTES TILE INPUT PARAMS]… [--kernels ID,…]
//                 [--inputs f16,bf16] [SIZE…]
//
// Each --yusec names one 豫言 entry point: its workgroup size (THREADS × 1 × 1), its dynamic shared
// memory, the tile of C a workgroup computes (ROWSxCOLS: a 1-D grid of (M/ROWS)·(N/COLS) workgroups,
// one a tile; ROWSxCOLSp: a persistent kernel, a grid of min(SM count, tiles) workgroups that loop over
// the tiles themselves),
// the type of its inputs A and B (INPUT: f16 or bf16; yusec_args.py reads it from the kernel) and
// PARAMS, one token a kernel parameter (every parameter is a pointer, as yusec's PTX takes its
// bindings): A, B, C or DIMS — the device data (A [M][K], B [N][K] of type INPUT, C [M][N] f32, the
// sizes uniform {M, N, K} as three u32) — or A@ROWSxCOLS/SWIZZLE, B@ROWSxCOLS/SWIZZLE — a pointer to
// a 128-byte CUtensorMap in global memory over A or B (of type INPUT, rank 2, that box in elements,
// swizzle 0/32/64/128 bytes, L2 promotion 128 B, out-of-bounds elements zero); with ":u32" after the
// swizzle, over the same bytes as u32 words (the box's columns and the kernel's coordinates count
// words: a 豫言 map of 「无三二」 holding two 16-bit elements a word). --inputs keeps the
// kernels of those input types (default both); --kernels keeps only the named kernels (ids: the 豫言
// labels; simple (f16 only), n64, n256, n64p, n256p, blas32 (→ f32), blas16 (→ the input type), with
// "-bf16" appended for the bf16 ones: n64-bf16, …, blas16-bf16). Sizes default to 4096 and 8192
// (multiples of 1024); M = N = K = SIZE. A and B are drawn once, uniform in [-1, 1), and rounded to
// f16 and to bf16: two data sets, each with its own reference.
//
// Checks first: each kernel's C against an f64 host reference on 64 sampled rows (tolerance
// 1e-3 · Σ|a·b| + 1e-5; a kernel that does not finish in 10 s stops the run). Then per size: burst
// (mean of 20 launches after 2 warm-ups, CUDA events) and sustained (back to back until at least 2 s
// have passed, the mean over all of them) in TFLOP/s = 2·M·N·K / time, with the ratios to cuBLAS with
// the same inputs and a 16-bit output (f16 → f16: torch.matmul's output type, the issue's baseline;
// bf16 → bf16) and to the twin of the 豫言 design with the same inputs (TMA n256: the PTX target
// issues the kernels' four 64-column async MMAs as one m64n256k16; TMA n256p for a persistent kernel
// and for the twins' persistent forms).
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "../../ptx_file.h"
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
    bool words;  // a map over 32-bit words of two 16-bit elements (the kernel's 「无三二」 map)
};

struct YusecKernel {
    std::string label;
    InputType input;
    CUmodule module;
    CUfunction function;
    unsigned threads, shared_bytes, tile_rows, tile_cols;  // a workgroup computes one tile of C at a time
    bool persistent;                                         // TILE ends in p: min(SM count, tiles) workgroups
    unsigned sms;                                            // the device's SM count (persistent grids)
    std::vector<Param> params;
};

static const char *const INPUT_IDS[INPUT_TYPES] = {"f16", "bf16"};
static const CUtensorMapDataType INPUT_MAP_TYPES[INPUT_TYPES] = {CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
                                                                 CU_TENSOR_MAP_DATA_TYPE_BFLOAT16};
static const cudaDataType INPUT_BLAS_TYPES[INPUT_TYPES] = {CUDA_R_16F, CUDA_R_16BF};

// The built-in kernels, each for both input types but SIMPLE (f16 only); BLAS_16 writes the input type.
enum Builtin { SIMPLE, TMA_N64, TMA_N256, TMA_N64_PERSISTENT, TMA_N256_PERSISTENT, BLAS_F32, BLAS_16, BUILTINS };
static const char *const BUILTIN_IDS[BUILTINS] = {"simple", "n64", "n256", "n64p", "n256p", "blas32", "blas16"};
static const char *const BUILTIN_NAMES[INPUT_TYPES][BUILTINS] = {
    {"CUDA C 64×64 cp.async", "CUDA C TMA n64", "CUDA C TMA n256", "CUDA C TMA n64 persist", "CUDA C TMA n256 persist",
     "cuBLAS f16→f32", "cuBLAS f16→f16"},
    {"", "CUDA C TMA n64 bf16", "CUDA C TMA n256 bf16", "CUDA C TMA n64 persist bf16", "CUDA C TMA n256 persist bf16",
     "cuBLAS bf16→f32", "cuBLAS bf16→bf16"}};

struct Kernel {  // a 豫言 kernel (yusec ≥ 0) or a built-in one, on inputs of type input
    int yusec;
    Builtin builtin;
    InputType input;
    std::string name;
};

struct Values {                       // A and B rounded to one input type, and their product
    std::vector<float> a, b;          // the values (exact in that type)
    std::vector<double> want, scale;  // the reference on the sampled rows
};

struct Problem {
    Operands op[INPUT_TYPES];         // one random A and B rounded to f16 and to bf16; C and dims shared
    Values values[INPUT_TYPES];
    void *dC16;                       // the 16-bit C of cuBLAS → f16 / bf16
    std::vector<void *> maps;         // device CUtensorMaps, freed with the problem
    std::vector<std::vector<void *>> yusec_args;
};

static uint32_t lcg(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static uint32_t sampled_row(const Problem *p, uint32_t s) {
    return (uint32_t)(((uint64_t)s * 2654435761u) % p->op[INPUT_F16].m);
}

// A device copy of the CUtensorMap over the 16-bit matrix at data ([rows][cols] of type input, cols
// contiguous; the box in elements) — with words, over the same bytes as 32-bit words (cols / 2 of
// them a row; the box's columns count words), as a kernel whose tensor map is of 「无三二」 sees it:
// its TMA coordinates count words.
static const CUtensorMap *device_map(Problem *p, InputType input, const void *data, uint32_t rows, uint32_t cols,
                                     uint32_t box_rows, uint32_t box_cols, uint32_t swizzle, bool words = false) {
    CUtensorMapSwizzle mode = swizzle == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
                              : swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                              : swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                              : CU_TENSOR_MAP_SWIZZLE_NONE;
    cuuint64_t dims[2] = {words ? cols / 2 : cols, rows}, strides[1] = {(cuuint64_t)cols * 2};
    cuuint32_t box[2] = {box_cols, box_rows}, element_strides[2] = {1, 1};
    CUtensorMap map;
    CUtensorMapDataType type = words ? CU_TENSOR_MAP_DATA_TYPE_UINT32 : INPUT_MAP_TYPES[input];
    BENCH_CU_OK(cuTensorMapEncodeTiled(&map, type, 2, (void *)data, dims, strides, box,
                                    element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, mode,
                                    CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    void *d;
    CHECK_CUDA(cudaMalloc(&d, sizeof map));
    CHECK_CUDA(cudaMemcpy(d, &map, sizeof map, cudaMemcpyHostToDevice));
    p->maps.push_back(d);
    return (const CUtensorMap *)d;
}

static void make_reference(Problem *p, Values *v) {
    uint32_t n = p->op[INPUT_F16].n, k = p->op[INPUT_F16].k;
    const std::vector<float> &a = v->a, &b = v->b;
    v->want.assign((size_t)SAMPLED_ROWS * n, 0);
    v->scale.assign((size_t)SAMPLED_ROWS * n, 0);
#pragma omp parallel for schedule(dynamic)
    for (int64_t e = 0; e < (int64_t)SAMPLED_ROWS * n; e++) {
        const float *ra = &a[(size_t)sampled_row(p, (uint32_t)(e / n)) * k], *rb = &b[(size_t)(e % n) * k];
        double want = 0, scale = 0;
        for (uint32_t i = 0; i < k; i++) {
            double t = (double)ra[i] * rb[i];
            want += t;
            scale += fabs(t);
        }
        v->want[e] = want;
        v->scale[e] = scale;
    }
}

static float rounded(float x, InputType input) {
    return input == INPUT_F16 ? __half2float(__float2half(x)) : __bfloat162float(__float2bfloat16(x));
}

// The values (exact in type input) as a device matrix of that type.
static void *device_matrix(const std::vector<float> &values, InputType input) {
    std::vector<uint16_t> bits(values.size());
#pragma omp parallel for
    for (int64_t i = 0; i < (int64_t)values.size(); i++) {
        if (input == INPUT_F16) {
            __half h = __float2half(values[i]);
            memcpy(&bits[i], &h, 2);
        } else {
            __nv_bfloat16 h = __float2bfloat16(values[i]);
            memcpy(&bits[i], &h, 2);
        }
    }
    void *d;
    CHECK_CUDA(cudaMalloc(&d, bits.size() * 2));
    CHECK_CUDA(cudaMemcpy(d, bits.data(), bits.size() * 2, cudaMemcpyHostToDevice));
    return d;
}

static void make_problem(Problem *p, uint32_t size, const std::vector<YusecKernel> &yusec) {
    size_t na = (size_t)size * size;
    std::vector<float> a(na), b(na);  // uniform in [-1, 1), then rounded to each input type
    uint64_t seed = 12345 + size;
    for (size_t i = 0; i < na; i++) a[i] = (lcg(&seed) / 2147483648.0f) - 1.0f;
    for (size_t i = 0; i < na; i++) b[i] = (lcg(&seed) / 2147483648.0f) - 1.0f;
    float *c;
    void *dims;
    CHECK_CUDA(cudaMalloc(&c, na * 4));
    CHECK_CUDA(cudaMalloc(&p->dC16, na * 2));
    CHECK_CUDA(cudaMalloc(&dims, sizeof(Dims)));
    Dims host_dims = {size, size, size};
    CHECK_CUDA(cudaMemcpy(dims, &host_dims, sizeof host_dims, cudaMemcpyHostToDevice));
    for (int t = 0; t < INPUT_TYPES; t++) {
        InputType input = (InputType)t;
        Operands *op = &p->op[t];
        op->input = input;
        op->m = op->n = op->k = size;
        Values *v = &p->values[t];
        v->a.resize(na);
        v->b.resize(na);
#pragma omp parallel for
        for (int64_t i = 0; i < (int64_t)na; i++) {
            v->a[i] = rounded(a[i], input);
            v->b[i] = rounded(b[i], input);
        }
        op->a = device_matrix(v->a, input);
        op->b = device_matrix(v->b, input);
        op->c = c;
        op->dims = (const Dims *)dims;
        op->map_a = device_map(p, input, op->a, op->m, op->k, TWIN_TILE_M, TWIN_BK, 128);
        op->map_b = device_map(p, input, op->b, op->n, op->k, TWIN_TILE_N, TWIN_BK, 128);
    }
    for (const YusecKernel &y : yusec) {  // the argument values: device pointers (to data or to a map)
        const Operands *op = &p->op[y.input];
        std::vector<void *> values;
        for (const Param &q : y.params) {
            const void *data = q.operand == OP_A   ? op->a
                               : q.operand == OP_B ? op->b
                               : q.operand == OP_C ? (const void *)op->c
                                                   : (const void *)op->dims;
            if (q.tensor_map)
                data = device_map(p, y.input, data, q.operand == OP_A ? op->m : op->n, op->k, q.box_rows, q.box_cols,
                                  q.swizzle, q.words);
            values.push_back((void *)data);
        }
        p->yusec_args.push_back(values);
    }
    for (Values &v : p->values) make_reference(p, &v);
}

static void free_problem(Problem *p) {
    for (const Operands &op : p->op) {
        cudaFree((void *)op.a);
        cudaFree((void *)op.b);
    }
    cudaFree(p->op[INPUT_F16].c);
    cudaFree(p->dC16);
    cudaFree((void *)p->op[INPUT_F16].dims);
    for (void *m : p->maps) cudaFree(m);
}

struct Runner {
    std::vector<YusecKernel> yusec;
    cublasHandle_t blas;
};

static void launch_yusec(const YusecKernel *y, Problem *p, size_t index) {
    unsigned grid = (p->op[y->input].m / y->tile_rows) * (p->op[y->input].n / y->tile_cols);
    if (y->persistent && y->sms < grid) grid = y->sms;  // each workgroup loops over tiles 组, 组 + grid, …
    std::vector<void *> &values = p->yusec_args[index];
    std::vector<void *> args;
    for (void *&v : values) args.push_back(&v);
    BENCH_CU_OK(cuLaunchKernel(y->function, grid, 1, 1, y->threads, 1, 1, y->shared_bytes, 0, args.data(), NULL));
}

static void launch(Runner *r, Problem *p, const Kernel &kernel) {
    const Operands *op = &p->op[kernel.input];
    const cudaDataType in = INPUT_BLAS_TYPES[kernel.input];
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
        CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, op->n, op->m, op->k, &one, op->b, in, op->k,
                                  op->a, in, op->k, &zero, op->c, CUDA_R_32F, op->n, CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT));
        break;
    default:  // BLAS_16: f16 → f16 in f16 (torch.matmul's default), bf16 → bf16 in f32 (bf16 has no compute type)
        if (kernel.input == INPUT_F16)
            CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, op->n, op->m, op->k, &one16, op->b, in, op->k,
                                      op->a, in, op->k, &zero16, p->dC16, in, op->n, CUBLAS_COMPUTE_16F,
                                      CUBLAS_GEMM_DEFAULT));
        else
            CHECK_CUBLAS(cublasGemmEx(r->blas, CUBLAS_OP_T, CUBLAS_OP_N, op->n, op->m, op->k, &one, op->b, in, op->k,
                                      op->a, in, op->k, &zero, p->dC16, in, op->n, CUBLAS_COMPUTE_32F,
                                      CUBLAS_GEMM_DEFAULT));
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

// Bad elements of the kernel's C on the sampled rows (cuBLAS → 16 bits writes its own C: not checked).
static size_t check(Runner *r, Problem *p, const Kernel &kernel) {
    const Operands *op = &p->op[kernel.input];
    uint32_t n = op->n;
    CHECK_CUDA(cudaMemset(op->c, 0xFF, (size_t)op->m * n * 4));  // NaN
    launch(r, p, kernel);
    finish_or_stop(kernel.name.c_str());
    std::vector<float> row(n);
    size_t bad = 0;
    for (uint32_t s = 0; s < SAMPLED_ROWS; s++) {
        uint32_t m = sampled_row(p, s);
        CHECK_CUDA(cudaMemcpy(row.data(), op->c + (size_t)m * n, n * 4, cudaMemcpyDeviceToHost));
        for (uint32_t j = 0; j < n; j++) {
            const Values *v = &p->values[kernel.input];
            double want = v->want[(size_t)s * n + j], scale = v->scale[(size_t)s * n + j];
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
    const Operands *op = &p->op[kernel.input];
    double flop = 2.0 * op->m * op->n * op->k;
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

static Param parse_param(const std::string &token) {
    Param q = {OP_A, false, 0, 0, 0, false};
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
        char element[8] = "";
        int fields = sscanf(token.c_str() + name.size() + 1, "%ux%u/%u:%7s", &q.box_rows, &q.box_cols, &q.swizzle, element);
        q.words = fields == 4 && !strcmp(element, "u32");
        if (fields < 3 || (fields == 4 && !q.words) || q.operand > OP_B) {
            fprintf(stderr, "bad tensor-map parameter %s (A@ROWSxCOLS/SWIZZLE[:u32] or B@…)\n", token.c_str());
            exit(2);
        }
    }
    return q;
}

static InputType parse_input(const char *id) {
    for (int t = 0; t < INPUT_TYPES; t++)
        if (!strcmp(id, INPUT_IDS[t])) return (InputType)t;
    fprintf(stderr, "bad input type %s (f16 or bf16)\n", id);
    exit(2);
}

// --yusec LABEL PTX KERNEL THREADS SHARED_BYTES TILE INPUT PARAMS
static YusecKernel load_yusec(char **arg) {
    YusecKernel y;
    y.label = arg[0];
    std::string ptx = bench_read_text(arg[1]);
    char log[8192] = "";
    CUjit_option keys[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[2] = {log, (void *)(uintptr_t)sizeof log};
    CUresult loaded = cuModuleLoadDataEx(&y.module, ptx.c_str(), 2, keys, values);
    if (loaded != CUDA_SUCCESS) {
        fprintf(stderr, "cuModuleLoadDataEx(%s) failed (%d):\n%s\n", arg[1], (int)loaded, log);
        exit(1);
    }
    BENCH_CU_OK(cuModuleGetFunction(&y.function, y.module, arg[2]));
    y.threads = (unsigned)atoi(arg[3]);
    y.shared_bytes = (unsigned)atoi(arg[4]);
    if (y.shared_bytes > 48 * 1024)
        BENCH_CU_OK(cuFuncSetAttribute(y.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)y.shared_bytes));
    int used = 0;
    if (sscanf(arg[5], "%ux%u%n", &y.tile_rows, &y.tile_cols, &used) != 2 || !y.tile_rows || !y.tile_cols ||
        (strcmp(arg[5] + used, "") && strcmp(arg[5] + used, "p"))) {
        fprintf(stderr, "bad tile %s (ROWSxCOLS, or ROWSxCOLSp for a persistent grid)\n", arg[5]);
        exit(2);
    }
    y.persistent = arg[5][used] == 'p';
    CUdevice device;
    int sms = 0;
    BENCH_CU_OK(cuCtxGetDevice(&device));
    BENCH_CU_OK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
    y.sms = (unsigned)sms;
    y.input = parse_input(arg[6]);
    std::string params = arg[7];
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

static int find_builtin(const std::vector<Kernel> &kernels, Builtin builtin, InputType input) {
    for (size_t i = 0; i < kernels.size(); i++)
        if (kernels[i].yusec < 0 && kernels[i].builtin == builtin && kernels[i].input == input) return (int)i;
    return -1;
}

static bool is_blas16(const Kernel &kernel) { return kernel.yusec < 0 && kernel.builtin == BLAS_16; }

static void print_ratio(int of, int to, const double *value) {
    if (of >= 0 && to >= 0) printf("  %6.3f", value[of] / value[to]);
    else printf("  %6s", "—");
}

// A persistent grid (a 豫言 kernel with tile ROWSxCOLSp, the twins n64p and n256p): compared with n256p.
static bool is_persistent(const Runner *r, const Kernel &kernel) {
    return kernel.yusec >= 0 ? r->yusec[kernel.yusec].persistent
                             : kernel.builtin == TMA_N64_PERSISTENT || kernel.builtin == TMA_N256_PERSISTENT;
}

static void print_table(const Runner *r, uint32_t size, const std::vector<Kernel> &kernels, const double *burst,
                        const double *sustained, const size_t *bad) {
    printf("\n%u³  %-28s %8s %10s  %-6s  ×cuBLAS→16 burst/sust.  ×twin n256(p) burst/sust. (same input)\n", size,
           "kernel", "burst", "sustained", "check");
    for (size_t i = 0; i < kernels.size(); i++) {
        int blas = find_builtin(kernels, BLAS_16, kernels[i].input);
        int twin = find_builtin(kernels, is_persistent(r, kernels[i]) ? TMA_N256_PERSISTENT : TMA_N256, kernels[i].input);
        const char *verdict = is_blas16(kernels[i]) ? "—" : bad[i] ? "FAIL" : "ok";
        printf("%u³  %-28s %8.1f %10.1f  %-6s", size, kernels[i].name.c_str(), burst[i], sustained[i], verdict);
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
    std::string only, inputs;
    std::vector<uint32_t> sizes;
    std::vector<char **> yusec_args;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--yusec") && i + 8 < argc) {
            yusec_args.push_back(argv + i + 1);
            i += 8;
        } else if (!strcmp(argv[i], "--kernels") && i + 1 < argc) {
            only = argv[++i];
        } else if (!strcmp(argv[i], "--inputs") && i + 1 < argc) {
            inputs = argv[++i];
            for (size_t at = 0; at <= inputs.size();) {  // each one f16 or bf16 (else exit 2)
                size_t comma = std::min(inputs.find(',', at), inputs.size());
                parse_input(inputs.substr(at, comma - at).c_str());
                at = comma + 1;
            }
        } else if (atoi(argv[i]) > 0 && atoi(argv[i]) % 1024 == 0) {
            sizes.push_back((uint32_t)atoi(argv[i]));
        } else {
            fprintf(stderr,
                    "usage: %s [--yusec LABEL PTX KERNEL THREADS SHARED_BYTES TILE INPUT PARAMS]… [--kernels ID,…]\n"
                    "       [--inputs f16,bf16] [SIZE…]   (INPUT f16 or bf16, SIZE a multiple of 1024)\n",
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
    for (int t = 0; t < INPUT_TYPES; t++) {
        if (!wanted(inputs, INPUT_IDS[t])) continue;
        InputType input = (InputType)t;
        for (size_t y = 0; y < r.yusec.size(); y++)
            if (r.yusec[y].input == input && wanted(only, r.yusec[y].label))
                kernels.push_back({(int)y, SIMPLE, input, "豫言 " + r.yusec[y].label});
        for (int b = 0; b < BUILTINS; b++) {
            std::string id = std::string(BUILTIN_IDS[b]) + (input == INPUT_F16 ? "" : "-bf16");
            if ((input == INPUT_F16 || b != SIMPLE) && wanted(only, id))
                kernels.push_back({-1, (Builtin)b, input, BUILTIN_NAMES[t][b]});
        }
    }
    prepare_tma_twins();
    CHECK_CUBLAS(cublasCreate(&r.blas));
    size_t failures = 0;
    for (uint32_t size : sizes) {
        Problem p;
        make_problem(&p, size, r.yusec);
        std::vector<size_t> bad(kernels.size(), 0);
        std::vector<double> burst(kernels.size()), sustained(kernels.size());
        for (size_t i = 0; i < kernels.size(); i++) {
            if (is_blas16(kernels[i])) continue;
            bad[i] = check(&r, &p, kernels[i]);
            printf("check %u³ %s: %s (%zu bad of %u)\n", size, kernels[i].name.c_str(), bad[i] ? "FAIL" : "ok", bad[i],
                   SAMPLED_ROWS * size);
            failures += bad[i];
        }
        for (size_t i = 0; i < kernels.size(); i++) time_kernel(&r, &p, kernels[i], &burst[i], &sustained[i]);
        print_table(&r, size, kernels, burst.data(), sustained.data(), bad.data());
        free_problem(&p);
    }
    cublasDestroy(r.blas);
    for (YusecKernel &y : r.yusec) cuModuleUnload(y.module);
    return failures ? 1 : 0;
}
