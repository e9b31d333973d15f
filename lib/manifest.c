#include "manifest.h"

#include <string.h>

#include "../runtime/plan.h"
#include "../targets/names.h"
#include "layout_json.h"

static void put_json_string(StrBuf *out, const char *text) { json_put_string(out, text); }

static const char *stage_name(IrStage stage) {
    switch (stage) {
    case IR_STAGE_COMPUTE: return "compute";
    case IR_STAGE_VERTEX: return "vertex";
    case IR_STAGE_FRAGMENT: return "fragment";
    }
    return "compute";
}

/* The resource kind and its MSL attribute (着九: n = group×16 + binding in each space). */
static const char *resource_kind(const IrModule *m, const IrGlobal *g, const char **msl) {
    *msl = "buffer";
    switch (g->space) {
    case IR_SPACE_STORAGE_READ: return "storage_read";
    case IR_SPACE_STORAGE_READ_WRITE: return "storage_read_write";
    case IR_SPACE_UNIFORM: return "uniform";
    default: break;
    }
    const IrType *t = ir_type(&m->types, g->type);
    if (t && (t->kind == IR_TYPE_SAMPLER || t->kind == IR_TYPE_SAMPLER_COMPARISON)) {
        *msl = "sampler";
        return t->kind == IR_TYPE_SAMPLER ? "sampler" : "sampler_comparison";
    }
    *msl = "texture";
    return t && t->kind == IR_TYPE_TEXTURE_DEPTH_2D ? "texture_depth_2d" : "texture_2d";
}

/* The PTX plan of each compute entry (runtime/plan.c: the one place the order lives). */
static RtPlan *plan_entries(Arena *arena, const IrModule *m) {
    uint32_t n = ir_entry_count(m);
    RtPlan *plans = arena_alloc_array(arena, n + 1, sizeof *plans);
    for (uint32_t i = 0; i < n; i++) {
        StrBuf error;
        strbuf_init(&error);
        if (!rt_plan_entry(arena, m, ir_entry(m, i), &plans[i], &error))
            memset(&plans[i], 0, sizeof plans[i]);
        strbuf_free(&error);
    }
    return plans;
}

/* The lengths buffer of an entry that takes 数组长度 (ir/abi.h): which buffer each u32 (a size
 * in bytes) measures, and where the buffer goes on PTX and MSL. */
static void put_lengths_json(StrBuf *out, const RtPlan *plan) {
    if (plan->measured_count == 0) return;
    strbuf_printf(out, ", \"lengths\": {\"ptx_param\": \"%s\", \"msl_index\": %u, \"unit\": \"bytes\", "
                       "\"buffers\": [", IR_ABI_LENGTHS_PARAM, IR_ABI_MSL_LENGTHS_INDEX);
    for (uint32_t k = 0; k < plan->measured_count; k++) {
        const RtSlot *m = &plan->slots[plan->measured[k]];
        strbuf_puts(out, k ? ", {\"name\": " : "{\"name\": ");
        put_json_string(out, m->name);
        strbuf_printf(out, ", \"group\": %u, \"binding\": %u}", m->group, m->binding);
    }
    strbuf_puts(out, "]}");
}

/* A texture parameter in "ptx_params" (ir/abi.h): {"texture": 名, "sampler": 名} for a
 * (texture, sampler) pair, {"texture": 名} for the texel object, {"compare": 名} for a
 * comparison sampler's compare function. */
static void put_texture_param_json(StrBuf *out, const RtTextureSlot *t) {
    strbuf_puts(out, t->param.kind == IR_TEXTURE_PARAM_COMPARE ? "{\"compare\": " : "{\"texture\": ");
    put_json_string(out, t->name);
    if (t->param.kind == IR_TEXTURE_PARAM_SAMPLED) {
        strbuf_puts(out, ", \"sampler\": ");
        put_json_string(out, t->sampler_name);
    }
    strbuf_putc(out, '}');
}

static void put_entry_json(StrBuf *out, Arena *arena, const IrModule *m, uint32_t index,
                           const RtPlan *plan) {
    const IrEntry *e = ir_entry(m, index);
    const char *func = e->func < ir_function_count(m) ? ir_function(m, e->func)->name : "";
    strbuf_puts(out, "    {\"item\": ");
    put_json_string(out, e->name);
    strbuf_puts(out, ", \"function\": ");
    put_json_string(out, names_legalise(arena, func));
    strbuf_printf(out, ", \"stage\": \"%s\"", stage_name(e->stage));
    if (e->stage == IR_STAGE_COMPUTE && plan->kernel) {
        strbuf_printf(out, ", \"workgroup_size\": [%u, %u, %u], \"ptx_name\": ",
                      e->workgroup_size[0], e->workgroup_size[1], e->workgroup_size[2]);
        put_json_string(out, plan->kernel);
        strbuf_printf(out, ", \"dynamic_shared_bytes\": %u, \"ptx_params\": [", plan->dynamic_shared_bytes);
        for (uint32_t s = 0; s < plan->slot_count; s++) {
            strbuf_puts(out, s ? ", " : "");
            if (plan->slots[s].lengths) strbuf_puts(out, "{\"lengths\": true}");
            else if (plan->slots[s].global == IR_NONE) strbuf_puts(out, "null");
            else put_json_string(out, plan->slots[s].name);
        }
        for (uint32_t t = 0; t < plan->texture_count; t++) {
            strbuf_puts(out, plan->slot_count + t ? ", " : "");
            put_texture_param_json(out, &plan->textures[t]);
        }
        strbuf_puts(out, "], \"ptx_param_names\": [");
        for (uint32_t s = 0; s < plan->slot_count + plan->texture_count; s++) {
            strbuf_puts(out, s ? ", " : "");
            put_json_string(out, s < plan->slot_count ? plan->slots[s].param_name
                                                      : plan->textures[s - plan->slot_count].param_name);
        }
        strbuf_putc(out, ']');
        put_lengths_json(out, plan);
    }
    strbuf_puts(out, "}");
}

/* "ptx_param": {entry item: parameter position} for each compute entry passing it. */
static void put_ptx_positions(StrBuf *out, const IrModule *m, const RtPlan *plans,
                              IrGlobalId global) {
    strbuf_puts(out, ", \"ptx_param\": {");
    bool any = false;
    for (uint32_t i = 0; i < ir_entry_count(m); i++)
        for (uint32_t s = 0; s < plans[i].slot_count; s++) {
            if (plans[i].slots[s].global != global) continue;
            strbuf_puts(out, any ? ", " : "");
            put_json_string(out, ir_entry(m, i)->name);
            strbuf_printf(out, ": %u", s);
            any = true;
        }
    strbuf_putc(out, '}');
}

void gen_entries_json(StrBuf *out, Arena *arena, const IrModule *m, const char *source) {
    RtPlan *plans = plan_entries(arena, m);
    strbuf_puts(out, "{\n  \"source\": ");
    put_json_string(out, source);
    strbuf_puts(out, ",\n  \"entries\": [\n");
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        put_entry_json(out, arena, m, i, &plans[i]);
        strbuf_puts(out, i + 1 < ir_entry_count(m) ? ",\n" : "\n");
    }
    strbuf_puts(out, "  ],\n  \"resources\": [");
    bool any = false;
    for (uint32_t g = 0; g < ir_global_count(m); g++) {
        const IrGlobal *gl = ir_global(m, g);
        if (!gl->has_binding) continue;
        const char *msl;
        const char *kind = resource_kind(m, gl, &msl);
        strbuf_puts(out, any ? ",\n    {\"name\": " : "\n    {\"name\": ");
        put_json_string(out, gl->name);
        strbuf_printf(out, ", \"kind\": \"%s\", \"group\": %u, \"binding\": %u, "
                           "\"msl\": \"%s\", \"msl_index\": %u",
                      kind, gl->group, gl->binding, msl, gl->group * 16 + gl->binding);
        if (strcmp(msl, "buffer") == 0) {
            strbuf_puts(out, ", \"type\": ");
            layout_type_name(out, m, gl->type);  /* its layout is in "layouts" */
            put_ptx_positions(out, m, plans, g);
        }
        strbuf_putc(out, '}');
        any = true;
    }
    strbuf_puts(out, any ? "\n  ],\n" : "],\n");
    layout_put_json(out, arena, m);
    strbuf_puts(out, "\n}\n");
}
