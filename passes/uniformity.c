/* uniformity: WGSL's uniformity analysis on YIR, mirroring Tint's
 * (src/tint/lang/wgsl/resolver/uniformity.cc) so that our verdicts agree with Tint's on the
 * WGSL we emit; the same check guards MSL and PTX.
 *
 * Per function a graph is built whose edges mean "may be non-uniform if the target is":
 * values, control-flow points, the contents of function variables, and special nodes
 * MayBeNonUniform (NU: differs between invocations), SubgroupVarying (SGV: uniform within
 * a subgroup only, e.g. a subgroup reduction), CF_start and one node per parameter.
 * Rules (as Tint): every value depends on the control flow where it is computed and on its
 * operands; builtins other than workgroup_id / num_workgroups / subgroup_size, user inputs,
 * loads from read_write storage, workgroup and private memory, atomics, derivatives,
 * implicit-LOD samples, shuffles by xor/up/down, scans and elect are NU; votes, reductions
 * and ballot are SGV whatever their operands, a shuffle (broadcast) SGV joined with its lane
 * (Tint joins the operands in: the WGSL target turns its check off where this mattered);
 * after an `if` control flow reconverges
 * unless a branch leaves by break / continue / return, then it depends on the condition;
 * a loop's control flow depends on the flow at the end of its body, and after the loop it is
 * the flow before it unless the loop can return. Requirements: barriers, derivatives,
 * implicit-LOD samples and tensor tiles need workgroup-uniform control flow, subgroup ops and
 * matrix fragments subgroup-uniform (the lattice: pass_uniformity_join/_required/_satisfies).
 * Functions are analysed callees first and summarised by what reaches their requirement
 * and return nodes (parameters, CF_start, NU), which call sites then instantiate. Facts are
 * computed callers first: a parameter is as uniform as the worst argument passed to it. */
#include <stdlib.h>
#include <string.h>

#include "../ir/fragment.h"
#include "../ir/wgsl_builtins.h"
#include "pass.h"
#include "util.h"
#include "../base/memory.h"

enum { BIT_NU, BIT_SGV, BIT_WGV, BIT_CF, BIT_PARAM0 };

typedef enum NodeKind {
    NK_PLAIN, NK_VALUE, NK_IF, NK_OP, NK_OPARG, NK_CALL, NK_ARG, NK_SOURCE, NK_PARAM,
} NodeKind;

typedef enum SourceKind {
    SRC_LOAD, SRC_ATOMIC, SRC_RESULT, SRC_SUBGROUP, SRC_WARPGROUP, SRC_CALL, SRC_POINTER,
} SourceKind;

typedef struct Node {
    uint32_t *edges;
    uint32_t edge_count, edge_cap;
    NodeKind kind;
    uint32_t a, b;   /* VALUE: value; IF/OP/CALL: inst; ARG: inst, index; SOURCE: kind, inst; PARAM: index */
} Node;

typedef struct Graph {
    IrFunction *f;
    Node *nodes;
    uint32_t count, cap;
    uint32_t nu, sgv, wgv, cf_start, req_wg, req_wgp, req_sg, ret, param_base, value_base;
    uint32_t *param_out;  /* per parameter: contents of a pointer parameter at return */
    uint32_t *slot_of;    /* value -> variable slot (IR_NONE) */
    uint32_t slot_count;
    uint32_t *slot_param; /* slot -> parameter index for pointer parameters (IR_NONE) */
    uint64_t *bits;
    uint32_t words;
    const IrEntry *entry; /* when the function is an entry point */
    bool done, busy;
    uint64_t ctx_cf;      /* facts: NU/SGV bits of the callers' control flow */
    uint64_t *ctx_param;  /* facts: NU/SGV bits of each parameter */
    bool called;
} Graph;

typedef struct Uni {
    PassContext *ctx;
    IrModule *m;
    Arena arena;
    Graph *graphs;
    uint32_t *order;     /* functions in the order their analysis finished (callees first) */
    uint32_t order_count;
    bool ok;
} Uni;

typedef struct Loop {
    const IrInst *inst;
    uint32_t *in_nodes, *exit_nodes;  /* per slot */
} Loop;

typedef struct Walk {
    Uni *u;
    Graph *g;
    uint32_t *state;  /* slot -> node of the variable's current contents (IR_NONE: not declared) */
} Walk;

enum { B_NEXT = 1, B_BREAK = 2, B_CONTINUE = 4, B_RETURN = 8 };

/* ---- the lattice: uniform < warpgroup_uniform < subgroup_uniform < non_uniform ----
 * (a warpgroup of 128 holds whole subgroups on PTX, the one target with warpgroups) */

static int rank_of(IrUniformity level) {
    switch (level) {
    case IR_UNIFORM: return 0;
    case IR_WARPGROUP_UNIFORM: return 1;
    case IR_SUBGROUP_UNIFORM: return 2;
    default: return 3;  /* non_uniform, and a value without a fact */
    }
}

IrUniformity pass_uniformity_join(IrUniformity a, IrUniformity b) {
    static const IrUniformity BY_RANK[] = {IR_UNIFORM, IR_WARPGROUP_UNIFORM, IR_SUBGROUP_UNIFORM, IR_NON_UNIFORM};
    return BY_RANK[rank_of(a) > rank_of(b) ? rank_of(a) : rank_of(b)];
}

IrUniformity pass_uniformity_required(IrOp op) {
    if (op >= IR_OP_COUNT || !ir_op_needs_uniform(op)) return IR_NON_UNIFORM;
    /* Fragment ops (着十二) are collective over one subgroup, like subgroup ops; tensor tiles
     * over one warpgroup. */
    if (ir_op_is_subgroup(op) || ir_op_is_fragment(op)) return IR_SUBGROUP_UNIFORM;
    if (ir_op_is_tensor(op)) return IR_WARPGROUP_UNIFORM;
    return IR_UNIFORM;
}

bool pass_uniformity_satisfies(IrUniformity flow, IrUniformity required) {
    return rank_of(flow) <= rank_of(required);
}

/* The level a node's solved bits stand for: the join of NU and SGV where they are set (the
 * CF_start and parameter bits are resolved against the callers first, see resolve()). */
static IrUniformity level_of(uint64_t first_word) {
    IrUniformity level = IR_UNIFORM;
    if (first_word & (1u << BIT_WGV)) level = pass_uniformity_join(level, IR_WARPGROUP_UNIFORM);
    if (first_word & (1u << BIT_SGV)) level = pass_uniformity_join(level, IR_SUBGROUP_UNIFORM);
    if (first_word & (1u << BIT_NU)) level = pass_uniformity_join(level, IR_NON_UNIFORM);
    return level;
}

/* ---- graph building ---- */

static uint32_t new_node(Uni *u, Graph *g, NodeKind kind, uint32_t a, uint32_t b) {
    if (g->count == g->cap) {
        uint32_t cap = g->cap ? g->cap * 2 : 64;
        Node *fresh = arena_alloc_array(&u->arena, cap, sizeof *fresh);
        if (g->count) memcpy(fresh, g->nodes, g->count * sizeof *fresh);
        g->nodes = fresh;
        g->cap = cap;
    }
    Node *n = &g->nodes[g->count];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->a = a;
    n->b = b;
    return g->count++;
}

static void edge(Uni *u, Graph *g, uint32_t from, uint32_t to) {
    if (from == IR_NONE || to == IR_NONE || from == to) return;
    Node *n = &g->nodes[from];
    for (uint32_t i = 0; i < n->edge_count; i++)
        if (n->edges[i] == to) return;
    if (n->edge_count == n->edge_cap) {
        uint32_t cap = n->edge_cap ? n->edge_cap * 2 : 4;
        uint32_t *fresh = arena_alloc_array(&u->arena, cap, sizeof *fresh);
        if (n->edge_count) memcpy(fresh, n->edges, n->edge_count * sizeof *fresh);
        n->edges = fresh;
        n->edge_cap = cap;
    }
    n->edges[n->edge_count++] = to;
}

static uint32_t vnode(const Graph *g, IrValueId v) {
    return v < g->f->value_count ? g->value_base + v : IR_NONE;
}

static uint32_t source(Walk *w, SourceKind kind, IrInstId inst, uint32_t target) {
    uint32_t s = new_node(w->u, w->g, NK_SOURCE, kind, inst);
    edge(w->u, w->g, s, target);
    return s;
}

typedef enum RootKind { ROOT_SLOT, ROOT_GLOBAL, ROOT_UNKNOWN } RootKind;

/* Follows access chains to the variable, parameter or global a pointer points into. */
static RootKind pointer_root(const Graph *g, IrValueId ptr, uint32_t *slot, IrGlobalId *global) {
    for (int guard = 0; guard < 10000; guard++) {
        if (ptr < g->f->value_count && g->slot_of[ptr] != IR_NONE) {
            *slot = g->slot_of[ptr];
            return ROOT_SLOT;
        }
        const IrValue *v = ir_value(g->f, ptr);
        if (!v || v->kind != IR_VALUE_RESULT) return ROOT_UNKNOWN;
        const IrInst *def = ir_inst(g->f, v->def);
        if (def->op == IR_OP_GLOBAL) {
            *global = def->symbol;
            return ROOT_GLOBAL;
        }
        if (def->op != IR_OP_ACCESS || def->arg_count == 0) return ROOT_UNKNOWN;
        ptr = def->args[0];
    }
    return ROOT_UNKNOWN;
}

static bool space_varies(IrAddressSpace space) {
    return space == IR_SPACE_STORAGE_READ_WRITE || space == IR_SPACE_WORKGROUP || space == IR_SPACE_PRIVATE;
}

/* The node for what a pointer points at right now. */
static uint32_t contents(Walk *w, IrValueId ptr, IrInstId inst) {
    uint32_t slot = IR_NONE;
    IrGlobalId global = IR_NONE;
    switch (pointer_root(w->g, ptr, &slot, &global)) {
    case ROOT_SLOT: return w->state[slot];
    case ROOT_GLOBAL: {
        const IrGlobal *gl = ir_global(w->u->m, global);
        return gl && space_varies(gl->space) ? source(w, SRC_LOAD, inst, w->g->nu) : IR_NONE;
    }
    default: return source(w, SRC_POINTER, inst, w->g->nu);
    }
}

static bool is_derivative_like(IrOp op) {
    return op == IR_OP_DPDX || op == IR_OP_DPDY || op == IR_OP_TEXTURE_SAMPLE ||
           op == IR_OP_TEXTURE_SAMPLE_COMPARE;
}

/* How the result of an op varies, beyond the control flow it runs in. */
typedef enum ResultKind {
    RESULT_FROM_OPERANDS,  /* ordinary ops: as the operands */
    RESULT_COLLECTIVE,     /* reductions, votes, ballot: one value for the whole subgroup, whatever
                            * each invocation gave (subgroup uniform even from non-uniform operands) */
    RESULT_FROM_LANE,      /* subgroup_shuffle (子组广播/子组洗牌): the value of lane args[1], so
                            * subgroup uniform when the lane is, else non-uniform */
    RESULT_WARPGROUP,      /* warpgroup_id (线程束组号): one value for each warpgroup */
    RESULT_PER_INVOCATION, /* shuffles by xor/up/down, scans, elect, atomics, derivatives, implicit-LOD
                            * samples: may differ between invocations */
} ResultKind;

static bool is_atomic(IrOp op) { return op >= IR_OP_ATOMIC_LOAD && op <= IR_OP_ATOMIC_COMPARE_EXCHANGE; }

static ResultKind result_kind(IrOp op) {
    switch (op) {
    case IR_OP_SUBGROUP_ADD: case IR_OP_SUBGROUP_MAX: case IR_OP_SUBGROUP_MIN:
    case IR_OP_SUBGROUP_BALLOT: case IR_OP_SUBGROUP_ALL: case IR_OP_SUBGROUP_ANY:
        return RESULT_COLLECTIVE;
    case IR_OP_SUBGROUP_SHUFFLE: return RESULT_FROM_LANE;
    case IR_OP_WARPGROUP_ID: return RESULT_WARPGROUP;
    default: break;
    }
    if (ir_op_is_subgroup(op) || is_atomic(op) || is_derivative_like(op)) return RESULT_PER_INVOCATION;
    return RESULT_FROM_OPERANDS;
}

static void store(Walk *w, const IrInst *in, uint32_t cf) {
    uint32_t slot = IR_NONE;
    IrGlobalId global = IR_NONE;
    if (in->arg_count < 2 || pointer_root(w->g, in->args[0], &slot, &global) != ROOT_SLOT) return;
    uint32_t n = new_node(w->u, w->g, NK_PLAIN, 0, 0);
    edge(w->u, w->g, n, cf);
    edge(w->u, w->g, n, vnode(w->g, in->args[1]));
    if (w->g->slot_of[in->args[0]] != slot) {  /* a partial store keeps the rest */
        edge(w->u, w->g, n, w->state[slot]);
        edge(w->u, w->g, n, vnode(w->g, in->args[0]));
    }
    w->state[slot] = n;
}

/* Instantiates a callee summary node's bits at a call site. */
static void instantiate(Walk *w, uint32_t target, const Graph *callee, uint32_t sink, uint32_t call_node,
                        const uint32_t *args, uint32_t arg_count, IrInstId inst) {
    const uint64_t *bits = &callee->bits[(size_t)sink * callee->words];
    Graph *g = w->g;
    if (bits[0] & (1u << BIT_NU)) edge(w->u, g, target, source(w, SRC_CALL, inst, g->nu));
    if (bits[0] & (1u << BIT_SGV)) edge(w->u, g, target, source(w, SRC_CALL, inst, g->sgv));
    if (bits[0] & (1u << BIT_WGV)) edge(w->u, g, target, source(w, SRC_CALL, inst, g->wgv));
    edge(w->u, g, target, call_node);
    for (uint32_t i = 0; i < arg_count && i < callee->f->param_count; i++) {
        uint32_t bit = BIT_PARAM0 + i;
        if (bits[bit / 64] & (1ull << (bit % 64))) edge(w->u, g, target, args[i]);
    }
}

static bool test_bit(const uint64_t *bits, uint32_t bit) { return (bits[bit / 64] >> (bit % 64)) & 1u; }

static void call(Walk *w, const IrInst *in, IrInstId id, uint32_t cf) {
    Uni *u = w->u;
    Graph *g = w->g;
    Graph *callee = in->symbol < ir_function_count(u->m) ? &u->graphs[in->symbol] : NULL;
    uint32_t *args = arena_alloc_array(&u->arena, in->arg_count + 1, sizeof *args);
    for (uint32_t i = 0; i < in->arg_count; i++) {
        args[i] = new_node(u, g, NK_ARG, id, i);
        edge(u, g, args[i], vnode(g, in->args[i]));
        const IrType *t = ir_type(&u->m->types, ir_value_type(g->f, in->args[i]));
        if (t && t->kind == IR_TYPE_POINTER) edge(u, g, args[i], contents(w, in->args[i], id));
    }
    uint32_t c = new_node(u, g, NK_CALL, id, 0);
    edge(u, g, c, cf);
    IrValueId result = in->result_count ? in->results[0] : IR_NONE;
    if (result != IR_NONE) edge(u, g, vnode(g, result), c);
    if (!callee || !callee->done) {  /* recursion: nothing is known about the callee */
        if (result != IR_NONE) edge(u, g, vnode(g, result), source(w, SRC_CALL, id, g->nu));
        return;
    }
    const uint64_t *wg = &callee->bits[(size_t)callee->req_wg * callee->words];
    const uint64_t *wgp = &callee->bits[(size_t)callee->req_wgp * callee->words];
    const uint64_t *sg = &callee->bits[(size_t)callee->req_sg * callee->words];
    if (test_bit(wg, BIT_CF)) edge(u, g, g->req_wg, c);
    else if (test_bit(wgp, BIT_CF)) edge(u, g, g->req_wgp, c);
    else if (test_bit(sg, BIT_CF)) edge(u, g, g->req_sg, c);
    for (uint32_t i = 0; i < in->arg_count && i < callee->f->param_count; i++) {
        if (test_bit(wg, BIT_PARAM0 + i)) edge(u, g, g->req_wg, args[i]);
        else if (test_bit(wgp, BIT_PARAM0 + i)) edge(u, g, g->req_wgp, args[i]);
        else if (test_bit(sg, BIT_PARAM0 + i)) edge(u, g, g->req_sg, args[i]);
    }
    if (result != IR_NONE) instantiate(w, vnode(g, result), callee, callee->ret, c, args, in->arg_count, id);
    for (uint32_t i = 0; i < in->arg_count && i < callee->f->param_count; i++) {
        uint32_t slot = IR_NONE;
        IrGlobalId global = IR_NONE;
        if (callee->param_out[i] == IR_NONE || pointer_root(g, in->args[i], &slot, &global) != ROOT_SLOT)
            continue;
        uint32_t n = new_node(u, g, NK_PLAIN, 0, 0);
        instantiate(w, n, callee, callee->param_out[i], c, args, in->arg_count, id);
        edge(u, g, n, w->state[slot]);
        w->state[slot] = n;
    }
}

/* The node an op that needs `level` feeds. */
static uint32_t requirement_node(const Graph *g, IrUniformity level) {
    return level == IR_SUBGROUP_UNIFORM ? g->req_sg : level == IR_WARPGROUP_UNIFORM ? g->req_wgp : g->req_wg;
}

/* Ordinary instructions: the result depends on the control flow here and on the operands. */
static void plain(Walk *w, const IrInst *in, IrInstId id, uint32_t cf) {
    Uni *u = w->u;
    Graph *g = w->g;
    uint32_t op_node = IR_NONE;
    if (ir_op_needs_uniform(in->op)) {
        op_node = new_node(u, g, NK_OP, id, 0);
        edge(u, g, op_node, cf);
        edge(u, g, requirement_node(g, pass_uniformity_required(in->op)), op_node);
    }
    if (ir_op_needs_uniform_arg1(in->op) && in->arg_count > 1) {  /* Tint: "requires argument 1 to be uniform" */
        uint32_t arg_node = new_node(u, g, NK_OPARG, id, 1);
        edge(u, g, arg_node, vnode(g, in->args[1]));
        edge(u, g, g->req_sg, arg_node);
    }
    if (in->op == IR_OP_STORE) store(w, in, cf);
    ResultKind kind = result_kind(in->op);
    for (uint32_t r = 0; r < in->result_count; r++) {
        uint32_t n = vnode(g, in->results[r]);
        edge(u, g, n, cf);
        if (kind == RESULT_WARPGROUP) {
            edge(u, g, n, source(w, SRC_WARPGROUP, id, g->wgv));
            continue;
        }
        if (kind == RESULT_COLLECTIVE || kind == RESULT_FROM_LANE) {
            edge(u, g, n, source(w, SRC_SUBGROUP, id, g->sgv));
            if (kind == RESULT_FROM_LANE && in->arg_count > 1) edge(u, g, n, vnode(g, in->args[1]));
            continue;
        }
        for (uint32_t a = 0; a < in->arg_count; a++) edge(u, g, n, vnode(g, in->args[a]));
        if (in->op == IR_OP_LOAD && in->arg_count) edge(u, g, n, contents(w, in->args[0], id));
        if (kind == RESULT_PER_INVOCATION)
            edge(u, g, n, source(w, is_atomic(in->op) ? SRC_ATOMIC : SRC_RESULT, id, g->nu));
    }
    if (in->op == IR_OP_VAR && in->result_count && g->slot_of[in->results[0]] != IR_NONE) {
        uint32_t init = new_node(u, g, NK_PLAIN, 0, 0);
        edge(u, g, init, cf);
        if (in->arg_count) edge(u, g, init, vnode(g, in->args[0]));
        w->state[g->slot_of[in->results[0]]] = init;
    }
}

static uint32_t walk_block(Walk *w, IrBlockId block, uint32_t *cf, const IrInst *if_owner, Loop *loop);

static uint32_t *copy_state(Walk *w, const uint32_t *from) {
    uint32_t *s = arena_alloc_array(&w->u->arena, w->g->slot_count + 1, sizeof *s);
    if (w->g->slot_count) memcpy(s, from, w->g->slot_count * sizeof *s);
    return s;
}

static uint32_t walk_if(Walk *w, const IrInst *in, IrInstId id, uint32_t *cf, Loop *loop) {
    Uni *u = w->u;
    Graph *g = w->g;
    uint32_t v = new_node(u, g, NK_IF, id, 0);
    edge(u, g, v, *cf);
    edge(u, g, v, vnode(g, in->args[0]));
    uint32_t *before = w->state, *ends[2], cfs[2], behs[2];
    for (int k = 0; k < 2; k++) {
        w->state = copy_state(w, before);
        cfs[k] = v;
        behs[k] = walk_block(w, in->blocks[k], &cfs[k], in, loop);
        ends[k] = w->state;
    }
    w->state = before;
    for (uint32_t s = 0; s < g->slot_count; s++) {
        if (ends[0][s] == before[s] && ends[1][s] == before[s]) continue;
        uint32_t merged = new_node(u, g, NK_PLAIN, 0, 0);
        for (int k = 0; k < 2; k++)
            if (behs[k] & B_NEXT) edge(u, g, merged, ends[k][s]);
        before[s] = merged;
    }
    uint32_t beh = behs[0] | behs[1];
    if (beh != B_NEXT) {
        uint32_t end = new_node(u, g, NK_PLAIN, 0, 0);
        edge(u, g, end, cfs[0]);
        edge(u, g, end, cfs[1]);
        *cf = end;
    }
    return beh;
}

static uint32_t walk_loop(Walk *w, const IrInst *in, uint32_t *cf) {
    Uni *u = w->u;
    Graph *g = w->g;
    uint32_t cfx = new_node(u, g, NK_PLAIN, 0, 0);
    edge(u, g, cfx, *cf);
    const IrBlock *body = ir_block(g->f, in->blocks[0]);
    for (uint32_t p = 0; body && p < body->param_count && p < in->arg_count; p++) {
        edge(u, g, vnode(g, body->params[p]), vnode(g, in->args[p]));
        edge(u, g, vnode(g, body->params[p]), cfx);
    }
    Loop loop = {in, arena_alloc_array(&u->arena, g->slot_count + 1, sizeof(uint32_t)),
                 arena_alloc_array(&u->arena, g->slot_count + 1, sizeof(uint32_t))};
    for (uint32_t s = 0; s < g->slot_count; s++) {
        loop.exit_nodes[s] = IR_NONE;
        loop.in_nodes[s] = IR_NONE;
        if (w->state[s] == IR_NONE) continue;
        loop.in_nodes[s] = new_node(u, g, NK_PLAIN, 0, 0);
        edge(u, g, loop.in_nodes[s], w->state[s]);
        w->state[s] = loop.in_nodes[s];
    }
    uint32_t body_cf = cfx;
    uint32_t beh = walk_block(w, in->blocks[0], &body_cf, NULL, &loop);
    edge(u, g, cfx, body_cf);
    for (uint32_t s = 0; s < g->slot_count; s++) {
        if (loop.in_nodes[s] != IR_NONE) edge(u, g, loop.in_nodes[s], w->state[s]);
        if (loop.exit_nodes[s] != IR_NONE) w->state[s] = loop.exit_nodes[s];
    }
    beh = (beh & B_BREAK) ? (beh & ~(uint32_t)(B_BREAK | B_CONTINUE)) | B_NEXT : beh & ~(uint32_t)B_CONTINUE;
    if (beh != B_NEXT) *cf = cfx;
    return beh;
}

/* Values leaving through a terminator depend on the control flow there (WGSL assigns them
 * to a variable at that point). */
static void flow_out(Walk *w, const IrValueId *targets, uint32_t count, const IrInst *in, uint32_t cf) {
    for (uint32_t k = 0; k < count && k < in->arg_count; k++) {
        edge(w->u, w->g, vnode(w->g, targets[k]), vnode(w->g, in->args[k]));
        edge(w->u, w->g, vnode(w->g, targets[k]), cf);
    }
}

static uint32_t walk_inst(Walk *w, IrInstId id, uint32_t *cf, const IrInst *if_owner, Loop *loop) {
    const IrInst *in = ir_inst(w->g->f, id);
    Graph *g = w->g;
    switch (in->op) {
    case IR_OP_IF: return walk_if(w, in, id, cf, loop);
    case IR_OP_LOOP: return walk_loop(w, in, cf);
    case IR_OP_CALL: call(w, in, id, *cf); return B_NEXT;
    case IR_OP_YIELD:
        if (if_owner) flow_out(w, if_owner->results, if_owner->result_count, in, *cf);
        return B_NEXT;
    case IR_OP_BREAK:
        if (!loop) return B_BREAK;
        flow_out(w, loop->inst->results, loop->inst->result_count, in, *cf);
        for (uint32_t s = 0; s < g->slot_count; s++) {
            if (loop->in_nodes[s] == IR_NONE) continue;
            if (loop->exit_nodes[s] == IR_NONE) loop->exit_nodes[s] = new_node(w->u, g, NK_PLAIN, 0, 0);
            edge(w->u, g, loop->exit_nodes[s], w->state[s]);
        }
        return B_BREAK;
    case IR_OP_CONTINUE:
        if (!loop) return B_CONTINUE;
        {
            const IrBlock *body = ir_block(g->f, loop->inst->blocks[0]);
            flow_out(w, body->params, body->param_count, in, *cf);
        }
        for (uint32_t s = 0; s < g->slot_count; s++)
            if (loop->in_nodes[s] != IR_NONE) edge(w->u, g, loop->in_nodes[s], w->state[s]);
        return B_CONTINUE;
    case IR_OP_RETURN:
        if (in->arg_count) {
            edge(w->u, g, g->ret, vnode(g, in->args[0]));
            edge(w->u, g, g->ret, *cf);
        }
        for (uint32_t p = 0; p < g->f->param_count; p++) {
            uint32_t slot = g->slot_of[g->f->params[p]];
            if (slot != IR_NONE) edge(w->u, g, g->param_out[p], w->state[slot]);
        }
        return B_RETURN;
    case IR_OP_DISCARD: return B_NEXT;  /* WGSL's discard demotes: the flow goes on */
    case IR_OP_UNREACHABLE: return 0;
    default: plain(w, in, id, *cf); return B_NEXT;
    }
}

static uint32_t walk_block(Walk *w, IrBlockId block, uint32_t *cf, const IrInst *if_owner, Loop *loop) {
    const IrBlock *b = ir_block(w->g->f, block);
    uint32_t acc = 0;
    for (uint32_t i = 0; b && i < b->inst_count; i++) {
        uint32_t beh = walk_inst(w, b->insts[i], cf, if_owner, loop);
        acc |= beh & ~(uint32_t)B_NEXT;
        if (!(beh & B_NEXT)) return acc;  /* the rest is unreachable, as in Tint */
    }
    return acc | B_NEXT;
}

/* ---- entries, graphs and bits ---- */

static bool builtin_uniform(IrBuiltin b) {
    return b == IR_BUILTIN_WORKGROUP_ID || b == IR_BUILTIN_NUM_WORKGROUPS || b == IR_BUILTIN_SUBGROUP_SIZE;
}

static bool io_uniform(const IrIo *io) {
    switch (io->kind) {
    case IR_IO_BUILTIN: return builtin_uniform(io->builtin);
    case IR_IO_STRUCT:  /* as Tint: a struct is non-uniform if any member is */
        for (uint32_t i = 0; i < io->field_count; i++)
            if (!io_uniform(&io->fields[i])) return false;
        return true;
    default: return false;
    }
}

/* The nodes every function has (six, a parameter's, a value's) and about one per instruction
 * from the walk, in one first block: starting at a fixed 64 nodes and doubling left most
 * of a small function's block unused and a large one's abandoned copies in the arena. */
static void reserve_nodes(Uni *u, Graph *g) {
    const IrFunction *f = g->f;
    g->cap = 8 + f->param_count + f->value_count + f->inst_count / 2 + 4;
    g->nodes = arena_alloc_array(&u->arena, g->cap, sizeof *g->nodes);
}

static void setup_graph(Uni *u, Graph *g) {
    IrFunction *f = g->f;
    reserve_nodes(u, g);
    g->nu = new_node(u, g, NK_PLAIN, 0, 0);
    g->sgv = new_node(u, g, NK_PLAIN, 0, 0);
    g->wgv = new_node(u, g, NK_PLAIN, 0, 0);
    g->cf_start = new_node(u, g, NK_PLAIN, 0, 0);
    g->req_wg = new_node(u, g, NK_PLAIN, 0, 0);
    g->req_wgp = new_node(u, g, NK_PLAIN, 0, 0);
    g->req_sg = new_node(u, g, NK_PLAIN, 0, 0);
    g->ret = new_node(u, g, NK_PLAIN, 0, 0);
    g->param_base = g->count;
    for (uint32_t p = 0; p < f->param_count; p++) {
        uint32_t n = new_node(u, g, NK_PARAM, p, 0);
        if (g->entry && p < g->entry->param_count && !io_uniform(&g->entry->params[p])) edge(u, g, n, g->nu);
    }
    g->value_base = g->count;
    for (uint32_t v = 0; v < f->value_count; v++) new_node(u, g, NK_VALUE, v, 0);
    for (uint32_t p = 0; p < f->param_count; p++) edge(u, g, vnode(g, f->params[p]), g->param_base + p);
    g->param_out = arena_alloc_array(&u->arena, f->param_count + 1, sizeof *g->param_out);
    g->slot_of = arena_alloc_array(&u->arena, f->value_count + 1, sizeof *g->slot_of);
    for (uint32_t v = 0; v < f->value_count; v++) g->slot_of[v] = IR_NONE;
    for (uint32_t p = 0; p < f->param_count; p++) {
        g->param_out[p] = IR_NONE;
        const IrType *t = ir_type(&u->m->types, ir_value_type(f, f->params[p]));
        if (!t || t->kind != IR_TYPE_POINTER) continue;
        g->slot_of[f->params[p]] = g->slot_count++;
        g->param_out[p] = new_node(u, g, NK_PLAIN, 0, 0);
    }
    for (uint32_t i = 0; i < f->inst_count; i++)
        if (f->insts[i].op == IR_OP_VAR && f->insts[i].result_count && f->insts[i].parent != IR_NONE)
            g->slot_of[f->insts[i].results[0]] = g->slot_count++;
}

/* Each node takes the union of the bits of the nodes its edges name, to a fixed point: a
 * worklist over the reversed edges, so a node is looked at again only when a node it reads
 * changed (linear in the edges for each bit that flows; sweeping all nodes until nothing
 * changes took as many sweeps as the longest chain). */
static void propagate_bits(Uni *u, Graph *g) {
    uint32_t *reader_start = arena_alloc_array(&u->arena, (size_t)g->count + 1, sizeof *reader_start);
    for (uint32_t n = 0; n < g->count; n++)
        for (uint32_t e = 0; e < g->nodes[n].edge_count; e++) reader_start[g->nodes[n].edges[e] + 1]++;
    for (uint32_t n = 0; n < g->count; n++) reader_start[n + 1] += reader_start[n];
    uint32_t *readers = arena_alloc_array(&u->arena, (size_t)reader_start[g->count] + 1, sizeof *readers);
    uint32_t *fill = arena_alloc_array(&u->arena, (size_t)g->count + 1, sizeof *fill);
    memcpy(fill, reader_start, (size_t)g->count * sizeof *fill);
    for (uint32_t n = 0; n < g->count; n++)
        for (uint32_t e = 0; e < g->nodes[n].edge_count; e++) readers[fill[g->nodes[n].edges[e]]++] = n;
    /* A ring of pending nodes; each is in it at most once. */
    uint32_t *queue = arena_alloc_array(&u->arena, (size_t)g->count + 1, sizeof *queue);
    bool *queued = arena_alloc_array(&u->arena, (size_t)g->count + 1, sizeof *queued);
    uint32_t head = 0, pending = g->count;
    for (uint32_t n = 0; n < g->count; n++) {
        queue[n] = g->count - 1 - n;
        queued[n] = true;
    }
    while (pending) {
        uint32_t n = queue[head];
        head = (head + 1) % g->count;
        pending--;
        queued[n] = false;
        uint64_t *mine = &g->bits[(size_t)n * g->words];
        bool changed = false;
        const Node *node = &g->nodes[n];
        for (uint32_t e = 0; e < node->edge_count; e++) {
            const uint64_t *theirs = &g->bits[(size_t)node->edges[e] * g->words];
            for (uint32_t k = 0; k < g->words; k++) {
                if ((mine[k] | theirs[k]) == mine[k]) continue;
                mine[k] |= theirs[k];
                changed = true;
            }
        }
        for (uint32_t r = reader_start[n]; changed && r < reader_start[n + 1]; r++) {
            uint32_t reader = readers[r];
            if (queued[reader]) continue;
            queued[reader] = true;
            queue[(head + pending) % g->count] = reader;
            pending++;
        }
    }
}

static void compute_bits(Uni *u, Graph *g) {
    g->words = (BIT_PARAM0 + g->f->param_count + 63) / 64;
    g->bits = arena_alloc_array(&u->arena, (size_t)g->count * g->words, sizeof *g->bits);
    g->bits[(size_t)g->nu * g->words] |= 1u << BIT_NU;
    g->bits[(size_t)g->sgv * g->words] |= 1u << BIT_SGV;
    g->bits[(size_t)g->wgv * g->words] |= 1u << BIT_WGV;
    g->bits[(size_t)g->cf_start * g->words] |= 1u << BIT_CF;
    if (!g->entry)
        for (uint32_t p = 0; p < g->f->param_count; p++) {
            uint32_t bit = BIT_PARAM0 + p;
            g->bits[(size_t)(g->param_base + p) * g->words + bit / 64] |= 1ull << (bit % 64);
        }
    propagate_bits(u, g);
}

/* ---- diagnostics: a path from a requirement to where the non-uniformity comes from ---- */

typedef struct Notes {
    Span *spans;
    char **texts;
    uint32_t count, cap;
} Notes;

static void add_note(Uni *u, Notes *notes, Span span, char *text) {
    if (notes->count == notes->cap) {
        uint32_t cap = notes->cap ? notes->cap * 2 : 8;
        Span *s = arena_alloc_array(&u->arena, cap, sizeof *s);
        char **t = arena_alloc_array(&u->arena, cap, sizeof *t);
        if (notes->count) {
            memcpy(s, notes->spans, notes->count * sizeof *s);
            memcpy(t, notes->texts, notes->count * sizeof *t);
        }
        notes->spans = s;
        notes->texts = t;
        notes->cap = cap;
    }
    notes->spans[notes->count] = span;
    notes->texts[notes->count++] = text;
}

/* Breadth-first from `start` to a node whose bits include `bit` on its own (the special
 * node itself); returns the path length and fills path[0..len). */
static uint32_t find_path(Uni *u, const Graph *g, uint32_t start, uint32_t target_a, uint32_t target_b,
                          uint32_t target_c, uint32_t *path) {
    uint32_t *from = arena_alloc_array(&u->arena, g->count + 1, sizeof *from);
    uint32_t *queue = arena_alloc_array(&u->arena, g->count + 1, sizeof *queue);
    for (uint32_t i = 0; i < g->count; i++) from[i] = IR_NONE;
    uint32_t head = 0, tail = 0, found = IR_NONE;
    queue[tail++] = start;
    from[start] = start;
    while (head < tail && found == IR_NONE) {
        uint32_t n = queue[head++];
        if (n == target_a || n == target_b || n == target_c) {
            found = n;
            break;
        }
        const Node *node = &g->nodes[n];
        for (uint32_t e = 0; e < node->edge_count; e++) {
            uint32_t to = node->edges[e];
            if (from[to] != IR_NONE) continue;
            from[to] = n;
            queue[tail++] = to;
        }
    }
    if (found == IR_NONE) return 0;
    uint32_t len = 0;
    for (uint32_t n = found; n != start; n = from[n]) path[len++] = n;
    path[len++] = start;
    for (uint32_t i = 0; i < len / 2; i++) {
        uint32_t t = path[i];
        path[i] = path[len - 1 - i];
        path[len - 1 - i] = t;
    }
    return len;
}

static const char *param_name(const IrFunction *f, uint32_t p, char *buf, size_t size) {
    const IrValue *v = p < f->param_count ? ir_value(f, f->params[p]) : NULL;
    if (v && v->name && v->name[0]) return v->name;
    snprintf(buf, size, "第 %u 个", p + 1);
    return buf;
}

static char *describe_source(Uni *u, const Graph *g, const Node *n) {
    const IrInst *in = ir_inst(g->f, n->b);
    const char *op = in ? ir_op_info(in->op)->name : "?";
    switch ((SourceKind)n->a) {
    case SRC_LOAD: {
        uint32_t slot = IR_NONE;
        IrGlobalId global = IR_NONE;
        if (in && in->arg_count) pointer_root(g, in->args[0], &slot, &global);
        const IrGlobal *gl = ir_global(u->m, global);
        const char *what = !gl ? "全局变量" : gl->space == IR_SPACE_WORKGROUP ? "工作组变量"
                           : gl->space == IR_SPACE_PRIVATE ? "私有变量" : "读写存储缓冲";
        return arena_printf(&u->arena, "从%s「%s」读出的值可能不一致", what, gl ? gl->name : "?");
    }
    case SRC_ATOMIC: return arena_printf(&u->arena, "原子运算“%s”的结果可能不一致", op);
    case SRC_RESULT: return arena_printf(&u->arena, "“%s”的结果可能不一致", op);
    case SRC_SUBGROUP: return arena_printf(&u->arena, "子组运算“%s”的结果只在子组之内一致", op);
    case SRC_WARPGROUP: return arena_printf(&u->arena, "「线程束组号」只在线程束组之内一致");
    case SRC_CALL: {
        const IrFunction *callee = in ? ir_function(u->m, in->symbol) : NULL;
        return arena_printf(&u->arena, "「%s」的返回值可能不一致", callee ? callee->name : "?");
    }
    case SRC_POINTER: return arena_printf(&u->arena, "经指针读出的值可能不一致");
    }
    return arena_printf(&u->arena, "此值可能不一致");
}

static char *describe_entry_param(Uni *u, const Graph *g, uint32_t p) {
    char buf[32];
    const IrIo *io = p < g->entry->param_count ? &g->entry->params[p] : NULL;
    const char *name = param_name(g->f, p, buf, sizeof buf);
    if (io && io->kind == IR_IO_BUILTIN)
        return arena_printf(&u->arena, "内建输入 %s（入口「%s」的参数「%s」）在各调用之间不同",
                            ir_builtin_name(io->builtin), g->entry->name, name);
    if (io && io->kind == IR_IO_STRUCT)
        return arena_printf(&u->arena, "入口「%s」的参数「%s」有在各调用之间不同的成员", g->entry->name, name);
    return arena_printf(&u->arena, "入口「%s」的输入「%s」在各调用之间可能不同", g->entry->name, name);
}

/* Notes for the nodes of a path (from index `first`) that explain where non-uniformity
 * comes from: conditions, named values, and the source. */
static void path_notes(Uni *u, const Graph *g, const uint32_t *path, uint32_t len, uint32_t first, Notes *notes) {
    for (uint32_t i = first; i < len; i++) {
        const Node *n = &g->nodes[path[i]];
        switch (n->kind) {
        case NK_IF:
            add_note(u, notes, ir_inst(g->f, n->a)->span, arena_printf(&u->arena, "控制流取决于此处可能不一致的条件"));
            break;
        case NK_VALUE: {
            const IrValue *v = ir_value(g->f, n->a);
            if (v->name && v->name[0] && v->kind == IR_VALUE_RESULT)
                add_note(u, notes, v->span, arena_printf(&u->arena, "「%s」的值可能不一致", v->name));
            break;
        }
        case NK_SOURCE: add_note(u, notes, ir_inst(g->f, n->b)->span, describe_source(u, g, n)); break;
        case NK_PARAM: {
            char buf[32];
            Span span = ir_value(g->f, g->f->params[n->a])->span;
            if (g->entry) add_note(u, notes, span, describe_entry_param(u, g, n->a));
            else
                add_note(u, notes, span, arena_printf(&u->arena, "「%s」的参数「%s」可能不一致", g->f->name,
                                                       param_name(g->f, n->a, buf, sizeof buf)));
            break;
        }
        default: break;
        }
    }
}

typedef struct Site {
    const IrInst *op;
    Span span;
    bool operand;  /* the op's operand 1 must be uniform, not its control flow */
} Site;

/* The requirement entered at node `first` of graph g (an op, a call whose callee needs
 * uniform control flow, or an argument the callee needs uniform): finds the op that
 * requires it, possibly deep in callees, and notes the way back to g. */
static Site requirement(Uni *u, const Graph *g, uint32_t first, IrUniformity level, Notes *notes, int depth) {
    const Node *n = &g->nodes[first];
    const IrInst *in = ir_inst(g->f, n->a);
    Site site = {in, in ? in->span : g->f->span, n->kind == NK_OPARG};
    if ((n->kind != NK_CALL && n->kind != NK_ARG) || depth > 64) return site;
    const Graph *callee = &u->graphs[in->symbol];
    uint32_t *path = arena_alloc_array(&u->arena, callee->count + 1, sizeof *path);
    uint32_t target = n->kind == NK_CALL ? callee->cf_start : callee->param_base + n->b;
    uint32_t len = find_path(u, callee, requirement_node(callee, level), target, target, target, path);
    if (len < 2) return site;
    site = requirement(u, callee, path[1], level, notes, depth + 1);
    if (n->kind == NK_CALL) {
        add_note(u, notes, in->span, arena_printf(&u->arena, "「%s」在此调用「%s」", g->f->name, callee->f->name));
    } else {
        path_notes(u, callee, path, len, 2, notes);
        add_note(u, notes, in->span, arena_printf(&u->arena, "可能不一致的值在此传给「%s」", callee->f->name));
    }
    return site;
}

/* The diagnostics name an op that needs uniform control flow as WGSL's builtin (the
 * function Tint's uniformity analysis names, spec 着十一; ir/wgsl_builtins.def, the table the
 * WGSL target spells calls with); the matrix fragment and tensor tile ops, which WGSL lacks,
 * by their YIR name. */
const char *pass_uniformity_op_name(IrOp op) {
    if (op >= IR_OP_COUNT) return "?";
    const char *wgsl = ir_wgsl_builtin_name(op);
    return wgsl ? wgsl : ir_op_info(op)->name;
}

/* `level`: the requirement that failed (uniform, warpgroup or subgroup uniform); the path
 * leads to a source of what that level does not allow. */
static void report(Uni *u, const Graph *g, IrUniformity level) {
    uint32_t *path = arena_alloc_array(&u->arena, g->count + 1, sizeof *path);
    bool subgroup = level == IR_SUBGROUP_UNIFORM;
    uint32_t sgv = subgroup ? g->nu : g->sgv, wgv = level == IR_UNIFORM ? g->wgv : g->nu;
    uint32_t len = find_path(u, g, requirement_node(g, level), g->nu, sgv, wgv, path);
    if (len < 3) return;
    Notes notes = {0};
    Site site = requirement(u, g, path[1], level, &notes, 0);
    path_notes(u, g, path, len, 2, &notes);
    /* The caret shows the source call. */
    const char *name = site.op ? pass_uniformity_op_name(site.op->op) : "?";
    if (site.operand)
        diag_error(u->ctx->diag, Y_UNIFORMITY, site.span, "子组运算（%s）的第二个实参须在子组之内一致，此处的值可能不一致", name);
    else if (subgroup)
        diag_error(u->ctx->diag, Y_UNIFORMITY, site.span, "子组运算（%s）须在子组一致控制流里执行，此处的控制流可能不一致", name);
    else if (level == IR_WARPGROUP_UNIFORM)
        diag_error(u->ctx->diag, Y_UNIFORMITY, site.span,
                   "张量片运算（%s）须由一个线程束组的 128 个调用一致执行，此处的控制流可能不一致", name);
    else
        diag_error(u->ctx->diag, Y_UNIFORMITY, site.span, "此运算（%s）须在一致控制流里执行，此处的控制流可能不一致", name);
    for (uint32_t i = 0; i < notes.count; i++) diag_note(u->ctx->diag, notes.spans[i], "%s", notes.texts[i]);
    u->ok = false;
}

static void analyse(Uni *u, IrFuncId id) {
    Graph *g = &u->graphs[id];
    if (g->done || g->busy) return;
    g->busy = true;
    uint32_t n = 0;
    IrInstId *insts = pass_placed_insts(g->f, &n);
    for (uint32_t i = 0; insts && i < n; i++) {
        const IrInst *in = ir_inst(g->f, insts[i]);
        if (in->op == IR_OP_CALL && in->symbol < ir_function_count(u->m)) analyse(u, in->symbol);
    }
    mem_free(insts);
    setup_graph(u, g);
    Walk w = {u, g, arena_alloc_array(&u->arena, g->slot_count + 1, sizeof(uint32_t))};
    for (uint32_t s = 0; s < g->slot_count; s++) w.state[s] = IR_NONE;
    for (uint32_t p = 0; p < g->f->param_count; p++)
        if (g->slot_of[g->f->params[p]] != IR_NONE) w.state[g->slot_of[g->f->params[p]]] = g->param_base + p;
    uint32_t cf = g->cf_start;
    walk_block(&w, g->f->body, &cf, NULL, NULL);
    compute_bits(u, g);
    g->busy = false;
    g->done = true;
    u->order[u->order_count++] = id;
    IrUniformity wg = level_of(g->bits[(size_t)g->req_wg * g->words]);
    IrUniformity wgp = level_of(g->bits[(size_t)g->req_wgp * g->words]);
    IrUniformity sg = level_of(g->bits[(size_t)g->req_sg * g->words]);
    if (!pass_uniformity_satisfies(wg, IR_UNIFORM)) report(u, g, IR_UNIFORM);
    else if (!pass_uniformity_satisfies(wgp, IR_WARPGROUP_UNIFORM)) report(u, g, IR_WARPGROUP_UNIFORM);
    else if (!pass_uniformity_satisfies(sg, IR_SUBGROUP_UNIFORM)) report(u, g, IR_SUBGROUP_UNIFORM);
}

/* ---- facts ---- */

static uint64_t resolve(const Graph *g, uint32_t node) {
    const uint64_t *bits = &g->bits[(size_t)node * g->words];
    uint64_t out = bits[0] & ((1u << BIT_NU) | (1u << BIT_SGV) | (1u << BIT_WGV));
    if (test_bit(bits, BIT_CF)) out |= g->ctx_cf;
    for (uint32_t p = 0; p < g->f->param_count; p++)
        if (test_bit(bits, BIT_PARAM0 + p)) out |= g->ctx_param[p];
    return out;
}

static void push_context(Uni *u, Graph *g) {
    for (uint32_t n = 0; n < g->count; n++) {
        const Node *node = &g->nodes[n];
        if (node->kind != NK_CALL && node->kind != NK_ARG) continue;
        const IrInst *in = ir_inst(g->f, node->a);
        if (!in || in->symbol >= ir_function_count(u->m)) continue;
        Graph *callee = &u->graphs[in->symbol];
        if (!callee->ctx_param) continue;
        callee->called = true;
        if (node->kind == NK_CALL) callee->ctx_cf |= resolve(g, n);
        else if (node->b < callee->f->param_count) callee->ctx_param[node->b] |= resolve(g, n);
    }
}

static void record_facts(Graph *g) {
    for (uint32_t v = 0; v < g->f->value_count; v++) {
        g->f->values[v].uniformity = level_of(resolve(g, vnode(g, v)));
    }
}

/* Callers before callees (reverse of the order analyse() finished them). */
static void compute_facts(Uni *u, const uint32_t *order, uint32_t count) {
    for (uint32_t i = count; i-- > 0;) {
        Graph *g = &u->graphs[order[i]];
        if (!g->done) continue;
        if (!g->entry && !g->called)  /* nobody calls it: assume the worst of its inputs */
            for (uint32_t p = 0; p < g->f->param_count; p++) g->ctx_param[p] = 1u << BIT_NU;
        record_facts(g);
        push_context(u, g);
    }
}

bool pass_uniformity(PassContext *ctx) {
    Uni u = {ctx, ctx->module, {0}, NULL, NULL, 0, true};
    arena_init(&u.arena);
    uint32_t count = ir_function_count(u.m);
    u.graphs = arena_alloc_array(&u.arena, count + 1, sizeof *u.graphs);
    u.order = arena_alloc_array(&u.arena, count + 1, sizeof *u.order);
    for (uint32_t i = 0; i < count; i++) {
        u.graphs[i].f = ir_function(u.m, i);
        u.graphs[i].ctx_param = arena_alloc_array(&u.arena, u.graphs[i].f->param_count + 1, sizeof(uint64_t));
    }
    for (uint32_t e = 0; e < ir_entry_count(u.m); e++) {
        const IrEntry *entry = ir_entry(u.m, e);
        if (entry->func < count) u.graphs[entry->func].entry = entry;
    }
    for (uint32_t i = 0; i < count; i++) analyse(&u, i);
    compute_facts(&u, u.order, u.order_count);
    arena_free(&u.arena);
    return u.ok;
}
