/* Texture parameters of a launch (runtime/texture.c): the formats `yusec run --texture`
 * accepts, and the CUDA arrays and texture objects made for one launch. */
#ifndef YUSEC_RUNTIME_TEXTURE_H
#define YUSEC_RUNTIME_TEXTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "cuda_api.h"
#include "runtime.h"

/* A format by its WebGPU name; false for any other name. */
bool rt_texel_format_from_name(const char *name, size_t len, RtTexelFormat *format);
/* *uint and *sint formats, which the kernel reads as integers (and cannot filter). */
bool rt_texel_format_is_integer(RtTexelFormat format);

typedef struct RtTextures {
    CUtexObject *objects;            /* per texture parameter; 0 for a value */
    uint32_t *values;                /* per texture parameter: the u32 passed */
    CUarray *arrays;                 /* the array made at this index (NULL: shared or none) */
    bool *owned;
    const RtTextureData **data;
    uint32_t count;
} RtTextures;

/* Makes the arrays and objects of launch->textures; false with the failed step (what was
 * made is released by rt_textures_release either way). */
bool rt_textures_make(RtCuda *cuda, const RtLaunch *launch, RtTextures *textures, StrBuf *error);
/* cuLaunchKernel's pointer to texture parameter i. */
void *rt_texture_arg(RtTextures *textures, const RtLaunch *launch, uint32_t i);
void rt_textures_release(RtCuda *cuda, RtTextures *textures);

#endif
