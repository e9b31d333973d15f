/* The rules of 着五 that look at a whole body or the whole program: local recursion only
 * in tail position, no top-level recursion, constant definitions are constant. */
#include "check_internal.h"

enum { MAX_REC_DEPTH = 64 };

typedef struct TailWalk {
    Checker *c;
    SemaLocal *targets[MAX_REC_DEPTH];  /* enclosing 递归令 functions, innermost last */
    uint32_t count;
} TailWalk;

static void walk(TailWalk *w, SemaExpr *e, bool tail);

static void walk_call(TailWalk *w, SemaExpr *e, bool tail) {
    if (e->as.call.kind == CALL_LOCAL) {
        SemaLocal *callee = e->as.call.local;
        for (uint32_t i = 0; i < w->count; i++) {
            if (w->targets[i] != callee) continue;
            if (tail && i + 1 == w->count) {
                e->as.call.is_tail = true;
            } else {
                fe_check_error(w->c, Y_RECURSION, e->span,
                            "不支持其他递归（着五）：局部递归函数「%s」只能在尾位置调用自身，这次调用的结果还要再用",
                            callee->name);
            }
        }
    }
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) walk(w, e->as.call.args[i], false);
}

static void walk_node(TailWalk *w, SemaExpr *e, bool tail);

/* A chain's rest (令 … 而, 递归令 … 而, a ； b) keeps the chain's tail position; it is walked in
 * a loop (a chain may be of any length). */
static void walk(TailWalk *w, SemaExpr *e, bool tail) {
    while (e) {
        switch (e->kind) {
        case SEXPR_LET:
            walk(w, e->as.let.value, false);
            e = e->as.let.body;
            break;
        case SEXPR_LETREC:
            if (w->count < MAX_REC_DEPTH) {
                w->targets[w->count++] = e->as.letrec.function;
                walk(w, e->as.letrec.function_body, true);
                w->count--;
            }
            e = e->as.letrec.body;
            break;
        case SEXPR_SEQ:
            walk(w, e->as.seq.first, false);
            e = e->as.seq.second;
            break;
        default:
            walk_node(w, e, tail);
            return;
        }
    }
}

static void walk_node(TailWalk *w, SemaExpr *e, bool tail) {
    switch (e->kind) {
    case SEXPR_CALL: walk_call(w, e, tail); return;
    case SEXPR_IF:
        walk(w, e->as.if_.cond, false);
        walk(w, e->as.if_.then_branch, tail);
        walk(w, e->as.if_.else_branch, tail);
        return;
    case SEXPR_TUPLE:
        for (uint32_t i = 0; i < e->as.tuple.count; i++) walk(w, e->as.tuple.items[i], false);
        return;
    case SEXPR_RECORD:
        for (uint32_t i = 0; i < e->as.record.count; i++) walk(w, e->as.record.values[i], false);
        return;
    case SEXPR_PROJ: walk(w, e->as.proj.base, false); return;
    case SEXPR_NOT: walk(w, e->as.not_.operand, false); return;
    case SEXPR_BINARY:
        walk(w, e->as.binary.left, false);
        walk(w, e->as.binary.right, false);
        return;
    case SEXPR_LOAD: walk(w, e->as.load.resource, false); return;
    default: return;
    }
}

void fe_check_tail_calls(Checker *c, SemaExpr *body) {
    TailWalk w = {.c = c};
    walk(&w, body, false);
}

/* ---- top-level recursion: a cycle in the call graph of top-level functions ---- */

enum { WHITE, GRAY, BLACK };

static void visit(Checker *c, TopName *top, unsigned char *color, uint32_t depth) {
    uint32_t me = top->sema->index;
    color[me] = GRAY;
    for (size_t i = 0; i < top->calls.len; i++) {
        CallEdge *edge = top->calls.items[i];
        SemaDef *callee = edge->callee->sema;
        if (!callee || callee->kind != DEF_FUNCTION) continue;
        if (color[callee->index] == GRAY) {
            c->def_name = top->name;
            if (edge->callee == top)
                fe_check_error(c, Y_RECURSION, edge->span, "不支持其他递归（着五）：顶层函数「%s」调用自身；递归请用「递归令」写成局部尾递归",
                            top->name);
            else
                fe_check_error(c, Y_RECURSION, edge->span, "不支持其他递归（着五）：顶层函数「%s」调用「%s」，而「%s」又经调用回到「%s」（顶层函数间接调用自身）",
                            top->name, edge->callee->name, edge->callee->name, top->name);
            c->def_name = NULL;
        } else if (color[callee->index] == WHITE && depth < 10000) {
            visit(c, edge->callee, color, depth + 1);
        }
    }
    color[me] = BLACK;
}

void fe_check_recursion(Checker *c) {
    if (!c->def_count) return;
    unsigned char *color = arena_alloc(c->arena, c->def_count);
    for (uint32_t i = 0; i < c->user_count; i++) {
        TopName *top = c->user_order[i];
        if (top->sema && top->sema->kind == DEF_FUNCTION && color[top->sema->index] == WHITE)
            visit(c, top, color, 0);
    }
}

/* ---- constant expressions (着四 rule 5) ---- */

bool fe_sexpr_is_const(const SemaExpr *e, Span *bad) {
    if (!e) return true;
    switch (e->kind) {
    case SEXPR_ERROR: case SEXPR_LITERAL: case SEXPR_BUILTIN_VALUE: return true;
    case SEXPR_GLOBAL:
        if (e->as.global->kind == DEF_CONSTANT) return true;
        *bad = e->span;
        return false;
    case SEXPR_TUPLE:
        for (uint32_t i = 0; i < e->as.tuple.count; i++)
            if (!fe_sexpr_is_const(e->as.tuple.items[i], bad)) return false;
        return true;
    case SEXPR_RECORD:
        for (uint32_t i = 0; i < e->as.record.count; i++)
            if (!fe_sexpr_is_const(e->as.record.values[i], bad)) return false;
        return true;
    case SEXPR_PROJ: return fe_sexpr_is_const(e->as.proj.base, bad);
    case SEXPR_NOT: return fe_sexpr_is_const(e->as.not_.operand, bad);
    case SEXPR_BINARY:
        return fe_sexpr_is_const(e->as.binary.left, bad) && fe_sexpr_is_const(e->as.binary.right, bad);
    case SEXPR_IF:
        if (!e->as.if_.else_branch) break;
        return fe_sexpr_is_const(e->as.if_.cond, bad) && fe_sexpr_is_const(e->as.if_.then_branch, bad) &&
               fe_sexpr_is_const(e->as.if_.else_branch, bad);
    case SEXPR_CALL:
        if (e->as.call.kind != CALL_BUILTIN || !fe_builtin_is_const(e->as.call.intrinsic)) break;
        for (uint32_t i = 0; i < e->as.call.arg_count; i++)
            if (!fe_sexpr_is_const(e->as.call.args[i], bad)) return false;
        return true;
    default:
        break;
    }
    *bad = e->span;
    return false;
}
