/* The launch layer against a fake CUDA driver handed in through the loader hook: which
 * symbols are bound (the _v2 ones), the error text for a missing library, symbol, device or
 * failed step, the JIT log options and log, the launch dimensions, placeholder parameters,
 * read-back, and that every allocation is freed on every path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "runtime/cuda_api.h"
#include "runtime/runtime.h"

/* The fake driver's state. The driver API has no context argument, so a test double
 * needs file-level state; each test resets it. */
enum { MAX_ALLOCS = 16 };
static struct {
    CUresult init_result, sync_result, jit_result, alloc_result;
    int device_count;
    const char *missing_symbol;
    const char *kernel;
    char asked[64][48];
    int asked_count;
    int allocs, frees, contexts_created, contexts_destroyed, modules_loaded, modules_unloaded;
    struct { void *pointer; size_t size; } live[MAX_ALLOCS];
    unsigned jit_option_count;
    int jit_had_error_log, jit_had_info_log, jit_image_terminated;
    unsigned grid[3], block[3];
    CUdeviceptr launched[8];
    int launches;
    unsigned launched_shared;             /* sharedMemBytes of the last launch */
    int attribute, attribute_value;       /* the last cuFuncSetAttribute */
    int attribute_calls;
    CUresult attribute_result;
    int arrays, arrays_destroyed, objects, objects_destroyed, copies;
    CUDA_ARRAY_DESCRIPTOR array_desc;     /* the last cuArrayCreate_v2 */
    CUDA_MEMCPY2D copy;                   /* the last cuMemcpy2D_v2 */
    CUDA_TEXTURE_DESC tex_desc[4];        /* per cuTexObjectCreate */
    CUarray tex_array[4];
    int launched_textures;                /* how many texture parameters f_launch reads */
    unsigned long long launched_texture[4];
    CUresult tex_result;
    uint32_t widened[8];
    bool capture_map;                     /* f_launch copies parameter 0's 14 words first */
    unsigned long long map_words[14];
} fake;

static void fake_reset(void) {
    memset(&fake, 0, sizeof fake);
    fake.device_count = 1;
    fake.kernel = "yy_k";
}

static CUresult f_init(unsigned int flags) { (void)flags; return fake.init_result; }
static CUresult f_error_string(CUresult e, const char **text) {
    *text = e == 700 ? "an illegal memory access was encountered" : "fake error";
    return CUDA_SUCCESS;
}
static CUresult f_error_name(CUresult e, const char **text) {
    *text = e == 100 ? "CUDA_ERROR_NO_DEVICE" : e == 218 ? "CUDA_ERROR_INVALID_PTX"
          : e == 700 ? "CUDA_ERROR_ILLEGAL_ADDRESS" : e == 2 ? "CUDA_ERROR_OUT_OF_MEMORY"
          : "CUDA_ERROR_NOT_FOUND";
    return CUDA_SUCCESS;
}
static CUresult f_device_count(int *count) { *count = fake.device_count; return CUDA_SUCCESS; }
static CUresult f_device_get(CUdevice *d, int ordinal) { *d = ordinal; return CUDA_SUCCESS; }
static CUresult f_device_name(char *name, int len, CUdevice d) {
    (void)d;
    snprintf(name, (size_t)len, "Fake H200");
    return CUDA_SUCCESS;
}
static CUresult f_device_attribute(int *v, int attribute, CUdevice d) {
    (void)d;
    *v = attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9
       : attribute == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT ? 132 : 0;
    return CUDA_SUCCESS;
}
static CUresult f_ctx_create(CUcontext *c, unsigned int flags, CUdevice d) {
    (void)flags; (void)d;
    *c = (CUcontext)&fake;
    fake.contexts_created++;
    return CUDA_SUCCESS;
}
static CUresult f_ctx_destroy(CUcontext c) { (void)c; fake.contexts_destroyed++; return CUDA_SUCCESS; }
static CUresult f_sync(void) { return fake.sync_result; }
static CUresult f_alloc(CUdeviceptr *p, size_t size) {
    if (fake.alloc_result) return fake.alloc_result;
    void *m = malloc(size);
    fake.live[fake.allocs % MAX_ALLOCS].pointer = m;
    fake.live[fake.allocs % MAX_ALLOCS].size = size;
    fake.allocs++;
    *p = (CUdeviceptr)(uintptr_t)m;
    return CUDA_SUCCESS;
}
static CUresult f_free(CUdeviceptr p) { free((void *)(uintptr_t)p); fake.frees++; return CUDA_SUCCESS; }
static CUresult f_htod(CUdeviceptr dst, const void *src, size_t n) {
    memcpy((void *)(uintptr_t)dst, src, n);
    return CUDA_SUCCESS;
}
static CUresult f_dtoh(void *dst, CUdeviceptr src, size_t n) {
    memcpy(dst, (void *)(uintptr_t)src, n);
    return CUDA_SUCCESS;
}
static CUresult f_load(CUmodule *m, const void *image, unsigned int count, CUjit_option *keys,
                       void **values) {
    fake.jit_option_count = count;
    fake.jit_image_terminated = strlen(image) > 0;
    for (unsigned i = 0; i < count; i++) {
        if (keys[i] == CU_JIT_ERROR_LOG_BUFFER && fake.jit_result)
            snprintf(values[i], (size_t)(uintptr_t)values[i + 1], "ptxas fatal : 假的语法错误");
        if (keys[i] == CU_JIT_INFO_LOG_BUFFER && !fake.jit_result)
            snprintf(values[i], (size_t)(uintptr_t)values[i + 1], "info : used 8 registers");
        if (keys[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) fake.jit_had_error_log = 1;
        if (keys[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES) fake.jit_had_info_log = 1;
    }
    if (fake.jit_result) return fake.jit_result;
    *m = (CUmodule)&fake;
    fake.modules_loaded++;
    return CUDA_SUCCESS;
}
static CUresult f_unload(CUmodule m) { (void)m; fake.modules_unloaded++; return CUDA_SUCCESS; }
static CUresult f_get_function(CUfunction *f, CUmodule m, const char *name) {
    (void)m;
    if (strcmp(name, fake.kernel) != 0) return 500;
    *f = (CUfunction)&fake;
    return CUDA_SUCCESS;
}
static CUresult f_set_attribute(CUfunction f, int attribute, int value) {
    (void)f;
    fake.attribute_calls++;
    fake.attribute = attribute, fake.attribute_value = value;
    return fake.attribute_result;
}
/* "Runs" the kernel: doubles every u32 of every buffer it was given. */
static CUresult f_launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                         unsigned by, unsigned bz, unsigned shared, CUstream s, void **params,
                         void **extra) {
    (void)f; (void)s; (void)extra;
    fake.launches++;
    fake.launched_shared = shared;
    if (fake.capture_map) memcpy(fake.map_words, (void *)(uintptr_t)*(CUdeviceptr *)params[0], sizeof fake.map_words);
    fake.grid[0] = gx, fake.grid[1] = gy, fake.grid[2] = gz;
    fake.block[0] = bx, fake.block[1] = by, fake.block[2] = bz;
    for (int i = 0; i < 3; i++) {
        CUdeviceptr p = *(CUdeviceptr *)params[i];
        fake.launched[i] = p;
        for (int a = 0; a < MAX_ALLOCS && p; a++)
            if (fake.live[a].pointer == (void *)(uintptr_t)p)
                for (size_t w = 0; w < fake.live[a].size / 4; w++) ((uint32_t *)fake.live[a].pointer)[w] *= 2;
    }
    for (int i = 0; i < fake.launched_textures && i < 4; i++)  /* a .u64 object, then a .u32 */
        fake.launched_texture[i] = i < 2 ? *(CUtexObject *)params[3 + i] : *(uint32_t *)params[3 + i];
    return CUDA_SUCCESS;
}

static CUresult f_array_create(CUarray *a, const CUDA_ARRAY_DESCRIPTOR *d) {
    fake.array_desc = *d;
    *a = (CUarray)(uintptr_t)(0x1000 + ++fake.arrays);
    return CUDA_SUCCESS;
}
static CUresult f_array_destroy(CUarray a) { (void)a; fake.arrays_destroyed++; return CUDA_SUCCESS; }
static CUresult f_memcpy_2d(const CUDA_MEMCPY2D *c) {
    fake.copy = *c;
    fake.copies++;
    if (c->WidthInBytes == 32 && c->Height == 1)  /* the widened r32uint texels of the test */
        memcpy(fake.widened, c->srcHost, sizeof fake.widened);
    return CUDA_SUCCESS;
}
static CUresult f_tex_create(CUtexObject *o, const CUDA_RESOURCE_DESC *r, const CUDA_TEXTURE_DESC *t,
                             const void *view) {
    (void)view;
    if (fake.tex_result) return fake.tex_result;
    if (fake.objects < 4) fake.tex_desc[fake.objects] = *t, fake.tex_array[fake.objects] = r->res.array.hArray;
    *o = 0x7e0 + (CUtexObject)++fake.objects;
    return CUDA_SUCCESS;
}
static CUresult f_tex_destroy(CUtexObject o) { (void)o; fake.objects_destroyed++; return CUDA_SUCCESS; }
/* The fake map holds its arguments: type, address, dims, stride, box, element strides,
 * interleave, swizzle, L2 promotion, OOB fill, rank. */
static CUresult f_tensor_map(CUtensorMap *map, int type, cuuint32_t rank, void *address, const cuuint64_t *dims,
                             const cuuint64_t *strides, const cuuint32_t *box, const cuuint32_t *element_strides,
                             int interleave, int swizzle, int l2, int oob) {
    unsigned long long words[16] = {(unsigned long long)type, (uintptr_t)address, dims[0], dims[1], strides[0], box[0],
                                    box[1], element_strides[0], element_strides[1], (unsigned long long)interleave,
                                    (unsigned long long)swizzle, (unsigned long long)l2, (unsigned long long)oob, rank};
    memcpy(map->opaque, words, sizeof words);
    return CUDA_SUCCESS;
}

static const struct { const char *name; void *address; } FAKE_SYMBOLS[] = {
    {"cuInit", (void *)f_init}, {"cuGetErrorString", (void *)f_error_string},
    {"cuGetErrorName", (void *)f_error_name}, {"cuDeviceGetCount", (void *)f_device_count},
    {"cuDeviceGet", (void *)f_device_get}, {"cuDeviceGetName", (void *)f_device_name},
    {"cuDeviceGetAttribute", (void *)f_device_attribute}, {"cuCtxCreate_v2", (void *)f_ctx_create},
    {"cuCtxDestroy_v2", (void *)f_ctx_destroy}, {"cuCtxSynchronize", (void *)f_sync},
    {"cuMemAlloc_v2", (void *)f_alloc}, {"cuMemFree_v2", (void *)f_free},
    {"cuMemcpyHtoD_v2", (void *)f_htod}, {"cuMemcpyDtoH_v2", (void *)f_dtoh},
    {"cuModuleLoadDataEx", (void *)f_load}, {"cuModuleUnload", (void *)f_unload},
    {"cuModuleGetFunction", (void *)f_get_function}, {"cuLaunchKernel", (void *)f_launch},
    {"cuFuncSetAttribute", (void *)f_set_attribute}, {"cuArrayCreate_v2", (void *)f_array_create},
    {"cuArrayDestroy", (void *)f_array_destroy}, {"cuMemcpy2D_v2", (void *)f_memcpy_2d},
    {"cuTexObjectCreate", (void *)f_tex_create}, {"cuTexObjectDestroy", (void *)f_tex_destroy},
    {"cuTensorMapEncodeTiled", (void *)f_tensor_map},
};

static void *fake_open(const char *path, void *user) {
    (void)user;
    return strcmp(path, "fake-libcuda") == 0 ? (void *)&fake : NULL;
}
static void *fake_symbol(void *handle, const char *name, void *user) {
    (void)handle; (void)user;
    if (fake.asked_count < 64) snprintf(fake.asked[fake.asked_count++], 48, "%s", name);
    if (fake.missing_symbol && strcmp(name, fake.missing_symbol) == 0) return NULL;
    for (size_t i = 0; i < sizeof FAKE_SYMBOLS / sizeof FAKE_SYMBOLS[0]; i++)
        if (strcmp(FAKE_SYMBOLS[i].name, name) == 0) return FAKE_SYMBOLS[i].address;
    return NULL;
}
static void fake_close(void *handle, void *user) { (void)handle; (void)user; }
static const char *fake_error(void *user) { (void)user; return "fake-libcuda: cannot open shared object file"; }

static const RtLoader FAKE_LOADER = {fake_open, fake_symbol, fake_close, fake_error, NULL};

static RtCuda *open_fake(StrBuf *error, bool *no_gpu) {
    RtOpenOptions options;
    rt_open_options_init(&options);
    options.library = "fake-libcuda";
    options.loader = &FAKE_LOADER;
    return rt_cuda_open(&options, error, no_gpu);
}

static int setup(void **state) {
    (void)state;
    fake_reset();
    return 0;
}

/* ---- opening ---- */

static void test_missing_library(void **state) {
    (void)state;
    StrBuf error;
    strbuf_init(&error);
    RtOpenOptions options;
    rt_open_options_init(&options);
    options.library = "/不存在/libcuda.so.1";  /* the real dlopen */
    bool no_gpu = false;
    assert_null(rt_cuda_open(&options, &error, &no_gpu));
    assert_true(no_gpu);
    assert_non_null(strstr(strbuf_cstr(&error), "无法加载 CUDA 驱动 /不存在/libcuda.so.1："));
    /* the environment variable picks the library when the options do not */
    setenv(RT_CUDA_LIBRARY_ENV, "/也不存在/libcuda.so.1", 1);
    strbuf_clear(&error);
    options.library = NULL;
    assert_null(rt_cuda_open(&options, &error, &no_gpu));
    assert_non_null(strstr(strbuf_cstr(&error), "/也不存在/libcuda.so.1"));
    unsetenv(RT_CUDA_LIBRARY_ENV);
    /* the fake loader's own reason reaches the text */
    strbuf_clear(&error);
    options.library = "other";
    options.loader = &FAKE_LOADER;
    assert_null(rt_cuda_open(&options, &error, &no_gpu));
    assert_non_null(strstr(strbuf_cstr(&error), "cannot open shared object file"));
    strbuf_free(&error);
}

static void test_binds_versioned_symbols(void **state) {
    (void)state;
    StrBuf error;
    strbuf_init(&error);
    bool no_gpu;
    RtCuda *cuda = open_fake(&error, &no_gpu);
    assert_non_null(cuda);
    bool v2 = false;
    for (int i = 0; i < fake.asked_count; i++) {
        static const char *const old_abi[] = {"cuCtxCreate", "cuMemAlloc", "cuMemFree",
                                              "cuMemcpyHtoD", "cuMemcpyDtoH", "cuCtxDestroy"};
        for (size_t k = 0; k < sizeof old_abi / sizeof old_abi[0]; k++)
            if (strcmp(fake.asked[i], old_abi[k]) == 0) fail_msg("bound the old ABI %s", old_abi[k]);
        if (strcmp(fake.asked[i], "cuMemcpyHtoD_v2") == 0) v2 = true;
    }
    assert_true(v2);
    assert_string_equal(rt_cuda_device_description(cuda), "Fake H200（sm_90，132 个多处理器）");
    assert_int_equal(fake.contexts_created, 1);
    rt_cuda_close(cuda);
    assert_int_equal(fake.contexts_destroyed, 1);
    strbuf_free(&error);
}

static void test_missing_symbol(void **state) {
    (void)state;
    fake.missing_symbol = "cuMemAlloc_v2";
    StrBuf error;
    strbuf_init(&error);
    bool no_gpu = true;
    assert_null(open_fake(&error, &no_gpu));
    assert_false(no_gpu);
    assert_string_equal(strbuf_cstr(&error), "CUDA 驱动缺少函数 cuMemAlloc_v2（驱动太旧？）");
    strbuf_free(&error);
}

static void test_no_device(void **state) {
    (void)state;
    fake.init_result = CUDA_ERROR_NO_DEVICE;
    StrBuf error;
    strbuf_init(&error);
    bool no_gpu = false;
    assert_null(open_fake(&error, &no_gpu));
    assert_true(no_gpu);
    assert_string_equal(strbuf_cstr(&error), "cuInit 失败：CUDA_ERROR_NO_DEVICE（fake error）");
    fake_reset();
    fake.device_count = 0;
    strbuf_clear(&error);
    assert_null(open_fake(&error, &no_gpu));
    assert_true(no_gpu);
    assert_string_equal(strbuf_cstr(&error), "CUDA 驱动找不到任何 GPU");
    fake_reset();
    RtOpenOptions options;
    rt_open_options_init(&options);
    options.library = "fake-libcuda";
    options.loader = &FAKE_LOADER;
    options.device = 3;
    strbuf_clear(&error);
    assert_null(rt_cuda_open(&options, &error, &no_gpu));
    assert_false(no_gpu);
    assert_non_null(strstr(strbuf_cstr(&error), "没有编号为 3 的 GPU"));
    assert_int_equal(fake.contexts_created, 0);
    strbuf_free(&error);
}

/* ---- launching ---- */

static const char PTX[] = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry yy_k()\n{\n}\n";

typedef struct Launch {
    uint32_t data[4], result[4], uniform[2];
    RtParam params[3];
    RtLaunch launch;
} Launch;

/* A storage buffer read back, a placeholder, a uniform that is not. */
static void make_launch(Launch *l) {
    memset(l, 0, sizeof *l);
    for (uint32_t i = 0; i < 4; i++) l->data[i] = i + 1;
    l->uniform[0] = 5;
    l->params[0] = (RtParam){l->data, sizeof l->data, l->result, NULL};
    l->params[1] = (RtParam){NULL, 0, NULL, NULL};
    l->params[2] = (RtParam){l->uniform, sizeof l->uniform, NULL, NULL};
    l->launch = (RtLaunch){PTX, "yy_k", {64, 1, 1}, {2, 3, 1}, l->params, 3, false, 0, NULL, 0};
}

/* The fake driver opened, an error buffer and make_launch's launch: the set-up most launch
 * tests share; launch_close releases it. */
typedef struct {
    StrBuf error;
    RtCuda *cuda;
    Launch l;
} Opened;

static void launch_open(Opened *f) {
    strbuf_init(&f->error);
    bool no_gpu;
    f->cuda = open_fake(&f->error, &no_gpu);
    assert_non_null(f->cuda);
    make_launch(&f->l);
}

static void launch_close(Opened *f) {
    rt_cuda_close(f->cuda);
    strbuf_free(&f->error);
}

static void test_launch_reads_back(void **state) {
    (void)state;
    StrBuf error, info;
    strbuf_init(&error);
    strbuf_init(&info);
    bool no_gpu;
    RtCuda *cuda = open_fake(&error, &no_gpu);
    Launch l;
    make_launch(&l);
    assert_true(rt_launch(cuda, &l.launch, &info, &error));
    assert_int_equal(fake.launches, 1);
    assert_true(fake.block[0] == 64 && fake.block[1] == 1 && fake.block[2] == 1);
    assert_true(fake.grid[0] == 2 && fake.grid[1] == 3 && fake.grid[2] == 1);
    assert_int_not_equal(fake.launched[0], 0);
    assert_int_equal(fake.launched[1], 0);  /* the placeholder is a null pointer */
    assert_int_not_equal(fake.launched[2], 0);
    for (uint32_t i = 0; i < 4; i++) assert_int_equal(l.result[i], 2 * (i + 1));
    assert_int_equal(l.uniform[0], 5);  /* not read back */
    assert_int_equal(fake.jit_option_count, 4);
    assert_true(fake.jit_had_error_log && fake.jit_had_info_log && fake.jit_image_terminated);
    assert_string_equal(strbuf_cstr(&info), "info : used 8 registers");
    assert_int_equal(fake.allocs, 2);
    assert_int_equal(fake.frees, 2);
    assert_int_equal(fake.modules_unloaded, 1);
    l.launch.verbose_jit = true;
    assert_true(rt_launch(cuda, &l.launch, NULL, &error));
    assert_int_equal(fake.jit_option_count, 5);
    rt_cuda_close(cuda);
    strbuf_free(&error);
    strbuf_free(&info);
}

/* Dynamic shared memory (ir/abi.h): the attribute is raised to the size, then the launch
 * asks for it; without any, neither happens; a refused attribute is a located failure. */
static void test_dynamic_shared_memory(void **state) {
    (void)state;
    Opened f;
    launch_open(&f);
    assert_true(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_int_equal(fake.attribute_calls, 0);
    assert_int_equal(fake.launched_shared, 0);
    f.l.launch.dynamic_shared_bytes = 73728;
    assert_true(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_int_equal(fake.attribute_calls, 1);
    assert_int_equal(fake.attribute, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
    assert_int_equal(fake.attribute_value, 73728);
    assert_int_equal(fake.launched_shared, 73728);
    fake.attribute_result = 1;  /* CUDA_ERROR_INVALID_VALUE */
    int launches = fake.launches;
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_int_equal(fake.launches, launches);
    assert_non_null(strstr(strbuf_cstr(&f.error), "cuFuncSetAttribute"));
    assert_non_null(strstr(strbuf_cstr(&f.error), "73728 字节动态共享内存"));
    assert_int_equal(fake.allocs, fake.frees);
    launch_close(&f);
}

/* A tensor-map parameter (docs/targets.md § TMA): the data goes to the device, and the kernel
 * gets a separate 128-byte copy of the CUtensorMap encoded over it: f16, dimensions and box
 * innermost first, the row pitch, unit element strides, no interleave, the swizzle, L2 128 B,
 * zeros outside; both allocations freed. */
static void test_tensor_map_parameter(void **state) {
    (void)state;
    Opened f;
    launch_open(&f);
    RtTensorMap map = {2, 8, 2, 1, 8, 128, true};  /* 2 × 8 f16 in f.l.data, box 1 × 8, 128-byte swizzle */
    f.l.params[0].tensor_map = &map;
    fake.capture_map = true;
    assert_true(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_int_equal(fake.live[0].size, sizeof f.l.data);
    assert_int_equal(fake.live[1].size, 128);
    assert_int_equal(fake.launched[0], (CUdeviceptr)(uintptr_t)fake.live[1].pointer);
    unsigned long long expect[14] = {CU_TENSOR_MAP_DATA_TYPE_FLOAT16, (uintptr_t)fake.live[0].pointer, 8, 2, 16, 8, 1, 1, 1,
                                     CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                                     CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE, 2};
    for (int i = 0; i < 14; i++) assert_int_equal(fake.map_words[i], expect[i]);
    assert_int_equal(fake.allocs, 3);
    assert_int_equal(fake.frees, 3);
    launch_close(&f);
}

/* Texture parameters after the buffers (docs/targets.md § Textures and samplers): one array
 * per texture data however many objects use it, filled row by row; each object with its
 * sampling state and normalized coordinates; integers read as integers; a compare function
 * as a u32; everything destroyed, also when an object cannot be made. */
static void test_texture_parameters(void **state) {
    (void)state;
    Opened f;
    launch_open(&f);
    float texels[4 * 3 * 2] = {0};
    RtTextureData data = {RT_TEXEL_RGBA32FLOAT, 3, 2, texels};
    uint32_t words[2] = {1, 2};
    RtTextureData integers = {RT_TEXEL_R32UINT, 2, 1, words};
    RtTextureParam params[4] = {
        {&data, false, RT_ADDRESS_CLAMP, 0},
        {&data, true, RT_ADDRESS_REPEAT, 0},
        {NULL, false, RT_ADDRESS_CLAMP, 4},
        {&integers, false, RT_ADDRESS_CLAMP, 0},
    };
    f.l.launch.textures = params;
    f.l.launch.texture_count = 4;
    fake.launched_textures = 3;
    assert_true(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_int_equal(fake.arrays, 2);  /* one for `data`, shared by two objects */
    assert_int_equal(fake.objects, 3);
    assert_true(fake.tex_array[0] == fake.tex_array[1] && fake.tex_array[0] != fake.tex_array[2]);
    assert_int_equal(fake.tex_desc[0].filterMode, CU_TR_FILTER_MODE_POINT);
    assert_int_equal(fake.tex_desc[0].addressMode[0], CU_TR_ADDRESS_MODE_CLAMP);
    assert_int_equal(fake.tex_desc[0].flags, CU_TRSF_NORMALIZED_COORDINATES);
    assert_int_equal(fake.tex_desc[1].filterMode, CU_TR_FILTER_MODE_LINEAR);
    assert_int_equal(fake.tex_desc[1].addressMode[1], CU_TR_ADDRESS_MODE_WRAP);
    assert_int_equal(fake.tex_desc[2].flags, CU_TRSF_NORMALIZED_COORDINATES | CU_TRSF_READ_AS_INTEGER);
    assert_int_equal(fake.array_desc.Format, CU_AD_FORMAT_UNSIGNED_INT32);  /* the last: r32uint */
    assert_int_equal(fake.array_desc.NumChannels, 4);  /* r → (r, 0, 0, 1) as WGSL reads it */
    assert_int_equal(fake.copies, 2);
    assert_int_equal(fake.copy.WidthInBytes, 2 * 16);
    assert_int_equal(fake.copy.Height, 1);
    static const uint32_t widened[8] = {1, 0, 0, 1, 2, 0, 0, 1};
    assert_memory_equal(fake.widened, widened, sizeof widened);
    assert_int_equal(fake.copy.srcMemoryType, CU_MEMORYTYPE_HOST);
    assert_int_equal(fake.copy.dstMemoryType, CU_MEMORYTYPE_ARRAY);
    assert_int_equal(fake.launched_texture[0], 0x7e1);
    assert_int_equal(fake.launched_texture[1], 0x7e2);
    assert_int_equal(fake.launched_texture[2], 4);  /* the compare function */
    assert_int_equal(fake.objects_destroyed, 3);
    assert_int_equal(fake.arrays_destroyed, 2);
    fake.tex_result = 1;  /* CUDA_ERROR_INVALID_VALUE */
    int launches = fake.launches;
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_int_equal(fake.launches, launches);
    assert_non_null(strstr(strbuf_cstr(&f.error), "cuTexObjectCreate"));
    assert_int_equal(fake.arrays_destroyed, fake.arrays);
    assert_int_equal(fake.allocs, fake.frees);
    launch_close(&f);
}

static void test_jit_failure_has_log(void **state) {
    (void)state;
    fake.jit_result = 218;
    Opened f;
    launch_open(&f);
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_non_null(strstr(strbuf_cstr(&f.error), "cuModuleLoadDataEx（PTX 即时编译） 失败：CUDA_ERROR_INVALID_PTX"));
    assert_non_null(strstr(strbuf_cstr(&f.error), "JIT 错误日志：\nptxas fatal : 假的语法错误"));
    assert_int_equal(fake.launches, 0);
    assert_int_equal(fake.allocs, 0);
    launch_close(&f);
}

static void test_failures_release_everything(void **state) {
    (void)state;
    Opened f;
    launch_open(&f);
    f.l.launch.kernel = "yy_other";
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_non_null(strstr(strbuf_cstr(&f.error), "PTX 里没有入口 yy_other"));
    assert_int_equal(fake.modules_unloaded, 1);

    make_launch(&f.l);
    fake.sync_result = 700;
    strbuf_clear(&f.error);
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_string_equal(strbuf_cstr(&f.error), "cuCtxSynchronize（内核执行） 失败：CUDA_ERROR_ILLEGAL_ADDRESS"
                                             "（an illegal memory access was encountered）");
    assert_int_equal(fake.allocs, fake.frees);

    fake.sync_result = 0;
    fake.alloc_result = 2;
    strbuf_clear(&f.error);
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_non_null(strstr(strbuf_cstr(&f.error), "cuMemAlloc_v2 失败：CUDA_ERROR_OUT_OF_MEMORY"));
    assert_non_null(strstr(strbuf_cstr(&f.error), "（参数 0，16 字节）"));
    assert_int_equal(fake.allocs, fake.frees);
    assert_int_equal(fake.modules_loaded, fake.modules_unloaded);

    fake.alloc_result = 0;
    f.l.launch.block[0] = 2048;
    strbuf_clear(&f.error);
    assert_false(rt_launch(f.cuda, &f.l.launch, NULL, &f.error));
    assert_non_null(strstr(strbuf_cstr(&f.error), "超过每块 1024 个线程"));
    launch_close(&f);
}

static void test_dims_and_error_text(void **state) {
    (void)state;
    StrBuf error;
    strbuf_init(&error);
    uint32_t block[3] = {64, 1, 1}, grid[3] = {1, 0, 1};
    assert_false(rt_check_dims(block, grid, &error));
    assert_string_equal(strbuf_cstr(&error), "网格 的 y 维是 0");
    grid[1] = 70000;
    assert_false(rt_check_dims(block, grid, &error));
    grid[1] = 65535;
    grid[0] = 0x7fffffffu;
    assert_true(rt_check_dims(block, grid, &error));
    /* 3-D blocks: 16 × 16 × 4 fits; a product that is 2^64 (0 in 64 bits) does not */
    block[0] = 16, block[1] = 16, block[2] = 4;
    assert_true(rt_check_dims(block, grid, &error));
    block[0] = 1u << 22, block[1] = 1u << 22, block[2] = 1u << 20;
    strbuf_clear(&error);
    assert_false(rt_check_dims(block, grid, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "工作组大小 4194304×4194304×1048576 超过每块 1024 个线程"));
    strbuf_clear(&error);
    rt_describe_error(NULL, &error, "cuInit", 7);
    assert_string_equal(strbuf_cstr(&error), "cuInit 失败：CUDA 错误 7");
    strbuf_free(&error);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_missing_library, setup),
        cmocka_unit_test_setup(test_binds_versioned_symbols, setup),
        cmocka_unit_test_setup(test_missing_symbol, setup),
        cmocka_unit_test_setup(test_no_device, setup),
        cmocka_unit_test_setup(test_launch_reads_back, setup),
        cmocka_unit_test_setup(test_dynamic_shared_memory, setup),
        cmocka_unit_test_setup(test_texture_parameters, setup),
        cmocka_unit_test_setup(test_tensor_map_parameter, setup),
        cmocka_unit_test_setup(test_jit_failure_has_log, setup),
        cmocka_unit_test_setup(test_failures_release_everything, setup),
        cmocka_unit_test_setup(test_dims_and_error_text, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
