#include "util.h"

#include "base/memory.h"

#include "../ir/abi.h"

#include <stdlib.h>
#include <string.h>

uint32_t pass_inst_position(const IrFunction *f, IrInstId inst) {
    const IrInst *in = ir_inst(f, inst);
    const IrBlock *b = in ? ir_block(f, in->parent) : NULL;
    for (uint32_t i = 0; b && i < b->inst_count; i++)
        if (b->insts[i] == inst) return i;
    return UINT32_MAX;
}

void pass_kill_inst(IrFunction *f, IrInstId inst) {
    IrInst *in = ir_inst(f, inst);
    if (!in) return;
    uint32_t pos = pass_inst_position(f, inst);
    IrBlock *b = ir_block(f, in->parent);
    if (b && pos != UINT32_MAX) {
        memmove(&b->insts[pos], &b->insts[pos + 1], (b->inst_count - pos - 1) * sizeof *b->insts);
        b->inst_count--;
    }
    pass_retire_inst(f, inst);
}

void pass_retire_inst(IrFunction *f, IrInstId inst) {
    IrInst *in = ir_inst(f, inst);
    if (!in) return;
    in->op = IR_OP_UNREACHABLE;
    in->arg_count = 0;
    in->result_count = 0;
    in->block_count = 0;
    in->index_count = 0;
    in->parent = IR_NONE;
}

void pass_move_tail_to(IrFunction *f, IrBlockId block, uint32_t count, uint32_t pos) {
    IrBlock *b = ir_block(f, block);
    if (!b || count == 0 || count > b->inst_count || pos >= b->inst_count - count + 1) return;
    IrInstId *tail = mem_alloc(count * sizeof *tail);
    if (!tail) return;
    uint32_t start = b->inst_count - count;
    memcpy(tail, &b->insts[start], count * sizeof *tail);
    memmove(&b->insts[pos + count], &b->insts[pos], (start - pos) * sizeof *b->insts);
    memcpy(&b->insts[pos], tail, count * sizeof *tail);
    mem_free(tail);
}

static void collect(const IrFunction *f, IrBlockId id, IrInstId *out, uint32_t *n, uint32_t cap) {
    const IrBlock *b = ir_block(f, id);
    for (uint32_t i = 0; b && i < b->inst_count; i++) {
        const IrInst *in = ir_inst(f, b->insts[i]);
        if (!in || *n >= cap) continue;
        out[(*n)++] = b->insts[i];
        for (uint32_t k = 0; k < in->block_count; k++) collect(f, in->blocks[k], out, n, cap);
    }
}

IrInstId *pass_placed_insts(const IrFunction *f, uint32_t *count) {
    IrInstId *out = mem_alloc((f->inst_count + 1) * sizeof *out);
    *count = 0;
    if (out) collect(f, f->body, out, count, f->inst_count);
    return out;
}

void pass_replace_uses(IrFunction *f, IrValueId from, IrValueId to) {
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(f, &n);
    for (uint32_t i = 0; insts && i < n; i++) {
        IrInst *in = ir_inst(f, insts[i]);
        for (uint32_t a = 0; a < in->arg_count; a++)
            if (in->args[a] == from) in->args[a] = to;
    }
    mem_free(insts);
}

uint32_t *pass_count_uses(const IrFunction *f) {
    uint32_t *uses = mem_calloc(f->value_count + 1, sizeof *uses);
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(f, &n);
    for (uint32_t i = 0; uses && insts && i < n; i++) {
        const IrInst *in = ir_inst(f, insts[i]);
        for (uint32_t a = 0; a < in->arg_count; a++)
            if (in->args[a] < f->value_count) uses[in->args[a]]++;
    }
    mem_free(insts);
    return uses;
}

bool pass_const_value(const IrFunction *f, IrValueId v, uint64_t *bits) {
    const IrValue *value = ir_value(f, v);
    if (!value || value->kind != IR_VALUE_RESULT) return false;
    const IrInst *def = ir_inst(f, value->def);
    if (!def || def->op != IR_OP_CONST) return false;
    *bits = def->literal;
    return true;
}

/* Removed instructions become operand-less `unreachable`s, so the shared reach over all of a
 * function's instructions (ir/abi.c) sees exactly the placed calls. */
bool *pass_reachable_functions(const IrModule *m) {
    bool *reach = mem_calloc(ir_function_count(m) + 1, sizeof *reach);
    bool *globals = mem_calloc(ir_global_count(m) + 1, sizeof *globals);
    for (uint32_t e = 0; reach && globals && e < ir_entry_count(m); e++)
        ir_reach(m, ir_entry(m, e)->func, reach, globals);
    mem_free(globals);
    return reach;
}

void pass_remove_functions(IrModule *m, const bool *keep) {
    uint32_t count = ir_function_count(m);
    uint32_t *new_id = mem_alloc((count + 1) * sizeof *new_id);
    if (!new_id) return;
    uint32_t next = 0;
    for (uint32_t i = 0; i < count; i++) new_id[i] = keep[i] ? next++ : IR_NONE;
    for (uint32_t i = 0, out = 0; i < count; i++) {
        IrFunction *f = m->functions.items[i];
        if (!keep[i]) continue;
        f->id = new_id[i];
        m->functions.items[out++] = f;
    }
    m->functions.len = next;
    for (uint32_t i = 0; i < next; i++) {
        IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            IrInst *in = &f->insts[k];
            if (in->op == IR_OP_CALL && in->symbol < count) in->symbol = new_id[in->symbol];
        }
    }
    for (uint32_t e = 0; e < ir_entry_count(m); e++) {
        IrEntry *entry = ir_entry(m, e);
        if (entry->func < count) entry->func = new_id[entry->func];
    }
    mem_free(new_id);
}
