/* The slice of the CUDA driver API the runtime uses, declared here rather than taken from
 * cuda.h: yusec builds without CUDA installed, and binds every entry point by its exact
 * versioned symbol name (cuda.h's macros map names to other versions per CUDA release, and
 * the unversioned cuMemAlloc & co. are the old 32-bit-pointer ABI). Values are from the
 * driver API's published enums, which are ABI and never renumbered. */
#ifndef YUSEC_RUNTIME_CUDA_API_H
#define YUSEC_RUNTIME_CUDA_API_H

#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef unsigned long long CUdeviceptr;  /* the _v2 ABI: 64-bit device pointers */
typedef int CUjit_option;

enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_NO_DEVICE = 100,
};

enum {
    CU_JIT_WALL_TIME = 2,
    CU_JIT_INFO_LOG_BUFFER = 3,
    CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
    CU_JIT_ERROR_LOG_BUFFER = 5,
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    CU_JIT_LOG_VERBOSE = 12,
};

enum {
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
};

enum { CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8 };

/* ---- textures (cuda.h's CUDA_ARRAY_DESCRIPTOR, CUDA_MEMCPY2D_v2, CUDA_RESOURCE_DESC_v1,
 * CUDA_TEXTURE_DESC_v1, field for field) ---- */
typedef struct CUarray_st *CUarray;
typedef unsigned long long CUtexObject;

enum {
    CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
    CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
    CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
    CU_AD_FORMAT_FLOAT = 0x20,
};
enum { CU_MEMORYTYPE_HOST = 0x01, CU_MEMORYTYPE_ARRAY = 0x03 };
enum { CU_RESOURCE_TYPE_ARRAY = 0x00 };
enum { CU_TR_ADDRESS_MODE_WRAP = 0, CU_TR_ADDRESS_MODE_CLAMP = 1, CU_TR_ADDRESS_MODE_MIRROR = 2 };
enum { CU_TR_FILTER_MODE_POINT = 0, CU_TR_FILTER_MODE_LINEAR = 1 };
enum { CU_TRSF_READ_AS_INTEGER = 0x01, CU_TRSF_NORMALIZED_COORDINATES = 0x02 };

typedef struct CUDA_ARRAY_DESCRIPTOR {
    size_t Width, Height;
    int Format;                /* CUarray_format */
    unsigned int NumChannels;
} CUDA_ARRAY_DESCRIPTOR;

typedef struct CUDA_MEMCPY2D {
    size_t srcXInBytes, srcY;
    int srcMemoryType;         /* CUmemorytype */
    const void *srcHost;
    CUdeviceptr srcDevice;
    CUarray srcArray;
    size_t srcPitch;
    size_t dstXInBytes, dstY;
    int dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    CUarray dstArray;
    size_t dstPitch;
    size_t WidthInBytes, Height;
} CUDA_MEMCPY2D;

typedef struct CUDA_RESOURCE_DESC {
    int resType;               /* CUresourcetype */
    union {
        struct { CUarray hArray; } array;
        struct { int reserved[32]; } reserved;
    } res;
    unsigned int flags;
} CUDA_RESOURCE_DESC;

typedef struct CUDA_TEXTURE_DESC {
    int addressMode[3];        /* CUaddress_mode */
    int filterMode;            /* CUfilter_mode */
    unsigned int flags;
    unsigned int maxAnisotropy;
    int mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    float borderColor[4];
    int reserved[12];
} CUDA_TEXTURE_DESC;

/* ---- tensor maps (cuda.h's CUtensorMap and the enums of cuTensorMapEncodeTiled) ---- */
typedef struct CUtensorMap {
    _Alignas(64) unsigned long long opaque[16];
} CUtensorMap;
typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;
enum { CU_TENSOR_MAP_DATA_TYPE_UINT32 = 2, CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6, CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7 };
enum { CU_TENSOR_MAP_INTERLEAVE_NONE = 0 };
enum {
    CU_TENSOR_MAP_SWIZZLE_NONE = 0, CU_TENSOR_MAP_SWIZZLE_32B = 1, CU_TENSOR_MAP_SWIZZLE_64B = 2,
    CU_TENSOR_MAP_SWIZZLE_128B = 3,
};
enum { CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2 };
enum { CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0 };

/* One X per bound entry point: field name, symbol name, return and parameter list. */
#define RT_CUDA_FUNCTIONS(X)                                                                  \
    X(init, "cuInit", (unsigned int flags))                                                   \
    X(get_error_string, "cuGetErrorString", (CUresult error, const char **text))             \
    X(get_error_name, "cuGetErrorName", (CUresult error, const char **text))                 \
    X(device_get_count, "cuDeviceGetCount", (int *count))                                    \
    X(device_get, "cuDeviceGet", (CUdevice * device, int ordinal))                           \
    X(device_get_name, "cuDeviceGetName", (char *name, int len, CUdevice device))            \
    X(device_get_attribute, "cuDeviceGetAttribute", (int *value, int attribute, CUdevice device)) \
    X(ctx_create, "cuCtxCreate_v2", (CUcontext * context, unsigned int flags, CUdevice device)) \
    X(ctx_destroy, "cuCtxDestroy_v2", (CUcontext context))                                   \
    X(ctx_synchronize, "cuCtxSynchronize", (void))                                           \
    X(mem_alloc, "cuMemAlloc_v2", (CUdeviceptr * pointer, size_t bytes))                     \
    X(mem_free, "cuMemFree_v2", (CUdeviceptr pointer))                                       \
    X(memcpy_htod, "cuMemcpyHtoD_v2", (CUdeviceptr dst, const void *src, size_t bytes))     \
    X(memcpy_dtoh, "cuMemcpyDtoH_v2", (void *dst, CUdeviceptr src, size_t bytes))           \
    X(module_load_data_ex, "cuModuleLoadDataEx",                                              \
      (CUmodule * module, const void *image, unsigned int count, CUjit_option *options,      \
       void **values))                                                                        \
    X(module_unload, "cuModuleUnload", (CUmodule module))                                    \
    X(module_get_function, "cuModuleGetFunction",                                             \
      (CUfunction * function, CUmodule module, const char *name))                            \
    X(func_set_attribute, "cuFuncSetAttribute", (CUfunction function, int attribute, int value)) \
    X(launch_kernel, "cuLaunchKernel",                                                        \
      (CUfunction function, unsigned int grid_x, unsigned int grid_y, unsigned int grid_z,   \
       unsigned int block_x, unsigned int block_y, unsigned int block_z,                     \
       unsigned int shared_bytes, CUstream stream, void **params, void **extra))             \
    X(array_create, "cuArrayCreate_v2", (CUarray * array, const CUDA_ARRAY_DESCRIPTOR *desc)) \
    X(array_destroy, "cuArrayDestroy", (CUarray array))                                      \
    X(memcpy_2d, "cuMemcpy2D_v2", (const CUDA_MEMCPY2D *copy))                               \
    X(tex_object_create, "cuTexObjectCreate",                                                 \
      (CUtexObject * object, const CUDA_RESOURCE_DESC *resource, const CUDA_TEXTURE_DESC *texture, \
       const void *view))                                                                     \
    X(tex_object_destroy, "cuTexObjectDestroy", (CUtexObject object))                         \
    X(tensor_map_encode_tiled, "cuTensorMapEncodeTiled",                                      \
      (CUtensorMap * map, int data_type, cuuint32_t rank, void *global_address,               \
       const cuuint64_t *global_dim, const cuuint64_t *global_strides, const cuuint32_t *box_dim, \
       const cuuint32_t *element_strides, int interleave, int swizzle, int l2_promotion, int oob_fill))

typedef struct RtCudaApi {
#define RT_CUDA_FIELD(field, name, params) CUresult(*field) params;
    RT_CUDA_FUNCTIONS(RT_CUDA_FIELD)
#undef RT_CUDA_FIELD
} RtCudaApi;

#endif
