/* Calls: saturated applications of top-level functions, local recursive functions and
 * builtins. Builtins are instantiated from their 凡 scheme with fresh variables solved by
 * unification from the expected type and every argument (the seed's 着八 limitation is
 * lifted); what stays open is reported at the end of the definition. */
#include <string.h>

#include "check_internal.h"

static const char *ordinal(Checker *c, uint32_t i) {
    static const char *const WORDS[] = {"第一个", "第二个", "第三个", "第四个", "第五个",
                                        "第六个", "第七个", "第八个", "第九个", "第十个"};
    if (i < 10) return WORDS[i];
    return arena_printf(c->arena, "第 %u 个", i + 1);
}

/* 「名」的第N个实参: what an argument is called in its type errors (built for every argument,
 * so without formatting). */
static const char *argument_what(Checker *c, const char *name, uint32_t i) {
    return arena_concat(c->arena, "「", name, "」的", ordinal(c, i), "实参", (const char *)NULL);
}

static SemaExpr *error_call(Checker *c, const AstExpr *e) {
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) fe_check_arg_of_failed_call(c, e->as.call.args[i]);
    return fe_sexpr_new(c, SEXPR_ERROR, e->span, c->types.error);
}

static SemaExpr *new_call(Checker *c, const AstExpr *e, SemaCallKind kind, Type *result) {
    SemaExpr *s = fe_sexpr_new(c, SEXPR_CALL, e->span, result);
    s->as.call.kind = kind;
    s->as.call.arg_count = e->as.call.arg_count;
    s->as.call.args = arena_alloc_array(c->arena, e->as.call.arg_count ? e->as.call.arg_count : 1,
                                        sizeof *s->as.call.args);
    return s;
}

static bool arity_ok(Checker *c, const AstExpr *e, const char *name, Type *ft) {
    if (e->as.call.arg_count == ft->as.func.count) return true;
    fe_check_error(c, Y_WRONG_ARGUMENT_COUNT, e->span, "「%s」要 %u 个实参，这里给了 %u 个（着色源的函数调用须给全实参）", name,
                ft->as.func.count, e->as.call.arg_count);
    return false;
}

static void check_args(Checker *c, const AstExpr *e, const char *name, Type *ft, SemaExpr *call) {
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) {
        const char *what = argument_what(c, name, i);
        call->as.call.args[i] = fe_check_expr_as(c, e->as.call.args[i], ft->as.func.params[i], what);
    }
}

static void no_type_arg(Checker *c, const AstExpr *e, const char *name) {
    if (e->as.call.type_arg)
        fe_check_error(c, Y_TYPE_ARGUMENTS, e->as.call.type_arg->span, "「%s」没有类型参数，不能用「以」", name);
}

static SemaExpr *call_local(Checker *c, const AstExpr *e, SemaLocal *local, Type *expected) {
    const char *name = local->name;
    Type *ft = fe_type_prune(local->type);
    if (local->kind != LOCAL_REC_FUNC || ft->kind != TYPE_FUNC) {
        if (!fe_type_is_error(ft)) {
            fe_check_error(c, Y_NOT_CALLABLE, e->span, "「%s」不是函数，不能调用", name);
            fe_note_shadowed_builtin(c, local);
        }
        return error_call(c, e);
    }
    no_type_arg(c, e, name);
    if (!arity_ok(c, e, name, ft)) return error_call(c, e);
    if (expected) fe_type_unify(&c->types, ft->as.func.result, expected);
    SemaExpr *s = new_call(c, e, CALL_LOCAL, ft->as.func.result);
    s->as.call.local = local;
    check_args(c, e, name, ft, s);
    return s;
}

static SemaExpr *call_user(Checker *c, const AstExpr *e, TopName *top, Type *expected) {
    const char *name = top->name;
    SemaDef *def = top->sema;  /* declared before any body is checked */
    if (!def) return error_call(c, e);
    if (def->kind != DEF_FUNCTION) {
        fe_check_error(c, Y_NOT_CALLABLE, e->as.call.callee->span, "「%s」不是函数，不能调用", name);
        return error_call(c, e);
    }
    Type *ft = fe_type_prune(def->type);
    if (ft->kind != TYPE_FUNC) return error_call(c, e);
    no_type_arg(c, e, name);
    if (!arity_ok(c, e, name, ft)) return error_call(c, e);
    if (c->current) {
        CallEdge *edge = arena_alloc(c->arena, sizeof *edge);
        edge->callee = top;
        edge->span = e->as.call.callee->span;
        ptrvec_push(c->arena, &c->current->calls, edge);
    }
    if (expected) fe_type_unify(&c->types, ft->as.func.result, expected);
    SemaExpr *s = new_call(c, e, CALL_FUNCTION, ft->as.func.result);
    s->as.call.function = def;
    check_args(c, e, name, ft, s);
    return s;
}

/* The array-holding resource argument of 读数组, 写共享数组, 原子加 …: a buffer or
 * workgroup variable of a runtime or fixed array; its element unifies with the scheme's. */
static void match_array_resource(Checker *c, const AstExpr *arg_ast, SemaExpr *arg, Type *param,
                                 Intrinsic intrinsic, const char *name) {
    Type *actual = fe_type_prune(arg->type);
    Type *want = fe_type_prune(param);
    if (actual->kind == TYPE_ERROR) return;
    bool shared = intrinsic == INTRINSIC_SHARED_READ || intrinsic == INTRINSIC_SHARED_WRITE;
    bool ok_kind = shared ? fe_type_is_con(actual, TCON_WORKGROUP_VAR)
                          : fe_type_is_con(actual, TCON_STORAGE_BUFFER) ||
                                fe_type_is_con(actual, TCON_UNIFORM_BUFFER) ||
                                fe_type_is_con(actual, TCON_WORKGROUP_VAR);
    Type *elem, *want_elem;
    uint64_t length, want_length;
    if (!ok_kind || !fe_type_array_elem(actual->as.con.args[0], &elem, &length)) {
        fe_check_error(c, Y_RUNTIME_ARRAY, arg_ast->span, "「%s」的第一个实参须是存放数组的%s，得到 %s", name,
                    shared ? "工作组变量" : "存储缓冲或工作组变量", fe_ty_str(c, actual));
        return;
    }
    if (want->kind != TYPE_CON || want->as.con.count != 1 ||
        !fe_type_array_elem(want->as.con.args[0], &want_elem, &want_length))
        return;
    Type *want_array = fe_type_prune(want->as.con.args[0]);
    if (want_array->as.con.con == TCON_FIXED_ARRAY) {
        if (length == 0) {
            fe_check_error(c, Y_RUNTIME_ARRAY, arg_ast->span, "「%s」要定长数组，%s是运行期数组", name, fe_ty_str(c, actual));
            return;
        }
        fe_type_unify(&c->types, want_array->as.con.args[1], fe_type_nat(&c->types, length));
    }
    if (!fe_type_unify(&c->types, elem, want_elem))
        fe_check_error(c, Y_TYPE_MISMATCH, arg_ast->span, "「%s」的第一个实参类型不符：期望存放 %s 的数组，得到 %s", name,
                    fe_ty_str(c, want_elem), fe_ty_str(c, actual));
    if (fe_builtin_writes_resource(intrinsic) && fe_type_is_con(actual, TCON_UNIFORM_BUFFER))
        fe_check_error(c, Y_READ_ONLY_WRITE, arg_ast->span, "均匀缓冲是只读的，「%s」不能写入它", name);
}

static void check_writable(Checker *c, SemaExpr *call, Intrinsic intrinsic, const char *name) {
    if (!fe_builtin_writes_resource(intrinsic) || call->as.call.arg_count == 0) return;
    SemaExpr *target = call->as.call.args[0];
    if (target->kind == SEXPR_GLOBAL && target->as.global->kind == DEF_RESOURCE &&
        target->as.global->as.resource.kind == RESOURCE_STORAGE &&
        target->as.global->as.resource.read_only)
        fe_check_error(c, Y_READ_ONLY_WRITE, target->span, "「%s」是只读存储缓冲，「%s」不能写入它", target->as.global->name,
                    name);
}

static bool special_only(Intrinsic intrinsic) {
    return (intrinsic >= INTRINSIC_BIND && intrinsic <= INTRINSIC_WORKGROUP_SHARE) ||
           intrinsic == INTRINSIC_COMPUTE_ENTRY || intrinsic == INTRINSIC_VERTEX_ENTRY ||
           intrinsic == INTRINSIC_FRAGMENT_ENTRY;
}

static SemaExpr *call_builtin(Checker *c, const AstExpr *e, TopName *top, Type *expected) {
    const char *name = top->name;
    fe_ensure_role(c, top);
    if (top->role != ROLE_VALUE) {
        fe_check_error(c, Y_NOT_CALLABLE, e->as.call.callee->span, "「%s」是类型，不能调用", name);
        return error_call(c, e);
    }
    TypeScheme *scheme = top->scheme;
    if (!scheme || fe_type_prune(scheme->body)->kind != TYPE_FUNC) {
        fe_check_error(c, Y_NOT_CALLABLE, e->as.call.callee->span, "「%s」不是函数，不能调用", name);
        return error_call(c, e);
    }
    Intrinsic intrinsic = top->intrinsic;
    if (intrinsic == INTRINSIC_NONE) {
        fe_check_error(c, Y_UNKNOWN_BUILTIN, e->as.call.callee->span, "内建「%s」没有编译器实现", name);
        return error_call(c, e);
    }
    if (special_only(intrinsic) && c->special_call != e) {
        fe_check_error(c, Y_RESOURCE_DEFINITION, e->as.call.callee->span, "「%s」只能作顶层%s定义的值（着四）", name,
                    intrinsic >= INTRINSIC_COMPUTE_ENTRY ? "入口" : "资源");
        return error_call(c, e);
    }
    Type **targs = arena_alloc_array(c->arena, scheme->count ? scheme->count : 1, sizeof *targs);
    for (uint32_t i = 0; i < scheme->count; i++) targs[i] = fe_type_var(&c->types, LIT_NONE);
    if (e->as.call.type_arg) {
        if (scheme->count == 0) {
            no_type_arg(c, e, name);
        } else {
            Type *given = fe_resolve_type(c, e->as.call.type_arg);
            fe_type_unify(&c->types, targs[0], given);
        }
    }
    Type *ft = fe_type_prune(fe_type_subst(&c->types, scheme->body, targs, scheme->count));
    if (!arity_ok(c, e, name, ft)) return error_call(c, e);
    if (expected) fe_type_unify(&c->types, ft->as.func.result, expected);
    SemaExpr *s = new_call(c, e, CALL_BUILTIN, ft->as.func.result);
    s->as.call.intrinsic = intrinsic;
    s->as.call.type_args = targs;
    s->as.call.type_arg_count = scheme->count;
    if (!e->as.call.type_arg && scheme->count) fe_index_type_args(c, e, targs, scheme->count);
    int resource_param = fe_builtin_array_resource_param(intrinsic);
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) {
        const AstExpr *arg = e->as.call.args[i];
        if ((int)i == resource_param) {
            s->as.call.args[i] = fe_check_expr_raw(c, arg);
            match_array_resource(c, arg, s->as.call.args[i], ft->as.func.params[i], intrinsic, name);
            continue;
        }
        const char *what = argument_what(c, name, i);
        s->as.call.args[i] = fe_check_expr_as(c, arg, ft->as.func.params[i], what);
    }
    if (intrinsic >= INTRINSIC_NEW_F32 && intrinsic <= INTRINSIC_NEW_U32 && e->as.call.arg_count == 1 &&
        s->as.call.args[0]->kind == SEXPR_LITERAL) {
        /* 「新无三二」于「二」 is the literal 2u: the numeral takes the target type (when it
         * can: a decimal stays 小数 and the call converts it). */
        s->as.call.args[0]->as.literal.constructed = true;
        fe_type_unify(&c->types, s->as.call.args[0]->type, ft->as.func.result);
    }
    if (!fe_builtin_relate_type_args(c, intrinsic, targs, scheme->count, e->as.call.callee->span))
        s->type = c->types.error;
    check_writable(c, s, intrinsic, name);
    fe_builtin_note_use(c, intrinsic);
    PendingCall *pending = arena_alloc(c->arena, sizeof *pending);
    pending->call = s;
    pending->span = e->as.call.callee->span;
    pending->name = name;
    pending->param_names = scheme->names;
    ptrvec_push(c->arena, &c->pending_calls, pending);
    return s;
}

SemaExpr *fe_check_call(Checker *c, const AstExpr *e, Type *expected) {
    const AstExpr *callee = fe_ast_strip_parens(e->as.call.callee);
    if (callee && callee->kind == AST_EXPR_LAMBDA) {
        fe_check_expr_raw(c, callee);  /* reports the anonymous function */
        return error_call(c, e);
    }
    if (!callee || callee->kind != AST_EXPR_NAME) {
        fe_check_error(c, Y_NOT_CALLABLE, e->as.call.callee ? e->as.call.callee->span : e->span,
                    "只能调用有名字的函数（着五：函数不能当作值）");
        return error_call(c, e);
    }
    const char *name = callee->as.name.text;
    fe_index_call(c, e);
    SemaLocal *local = name_is_qualified(&callee->as.name) ? NULL : fe_scope_lookup(c, name);
    fe_index_local_use(c, callee->as.name.span, local);
    if (local) return call_local(c, e, local, expected);
    bool reported;
    TopName *top = fe_lookup_user(c, &callee->as.name, &reported);
    fe_index_top_use(c, callee->as.name.span, top);
    if (reported) return error_call(c, e);
    if (top) {
        if (top->type_def) {
            fe_check_error(c, Y_NOT_CALLABLE, callee->span, "「%s」是类型，不能调用", name);
            return error_call(c, e);
        }
        return call_user(c, e, top, expected);
    }
    top = fe_lookup_builtin(c, name);
    fe_index_top_use(c, callee->as.name.span, top);
    if (top) return call_builtin(c, e, top, expected);
    fe_report_undefined(c, callee->span, "名字", name);
    return error_call(c, e);
}
