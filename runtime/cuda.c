/* Opening the CUDA driver: dlopen, binding the versioned entry points by name, cuInit,
 * the device and a context. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void *system_open(const char *path, void *user) {
    (void)user;
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void *system_symbol(void *handle, const char *name, void *user) {
    (void)user;
    return dlsym(handle, name);
}

/* The driver stays loaded: it leaves service threads running after cuCtxDestroy, and
 * unmapping its code under them can crash the process at exit. */
static void system_close(void *handle, void *user) {
    (void)handle;
    (void)user;
}

static const char *system_error(void *user) {
    (void)user;
    return dlerror();
}

/* Fills the missing fields of the caller's loader with the system's. */
static RtLoader resolve_loader(const RtLoader *given) {
    RtLoader loader = {system_open, system_symbol, system_close, system_error, NULL};
    if (!given) return loader;
    if (given->open) loader.open = given->open;
    if (given->symbol) loader.symbol = given->symbol;
    if (given->close) loader.close = given->close;
    if (given->error) loader.error = given->error;
    loader.user = given->user;
    return loader;
}

void rt_open_options_init(RtOpenOptions *options) {
    memset(options, 0, sizeof *options);
}

static const char *library_path(const RtOpenOptions *options) {
    if (options->library) return options->library;
    const char *env = getenv(RT_CUDA_LIBRARY_ENV);
    return env && *env ? env : RT_CUDA_LIBRARY;
}

/* Binds every entry point of RT_CUDA_FUNCTIONS; names the first missing one. */
static bool bind_api(RtCuda *cuda, StrBuf *error) {
    void *handle = cuda->handle;
#define RT_CUDA_BIND(field, name, params)                                                \
    {                                                                                     \
        void *address = cuda->loader.symbol(handle, name, cuda->loader.user);            \
        if (!address) {                                                                   \
            strbuf_printf(error, "CUDA 驱动缺少函数 %s（驱动太旧？）", name);            \
            return false;                                                                 \
        }                                                                                 \
        memcpy(&cuda->api.field, &address, sizeof address);                               \
    }
    RT_CUDA_FUNCTIONS(RT_CUDA_BIND)
#undef RT_CUDA_BIND
    return true;
}

void rt_describe_error(const RtCuda *cuda, StrBuf *out, const char *call, int result) {
    const char *name = NULL, *text = NULL;
    if (cuda && cuda->api.get_error_name) cuda->api.get_error_name(result, &name);
    if (cuda && cuda->api.get_error_string) cuda->api.get_error_string(result, &text);
    strbuf_printf(out, "%s 失败：", call);
    if (name) strbuf_puts(out, name);
    else strbuf_printf(out, "CUDA 错误 %d", result);
    if (text) strbuf_printf(out, "（%s）", text);
}

/* The device and its context; false with the reason. `no_gpu` for a machine without one. */
static bool open_device(RtCuda *cuda, int ordinal, StrBuf *error, bool *no_gpu) {
    const RtCudaApi *api = &cuda->api;
    CUresult r = api->init(0);
    if (r != CUDA_SUCCESS) {
        *no_gpu = true;
        rt_describe_error(cuda, error, "cuInit", r);
        return false;
    }
    int count = 0;
    r = api->device_get_count(&count);
    if (r != CUDA_SUCCESS || count <= 0) {
        *no_gpu = true;
        if (r != CUDA_SUCCESS) rt_describe_error(cuda, error, "cuDeviceGetCount", r);
        else strbuf_puts(error, "CUDA 驱动找不到任何 GPU");
        return false;
    }
    if (ordinal < 0 || ordinal >= count) {
        strbuf_printf(error, "没有编号为 %d 的 GPU（共 %d 块，编号 0 至 %d）", ordinal, count, count - 1);
        return false;
    }
    if ((r = api->device_get(&cuda->device, ordinal)) != CUDA_SUCCESS) {
        rt_describe_error(cuda, error, "cuDeviceGet", r);
        return false;
    }
    if ((r = api->ctx_create(&cuda->context, 0, cuda->device)) != CUDA_SUCCESS) {
        rt_describe_error(cuda, error, "cuCtxCreate_v2", r);
        cuda->context = NULL;
        return false;
    }
    return true;
}

static void describe_device(RtCuda *cuda) {
    char name[128] = "GPU";
    int major = 0, minor = 0, sms = 0;
    if (cuda->api.device_get_name(name, (int)sizeof name - 1, cuda->device) != CUDA_SUCCESS)
        strcpy(name, "GPU");
    name[sizeof name - 1] = '\0';
    cuda->api.device_get_attribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cuda->device);
    cuda->api.device_get_attribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cuda->device);
    cuda->api.device_get_attribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, cuda->device);
    snprintf(cuda->description, sizeof cuda->description, "%s（sm_%d%d，%d 个多处理器）", name,
             major, minor, sms);
}

RtCuda *rt_cuda_open(const RtOpenOptions *options, StrBuf *error, bool *no_gpu) {
    RtOpenOptions defaults;
    rt_open_options_init(&defaults);
    if (!options) options = &defaults;
    *no_gpu = false;
    RtCuda *cuda = calloc(1, sizeof *cuda);
    if (!cuda) {
        strbuf_puts(error, "内存不足");
        return NULL;
    }
    cuda->loader = resolve_loader(options->loader);
    const char *path = library_path(options);
    cuda->handle = cuda->loader.open(path, cuda->loader.user);
    if (!cuda->handle) {
        const char *why = cuda->loader.error(cuda->loader.user);
        strbuf_printf(error, "无法加载 CUDA 驱动 %s：%s", path, why ? why : "未知原因");
        *no_gpu = true;
        free(cuda);
        return NULL;
    }
    if (!bind_api(cuda, error) || !open_device(cuda, options->device, error, no_gpu)) {
        rt_cuda_close(cuda);
        return NULL;
    }
    describe_device(cuda);
    return cuda;
}

void rt_cuda_close(RtCuda *cuda) {
    if (!cuda) return;
    if (cuda->context && cuda->api.ctx_destroy) cuda->api.ctx_destroy(cuda->context);
    if (cuda->handle) cuda->loader.close(cuda->handle, cuda->loader.user);
    free(cuda);
}

const char *rt_cuda_device_description(const RtCuda *cuda) {
    return cuda->description;
}
