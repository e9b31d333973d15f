/* Lowering, control flow: both forms of 若 as structured ifs, short-circuit 且/或, and
 * 递归令 functions lifted to functions of their own (marked local_recursive for the
 * tail-recursion-to-loop pass, docs/passes.md). */
#include <string.h>

#include "lower_internal.h"

/* One branch of an if: `expr` (or the constant `konst` when expr is NULL and has_konst),
 * then `yield`. Returns whether the branch ended in a terminator instead. */
typedef struct Branch {
    const SemaExpr *expr;
    bool has_konst, konst;
    bool unit;           /* the if has no results */
    const SemaExpr *at;  /* span for the yield */
} Branch;

static bool lower_branch(FnCtx *fc, IrBlockId block, Branch br) {
    uint32_t mark = fe_lower_cache_mark(fc);
    ir_builder_set_block(&fc->b, block);
    IrValueId v = LV_UNIT;
    if (br.expr) {
        v = fe_lower_expr(fc, br.expr);
    } else if (br.has_konst) {
        fe_lower_at(fc, br.at);
        v = ir_build_bool(&fc->b, br.konst);
    }
    bool dead = fc->dead;
    if (!dead && v != IR_NONE && !fc->l->failed) {
        fe_lower_at(fc, br.expr ? br.expr : br.at);
        if (br.unit || v == LV_UNIT) ir_build_yield(&fc->b, NULL, 0);
        else ir_build_yield(&fc->b, &v, 1);
    }
    fc->dead = false;
    fe_lower_cache_reset(fc, mark);
    return dead;
}

/* Continues after the if; when both branches ended in terminators nothing follows. */
static IrValueId after_if(FnCtx *fc, const SemaExpr *e, IrInstId inst, bool then_dead, bool else_dead,
                          bool unit) {
    ir_builder_after(&fc->b, inst);
    if (fc->l->failed) return IR_NONE;
    if (then_dead && else_dead) {
        fe_lower_at(fc, e);
        ir_build_inst(&fc->b, IR_OP_UNREACHABLE, NULL, 0, NULL, 0);
        fc->dead = true;
        return IR_NONE;
    }
    return unit ? LV_UNIT : ir_inst_result(fc->f, inst, 0);
}

IrValueId fe_lower_if(FnCtx *fc, const SemaExpr *e) {
    IrValueId cond = fe_lower_expr(fc, e->as.if_.cond);
    if (cond == IR_NONE) return IR_NONE;
    bool unit = fe_lower_type_is_unit(e->type);
    IrTypeId type = unit ? IR_NO_TYPE : fe_lower_expr_type(fc, e);
    if (!unit && type == IR_NO_TYPE) return IR_NONE;
    fe_lower_at(fc, e);
    IrInstId inst = ir_build_if(&fc->b, cond, &type, unit ? 0 : 1);
    Branch then_br = {e->as.if_.then_branch, false, false, unit, e};
    Branch else_br = {e->as.if_.else_branch, false, false, unit, e};
    bool then_dead = lower_branch(fc, ir_if_then(fc->f, inst), then_br);
    bool else_dead = lower_branch(fc, ir_if_else(fc->f, inst), else_br);
    return after_if(fc, e, inst, then_dead, else_dead, unit);
}

/* Whether evaluating e unconditionally is unobservable: no effects, no calls, no
 * operation that needs uniform control flow. Such a right operand of 且/或 stays an
 * operand (&&, ||); any other becomes a branch (short-circuit). */
static bool is_plain_node(const SemaExpr *e);

/* Along a chain's rest in a loop (a chain may be of any length). */
static bool is_plain(const SemaExpr *e) {
    for (; e; e = e->kind == SEXPR_LET ? e->as.let.body : e->as.seq.second) {
        if (e->kind == SEXPR_LET) {
            if (!is_plain(e->as.let.value)) return false;
        } else if (e->kind == SEXPR_SEQ) {
            if (!is_plain(e->as.seq.first)) return false;
        } else {
            return is_plain_node(e);
        }
    }
    return true;
}

static bool is_plain_node(const SemaExpr *e) {
    switch (e->kind) {
    case SEXPR_LITERAL: case SEXPR_LOCAL: case SEXPR_GLOBAL: case SEXPR_LOAD:
    case SEXPR_BUILTIN_VALUE: return true;
    case SEXPR_TUPLE:
        for (uint32_t i = 0; i < e->as.tuple.count; i++)
            if (!is_plain(e->as.tuple.items[i])) return false;
        return true;
    case SEXPR_RECORD:
        for (uint32_t i = 0; i < e->as.record.count; i++)
            if (!is_plain(e->as.record.values[i])) return false;
        return true;
    case SEXPR_PROJ: return is_plain(e->as.proj.base);
    case SEXPR_NOT: return is_plain(e->as.not_.operand);
    case SEXPR_BINARY: return is_plain(e->as.binary.left) && is_plain(e->as.binary.right);
    case SEXPR_CALL: {
        Intrinsic in = e->as.call.intrinsic;
        if (e->as.call.kind != CALL_BUILTIN || fe_intrinsic_has_side_effects(in) ||
            fe_intrinsic_needs_uniformity(in))
            return false;
        for (uint32_t i = 0; i < e->as.call.arg_count; i++)
            if (!is_plain(e->as.call.args[i])) return false;
        return true;
    }
    case SEXPR_IF:
        return is_plain(e->as.if_.cond) && is_plain(e->as.if_.then_branch) && is_plain(e->as.if_.else_branch);
    default: return false;
    }
}

IrValueId fe_lower_logic(FnCtx *fc, const SemaExpr *e) {
    bool is_and = e->as.binary.op == AST_OP_AND;
    IrValueId left = fe_lower_expr(fc, e->as.binary.left);
    if (left == IR_NONE) return IR_NONE;
    if (is_plain(e->as.binary.right)) {
        IrValueId right = fe_lower_expr(fc, e->as.binary.right);
        if (right == IR_NONE) return IR_NONE;
        fe_lower_at(fc, e);
        return ir_build_binary(&fc->b, is_and ? IR_OP_AND : IR_OP_OR, left, right);
    }
    IrTypeId type = ir_type_bool(fc->l->types);
    fe_lower_at(fc, e);
    IrInstId inst = ir_build_if(&fc->b, left, &type, 1);
    Branch eval = {e->as.binary.right, false, false, false, e};
    Branch konst = {NULL, true, !is_and, false, e};
    bool then_dead = lower_branch(fc, ir_if_then(fc->f, inst), is_and ? eval : konst);
    bool else_dead = lower_branch(fc, ir_if_else(fc->f, inst), is_and ? konst : eval);
    return after_if(fc, e, inst, then_dead, else_dead, false);
}

/* ---- 递归令 ---- */

typedef struct FreeVars {
    FnCtx *fc;
    const SemaLocal *self;
    SemaLocal **list;
    uint32_t count, cap;
} FreeVars;

/* Each local once, found by its mark (FnCtx.captured, cleared through the list when the
 * list is done), not by a scan of the list: captures × reads was quadratic. */
static void add_free(FreeVars *fv, SemaLocal *local) {
    if (fv->fc->locals[local->index] == IR_NONE) return;  /* bound inside the body */
    if (fv->fc->captured[local->index]) return;
    fv->fc->captured[local->index] = true;
    if (fv->count == fv->cap) {
        uint32_t cap = fv->cap ? fv->cap * 2 : 8;
        SemaLocal **grown = arena_alloc_array(&fv->fc->l->scratch, cap, sizeof *grown);
        if (fv->count) memcpy(grown, fv->list, fv->count * sizeof *grown);
        fv->list = grown;
        fv->cap = cap;
    }
    fv->list[fv->count++] = local;
}

/* Locals of the enclosing function that `e` reads, also through calls of enclosing local
 * functions (whose own free locals it must then pass). */
static void collect_free_node(FreeVars *fv, const SemaExpr *e);

/* Along a chain's rest in a loop (a chain may be of any length). */
static void collect_free(FreeVars *fv, const SemaExpr *e) {
    while (e) {
        switch (e->kind) {
        case SEXPR_LET:
            collect_free(fv, e->as.let.value);
            e = e->as.let.body;
            break;
        case SEXPR_LETREC:
            collect_free(fv, e->as.letrec.function_body);
            e = e->as.letrec.body;
            break;
        case SEXPR_SEQ:
            collect_free(fv, e->as.seq.first);
            e = e->as.seq.second;
            break;
        default:
            collect_free_node(fv, e);
            return;
        }
    }
}

static void collect_free_node(FreeVars *fv, const SemaExpr *e) {
    switch (e->kind) {
    case SEXPR_LOCAL: add_free(fv, e->as.local); return;
    case SEXPR_LOAD: collect_free(fv, e->as.load.resource); return;
    case SEXPR_TUPLE:
        for (uint32_t i = 0; i < e->as.tuple.count; i++) collect_free(fv, e->as.tuple.items[i]);
        return;
    case SEXPR_RECORD:
        for (uint32_t i = 0; i < e->as.record.count; i++) collect_free(fv, e->as.record.values[i]);
        return;
    case SEXPR_PROJ: collect_free(fv, e->as.proj.base); return;
    case SEXPR_NOT: collect_free(fv, e->as.not_.operand); return;
    case SEXPR_BINARY:
        collect_free(fv, e->as.binary.left);
        collect_free(fv, e->as.binary.right);
        return;
    case SEXPR_CALL:
        for (uint32_t i = 0; i < e->as.call.arg_count; i++) collect_free(fv, e->as.call.args[i]);
        if (e->as.call.kind == CALL_LOCAL && e->as.call.local != fv->self) {
            const LocalFn *g = &fv->fc->local_fns[e->as.call.local->index];
            for (uint32_t i = 0; g->defined && i < g->capture_count; i++) add_free(fv, g->captures[i]);
        }
        return;
    case SEXPR_IF:
        collect_free(fv, e->as.if_.cond);
        collect_free(fv, e->as.if_.then_branch);
        collect_free(fv, e->as.if_.else_branch);
        return;
    default: return;
    }
}

/* Builds the lifted function: its own parameters, then one per captured local. */
static bool lift_function(FnCtx *fc, const SemaExpr *e, LocalFn *info) {
    Lowerer *l = fc->l;
    SemaLocal *self = e->as.letrec.function;
    Type *ft = fe_type_prune(self->type);
    if (ft->kind != TYPE_FUNC) {
        fe_lower_error(l, Y_LOWERING_INTERNAL, self->span, "翻译的内部错误：局部函数「%s」没有函数类型", self->name);
        return false;
    }
    IrTypeId result = fe_lower_type(l, ft->as.func.result, self->span);
    if (result == IR_NO_TYPE) return false;
    IrFunction *g = ir_function_new(l->m, fe_lower_unique_name(l, self->name), result, self->span);
    g->local_recursive = true;
    info->func = g->id;
    info->defined = true;

    FnCtx inner;
    memset(&inner, 0, sizeof inner);
    inner.l = l;
    inner.def = fc->def;
    inner.f = g;
    inner.local_fns = fc->local_fns;
    inner.captured = fc->captured;
    ir_builder_init(&inner.b, g);
    /* The lifted function shares the definition's table of local values (a fresh table per
     * 递归令 made lowering quadratic in locals × local functions): the locals its body binds
     * have no value yet and no other code names them, its parameters are its own, and the
     * captured locals take the new parameters while it is built and get the enclosing
     * function's values back afterwards. */
    inner.locals = fc->locals;
    IrValueId *outer_values = arena_alloc_array(&l->scratch, info->capture_count + 1, sizeof *outer_values);
    for (uint32_t i = 0; i < info->capture_count; i++) outer_values[i] = fc->locals[info->captures[i]->index];
    for (uint32_t i = 0; i < e->as.letrec.param_count; i++) {
        SemaLocal *p = e->as.letrec.params[i];
        if (fe_lower_type_is_unit(p->type)) {
            inner.locals[p->index] = LV_UNIT;
            continue;
        }
        IrTypeId t = fe_lower_type(l, p->type, p->span);
        if (t == IR_NO_TYPE) return false;
        inner.locals[p->index] = ir_function_add_param(g, t, p->name, p->span);
    }
    for (uint32_t i = 0; i < info->capture_count; i++) {
        SemaLocal *c = info->captures[i];
        IrValueId outer = outer_values[i];
        inner.locals[c->index] =
            outer == LV_UNIT ? LV_UNIT : ir_function_add_param(g, ir_value_type(fc->f, outer), c->name, c->span);
    }
    const SemaExpr *body = e->as.letrec.function_body;
    fe_lower_fn_return(&inner, body, fe_lower_expr(&inner, body));
    for (uint32_t i = 0; i < info->capture_count; i++) fc->locals[info->captures[i]->index] = outer_values[i];
    return !l->failed;
}

bool fe_lower_letrec_function(FnCtx *fc, const SemaExpr *e) {
    SemaLocal *self = e->as.letrec.function;
    FreeVars fv = {fc, self, NULL, 0, 0};
    collect_free(&fv, e->as.letrec.function_body);
    for (uint32_t i = 0; i < fv.count; i++) fc->captured[fv.list[i]->index] = false;
    LocalFn *info = &fc->local_fns[self->index];
    info->captures = fv.list;
    info->capture_count = fv.count;
    return lift_function(fc, e, info);
}

IrValueId fe_lower_local_call(FnCtx *fc, const SemaExpr *e) {
    const SemaLocal *callee = e->as.call.local;
    const LocalFn *info = &fc->local_fns[callee->index];
    if (!info->defined) {
        fe_lower_error(fc->l, Y_LOWERING_INTERNAL, e->span, "翻译的内部错误：局部函数「%s」尚未定义", callee->name);
        return IR_NONE;
    }
    uint32_t n = 0;
    IrValueId *args = arena_alloc_array(&fc->l->scratch, e->as.call.arg_count + info->capture_count + 1,
                                        sizeof *args);
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) {
        IrValueId v = fe_lower_expr(fc, e->as.call.args[i]);
        if (v == IR_NONE) return IR_NONE;
        if (v != LV_UNIT) args[n++] = v;
    }
    for (uint32_t i = 0; i < info->capture_count; i++) {
        IrValueId v = fc->locals[info->captures[i]->index];
        if (v == IR_NONE) {
            fe_lower_error(fc->l, Y_LOWERING_INTERNAL, e->span, "翻译的内部错误：局部函数「%s」用到的「%s」在此没有值", callee->name,
                        info->captures[i]->name);
            return IR_NONE;
        }
        if (v != LV_UNIT) args[n++] = v;
    }
    fe_lower_at(fc, e);
    IrValueId r = ir_build_call(&fc->b, info->func, args, n);
    return r == IR_NONE ? LV_UNIT : r;
}
