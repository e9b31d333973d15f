/* The parameter plan of a compute entry (docs/targets.md, "Host contract"). */
#include "plan.h"

#include <string.h>

#include "../ir/abi.h"
#include "../ir/types.h"

static void list_compute_entries(const IrModule *m, StrBuf *out) {
    bool any = false;
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage != IR_STAGE_COMPUTE) continue;
        strbuf_printf(out, "%s「%s」", any ? "、" : "", e->name);
        any = true;
    }
    if (!any) strbuf_puts(out, "（没有）");
}

const IrEntry *rt_find_entry(const IrModule *m, const char *name, StrBuf *error) {
    const IrEntry *found = NULL;
    uint32_t compute = 0;
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage == IR_STAGE_COMPUTE) compute++;
        if (!name) {
            if (e->stage == IR_STAGE_COMPUTE) found = e;
            continue;
        }
        const char *func = e->func < ir_function_count(m) ? ir_function(m, e->func)->name : "";
        if (!found && (strcmp(e->name, name) == 0 || strcmp(func, name) == 0)) found = e;
    }
    if (!name && compute != 1) {
        strbuf_printf(error, "有 %u 个计算入口，须用 --entry 指明运行哪个：", compute);
        list_compute_entries(m, error);
        return NULL;
    }
    if (!found) {
        strbuf_printf(error, "没有名为「%s」的入口；计算入口有：", name);
        list_compute_entries(m, error);
        return NULL;
    }
    if (found->stage != IR_STAGE_COMPUTE) {
        strbuf_printf(error, "入口「%s」是%s入口，只能运行计算入口", found->name,
                      found->stage == IR_STAGE_VERTEX ? "顶点" : "片元");
        return NULL;
    }
    return found;
}


/* Minimum size and runtime stride of a buffer type (a runtime array, a struct ending in one,
 * or a fixed type). */
static void buffer_extent(const IrModule *m, IrTypeId type, RtSlot *slot) {
    uint32_t offset;
    if (ir_runtime_array_extent(&m->types, type, &offset, &slot->stride)) {
        slot->min_bytes = offset + slot->stride;  /* WebGPU binds at least one element */
        return;
    }
    slot->min_bytes = ir_type_size(&m->types, type);
}

static RtSlot slot_of(const IrModule *m, IrGlobalId id) {
    const IrGlobal *g = ir_global(m, id);
    RtSlot slot = {g->group, g->binding, id, g->name, g->space, 0, 0, "", false};
    buffer_extent(m, g->type, &slot);
    return slot;
}

/* The slots follow the host contract of ir/abi.c (the order the PTX plugin gives the kernel
 * parameters); placeholder bindings get an empty slot. */
static bool make_slots(Arena *arena, const IrReach *reach, RtPlan *plan, StrBuf *error) {
    const IrModule *m = reach->module;
    IrBufferParams params;
    IrGlobalSet used = {reach->global_list, reach->global_count};
    IrGlobalSet lengths = {reach->length_list, reach->length_count};
    if (!ir_buffer_params_of(arena, m, used, lengths, &params)) {
        strbuf_printf(error, "绑定号 %u 太大", params.too_large_binding);
        return false;
    }
    RtSlot *slots = arena_alloc_array(arena, params.count + 1, sizeof *slots);
    for (uint32_t i = 0; i < params.count; i++) {
        const IrBufferParam *p = &params.params[i];
        slots[i] = p->global == IR_NONE
                       ? (RtSlot){p->group, p->binding, IR_NONE, "", IR_SPACE_STORAGE_READ, 0, 0, "", p->lengths}
                       : slot_of(m, p->global);
        ir_buffer_param_name(p, slots[i].param_name);
    }
    plan->slots = slots;
    plan->slot_count = params.count;
    plan->measured = arena_alloc_array(arena, params.length_count + 1, sizeof *plan->measured);
    for (uint32_t k = 0; k < params.length_count; k++)
        for (uint32_t i = 0; i < params.count; i++)
            if (slots[i].global == params.lengths[k]) plan->measured[k] = i;
    plan->measured_count = params.length_count;
    return true;
}

static RtTextureSlot texture_slot_of(const IrModule *m, const IrTextureParam *p) {
    RtTextureSlot slot;
    memset(&slot, 0, sizeof slot);
    slot.param = *p;
    const IrGlobal *main = ir_global(m, p->kind == IR_TEXTURE_PARAM_COMPARE ? p->sampler : p->texture);
    slot.group = main->group;
    slot.binding = main->binding;
    slot.name = main->name;
    slot.sampler_name = "";
    if (p->kind == IR_TEXTURE_PARAM_SAMPLED) {
        const IrGlobal *s = ir_global(m, p->sampler);
        slot.sampler_group = s->group;
        slot.sampler_binding = s->binding;
        slot.sampler_name = s->name;
    }
    if (p->kind != IR_TEXTURE_PARAM_COMPARE) {
        const IrType *t = ir_type(&m->types, main->type);
        slot.depth = t->kind == IR_TYPE_TEXTURE_DEPTH_2D;
        const IrType *e = slot.depth ? NULL : ir_type(&m->types, t->elem);
        slot.sample_kind = e ? e->scalar : IR_FLOAT;
    }
    ir_texture_param_name(m, p, slot.param_name);
    return slot;
}

static bool make_texture_slots(Arena *arena, const IrReach *reach, RtPlan *plan, StrBuf *error) {
    const IrModule *m = reach->module;
    IrBufferParams params;
    memset(&params, 0, sizeof params);
    const IrInst *bad = NULL;
    if (!ir_texture_params_of(arena, m, reach->func_list, reach->func_count, &params, &bad)) {
        strbuf_puts(error, "纹理与采样器的实参须直接是模块的绑定");
        return false;
    }
    plan->textures = arena_alloc_array(arena, params.texture_count + 1, sizeof *plan->textures);
    for (uint32_t i = 0; i < params.texture_count; i++)
        plan->textures[i] = texture_slot_of(m, &params.textures[i]);
    plan->texture_count = params.texture_count;
    return true;
}

bool rt_plan_entry_with(IrReach *reach, Arena *arena, const IrEntry *e, const char *kernel, RtPlan *plan,
                        StrBuf *error) {
    const IrModule *m = reach->module;
    memset(plan, 0, sizeof *plan);
    plan->entry = e;
    if (e->stage != IR_STAGE_COMPUTE || e->func >= ir_function_count(m)) {
        strbuf_printf(error, "入口「%s」不是计算入口", e->name);
        return false;
    }
    for (int a = 0; a < 3; a++) plan->block[a] = e->workgroup_size[a];
    ir_reach_from(reach, e->func);
    plan->kernel = arena_strdup(arena, kernel ? kernel : "");
    /* within the PTX limit (at most 227 KiB) whenever the module translated */
    IrGlobalSet used = {reach->global_list, reach->global_count};
    plan->dynamic_shared_bytes = (uint32_t)ir_entry_dynamic_shared_bytes_of(m, used);
    return make_slots(arena, reach, plan, error) && make_texture_slots(arena, reach, plan, error);
}

bool rt_plan_entry(Arena *arena, const IrModule *m, const IrEntry *e, const char *kernel, RtPlan *plan,
                   StrBuf *error) {
    IrReach reach;
    ir_reach_init(&reach, arena, m);
    return rt_plan_entry_with(&reach, arena, e, kernel, plan, error);
}
