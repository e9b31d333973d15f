/* latch: one back edge per loop. Tail recursion that picks its next arguments with a 若
 * (`若 d 则 走(i+1, 距离, i) 否则 走(i+1, 最近, 序)`) becomes, after tailrec, a loop whose body
 * ends in an if with a `continue` in each branch:
 *
 *     if %d { ...; continue %a, %b } else { ...; continue %c, %e }   unreachable
 *
 * This pass makes the if carry the new arguments out and continues once:
 *
 *     %r0, %r1 = if %d { ...; yield %a, %b } else { ...; yield %c, %e }   continue %r0, %r1
 *
 * applied from the inside out, so a chain of such ifs (否则若) collapses too. The loop then has
 * a single latch whose values are phis of the branches: LLVM turns cheap branches into
 * selects (selp on PTX) instead of keeping one back edge per branch, where the threads of a
 * warp that took different branches re-entered the loop body separately (Rodinia kmeans'
 * nearest-centre loop ran 2.3× nvcc's time; bench/real). Only the default pipeline of the PTX
 * target runs it (docs/passes.md). */
#include "pass.h"
#include "util.h"

static IrInst *last_of(const IrFunction *f, IrBlockId block, uint32_t back) {
    const IrBlock *b = ir_block(f, block);
    return b && b->inst_count > back ? ir_inst(f, b->insts[b->inst_count - 1 - back]) : NULL;
}

/* `if` instruction id when `block` ends `if …; unreachable` with a statement if. */
static IrInstId terminal_if(const IrFunction *f, IrBlockId block) {
    const IrBlock *b = ir_block(f, block);
    IrInst *end = last_of(f, block, 0), *before = last_of(f, block, 1);
    if (!end || !before || end->op != IR_OP_UNREACHABLE || before->op != IR_OP_IF || before->result_count)
        return IR_NONE;
    return b->insts[b->inst_count - 2];
}

static bool merge_if(IrFunction *f, IrInstId if_id);

/* True when `block` ends in `continue` now, after merging a terminal if inside it. */
static bool ends_in_continue(IrFunction *f, IrBlockId block) {
    IrInstId inner = terminal_if(f, block);
    if (inner != IR_NONE) merge_if(f, inner);
    IrInst *end = last_of(f, block, 0);
    return end && end->op == IR_OP_CONTINUE;
}

/* Rewrites a terminal statement if whose branches both end in `continue` (see above). */
static bool merge_if(IrFunction *f, IrInstId if_id) {
    IrInst *in = ir_inst(f, if_id);
    IrBlockId arms[2] = {in->blocks[0], in->blocks[1]};
    bool both = ends_in_continue(f, arms[0]);
    both = ends_in_continue(f, arms[1]) && both;
    if (!both) return false;
    IrInst *first = last_of(f, arms[0], 0);
    uint32_t n = first->arg_count;
    IrTypeId *types = arena_alloc_array(&f->module->arena, n ? n : 1, sizeof *types);
    for (uint32_t i = 0; i < n; i++) types[i] = ir_value_type(f, first->args[i]);
    IrBlockId home = ir_inst(f, if_id)->parent;
    IrInstId unreachable = ir_block(f, home)->insts[ir_block(f, home)->inst_count - 1];
    IrBuilder b;
    ir_builder_init(&b, f);
    ir_builder_set_block(&b, home);
    b.span = ir_inst(f, if_id)->span;
    IrValueId cond = ir_inst(f, if_id)->args[0];
    IrInstId merged = ir_build_inst(&b, IR_OP_IF, types, n, &cond, 1);
    IrInst *m = ir_inst(f, merged);
    m->blocks[0] = arms[0];
    m->blocks[1] = arms[1];
    m->block_count = 2;
    for (uint32_t k = 0; k < 2; k++) {
        ir_block(f, arms[k])->owner = merged;
        last_of(f, arms[k], 0)->op = IR_OP_YIELD;
    }
    IrValueId *results = arena_alloc_array(&f->module->arena, n ? n : 1, sizeof *results);
    for (uint32_t i = 0; i < n; i++) results[i] = ir_inst_result(f, merged, i);
    ir_build_continue(&b, results, n);
    pass_kill_inst(f, if_id);
    pass_kill_inst(f, unreachable);
    return true;
}

/* A terminal if deeper in a loop body (under an if that breaks on its other branch, as the
 * loop test `若 i 小于 n 则 … 否则 结果` gives) is reached through the blocks of those ifs. */
static void merge_nested(IrFunction *f, IrBlockId block) {
    IrInstId tail = terminal_if(f, block);
    if (tail == IR_NONE) return;
    if (merge_if(f, tail)) return;
    const IrInst *in = ir_inst(f, tail);  /* its blocks copied first: merging adds instructions */
    IrBlockId arms[2] = {in->blocks[0], in->blocks[1]};
    uint32_t count = in->block_count;
    for (uint32_t k = 0; k < count; k++) merge_nested(f, arms[k]);
}

static void merge_loops(IrFunction *f, IrBlockId block) {
    for (uint32_t i = 0; i < ir_block(f, block)->inst_count; i++) {
        IrInst *in = ir_inst(f, ir_block(f, block)->insts[i]);
        for (uint32_t k = 0; k < in->block_count; k++) merge_loops(f, in->blocks[k]);
        in = ir_inst(f, ir_block(f, block)->insts[i]);
        if (in->op == IR_OP_LOOP) merge_nested(f, in->blocks[0]);
    }
}

bool pass_latch(PassContext *ctx) {
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++) {
        IrFunction *f = ir_function(ctx->module, i);
        if (f) merge_loops(f, f->body);
    }
    return true;
}
