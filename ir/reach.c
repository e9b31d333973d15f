/* One function's reach after another (ir/abi.h, IrReach): a worklist over the call graph that
 * marks what ir_reach and ir_reach_lengths mark, and clears only what the last call marked. */
#include <stdlib.h>
#include <string.h>

#include "abi.h"

void ir_reach_init(IrReach *r, Arena *arena, const IrModule *m) {
    uint32_t nf = ir_function_count(m), ng = ir_global_count(m);
    *r = (IrReach){.module = m};
    r->funcs = arena_alloc_array(arena, nf + 1, sizeof *r->funcs);
    r->globals = arena_alloc_array(arena, ng + 1, sizeof *r->globals);
    r->lengths = arena_alloc_array(arena, ng + 1, sizeof *r->lengths);
    r->func_list = arena_alloc_array(arena, nf + 1, sizeof *r->func_list);
    r->global_list = arena_alloc_array(arena, ng + 1, sizeof *r->global_list);
    r->length_list = arena_alloc_array(arena, ng + 1, sizeof *r->length_list);
}

static int compare_ids(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void unmark(bool *marks, const uint32_t *list, uint32_t count) {
    for (uint32_t k = 0; k < count; k++) marks[list[k]] = false;
}

static void clear_last(IrReach *r) {
    unmark(r->funcs, r->func_list, r->func_count);
    unmark(r->globals, r->global_list, r->global_count);
    unmark(r->lengths, r->length_list, r->length_count);
    r->steps += (uint64_t)r->func_count + r->global_count + r->length_count;
    r->func_count = r->global_count = r->length_count = 0;
}

static void mark(bool *marks, uint32_t *list, uint32_t *count, uint32_t id) {
    if (marks[id]) return;
    marks[id] = true;
    list[(*count)++] = id;
}

/* The calls, globals and length targets of one reached function. */
static void scan_function(IrReach *r, const IrFunction *f) {
    uint32_t nf = ir_function_count(r->module), ng = ir_global_count(r->module);
    for (uint32_t i = 0; i < f->inst_count; i++) {
        const IrInst *inst = &f->insts[i];
        if (inst->op == IR_OP_CALL && inst->symbol < nf)
            mark(r->funcs, r->func_list, &r->func_count, inst->symbol);
        else if (inst->op == IR_OP_GLOBAL && inst->symbol < ng)
            mark(r->globals, r->global_list, &r->global_count, inst->symbol);
        IrGlobalId measured = ir_length_target(f, inst);
        if (measured != IR_NONE) mark(r->lengths, r->length_list, &r->length_count, measured);
    }
    r->steps += f->inst_count;
}

void ir_reach_from(IrReach *r, IrFuncId func) {
    clear_last(r);
    if (func >= ir_function_count(r->module)) return;
    mark(r->funcs, r->func_list, &r->func_count, func);
    for (uint32_t next = 0; next < r->func_count; next++)
        scan_function(r, ir_function(r->module, r->func_list[next]));
    qsort(r->func_list, r->func_count, sizeof *r->func_list, compare_ids);
    qsort(r->global_list, r->global_count, sizeof *r->global_list, compare_ids);
    qsort(r->length_list, r->length_count, sizeof *r->length_list, compare_ids);
}
