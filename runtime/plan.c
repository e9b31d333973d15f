/* The parameter plan of a compute entry (docs/targets.md, "Host contract"). */
#include "plan.h"

#include <string.h>

#include "../ir/types.h"
#include "../targets/names.h"
#include "../targets/ptx.h"

static bool is_buffer(const IrGlobal *g) {
    return g->space == IR_SPACE_STORAGE_READ || g->space == IR_SPACE_STORAGE_READ_WRITE ||
           g->space == IR_SPACE_UNIFORM;
}

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

/* Marks the functions reachable from `func` and the globals they name (as the plugin does). */
static void reach(const IrModule *m, IrFuncId func, bool *funcs, bool *globals) {
    if (func >= ir_function_count(m) || funcs[func]) return;
    funcs[func] = true;
    const IrFunction *f = ir_function(m, func);
    for (uint32_t i = 0; i < f->inst_count; i++) {
        const IrInst *inst = &f->insts[i];
        if (inst->op == IR_OP_CALL) reach(m, inst->symbol, funcs, globals);
        if (inst->op == IR_OP_GLOBAL && inst->symbol < ir_global_count(m)) globals[inst->symbol] = true;
    }
}

/* Minimum size and runtime stride of a buffer type (a runtime array, a struct ending in one,
 * or a fixed type). */
static void buffer_extent(const IrModule *m, IrTypeId type, RtSlot *slot) {
    const IrTypeTable *types = &m->types;
    const IrType *t = ir_type(types, type);
    if (t && t->kind == IR_TYPE_ARRAY && t->count == 0) {
        slot->stride = ir_type_array_stride(types, type);
        slot->min_bytes = slot->stride;  /* WebGPU binds at least one element */
        return;
    }
    if (t && t->kind == IR_TYPE_STRUCT && t->field_count > 0) {
        IrTypeId last = t->fields[t->field_count - 1].type;
        const IrType *lt = ir_type(types, last);
        if (lt && lt->kind == IR_TYPE_ARRAY && lt->count == 0) {
            slot->stride = ir_type_array_stride(types, last);
            slot->min_bytes = ir_struct_field_offset(types, type, t->field_count - 1) + slot->stride;
            return;
        }
    }
    slot->min_bytes = ir_type_size(types, type);
}

static RtSlot slot_of(const IrModule *m, IrGlobalId id) {
    const IrGlobal *g = ir_global(m, id);
    RtSlot slot = {g->group, g->binding, id, g->name, g->space, 0, 0};
    buffer_extent(m, g->type, &slot);
    return slot;
}

static void sort_slots(RtSlot *slots, uint32_t n) {
    for (uint32_t i = 1; i < n; i++)  /* insertion sort: few buffers */
        for (uint32_t j = i; j > 0; j--) {
            RtSlot *a = &slots[j - 1], *b = &slots[j];
            if (a->group < b->group || (a->group == b->group && a->binding <= b->binding)) break;
            RtSlot t = *a;
            *a = *b;
            *b = t;
        }
}

enum { MAX_DENSE_BINDING = 4096 };  /* the plugin's cap on placeholder parameters */

static bool make_slots(Arena *arena, const IrModule *m, const bool *used, RtPlan *plan,
                       StrBuf *error) {
    uint32_t n = ir_global_count(m), count = 0, max_binding = 0;
    bool all_group0 = true;
    RtSlot *slots = arena_alloc_array(arena, n + 1, sizeof *slots);
    for (uint32_t g = 0; g < n; g++) {
        const IrGlobal *gl = ir_global(m, g);
        if (!used[g] || !is_buffer(gl)) continue;
        slots[count++] = slot_of(m, g);
        if (gl->group != 0) all_group0 = false;
        if (gl->binding > max_binding) max_binding = gl->binding;
    }
    sort_slots(slots, count);
    plan->slots = slots;
    plan->slot_count = count;
    if (!all_group0 || count == 0) return true;
    if (max_binding > MAX_DENSE_BINDING) {
        strbuf_printf(error, "绑定号 %u 太大", max_binding);
        return false;
    }
    RtSlot *dense = arena_alloc_array(arena, max_binding + 1, sizeof *dense);
    for (uint32_t b = 0; b <= max_binding; b++)
        dense[b] = (RtSlot){0, b, IR_NONE, "", IR_SPACE_STORAGE_READ, 0, 0};
    for (uint32_t i = 0; i < count; i++) dense[slots[i].binding] = slots[i];
    plan->slots = dense;
    plan->slot_count = max_binding + 1;
    return true;
}

bool rt_plan_entry(Arena *arena, const IrModule *m, const IrEntry *e, RtPlan *plan,
                   StrBuf *error) {
    memset(plan, 0, sizeof *plan);
    plan->entry = e;
    if (e->stage != IR_STAGE_COMPUTE || e->func >= ir_function_count(m)) {
        strbuf_printf(error, "入口「%s」不是计算入口", e->name);
        return false;
    }
    for (int a = 0; a < 3; a++) plan->block[a] = e->workgroup_size[a];
    bool *funcs = arena_alloc_array(arena, ir_function_count(m) + 1, sizeof *funcs);
    bool *used = arena_alloc_array(arena, ir_global_count(m) + 1, sizeof *used);
    reach(m, e->func, funcs, used);
    StrBuf name;
    strbuf_init(&name);
    ptx_mangle(&name, PTX_ENTRY_PREFIX, names_legalise(arena, ir_function(m, e->func)->name));
    plan->kernel = arena_strdup(arena, strbuf_cstr(&name));
    strbuf_free(&name);
    return make_slots(arena, m, used, plan, error);
}
