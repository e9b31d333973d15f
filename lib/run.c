/* `yusec run`'s runner (lib/run.h): plan the entry's parameters, bind the given buffers,
 * textures and samplers, run on the GPU through runtime/ or on the CPU through the YIR
 * executor (exec/), print or write the buffers. */
#include "run.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_inputs.h"
#include "../base/file.h"
#include "../exec/exec.h"
#include "../runtime/buffers.h"
#include "../runtime/plan.h"
#include "../runtime/texture.h"
#include "../runtime/runtime.h"

enum { RUN_OK = LIB_RUN_OK, RUN_FAILED = LIB_RUN_FAILED, RUN_USAGE = LIB_RUN_USAGE };
#define RUN_MAX_PTX_BYTES ((size_t)256 << 20)

struct LibRun {
    Arena *arena;
    const RunArgs *args;
    const RunInputs *in;         /* args->inputs */
    IrModule *module;
    const LibEntryTable *entries;
    bool has_sources;            /* the module's spans point into the engine's sources */
    DiagEngine *diag;
    LibRunSession *session;      /* a batch's GPU context, or NULL: this run opens its own */
    const char *ptx;
    RtPlan plan;
    RtParam *params;
    const RtBufferSpec **specs;  /* per slot, NULL when none was given */
    RtTextureParam *textures;    /* per texture slot (plan.textures) */
};

LibRun *lib_run_new(Arena *arena, const RunArgs *args, IrModule *module, const LibEntryTable *entries,
                    bool has_sources, DiagEngine *diag, LibRunSession *session) {
    LibRun *run = arena_alloc(arena, sizeof *run);
    memset(run, 0, sizeof *run);
    run->arena = arena;
    run->args = args;
    run->in = args->inputs;
    run->module = module;
    run->entries = entries;
    run->has_sources = has_sources;
    run->diag = diag;
    run->session = session;
    return run;
}

static void run_report(DiagEngine *diag, DiagId id, DiagLevel level, const char *fmt, va_list args) {
    StrBuf message;
    strbuf_init(&message);
    strbuf_vprintf(&message, fmt, args);
    if (level == DIAG_WARNING) diag_warning_path(diag, id, "yusec", "%s", strbuf_cstr(&message));
    else diag_error_path(diag, id, "yusec", "%s", strbuf_cstr(&message));
    strbuf_free(&message);
}

/* `yusec: error: …` through the run's engine (text, JSON line or SARIF result). */
static void run_error(LibRun *st, DiagId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void run_error(LibRun *st, DiagId id, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    run_report(st->diag, id, DIAG_ERROR, fmt, args);
    va_end(args);
}

static void run_warning(LibRun *st, DiagId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void run_warning(LibRun *st, DiagId id, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    run_report(st->diag, id, DIAG_WARNING, fmt, args);
    va_end(args);
}

void lib_run_error(DiagEngine *diag, DiagId id, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    run_report(diag, id, DIAG_ERROR, fmt, args);
    va_end(args);
}

static int fail(LibRun *st, DiagId id, int status, const char *what, StrBuf *why) {
    run_error(st, id, "%s%s", what, strbuf_cstr(why));
    return status;
}

/* The entry's PTX name from the compiler's typed entry table (its rows follow the module's
 * entries), or NULL. */
static const char *kernel_name(const LibRun *st, const IrEntry *entry) {
    const IrModule *m = st->module;
    for (uint32_t i = 0; i < ir_entry_count(m) && i < st->entries->count; i++)
        if (ir_entry(m, i) == entry) return st->entries->rows[i].ptx_name;
    return NULL;
}

int lib_run_plan(LibRun *st) {
    StrBuf error;
    strbuf_init(&error);
    int status = RUN_OK;
    const IrModule *m = st->module;
    const IrEntry *entry = rt_find_entry(m, st->args->entry, &error);
    if (!entry) status = fail(st, Y_RUN_FAILED, RUN_USAGE, "", &error);
    if (entry && !rt_plan_entry(st->arena, m, entry, kernel_name(st, entry), &st->plan, &error))
        status = fail(st, Y_RUN_FAILED, RUN_FAILED, "", &error);
    if (status == RUN_OK) {
        /* PTX from elsewhere (--ptx) is checked against the plan; our own follows the same
         * typed entry table and ABI, so its text is not scanned. */
        if (st->args->ptx_path && st->ptx && !rt_plan_check_ptx(&st->plan, st->ptx, &error))
            status = fail(st, Y_RUN_FAILED, RUN_FAILED, "", &error);
    }
    strbuf_free(&error);
    return status;
}

static const RtBufferSpec *find_spec(const RunInputs *args, uint32_t group, uint32_t binding) {
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
static bool check_size(LibRun *st, const RtSlot *slot, const RtBufferSpec *spec) {
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
static void fill_lengths(LibRun *st) {
    const RtPlan *plan = &st->plan;
    for (uint32_t i = 0; i < plan->slot_count; i++) {
        if (!plan->slots[i].lengths) continue;
        uint32_t *words = arena_alloc_array(st->arena, plan->measured_count + 1, sizeof *words);
        for (uint32_t k = 0; k < plan->measured_count; k++) {
            const RtBufferSpec *spec = st->specs[plan->measured[k]];
            words[k] = spec ? (uint32_t)spec->bytes : 0;
        }
        st->params[i] = (RtParam){words, plan->measured_count * sizeof *words, NULL, NULL};
    }
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
static void check_value_type(LibRun *st, const RtSlot *slot, const RtBufferSpec *spec) {
    static const RtScalar OF_KIND[] = {[IR_FLOAT] = RT_SCALAR_F32, [IR_SINT] = RT_SCALAR_I32, [IR_UINT] = RT_SCALAR_U32};
    const IrModule *m = st->module;
    bool seen = false;
    IrScalarKind kind = IR_UINT;
    if (!uniform_scalar(m, ir_global(m, slot->global)->type, &seen, &kind) || OF_KIND[kind] == spec->type) return;
    run_warning(st, Y_RUN_BUFFER_TYPE, "--buffer %s：缓冲 %u:%u（%s）的元素是 %s，给的值却是 %s（按位原样传入；是不是想写 %s？）",
                spec->source, slot->group, slot->binding, slot->name, rt_scalar_name(OF_KIND[kind]),
                rt_scalar_name(spec->type), rt_scalar_name(OF_KIND[kind]));
}

/* One RtParam per slot, with the given data; results for writable buffers and --out ones. */
static const RtShapeSpec *find_shape(const RunInputs *in, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < in->shape_count; i++)
        if (in->shapes[i].group == group && in->shapes[i].binding == binding) return &in->shapes[i];
    return NULL;
}

/* A tensor-map binding (its global has a box): --shape gives the tensor, which the data fills
 * exactly and whose row pitch is a multiple of 16 bytes (TMA's rule). NULL after the error. */
static const RtTensorMap *bind_tensor_map(LibRun *st, const RtSlot *slot, const RtBufferSpec *spec) {
    const IrGlobal *g = ir_global(st->module, slot->global);
    const RtShapeSpec *shape = find_shape(st->in, slot->group, slot->binding);
    const IrType *array = ir_type(&st->module->types, g->type);
    uint32_t elem = ir_type_size(&st->module->types, array->elem);
    if (!shape) {
        run_error(st, Y_RUN_MISSING_INPUT, "张量映射 %u:%u（%s）要用 --shape %u:%u=行数x列数 给出张量的形状",
                  slot->group, slot->binding, slot->name, slot->group, slot->binding);
        return NULL;
    }
    if ((uint64_t)shape->rows * shape->cols * elem != spec->bytes || (uint64_t)shape->cols * elem % 16 != 0) {
        run_error(st, Y_RUN_BUFFER_SIZE, "张量映射 %u:%u（%s）的形状 %ux%u：数据须恰是 %ux%u×%u 字节（给了 %zu 字节），"
                  "一行（列数 × %u 字节）须是 16 字节的倍数",
                  slot->group, slot->binding, slot->name, shape->rows, shape->cols, shape->rows, shape->cols, elem,
                  spec->bytes, elem);
        return NULL;
    }
    RtTensorMap *map = arena_alloc(st->arena, sizeof *map);
    *map = (RtTensorMap){shape->rows, shape->cols, elem, g->box_rows, g->box_cols, g->box_swizzle,
                         ir_type_is_float(&st->module->types, array->elem)};
    return map;
}

int lib_run_bind_buffers(LibRun *st) {
    const RtPlan *plan = &st->plan;
    st->params = arena_alloc_array(st->arena, plan->slot_count + 1, sizeof *st->params);
    st->specs = arena_alloc_array(st->arena, plan->slot_count + 1, sizeof *st->specs);
    bool ok = true;
    for (uint32_t i = 0; i < plan->slot_count; i++) {
        const RtSlot *slot = &plan->slots[i];
        if (slot->global == IR_NONE) continue;  /* placeholder: null pointer */
        const RtBufferSpec *spec = find_spec(st->in, slot->group, slot->binding);
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
        const RtTensorMap *map = ir_global(st->module, slot->global)->box_rows ? bind_tensor_map(st, slot, spec) : NULL;
        if (ir_global(st->module, slot->global)->box_rows && !map) {
            ok = false;
            continue;
        }
        check_value_type(st, slot, spec);
        st->specs[i] = spec;
        st->params[i] = (RtParam){spec->data, spec->bytes, arena_alloc(st->arena, spec->bytes), map};
    }
    fill_lengths(st);
    for (uint32_t i = 0; i < st->in->buffer_count; i++) {
        const RtBufferSpec *spec = &st->in->buffers[i];
        if (!find_slot(plan, spec->group, spec->binding))
            run_warning(st, Y_UNUSED_RUN_INPUT, "入口「%s」没有用到缓冲 %u:%u，忽略它",
                    plan->entry->name, spec->group, spec->binding);
    }
    for (uint32_t i = 0; i < st->args->out_count; i++) {
        const RunOutSpec *out = &st->args->outs[i];
        if (!find_slot(plan, out->group, out->binding) || !find_spec(st->in, out->group, out->binding)) {
            run_error(st, Y_RUN_OUTPUT, "--out %u:%u：入口没有用到这个缓冲，或没有给出它",
                    out->group, out->binding);
            ok = false;
        }
    }
    return ok ? RUN_OK : RUN_USAGE;
}

static const RtTextureSpec *find_texture(const RunInputs *args, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < args->texture_count; i++)
        if (args->textures[i].group == group && args->textures[i].binding == binding) return &args->textures[i];
    return NULL;
}

static const RtSamplerSpec *find_sampler(const RunInputs *args, uint32_t group, uint32_t binding) {
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
static bool bind_texture(LibRun *st, const RtTextureSlot *t, RtTextureParam *out) {
    memset(out, 0, sizeof *out);
    const RtSamplerSpec *s = NULL;
    if (t->param.kind != IR_TEXTURE_PARAM_TEXELS) {
        uint32_t g = t->param.kind == IR_TEXTURE_PARAM_COMPARE ? t->group : t->sampler_group;
        uint32_t b = t->param.kind == IR_TEXTURE_PARAM_COMPARE ? t->binding : t->sampler_binding;
        const char *name = t->param.kind == IR_TEXTURE_PARAM_COMPARE ? t->name : t->sampler_name;
        if (!(s = find_sampler(st->in, g, b))) {
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
    const RtTextureSpec *spec = find_texture(st->in, t->group, t->binding);
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

int lib_run_bind_textures(LibRun *st) {
    const RtPlan *plan = &st->plan;
    st->textures = arena_alloc_array(st->arena, plan->texture_count + 1, sizeof *st->textures);
    bool ok = true;
    for (uint32_t i = 0; i < plan->texture_count; i++) ok = bind_texture(st, &plan->textures[i], &st->textures[i]) && ok;
    for (uint32_t i = 0; i < st->in->texture_count; i++)
        if (!texture_used(plan, st->in->textures[i].group, st->in->textures[i].binding, false))
            run_warning(st, Y_UNUSED_RUN_INPUT, "入口「%s」没有用到纹理 %u:%u，忽略它", plan->entry->name,
                    st->in->textures[i].group, st->in->textures[i].binding);
    for (uint32_t i = 0; i < st->in->sampler_count; i++)
        if (!texture_used(plan, st->in->samplers[i].group, st->in->samplers[i].binding, true))
            run_warning(st, Y_UNUSED_RUN_INPUT, "入口「%s」没有用到采样器 %u:%u，忽略它", plan->entry->name,
                    st->in->samplers[i].group, st->in->samplers[i].binding);
    return ok ? RUN_OK : RUN_USAGE;
}

static void print_texture_param(const LibRun *st, uint32_t i) {
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

void lib_run_print_plan(const LibRun *st) {
    const RtPlan *p = &st->plan;
    const IrModule *m = st->module;
    printf("入口 %s（函数 %s，PTX 名 %s）\n", p->entry->name,
           ir_function(m, p->entry->func)->name, p->kernel);
    printf("块 %u,%u,%u  网格 %u,%u,%u\n", p->block[0], p->block[1], p->block[2],
           st->args->grid[0], st->args->grid[1], st->args->grid[2]);
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
        const RtTensorMap *map = st->params[i].tensor_map;
        if (map)
            printf(" 张量映射：%ux%u 个 %u 字节的元素，盒 %ux%u，交错 %u 字节（内核得到 CUtensorMap 的设备副本）", map->rows,
                   map->cols, map->elem_bytes, map->box_rows, map->box_cols, map->swizzle);
        putchar('\n');
    }
    for (uint32_t i = 0; i < p->texture_count; i++) print_texture_param(st, i);
}

static const char *out_path(const RunArgs *args, uint32_t group, uint32_t binding) {
    for (uint32_t i = 0; i < args->out_count; i++)
        if (args->outs[i].group == group && args->outs[i].binding == binding) return args->outs[i].path;
    return NULL;
}

static bool write_raw(LibRun *st, const char *path, const void *data, size_t bytes) {
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
static int report_results(LibRun *st) {
    const RtPlan *p = &st->plan;
    int status = RUN_OK;
    StrBuf line;
    strbuf_init(&line);
    for (uint32_t i = 0; i < p->slot_count; i++) {
        const RtSlot *s = &p->slots[i];
        const RtBufferSpec *spec = st->specs[i];
        if (!spec) continue;
        const char *path = out_path(st->args, s->group, s->binding);
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
static void report_fault(LibRun *st, const ExFault *fault) {
    if (fault->located && st->has_sources) {
        diag_error(st->diag, fault->id, fault->span, "CPU 执行失败：%s", fault->message.data ? fault->message.data : "");
        return;
    }
    run_error(st, fault->id, "CPU 执行失败：%s", fault->message.data ? fault->message.data : "");
}

/* The YIR executor on the buffers as given (results in place of the GPU's read-back). */
static int run_on_cpu(LibRun *st) {
    const RtPlan *plan = &st->plan;
    ExBuffer *buffers = arena_alloc_array(st->arena, plan->slot_count + 1, sizeof *buffers);
    ExTensorShape *shapes = arena_alloc_array(st->arena, plan->slot_count + 1, sizeof *shapes);
    uint32_t count = 0, shape_count = 0;
    for (uint32_t i = 0; i < plan->slot_count; i++) {
        const RtBufferSpec *spec = st->specs[i];
        if (!spec || plan->slots[i].lengths) continue;
        memcpy(st->params[i].result, spec->data, spec->bytes);
        buffers[count++] = (ExBuffer){plan->slots[i].group, plan->slots[i].binding, st->params[i].result,
                                      spec->bytes};
        const RtTensorMap *map = st->params[i].tensor_map;
        if (map) shapes[shape_count++] = (ExTensorShape){plan->slots[i].group, plan->slots[i].binding, map->rows, map->cols};
    }
    ExLaunch launch = {st->module, plan->entry, {0}, buffers, count, st->args->subgroup_size,
                       st->args->max_steps, shapes, shape_count};
    memcpy(launch.grid, st->args->grid, sizeof launch.grid);
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

struct LibRunSession {
    RtCuda *cuda;
    int device;          /* the ordinal `cuda` was opened on */
};

LibRunSession *lib_run_session_new(Arena *arena) {
    LibRunSession *session = arena_alloc(arena, sizeof *session);
    *session = (LibRunSession){NULL, 0};
    return session;
}

void lib_run_session_close(LibRunSession *session) {
    if (session->cuda) rt_cuda_close(session->cuda);
    session->cuda = NULL;
}

/* The GPU context: the batch's (opened at its first GPU run, on the ordinal asked for),
 * else one of this run's own. NULL with the reason in `error`. */
static RtCuda *acquire_cuda(LibRunSession *session, int device, StrBuf *error, bool *no_gpu) {
    if (session && session->cuda && session->device == device) return session->cuda;
    if (session && session->cuda) {
        rt_cuda_close(session->cuda);
        session->cuda = NULL;
    }
    RtOpenOptions open;
    rt_open_options_init(&open);
    open.device = device;
    RtCuda *cuda = rt_cuda_open(&open, error, no_gpu);
    if (session && cuda) {
        session->cuda = cuda;
        session->device = device;
    }
    return cuda;
}

/* A run's own context is closed; the batch's stays open unless the launch failed (a
 * faulting kernel leaves its context unusable, so the next run opens a fresh one). */
static void release_cuda(LibRunSession *session, RtCuda *cuda, bool failed) {
    if (session && !failed) return;
    rt_cuda_close(cuda);
    if (session) session->cuda = NULL;
}

bool lib_run_gpu_usable(LibRunSession *session, int device, StrBuf *error, bool *no_gpu) {
    RtCuda *cuda = acquire_cuda(session, device, error, no_gpu);
    if (cuda) release_cuda(session, cuda, false);
    return cuda != NULL;
}

static int launch(LibRun *st) {
    StrBuf error, info;
    strbuf_init(&error);
    strbuf_init(&info);
    bool no_gpu = false;
    int status = RUN_OK;
    RtCuda *cuda = acquire_cuda(st->session, st->args->device, &error, &no_gpu);
    if (!cuda) {
        status = fail(st, no_gpu ? Y_NO_GPU : Y_RUN_FAILED, RUN_USAGE,
                      no_gpu ? "没有可用的 GPU，无法运行：" : "无法使用 GPU：", &error);
        if (no_gpu)
            diag_note_path(st->diag, "yusec", "--device=cpu 在 CPU 上执行（YIR 执行器）；--device=auto 有 GPU 用 GPU，没有就用 CPU");
    } else {
        if (st->args->verbose) fprintf(stderr, "yusec: GPU：%s\n", rt_cuda_device_description(cuda));
        RtLaunch l = {st->ptx, st->plan.kernel, {0}, {0}, st->params, st->plan.slot_count,
                      st->args->verbose, st->plan.dynamic_shared_bytes, st->textures, st->plan.texture_count};
        memcpy(l.block, st->plan.block, sizeof l.block);
        memcpy(l.grid, st->args->grid, sizeof l.grid);
        bool ok = rt_launch(cuda, &l, st->args->verbose ? &info : NULL, &error);
        if (info.len) fprintf(stderr, "yusec: JIT 信息：\n%s\n", strbuf_cstr(&info));
        status = ok ? report_results(st) : fail(st, Y_RUN_FAILED, RUN_FAILED, "运行失败：", &error);
        release_cuda(st->session, cuda, !ok);
    }
    strbuf_free(&error);
    strbuf_free(&info);
    return status;
}

int lib_run_load_ptx(LibRun *st, const char *own_ptx) {
    if (!st->args->ptx_path) {
        st->ptx = own_ptx;
        return RUN_OK;
    }
    void *data;
    size_t bytes;
    StrBuf error;
    strbuf_init(&error);
    int status = RUN_OK;
    if (!file_read_whole(st->arena, st->args->ptx_path, RUN_MAX_PTX_BYTES, &data, &bytes, &error))
        status = fail(st, Y_RUN_FAILED, RUN_USAGE, "", &error);
    else if (memchr(data, '\0', bytes)) {
        run_error(st, Y_NOT_PTX, "'%s' 不是 PTX 文字（含 NUL 字节）", st->args->ptx_path);
        status = RUN_USAGE;
    }
    st->ptx = data;
    strbuf_free(&error);
    return status;
}

int lib_run_execute(LibRun *st) {
    return st->args->where == RUN_DEVICE_CPU ? run_on_cpu(st) : launch(st);
}
