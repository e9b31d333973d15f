/* fold: constant folding of pure scalar operations whose operands are all `const`. The
 * folded instruction becomes a `const` in place. The values come from the one constant
 * evaluator (ir_const_eval) in its run-time mode: integers wrap as WGSL's u32/i32, and
 * nothing is folded that a target could compute differently or that WGSL's constant
 * evaluation would reject (division by zero, i32 MIN / -1, shifts by 32 or more, NaN and
 * infinity, f16 and most float math) — the evaluator answers IR_EVAL_VARIES for those. */
#include <stdlib.h>

#include "pass.h"
#include "util.h"

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

bool pass_fold(PassContext *ctx) {
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++) {
        IrFunction *f = ir_function(ctx->module, i);
        uint32_t n = 0;
        IrInstId *insts = pass_placed_insts(f, &n);
        /* Pre-order visits definitions before uses, so one sweep folds chains. */
        for (uint32_t k = 0; insts && k < n; k++) try_fold(ctx->module, f, ir_inst(f, insts[k]));
        free(insts);
    }
    return true;
}
