#include "abi.h"

#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "hopper.h"

void ir_reach(const IrModule *m, IrFuncId func, bool *funcs, bool *globals) {
    if (func >= ir_function_count(m) || funcs[func]) return;
    funcs[func] = true;
    const IrFunction *f = ir_function(m, func);
    for (uint32_t i = 0; i < f->inst_count; i++) {
        const IrInst *inst = &f->insts[i];
        if (inst->op == IR_OP_CALL) ir_reach(m, inst->symbol, funcs, globals);
        if (inst->op == IR_OP_GLOBAL && inst->symbol < ir_global_count(m)) globals[inst->symbol] = true;
    }
}

bool ir_global_is_buffer(const IrGlobal *g) {
    return g->space == IR_SPACE_STORAGE_READ || g->space == IR_SPACE_STORAGE_READ_WRITE ||
           g->space == IR_SPACE_UNIFORM;
}

typedef struct BindingKey {
    uint64_t binding;  /* group << 32 | binding */
    IrGlobalId id;
} BindingKey;

static int compare_binding_keys(const void *a, const void *b) {
    const BindingKey *x = a, *y = b;
    if (x->binding != y->binding) return x->binding < y->binding ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* By (group, binding), ties by id: the order a stable sort of ascending ids gives, in
 * O(n log n) (a kernel may use thousands of buffers). */
static void sort_by_binding(Arena *arena, const IrModule *m, IrGlobalId *ids, uint32_t n) {
    BindingKey *keys = arena_alloc_array(arena, n + 1, sizeof *keys);
    for (uint32_t i = 0; i < n; i++) {
        const IrGlobal *g = ir_global(m, ids[i]);
        keys[i] = (BindingKey){(uint64_t)g->group << 32 | g->binding, ids[i]};
    }
    qsort(keys, n, sizeof *keys, compare_binding_keys);
    for (uint32_t i = 0; i < n; i++) ids[i] = keys[i].id;
}

static IrBufferParam param_of(const IrModule *m, IrGlobalId id) {
    const IrGlobal *g = ir_global(m, id);
    return (IrBufferParam){id, g->group, g->binding, false};
}

static const IrInst *def_inst(const IrFunction *f, IrValueId v) {
    const IrValue *value = ir_value(f, v);
    return value && value->kind == IR_VALUE_RESULT ? ir_inst(f, value->def) : NULL;
}

IrGlobalId ir_length_target(const IrFunction *f, const IrInst *inst) {
    if (inst->op != IR_OP_ARRAY_LENGTH || inst->arg_count != 1) return IR_NONE;
    const IrInst *d = def_inst(f, inst->args[0]);
    if (d && d->op == IR_OP_ACCESS && d->arg_count == 2) d = def_inst(f, d->args[0]);
    if (!d || d->op != IR_OP_GLOBAL || d->symbol >= ir_global_count(f->module)) return IR_NONE;
    return ir_global_is_buffer(ir_global(f->module, d->symbol)) ? d->symbol : IR_NONE;
}

void ir_reach_lengths(const IrModule *m, const bool *funcs, bool *lengths) {
    for (uint32_t fi = 0; fi < ir_function_count(m); fi++) {
        if (!funcs[fi]) continue;
        const IrFunction *f = ir_function(m, fi);
        for (uint32_t i = 0; i < f->inst_count; i++) {
            IrGlobalId g = ir_length_target(f, &f->insts[i]);
            if (g != IR_NONE) lengths[g] = true;
        }
    }
}

/* ---- ir_reach_each ---- */

typedef struct ReachEach {
    Arena *arena;
    const IrModule *m;
    uint32_t nf, ng;
    uint32_t *global_mark;  /* per global: the last function whose set took it */
    uint32_t *callee_mark;  /* per function: the last function that took its sets */
    IrGlobalId *scratch;    /* the set being built */
} ReachEach;

static int compare_ids(const void *a, const void *b) {
    IrGlobalId x = *(const IrGlobalId *)a, y = *(const IrGlobalId *)b;
    return x < y ? -1 : x > y;
}

static void take(ReachEach *r, uint32_t f, IrGlobalId g, uint32_t *count) {
    if (g >= r->ng || r->global_mark[g] == f) return;
    r->global_mark[g] = f;
    r->scratch[(*count)++] = g;
}

static IrGlobalSet finish_set(ReachEach *r, uint32_t count) {
    qsort(r->scratch, count, sizeof *r->scratch, compare_ids);
    IrGlobalId *ids = arena_alloc_array(r->arena, count + 1, sizeof *ids);
    if (count) memcpy(ids, r->scratch, count * sizeof *ids);
    return (IrGlobalSet){ids, count};
}

/* The functions in post-order of the call graph (callees first), by an explicit stack; false
 * when the calls form a cycle. */
static bool call_post_order(ReachEach *r, uint32_t *order) {
    unsigned char *state = arena_alloc_array(r->arena, r->nf + 1, 1);  /* 0 new, 1 open, 2 done */
    uint32_t *stack = arena_alloc_array(r->arena, r->nf + 1, sizeof *stack);
    uint32_t *next = arena_alloc_array(r->arena, r->nf + 1, sizeof *next);  /* per open function: next inst */
    uint32_t done = 0;
    for (uint32_t root = 0; root < r->nf; root++) {
        if (state[root]) continue;
        uint32_t depth = 0;
        stack[depth++] = root;
        state[root] = 1;
        next[root] = 0;
        while (depth) {
            uint32_t f = stack[depth - 1];
            const IrFunction *fn = ir_function(r->m, f);
            uint32_t callee = IR_NONE;
            while (next[f] < fn->inst_count && callee == IR_NONE) {
                const IrInst *inst = &fn->insts[next[f]++];
                if (inst->op == IR_OP_CALL && inst->symbol < r->nf) callee = inst->symbol;
            }
            if (callee == IR_NONE) {
                state[f] = 2;
                order[done++] = f;
                depth--;
            } else if (state[callee] == 1) {
                return false;
            } else if (state[callee] == 0) {
                state[callee] = 1;
                next[callee] = 0;
                stack[depth++] = callee;
            }
        }
    }
    return true;
}

/* f's own globals (or length targets) and its callees' sets, callees already done. */
static IrGlobalSet union_set(ReachEach *r, uint32_t f, const IrGlobalSet *sets, bool lengths) {
    const IrFunction *fn = ir_function(r->m, f);
    uint32_t count = 0;
    for (uint32_t i = 0; i < fn->inst_count; i++) {
        const IrInst *inst = &fn->insts[i];
        if (lengths) {
            IrGlobalId g = ir_length_target(fn, inst);
            if (g != IR_NONE) take(r, f, g, &count);
        } else if (inst->op == IR_OP_GLOBAL) {
            take(r, f, inst->symbol, &count);
        }
        if (inst->op != IR_OP_CALL || inst->symbol >= r->nf || inst->symbol == f ||
            r->callee_mark[inst->symbol] == f)
            continue;
        r->callee_mark[inst->symbol] = f;
        const IrGlobalSet *callee = &sets[inst->symbol];
        for (uint32_t k = 0; k < callee->count; k++) take(r, f, callee->ids[k], &count);
    }
    return finish_set(r, count);
}

static void fill_sets(ReachEach *r, const uint32_t *order, IrGlobalSet *sets, bool lengths) {
    for (uint32_t i = 0; i < r->nf; i++) r->callee_mark[i] = IR_NONE;
    for (uint32_t g = 0; g < r->ng; g++) r->global_mark[g] = IR_NONE;
    for (uint32_t i = 0; i < r->nf; i++) sets[order[i]] = union_set(r, order[i], sets, lengths);
}

/* The exact fallback for a cycle of calls: one ir_reach per function. */
static void reach_each_slowly(ReachEach *r, IrGlobalSet *uses, IrGlobalSet *lengths) {
    bool *funcs = arena_alloc_array(r->arena, r->nf + 1, sizeof *funcs);
    bool *used = arena_alloc_array(r->arena, r->ng + 1, sizeof *used);
    bool *measured = arena_alloc_array(r->arena, r->ng + 1, sizeof *measured);
    for (uint32_t f = 0; f < r->nf; f++) {
        memset(funcs, 0, r->nf + 1);
        memset(used, 0, r->ng + 1);
        memset(measured, 0, r->ng + 1);
        ir_reach(r->m, f, funcs, used);
        ir_reach_lengths(r->m, funcs, measured);
        uint32_t count = 0;
        for (uint32_t g = 0; g < r->ng; g++)
            if (used[g]) r->scratch[count++] = g;
        uses[f] = finish_set(r, count);
        count = 0;
        for (uint32_t g = 0; g < r->ng; g++)
            if (measured[g]) r->scratch[count++] = g;
        lengths[f] = finish_set(r, count);
    }
}

void ir_reach_each(Arena *arena, const IrModule *m, IrGlobalSet *uses, IrGlobalSet *lengths) {
    ReachEach r = {arena, m, ir_function_count(m), ir_global_count(m), NULL, NULL, NULL};
    r.global_mark = arena_alloc_array(arena, r.ng + 1, sizeof *r.global_mark);
    r.callee_mark = arena_alloc_array(arena, r.nf + 1, sizeof *r.callee_mark);
    r.scratch = arena_alloc_array(arena, r.ng + 1, sizeof *r.scratch);
    uint32_t *order = arena_alloc_array(arena, r.nf + 1, sizeof *order);
    if (!call_post_order(&r, order)) {
        reach_each_slowly(&r, uses, lengths);
        return;
    }
    fill_sets(&r, order, uses, false);
    fill_sets(&r, order, lengths, true);
}

bool ir_runtime_array_extent(const IrTypeTable *types, IrTypeId type, uint32_t *offset,
                             uint32_t *stride) {
    const IrType *t = ir_type(types, type);
    uint32_t start = 0;
    IrTypeId array = type;
    if (t && t->kind == IR_TYPE_STRUCT && t->field_count > 0) {
        start = ir_struct_field_offset(types, type, t->field_count - 1);
        array = t->fields[t->field_count - 1].type;
        t = ir_type(types, array);
    }
    if (!t || t->kind != IR_TYPE_ARRAY || t->count != 0) return false;
    *offset = start;
    *stride = ir_type_array_stride(types, array);
    return true;
}

/* The length list: the buffers of `lengths` among the used ones, by (group, binding). Both
 * sets ascend by id. */
static void length_list(Arena *arena, const IrModule *m, IrGlobalSet used, IrGlobalSet lengths,
                        IrBufferParams *out) {
    uint32_t count = 0;
    IrGlobalId *ids = arena_alloc_array(arena, lengths.count + 1, sizeof *ids);
    for (uint32_t i = 0, u = 0; i < lengths.count; i++) {
        IrGlobalId g = lengths.ids[i];
        while (u < used.count && used.ids[u] < g) u++;
        if (u < used.count && used.ids[u] == g && ir_global_is_buffer(ir_global(m, g))) ids[count++] = g;
    }
    sort_by_binding(arena, m, ids, count);
    out->lengths = ids;
    out->length_count = count;
}

uint32_t ir_length_slot(const IrBufferParams *params, IrGlobalId global) {
    for (uint32_t k = 0; k < params->length_count; k++)
        if (params->lengths[k] == global) return k;
    return IR_NONE;
}

bool ir_buffer_params_of(Arena *arena, const IrModule *m, IrGlobalSet used, IrGlobalSet lengths,
                         IrBufferParams *out) {
    uint32_t count = 0, max_binding = 0;
    bool all_group0 = true;
    IrGlobalId *ids = arena_alloc_array(arena, used.count + 1, sizeof *ids);
    for (uint32_t i = 0; i < used.count; i++) {
        const IrGlobal *gl = ir_global(m, used.ids[i]);
        if (!ir_global_is_buffer(gl)) continue;
        ids[count++] = used.ids[i];
        if (gl->group != 0) all_group0 = false;
        if (gl->binding > max_binding) max_binding = gl->binding;
    }
    sort_by_binding(arena, m, ids, count);
    if (all_group0 && count > 0 && max_binding > IR_ABI_MAX_DENSE_BINDING) {
        *out = (IrBufferParams){NULL, 0, max_binding, NULL, 0, NULL, 0};
        return false;
    }
    uint32_t params = all_group0 && count > 0 ? max_binding + 1 : count;
    IrBufferParam *list = arena_alloc_array(arena, params + 2, sizeof *list);
    if (all_group0 && count > 0) {
        for (uint32_t b = 0; b <= max_binding; b++) list[b] = (IrBufferParam){IR_NONE, 0, b, false};
        for (uint32_t i = 0; i < count; i++) list[ir_global(m, ids[i])->binding] = param_of(m, ids[i]);
    } else {
        for (uint32_t i = 0; i < count; i++) list[i] = param_of(m, ids[i]);
    }
    *out = (IrBufferParams){list, params, 0, NULL, 0, NULL, 0};
    length_list(arena, m, used, lengths, out);
    if (out->length_count) list[out->count++] = (IrBufferParam){IR_NONE, 0, 0, true};
    return true;
}

/* The marked ids of `marks` (NULL: none) as a set. */
static IrGlobalSet marked_set(Arena *arena, const bool *marks, uint32_t n) {
    uint32_t count = 0;
    IrGlobalId *ids = arena_alloc_array(arena, n + 1, sizeof *ids);
    for (uint32_t g = 0; marks && g < n; g++)
        if (marks[g]) ids[count++] = g;
    return (IrGlobalSet){ids, count};
}

bool ir_buffer_params(Arena *arena, const IrModule *m, const bool *used, const bool *lengths,
                      IrBufferParams *out) {
    uint32_t n = ir_global_count(m);
    return ir_buffer_params_of(arena, m, marked_set(arena, used, n), marked_set(arena, lengths, n), out);
}

void ir_buffer_param_name(const IrBufferParam *param, char name[IR_ABI_PARAM_NAME_MAX]) {
    if (param->lengths) {
        snprintf(name, IR_ABI_PARAM_NAME_MAX, "%s", IR_ABI_LENGTHS_PARAM);
        return;
    }
    snprintf(name, IR_ABI_PARAM_NAME_MAX, "p_g%u_b%u", param->group, param->binding);
}

uint64_t ir_workgroup_bytes(const IrModule *m, IrGlobalId global) {
    uint64_t size = ir_type_size(&m->types, ir_global(m, global)->type);
    return (size + 15) / 16 * 16;
}

bool ir_shared_is_dynamic(const IrModule *m) {
    uint64_t end = 0;  /* laid out as ir_shared_offset does: each variable at its alignment */
    for (uint32_t g = 0; g < ir_global_count(m); g++) {
        if (ir_global(m, g)->space != IR_SPACE_WORKGROUP) continue;
        uint32_t align = ir_shared_align(m, g);
        end = (end + align - 1) / align * align + ir_workgroup_bytes(m, g);
    }
    return end > IR_ABI_STATIC_SHARED_MAX;
}

uint32_t ir_shared_align(const IrModule *m, IrGlobalId global) {
    return ir_global_needs_1024_alignment(m, global) ? IR_TMA_SWIZZLED_ALIGN : 16;
}

uint32_t ir_shared_base_align(const IrModule *m) {
    for (uint32_t g = 0; g < ir_global_count(m); g++)
        if (ir_global(m, g)->space == IR_SPACE_WORKGROUP && ir_shared_align(m, g) > 16) return IR_TMA_SWIZZLED_ALIGN;
    return 16;
}

uint64_t ir_shared_offset(const IrModule *m, IrGlobalId global) {
    uint64_t offset = 0;
    for (uint32_t g = 0; g <= global && g < ir_global_count(m); g++) {
        if (ir_global(m, g)->space != IR_SPACE_WORKGROUP) continue;
        uint32_t align = ir_shared_align(m, g);
        offset = (offset + align - 1) / align * align;
        if (g < global) offset += ir_workgroup_bytes(m, g);
    }
    return offset;
}

uint64_t ir_entry_dynamic_shared_bytes(const IrModule *m, const bool *used) {
    if (!ir_shared_is_dynamic(m)) return 0;
    uint64_t end = 0;
    for (uint32_t g = 0; g < ir_global_count(m); g++)
        if (used[g] && ir_global(m, g)->space == IR_SPACE_WORKGROUP)
            end = ir_shared_offset(m, g) + ir_workgroup_bytes(m, g);
    return end;
}

uint64_t ir_entry_dynamic_shared_bytes_of(const IrModule *m, IrGlobalSet used) {
    for (uint32_t k = used.count; k-- > 0;) {  /* the last workgroup variable used */
        IrGlobalId g = used.ids[k];
        if (ir_global(m, g)->space != IR_SPACE_WORKGROUP) continue;
        return ir_shared_is_dynamic(m) ? ir_shared_offset(m, g) + ir_workgroup_bytes(m, g) : 0;
    }
    return 0;
}
