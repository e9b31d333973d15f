/* Taking `yusec run`'s own flags out of argv (lib/run_args.h). */
#include "run_args.h"

#include "run_inputs.h"
#include "../runtime/texture.h"

#include <stdlib.h>
#include <string.h>

#define RUN_WORD "run"

bool run_args_is_run(int argc, char **argv) {
    return argc > 1 && strcmp(argv[1], RUN_WORD) == 0;
}

typedef enum Flag {
    F_ENTRY, F_GRID, F_BUFFER, F_OUT, F_PTX, F_DEVICE, F_SUBGROUP_SIZE, F_DRY_RUN, F_VERBOSE,
    F_TEXTURE, F_SAMPLER, F_MAX_STEPS, F_SHAPE
} Flag;

static const struct {
    const char *name;
    Flag flag;
    bool takes_value;
} FLAGS[] = {
    {"--entry", F_ENTRY, true},   {"--grid", F_GRID, true},       {"--buffer", F_BUFFER, true},
    {"--out", F_OUT, true},       {"--ptx", F_PTX, true},         {"--device", F_DEVICE, true},
    {"--subgroup-size", F_SUBGROUP_SIZE, true}, {"--texture", F_TEXTURE, true},
    {"--sampler", F_SAMPLER, true}, {"--max-steps", F_MAX_STEPS, true}, {"--shape", F_SHAPE, true},
    {"--dry-run", F_DRY_RUN, false}, {"--verbose", F_VERBOSE, false},
};

/* Which flag argv[i] is (-1: none of ours) and its value when it has one inline. */
static int match_flag(const char *arg, const char **inline_value) {
    *inline_value = NULL;
    for (size_t f = 0; f < sizeof FLAGS / sizeof FLAGS[0]; f++) {
        size_t len = strlen(FLAGS[f].name);
        if (strncmp(arg, FLAGS[f].name, len) != 0) continue;
        if (arg[len] == '\0') return (int)f;
        if (arg[len] == '=' && FLAGS[f].takes_value) {
            *inline_value = arg + len + 1;
            return (int)f;
        }
    }
    return -1;
}

static bool add_buffer(Arena *arena, RunArgs *args, const char *value, uint32_t cap,
                       StrBuf *error) {
    RtBufferSpec spec;
    if (!rt_parse_buffer_spec(arena, value, &spec, error)) return false;
    for (uint32_t i = 0; i < args->inputs->buffer_count; i++)
        if (args->inputs->buffers[i].group == spec.group && args->inputs->buffers[i].binding == spec.binding) {
            strbuf_printf(error, "缓冲 %u:%u 给了两次", spec.group, spec.binding);
            return false;
        }
    if (args->inputs->buffer_count < cap) args->inputs->buffers[args->inputs->buffer_count++] = spec;
    return true;
}

static bool add_out(RunArgs *args, const char *value, uint32_t cap, StrBuf *error) {
    RunOutSpec out;
    const char *rest;
    if (!rt_parse_binding(value, &out.group, &out.binding, &rest) || *rest != '=' || !rest[1]) {
        strbuf_printf(error, "--out '%s' 应写成 组:绑定=文件", value);
        return false;
    }
    out.path = rest + 1;
    for (uint32_t i = 0; i < args->out_count; i++)
        if (args->outs[i].group == out.group && args->outs[i].binding == out.binding) {
            strbuf_printf(error, "--out %u:%u 给了两次", out.group, out.binding);
            return false;
        }
    if (args->out_count < cap) args->outs[args->out_count++] = out;
    return true;
}

/* The largest texture side yusec run makes (CUDA allows 131072 on sm_90). */
enum { RT_MAX_TEXTURE_SIDE = 65536 };

/* "WxH" with both sides 1 … RT_MAX_TEXTURE_SIDE; *rest after it. */
static bool parse_extent(const char *text, uint32_t *width, uint32_t *height, const char **rest) {
    char *end;
    unsigned long w = strtoul(text, &end, 10);
    if (end == text || *end != 'x' || w == 0 || w > RT_MAX_TEXTURE_SIDE || *text == '-') return false;
    const char *h_text = end + 1;
    unsigned long h = strtoul(h_text, &end, 10);
    if (end == h_text || h == 0 || h > RT_MAX_TEXTURE_SIDE || *h_text == '-') return false;
    *width = (uint32_t)w, *height = (uint32_t)h;
    *rest = end;
    return true;
}

static RtScalar texel_scalar(RtTexelFormat f) {
    if (f == RT_TEXEL_RGBA8UNORM || f == RT_TEXEL_R32UINT || f == RT_TEXEL_RGBA32UINT) return RT_SCALAR_U32;
    return f == RT_TEXEL_R32SINT || f == RT_TEXEL_RGBA32SINT ? RT_SCALAR_I32 : RT_SCALAR_F32;
}

static bool parse_texture(Arena *arena, const char *value, RtTextureSpec *spec, StrBuf *error) {
    const char *rest, *colon;
    if (!rt_parse_binding(value, &spec->group, &spec->binding, &rest) || *rest != '=' ||
        !(colon = strchr(rest + 1, ':')) ||
        !rt_texel_format_from_name(rest + 1, (size_t)(colon - rest - 1), &spec->data.format) ||
        !parse_extent(colon + 1, &spec->data.width, &spec->data.height, &rest) || *rest != ':') {
        strbuf_printf(error, "--texture '%s' 应写成 组:绑定=格式:宽x高:值（格式 r32float、rg32float、rgba32float、"
                             "r32uint、rgba32uint、r32sint、rgba32sint、rgba8unorm、depth32float；宽、高 1 至 %u）",
                      value, (unsigned)RT_MAX_TEXTURE_SIDE);
        return false;
    }
    void *data;
    size_t bytes, want = (size_t)spec->data.width * spec->data.height * rt_texel_bytes(spec->data.format);
    if (!rt_parse_values(arena, texel_scalar(spec->data.format), rest + 1, &data, &bytes, error)) return false;
    if (bytes != want) {
        strbuf_printf(error, "--texture %u:%u：%s %u×%u 要 %zu 个字（每个纹素 %u 个），却给了 %zu 个", spec->group,
                      spec->binding, rt_texel_format_name(spec->data.format), spec->data.width, spec->data.height,
                      want / 4, rt_texel_bytes(spec->data.format) / 4, bytes / 4);
        return false;
    }
    spec->data.texels = data;
    return true;
}

static bool add_texture(Arena *arena, RunArgs *args, const char *value, uint32_t cap, StrBuf *error) {
    RtTextureSpec spec;
    memset(&spec, 0, sizeof spec);
    if (!parse_texture(arena, value, &spec, error)) return false;
    for (uint32_t i = 0; i < args->inputs->texture_count; i++)
        if (args->inputs->textures[i].group == spec.group && args->inputs->textures[i].binding == spec.binding) {
            strbuf_printf(error, "纹理 %u:%u 给了两次", spec.group, spec.binding);
            return false;
        }
    if (args->inputs->texture_count < cap) args->inputs->textures[args->inputs->texture_count++] = spec;
    return true;
}

/* The next ':'-separated word of a --sampler value: [*text, *end). */
static bool word_is(const char *text, const char *end, const char *word) {
    return (size_t)(end - text) == strlen(word) && memcmp(text, word, strlen(word)) == 0;
}

static bool parse_sampler(const char *value, RtSamplerSpec *spec) {
    static const char *const ADDRESS[] = {"clamp-to-edge", "repeat", "mirror-repeat"};
    static const char *const COMPARE[] = {"never", "less", "equal", "less-equal", "greater", "not-equal",
                                          "greater-equal", "always"};
    const char *rest;
    if (!rt_parse_binding(value, &spec->group, &spec->binding, &rest) || *rest != '=') return false;
    const char *word = rest + 1;
    for (int field = 0; field < 3 && *word; field++) {
        const char *end = strchr(word, ':');
        if (!end) end = word + strlen(word);
        bool ok = false;
        if (field == 0) {
            ok = word_is(word, end, "nearest") || word_is(word, end, "linear");
            spec->linear = word_is(word, end, "linear");
        }
        for (uint32_t i = 0; field == 1 && i < 3; i++)
            if (word_is(word, end, ADDRESS[i])) ok = true, spec->address = (RtAddressMode)i;
        for (uint32_t i = 0; field == 2 && i < 8; i++)
            if (word_is(word, end, COMPARE[i])) ok = true, spec->compare = i + 1;
        if (!ok) return false;
        word = *end ? end + 1 : end;
        if (*end && !*word) return false;  /* a trailing ':' */
    }
    return *word == '\0' && word != rest + 1;
}

static bool add_sampler(RunArgs *args, const char *value, uint32_t cap, StrBuf *error) {
    RtSamplerSpec spec;
    memset(&spec, 0, sizeof spec);
    if (!parse_sampler(value, &spec)) {
        strbuf_printf(error, "--sampler '%s' 应写成 组:绑定=过滤[:寻址[:比较]]（过滤 nearest、linear；寻址 "
                             "clamp-to-edge、repeat、mirror-repeat；比较 never、less、equal、less-equal、greater、"
                             "not-equal、greater-equal、always）",
                      value);
        return false;
    }
    for (uint32_t i = 0; i < args->inputs->sampler_count; i++)
        if (args->inputs->samplers[i].group == spec.group && args->inputs->samplers[i].binding == spec.binding) {
            strbuf_printf(error, "采样器 %u:%u 给了两次", spec.group, spec.binding);
            return false;
        }
    if (args->inputs->sampler_count < cap) args->inputs->samplers[args->inputs->sampler_count++] = spec;
    return true;
}

/* gpu, cpu, auto, or a GPU ordinal. */
static bool parse_device(const char *value, RunArgs *args, StrBuf *error) {
    static const struct { const char *name; RunDevice where; } WORDS[] = {
        {"gpu", RUN_DEVICE_GPU}, {"cpu", RUN_DEVICE_CPU}, {"auto", RUN_DEVICE_AUTO}};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (strcmp(value, WORDS[i].name) == 0) {
            args->where = WORDS[i].where;
            return true;
        }
    char *end;
    long n = strtol(value, &end, 10);
    if (!*value || *end || n < 0 || n > 1024) {
        strbuf_printf(error, "--device 须是 cpu、gpu、auto 或 GPU 编号（0、1 …），却是 '%s'", value);
        return false;
    }
    args->where = RUN_DEVICE_GPU;
    args->device = (int)n;
    return true;
}

static bool parse_subgroup_size(const char *value, uint32_t *size, StrBuf *error) {
    char *end;
    long n = strtol(value, &end, 10);
    if (!*value || *end || n < 4 || n > 128 || (n & (n - 1)) != 0) {
        strbuf_printf(error, "--subgroup-size 须是 4 至 128 之间的二的幂，却是 '%s'", value);
        return false;
    }
    *size = (uint32_t)n;
    return true;
}

/* A positive decimal count (digits only, at most UINT64_MAX). */
static bool parse_max_steps(const char *value, uint64_t *steps, StrBuf *error) {
    uint64_t n = 0;
    bool digits = *value != '\0';
    for (const char *c = value; *c && digits; c++) {
        digits = *c >= '0' && *c <= '9' && n <= (UINT64_MAX - (uint64_t)(*c - '0')) / 10;
        n = n * 10 + (uint64_t)(*c - '0');
    }
    if (!digits || n == 0) {
        strbuf_printf(error, "--max-steps 须是 1 至 %llu 之间的整数，却是 '%s'", (unsigned long long)UINT64_MAX, value);
        return false;
    }
    *steps = n;
    return true;
}

/* A positive decimal below 2^31 at *text; *text moves past it. */
static bool shape_number(const char **text, uint32_t *out) {
    uint64_t n = 0;
    const char *s = *text;
    while (*s >= '0' && *s <= '9' && n < 0x80000000ull) n = n * 10 + (uint64_t)(*s++ - '0');
    if (s == *text || n == 0 || n >= 0x80000000ull) return false;
    *out = (uint32_t)n;
    *text = s;
    return true;
}

/* --shape g:b=ROWSxCOLS: a tensor map's tensor. */
static bool add_shape(RunArgs *args, const char *value, uint32_t cap, StrBuf *error) {
    RtShapeSpec spec;
    const char *rest;
    if (!rt_parse_binding(value, &spec.group, &spec.binding, &rest) || *rest != '=' || (rest++, !shape_number(&rest, &spec.rows)) ||
        *rest++ != 'x' || !shape_number(&rest, &spec.cols) || *rest) {
        strbuf_printf(error, "--shape '%s' 应写成 组:绑定=行数x列数（正整数，如 0:0=128x64）", value);
        return false;
    }
    for (uint32_t i = 0; i < args->inputs->shape_count; i++)
        if (args->inputs->shapes[i].group == spec.group && args->inputs->shapes[i].binding == spec.binding) {
            strbuf_printf(error, "--shape %u:%u 给了两次", spec.group, spec.binding);
            return false;
        }
    if (args->inputs->shape_count < cap) args->inputs->shapes[args->inputs->shape_count++] = spec;
    return true;
}

static bool apply(Arena *arena, RunArgs *args, Flag flag, const char *value, uint32_t cap,
                  StrBuf *error) {
    switch (flag) {
    case F_ENTRY: args->entry = value; return true;
    case F_GRID: return rt_parse_grid(value, args->grid, error);
    case F_BUFFER: return add_buffer(arena, args, value, cap, error);
    case F_OUT: return add_out(args, value, cap, error);
    case F_PTX: args->ptx_path = value; return true;
    case F_DEVICE: return parse_device(value, args, error);
    case F_SUBGROUP_SIZE: return parse_subgroup_size(value, &args->subgroup_size, error);
    case F_DRY_RUN: args->dry_run = true; return true;
    case F_VERBOSE: args->verbose = true; return true;
    case F_TEXTURE: return add_texture(arena, args, value, cap, error);
    case F_SAMPLER: return add_sampler(args, value, cap, error);
    case F_MAX_STEPS: return parse_max_steps(value, &args->max_steps, error);
    case F_SHAPE: return add_shape(args, value, cap, error);
    }
    return false;
}

bool run_args_extract(Arena *arena, int *argc, char **argv, RunArgs *args, StrBuf *error) {
    memset(args, 0, sizeof *args);
    args->grid[0] = args->grid[1] = args->grid[2] = 1;
    uint32_t cap = (uint32_t)*argc;  /* no more buffers or outs than arguments */
    RunInputs *inputs = args->inputs = arena_alloc(arena, sizeof *args->inputs);
    inputs->buffers = arena_alloc_array(arena, cap + 1, sizeof *inputs->buffers);
    args->outs = arena_alloc_array(arena, cap + 1, sizeof *args->outs);
    inputs->textures = arena_alloc_array(arena, cap + 1, sizeof *inputs->textures);
    inputs->samplers = arena_alloc_array(arena, cap + 1, sizeof *inputs->samplers);
    inputs->shapes = arena_alloc_array(arena, cap + 1, sizeof *inputs->shapes);
    int kept = *argc > 0 ? 1 : 0;
    for (int i = 1; i < *argc; i++) {
        const char *value;
        int f = match_flag(argv[i], &value);
        if (f < 0) {
            argv[kept++] = argv[i];
            continue;
        }
        if (FLAGS[f].takes_value && !value) {
            if (i + 1 >= *argc) {
                strbuf_printf(error, "%s 后面缺少参数", FLAGS[f].name);
                return false;
            }
            value = argv[++i];
        }
        if (!apply(arena, args, FLAGS[f].flag, value, cap, error)) return false;
    }
    *argc = kept;
    argv[kept] = NULL;
    return true;
}
