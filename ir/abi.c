#include "abi.h"

#include <stdio.h>

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

static bool binding_before(const IrModule *m, IrGlobalId a, IrGlobalId b) {
    const IrGlobal *x = ir_global(m, a), *y = ir_global(m, b);
    return x->group != y->group ? x->group < y->group : x->binding < y->binding;
}

static void sort_by_binding(const IrModule *m, IrGlobalId *ids, uint32_t n) {
    for (uint32_t i = 1; i < n; i++)  /* insertion sort: few buffers */
        for (uint32_t j = i; j > 0 && binding_before(m, ids[j], ids[j - 1]); j--) {
            IrGlobalId t = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = t;
        }
}

static IrBufferParam param_of(const IrModule *m, IrGlobalId id) {
    const IrGlobal *g = ir_global(m, id);
    return (IrBufferParam){id, g->group, g->binding};
}

bool ir_buffer_params(Arena *arena, const IrModule *m, const bool *used, IrBufferParams *out) {
    uint32_t n = ir_global_count(m), count = 0, max_binding = 0;
    bool all_group0 = true;
    IrGlobalId *ids = arena_alloc_array(arena, n + 1, sizeof *ids);
    for (uint32_t g = 0; g < n; g++) {
        const IrGlobal *gl = ir_global(m, g);
        if (!used[g] || !ir_global_is_buffer(gl)) continue;
        ids[count++] = g;
        if (gl->group != 0) all_group0 = false;
        if (gl->binding > max_binding) max_binding = gl->binding;
    }
    sort_by_binding(m, ids, count);
    if (all_group0 && count > 0 && max_binding > IR_ABI_MAX_DENSE_BINDING) {
        *out = (IrBufferParams){NULL, 0, max_binding};
        return false;
    }
    uint32_t params = all_group0 && count > 0 ? max_binding + 1 : count;
    IrBufferParam *list = arena_alloc_array(arena, params + 1, sizeof *list);
    if (all_group0 && count > 0) {
        for (uint32_t b = 0; b <= max_binding; b++) list[b] = (IrBufferParam){IR_NONE, 0, b};
        for (uint32_t i = 0; i < count; i++) list[ir_global(m, ids[i])->binding] = param_of(m, ids[i]);
    } else {
        for (uint32_t i = 0; i < count; i++) list[i] = param_of(m, ids[i]);
    }
    *out = (IrBufferParams){list, params, 0};
    return true;
}

void ir_buffer_param_name(const IrBufferParam *param, char name[IR_ABI_PARAM_NAME_MAX]) {
    snprintf(name, IR_ABI_PARAM_NAME_MAX, "p_g%u_b%u", param->group, param->binding);
}
