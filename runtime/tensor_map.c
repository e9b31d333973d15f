/* Tensor-map bindings (docs/targets.md § TMA): after the tensor's data is on the device, its
 * CUtensorMap is built with cuTensorMapEncodeTiled (dimensions innermost first: {cols, rows},
 * the row pitch as the one stride, box {box_cols, box_rows}, unit element strides, no
 * interleave, the declared swizzle, L2 promotion 128 B, zeros outside the tensor) and copied
 * into 128 bytes of device memory; the kernel parameter is that copy's address. */
#include <string.h>

#include "tensor_map.h"

static int swizzle_mode(uint32_t bytes) {
    switch (bytes) {
    case 32: return CU_TENSOR_MAP_SWIZZLE_32B;
    case 64: return CU_TENSOR_MAP_SWIZZLE_64B;
    case 128: return CU_TENSOR_MAP_SWIZZLE_128B;
    default: return CU_TENSOR_MAP_SWIZZLE_NONE;
    }
}

static int data_type(const RtTensorMap *t) {
    if (!t->floating) return CU_TENSOR_MAP_DATA_TYPE_UINT32;
    return t->elem_bytes == 2 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
}

bool rt_tensor_map_encode(RtCuda *cuda, const RtTensorMap *t, CUdeviceptr data, CUtensorMap *map, StrBuf *error) {
    cuuint64_t dims[2] = {t->cols, t->rows}, strides[1] = {(cuuint64_t)t->cols * t->elem_bytes};
    cuuint32_t box[2] = {t->box_cols, t->box_rows}, element_strides[2] = {1, 1};
    memset(map, 0, sizeof *map);
    CUresult r = cuda->api.tensor_map_encode_tiled(map, data_type(t), 2, (void *)(uintptr_t)data, dims, strides, box,
                                                   element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                                   swizzle_mode(t->swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                                   CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r == CUDA_SUCCESS) return true;
    rt_describe_error(cuda, error, "cuTensorMapEncodeTiled", r);
    strbuf_printf(error, "（张量 %u×%u，盒 %u×%u，交错 %u 字节）", t->rows, t->cols, t->box_rows, t->box_cols, t->swizzle);
    return false;
}

bool rt_tensor_map_upload(RtCuda *cuda, const RtTensorMap *t, CUdeviceptr data, CUdeviceptr *copy, StrBuf *error) {
    CUtensorMap map;
    if (!rt_tensor_map_encode(cuda, t, data, &map, error)) return false;
    CUresult r = cuda->api.mem_alloc(copy, sizeof map);
    if (r != CUDA_SUCCESS) {
        *copy = 0;
        rt_describe_error(cuda, error, "cuMemAlloc_v2", r);
        return false;
    }
    r = cuda->api.memcpy_htod(*copy, &map, sizeof map);
    if (r == CUDA_SUCCESS) return true;
    rt_describe_error(cuda, error, "cuMemcpyHtoD_v2", r);
    return false;
}
