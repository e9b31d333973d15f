/* Taking `yusec run`'s own flags out of argv. */
#include "run_args.h"

#include <stdlib.h>
#include <string.h>

#define RUN_WORD "run"

bool run_args_is_run(int argc, char **argv) {
    return argc > 1 && strcmp(argv[1], RUN_WORD) == 0;
}

typedef enum Flag {
    F_ENTRY, F_GRID, F_BUFFER, F_OUT, F_PTX, F_DEVICE, F_SUBGROUP_SIZE, F_DRY_RUN, F_VERBOSE
} Flag;

static const struct {
    const char *name;
    Flag flag;
    bool takes_value;
} FLAGS[] = {
    {"--entry", F_ENTRY, true},   {"--grid", F_GRID, true},       {"--buffer", F_BUFFER, true},
    {"--out", F_OUT, true},       {"--ptx", F_PTX, true},         {"--device", F_DEVICE, true},
    {"--subgroup-size", F_SUBGROUP_SIZE, true},
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
    for (uint32_t i = 0; i < args->buffer_count; i++)
        if (args->buffers[i].group == spec.group && args->buffers[i].binding == spec.binding) {
            strbuf_printf(error, "缓冲 %u:%u 给了两次", spec.group, spec.binding);
            return false;
        }
    if (args->buffer_count < cap) args->buffers[args->buffer_count++] = spec;
    return true;
}

static bool add_out(RunArgs *args, const char *value, uint32_t cap, StrBuf *error) {
    RtOutSpec out;
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
    }
    return false;
}

bool run_args_extract(Arena *arena, int *argc, char **argv, RunArgs *args, StrBuf *error) {
    memset(args, 0, sizeof *args);
    args->grid[0] = args->grid[1] = args->grid[2] = 1;
    uint32_t cap = (uint32_t)*argc;  /* no more buffers or outs than arguments */
    args->buffers = arena_alloc_array(arena, cap + 1, sizeof *args->buffers);
    args->outs = arena_alloc_array(arena, cap + 1, sizeof *args->outs);
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
