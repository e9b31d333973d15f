/* One launch: JIT the PTX with its logs, fill the buffers, launch, synchronise, read back,
 * release everything whatever happened. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tensor_map.h"
#include "texture.h"

enum { JIT_LOG_BYTES = 1 << 16 };

bool rt_check_dims(const uint32_t block[3], const uint32_t grid[3], StrBuf *error) {
    static const char axes[] = "xyz";
    for (int a = 0; a < 3; a++) {
        if (block[a] == 0 || grid[a] == 0) {
            strbuf_printf(error, "%s 的 %c 维是 0", block[a] == 0 ? "块" : "网格", axes[a]);
            return false;
        }
    }
    uint64_t threads = 1;  /* stops growing past the limit, so 2^22 × 2^22 × 2^20 cannot wrap to 0 */
    for (int a = 0; a < 3 && threads <= 1024; a++) threads *= block[a];
    if (threads > 1024) {
        strbuf_printf(error, "工作组大小 %u×%u×%u 超过每块 1024 个线程", block[0], block[1], block[2]);
        return false;
    }
    if (grid[0] > 0x7fffffffu || grid[1] > 65535 || grid[2] > 65535) {
        strbuf_printf(error, "网格 %u,%u,%u 超出范围（x 至多 2147483647，y、z 至多 65535）",
                      grid[0], grid[1], grid[2]);
        return false;
    }
    return true;
}

typedef struct Jit {
    char *info, *error;
    CUmodule module;
} Jit;

/* cuModuleLoadDataEx with both logs: without the log options a JIT failure is a number. */
static bool jit_load(RtCuda *cuda, const RtLaunch *launch, Jit *jit, StrBuf *error) {
    jit->info = calloc(1, JIT_LOG_BYTES);
    jit->error = calloc(1, JIT_LOG_BYTES);
    if (!jit->info || !jit->error) {
        strbuf_puts(error, "内存不足");
        return false;
    }
    CUjit_option keys[5] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_LOG_VERBOSE};
    void *values[5] = {jit->info, (void *)(uintptr_t)(JIT_LOG_BYTES - 1), jit->error,
                       (void *)(uintptr_t)(JIT_LOG_BYTES - 1), (void *)(uintptr_t)1};
    unsigned count = launch->verbose_jit ? 5 : 4;
    CUresult r = cuda->api.module_load_data_ex(&jit->module, launch->ptx, count, keys, values);
    if (r == CUDA_SUCCESS) return true;
    jit->module = NULL;
    rt_describe_error(cuda, error, "cuModuleLoadDataEx（PTX 即时编译）", r);
    if (jit->error[0]) strbuf_printf(error, "\nJIT 错误日志：\n%s", jit->error);
    else strbuf_puts(error, "\n（JIT 没有给出错误日志）");
    return false;
}

typedef struct Buffers {
    CUdeviceptr *pointers;
    CUdeviceptr *maps;          /* tensor-map parameters: the CUtensorMap's device copy */
    void **args;                /* the buffers', then the texture parameters' */
    uint32_t count;
    RtTextures textures;
} Buffers;

static bool fill_buffers(RtCuda *cuda, const RtLaunch *launch, Buffers *b, StrBuf *error) {
    uint32_t n = launch->param_count;
    b->pointers = calloc(n + 1, sizeof *b->pointers);
    b->maps = calloc(n + 1, sizeof *b->maps);
    b->args = calloc(n + launch->texture_count + 1, sizeof *b->args);
    if (!b->pointers || !b->maps || !b->args) {
        strbuf_puts(error, "内存不足");
        return false;
    }
    b->count = n;
    for (uint32_t i = 0; i < n; i++) {
        const RtParam *p = &launch->params[i];
        b->args[i] = &b->pointers[i];
        if (p->size == 0) continue;  /* placeholder binding: a null pointer */
        CUresult r = cuda->api.mem_alloc(&b->pointers[i], p->size);
        if (r != CUDA_SUCCESS) {
            b->pointers[i] = 0;
            rt_describe_error(cuda, error, "cuMemAlloc_v2", r);
            strbuf_printf(error, "（参数 %u，%zu 字节）", i, p->size);
            return false;
        }
        if (!p->data) continue;
        r = cuda->api.memcpy_htod(b->pointers[i], p->data, p->size);
        if (r != CUDA_SUCCESS) {
            rt_describe_error(cuda, error, "cuMemcpyHtoD_v2", r);
            strbuf_printf(error, "（参数 %u）", i);
            return false;
        }
        if (!p->tensor_map) continue;
        if (!rt_tensor_map_upload(cuda, p->tensor_map, b->pointers[i], &b->maps[i], error)) {
            strbuf_printf(error, "（参数 %u）", i);
            return false;
        }
        b->args[i] = &b->maps[i];
    }
    return true;
}

/* The texture objects and compare functions after the buffers (docs/targets.md). */
static bool fill_textures(RtCuda *cuda, const RtLaunch *launch, Buffers *b, StrBuf *error) {
    if (!rt_textures_make(cuda, launch, &b->textures, error)) return false;
    for (uint32_t i = 0; i < launch->texture_count; i++)
        b->args[launch->param_count + i] = rt_texture_arg(&b->textures, launch, i);
    return true;
}

static bool read_back(RtCuda *cuda, const RtLaunch *launch, const Buffers *b, StrBuf *error) {
    for (uint32_t i = 0; i < launch->param_count; i++) {
        const RtParam *p = &launch->params[i];
        if (!p->result || p->size == 0) continue;
        CUresult r = cuda->api.memcpy_dtoh(p->result, b->pointers[i], p->size);
        if (r != CUDA_SUCCESS) {
            rt_describe_error(cuda, error, "cuMemcpyDtoH_v2", r);
            strbuf_printf(error, "（参数 %u）", i);
            return false;
        }
    }
    return true;
}

/* Dynamic shared memory (ir/abi.h): the kernel may use that much only once allowed. */
static bool allow_dynamic_shared(RtCuda *cuda, const RtLaunch *launch, CUfunction function,
                                 StrBuf *error) {
    if (launch->dynamic_shared_bytes == 0) return true;
    CUresult r = cuda->api.func_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                              (int)launch->dynamic_shared_bytes);
    if (r == CUDA_SUCCESS) return true;
    rt_describe_error(cuda, error, "cuFuncSetAttribute", r);
    strbuf_printf(error, "（入口 %s 要 %u 字节动态共享内存）", launch->kernel, launch->dynamic_shared_bytes);
    return false;
}

static bool launch_and_wait(RtCuda *cuda, const RtLaunch *launch, CUfunction function,
                            const Buffers *b, StrBuf *error) {
    const uint32_t *g = launch->grid, *k = launch->block;
    if (!allow_dynamic_shared(cuda, launch, function, error)) return false;
    CUresult r = cuda->api.launch_kernel(function, g[0], g[1], g[2], k[0], k[1], k[2],
                                         launch->dynamic_shared_bytes, NULL, b->args, NULL);
    if (r != CUDA_SUCCESS) {
        rt_describe_error(cuda, error, "cuLaunchKernel", r);
        strbuf_printf(error, "（入口 %s，块 %u,%u,%u，网格 %u,%u,%u）", launch->kernel, k[0], k[1],
                      k[2], g[0], g[1], g[2]);
        return false;
    }
    r = cuda->api.ctx_synchronize();
    if (r != CUDA_SUCCESS) {
        rt_describe_error(cuda, error, "cuCtxSynchronize（内核执行）", r);
        return false;
    }
    return true;
}

static void release(RtCuda *cuda, Buffers *b, Jit *jit) {
    /* After a failed kernel the context is poisoned and these fail too; nothing to add. */
    rt_textures_release(cuda, &b->textures);
    for (uint32_t i = 0; b->pointers && i < b->count; i++)
        if (b->pointers[i]) cuda->api.mem_free(b->pointers[i]);
    for (uint32_t i = 0; b->maps && i < b->count; i++)
        if (b->maps[i]) cuda->api.mem_free(b->maps[i]);
    if (jit->module) cuda->api.module_unload(jit->module);
    free(b->pointers);
    free(b->maps);
    free(b->args);
    free(jit->info);
    free(jit->error);
}

bool rt_launch(RtCuda *cuda, const RtLaunch *launch, StrBuf *info_log, StrBuf *error) {
    if (!rt_check_dims(launch->block, launch->grid, error)) return false;
    if (!launch->ptx || !launch->kernel) {
        strbuf_puts(error, "没有 PTX 或入口名");
        return false;
    }
    Jit jit = {0};
    Buffers buffers = {0};
    bool ok = jit_load(cuda, launch, &jit, error);
    if (info_log && jit.info && jit.info[0]) strbuf_puts(info_log, jit.info);
    CUfunction function = NULL;
    if (ok) {
        CUresult r = cuda->api.module_get_function(&function, jit.module, launch->kernel);
        if (r != CUDA_SUCCESS) {
            rt_describe_error(cuda, error, "cuModuleGetFunction", r);
            strbuf_printf(error, "：PTX 里没有入口 %s", launch->kernel);
            ok = false;
        }
    }
    ok = ok && fill_buffers(cuda, launch, &buffers, error);
    ok = ok && fill_textures(cuda, launch, &buffers, error);
    ok = ok && launch_and_wait(cuda, launch, function, &buffers, error);
    ok = ok && read_back(cuda, launch, &buffers, error);
    release(cuda, &buffers, &jit);
    return ok;
}
