/* Expressions: bidirectional checking with unification. `expected` is a hint pushed into
 * sub-expressions (literals adapt to it, implicit type arguments are inferred from it);
 * fe_check_expr_as unifies the result with it and reports a mismatch. */
#include <string.h>

#include "check_internal.h"

SemaExpr *fe_sexpr_new(Checker *c, SemaExprKind kind, Span span, Type *type) {
    SemaExpr *e = arena_alloc(c->arena, sizeof *e);
    e->kind = kind;
    e->span = span;
    e->type = type ? type : c->types.error;
    ptrvec_push(c->arena, &c->nodes, e);
    return e;
}

static SemaExpr *error_expr(Checker *c, Span span) {
    return fe_sexpr_new(c, SEXPR_ERROR, span, c->types.error);
}

/* ---- scopes ---- */

SemaLocal *fe_local_new(Checker *c, SemaLocalKind kind, const char *name, Span span, Type *type) {
    SemaLocal *local = arena_alloc(c->arena, sizeof *local);
    local->kind = kind;
    local->name = name;
    local->span = span;
    local->type = type;
    local->index = c->local_count++;
    ptrvec_push(c->arena, &c->locals, local);
    return local;
}

static const char *local_kind_word(const SemaLocal *local) {
    switch (local->kind) {
    case LOCAL_LET: return "局部名字";
    case LOCAL_REC_FUNC: return "局部函数";
    default: return "参数";
    }
}

/* A local named like a builtin value or function that this file sees hides the builtin in its
 * scope (a local 「元」 makes 「工作组屏障」于「元」 a type mismatch): warned at the binding. */
static void warn_shadowed_builtin(Checker *c, SemaLocal *local) {
    if (c->in_interface) return;
    TopName *top = fe_lookup_builtin(c, local->name);
    if (!top) return;
    fe_ensure_role(c, top);
    if (top->role != ROLE_VALUE) return;
    bool function = top->scheme && fe_type_prune(top->scheme->body)->kind == TYPE_FUNC;
    local->shadows_builtin = true;
    fe_check_warning(c, Y_SHADOWED_BUILTIN, local->span, "%s「%s」遮住了同名的内建%s「%s」：在它的作用域里「%s」都指这个%s",
                     local_kind_word(local), local->name, function ? "函数" : "值", local->name,
                     local->name, local_kind_word(local));
}

void fe_note_shadowed_builtin(Checker *c, const SemaLocal *local) {
    if (!local || !local->shadows_builtin) return;
    fe_check_note(c, local->span, "这里的「%s」是在此绑定的%s，不是内建的「%s」；请给它换个名字",
                  local->name, local_kind_word(local), local->name);
}

/* The scope chain is a stack; scope_names maps each name to its innermost binding, whose
 * `shadowed` link gives the binding it hides back on pop: a lookup is one hash probe however
 * many locals are in scope (a let chain of 100,000 was a quadratic scan). */
void fe_scope_push(Checker *c, SemaLocal *local) {
    warn_shadowed_builtin(c, local);
    Scope *scope = arena_alloc(c->arena, sizeof *scope);
    scope->parent = c->scope;
    scope->local = local;
    if (!c->scope_names.slots) strmap_init(&c->scope_names, c->arena);
    void **slot = strmap_slot(&c->scope_names, local->name);
    scope->shadowed = *slot;
    *slot = scope;
    c->scope = scope;
}

void fe_scope_restore(Checker *c, Scope *saved) {
    for (; c->scope && c->scope != saved; c->scope = c->scope->parent)
        *strmap_slot(&c->scope_names, c->scope->local->name) = c->scope->shadowed;
}

SemaLocal *fe_scope_lookup(Checker *c, const char *name) {
    if (!c->scope_names.slots) return NULL;
    Scope *s = strmap_get(&c->scope_names, name);
    return s ? s->local : NULL;
}

/* ---- names ---- */

static bool is_memory_resource(Type *type) {
    return fe_type_is_con(type, TCON_STORAGE_BUFFER) || fe_type_is_con(type, TCON_UNIFORM_BUFFER) ||
           fe_type_is_con(type, TCON_WORKGROUP_VAR);
}

static SemaExpr *global_ref(Checker *c, TopName *top, const AstExpr *e) {
    const char *name = e->as.name.text;
    if (top->type_def) {
        fe_check_error(c, Y_NOT_A_VALUE, e->span, "「%s」是类型，不能当作值", name);
        return error_expr(c, e->span);
    }
    fe_check_top(c, top);
    SemaDef *def = top->sema;
    if (!def) return error_expr(c, e->span);
    switch (def->kind) {
    case DEF_FUNCTION:
        fe_check_error(c, Y_NOT_A_VALUE, e->span, "不能把函数「%s」当作值（着五）：函数只能以「%s」于 … 的形式调用", name, name);
        return error_expr(c, e->span);
    case DEF_ENTRY:
        fe_check_error(c, Y_NOT_A_VALUE, e->span, "入口项「%s」不能当作值", name);
        return error_expr(c, e->span);
    case DEF_RESOURCE: {
        SemaExpr *s = fe_sexpr_new(c, SEXPR_GLOBAL, e->span, def->type);
        s->as.global = def;
        return s;
    }
    case DEF_CONSTANT: {
        Type *type = fe_type_prune(def->type);
        /* An abstract constant adapts at each use, like a literal (WGSL const). */
        if (type->kind == TYPE_ABSTRACT_INT) type = fe_type_var(&c->types, LIT_INT);
        else if (type->kind == TYPE_ABSTRACT_FLOAT) type = fe_type_var(&c->types, LIT_FLOAT);
        SemaExpr *s = fe_sexpr_new(c, SEXPR_GLOBAL, e->span, type);
        s->as.global = def;
        return s;
    }
    default:
        fe_check_error(c, Y_NOT_A_VALUE, e->span, "「%s」是类型，不能当作值", name);
        return error_expr(c, e->span);
    }
}

static SemaExpr *builtin_ref(Checker *c, TopName *top, const AstExpr *e) {
    const char *name = e->as.name.text;
    fe_ensure_role(c, top);
    if (top->role != ROLE_VALUE) {
        fe_check_error(c, Y_NOT_A_VALUE, e->span, "「%s」是类型，不能当作值", name);
        return error_expr(c, e->span);
    }
    if (top->scheme && fe_type_prune(top->scheme->body)->kind == TYPE_FUNC) {
        fe_check_error(c, Y_NOT_A_VALUE, e->span, "不能把函数「%s」当作值（着五）：函数只能以「%s」于 … 的形式调用", name, name);
        return error_expr(c, e->span);
    }
    if (top->intrinsic == INTRINSIC_NONE) {
        fe_check_error(c, Y_UNKNOWN_BUILTIN, e->span, "内建「%s」没有编译器实现", name);
        return error_expr(c, e->span);
    }
    SemaExpr *s = fe_sexpr_new(c, SEXPR_BUILTIN_VALUE, e->span, top->scheme ? top->scheme->body : NULL);
    s->as.builtin_value = top->intrinsic;
    return s;
}

static SemaExpr *infer_name(Checker *c, const AstExpr *e) {
    const char *name = e->as.name.text;
    SemaLocal *local = name_is_qualified(&e->as.name) ? NULL : fe_scope_lookup(c, name);
    if (local) {
        fe_index_local_use(c, e->as.name.span, local);
        if (local->kind == LOCAL_REC_FUNC) {
            fe_check_error(c, Y_NOT_A_VALUE, e->span, "不能把局部函数「%s」当作值（着五）：只能调用它", name);
            return error_expr(c, e->span);
        }
        SemaExpr *s = fe_sexpr_new(c, SEXPR_LOCAL, e->span, local->type);
        s->as.local = local;
        return s;
    }
    bool reported;
    TopName *top = fe_lookup_user(c, &e->as.name, &reported);
    fe_index_top_use(c, e->as.name.span, top);
    if (top) return global_ref(c, top, e);
    if (reported) return error_expr(c, e->span);
    top = fe_lookup_builtin(c, name);
    fe_index_top_use(c, e->as.name.span, top);
    if (top) return builtin_ref(c, top, e);
    fe_report_undefined(c, e->span, "名字", name);
    return error_expr(c, e->span);
}

/* ---- literals, tuples, records, projections ---- */

static SemaExpr *infer_numeral(Checker *c, const AstExpr *e) {
    const NumeralInfo *v = &e->as.numeral.value;
    Type *type = fe_type_var(&c->types, v->is_decimal ? LIT_FLOAT : LIT_INT);
    SemaExpr *s = fe_sexpr_new(c, SEXPR_LITERAL, e->span, type);
    s->as.literal.text = e->as.numeral.text;
    s->as.literal.value = *v;
    ptrvec_push(c->arena, &c->literals, s);
    return s;
}

static SemaExpr *infer_tuple(Checker *c, const AstExpr *e, Type *expected) {
    uint32_t n = e->as.tuple.count;
    Type *want = fe_type_prune(expected);
    bool guided = want && want->kind == TYPE_TUPLE && want->as.tuple.count == n;
    SemaExpr **items = arena_alloc_array(c->arena, n ? n : 1, sizeof *items);
    Type **types = arena_alloc_array(c->arena, n ? n : 1, sizeof *types);
    for (uint32_t i = 0; i < n; i++) {
        items[i] = fe_check_expr(c, e->as.tuple.items[i], guided ? want->as.tuple.items[i] : NULL);
        types[i] = items[i]->type;
    }
    SemaExpr *s = fe_sexpr_new(c, SEXPR_TUPLE, e->span, fe_type_tuple(&c->types, types, n));
    s->as.tuple.items = items;
    s->as.tuple.count = n;
    return s;
}

static int field_index(Type *record, const char *name) {
    for (uint32_t i = 0; i < record->as.record.count; i++)
        if (strcmp(record->as.record.fields[i].name, name) == 0) return (int)i;
    return -1;
}

static SemaExpr *infer_record(Checker *c, const AstExpr *e, Type *expected) {
    if (strcmp(e->as.record.head.text, "组值") != 0)
        fe_check_error(c, Y_RECORD_SYNTAX, e->as.record.head.span, "记录值要写成「组值」【…】");
    uint32_t n = e->as.record.count;
    Type *want = fe_type_prune(expected);
    if (want && want->kind == TYPE_RECORD) {
        uint32_t m = want->as.record.count;
        SemaExpr **values = arena_alloc_array(c->arena, m ? m : 1, sizeof *values);
        for (uint32_t i = 0; i < n; i++) {
            const AstField *f = &e->as.record.fields[i];
            int k = field_index(want, f->name.text);
            if (k < 0) {
                fe_check_error(c, Y_NO_SUCH_FIELD, f->name.span, "%s没有字段「%s」", fe_ty_str(c, want), f->name.text);
                fe_check_expr(c, f->value, NULL);
                continue;
            }
            fe_index_field_use(c, f->name.span, want, (uint32_t)k);
            if (values[k]) {
                fe_check_error(c, Y_DUPLICATE_FIELD, f->name.span, "字段「%s」重复", f->name.text);
                continue;
            }
            const char *what = arena_concat(c->arena, "字段「", f->name.text, "」的", (const char *)NULL);
            values[k] = fe_check_expr_as(c, f->value, want->as.record.fields[k].type, what);
        }
        for (uint32_t k = 0; k < m; k++) {
            if (values[k]) continue;
            fe_check_error(c, Y_MISSING_FIELD, e->span, "缺少字段「%s」（%s）", want->as.record.fields[k].name,
                        fe_ty_str(c, want));
            values[k] = error_expr(c, e->span);
        }
        SemaExpr *s = fe_sexpr_new(c, SEXPR_RECORD, e->span, want);
        s->as.record.values = values;
        s->as.record.count = m;
        return s;
    }
    RecordField *fields = arena_alloc_array(c->arena, n ? n : 1, sizeof *fields);
    SemaExpr **values = arena_alloc_array(c->arena, n ? n : 1, sizeof *values);
    for (uint32_t i = 0; i < n; i++) {
        const AstField *f = &e->as.record.fields[i];
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(fields[j].name, f->name.text) == 0)
                fe_check_error(c, Y_DUPLICATE_FIELD, f->name.span, "字段「%s」重复", f->name.text);
        values[i] = fe_check_expr(c, f->value, NULL);
        fields[i].name = f->name.text;
        fields[i].span = f->name.span;
        fields[i].type = values[i]->type;
    }
    SemaExpr *s = fe_sexpr_new(c, SEXPR_RECORD, e->span, fe_type_record(&c->types, NULL, fields, n));
    s->as.record.values = values;
    s->as.record.count = n;
    return s;
}

static SemaExpr *infer_proj(Checker *c, const AstExpr *e) {
    SemaExpr *base = fe_check_expr(c, e->as.proj.base, NULL);
    Type *t = fe_type_prune(base->type);
    if (t->kind == TYPE_ERROR) return error_expr(c, e->span);
    uint32_t index = 0;
    Type *result = NULL;
    if (e->as.proj.is_numeral) {
        const NumeralInfo *v = &e->as.proj.index;
        if (t->kind != TYPE_TUPLE) {
            fe_check_error(c, Y_NO_SUCH_FIELD, e->as.proj.member.span, "%s不是元组、向量或矩阵，不能取第「%s」项",
                        fe_ty_str(c, t), e->as.proj.member.text);
            return error_expr(c, e->span);
        }
        if (v->is_decimal || v->is_negative || v->overflow || v->int_value >= t->as.tuple.count) {
            fe_check_error(c, Y_NO_SUCH_FIELD, e->as.proj.member.span, "%s只有 %u 项，没有第「%s」项（从「零」数起）",
                        fe_ty_str(c, t), t->as.tuple.count, e->as.proj.member.text);
            return error_expr(c, e->span);
        }
        index = (uint32_t)v->int_value;
        result = t->as.tuple.items[index];
    } else {
        if (t->kind != TYPE_RECORD) {
            fe_check_error(c, Y_NO_SUCH_FIELD, e->as.proj.member.span, "%s不是结构，没有字段「%s」", fe_ty_str(c, t),
                        e->as.proj.member.text);
            return error_expr(c, e->span);
        }
        int k = field_index(t, e->as.proj.member.text);
        if (k < 0) {
            fe_check_error(c, Y_NO_SUCH_FIELD, e->as.proj.member.span, "%s没有字段「%s」", fe_ty_str(c, t),
                        e->as.proj.member.text);
            return error_expr(c, e->span);
        }
        index = (uint32_t)k;
        result = t->as.record.fields[k].type;
        fe_index_field_use(c, e->as.proj.member.span, t, index);
    }
    SemaExpr *s = fe_sexpr_new(c, SEXPR_PROJ, e->span, result);
    s->as.proj.base = base;
    s->as.proj.index = index;
    return s;
}

/* ---- binders and control ---- */

/* Collects 得 a 又得 b 而 得 c 而 body into params; returns the innermost body. */
static const AstExpr *lambda_parts(const AstExpr *lambda, const AstName **params, uint32_t max,
                                   uint32_t *count, uint32_t want) {
    *count = 0;
    const AstExpr *body = lambda;
    while (body && body->kind == AST_EXPR_LAMBDA && *count < want) {
        for (uint32_t i = 0; i < body->as.lambda.param_count; i++) {
            if (*count < max) params[*count] = &body->as.lambda.params[i];
            (*count)++;
        }
        body = body->as.lambda.body;
    }
    return body;
}

SemaExpr *fe_check_function_body(Checker *c, const AstExpr *lambda, Type *func_type,
                              SemaLocalKind kind, SemaLocal ***out_params, uint32_t *out_count,
                              const char *fn_name) {
    Type *ft = fe_type_prune(func_type);
    uint32_t want = ft->kind == TYPE_FUNC ? ft->as.func.count : 0;
    const AstName *names[FE_MAX_PARAMS];
    uint32_t count = 0;
    const AstExpr *body = lambda_parts(lambda, names, FE_MAX_PARAMS, &count, want);
    *out_params = arena_alloc_array(c->arena, want ? want : 1, sizeof **out_params);
    *out_count = want;
    if (ft->kind != TYPE_FUNC) return error_expr(c, lambda->span);
    if (count != want) {
        fe_check_error(c, Y_WRONG_ARGUMENT_COUNT, lambda->span, "函数「%s」的签名有 %u 个参数，定义里有 %u 个", fn_name, want, count);
        return error_expr(c, lambda->span);
    }
    for (uint32_t i = 0; i < count; i++) {
        SemaLocal *p = fe_local_new(c, kind, names[i]->text, names[i]->span, ft->as.func.params[i]);
        (*out_params)[i] = p;
        fe_index_binder(c, p, body ? body->span : lambda->span);
        fe_scope_push(c, p);
    }
    /* A body ending in a value where 「有」 is declared discards that value (WGSL `_ = …;`,
     * MSL `(void)(…);`), so nothing is expected of it. */
    if (fe_type_prune(ft->as.func.result)->kind == TYPE_UNIT) return fe_check_expr(c, body, NULL);
    return fe_check_expr_as(c, body, ft->as.func.result,
                         arena_concat(c->arena, "函数「", fn_name, "」的返回值", (const char *)NULL));
}

/* ---- right-nested chains: 令 … 而, 递归令 … 而, a ； b, T 也 e ----
 *
 * A chain's links each hold the rest of the chain in their last slot. They are checked in a
 * loop, not by recursion (a body may hold any number of lets and statements): the loop opens
 * each link (checks what comes before the rest, binds its name) and goes on with the rest;
 * once the last item is checked, the links are closed from the innermost out. The result is
 * what recursion through fe_check_expr gives: each rest is settled against the hint its link
 * passed down (an annotation's type, else the link's own hint), errors in the same order. */

typedef struct ChainLink {
    const AstExpr *node;
    Type *expected;        /* the hint given to this link */
    Scope *saved;          /* the scope before the link bound its name */
    SemaExpr *before;      /* the let's value or the sequence's first item */
    SemaLocal *local;      /* the let's local or the 递归令's function */
    SemaLocal **params;    /* 递归令 */
    uint32_t param_count;
    SemaExpr *function_body;
    Type *annotation;      /* T 也 e */
} ChainLink;

static bool is_chain_link(const AstExpr *e) {
    return e && (e->kind == AST_EXPR_LET || e->kind == AST_EXPR_LETREC || e->kind == AST_EXPR_SEQ ||
                 e->kind == AST_EXPR_ANNOT);
}

/* The function part of a 递归令: its name is in scope for the function and the rest. */
static void open_letrec(Checker *c, const AstExpr *e, ChainLink *link) {
    const char *name = e->as.letrec.name.text;
    Type *ft = fe_resolve_type(c, e->as.letrec.type);
    if (fe_type_prune(ft)->kind != TYPE_FUNC && !fe_type_is_error(ft)) {
        fe_check_error(c, Y_LET_REC_FORM, e->as.letrec.type->span, "「递归令」的类型须是函数类型（化…为…者），得到 %s",
                    fe_ty_str(c, ft));
        ft = c->types.error;
    }
    link->local = fe_local_new(c, LOCAL_REC_FUNC, name, e->as.letrec.name.span, ft);
    fe_index_binder(c, link->local, span_join(e->as.letrec.value ? e->as.letrec.value->span : e->span,
                                              e->as.letrec.body ? e->as.letrec.body->span : e->span));
    fe_scope_push(c, link->local);
    const AstExpr *value = fe_ast_strip_parens(e->as.letrec.value);
    if (!value || value->kind != AST_EXPR_LAMBDA) {
        fe_check_error(c, Y_LET_REC_FORM, e->as.letrec.value ? e->as.letrec.value->span : e->span,
                    "「递归令」「%s」的值须是「得…而…」函数", name);
        link->function_body = e->as.letrec.value ? fe_check_expr(c, e->as.letrec.value, NULL)
                                                 : error_expr(c, e->span);
    } else if (fe_type_is_error(ft)) {
        link->function_body = error_expr(c, value->span);
    } else {
        Scope *inner = c->scope;
        link->function_body = fe_check_function_body(c, value, ft, LOCAL_REC_PARAM, &link->params,
                                                     &link->param_count, name);
        fe_scope_restore(c, inner);
    }
    fe_index_letrec(c, link->local, e, link->params, link->param_count);
}

/* Checks what the link holds before its rest; returns the hint for the rest. */
static Type *open_link(Checker *c, ChainLink *link) {
    const AstExpr *e = link->node;
    link->saved = c->scope;
    switch (e->kind) {
    case AST_EXPR_LET:
        link->before = fe_check_expr(c, e->as.let.value, NULL);
        link->local = fe_local_new(c, LOCAL_LET, e->as.let.name.text, e->as.let.name.span, link->before->type);
        fe_index_binder(c, link->local, e->as.let.body ? e->as.let.body->span : e->span);
        fe_scope_push(c, link->local);
        return link->expected;
    case AST_EXPR_LETREC:
        open_letrec(c, e, link);
        return link->expected;
    case AST_EXPR_ANNOT:
        link->annotation = fe_resolve_type(c, e->as.annot.type);
        return link->annotation;
    default:
        link->before = fe_check_expr(c, e->as.seq.first, NULL);
        return link->expected;
    }
}

/* The link's node once its rest is checked (an annotation is its checked rest). */
static SemaExpr *close_link(Checker *c, const ChainLink *link, SemaExpr *rest) {
    const AstExpr *e = link->node;
    fe_scope_restore(c, link->saved);
    SemaExpr *s;
    switch (e->kind) {
    case AST_EXPR_LET:
        s = fe_sexpr_new(c, SEXPR_LET, e->span, rest->type);
        s->as.let.local = link->local;
        s->as.let.value = link->before;
        s->as.let.body = rest;
        return s;
    case AST_EXPR_LETREC:
        s = fe_sexpr_new(c, SEXPR_LETREC, e->span, rest->type);
        s->as.letrec.function = link->local;
        s->as.letrec.params = link->params;
        s->as.letrec.param_count = link->param_count;
        s->as.letrec.function_body = link->function_body;
        s->as.letrec.body = rest;
        return s;
    case AST_EXPR_ANNOT: return rest;
    default:
        s = fe_sexpr_new(c, SEXPR_SEQ, e->span, rest->type);
        s->as.seq.first = link->before;
        s->as.seq.second = rest;
        return s;
    }
}

static SemaExpr *infer(Checker *c, const AstExpr *e, Type *expected);
static SemaExpr *settle(Checker *c, SemaExpr *s, const AstExpr *expr, Type *expected, const char *what);

static SemaExpr *infer_chain(Checker *c, const AstExpr *e, Type *expected) {
    ChainLink *links = NULL;
    size_t count = 0, cap = 0;
    for (; is_chain_link(e); e = fe_ast_chain_rest(e)) {
        if (count == cap) {
            size_t grown = cap ? cap * 2 : 16;
            ChainLink *bigger = arena_alloc_array(c->arena, grown, sizeof *bigger);
            if (count) memcpy(bigger, links, count * sizeof *bigger);
            links = bigger;
            cap = grown;
        }
        ChainLink *link = &links[count++];
        memset(link, 0, sizeof *link);
        link->node = e;
        link->expected = expected;
        expected = open_link(c, link);
    }
    SemaExpr *result = e ? infer(c, e, expected) : error_expr(c, (Span){0, 0, 0});
    for (size_t i = count; i-- > 0;) {
        const ChainLink *link = &links[i];
        const AstExpr *rest = fe_ast_chain_rest(link->node);
        if (rest)
            result = settle(c, result, rest, link->node->kind == AST_EXPR_ANNOT ? link->annotation : link->expected,
                            link->node->kind == AST_EXPR_ANNOT ? "标注（也）的" : NULL);
        result = close_link(c, link, result);
    }
    return result;
}

static SemaExpr *infer_if(Checker *c, const AstExpr *e, Type *expected) {
    SemaExpr *cond = fe_check_expr_as(c, e->as.if_.cond, c->types.boolean, "「若」的条件");
    SemaExpr *then_branch, *else_branch = NULL;
    Type *type;
    if (e->as.if_.else_branch) {
        then_branch = fe_check_expr(c, e->as.if_.then_branch, expected);
        else_branch = fe_check_expr(c, e->as.if_.else_branch, then_branch->type);
        type = then_branch->type;
        if (!fe_type_unify(&c->types, then_branch->type, else_branch->type)) {
            fe_check_error(c, Y_TYPE_MISMATCH, e->as.if_.else_branch->span,
                        "「若」两支的类型不同：「则」一支是 %s，「否则」一支是 %s",
                        fe_ty_str(c, then_branch->type), fe_ty_str(c, else_branch->type));
            type = c->types.error;
        }
    } else {
        then_branch = fe_check_expr(c, e->as.if_.then_branch, NULL);
        type = c->types.unit;
    }
    SemaExpr *s = fe_sexpr_new(c, SEXPR_IF, e->span, type);
    s->as.if_.cond = cond;
    s->as.if_.then_branch = then_branch;
    s->as.if_.else_branch = else_branch;
    return s;
}

static SemaExpr *infer(Checker *c, const AstExpr *e, Type *expected) {
    switch (e->kind) {
    case AST_EXPR_NAME: return infer_name(c, e);
    case AST_EXPR_NUMERAL: return infer_numeral(c, e);
    case AST_EXPR_STRING:
        fe_check_error(c, Y_SHADER_SUBSET, e->span, "着色源不能用字符串（着五）");
        return error_expr(c, e->span);
    case AST_EXPR_TUPLE: return infer_tuple(c, e, expected);
    case AST_EXPR_BINARY: return fe_check_binary(c, e);
    case AST_EXPR_NOT: return fe_check_not(c, e);
    case AST_EXPR_CALL: return fe_check_call(c, e, expected);
    case AST_EXPR_PROJ: return infer_proj(c, e);
    case AST_EXPR_RECORD: return infer_record(c, e, expected);
    case AST_EXPR_LAMBDA:
        fe_check_error(c, Y_SHADER_SUBSET, e->span, "着色源不能有闭包或匿名函数（着五）：「得…而…」只能作顶层函数或「递归令」的值");
        return error_expr(c, e->span);
    case AST_EXPR_LET: case AST_EXPR_LETREC: case AST_EXPR_SEQ: case AST_EXPR_ANNOT:
        return infer_chain(c, e, expected);
    case AST_EXPR_IF: return infer_if(c, e, expected);
    case AST_EXPR_MATCH:
        fe_check_error(c, Y_SHADER_SUBSET, e->span, "着色源不能用「鉴」（着五）");
        return error_expr(c, e->span);
    case AST_EXPR_PAREN:
        return e->as.paren.inner ? infer(c, e->as.paren.inner, expected) : error_expr(c, e->span);
    }
    return error_expr(c, e->span);
}

/* A buffer or workgroup resource used as a value reads its content (language.md). */
static SemaExpr *load_resource(Checker *c, SemaExpr *s) {
    Type *t = fe_type_prune(s->type);
    Type *content = t->as.con.args[0];
    if (fe_type_is_con(content, TCON_ARRAY)) {
        fe_check_error(c, Y_RUNTIME_ARRAY, s->span, "「%s」是运行期数组，只能经「读数组」「写数组」等内建函数访问",
                    s->as.global->name);
        return error_expr(c, s->span);
    }
    SemaExpr *load = fe_sexpr_new(c, SEXPR_LOAD, s->span, content);
    load->as.load.resource = s;
    return load;
}

/* What fe_check_expr_as does with an inferred `s`: a resource read as a value is loaded, and
 * the type is unified with `expected`. */
static SemaExpr *settle(Checker *c, SemaExpr *s, const AstExpr *expr, Type *expected, const char *what) {
    if (s->kind == SEXPR_GLOBAL && is_memory_resource(s->type) && !is_memory_resource(expected))
        s = load_resource(c, s);
    if (expected && !fe_type_unify(&c->types, s->type, expected)) {
        fe_check_error(c, Y_TYPE_MISMATCH, expr->span, "%s类型不符：期望 %s，得到 %s", what ? what : "",
                    fe_ty_str(c, expected), fe_ty_str(c, s->type));
        if (s->kind == SEXPR_LOCAL) fe_note_shadowed_builtin(c, s->as.local);
    }
    return s;
}

SemaExpr *fe_check_expr_as(Checker *c, const AstExpr *expr, Type *expected, const char *what) {
    if (!expr) return error_expr(c, (Span){0, 0, 0});
    return settle(c, infer(c, expr, expected), expr, expected, what);
}

/* True when a written name means a function (a local recursive function, a top-level
 * function, a builtin function): what a call expects as an argument can only be known from
 * its callee, so a call already in error does not report such an argument again. */
static bool names_function(Checker *c, const AstExpr *e) {
    if (e->kind != AST_EXPR_NAME) return false;
    const char *name = e->as.name.text;
    SemaLocal *local = name_is_qualified(&e->as.name) ? NULL : fe_scope_lookup(c, name);
    if (local) return local->kind == LOCAL_REC_FUNC;
    TopName *top = fe_peek_user(c, &e->as.name);
    if (top) {
        if (top->type_def) return false;
        fe_check_top(c, top);
        return top->sema && top->sema->kind == DEF_FUNCTION;
    }
    if (name_is_qualified(&e->as.name)) return false;
    top = fe_lookup_builtin(c, name);
    if (!top) return false;
    fe_ensure_role(c, top);
    return top->role == ROLE_VALUE && top->scheme &&
           fe_type_prune(top->scheme->body)->kind == TYPE_FUNC;
}

SemaExpr *fe_check_arg_of_failed_call(Checker *c, const AstExpr *arg) {
    const AstExpr *bare = fe_ast_strip_parens(arg);
    if (bare && names_function(c, bare)) return error_expr(c, arg->span);
    return fe_check_expr_raw(c, arg);
}

SemaExpr *fe_check_expr_raw(Checker *c, const AstExpr *expr) {
    if (!expr) return error_expr(c, (Span){0, 0, 0});
    return infer(c, expr, NULL);
}

SemaExpr *fe_check_expr(Checker *c, const AstExpr *expr, Type *expected) {
    return fe_check_expr_as(c, expr, expected, NULL);
}
