/* inline: replaces calls to user functions by a copy of the callee's body (policy
 * INLINE_ALL, the PTX target: 着十 "用户函数在用处内联"). A callee whose only return ends
 * its body is spliced in place; otherwise the copy is wrapped in a one-trip
 * `loop { ... break v }` so that early returns become breaks. Spans and value names are
 * kept. Afterwards, functions no entry reaches are removed. */
#include <stdlib.h>
#include <string.h>

#include "pass.h"
#include "util.h"

enum { MAX_INLINE_ROUNDS = 64 };

typedef struct Copier {
    IrFunction *to;
    const IrFunction *from;
    IrValueId *map;        /* callee value -> caller value */
    bool returns_break;    /* turn `return v` into `break v` (wrapped copy) */
} Copier;

static IrValueId mapped(const Copier *c, IrValueId v) {
    return v < c->from->value_count && c->map[v] != IR_NONE ? c->map[v] : v;
}

static void copy_block(Copier *c, IrBuilder *b, IrBlockId from_block, bool top);

static void copy_inst(Copier *c, IrBuilder *b, const IrInst *in, bool top) {
    IrFunction *to = c->to;
    IrModule *m = to->module;
    b->span = in->span;
    IrValueId *args = malloc((in->arg_count + 1) * sizeof *args);
    IrTypeId *types = malloc((in->result_count + 1) * sizeof *types);
    if (!args || !types) {
        free(args);
        free(types);
        return;
    }
    for (uint32_t i = 0; i < in->arg_count; i++) args[i] = mapped(c, in->args[i]);
    for (uint32_t i = 0; i < in->result_count; i++) types[i] = ir_value_type(c->from, in->results[i]);
    IrOp op = in->op;
    IrInstId id;
    if (op == IR_OP_RETURN && top && !c->returns_break) {
        id = IR_NONE;  /* the spliced body's final return: its value replaces the call's */
    } else if (op == IR_OP_IF) {
        id = ir_build_if(b, args[0], types, in->result_count);
    } else if (op == IR_OP_LOOP) {
        id = ir_build_loop(b, args, in->arg_count, types, in->result_count);
    } else {
        id = ir_build_inst(b, op == IR_OP_RETURN ? IR_OP_BREAK : op, types, in->result_count, args,
                           in->arg_count);
    }
    free(args);
    free(types);
    if (id == IR_NONE) return;
    IrInst *out = ir_inst(to, id);
    out->literal = in->literal;
    out->symbol = in->symbol;
    if (in->index_count) {
        out->indices = arena_alloc_array(&m->arena, in->index_count, sizeof *out->indices);
        memcpy(out->indices, in->indices, in->index_count * sizeof *out->indices);
        out->index_count = in->index_count;
    }
    for (uint32_t i = 0; i < in->result_count; i++) {
        IrValueId r = ir_inst_result(to, id, i);
        const IrValue *src = ir_value(c->from, in->results[i]);
        ir_value(to, r)->name = src->name;
        ir_value(to, r)->span = src->span;
        c->map[in->results[i]] = r;
    }
    for (uint32_t k = 0; k < in->block_count; k++) {
        IrBlockId nb = ir_inst(to, id)->blocks[k];
        const IrBlock *src = ir_block(c->from, in->blocks[k]);
        for (uint32_t p = 0; p < src->param_count; p++) {
            IrValueId np = ir_block_param(to, nb, p);
            ir_value(to, np)->name = ir_value(c->from, src->params[p])->name;
            ir_value(to, np)->span = ir_value(c->from, src->params[p])->span;
            c->map[src->params[p]] = np;
        }
        IrBlockId saved = b->block;
        ir_builder_set_block(b, nb);
        copy_block(c, b, in->blocks[k], false);
        ir_builder_set_block(b, saved);
    }
}

static void copy_block(Copier *c, IrBuilder *b, IrBlockId from_block, bool top) {
    const IrBlock *blk = ir_block(c->from, from_block);
    for (uint32_t i = 0; blk && i < blk->inst_count; i++) copy_inst(c, b, ir_inst(c->from, blk->insts[i]), top);
}

/* The callee's body ends in its only return, outside any if or loop. */
static bool single_final_return(const IrFunction *g) {
    uint32_t n = 0, returns = 0;
    IrInstId *insts = pass_placed_insts(g, &n);
    for (uint32_t i = 0; insts && i < n; i++)
        if (ir_inst(g, insts[i])->op == IR_OP_RETURN) returns++;
    free(insts);
    const IrBlock *body = ir_block(g, g->body);
    const IrInst *end = body->inst_count ? ir_inst(g, body->insts[body->inst_count - 1]) : NULL;
    return returns == 1 && end && end->op == IR_OP_RETURN;
}

static bool return_in_loop(const IrFunction *g, IrBlockId block, bool in_loop) {
    const IrBlock *b = ir_block(g, block);
    for (uint32_t i = 0; b && i < b->inst_count; i++) {
        const IrInst *in = ir_inst(g, b->insts[i]);
        if (in->op == IR_OP_RETURN && in_loop) return true;
        for (uint32_t k = 0; k < in->block_count; k++)
            if (return_in_loop(g, in->blocks[k], in_loop || in->op == IR_OP_LOOP)) return true;
    }
    return false;
}

/* Inlines one call; false (with a diagnostic) when the callee cannot be inlined. */
static bool inline_call(PassContext *ctx, IrFunction *f, IrInstId call) {
    IrInst *in = ir_inst(f, call);
    const IrFunction *g = ir_function(ctx->module, in->symbol);
    if (!g) return false;
    bool splice = single_final_return(g);
    if (!splice && return_in_loop(g, g->body, false)) {
        diag_error(ctx->diag, in->span, "无法内联「%s」：它在循环里返回", g->name);
        return false;
    }
    Copier c = {f, g, malloc((g->value_count + 1) * sizeof(IrValueId)), !splice};
    if (!c.map) return false;
    for (uint32_t i = 0; i < g->value_count; i++) c.map[i] = IR_NONE;
    for (uint32_t i = 0; i < g->param_count && i < in->arg_count; i++) c.map[g->params[i]] = in->args[i];

    IrBlockId block = in->parent;
    uint32_t pos = pass_inst_position(f, call);
    uint32_t before = ir_block(f, block)->inst_count;
    IrBuilder b;
    ir_builder_init(&b, f);
    ir_builder_set_block(&b, block);
    const IrType *rt = ir_type(&ctx->module->types, g->return_type);
    bool is_void = !rt || rt->kind == IR_TYPE_VOID;
    IrValueId result = IR_NONE;
    if (splice) {
        copy_block(&c, &b, g->body, true);
        const IrBlock *body = ir_block(g, g->body);
        const IrInst *ret = ir_inst(g, body->insts[body->inst_count - 1]);
        if (ret->arg_count) result = mapped(&c, ret->args[0]);
    } else {
        b.span = in->span;
        IrInstId loop = ir_build_loop(&b, NULL, 0, &g->return_type, is_void ? 0 : 1);
        ir_builder_set_block(&b, ir_loop_body(f, loop));
        copy_block(&c, &b, g->body, true);
        result = is_void ? IR_NONE : ir_inst_result(f, loop, 0);
    }
    free(c.map);
    in = ir_inst(f, call);  /* the instruction array may have moved */
    uint32_t added = ir_block(f, block)->inst_count - before;
    pass_move_tail_to(f, block, added, pos);
    if (in->result_count && result != IR_NONE) pass_replace_uses(f, in->results[0], result);
    pass_kill_inst(f, call);
    return true;
}

static IrInstId find_call(const IrFunction *f) {
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(f, &n), found = IR_NONE;
    for (uint32_t i = 0; insts && i < n && found == IR_NONE; i++)
        if (ir_inst(f, insts[i])->op == IR_OP_CALL) found = insts[i];
    free(insts);
    return found;
}

static bool inline_all_in(PassContext *ctx, IrFunction *f) {
    uint32_t budget = MAX_INLINE_ROUNDS * (f->inst_count + 16);
    for (IrInstId call = find_call(f); call != IR_NONE; call = find_call(f)) {
        const IrInst *in = ir_inst(f, call);
        if (in->symbol == f->id || budget-- == 0) {
            diag_error(ctx->diag, in->span, "无法内联：函数「%s」递归调用自身", f->name);
            return false;
        }
        if (!inline_call(ctx, f, call)) return false;
    }
    return true;
}

bool pass_inline(PassContext *ctx) {
    if (ctx->inline_policy == INLINE_NONE) return true;
    bool ok = true;
    for (uint32_t i = 0; i < ir_function_count(ctx->module); i++)
        if (!inline_all_in(ctx, ir_function(ctx->module, i))) ok = false;
    if (!ok) return false;
    bool *reach = pass_reachable_functions(ctx->module);
    if (!reach) return false;
    /* A module without entries (a library under test) keeps its functions. */
    if (ir_entry_count(ctx->module)) pass_remove_functions(ctx->module, reach);
    free(reach);
    return true;
}
