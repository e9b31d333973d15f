/* `yusec run`: compile (through main.c's -emit-ptx path), plan the parameters, run on the
 * GPU through runtime/ or on the CPU through the YIR executor (exec/), print or write the
 * buffers. */
#include "driver/run.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/file.h"
#include "driver/help.h"
#include "driver/output.h"
#include "driver/version.h"
#include "exec/exec.h"
#include "runtime/buffers.h"
#include "runtime/plan.h"
#include "driver/run_args.h"
#include "runtime/texture.h"
#include "runtime/runtime.h"

enum { RUN_OK = 0, RUN_FAILED = 1, RUN_USAGE = 2, RUN_HELP = -1 };
#define RUN_MAX_PTX_BYTES ((size_t)256 << 20)

typedef struct RunState {
    Arena arena;
    RunArgs args;
    Options options;
    RunCompiled compiled;
    const char *ptx;
    RtPlan plan;
    RtParam *params;
    const RtBufferSpec **specs;  /* per slot, NULL when none was given */
    RtTextureParam *textures;    /* per texture slot (plan.textures) */
    RunSession *session;         /* a batch's GPU context, or NULL: this run opens its own */
    /* Every diagnostic after the options are parsed, in -fdiagnostics-format: the compile's
     * engine handed over (RunCompiled), else one of the run's own. */
    DiagEngine *diag;
    DiagEngine own_diag;
    SourceMap own_sources;
    StrBuf fallback;             /* --device=auto: why the GPU was not used, reported once the engine is there */
} RunState;

static void run_report(RunState *st, DiagId id, DiagLevel level, const char *fmt, va_list args) {
    StrBuf message;
    strbuf_init(&message);
    strbuf_vprintf(&message, fmt, args);
    if (level == DIAG_WARNING) diag_warning_path(st->diag, id, "yusec", "%s", strbuf_cstr(&message));
    else diag_error_path(st->diag, id, "yusec", "%s", strbuf_cstr(&message));
    strbuf_free(&message);
}

/* `yusec: error: …` through the run's engine (text, JSON line or SARIF result). */
static void run_error(RunState *st, DiagId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void run_error(RunState *st, DiagId id, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    run_report(st, id, DIAG_ERROR, fmt, args);
    va_end(args);
}

static void run_warning(RunState *st, DiagId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void run_warning(RunState *st, DiagId id, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    run_report(st, id, DIAG_WARNING, fmt, args);
    va_end(args);
}

static int fail(RunState *st, DiagId id, int status, const char *what, StrBuf *why) {
    run_error(st, id, "%s%s", what, strbuf_cstr(why));
    return status;
}

/* The command line, in driver/run_args.c (run's flags and the ordinary options together). */
static int parse_command_line(RunState *st, int argc, char **argv) {
    switch (run_args_parse(&st->arena, argc, argv, &st->args, &st->options, stderr)) {
    case RUN_ARGS_OK: return RUN_OK;
    case RUN_ARGS_HELP: return RUN_HELP;
    default: return RUN_USAGE;
    }
}

/* The entry's PTX name from the compiler's typed entry table (its rows follow the module's
 * entries), or NULL. */
static const char *kernel_name(const RunState *st, const IrEntry *entry) {
    const IrModule *m = st->compiled.module;
    for (uint32_t i = 0; i < ir_entry_count(m) && i < st->compiled.entries.count; i++)
        if (ir_entry(m, i) == entry) return st->compiled.entries.rows[i].ptx_name;
    return NULL;
}

static int plan_entry(RunState *st) {
    StrBuf error;
    strbuf_init(&error);
    int status = RUN_OK;
    const IrModule *m = st->compiled.module;
    const IrEntry *entry = rt_find_entry(m, st->args.entry, &error);
    if (!entry) status = fail(st, Y_RUN_FAILED, RUN_USAGE, "", &error);
    if (entry && !rt_plan_entry(&st->arena, m, entry, kernel_name(st, entry), &st->plan, &error))
        status = fail(st, Y_RUN_FAILED, RUN_FAILED, "", &error);
    if (status == RUN_OK) {
        /* PTX from elsewhere (--ptx) is checked against the plan; our own follows the same
         * typed entry table and ABI, so its text is not scanned. */
        if (st->args.ptx_path && st->ptx && !rt_plan_check_ptx(&st->plan, st->ptx, &error))
            status = fail(st, Y_RUN_FAILED, RUN_FAILED, "", &error);
    }
    strbuf_free(&error);
    return status;
}

static const RtBufferSpec *find_spec(const RunArgs *args, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < args->buffer_count; i++)
        if (args->buffers[i].group == group && args->buffers[i].binding == binding)
            return &args->buffers[i];
    return NULL;
}

static const RtSlot *find_slot(const RtPlan *plan, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < plan->slot_count; i++)
        if (plan->slots[i].global != IR_NONE && plan->slots[i].group == group &&
            plan->slots[i].binding == binding)
            return &plan->slots[i];
    return NULL;
}

/* The data given for one used slot fits its type. */
static bool check_size(RunState *st, const RtSlot *slot, const RtBufferSpec *spec) {
    if (spec->bytes < slot->min_bytes) {
        run_error(st, Y_RUN_BUFFER_SIZE, "缓冲 %u:%u（%s）只有 %zu 字节，它的类型至少要 %u 字节",
                slot->group, slot->binding, slot->name, spec->bytes, slot->min_bytes);
        return false;
    }
    size_t fixed = slot->min_bytes - slot->stride;
    if (slot->stride && (spec->bytes - fixed) % slot->stride != 0) {
        run_error(st, Y_RUN_BUFFER_SIZE, "缓冲 %u:%u（%s）有 %zu 字节，不是整数个元素（每个 %u 字节）",
                slot->group, slot->binding, slot->name, spec->bytes, slot->stride);
        return false;
    }
    return true;
}

/* The lengths buffer (ir/abi.h): the byte size of each measured buffer, as given. */
static void fill_lengths(RunState *st) {
    const RtPlan *plan = &st->plan;
    for (uint32_t i = 0; i < plan->slot_count; i++) {
        if (!plan->slots[i].lengths) continue;
        uint32_t *words = arena_alloc_array(&st->arena, plan->measured_count + 1, sizeof *words);
        for (uint32_t k = 0; k < plan->measured_count; k++) {
            const RtBufferSpec *spec = st->specs[plan->measured[k]];
            words[k] = spec ? (uint32_t)spec->bytes : 0;
        }
        st->params[i] = (RtParam){words, plan->measured_count * sizeof *words, NULL};
    }
}

/* --out naming a file the run reads (the source, an import, --ptx) would destroy it, and two
 * --out naming one file would lose one buffer: both refused before running, as -o refuses its
 * input. A --buffer @FILE may be an --out (it was read before the run: an update in place). */
static int check_out_paths(RunState *st) {
    const SourceMap *sources = &st->compiled.sources;
    size_t count = 2 + (st->compiled.has_sources ? sources->count : 0);
    const char **inputs = arena_alloc_array(&st->arena, count, sizeof *inputs);
    inputs[0] = st->options.input;
    inputs[1] = st->args.ptx_path;
    for (uint32_t i = 0; i + 2 < count; i++) inputs[i + 2] = sources->files[i]->path;
    int status = RUN_OK;
    for (uint32_t i = 0; i < st->args.out_count; i++) {
        const RtOutSpec *out = &st->args.outs[i];
        if (output_is_input(out->path, inputs, count)) {
            run_error(st, Y_RUN_OUTPUT, "--out %u:%u 的文件 '%s' 是本次读取的输入，拒绝覆盖它", out->group,
                    out->binding, out->path);
            status = RUN_USAGE;
        }
        for (uint32_t k = 0; k < i; k++) {
            const RtOutSpec *earlier = &st->args.outs[k];
            if (output_same_file(earlier->path, out->path)) {
                run_error(st, Y_RUN_OUTPUT, "--out %u:%u 与 --out %u:%u 写同一个文件 '%s'，拒绝", earlier->group,
                        earlier->binding, out->group, out->binding, out->path);
                status = RUN_USAGE;
            }
        }
    }
    return status;
}

/* The one scalar kind every 32-bit number of a buffer type has (through arrays, vectors,
 * matrices, atomics and struct fields); false when they differ or one is no 32-bit number. */
static bool uniform_scalar(const IrModule *m, IrTypeId id, bool *seen, IrScalarKind *kind) {
    const IrType *type = ir_type(&m->types, id);
    switch (type->kind) {
    case IR_TYPE_SCALAR:
        if (type->width != 32 || (*seen && *kind != type->scalar)) return false;
        *seen = true;
        *kind = type->scalar;
        return true;
    case IR_TYPE_VECTOR: case IR_TYPE_MATRIX: case IR_TYPE_ARRAY: case IR_TYPE_ATOMIC:
        return uniform_scalar(m, type->elem, seen, kind);
    case IR_TYPE_STRUCT:
        for (uint32_t i = 0; i < type->field_count; i++)
            if (!uniform_scalar(m, type->fields[i].type, seen, kind)) return false;
        return *seen;
    default:
        return false;
    }
}

/* --buffer g:b=f32:… for a buffer of u32 (or any other kind) passes the words as they are,
 * which is rarely meant: a warning naming the option and the type the buffer holds. */
static void check_value_type(RunState *st, const RtSlot *slot, const RtBufferSpec *spec) {
    static const RtScalar OF_KIND[] = {[IR_FLOAT] = RT_SCALAR_F32, [IR_SINT] = RT_SCALAR_I32, [IR_UINT] = RT_SCALAR_U32};
    const IrModule *m = st->compiled.module;
    bool seen = false;
    IrScalarKind kind = IR_UINT;
    if (!uniform_scalar(m, ir_global(m, slot->global)->type, &seen, &kind) || OF_KIND[kind] == spec->type) return;
    run_warning(st, Y_RUN_BUFFER_TYPE, "--buffer %s：缓冲 %u:%u（%s）的元素是 %s，给的值却是 %s（按位原样传入；是不是想写 %s？）",
                spec->source, slot->group, slot->binding, slot->name, rt_scalar_name(OF_KIND[kind]),
                rt_scalar_name(spec->type), rt_scalar_name(OF_KIND[kind]));
}

/* One RtParam per slot, with the given data; results for writable buffers and --out ones. */
static int bind_buffers(RunState *st) {
    const RtPlan *plan = &st->plan;
    st->params = arena_alloc_array(&st->arena, plan->slot_count + 1, sizeof *st->params);
    st->specs = arena_alloc_array(&st->arena, plan->slot_count + 1, sizeof *st->specs);
    bool ok = true;
    for (uint32_t i = 0; i < plan->slot_count; i++) {
        const RtSlot *slot = &plan->slots[i];
        if (slot->global == IR_NONE) continue;  /* placeholder: null pointer */
        const RtBufferSpec *spec = find_spec(&st->args, slot->group, slot->binding);
        if (!spec) {
            run_error(st, Y_RUN_MISSING_INPUT, "入口用到缓冲 %u:%u（%s），却没有给出它的内容"
                            "（--buffer %u:%u=类型:值）",
                    slot->group, slot->binding, slot->name, slot->group, slot->binding);
            ok = false;
            continue;
        }
        if (!check_size(st, slot, spec)) {
            ok = false;
            continue;
        }
        check_value_type(st, slot, spec);
        st->specs[i] = spec;
        st->params[i] = (RtParam){spec->data, spec->bytes, arena_alloc(&st->arena, spec->bytes)};
    }
    fill_lengths(st);
    for (uint32_t i = 0; i < st->args.buffer_count; i++) {
        const RtBufferSpec *spec = &st->args.buffers[i];
        if (!find_slot(plan, spec->group, spec->binding))
            run_warning(st, Y_UNUSED_RUN_INPUT, "入口「%s」没有用到缓冲 %u:%u，忽略它",
                    plan->entry->name, spec->group, spec->binding);
    }
    for (uint32_t i = 0; i < st->args.out_count; i++) {
        const RtOutSpec *out = &st->args.outs[i];
        if (!find_slot(plan, out->group, out->binding) || !find_spec(&st->args, out->group, out->binding)) {
            run_error(st, Y_RUN_OUTPUT, "--out %u:%u：入口没有用到这个缓冲，或没有给出它",
                    out->group, out->binding);
            ok = false;
        }
    }
    return ok ? check_out_paths(st) : RUN_USAGE;
}

static const RtTextureSpec *find_texture(const RunArgs *args, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < args->texture_count; i++)
        if (args->textures[i].group == group && args->textures[i].binding == binding) return &args->textures[i];
    return NULL;
}

static const RtSamplerSpec *find_sampler(const RunArgs *args, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < args->sampler_count; i++)
        if (args->samplers[i].group == group && args->samplers[i].binding == binding) return &args->samplers[i];
    return NULL;
}

/* The format gives what the texture's type samples: f32 (float and unorm formats), u32,
 * i32, or a depth texture (depth32float, r32float). */
static bool format_fits(const RtTextureSlot *t, RtTexelFormat f) {
    if (t->depth) return f == RT_TEXEL_DEPTH32FLOAT || f == RT_TEXEL_R32FLOAT;
    if (t->sample_kind == IR_UINT) return f == RT_TEXEL_R32UINT || f == RT_TEXEL_RGBA32UINT;
    if (t->sample_kind == IR_SINT) return f == RT_TEXEL_R32SINT || f == RT_TEXEL_RGBA32SINT;
    return !rt_texel_format_is_integer(f) && f != RT_TEXEL_DEPTH32FLOAT;
}

/* One texture parameter from --texture and --sampler (docs/runtime.md § Textures). */
static bool bind_texture(RunState *st, const RtTextureSlot *t, RtTextureParam *out) {
    memset(out, 0, sizeof *out);
    const RtSamplerSpec *s = NULL;
    if (t->param.kind != IR_TEXTURE_PARAM_TEXELS) {
        uint32_t g = t->param.kind == IR_TEXTURE_PARAM_COMPARE ? t->group : t->sampler_group;
        uint32_t b = t->param.kind == IR_TEXTURE_PARAM_COMPARE ? t->binding : t->sampler_binding;
        const char *name = t->param.kind == IR_TEXTURE_PARAM_COMPARE ? t->name : t->sampler_name;
        if (!(s = find_sampler(&st->args, g, b))) {
            run_error(st, Y_RUN_MISSING_INPUT, "入口用到采样器 %u:%u（%s），却没有给出它（--sampler %u:%u=过滤[:寻址[:比较]]）",
                    g, b, name, g, b);
            return false;
        }
        if (t->param.kind == IR_TEXTURE_PARAM_COMPARE) {
            if (!s->compare)
                run_error(st, Y_RUN_MISSING_INPUT, "比较采样器 %u:%u（%s）须给出比较函数（--sampler %u:%u=nearest:clamp-to-edge:less 等）",
                        g, b, name, g, b);
            out->value = s->compare;
            return s->compare != 0;
        }
    }
    const RtTextureSpec *spec = find_texture(&st->args, t->group, t->binding);
    if (!spec) {
        run_error(st, Y_RUN_MISSING_INPUT, "入口用到纹理 %u:%u（%s），却没有给出它（--texture %u:%u=格式:宽x高:值）", t->group,
                t->binding, t->name, t->group, t->binding);
        return false;
    }
    if (!format_fits(t, spec->data.format)) {
        run_error(st, Y_RUN_TEXTURE, "纹理 %u:%u（%s）是%s纹理，格式 %s 不合", t->group, t->binding, t->name,
                t->depth ? "深度" : t->sample_kind == IR_UINT ? "无符号整数" : t->sample_kind == IR_SINT ? "整数" : "浮点",
                rt_texel_format_name(spec->data.format));
        return false;
    }
    out->texture = &spec->data;
    out->address = s ? s->address : RT_ADDRESS_CLAMP;
    if (s && s->linear && t->depth) {
        /* PTX emulates the depth comparison on one point-filtered fetch; percentage-closer
         * (linear) filtering of four compared texels is not built (docs/targets.md) */
        run_error(st, Y_RUN_TEXTURE, "深度纹理 %u:%u（%s）在 PTX 上只能按 nearest 取样（采样器 %u:%u 给的是 linear）",
                t->group, t->binding, t->name, t->sampler_group, t->sampler_binding);
        return false;
    }
    out->linear = s && s->linear;
    if (out->linear && rt_texel_format_is_integer(spec->data.format)) {
        run_error(st, Y_RUN_TEXTURE, "整数格式的纹理 %u:%u 不能线性过滤（采样器 %u:%u）", t->group, t->binding,
                t->sampler_group, t->sampler_binding);
        return false;
    }
    return true;
}

static bool texture_used(const RtPlan *plan, uint32_t group, uint32_t binding, bool sampler) {
    for (uint32_t i = 0; i < plan->texture_count; i++) {
        const RtTextureSlot *t = &plan->textures[i];
        bool is_sampler = t->param.kind == IR_TEXTURE_PARAM_COMPARE;
        if (is_sampler == sampler && t->group == group && t->binding == binding) return true;
        if (sampler && t->param.kind == IR_TEXTURE_PARAM_SAMPLED && t->sampler_group == group &&
            t->sampler_binding == binding)
            return true;
    }
    return false;
}

static int bind_textures(RunState *st) {
    const RtPlan *plan = &st->plan;
    st->textures = arena_alloc_array(&st->arena, plan->texture_count + 1, sizeof *st->textures);
    bool ok = true;
    for (uint32_t i = 0; i < plan->texture_count; i++) ok = bind_texture(st, &plan->textures[i], &st->textures[i]) && ok;
    for (uint32_t i = 0; i < st->args.texture_count; i++)
        if (!texture_used(plan, st->args.textures[i].group, st->args.textures[i].binding, false))
            run_warning(st, Y_UNUSED_RUN_INPUT, "入口「%s」没有用到纹理 %u:%u，忽略它", plan->entry->name,
                    st->args.textures[i].group, st->args.textures[i].binding);
    for (uint32_t i = 0; i < st->args.sampler_count; i++)
        if (!texture_used(plan, st->args.samplers[i].group, st->args.samplers[i].binding, true))
            run_warning(st, Y_UNUSED_RUN_INPUT, "入口「%s」没有用到采样器 %u:%u，忽略它", plan->entry->name,
                    st->args.samplers[i].group, st->args.samplers[i].binding);
    return ok ? RUN_OK : RUN_USAGE;
}

static void print_texture_param(const RunState *st, uint32_t i) {
    const RtTextureSlot *t = &st->plan.textures[i];
    const RtTextureParam *p = &st->textures[i];
    uint32_t index = st->plan.slot_count + i;
    if (t->param.kind == IR_TEXTURE_PARAM_COMPARE) {
        printf("参数 %u：%s 比较采样器 %u:%u %s 的比较函数 = %u\n", index, t->param_name, t->group, t->binding, t->name,
               p->value);
        return;
    }
    printf("参数 %u：%s 纹理 %u:%u %s", index, t->param_name, t->group, t->binding, t->name);
    if (t->param.kind == IR_TEXTURE_PARAM_SAMPLED)
        printf(" 与采样器 %u:%u %s", t->sampler_group, t->sampler_binding, t->sampler_name);
    static const char *const ADDRESS[] = {"clamp-to-edge", "repeat", "mirror-repeat"};
    if (!p->texture) {
        printf("（没有给出）\n");
        return;
    }
    printf(" %s %u×%u %s %s\n", rt_texel_format_name(p->texture->format), p->texture->width, p->texture->height,
           p->linear ? "linear" : "nearest", ADDRESS[p->address]);
}

static void print_plan(const RunState *st) {
    const RtPlan *p = &st->plan;
    const IrModule *m = st->compiled.module;
    printf("入口 %s（函数 %s，PTX 名 %s）\n", p->entry->name,
           ir_function(m, p->entry->func)->name, p->kernel);
    printf("块 %u,%u,%u  网格 %u,%u,%u\n", p->block[0], p->block[1], p->block[2],
           st->args.grid[0], st->args.grid[1], st->args.grid[2]);
    if (p->dynamic_shared_bytes) printf("动态共享内存 %u 字节\n", p->dynamic_shared_bytes);
    for (uint32_t i = 0; i < p->slot_count; i++) {
        const RtSlot *s = &p->slots[i];
        if (s->lengths) {
            printf("参数 %u：%s 数组长度（字节）", i, s->param_name);
            const uint32_t *words = st->params[i].data;  /* what the kernel will read */
            for (uint32_t k = 0; words && k < p->measured_count; k++) {
                const RtSlot *m = &p->slots[p->measured[k]];
                printf("%s%u:%u=%u", k ? "，" : " ", m->group, m->binding, words[k]);
            }
            putchar('\n');
            continue;
        }
        if (s->global == IR_NONE) {
            printf("参数 %u：%u:%u 占位（入口没有用到，传 0）\n", i, s->group, s->binding);
            continue;
        }
        printf("参数 %u：%u:%u %s %s", i, s->group, s->binding, s->name, ir_space_name(s->space));
        const RtBufferSpec *spec = st->specs[i];
        if (spec) printf(" %s[%zu]（%zu 字节）", rt_scalar_name(spec->type), spec->bytes / 4, spec->bytes);
        putchar('\n');
    }
    for (uint32_t i = 0; i < p->texture_count; i++) print_texture_param(st, i);
}

static const char *out_path(const RunArgs *args, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < args->out_count; i++)
        if (args->outs[i].group == group && args->outs[i].binding == binding) return args->outs[i].path;
    return NULL;
}

static bool write_raw(RunState *st, const char *path, const void *data, size_t bytes) {
    FILE *stream = fopen(path, "wb");
    if (!stream) {
        run_error(st, Y_RUN_OUTPUT, "无法写文件 '%s'：%s", path, strerror(errno));
        return false;
    }
    bool ok = fwrite(data, 1, bytes, stream) == bytes;
    ok = fclose(stream) == 0 && ok;
    if (!ok) run_error(st, Y_RUN_OUTPUT, "写文件 '%s' 失败", path);
    return ok;
}

/* Writable buffers are printed ("0:1 部分和 f32[2] = 192, 186"), --out ones written. */
static int report_results(RunState *st) {
    const RtPlan *p = &st->plan;
    int status = RUN_OK;
    StrBuf line;
    strbuf_init(&line);
    for (uint32_t i = 0; i < p->slot_count; i++) {
        const RtSlot *s = &p->slots[i];
        const RtBufferSpec *spec = st->specs[i];
        if (!spec) continue;
        const char *path = out_path(&st->args, s->group, s->binding);
        if (path) {
            if (!write_raw(st, path, st->params[i].result, spec->bytes)) status = RUN_USAGE;
            continue;
        }
        if (s->space != IR_SPACE_STORAGE_READ_WRITE) continue;
        strbuf_clear(&line);
        strbuf_printf(&line, "%u:%u %s %s[%zu] = ", s->group, s->binding, s->name,
                      rt_scalar_name(spec->type), spec->bytes / 4);
        rt_format_values(&line, spec->type, st->params[i].result, spec->bytes);
        puts(strbuf_cstr(&line));
    }
    strbuf_free(&line);
    return status;
}

/* A fault of the executor, at its place in the source when the sources are at hand. */
static void report_fault(RunState *st, const ExFault *fault) {
    if (fault->located && st->compiled.has_sources) {
        diag_error(st->diag, fault->id, fault->span, "CPU 执行失败：%s", fault->message.data ? fault->message.data : "");
        return;
    }
    run_error(st, fault->id, "CPU 执行失败：%s", fault->message.data ? fault->message.data : "");
}

/* The YIR executor on the buffers as given (results in place of the GPU's read-back). */
static int run_on_cpu(RunState *st) {
    const RtPlan *plan = &st->plan;
    ExBuffer *buffers = arena_alloc_array(&st->arena, plan->slot_count + 1, sizeof *buffers);
    uint32_t count = 0;
    for (uint32_t i = 0; i < plan->slot_count; i++) {
        const RtBufferSpec *spec = st->specs[i];
        if (!spec || plan->slots[i].lengths) continue;
        memcpy(st->params[i].result, spec->data, spec->bytes);
        buffers[count++] = (ExBuffer){plan->slots[i].group, plan->slots[i].binding, st->params[i].result,
                                      spec->bytes};
    }
    ExLaunch launch = {st->compiled.module, plan->entry, {0}, buffers, count, st->args.subgroup_size,
                       st->args.max_steps};
    memcpy(launch.grid, st->args.grid, sizeof launch.grid);
    ExFault fault;
    memset(&fault, 0, sizeof fault);
    strbuf_init(&fault.message);
    int status = RUN_OK;
    if (ex_run(&launch, &fault)) status = report_results(st);
    else {
        report_fault(st, &fault);
        status = RUN_FAILED;
    }
    strbuf_free(&fault.message);
    return status;
}

struct RunSession {
    RtCuda *cuda;
    int device;          /* the ordinal `cuda` was opened on */
};

RunSession *driver_run_session_new(Arena *arena) {
    RunSession *session = arena_alloc(arena, sizeof *session);
    *session = (RunSession){NULL, 0};
    return session;
}

void driver_run_session_close(RunSession *session) {
    if (session->cuda) rt_cuda_close(session->cuda);
    session->cuda = NULL;
}

/* The GPU context: the batch's (opened at its first GPU run, on the ordinal asked for),
 * else one of this run's own. NULL with the reason in `error`. */
static RtCuda *acquire_cuda(RunState *st, StrBuf *error, bool *no_gpu) {
    RunSession *session = st->session;
    if (session && session->cuda && session->device == st->args.device) return session->cuda;
    if (session && session->cuda) {
        rt_cuda_close(session->cuda);
        session->cuda = NULL;
    }
    RtOpenOptions open;
    rt_open_options_init(&open);
    open.device = st->args.device;
    RtCuda *cuda = rt_cuda_open(&open, error, no_gpu);
    if (session && cuda) {
        session->cuda = cuda;
        session->device = st->args.device;
    }
    return cuda;
}

/* A run's own context is closed; the batch's stays open unless the launch failed (a
 * faulting kernel leaves its context unusable, so the next run opens a fresh one). */
static void release_cuda(RunState *st, RtCuda *cuda, bool failed) {
    if (st->session && !failed) return;
    rt_cuda_close(cuda);
    if (st->session) st->session->cuda = NULL;
}

static int launch(RunState *st) {
    StrBuf error, info;
    strbuf_init(&error);
    strbuf_init(&info);
    bool no_gpu = false;
    int status = RUN_OK;
    RtCuda *cuda = acquire_cuda(st, &error, &no_gpu);
    if (!cuda) {
        status = fail(st, no_gpu ? Y_NO_GPU : Y_RUN_FAILED, RUN_USAGE,
                      no_gpu ? "没有可用的 GPU，无法运行：" : "无法使用 GPU：", &error);
        if (no_gpu)
            diag_note_path(st->diag, "yusec", "--device=cpu 在 CPU 上执行（YIR 执行器）；--device=auto 有 GPU 用 GPU，没有就用 CPU");
    } else {
        if (st->args.verbose) fprintf(stderr, "yusec: GPU：%s\n", rt_cuda_device_description(cuda));
        RtLaunch l = {st->ptx, st->plan.kernel, {0}, {0}, st->params, st->plan.slot_count,
                      st->args.verbose, st->plan.dynamic_shared_bytes, st->textures, st->plan.texture_count};
        memcpy(l.block, st->plan.block, sizeof l.block);
        memcpy(l.grid, st->args.grid, sizeof l.grid);
        bool ok = rt_launch(cuda, &l, st->args.verbose ? &info : NULL, &error);
        if (info.len) fprintf(stderr, "yusec: JIT 信息：\n%s\n", strbuf_cstr(&info));
        status = ok ? report_results(st) : fail(st, Y_RUN_FAILED, RUN_FAILED, "运行失败：", &error);
        release_cuda(st, cuda, !ok);
    }
    strbuf_free(&error);
    strbuf_free(&info);
    return status;
}

static int load_ptx(RunState *st) {
    if (!st->args.ptx_path) {
        st->ptx = strbuf_cstr(&st->compiled.ptx);
        return RUN_OK;
    }
    void *data;
    size_t bytes;
    StrBuf error;
    strbuf_init(&error);
    int status = RUN_OK;
    if (!file_read_whole(&st->arena, st->args.ptx_path, RUN_MAX_PTX_BYTES, &data, &bytes, &error))
        status = fail(st, Y_RUN_FAILED, RUN_USAGE, "", &error);
    else if (memchr(data, '\0', bytes)) {
        run_error(st, Y_NOT_PTX, "'%s' 不是 PTX 文字（含 NUL 字节）", st->args.ptx_path);
        status = RUN_USAGE;
    }
    st->ptx = data;
    strbuf_free(&error);
    return status;
}

/* --device=auto: the CPU when no GPU is usable (decided before compiling, so a yusec
 * without the PTX target still runs there). */
static void resolve_auto(RunState *st) {
    if (st->args.where != RUN_DEVICE_AUTO) return;
    StrBuf error;
    strbuf_init(&error);
    bool no_gpu = false;
    RtCuda *cuda = acquire_cuda(st, &error, &no_gpu);
    if (cuda) {
        release_cuda(st, cuda, false);
        st->args.where = RUN_DEVICE_GPU;
    } else if (no_gpu) {
        strbuf_printf(&st->fallback, "没有可用的 GPU（%s），改在 CPU 上执行", strbuf_cstr(&error));
        st->args.where = RUN_DEVICE_CPU;
    } else {
        st->args.where = RUN_DEVICE_GPU;  /* a GPU that fails otherwise: report it at launch */
    }
    strbuf_free(&error);
}

/* -v, -###: what the compile hook prints of the run (driver/stages.h), its last line here. */
static void describe_stages(RunState *st) {
    const RunArgs *a = &st->args;
    RunStages *stages = &st->compiled.stages;
    stages->print = st->options.verbose || st->options.dry_run;
    stages->only = st->options.dry_run;
    stages->ptx_file = a->where == RUN_DEVICE_CPU ? NULL : a->ptx_path;
    stages->maybe_cpu = a->where == RUN_DEVICE_AUTO;
    StrBuf line;
    strbuf_init(&line);
    if (a->entry) strbuf_printf(&line, "入口「%s」", a->entry);
    else strbuf_puts(&line, "唯一的计算入口");
    strbuf_printf(&line, "，网格 %u,%u,%u，", a->grid[0], a->grid[1], a->grid[2]);
    if (a->where == RUN_DEVICE_CPU) strbuf_puts(&line, "在 CPU 上（YIR 执行器）");
    else if (a->where == RUN_DEVICE_GPU) strbuf_printf(&line, "在 GPU %d 上（CUDA 驱动即时编译 PTX）", a->device);
    else strbuf_printf(&line, "在 GPU %d 上，没有可用的 GPU 时在 CPU 上（YIR 执行器）", a->device);
    if (a->dry_run) strbuf_puts(&line, "；--dry-run：只打印参数安排，不运行");
    else if (a->out_count) strbuf_printf(&line, "；%u 个缓冲写进 --out 文件，其余读写缓冲打印到标准输出", a->out_count);
    else strbuf_puts(&line, "；读写缓冲打印到标准输出");
    stages->launch = arena_strdup(&st->arena, strbuf_cstr(&line));
    strbuf_free(&line);
}

/* The engine of every later diagnostic: the compile's, else one of the run's own (a compile
 * hook without one), configured by the options either way. */
static void attach_diagnostics(RunState *st) {
    if (st->compiled.has_diag) {
        st->diag = &st->compiled.diag;
        return;
    }
    source_map_init(&st->own_sources, &st->arena);
    diag_init(&st->own_diag, st->compiled.has_sources ? &st->compiled.sources : &st->own_sources, stderr);
    diag_configure(&st->own_diag, &st->options.diagnostics, isatty(fileno(stderr)) != 0, getenv("NO_COLOR"));
    st->diag = &st->own_diag;
}

static int run_steps(RunState *st, int argc, char **argv, RunCompileFn compile) {
    int status = parse_command_line(st, argc, argv);
    if (status == RUN_HELP) {
        if (st->options.action == ACTION_HELP) help_print_run(stdout);
        else version_print(stdout);
        return RUN_OK;
    }
    if (status != RUN_OK) return status;
    if (!st->options.dry_run) resolve_auto(st);  /* -### touches no device */
    st->compiled.want_ptx = st->args.ptx_path == NULL && st->args.where != RUN_DEVICE_CPU;
    describe_stages(st);
    status = compile(&st->options, argv[0], &st->compiled);
    if (st->options.dry_run) return status;  /* -###: the stages printed, nothing built or run */
    attach_diagnostics(st);
    if (st->fallback.len && !st->options.quiet) diag_remark_path(st->diag, "yusec", "%s", strbuf_cstr(&st->fallback));
    if (status != RUN_OK) return status;
    if (!st->compiled.module) return RUN_FAILED;
    if (st->args.where != RUN_DEVICE_CPU && (status = load_ptx(st)) != RUN_OK) return status;
    if ((status = plan_entry(st)) != RUN_OK) return status;
    status = bind_buffers(st);
    int textures = bind_textures(st);
    if (status == RUN_OK) status = textures;
    if (status == RUN_OK && diag_has_errors(st->diag)) status = RUN_FAILED;  /* -Werror on run's warnings */
    if (st->args.dry_run) print_plan(st);  /* the plan helps most when buffers are missing */
    if (status != RUN_OK || st->args.dry_run) return status;
    return st->args.where == RUN_DEVICE_CPU ? run_on_cpu(st) : launch(st);
}

int driver_run(int argc, char **argv, RunCompileFn compile) {
    return driver_run_in(argc, argv, compile, NULL);
}

int driver_run_in(int argc, char **argv, RunCompileFn compile, RunSession *session) {
    RunState st;
    memset(&st, 0, sizeof st);
    st.session = session;
    arena_init(&st.arena);
    strbuf_init(&st.compiled.ptx);
    strbuf_init(&st.fallback);
    int status = run_steps(&st, argc, argv, compile);
    if (st.diag) {
        diag_finish(st.diag);  /* what the format holds back: the SARIF log of compile and run */
        diag_free(st.diag);
    } else if (st.compiled.has_diag) {
        diag_free(&st.compiled.diag);
    }
    strbuf_free(&st.fallback);
    if (st.compiled.module) ir_module_free(st.compiled.module);
    if (st.compiled.has_sources) arena_free(&st.compiled.arena);
    strbuf_free(&st.compiled.ptx);
    arena_free(&st.arena);
    return status;
}
