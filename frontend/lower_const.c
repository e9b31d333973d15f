/* Lowering, constants (着四 rule 5): top-level definitions without a resource, entry or
 * function type become IR constants. Their values are WGSL const-expressions: each form
 * maps to its YIR operation and is computed by the one constant evaluator of ir/
 * (ir_const_eval in IR_EVAL_CONST_EXPR mode); this file only walks the expression, picks
 * the types and reports what the evaluator rejects, at the expression that failed. */
#include <string.h>

#include "lower_internal.h"

static IrConstEval evaluator(Lowerer *l) {
    IrConstEval eval = {l->types, &l->m->arena, IR_EVAL_CONST_EXPR};
    return eval;
}

/* The scalar bits of a literal at a scalar IR type (f16 rounded to the nearest f16). */
uint64_t fe_lower_literal_bits(Lowerer *l, const SemaExpr *e, IrTypeId type) {
    const NumeralInfo *v = &e->as.literal.value;
    const IrType *t = ir_type(l->types, type);
    if (!t) return 0;
    if (t->kind == IR_TYPE_BOOL) return v->is_decimal ? v->float_value != 0.0 : v->int_value != 0;
    if (t->kind == IR_TYPE_SCALAR && t->scalar != IR_FLOAT && !v->is_decimal) {
        uint32_t mag = (uint32_t)v->int_value;
        return v->is_negative ? (uint32_t)(0u - mag) : mag;
    }
    double d = v->is_decimal ? v->float_value : (v->is_negative ? -(double)v->int_value : (double)v->int_value);
    if (t->kind != IR_TYPE_SCALAR) return 0;
    if (t->scalar == IR_FLOAT) {
        float f = (float)(t->width == 16 ? ir_f16_nearest(d) : d);
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        return bits;
    }
    /* A decimal numeral at an integer type (the checker does not allow it; saturate). */
    if (t->scalar == IR_SINT) return (uint32_t)(int32_t)(d <= -2147483648.0 ? INT32_MIN : d >= 2147483647.0 ? INT32_MAX : d);
    return d <= 0.0 ? 0u : d >= 4294967295.0 ? UINT32_MAX : (uint32_t)d;
}

static bool not_constant(Lowerer *l, const SemaExpr *e) {
    fe_lower_error(l, Y_NOT_CONSTANT, e->span,
                "常量的值须是翻译器能求值的常量表达式（字面量、「新浮三二」等构造器、「转换」、"
                "「位转换」、算术、比较与逻辑、位运算与移位、值若、元组与组值及其「中」、"
                "docs/language.md 所列的内建函数、其他常量）");
    return false;
}

/* Reports what the evaluator rejected, at the expression that failed. */
static bool check_status(Lowerer *l, const SemaExpr *e, IrEvalStatus status) {
    const char *why = NULL;
    switch (status) {
    case IR_EVAL_OK: return true;
    case IR_EVAL_UNSUPPORTED: case IR_EVAL_VARIES: return not_constant(l, e);
    case IR_EVAL_OVERFLOW: why = "溢出"; break;
    case IR_EVAL_DIV_ZERO: why = "除以零"; break;
    case IR_EVAL_SHIFT_RANGE: why = "的移位量不小于位宽"; break;
    case IR_EVAL_NONFINITE: why = "得到无穷或非数"; break;
    case IR_EVAL_DOMAIN: why = "的实参超出定义域（如「夹紧」的下限大于上限）"; break;
    case IR_EVAL_INDEX_RANGE: why = "的下标越界"; break;
    }
    fe_lower_error(l, Y_CONSTANT_EVALUATION, e->span, "常量表达式%s（WGSL 的常量求值里这是错误）", why);
    return false;
}

static bool is_abstract(Type *type) {
    Type *t = fe_type_prune(type);
    return t && (t->kind == TYPE_ABSTRACT_INT || t->kind == TYPE_ABSTRACT_FLOAT ||
                 (t->kind == TYPE_VAR && t->as.var.lit != LIT_NONE));
}

/* The IR type an operand is evaluated at: its own, except that an abstract literal or
 * constant takes the element type of the numeric result it helps to make (the constant
 * 「甲」者「一」加「二」也 used as 无三二 adds two u32). */
static IrTypeId operand_type(Lowerer *l, const SemaExpr *operand, IrTypeId result) {
    if (is_abstract(operand->type) && ir_type_is_numeric(l->types, result))
        return ir_type_element_scalar(l->types, result);
    return fe_lower_type(l, operand->type, operand->span);
}

static bool eval_operands(Lowerer *l, SemaExpr *const *items, uint32_t count, IrTypeId result, IrLiteral *out) {
    for (uint32_t i = 0; i < count; i++) {
        IrTypeId t = operand_type(l, items[i], result);
        if (t == IR_NO_TYPE || !fe_lower_const_eval(l, items[i], t, &out[i])) return false;
    }
    return true;
}

static bool eval_op(Lowerer *l, const SemaExpr *e, IrOp op, IrTypeId type, SemaExpr *const *items,
                    uint32_t count, IrLiteral *out) {
    IrLiteral *args = arena_alloc_array(&l->scratch, count + 1, sizeof *args);
    if (!eval_operands(l, items, count, type, args)) return false;
    IrConstEval eval = evaluator(l);
    return check_status(l, e, ir_const_eval(&eval, op, type, args, count, out));
}

/* 新浮三二/转换/位转换: a constructed literal is the literal itself; anything else converts. */
static bool eval_conversion(Lowerer *l, const SemaExpr *e, IrOp op, IrTypeId type, IrLiteral *out) {
    const SemaExpr *arg = e->as.call.args[0];
    if (arg->kind == SEXPR_LITERAL && arg->as.literal.constructed) return fe_lower_const_eval(l, arg, type, out);
    IrTypeId from = fe_lower_type(l, arg->type, arg->span);
    IrLiteral value;
    if (from == IR_NO_TYPE || !fe_lower_const_eval(l, arg, from, &value)) return false;
    if (op == IR_OP_CONVERT && from == type) {
        *out = value;
        return true;
    }
    IrConstEval eval = evaluator(l);
    return check_status(l, e, ir_const_eval(&eval, op, type, &value, 1, out));
}

/* 取元素 of a constant array with a constant index. */
static bool eval_element(Lowerer *l, const SemaExpr *e, IrLiteral *out) {
    const SemaExpr *array = e->as.call.args[0], *index = e->as.call.args[1];
    IrTypeId array_type = fe_lower_type(l, array->type, array->span);
    IrTypeId index_type = fe_lower_type(l, index->type, index->span);
    IrLiteral a, i;
    if (array_type == IR_NO_TYPE || index_type == IR_NO_TYPE || !fe_lower_const_eval(l, array, array_type, &a) ||
        !fe_lower_const_eval(l, index, index_type, &i))
        return false;
    uint32_t path = (uint32_t)i.bits;
    if (ir_type_is_signed(l->types, index_type) && (int32_t)path < 0) return check_status(l, e, IR_EVAL_INDEX_RANGE);
    IrConstEval eval = evaluator(l);
    return check_status(l, e, ir_const_extract(&eval, &a, &path, 1, out));
}

static bool eval_builtin(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    Intrinsic in = e->as.call.intrinsic;
    switch (in) {
    case INTRINSIC_NEW_F32: case INTRINSIC_NEW_F16: case INTRINSIC_NEW_I32: case INTRINSIC_NEW_U32:
    case INTRINSIC_CONVERT:
        return e->as.call.arg_count == 1 ? eval_conversion(l, e, IR_OP_CONVERT, type, out) : not_constant(l, e);
    case INTRINSIC_BITCAST:
        return e->as.call.arg_count == 1 ? eval_conversion(l, e, IR_OP_BITCAST, type, out) : not_constant(l, e);
    case INTRINSIC_ELEMENT:
        return e->as.call.arg_count == 2 ? eval_element(l, e, out) : not_constant(l, e);
    default: {
        IrOp op = fe_lower_builtin_op(in);
        if (op == IR_OP_COUNT) return not_constant(l, e);
        return eval_op(l, e, op, type, e->as.call.args, e->as.call.arg_count, out);
    }
    }
}

/* 中 of a constant tuple, vector, matrix or record. */
static bool eval_proj(Lowerer *l, const SemaExpr *e, IrLiteral *out) {
    const SemaExpr *base = e->as.proj.base;
    IrTypeId base_type = fe_lower_type(l, base->type, base->span);
    IrLiteral value;
    if (base_type == IR_NO_TYPE || !fe_lower_const_eval(l, base, base_type, &value)) return false;
    IrConstEval eval = evaluator(l);
    uint32_t index = e->as.proj.index;
    return check_status(l, e, ir_const_extract(&eval, &value, &index, 1, out));
}

/* Value 若: WGSL's select, both branches evaluated (each must be a constant expression). */
static bool eval_select(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    if (!e->as.if_.else_branch) return not_constant(l, e);
    IrLiteral args[3];
    IrTypeId cond_type = fe_lower_type(l, e->as.if_.cond->type, e->as.if_.cond->span);
    if (cond_type == IR_NO_TYPE || !fe_lower_const_eval(l, e->as.if_.cond, cond_type, &args[0]) ||
        !fe_lower_const_eval(l, e->as.if_.then_branch, type, &args[1]) ||
        !fe_lower_const_eval(l, e->as.if_.else_branch, type, &args[2]))
        return false;
    IrConstEval eval = evaluator(l);
    return check_status(l, e, ir_const_eval(&eval, IR_OP_SELECT, type, args, 3, out));
}

static bool eval_composite(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    bool record = e->kind == SEXPR_RECORD;
    uint32_t count = record ? e->as.record.count : e->as.tuple.count;
    SemaExpr **items = record ? e->as.record.values : e->as.tuple.items;
    if (ir_type_member_count(l->types, type) != count) return not_constant(l, e);
    IrLiteral *members = arena_alloc_array(&l->scratch, count + 1, sizeof *members);
    for (uint32_t i = 0; i < count; i++)
        if (!fe_lower_const_eval(l, items[i], ir_type_member(l->types, type, i), &members[i])) return false;
    IrConstEval eval = evaluator(l);
    return check_status(l, e, ir_const_eval(&eval, IR_OP_CONSTRUCT, type, members, count, out));
}

static bool eval_global(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    const SemaDef *def = e->as.global;
    if (def->kind != DEF_CONSTANT) return not_constant(l, e);
    IrConstId id = fe_lower_constant(l, def);
    if (id == IR_NONE) return false;
    const IrConstant *c = ir_constant(l->m, id);
    if (c->type == type) {
        *out = c->value;
        return true;
    }
    /* An abstract constant used at a concrete type: its value again, at that type. */
    return fe_lower_const_eval(l, def->as.constant.value, type, out);
}

bool fe_lower_const_eval(Lowerer *l, const SemaExpr *e, IrTypeId type, IrLiteral *out) {
    memset(out, 0, sizeof *out);
    out->type = type;
    if (!e || type == IR_NO_TYPE) return false;
    switch (e->kind) {
    case SEXPR_LITERAL:
        if (ir_type_lanes(l->types, type) != 1) return not_constant(l, e);
        out->bits = fe_lower_literal_bits(l, e, type);
        return true;
    case SEXPR_GLOBAL: return eval_global(l, e, type, out);
    case SEXPR_TUPLE: case SEXPR_RECORD: return eval_composite(l, e, type, out);
    case SEXPR_PROJ: return eval_proj(l, e, out);
    case SEXPR_IF: return eval_select(l, e, type, out);
    case SEXPR_BINARY: {
        SemaExpr *operands[2] = {e->as.binary.left, e->as.binary.right};
        return eval_op(l, e, fe_lower_binary_op(e->as.binary.op), type, operands, 2, out);
    }
    case SEXPR_NOT: return eval_op(l, e, IR_OP_NOT, type, &e->as.not_.operand, 1, out);
    case SEXPR_CALL:
        if (e->as.call.kind != CALL_BUILTIN) return not_constant(l, e);
        return eval_builtin(l, e, type, out);
    default:
        return not_constant(l, e);
    }
}

static bool has_zero_lane(const IrLiteral *value) {
    if (!value->elem_count) return value->bits == 0;
    for (uint32_t i = 0; i < value->elem_count; i++)
        if (has_zero_lane(&value->elems[i])) return true;
    return false;
}

/* WGSL: integer e1 / e2 and e1 % e2 with e2 a const-expression of value zero (any component)
 * are shader-creation errors, whatever e1 is. */
bool fe_lower_check_divisor(Lowerer *l, AstBinaryOp op, const SemaExpr *divisor, IrTypeId type) {
    Span bad;
    if ((op != AST_OP_DIV && op != AST_OP_MOD) || !ir_type_is_integer(l->types, type) ||
        !fe_sexpr_is_const(divisor, &bad))
        return true;
    IrLiteral value;
    if (!fe_lower_const_eval(l, divisor, type, &value)) return false;
    if (!has_zero_lane(&value)) return true;
    fe_lower_error(l, Y_CONSTANT_EVALUATION, divisor->span, "整数%s：除数是值为零的常量表达式（WGSL 里这是错误）",
                   op == AST_OP_DIV ? "除以零" : "对零取余");
    return false;
}

IrConstId fe_lower_constant(Lowerer *l, const SemaDef *def) {
    uint32_t i = def->index;
    if (l->const_state[i] == 2) return l->const_of[i];
    if (l->const_state[i] == 1) {
        fe_lower_error(l, Y_CONSTANT_CYCLE, def->span, "常量「%s」的值取决于它自己", def->name);
        return IR_NONE;
    }
    l->const_state[i] = 1;
    IrConstId id = IR_NONE;
    if (!fe_lower_type_is_unit(def->type)) {
        IrTypeId type = fe_lower_type(l, def->type, def->span);
        IrLiteral value;
        if (type != IR_NO_TYPE && fe_lower_const_eval(l, def->as.constant.value, type, &value))
            id = ir_module_add_constant(l->m, def->output_name, type, value, def->span);
    }
    l->const_of[i] = id;
    l->const_state[i] = 2;
    return id;
}
