/* Texture parameters of a launch: one CUDA array per texture (copied in with cuMemcpy2D),
 * one texture object per parameter over it with that parameter's sampling state, u32
 * values as they are (docs/runtime.md § Textures). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "texture.h"

static const struct {
    const char *name;
    int cuda_format;
    unsigned channels, bytes;
    bool integer;   /* read as integers (CU_TRSF_READ_AS_INTEGER) */
} FORMATS[] = {
    [RT_TEXEL_R32FLOAT] = {"r32float", CU_AD_FORMAT_FLOAT, 1, 4, false},
    [RT_TEXEL_RG32FLOAT] = {"rg32float", CU_AD_FORMAT_FLOAT, 2, 8, false},
    [RT_TEXEL_RGBA32FLOAT] = {"rgba32float", CU_AD_FORMAT_FLOAT, 4, 16, false},
    [RT_TEXEL_R32UINT] = {"r32uint", CU_AD_FORMAT_UNSIGNED_INT32, 1, 4, true},
    [RT_TEXEL_RGBA32UINT] = {"rgba32uint", CU_AD_FORMAT_UNSIGNED_INT32, 4, 16, true},
    [RT_TEXEL_R32SINT] = {"r32sint", CU_AD_FORMAT_SIGNED_INT32, 1, 4, true},
    [RT_TEXEL_RGBA32SINT] = {"rgba32sint", CU_AD_FORMAT_SIGNED_INT32, 4, 16, true},
    /* unorm: read as normalized floats (the texture object's default) */
    [RT_TEXEL_RGBA8UNORM] = {"rgba8unorm", CU_AD_FORMAT_UNSIGNED_INT8, 4, 4, false},
    [RT_TEXEL_DEPTH32FLOAT] = {"depth32float", CU_AD_FORMAT_FLOAT, 1, 4, false},
};

const char *rt_texel_format_name(RtTexelFormat f) { return FORMATS[f].name; }
uint32_t rt_texel_bytes(RtTexelFormat f) { return FORMATS[f].bytes; }

bool rt_texel_format_from_name(const char *name, size_t len, RtTexelFormat *format) {
    for (size_t i = 0; i < sizeof FORMATS / sizeof FORMATS[0]; i++)
        if (strlen(FORMATS[i].name) == len && memcmp(FORMATS[i].name, name, len) == 0) {
            *format = (RtTexelFormat)i;
            return true;
        }
    return false;
}

bool rt_texel_format_is_integer(RtTexelFormat f) { return FORMATS[f].integer; }

/* WGSL reads a missing channel as 0 and a missing alpha as 1 (r → (r, 0, 0, 1)); rather than
 * rely on what the texture unit puts there, one- and two-channel colour formats become
 * four-channel arrays with that fill. Depth stays one channel (比较采样 reads only x). */
static bool widens(RtTexelFormat f) { return FORMATS[f].channels < 4 && f != RT_TEXEL_DEPTH32FLOAT; }

static void *widened_texels(const RtTextureData *data) {
    unsigned channels = FORMATS[data->format].channels;
    size_t texels = (size_t)data->width * data->height;
    uint32_t *out = malloc(texels * 16 + 1);
    if (!out) return NULL;
    const float one_f = 1.0f;
    uint32_t one = 1;
    if (FORMATS[data->format].cuda_format == CU_AD_FORMAT_FLOAT) memcpy(&one, &one_f, sizeof one);
    const uint32_t *in = data->texels;
    for (size_t t = 0; t < texels; t++)
        for (unsigned c = 0; c < 4; c++) out[4 * t + c] = c < channels ? in[channels * t + c] : c == 3 ? one : 0;
    return out;
}

/* The array of `data`, made once however many parameters sample it. */
static CUarray array_of(RtCuda *cuda, RtTextures *t, const RtTextureData *data, uint32_t index, StrBuf *error) {
    for (uint32_t i = 0; i < index; i++)
        if (t->data[i] == data && t->arrays[i]) return t->arrays[i];
    bool wide = widens(data->format);
    CUDA_ARRAY_DESCRIPTOR desc = {data->width, data->height, FORMATS[data->format].cuda_format,
                                  wide ? 4 : FORMATS[data->format].channels};
    CUresult r = cuda->api.array_create(&t->arrays[index], &desc);
    if (r != CUDA_SUCCESS) {
        t->arrays[index] = NULL;
        rt_describe_error(cuda, error, "cuArrayCreate_v2", r);
        strbuf_printf(error, "（%s %u×%u）", FORMATS[data->format].name, data->width, data->height);
        return NULL;
    }
    t->owned[index] = true;
    void *texels = wide ? widened_texels(data) : NULL;
    if (wide && !texels) {
        strbuf_puts(error, "内存不足");
        return NULL;
    }
    size_t row = (size_t)data->width * (wide ? 16 : FORMATS[data->format].bytes);
    CUDA_MEMCPY2D copy;
    memset(&copy, 0, sizeof copy);
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = wide ? texels : data->texels;
    copy.srcPitch = row;
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = t->arrays[index];
    copy.WidthInBytes = row;
    copy.Height = data->height;
    r = cuda->api.memcpy_2d(&copy);
    free(texels);
    if (r != CUDA_SUCCESS) {
        rt_describe_error(cuda, error, "cuMemcpy2D_v2", r);
        return NULL;
    }
    return t->arrays[index];
}

static int address_mode(RtAddressMode a) {
    return a == RT_ADDRESS_REPEAT ? CU_TR_ADDRESS_MODE_WRAP
           : a == RT_ADDRESS_MIRROR ? CU_TR_ADDRESS_MODE_MIRROR : CU_TR_ADDRESS_MODE_CLAMP;
}

static bool make_object(RtCuda *cuda, RtTextures *t, const RtTextureParam *p, uint32_t i, StrBuf *error) {
    t->data[i] = p->texture;
    CUarray array = array_of(cuda, t, p->texture, i, error);
    if (!array) return false;
    CUDA_RESOURCE_DESC resource;
    memset(&resource, 0, sizeof resource);
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = array;
    CUDA_TEXTURE_DESC desc;
    memset(&desc, 0, sizeof desc);
    desc.addressMode[0] = desc.addressMode[1] = desc.addressMode[2] = address_mode(p->address);
    desc.filterMode = p->linear ? CU_TR_FILTER_MODE_LINEAR : CU_TR_FILTER_MODE_POINT;
    desc.flags = CU_TRSF_NORMALIZED_COORDINATES | (FORMATS[p->texture->format].integer ? CU_TRSF_READ_AS_INTEGER : 0);
    CUresult r = cuda->api.tex_object_create(&t->objects[i], &resource, &desc, NULL);
    if (r != CUDA_SUCCESS) {
        t->objects[i] = 0;
        rt_describe_error(cuda, error, "cuTexObjectCreate", r);
        strbuf_printf(error, "（纹理参数 %u）", i);
        return false;
    }
    return true;
}

bool rt_textures_make(RtCuda *cuda, const RtLaunch *launch, RtTextures *t, StrBuf *error) {
    uint32_t n = launch->texture_count;
    memset(t, 0, sizeof *t);
    t->objects = calloc(n + 1, sizeof *t->objects);
    t->values = calloc(n + 1, sizeof *t->values);
    t->arrays = calloc(n + 1, sizeof *t->arrays);
    t->owned = calloc(n + 1, sizeof *t->owned);
    t->data = calloc(n + 1, sizeof *t->data);
    if (!t->objects || !t->values || !t->arrays || !t->owned || !t->data) {
        strbuf_puts(error, "内存不足");
        return false;
    }
    t->count = n;
    for (uint32_t i = 0; i < n; i++) {
        const RtTextureParam *p = &launch->textures[i];
        if (!p->texture) t->values[i] = p->value;
        else if (!make_object(cuda, t, p, i, error)) return false;
    }
    return true;
}

void *rt_texture_arg(RtTextures *t, const RtLaunch *launch, uint32_t i) {
    return launch->textures[i].texture ? (void *)&t->objects[i] : (void *)&t->values[i];
}

void rt_textures_release(RtCuda *cuda, RtTextures *t) {
    for (uint32_t i = 0; t->objects && i < t->count; i++)
        if (t->objects[i]) cuda->api.tex_object_destroy(t->objects[i]);
    for (uint32_t i = 0; t->arrays && i < t->count; i++)
        if (t->owned[i] && t->arrays[i]) cuda->api.array_destroy(t->arrays[i]);
    free(t->objects);
    free(t->values);
    free(t->arrays);
    free(t->owned);
    free(t->data);
    memset(t, 0, sizeof *t);
}
