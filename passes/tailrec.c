/* tail-recursion-to-loop (着十): a local recursive function whose self-calls are all tail
 * calls becomes
 *
 *     %r = loop (%p0' = %p0, ...) { <old body> }   return %r
 *
 * where a self tail call `%t = call @f(a...)` whose result flows straight to `return`
 * (possibly as the result of enclosing ifs) becomes `continue a...` (the loop computes every
 * new argument before it moves them into the parameters), and every other `return v`
 * becomes `break v`. Ifs on the way to the return lose that result: the terminators are
 * pushed into their branches. A self-call anywhere else is reported. */
#include <stdlib.h>

#include "base/memory.h"
#include "pass.h"
#include "util.h"

typedef struct Tailrec {
    IrFunction *f;
    uint32_t *uses;
    bool ok;
} Tailrec;

static bool is_self_call(const IrFunction *f, const IrInst *in) {
    return in && in->op == IR_OP_CALL && in->symbol == f->id;
}

static IrInst *last_inst(const IrFunction *f, IrBlockId block, uint32_t back) {
    const IrBlock *b = ir_block(f, block);
    return b && b->inst_count > back ? ir_inst(f, b->insts[b->inst_count - 1 - back]) : NULL;
}

static void set_args(IrInst *in, const IrValueId *args, uint32_t count) {
    in->args = (IrValueId *)args;
    in->arg_count = count;
}

static void rewrite_tail(Tailrec *t, IrBlockId block, IrValueId value, bool has_value);

/* Whether a self-call sits anywhere in `block` (loops included: one there is reported). */
static bool has_self_call_in(const IrFunction *f, IrBlockId block, uint32_t depth) {
    const IrBlock *b = ir_block(f, block);
    for (uint32_t i = 0; b && depth < 1024 && i < b->inst_count; i++) {
        const IrInst *in = ir_inst(f, b->insts[i]);
        if (is_self_call(f, in)) return true;
        for (uint32_t k = 0; k < in->block_count; k++)
            if (has_self_call_in(f, in->blocks[k], depth + 1)) return true;
    }
    return false;
}

/* The if right before a tail return hands its result `index` (or, for void, nothing) to the
 * return: push the return into both branches and drop the if's results. Only an if with a
 * self-call in a branch needs it; any other keeps its single return after it (the loop's
 * exit stays one `break`, not one per branch: a break in each branch of an if on a
 * non-uniform condition would make the loop exit non-uniformly for the uniformity pass, and
 * a barrier in the loop would be rejected; issue 32, defect 2). */
static bool push_into_if(Tailrec *t, IrInst *cond_if, IrValueId value, bool has_value) {
    if (!has_self_call_in(t->f, cond_if->blocks[0], 0) && !has_self_call_in(t->f, cond_if->blocks[1], 0))
        return false;
    uint32_t index = 0;
    if (has_value) {
        while (index < cond_if->result_count && cond_if->results[index] != value) index++;
        if (index == cond_if->result_count) return false;
    }
    for (uint32_t r = 0; r < cond_if->result_count; r++)
        if (t->uses[cond_if->results[r]] > (r == index && has_value ? 1u : 0u)) return false;
    for (uint32_t k = 0; k < 2; k++) {
        IrInst *end = last_inst(t->f, cond_if->blocks[k], 0);
        if (!end) continue;
        if (end->op == IR_OP_YIELD) {
            bool carries = has_value && index < end->arg_count;
            IrValueId v = carries ? end->args[index] : IR_NONE;
            /* The yield stands for `return v` now. */
            end->op = IR_OP_RETURN;
            if (carries) set_args(end, &end->args[index], 1);
            else set_args(end, end->args, 0);
            rewrite_tail(t, cond_if->blocks[k], v, carries);
        } else if (end->op == IR_OP_RETURN) {
            rewrite_tail(t, cond_if->blocks[k], end->arg_count ? end->args[0] : IR_NONE, end->arg_count != 0);
        }
    }
    cond_if->result_count = 0;
    return true;
}

/* `block` ends in `return value`: turn a self tail call right before it into `continue`. */
static void rewrite_tail(Tailrec *t, IrBlockId block, IrValueId value, bool has_value) {
    IrInst *ret = last_inst(t->f, block, 0);
    IrInst *prev = last_inst(t->f, block, 1);
    if (!ret || ret->op != IR_OP_RETURN || !prev) return;
    if (is_self_call(t->f, prev) &&
        (has_value ? prev->result_count == 1 && prev->results[0] == value && t->uses[value] == 1
                   : prev->result_count == 0)) {
        IrInstId ret_id = ir_block(t->f, block)->insts[ir_block(t->f, block)->inst_count - 1];
        pass_kill_inst(t->f, ret_id);
        prev->op = IR_OP_CONTINUE;
        prev->result_count = 0;
        prev->symbol = IR_NONE;
        return;
    }
    if (prev->op == IR_OP_IF && push_into_if(t, prev, value, has_value)) {
        ret->op = IR_OP_UNREACHABLE;
        ret->arg_count = 0;
    }
}

/* Returns inside loops of the body cannot become breaks of the new loop. */
static bool return_in_loop(const IrFunction *f, IrBlockId block, bool in_loop) {
    const IrBlock *b = ir_block(f, block);
    for (uint32_t i = 0; b && i < b->inst_count; i++) {
        const IrInst *in = ir_inst(f, b->insts[i]);
        if (in->op == IR_OP_RETURN && in_loop) return true;
        for (uint32_t k = 0; k < in->block_count; k++)
            if (return_in_loop(f, in->blocks[k], in_loop || in->op == IR_OP_LOOP)) return true;
    }
    return false;
}

static bool report_self_calls(PassContext *ctx, IrFunction *f) {
    uint32_t n = 0;
    bool found = false;
    IrInstId *insts = pass_placed_insts(f, &n);
    for (uint32_t i = 0; insts && i < n; i++) {
        const IrInst *in = ir_inst(f, insts[i]);
        if (!is_self_call(f, in)) continue;
        diag_error(ctx->diag, Y_NON_TAIL_RECURSION, in->span, "其他递归：局部递归函数「%s」不在尾位置调用自身", f->name);
        diag_note(ctx->diag, f->span, "「%s」在此定义；只有尾位置的自调用能化为循环", f->name);
        found = true;
    }
    mem_free(insts);
    return found;
}

static bool has_self_call(const IrFunction *f) {
    for (uint32_t i = 0; i < f->inst_count; i++)
        if (f->insts[i].parent != IR_NONE && is_self_call(f, &f->insts[i])) return true;
    return false;
}

/* True when `in` sits in the function body without an enclosing loop: a `continue` there
 * (made from a self tail call) will belong to the loop wrap_in_loop creates. */
static bool outside_loops(const IrFunction *f, const IrInst *in) {
    for (IrBlockId block = in->parent; block != f->body;) {
        const IrInst *owner = ir_inst(f, ir_block(f, block)->owner);
        if (!owner || owner->op == IR_OP_LOOP) return false;
        block = owner->parent;
    }
    return true;
}

/* Marks the parameters every self tail call passes on unchanged. They stay function
 * parameters instead of becoming loop parameters, so a pointer (a captured 格) keeps
 * aliasing the caller's variable and targets do not copy loop invariants. */
static bool *invariant_params(IrFunction *f, IrInstId *insts, uint32_t n) {
    bool *invariant = mem_alloc((f->param_count ? f->param_count : 1) * sizeof(bool));
    if (!invariant) return NULL;
    for (uint32_t p = 0; p < f->param_count; p++) invariant[p] = true;
    for (uint32_t i = 0; i < n; i++) {
        const IrInst *in = ir_inst(f, insts[i]);
        if (in->op != IR_OP_CONTINUE || !outside_loops(f, in)) continue;
        for (uint32_t p = 0; p < f->param_count && p < in->arg_count; p++)
            if (in->args[p] != f->params[p]) invariant[p] = false;
    }
    return invariant;
}

/* Drops the arguments of invariant parameters from the loop's own continues. */
static void drop_invariant_args(IrFunction *f, IrInstId *insts, uint32_t n, const bool *invariant) {
    for (uint32_t i = 0; i < n; i++) {
        IrInst *in = ir_inst(f, insts[i]);
        if (in->op != IR_OP_CONTINUE || !outside_loops(f, in)) continue;
        uint32_t kept = 0;
        for (uint32_t p = 0; p < in->arg_count; p++)
            if (p >= f->param_count || !invariant[p]) in->args[kept++] = in->args[p];
        in->arg_count = kept;
    }
}

/* Wraps the body into `loop (params) { body }` and returns its result. Only the parameters
 * that change between iterations become loop parameters. */
static void wrap_in_loop(IrFunction *f) {
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(f, &n);
    bool *invariant = invariant_params(f, insts, n);
    IrValueId *carried = mem_alloc((f->param_count ? f->param_count : 1) * sizeof(IrValueId));
    if (!invariant || !carried) {
        mem_free(insts);
        mem_free(invariant);
        mem_free(carried);
        return;
    }
    uint32_t carried_count = 0;
    for (uint32_t p = 0; p < f->param_count; p++)
        if (!invariant[p]) carried[carried_count++] = f->params[p];
    drop_invariant_args(f, insts, n, invariant);
    mem_free(insts);

    IrBlock *body = ir_block(f, f->body);
    IrInstId *old = body->insts;
    uint32_t old_count = body->inst_count, old_cap = body->inst_cap;
    body->insts = NULL;
    body->inst_count = body->inst_cap = 0;

    IrBuilder b;
    ir_builder_init(&b, f);
    b.span = f->span;
    const IrType *rt = ir_type(&f->module->types, f->return_type);
    bool is_void = rt && rt->kind == IR_TYPE_VOID;
    IrInstId loop = ir_build_loop(&b, carried, carried_count, &f->return_type, is_void ? 0 : 1);
    ir_build_return(&b, is_void ? IR_NONE : ir_inst_result(f, loop, 0));

    IrBlockId lb = ir_loop_body(f, loop);
    IrBlock *loop_body = ir_block(f, lb);
    loop_body->insts = old;
    loop_body->inst_count = old_count;
    loop_body->inst_cap = old_cap;
    for (uint32_t i = 0; i < old_count; i++) ir_inst(f, old[i])->parent = lb;
    for (uint32_t p = 0; p < carried_count; p++) {
        IrValueId param = carried[p], inner = ir_block_param(f, lb, p);
        ir_value(f, inner)->name = ir_value(f, param)->name;
        ir_value(f, inner)->span = ir_value(f, param)->span;
        /* Uses inside the old body now read the loop parameter; the loop's init keeps the
         * function parameter. */
        for (uint32_t k = 0; k < f->inst_count; k++) {
            IrInst *in = &f->insts[k];
            if (k == loop) continue;
            for (uint32_t a = 0; a < in->arg_count; a++)
                if (in->args[a] == param) in->args[a] = inner;
        }
    }
    mem_free(carried);
    mem_free(invariant);
    /* Remaining returns leave the loop. */
    insts = pass_placed_insts(f, &n);
    for (uint32_t i = 0; insts && i < n; i++) {
        IrInst *in = ir_inst(f, insts[i]);
        if (in->op == IR_OP_RETURN && in->parent != f->body) in->op = IR_OP_BREAK;
    }
    mem_free(insts);
}

static bool convert(PassContext *ctx, IrFunction *f) {
    if (!has_self_call(f)) {
        f->local_recursive = false;
        return true;
    }
    if (return_in_loop(f, f->body, false)) {
        diag_error(ctx->diag, Y_NON_TAIL_RECURSION, f->span, "局部递归函数「%s」在循环里返回，无法化为循环", f->name);
        return false;
    }
    Tailrec t = {f, pass_count_uses(f), true};
    if (!t.uses) return false;
    IrInst *ret = last_inst(f, f->body, 0);
    if (ret && ret->op == IR_OP_RETURN)
        rewrite_tail(&t, f->body, ret->arg_count ? ret->args[0] : IR_NONE, ret->arg_count != 0);
    mem_free(t.uses);
    if (report_self_calls(ctx, f)) return false;
    wrap_in_loop(f);
    f->local_recursive = false;
    return true;
}

bool pass_tailrec(PassContext *ctx) {
    bool ok = true;
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++) {
        IrFunction *f = ir_function(ctx->module, i);
        if (f->local_recursive && !convert(ctx, f)) ok = false;
    }
    return ok;
}
