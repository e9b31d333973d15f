/* dce: removes instructions whose results nobody uses and that have no effect: pure ops,
 * plain reads (loads, atomic loads, texture reads) and function-space `var`s that are never
 * used. Stores, calls, atomics that write, barriers and control flow stay. Ops that must run
 * in uniform control flow stay too, so that the uniformity check sees what the source
 * wrote. Removing one value can free its operands; the pass repeats until nothing changes. */
#include <stdlib.h>

#include "pass.h"
#include "util.h"
#include "../base/memory.h"

static bool removable(const IrInst *in) {
    if (in->result_count == 0 || ir_op_needs_uniform(in->op)) return false;
    IrEffect effect = ir_op_info(in->op)->effect;
    return effect == IR_PURE || effect == IR_READS || in->op == IR_OP_VAR;
}

static bool unused(const IrInst *in, const uint32_t *uses) {
    for (uint32_t r = 0; r < in->result_count; r++)
        if (uses[in->results[r]]) return false;
    return true;
}

static bool sweep(IrFunction *f) {
    uint32_t *uses = pass_count_uses(f);
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(f, &n);
    bool changed = false;
    /* Backwards: a use is always visited before its definition. */
    for (uint32_t i = n; uses && insts && i-- > 0;) {
        IrInst *in = ir_inst(f, insts[i]);
        if (!removable(in) || !unused(in, uses)) continue;
        for (uint32_t a = 0; a < in->arg_count; a++)
            if (in->args[a] < f->value_count && uses[in->args[a]]) uses[in->args[a]]--;
        pass_kill_inst(f, insts[i]);
        changed = true;
    }
    mem_free(uses);
    mem_free(insts);
    return changed;
}

bool pass_dce(PassContext *ctx) {
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++) {
        IrFunction *f = ir_function(ctx->module, i);
        while (sweep(f)) {
        }
    }
    return true;
}
