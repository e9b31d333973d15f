/* inline: replaces calls to user functions by a copy of the callee's body (policy
 * INLINE_ALL, the PTX target: 着十 "用户函数在用处内联") within the inlining budget: a callee
 * whose copies would add more than ctx->inline_budget instructions stays a function, marked
 * not_inlined, and its calls stay calls, so that the output grows linearly with the input.
 * A callee whose only return ends its body is spliced in place; otherwise the copy is
 * wrapped in a one-trip `loop { ... break v }` so that early returns become breaks. Spans
 * and value names are kept. Afterwards, functions no entry reaches are removed. */
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "pass.h"
#include "util.h"

/* A callee of at most this many instructions (after its own inlining) is always inlined:
 * each call site grows by a bounded amount, so the output stays linear. */
enum { INLINE_TINY_INSTS = 16 };

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
    IrValueId *args = mem_alloc((in->arg_count + 1) * sizeof *args);
    IrTypeId *types = mem_alloc((in->result_count + 1) * sizeof *types);
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
    mem_free(args);
    mem_free(types);
    if (id == IR_NONE) return;
    IrInst *out = ir_inst(to, id);
    out->literal = in->literal;
    out->abstract_literal = in->abstract_literal;
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
    mem_free(insts);
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

/* Call results to replace by the inlined bodies' values, applied once per round of
 * inlining (one walk over the function instead of one per call). */
typedef struct Substitutions {
    IrValueId *from, *to;
    uint32_t count, cap;
} Substitutions;

static void substitution_add(Substitutions *subs, IrValueId from, IrValueId to) {
    if (subs->count == subs->cap) {
        subs->cap = subs->cap ? subs->cap * 2 : 16;
        subs->from = mem_realloc(subs->from, subs->cap * sizeof *subs->from);
        subs->to = mem_realloc(subs->to, subs->cap * sizeof *subs->to);
    }
    subs->from[subs->count] = from;
    subs->to[subs->count++] = to;
}

/* A replacing value may itself be a replaced call result (an argument of a later call
 * inlined in the same round): the map is followed to its end. */
static void substitutions_apply(IrFunction *f, Substitutions *subs) {
    if (!subs->count) return;
    IrValueId *map = mem_alloc((f->value_count + 1) * sizeof *map);
    for (uint32_t v = 0; v < f->value_count; v++) map[v] = IR_NONE;
    for (uint32_t i = 0; i < subs->count; i++)
        if (subs->from[i] < f->value_count) map[subs->from[i]] = subs->to[i];
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(f, &n);
    for (uint32_t i = 0; i < n; i++) {
        IrInst *in = ir_inst(f, insts[i]);
        for (uint32_t a = 0; a < in->arg_count; a++)
            for (uint32_t hops = 0; in->args[a] < f->value_count && map[in->args[a]] != IR_NONE &&
                                    hops < subs->count; hops++)
                in->args[a] = map[in->args[a]];
    }
    mem_free(insts);
    mem_free(map);
    subs->count = 0;
}

/* Whether g's body can stand in for `call`: false, with a diagnostic at the call, when g
 * returns from inside a loop (a break could not leave both loops). */
static bool can_inline(PassContext *ctx, const IrInst *call, const IrFunction *g) {
    if (!g) return false;
    if (!single_final_return(g) && return_in_loop(g, g->body, false)) {
        diag_error(ctx->diag, Y_CANNOT_INLINE, call->span, "无法内联「%s」：它在循环里返回", g->name);
        return false;
    }
    return true;
}

/* Appends a copy of the callee's body to the end of the call's block (the call itself
 * stays where it is: inline_calls_in_block puts the copy in its place) and records that
 * the call's result becomes the copy's. can_inline has accepted the callee. */
static void append_callee_copy(PassContext *ctx, IrFunction *f, IrInstId call, Substitutions *subs) {
    const IrInst *in = ir_inst(f, call);
    const IrFunction *g = ir_function(ctx->module, in->symbol);
    bool splice = single_final_return(g);
    Copier c = {f, g, mem_alloc((g->value_count + 1) * sizeof(IrValueId)), !splice};
    for (uint32_t i = 0; i < g->value_count; i++) c.map[i] = IR_NONE;
    for (uint32_t i = 0; i < g->param_count && i < in->arg_count; i++) c.map[g->params[i]] = in->args[i];
    IrBuilder b;
    ir_builder_init(&b, f);
    ir_builder_set_block(&b, in->parent);
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
    mem_free(c.map);
    in = ir_inst(f, call);  /* the instruction array may have moved */
    if (in->result_count && result != IR_NONE) substitution_add(subs, in->results[0], result);
}

static bool is_chosen_call(const IrFunction *f, const bool *inlined, uint32_t function_count, IrInstId id) {
    const IrInst *in = ir_inst(f, id);
    return in && in->op == IR_OP_CALL && in->symbol < function_count && inlined[in->symbol];
}

/* Inlines the chosen calls of one block in one walk over it: each callee's copy is
 * appended to the block's end, then the block's list is rebuilt once with every copy
 * where its call stood. So N calls in a block cost the block's size plus the copies, not
 * N times the block (issue 16: 100,000 loops, each a function called once from the
 * entry). Returns the number of calls inlined. */
static uint32_t inline_calls_in_block(PassContext *ctx, const bool *inlined, uint32_t function_count,
                                      IrFunction *f, IrBlockId block, Substitutions *subs) {
    uint32_t original = ir_block(f, block)->inst_count;
    uint32_t *positions = mem_alloc((original + 1) * sizeof *positions);
    IrInstId *calls = mem_alloc((original + 1) * sizeof *calls);
    uint32_t n = 0;
    for (uint32_t i = 0; i < original; i++) {
        IrInstId id = ir_block(f, block)->insts[i];
        if (is_chosen_call(f, inlined, function_count, id)) {
            positions[n] = i;
            calls[n++] = id;
        }
    }
    uint32_t *copy_start = mem_alloc((n + 1) * sizeof *copy_start);
    for (uint32_t k = 0; k < n; k++) {
        copy_start[k] = ir_block(f, block)->inst_count;
        append_callee_copy(ctx, f, calls[k], subs);
    }
    IrBlock *b = ir_block(f, block);  /* the block array may have moved */
    copy_start[n] = b->inst_count;
    uint32_t total = b->inst_count - n;
    IrInstId *merged = mem_alloc((total + 1) * sizeof *merged);
    uint32_t out = 0;
    for (uint32_t i = 0, k = 0; i < original; i++) {
        if (k < n && i == positions[k]) {
            uint32_t len = copy_start[k + 1] - copy_start[k];
            memcpy(&merged[out], &b->insts[copy_start[k]], len * sizeof *merged);
            out += len;
            k++;
        } else {
            merged[out++] = b->insts[i];
        }
    }
    memcpy(b->insts, merged, total * sizeof *merged);
    b->inst_count = total;
    for (uint32_t k = 0; k < n; k++) pass_retire_inst(f, calls[k]);
    mem_free(merged);
    mem_free(copy_start);
    mem_free(calls);
    mem_free(positions);
    return n;
}

/* The placed calls of one function, in print order. */
typedef struct CallSites {
    IrInstId *insts;
    uint32_t count;
} CallSites;

static CallSites call_sites(const IrFunction *f) {
    uint32_t n = 0;
    CallSites sites = {pass_placed_insts(f, &n), 0};
    for (uint32_t i = 0; i < n; i++)
        if (ir_inst(f, sites.insts[i])->op == IR_OP_CALL) sites.insts[sites.count++] = sites.insts[i];
    return sites;
}

static IrFuncId callee_of(const IrFunction *f, IrInstId call) { return ir_inst(f, call)->symbol; }

enum { CALL_UNSEEN, CALL_ACTIVE, CALL_DONE };

typedef struct CallFrame {
    IrFuncId func;
    uint32_t next;   /* next call site of func to follow */
} CallFrame;

/* Depth-first over the call graph from root (an explicit stack: a chain of thousands of
 * functions must not exhaust the C stack). A call back into a function still on the path
 * is recursion, which inlining can never finish: reported at that call. Every function is
 * appended to `order` when its callees are done (callees before callers). */
static bool check_no_recursion_from(PassContext *ctx, const CallSites *sites, uint8_t *state,
                                    CallFrame *stack, IrFuncId root, IrFuncId *order,
                                    uint32_t *ordered) {
    uint32_t depth = 0, count = ir_function_count(ctx->module);
    stack[depth++] = (CallFrame){root, 0};
    state[root] = CALL_ACTIVE;
    while (depth) {
        CallFrame *top = &stack[depth - 1];
        if (top->next == sites[top->func].count) {
            state[top->func] = CALL_DONE;
            order[(*ordered)++] = top->func;
            depth--;
            continue;
        }
        const IrFunction *f = ir_function(ctx->module, top->func);
        IrInstId call = sites[top->func].insts[top->next++];
        IrFuncId callee = callee_of(f, call);
        if (callee >= count || state[callee] == CALL_DONE) continue;
        if (state[callee] == CALL_ACTIVE) {
            diag_error(ctx->diag, Y_CANNOT_INLINE, ir_inst(f, call)->span, "无法内联：函数「%s」递归调用自身",
                       ir_function(ctx->module, callee)->name);
            return false;
        }
        state[callee] = CALL_ACTIVE;
        stack[depth++] = (CallFrame){callee, 0};
    }
    return true;
}

/* The module's call graph as the budget needs it. */
typedef struct CallGraph {
    uint32_t count;       /* functions */
    CallSites *sites;     /* per function, its placed calls */
    IrFuncId *order;      /* every function, callees before callers */
    uint32_t *callers;    /* per function, the calls to it in the whole module */
    bool *inlined;        /* per function, whether its calls are replaced by its body */
} CallGraph;

static void call_graph_free(CallGraph *g) {
    for (uint32_t i = 0; g->sites && i < g->count; i++) mem_free(g->sites[i].insts);
    mem_free(g->sites);
    mem_free(g->order);
    mem_free(g->callers);
    mem_free(g->inlined);
}

static bool call_graph_build(PassContext *ctx, CallGraph *g) {
    IrModule *m = ctx->module;
    uint32_t count = ir_function_count(m);
    *g = (CallGraph){count, mem_calloc(count + 1, sizeof *g->sites), mem_calloc(count + 1, sizeof *g->order),
                     mem_calloc(count + 1, sizeof *g->callers), mem_calloc(count + 1, sizeof *g->inlined)};
    uint8_t *state = mem_calloc(count + 1, 1);
    CallFrame *stack = mem_calloc(count + 1, sizeof *stack);
    for (uint32_t i = 0; i < count; i++) {
        const IrFunction *f = ir_function(m, i);
        g->sites[i] = call_sites(f);
        for (uint32_t k = 0; k < g->sites[i].count; k++) {
            IrFuncId callee = callee_of(f, g->sites[i].insts[k]);
            if (callee < count) g->callers[callee]++;
        }
    }
    bool ok = true;
    uint32_t ordered = 0;
    for (uint32_t i = 0; i < count && ok; i++)
        if (state[i] == CALL_UNSEEN) ok = check_no_recursion_from(ctx, g->sites, state, stack, i, g->order, &ordered);
    mem_free(state);
    mem_free(stack);
    return ok;
}

static uint64_t saturating_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

static uint64_t saturating_mul(uint64_t a, uint64_t b) {
    return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* The budget (docs/passes.md): sizes are computed callees first, without copying anything:
 * a function's size after inlining is its own placed instructions plus, per call to an
 * inlined callee, that callee's size. A callee is inlined when it has one caller (its body
 * moves rather than being copied), when it is tiny, or when its extra copies add at most
 * ctx->inline_budget instructions; otherwise it stays a function (not_inlined). */
static void decide_inlining(PassContext *ctx, CallGraph *g) {
    IrModule *m = ctx->module;
    uint64_t *size = mem_calloc(g->count + 1, sizeof *size);
    bool *is_entry = mem_calloc(g->count + 1, sizeof *is_entry);
    for (uint32_t e = 0; e < ir_entry_count(m); e++)
        if (ir_entry(m, e)->func < g->count) is_entry[ir_entry(m, e)->func] = true;
    for (uint32_t k = 0; k < g->count; k++) {
        IrFuncId id = g->order[k];
        IrFunction *f = ir_function(m, id);
        uint32_t placed = 0;
        mem_free(pass_placed_insts(f, &placed));
        uint64_t total = placed;
        for (uint32_t c = 0; c < g->sites[id].count; c++) {
            IrFuncId callee = callee_of(f, g->sites[id].insts[c]);
            if (callee < g->count && g->inlined[callee]) total = saturating_add(total, size[callee]);
        }
        size[id] = total;
        uint32_t callers = g->callers[id];
        bool within = callers <= 1 || total <= INLINE_TINY_INSTS ||
                      saturating_mul(total, callers - 1) <= ctx->inline_budget;
        g->inlined[id] = !is_entry[id] && within;
        f->not_inlined = !is_entry[id] && !within;
    }
    mem_free(size);
    mem_free(is_entry);
}

/* Inlines every call in f to a callee the budget inlines, the calls that the copied bodies
 * bring along too (the call graph is known to be acyclic, so this ends). Each round checks
 * its calls in print order first (the first that cannot be inlined is the one reported),
 * then inlines them block by block. */
static bool inline_chosen_in(PassContext *ctx, const CallGraph *g, IrFunction *f) {
    Substitutions subs = {0};
    bool ok = true;
    for (uint32_t done = 1; done && ok;) {
        CallSites sites = call_sites(f);
        done = 0;
        for (uint32_t i = 0; i < sites.count && ok; i++) {
            IrFuncId callee = callee_of(f, sites.insts[i]);
            if (callee < g->count && g->inlined[callee])
                ok = can_inline(ctx, ir_inst(f, sites.insts[i]), ir_function(ctx->module, callee));
        }
        bool *visited = ok ? mem_calloc(f->block_count + 1, sizeof *visited) : NULL;
        uint32_t blocks = f->block_count;
        for (uint32_t i = 0; i < sites.count && ok; i++) {
            const IrInst *in = ir_inst(f, sites.insts[i]);
            if (!is_chosen_call(f, g->inlined, g->count, sites.insts[i]) || in->parent >= blocks ||
                visited[in->parent])
                continue;
            visited[in->parent] = true;
            done += inline_calls_in_block(ctx, g->inlined, g->count, f, in->parent, &subs);
        }
        mem_free(visited);
        mem_free(sites.insts);
        substitutions_apply(f, &subs);
    }
    mem_free(subs.from);
    mem_free(subs.to);
    return ok;
}

/* Entry functions are flattened first, so the chain below them is copied once into each
 * of them rather than into every function along it; then every other function an entry
 * still reaches (one that stays a function, or one reached through a global), or every
 * function of a module without entries (a library under test). Afterwards the functions no
 * entry reaches are removed. */
bool pass_inline(PassContext *ctx) {
    if (ctx->inline_policy == INLINE_NONE) return true;
    CallGraph g;
    bool ok = call_graph_build(ctx, &g);
    IrModule *m = ctx->module;
    if (ok) decide_inlining(ctx, &g);
    for (uint32_t e = 0; e < ir_entry_count(m) && ok; e++)
        ok = inline_chosen_in(ctx, &g, ir_function(m, ir_entry(m, e)->func));
    bool *reach = ok ? pass_reachable_functions(m) : NULL;
    for (uint32_t i = 0; i < ir_function_count(m) && ok; i++)
        if (!ir_entry_count(m) || reach[i]) ok = inline_chosen_in(ctx, &g, ir_function(m, i));
    mem_free(reach);
    call_graph_free(&g);
    if (ok && ir_entry_count(m)) {
        bool *reach = pass_reachable_functions(m);
        pass_remove_functions(m, reach);
        mem_free(reach);
    }
    return ok;
}
