/* Wrap-free index arithmetic in counted loops: the analysis of wide_index.h. */
#include "wide_index.h"

#include <string.h>

#include "types.h"

/* How far an index tree is from the counter: no counter, linear in it (with a constant or a
 * runtime coefficient), or anything else (rejected). */
typedef enum Shape { SHAPE_INVARIANT, SHAPE_LINEAR, SHAPE_REJECT } Shape;

typedef struct Walk {
    const IrFunction *f;
    IrInstId loop;
    IrBlockId body;
    IrValueId counter;
    Arena *arena;
    IrValueId *nodes;
    uint32_t node_count, node_cap;
} Walk;

/* True when block `b` is the loop body or nested in it. */
static bool block_in_loop(const Walk *w, IrBlockId b) {
    while (b != IR_NONE) {
        if (b == w->body) return true;
        const IrBlock *blk = ir_block(w->f, b);
        if (!blk || blk->owner == IR_NONE) return false;
        const IrInst *owner = ir_inst(w->f, blk->owner);
        b = owner ? owner->parent : IR_NONE;
    }
    return false;
}

static bool defined_in_loop(const Walk *w, IrValueId v) {
    const IrValue *val = ir_value(w->f, v);
    if (val->kind == IR_VALUE_PARAM) return false;
    if (val->kind == IR_VALUE_BLOCK_PARAM) return block_in_loop(w, val->def);
    return block_in_loop(w, ir_inst(w->f, val->def)->parent);
}

static bool is_u32(const IrFunction *f, IrValueId v) {
    const IrType *t = ir_type(&f->module->types, ir_value_type(f, v));
    return t && t->kind == IR_TYPE_SCALAR && t->scalar == IR_UINT && t->width == 32;
}

static const IrInst *def_inst(const IrFunction *f, IrValueId v) {
    const IrValue *val = ir_value(f, v);
    return val->kind == IR_VALUE_RESULT ? ir_inst(f, val->def) : NULL;
}

bool ir_wide_index_constant(const IrFunction *f, IrValueId v, uint64_t *bits) {
    const IrValue *val = ir_value(f, v);
    const IrInst *in = val->kind == IR_VALUE_RESULT ? ir_inst(f, val->def) : NULL;
    if (in && in->op == IR_OP_CONST) {
        *bits = in->literal;
        return true;
    }
    const IrConstant *c = in && in->op == IR_OP_CONSTANT ? ir_constant(f->module, in->symbol) : NULL;
    if (!c || c->value.elem_count) return false;
    *bits = c->value.bits;
    return true;
}

static bool is_const(const IrFunction *f, IrValueId v) {
    uint64_t bits;
    return ir_wide_index_constant(f, v, &bits);
}

/* Room for one more item in an arena array that doubles when full. */
static void *grow(Arena *arena, void *items, uint32_t count, uint32_t *cap, size_t size) {
    if (count < *cap) return items;
    uint32_t bigger = *cap ? *cap * 2 : 8;
    void *grown = arena_alloc_array(arena, bigger, size);
    if (count) memcpy(grown, items, count * size);
    *cap = bigger;
    return grown;
}

static void push_node(Walk *w, IrValueId v) {
    w->nodes = grow(w->arena, w->nodes, w->node_count, &w->node_cap, sizeof *w->nodes);
    w->nodes[w->node_count++] = v;
}

/* The shape of tree `v`; *constant_stride is cleared when a runtime value multiplies the
 * counter. Nodes are collected operands first. */
static Shape shape_of(Walk *w, IrValueId v, bool *constant_stride) {
    if (!is_u32(w->f, v)) return SHAPE_REJECT;
    if (v == w->counter) return SHAPE_LINEAR;
    if (!defined_in_loop(w, v) || is_const(w->f, v)) return SHAPE_INVARIANT;
    const IrInst *in = def_inst(w->f, v);
    if (!in || (in->op != IR_OP_ADD && in->op != IR_OP_MUL) || in->arg_count != 2) return SHAPE_REJECT;
    Shape a = shape_of(w, in->args[0], constant_stride), b = shape_of(w, in->args[1], constant_stride);
    if (a == SHAPE_REJECT || b == SHAPE_REJECT) return SHAPE_REJECT;
    if (in->op == IR_OP_MUL && a == SHAPE_LINEAR && b == SHAPE_LINEAR) return SHAPE_REJECT;
    if (in->op == IR_OP_MUL && (a == SHAPE_LINEAR || b == SHAPE_LINEAR) &&
        !is_const(w->f, in->args[a == SHAPE_LINEAR ? 1 : 0]))
        *constant_stride = false;
    bool seen = false;  /* a loop has few nodes: a scan, not a per-value table (10,000 loops) */
    for (uint32_t i = 0; i < w->node_count && !seen; i++) seen = w->nodes[i] == v;
    if (!seen) push_node(w, v);
    return a == SHAPE_LINEAR || b == SHAPE_LINEAR ? SHAPE_LINEAR : SHAPE_INVARIANT;
}

/* The first instructions of the body: `%c = lt %i, %B` (or `gt %B, %i`), then `if %c`, with
 * i a body parameter and B defined outside. Sets counter and bound; returns the if. */
static const IrInst *counted_test(Walk *w, IrValueId *bound) {
    const IrBlock *body = ir_block(w->f, w->body);
    for (uint32_t i = 0; i + 1 < body->inst_count; i++) {
        const IrInst *test = ir_inst(w->f, body->insts[i]), *branch = ir_inst(w->f, body->insts[i + 1]);
        if (branch->op != IR_OP_IF || branch->arg_count != 1 || branch->args[0] != test->results[0]) continue;
        if (test->op != IR_OP_LT && test->op != IR_OP_GT) return NULL;
        IrValueId counter = test->args[test->op == IR_OP_LT ? 0 : 1];
        IrValueId limit = test->args[test->op == IR_OP_LT ? 1 : 0];
        const IrValue *cv = ir_value(w->f, counter);
        if (cv->kind != IR_VALUE_BLOCK_PARAM || cv->def != w->body || !is_u32(w->f, counter) ||
            defined_in_loop(w, limit))
            return NULL;
        w->counter = counter;
        *bound = limit;
        return branch;
    }
    return NULL;
}

/* Walks the instructions of `block` and the blocks nested in it. `visit` returns false to
 * stop the walk (and the walk then returns false). */
typedef bool (*Visit)(Walk *w, const IrInst *in, void *data);
static bool walk_block(Walk *w, IrBlockId block, Visit visit, void *data) {
    const IrBlock *b = ir_block(w->f, block);
    for (uint32_t i = 0; i < b->inst_count; i++) {
        const IrInst *in = ir_inst(w->f, b->insts[i]);
        if (!visit(w, in, data)) return false;
        for (uint32_t k = 0; k < in->block_count; k++)
            if (!walk_block(w, in->blocks[k], visit, data)) return false;
    }
    return true;
}

/* No nested loop, no call, nothing that needs uniform control flow or is a subgroup,
 * fragment, async-copy or tensor op (a target runs one of two copies of the loop, so
 * invocations of one subgroup may be in different copies). Counts the `continue`s. */
static bool plain_inst(Walk *w, const IrInst *in, void *data) {
    (void)w;
    uint32_t *continues = data;
    if (in->op == IR_OP_CONTINUE) (*continues)++;
    IrSig sig = ir_op_info(in->op)->sig;
    return in->op != IR_OP_LOOP && in->op != IR_OP_CALL && ir_op_info(in->op)->flags == 0 && sig != SIG_FRAG_FILL &&
           sig != SIG_FRAG_LOAD && sig != SIG_FRAG_MMA && sig != SIG_FRAG_STORE && sig != SIG_FRAG_ELEMENT &&
           sig != SIG_ASYNC_COPY && sig != SIG_ASYNC_WAIT && sig != SIG_TENSOR;
}

typedef struct Collect {
    IrWideIndex *indices;
    uint32_t count, cap;
} Collect;

static bool collect_access(Walk *w, const IrInst *in, void *data) {
    Collect *c = data;
    if (in->op != IR_OP_ACCESS) return true;
    for (uint32_t a = 1; a < in->arg_count; a++) {
        IrValueId v = in->args[a];
        bool constant_stride = true;
        uint32_t mark = w->node_count;
        if (v == w->counter || shape_of(w, v, &constant_stride) != SHAPE_LINEAR) {
            w->node_count = mark;
            continue;
        }
        bool seen = false;
        for (uint32_t i = 0; i < c->count && !seen; i++) seen = c->indices[i].value == v;
        if (seen) continue;
        c->indices = grow(w->arena, c->indices, c->count, &c->cap, sizeof *c->indices);
        c->indices[c->count++] = (IrWideIndex){v, constant_stride};
    }
    return true;
}

bool ir_wide_index_plan(const IrFunction *f, IrInstId loop, Arena *arena, IrWideIndexPlan *plan) {
    memset(plan, 0, sizeof *plan);
    const IrInst *li = ir_inst(f, loop);
    if (!li || li->op != IR_OP_LOOP || li->block_count != 1) return false;
    Walk w = {.f = f, .loop = loop, .body = li->blocks[0], .counter = IR_NONE, .arena = arena};
    uint32_t continues = 0;
    if (!walk_block(&w, w.body, plain_inst, &continues) || continues != 1) return false;
    IrValueId bound;
    const IrInst *branch = counted_test(&w, &bound);
    if (!branch) return false;
    /* The then-branch ends in the only continue, with counter + 1 in the counter's place. */
    const IrBlock *then_block = ir_block(f, branch->blocks[0]);
    const IrInst *end = then_block->inst_count ? ir_inst(f, then_block->insts[then_block->inst_count - 1]) : NULL;
    uint32_t position = ir_value(f, w.counter)->index;
    if (!end || end->op != IR_OP_CONTINUE || position >= end->arg_count) return false;
    const IrInst *step = def_inst(f, end->args[position]);
    uint64_t one = 0;
    if (!step || step->op != IR_OP_ADD) return false;
    IrValueId other = step->args[0] == w.counter ? step->args[1] : step->args[1] == w.counter ? step->args[0] : IR_NONE;
    if (other == IR_NONE || !ir_wide_index_constant(f, other, &one) || one != 1) return false;
    Collect c = {0};
    walk_block(&w, branch->blocks[0], collect_access, &c);
    if (c.count == 0) return false;
    *plan = (IrWideIndexPlan){w.counter, bound, c.indices, c.count, w.nodes, w.node_count};
    return true;
}

bool ir_wide_index_is_node(const IrWideIndexPlan *plan, IrValueId v) {
    for (uint32_t i = 0; i < plan->node_count; i++)
        if (plan->nodes[i] == v) return true;
    return false;
}
