/* fold: constant folding of pure scalar operations whose operands are all `const`. The
 * folded instruction becomes a `const` in place. The values come from the one constant
 * evaluator (ir_const_eval) in its run-time mode: integers wrap as WGSL's u32/i32, and
 * nothing is folded that a target could compute differently or that WGSL's constant
 * evaluation would reject (division by zero, i32 MIN / -1, shifts by 32 or more, NaN and
 * infinity, f16 and most float math) — the evaluator answers IR_EVAL_VARIES for those.
 * Where folding leaves such a constant as the amount of a run-time shift or the divisor of a
 * run-time division, the operand is replaced by one WGSL accepts with the same run-time
 * result (amount mod 32, divisor 1 for 0), and the operation is folded when its other operand
 * is constant too. A value `if` under a constant condition whose arms hold only constants is a
 * constant as well: the WGSL target writes it as `select(a, b, true)`, which WGSL evaluates as
 * a constant expression, so a divisor 0 there was `x / select(1u, 0u, true)` — rejected like
 * `x / 0u` (differential seed 961). */
#include <stdlib.h>

#include "pass.h"
#include "util.h"
#include "../base/memory.h"

static bool is_scalar(const IrModule *m, IrTypeId t) {
    const IrType *ty = ir_type(&m->types, t);
    return ty && (ty->kind == IR_TYPE_BOOL || ty->kind == IR_TYPE_SCALAR);
}

static bool try_fold(IrModule *m, IrFunction *f, IrInst *in) {
    if (in->result_count != 1 || ir_op_info(in->op)->effect != IR_PURE || in->op == IR_OP_CONST ||
        in->arg_count == 0 || in->arg_count > 3 || ir_op_needs_uniform(in->op))
        return false;
    IrTypeId type = ir_value_type(f, in->results[0]);
    if (!is_scalar(m, type)) return false;
    IrLiteral args[3];
    for (uint32_t i = 0; i < in->arg_count; i++) {
        IrTypeId t = ir_value_type(f, in->args[i]);
        if (!is_scalar(m, t) || !pass_const_value(f, in->args[i], &args[i].bits)) return false;
        args[i].type = t;
        args[i].elems = NULL;
        args[i].elem_count = 0;
    }
    IrConstEval eval = {&m->types, &m->arena, IR_EVAL_RUNTIME};
    IrLiteral out;
    if (ir_const_eval(&eval, in->op, type, args, in->arg_count, &out) != IR_EVAL_OK || out.elems) return false;
    in->op = IR_OP_CONST;
    in->arg_count = 0;
    in->literal = out.bits;
    return true;
}

/* The constant an arm yields when it holds nothing but constants and its yield. */
static bool constant_arm(const IrFunction *f, IrBlockId block, uint64_t *bits) {
    const IrBlock *b = ir_block(f, block);
    if (!b || b->inst_count == 0) return false;
    const IrInst *yield = ir_inst(f, b->insts[b->inst_count - 1]);
    if (yield->op != IR_OP_YIELD || yield->arg_count != 1) return false;
    for (uint32_t k = 0; k + 1 < b->inst_count; k++)
        if (ir_inst(f, b->insts[k])->op != IR_OP_CONST) return false;
    return pass_const_value(f, yield->args[0], bits);
}

/* Empties an arm and detaches it from its `if`: no placed instruction owns it any more (the
 * executor's decoder visits every block and looks up its owner's position). */
static void kill_arm(IrFunction *f, IrBlockId block) {
    IrBlock *b = ir_block(f, block);
    while (b->inst_count) pass_kill_inst(f, b->insts[b->inst_count - 1]);
    b->owner = IR_NONE;
}

/* A scalar value `if` with a constant condition and arms of constants becomes the constant
 * of the arm taken. */
static bool fold_constant_if(IrModule *m, IrFunction *f, IrInstId id) {
    IrInst *in = ir_inst(f, id);
    uint64_t condition, then_bits, else_bits;
    if (in->op != IR_OP_IF || in->result_count != 1 || in->block_count != 2 ||
        !is_scalar(m, ir_value_type(f, in->results[0])) || !pass_const_value(f, in->args[0], &condition) ||
        !constant_arm(f, in->blocks[0], &then_bits) || !constant_arm(f, in->blocks[1], &else_bits))
        return false;
    kill_arm(f, in->blocks[0]);
    kill_arm(f, in->blocks[1]);
    in->op = IR_OP_CONST;
    in->arg_count = 0;
    in->block_count = 0;
    in->literal = condition ? then_bits : else_bits;
    return true;
}

/* The run-time value that stands for a folded operand WGSL would reject as a constant: a
 * shift amount of 32 or more is taken mod 32, an integer divisor 0 acts as 1 (x / 0 is x,
 * x % 0 is 0: the run-time rules of docs/exec.md). false when the operand is fine. */
static bool settled_operand(const IrModule *m, const IrFunction *f, const IrInst *in, uint64_t *bits) {
    if (in->arg_count != 2 || !pass_const_value(f, in->args[1], bits)) return false;
    IrTypeId t = ir_value_type(f, in->args[1]);
    const IrType *ty = ir_type(&m->types, t);
    if (!ty || ty->kind != IR_TYPE_SCALAR || ty->scalar == IR_FLOAT) return false;
    uint32_t value = (uint32_t)*bits;
    if ((in->op == IR_OP_SHL || in->op == IR_OP_SHR) && value >= 32) {
        *bits = value & 31u;
        return true;
    }
    if ((in->op == IR_OP_DIV || in->op == IR_OP_REM) && value == 0) {
        *bits = 1;
        return true;
    }
    return false;
}

/* Folding can turn a run-time shift amount or divisor into a constant that a target's
 * constant rules reject (`x << 222u`, `x / 0u`: WGSL shader-creation errors); such an
 * operand gets a new constant of the same run-time meaning, placed before its user. */
static bool settle_operands(IrFunction *f, IrInstId id) {
    uint64_t bits;
    if (!settled_operand(f->module, f, ir_inst(f, id), &bits)) return false;
    IrBuilder b;
    ir_builder_init(&b, f);
    ir_builder_set_block(&b, ir_inst(f, id)->parent);
    b.span = ir_inst(f, id)->span;
    uint32_t pos = pass_inst_position(f, id);
    IrValueId value = ir_build_literal(&b, ir_value_type(f, ir_inst(f, id)->args[1]), bits);
    ir_inst(f, id)->args[1] = value;
    pass_move_tail_to(f, b.block, 1, pos);
    return true;
}

bool pass_fold(PassContext *ctx) {
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++) {
        IrFunction *f = ir_function(ctx->module, i);
        uint32_t n = 0;
        IrInstId *insts = pass_placed_insts(f, &n);
        /* Pre-order visits definitions before uses, so one sweep folds chains. */
        /* A settled operation whose operands are now all constant is folded too: left as
         * `2147483647u << 31u` it would be a WGSL const-expression, and WGSL's constant rules
         * reject the overflow that the run-time rules wrap (differential seed 5297). */
        for (uint32_t k = 0; insts && k < n; k++)
            if (!fold_constant_if(ctx->module, f, insts[k]) && !try_fold(ctx->module, f, ir_inst(f, insts[k])) &&
                settle_operands(f, insts[k]))
                try_fold(ctx->module, f, ir_inst(f, insts[k]));
        mem_free(insts);
    }
    return true;
}
