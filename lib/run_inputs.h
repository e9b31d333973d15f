/* The parsed --buffer, --texture and --sampler values of `yusec run` (lib/run_args.c), read by
 * the runner (lib/run.c). Private to lib/: the driver sees RunArgs with an opaque RunInputs. */
#ifndef YUSEC_LIB_RUN_INPUTS_H
#define YUSEC_LIB_RUN_INPUTS_H

#include <stdbool.h>
#include <stdint.h>

#include "run_args.h"
#include "../runtime/buffers.h"
#include "../runtime/runtime.h"

typedef struct RtTextureSpec {
    uint32_t group, binding;
    RtTextureData data;        /* texels in the arena */
} RtTextureSpec;

typedef struct RtSamplerSpec {
    uint32_t group, binding;
    bool linear;
    RtAddressMode address;
    uint32_t compare;          /* GPUCompareFunction 1…8 (ir/abi.h); 0 when not given */
} RtSamplerSpec;

/* --shape g:b=ROWSxCOLS: the tensor of a tensor-map binding. */
typedef struct RtShapeSpec {
    uint32_t group, binding;
    uint32_t rows, cols;
} RtShapeSpec;

struct RunInputs {
    RtBufferSpec *buffers;
    uint32_t buffer_count;
    RtTextureSpec *textures;
    uint32_t texture_count;
    RtSamplerSpec *samplers;
    uint32_t sampler_count;
    RtShapeSpec *shapes;
    uint32_t shape_count;
};

#endif
