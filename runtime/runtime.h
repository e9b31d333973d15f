/* yusec's CUDA runtime (着十's host side): loads the CUDA driver at run time (no link-time
 * CUDA, no cuda.h), JIT-compiles PTX, fills buffers, launches one kernel and reads the
 * buffers back. Every failure is reported as text in an error StrBuf; nothing aborts.
 *
 * The launch layer knows nothing of YIR: the caller (runtime/plan.h) decides which buffer
 * goes in which parameter slot, following the host contract in docs/targets.md. */
#ifndef YUSEC_RUNTIME_RUNTIME_H
#define YUSEC_RUNTIME_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

/* The dynamic loader, replaceable so tests can simulate a missing or fake libcuda.
 * A NULL loader (or NULL fields) means dlopen/dlsym/dlclose/dlerror. */
typedef struct RtLoader {
    void *(*open)(const char *path, void *user);
    void *(*symbol)(void *handle, const char *name, void *user);
    void (*close)(void *handle, void *user);
    const char *(*error)(void *user);  /* why the last open/symbol failed, or NULL */
    void *user;
} RtLoader;

#define RT_CUDA_LIBRARY "libcuda.so.1"
#define RT_CUDA_LIBRARY_ENV "YUSEC_CUDA_LIBRARY"  /* overrides the library path */

typedef struct RtOpenOptions {
    const char *library;     /* NULL: $YUSEC_CUDA_LIBRARY, else libcuda.so.1 */
    int device;              /* ordinal, default 0 */
    const RtLoader *loader;  /* NULL: the system loader */
} RtOpenOptions;

void rt_open_options_init(RtOpenOptions *options);

/* An open driver with a context on one device. */
typedef struct RtCuda RtCuda;

/* Loads the driver, binds its entry points, initialises it and creates a context. NULL on
 * failure, with the reason in `error`; `*no_gpu` is then true when the cause is that this
 * machine has no usable GPU (no driver library, no device), false for other failures. */
RtCuda *rt_cuda_open(const RtOpenOptions *options, StrBuf *error, bool *no_gpu);
void rt_cuda_close(RtCuda *cuda);

/* "NVIDIA H200 (sm_90, 132 SMs)" */
const char *rt_cuda_device_description(const RtCuda *cuda);

/* One kernel parameter: a buffer copied to device memory before the launch and, when
 * `result` is set, copied back into it afterwards (same size). data == NULL && size == 0 is
 * a placeholder binding (着十's dense group-0 rule): the kernel gets a null pointer. */
typedef struct RtParam {
    const void *data;
    size_t size;
    void *result;
    const struct RtTensorMap *tensor_map;  /* NULL, or: the data is this tensor, and the kernel
                                            * gets a device copy of its CUtensorMap (tensor_map.c) */
} RtParam;

/* A tensor-map binding (docs/targets.md § TMA): the buffer holds rows × cols elements of
 * elem_bytes, row-major; the kernel parameter points at a 128-byte CUtensorMap built by
 * cuTensorMapEncodeTiled over it: f16 or f32 (`floating`), else u32; box box_rows ×
 * box_cols, swizzle in bytes (0, 32, 64, 128), no interleave, L2 promotion 128 B, zeros outside. */
typedef struct RtTensorMap {
    uint32_t rows, cols, elem_bytes;
    uint32_t box_rows, box_cols, swizzle;
    bool floating;
} RtTensorMap;

/* A 2D texture's data: one mip level, rows of `width` texels, no padding. */
typedef enum RtTexelFormat {
    RT_TEXEL_R32FLOAT, RT_TEXEL_RG32FLOAT, RT_TEXEL_RGBA32FLOAT,
    RT_TEXEL_R32UINT, RT_TEXEL_RGBA32UINT, RT_TEXEL_R32SINT, RT_TEXEL_RGBA32SINT,
    RT_TEXEL_RGBA8UNORM, RT_TEXEL_DEPTH32FLOAT,
} RtTexelFormat;

typedef struct RtTextureData {
    RtTexelFormat format;
    uint32_t width, height;
    const void *texels;       /* width × height × rt_texel_bytes(format) bytes */
} RtTextureData;

/* WebGPU's spelling ("rgba32float" …) and the bytes of one texel. */
const char *rt_texel_format_name(RtTexelFormat format);
uint32_t rt_texel_bytes(RtTexelFormat format);

typedef enum RtAddressMode { RT_ADDRESS_CLAMP, RT_ADDRESS_REPEAT, RT_ADDRESS_MIRROR } RtAddressMode;

/* One texture parameter after the buffers (docs/targets.md § Textures and samplers): with
 * `texture` set a texture object over it (normalized coordinates always), else the u32
 * `value` (a compare function). Parameters naming the same RtTextureData share one array. */
typedef struct RtTextureParam {
    const RtTextureData *texture;
    bool linear;              /* linear filtering, else point */
    RtAddressMode address;    /* both axes */
    uint32_t value;
} RtTextureParam;

typedef struct RtLaunch {
    const char *ptx;          /* PTX text, NUL-terminated (the driver needs the NUL) */
    const char *kernel;       /* the .entry name */
    uint32_t block[3];        /* must equal the entry's .reqntid (the workgroup size) */
    uint32_t grid[3];         /* number of workgroups */
    const RtParam *params;    /* in PTX parameter order */
    uint32_t param_count;
    bool verbose_jit;         /* ask the JIT for its info log (CU_JIT_LOG_VERBOSE) */
    uint32_t dynamic_shared_bytes;  /* sharedMemBytes; when > 0 also set as the kernel's
                                     * CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES */
    const RtTextureParam *textures;  /* kernel parameters param_count … (after the buffers) */
    uint32_t texture_count;
} RtLaunch;

/* Loads the module (with the JIT error and info logs), allocates and fills the buffers,
 * launches, synchronises and reads back. On failure `error` holds the step that failed, the
 * driver's error name and text and, for a JIT failure, the JIT log. `info_log`, when not
 * NULL, receives the JIT info log. Device memory and the module are released either way. */
bool rt_launch(RtCuda *cuda, const RtLaunch *launch, StrBuf *info_log, StrBuf *error);

/* ---- helpers shared with the tests ---- */

/* "cuMemAlloc_v2 失败：CUDA_ERROR_OUT_OF_MEMORY（out of memory）" using the driver's own
 * names when it can give them. */
void rt_describe_error(const RtCuda *cuda, StrBuf *out, const char *call, int result);

/* Checks launch dimensions: every axis ≥ 1, block ≤ 1024 threads, grid.x < 2^31,
 * grid.y/z ≤ 65535. */
bool rt_check_dims(const uint32_t block[3], const uint32_t grid[3], StrBuf *error);

#endif
