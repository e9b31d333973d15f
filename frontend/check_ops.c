/* The operator words fixed in the compiler (加 减 乘 除 余, comparisons, 且 或 非), typed
 * like WGSL's operators: the same type on both sides, a vector with a scalar of its element
 * type, the matrix products; an abstract literal takes the other operand's type. */
#include "check_internal.h"

static const char *op_word(AstBinaryOp op) {
    switch (op) {
    case AST_OP_ADD: return "加";
    case AST_OP_SUB: return "减";
    case AST_OP_MUL: return "乘";
    case AST_OP_DIV: return "除";
    case AST_OP_MOD: return "余";
    case AST_OP_EQ: return "等于";
    case AST_OP_NE: return "不等于";
    case AST_OP_LT: return "小于";
    case AST_OP_GT: return "大于";
    case AST_OP_GE: return "不小于";
    case AST_OP_LE: return "不大于";
    case AST_OP_AND: return "且";
    case AST_OP_OR: return "或";
    }
    return "?";
}

static bool is_arith(AstBinaryOp op) { return op <= AST_OP_MOD; }
static bool is_equality(AstBinaryOp op) { return op == AST_OP_EQ || op == AST_OP_NE; }

static bool is_numeric_elem(Type *t) {
    t = fe_type_prune(t);
    return fe_type_is_numeric_scalar(t) && t->kind != TYPE_BOOL;
}

/* Element type of a vector or of a matrix's columns; NULL otherwise. */
static Type *shape_elem(Type *t) {
    Type *elem, *column;
    if (fe_type_is_matrix(t, &column, NULL, NULL)) {
        fe_type_is_vector(column, &elem, NULL);
        return elem;
    }
    if (fe_type_is_vector(t, &elem, NULL)) return elem;
    return NULL;
}

/* Matrix and vector products of 乘; returns the result type or NULL. */
static Type *matrix_product(Checker *c, Type *lt, Type *rt) {
    Type *lcol, *rcol, *elem;
    uint32_t lcols, lrows, rcols, rrows, n;
    bool lm = fe_type_is_matrix(lt, &lcol, &lcols, &lrows);
    bool rm = fe_type_is_matrix(rt, &rcol, &rcols, &rrows);
    if (lm && rm) {
        if (lcols != rrows || !fe_type_equal(fe_type_prune(lcol)->as.tuple.items[0],
                                          fe_type_prune(rcol)->as.tuple.items[0]))
            return NULL;
        Type *column = fe_type_vector(&c->types, fe_type_prune(lcol)->as.tuple.items[0], lrows);
        return fe_type_vector(&c->types, column, rcols);
    }
    if (lm && fe_type_is_vector(rt, &elem, &n)) {
        if (n != lcols || !fe_type_unify(&c->types, elem, fe_type_prune(lcol)->as.tuple.items[0]))
            return NULL;
        return fe_type_vector(&c->types, elem, lrows);
    }
    if (rm && fe_type_is_vector(lt, &elem, &n)) {
        if (n != rrows || !fe_type_unify(&c->types, elem, fe_type_prune(rcol)->as.tuple.items[0]))
            return NULL;
        return fe_type_vector(&c->types, elem, rcols);
    }
    if (lm && fe_type_is_numeric_scalar(rt) && fe_type_unify(&c->types, rt, shape_elem(lt))) return lt;
    if (rm && fe_type_is_numeric_scalar(lt) && fe_type_unify(&c->types, lt, shape_elem(rt))) return rt;
    return NULL;
}

/* Settles the operand type; NULL on a mismatch. */
static Type *operand_type(Checker *c, AstBinaryOp op, Type *lt, Type *rt) {
    bool lv = lt->kind == TYPE_VAR, rv = rt->kind == TYPE_VAR;
    if (lv || rv) {
        Type *var = lv ? lt : rt, *other = lv ? rt : lt;
        Type *elem = shape_elem(other);
        bool literal = var->as.var.lit != LIT_NONE;
        if (!(lv && rv) && elem && literal && is_arith(op) &&
            (!fe_type_is_matrix(other, NULL, NULL, NULL) || op == AST_OP_MUL))
            return fe_type_unify(&c->types, var, elem) ? other : NULL;
        return fe_type_unify(&c->types, lt, rt) ? other : NULL;
    }
    if (fe_type_unify(&c->types, lt, rt)) return lt;
    if (!is_arith(op)) return NULL;
    if (op == AST_OP_MUL) {
        Type *product = matrix_product(c, lt, rt);
        if (product) return product;
    }
    Type *le = fe_type_is_matrix(lt, NULL, NULL, NULL) ? NULL : shape_elem(lt);
    Type *re = fe_type_is_matrix(rt, NULL, NULL, NULL) ? NULL : shape_elem(rt);
    if (le && !re && fe_type_is_numeric_scalar(rt) && fe_type_unify(&c->types, le, rt)) return lt;
    if (re && !le && fe_type_is_numeric_scalar(lt) && fe_type_unify(&c->types, re, lt)) return rt;
    return NULL;
}

/* Whether the operand type suits the operator (unknown variables pass for now). */
static bool operand_ok(AstBinaryOp op, Type *t) {
    t = fe_type_prune(t);
    if (t->kind == TYPE_VAR || t->kind == TYPE_ERROR) return true;
    Type *elem = shape_elem(t);
    bool matrix = fe_type_is_matrix(t, NULL, NULL, NULL);
    if (is_equality(op)) return !matrix && (elem || fe_type_is_numeric_scalar(t) || t->kind == TYPE_BOOL);
    if (!is_arith(op)) return !matrix && is_numeric_elem(elem ? elem : t);
    if (matrix) return op == AST_OP_ADD || op == AST_OP_SUB || op == AST_OP_MUL;
    return is_numeric_elem(elem ? elem : t);
}

SemaExpr *fe_check_binary(Checker *c, const AstExpr *e) {
    AstBinaryOp op = e->as.binary.op;
    SemaExpr *left, *right;
    Type *result;
    if (op == AST_OP_AND || op == AST_OP_OR) {
        const char *what_l = arena_concat(c->arena, "「", op_word(op), "」左边的", (const char *)NULL);
        const char *what_r = arena_concat(c->arena, "「", op_word(op), "」右边的", (const char *)NULL);
        left = fe_check_expr_as(c, e->as.binary.left, c->types.boolean, what_l);
        right = fe_check_expr_as(c, e->as.binary.right, c->types.boolean, what_r);
        result = c->types.boolean;
    } else {
        left = fe_check_expr(c, e->as.binary.left, NULL);
        right = fe_check_expr(c, e->as.binary.right, NULL);
        Type *lt = fe_type_prune(left->type), *rt = fe_type_prune(right->type);
        Type *operand = NULL;
        if (lt->kind == TYPE_ERROR || rt->kind == TYPE_ERROR) {
            result = c->types.error;
        } else if (!(operand = operand_type(c, op, lt, rt))) {
            fe_check_error(c, Y_TYPE_MISMATCH, e->as.binary.op_span, "「%s」两边的类型不符：左边是 %s，右边是 %s",
                        op_word(op), fe_ty_str(c, lt), fe_ty_str(c, rt));
            if (left->kind == SEXPR_LOCAL) fe_note_shadowed_builtin(c, left->as.local);
            if (right->kind == SEXPR_LOCAL) fe_note_shadowed_builtin(c, right->as.local);
            result = c->types.error;
        } else if (!operand_ok(op, operand) || !operand_ok(op, lt) || !operand_ok(op, rt)) {
            fe_check_error(c, Y_OPERATOR_TYPE, e->as.binary.op_span, "「%s」不能用在 %s 上", op_word(op),
                        fe_ty_str(c, fe_type_prune(operand)));
            result = c->types.error;
        } else if (is_arith(op)) {
            result = operand;
        } else {
            uint32_t n;
            result = fe_type_is_vector(operand, NULL, &n) ? fe_type_vector(&c->types, c->types.boolean, n)
                                                       : c->types.boolean;
        }
    }
    SemaExpr *s = fe_sexpr_new(c, SEXPR_BINARY, e->span, result);
    s->as.binary.op = op;
    s->as.binary.left = left;
    s->as.binary.right = right;
    return s;
}

SemaExpr *fe_check_not(Checker *c, const AstExpr *e) {
    SemaExpr *operand = fe_check_expr(c, e->as.not_.operand, NULL);
    Type *t = fe_type_prune(operand->type);
    Type *elem;
    if (t->kind == TYPE_VAR) fe_type_unify(&c->types, t, c->types.boolean);
    t = fe_type_prune(t);
    bool ok = t->kind == TYPE_ERROR || t->kind == TYPE_BOOL ||
              (fe_type_is_vector(t, &elem, NULL) && fe_type_prune(elem)->kind == TYPE_BOOL);
    if (!ok) fe_check_error(c, Y_OPERATOR_TYPE, e->span, "「非」只能用在「爻」或「爻」的向量上，这里是 %s", fe_ty_str(c, t));
    SemaExpr *s = fe_sexpr_new(c, SEXPR_NOT, e->span, ok ? t : c->types.error);
    s->as.not_.operand = operand;
    return s;
}
