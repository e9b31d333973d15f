/* Tensor-map bindings on the GPU (tensor_map.c; not part of the runtime's API). */
#ifndef YUSEC_RUNTIME_TENSOR_MAP_H
#define YUSEC_RUNTIME_TENSOR_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "internal.h"

/* The CUtensorMap of tensor `t` whose data is at device address `data`. */
bool rt_tensor_map_encode(RtCuda *cuda, const RtTensorMap *t, CUdeviceptr data, CUtensorMap *map, StrBuf *error);
/* The map encoded and copied to fresh device memory (*copy; 0 when the allocation failed). */
bool rt_tensor_map_upload(RtCuda *cuda, const RtTensorMap *t, CUdeviceptr data, CUdeviceptr *copy, StrBuf *error);

#endif
