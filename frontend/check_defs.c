/* Top-level definitions (着四): classification by signature, then each body checked once,
 * with the per-definition settling of type arguments and literals. */
#include <math.h>
#include <string.h>

#include "check_internal.h"
#include "index.h"

#include "../base/hash.h"

static Span top_span(const TopName *top) {
    if (top->def) return top->def->as.def.name.span;
    if (top->type_def) return top->type_def->as.sig.name.span;
    if (top->sig) return top->sig->as.sig.name.span;
    return (Span){0, 0, 0};
}

static void push_def(Checker *c, SemaDef *def) {
    if (c->def_count == c->def_cap) {
        uint32_t cap = c->def_cap ? c->def_cap * 2 : 32;
        SemaDef **items = arena_alloc_array(c->arena, cap, sizeof *items);
        if (c->def_count) memcpy(items, c->defs, c->def_count * sizeof *items);
        c->defs = items;
        c->def_cap = cap;
    }
    def->index = c->def_count;
    c->defs[c->def_count++] = def;
}

static bool classify_con(Type *t, SemaDefKind *kind) {
    t = fe_type_prune(t);
    if (t->kind != TYPE_CON) return false;
    switch (t->as.con.con) {
    case TCON_STORAGE_BUFFER: case TCON_UNIFORM_BUFFER: case TCON_WORKGROUP_VAR:
    case TCON_TEXTURE_2D: case TCON_SAMPLER: case TCON_DEPTH_TEXTURE_2D:
    case TCON_SAMPLER_COMPARISON: case TCON_TENSOR_MAP:
        *kind = DEF_RESOURCE;
        return true;
    case TCON_COMPUTE_ENTRY: case TCON_VERTEX_ENTRY: case TCON_FRAGMENT_ENTRY:
        *kind = DEF_ENTRY;
        return true;
    default:
        return false;
    }
}

/* Creates the SemaDef of a user name from its statements and signature. */
static void declare(Checker *c, TopName *top) {
    if (!top->def && !top->sig && !top->type_def) return;  /* only a rejected 立 */
    c->def_name = top->name;
    SemaDef *def = arena_alloc(c->arena, sizeof *def);
    def->name = top->name;
    def->output_name = top->output_name;
    def->span = top_span(top);
    def->module = top->module;
    if (top->type_def) {
        def->type = fe_resolve_top_type(c, top);
        const AstType *body = top->type_def->as.sig.type;
        def->kind = body && body->kind == AST_TYPE_RECORD ? DEF_STRUCT : DEF_ALIAS;
    } else if (!top->def) {
        fe_check_error(c, Y_TOP_LEVEL_FORM, top->sig->as.sig.name.span, "「%s」只有类型签名（乃），没有定义（者）", top->name);
        c->def_name = NULL;
        return;
    } else if (!top->sig) {
        def->kind = DEF_CONSTANT;
        def->type = NULL;  /* inferred when checked */
    } else if (top->sig->as.sig.type && top->sig->as.sig.type->kind == AST_TYPE_FORALL) {
        fe_check_error(c, Y_POLYMORPHISM, top->sig->as.sig.name.span, "着色源不能声明多态函数（凡）（着四）");
        top->type_state = STATE_DONE;
        top->type = c->types.error;
        top->def_state = STATE_DONE;  /* no body check: it would only repeat the error */
        def->kind = DEF_FUNCTION;
        def->type = c->types.error;
    } else {
        def->type = fe_resolve_top_type(c, top);
        Type *t = fe_type_prune(def->type);
        SemaDefKind kind;
        if (t->kind == TYPE_FUNC) def->kind = DEF_FUNCTION;
        else if (classify_con(t, &kind)) def->kind = kind;
        else def->kind = DEF_CONSTANT;
    }
    top->sema = def;
    push_def(c, def);
    c->def_name = NULL;
}

/* ---- per-definition context ---- */

typedef struct SavedContext {
    const Module *module;
    TopName *current;
    const char *def_name;
    Scope *scope;
    StrMap scope_names;
    uint32_t local_count;
    PtrVec pending_calls, literals, nodes, locals;
    const AstExpr *special_call;
} SavedContext;

static void enter(Checker *c, TopName *top, SavedContext *saved) {
    saved->module = c->module;
    saved->current = c->current;
    saved->def_name = c->def_name;
    saved->scope = c->scope;
    saved->scope_names = c->scope_names;
    saved->local_count = c->local_count;
    saved->pending_calls = c->pending_calls;
    saved->literals = c->literals;
    saved->nodes = c->nodes;
    saved->locals = c->locals;
    saved->special_call = c->special_call;
    c->module = top->module;
    c->current = top;
    c->def_name = top->name;
    c->scope = NULL;
    memset(&c->scope_names, 0, sizeof c->scope_names);  /* another definition: no locals seen */
    c->local_count = 0;
    memset(&c->pending_calls, 0, sizeof c->pending_calls);
    memset(&c->literals, 0, sizeof c->literals);
    memset(&c->nodes, 0, sizeof c->nodes);
    memset(&c->locals, 0, sizeof c->locals);
    c->special_call = NULL;
}

static void leave(Checker *c, const SavedContext *saved) {
    c->module = saved->module;
    c->current = saved->current;
    c->def_name = saved->def_name;
    c->scope = saved->scope;
    c->scope_names = saved->scope_names;
    c->local_count = saved->local_count;
    c->pending_calls = saved->pending_calls;
    c->literals = saved->literals;
    c->nodes = saved->nodes;
    c->locals = saved->locals;
    c->special_call = saved->special_call;
}

/* ---- settling at the end of a definition ---- */

static void settle_calls(Checker *c) {
    for (size_t i = 0; i < c->pending_calls.len; i++) {
        PendingCall *p = c->pending_calls.items[i];
        fe_builtin_adjust_type_args(c, p->call->as.call.intrinsic, p->call->as.call.type_args,
                                 p->call->as.call.type_arg_count);
        if (!fe_type_is_error(p->call->type) &&
            !fe_builtin_relate_type_args(c, p->call->as.call.intrinsic, p->call->as.call.type_args,
                                      p->call->as.call.type_arg_count, p->span))
            p->call->type = c->types.error;
    }
    for (size_t i = 0; i < c->pending_calls.len; i++) {
        PendingCall *p = c->pending_calls.items[i];
        Type **args = p->call->as.call.type_args;
        for (uint32_t k = 0; k < p->call->as.call.type_arg_count; k++) {
            if (!fe_type_has_unbound(args[k])) continue;
            fe_check_error(c, Y_CANNOT_INFER, p->span, "函数应用的隐式参数无法完全确定：「%s」的类型参数「%s」无法从实参与期望类型推定",
                        p->name, p->param_names[k]);
            fe_check_note(c, p->span, "可以用「以」给出类型实参（「%s」以 T 于 …），或先用「令」绑定子表达式、用「也」标注类型（T 也 …）",
                       p->name);
            fe_type_unify(&c->types, args[k], c->types.error);
            p->call->type = c->types.error;
            break;
        }
    }
    for (size_t i = 0; i < c->nodes.len; i++) {
        SemaExpr *e = c->nodes.items[i];
        fe_type_default_literals(&c->types, e->type);
    }
    for (size_t i = 0; i < c->pending_calls.len; i++) {
        PendingCall *p = c->pending_calls.items[i];
        bool poisoned = fe_type_is_error(p->call->type);
        for (uint32_t k = 0; k < p->call->as.call.type_arg_count; k++) {
            fe_type_default_literals(&c->types, p->call->as.call.type_args[k]);
            if (fe_type_is_error(p->call->as.call.type_args[k])) poisoned = true;
        }
        if (poisoned) continue;  /* already reported */
        fe_builtin_check_type_args(c, p->call->as.call.intrinsic, p->call->as.call.type_args,
                                p->call->as.call.type_arg_count, p->span);
    }
}

/* A float literal is rounded to its type once (ties to even). It is out of range when that
 * gives infinity (past 65520 for f16, past the largest f32 plus half its ulp for f32), or
 * zero although the literal is not (below 2^-25 for f16, below half the smallest f32
 * subnormal for f32). Subnormal results are kept. */
static void check_float_literal_range(Checker *c, SemaExpr *e, Type *t) {
    const NumeralInfo *v = &e->as.literal.value;
    double value = fabs(v->is_decimal ? v->float_value : (double)v->int_value);
    bool f16 = t->as.scalar.width == 16;
    float rounded = (float)value;
    bool too_large = f16 ? value >= 65520.0 : isinf(rounded);
    bool too_small = !fe_numeral_written_zero(v) && (f16 ? value <= 0x1p-25 : rounded == 0.0f);
    if (too_large)
        fe_check_error(c, Y_NUMBER_OUT_OF_RANGE, e->span, "数字「%s」超出%s的范围", e->as.literal.text, fe_ty_str(c, t));
    else if (too_small)
        fe_check_error(c, Y_NUMBER_OUT_OF_RANGE, e->span, "数字「%s」太小：在%s里舍入成零", e->as.literal.text,
                       fe_ty_str(c, t));
}

static void check_literal_range(Checker *c, SemaExpr *e) {
    Type *t = fe_type_prune(e->type);
    const NumeralInfo *v = &e->as.literal.value;
    const char *text = e->as.literal.text;
    if (v->overflow) {
        fe_check_error(c, Y_NUMBER_OUT_OF_RANGE, e->span, "数字「%s」太大", text);
        return;
    }
    if (t->kind != TYPE_SCALAR) return;
    switch (t->as.scalar.kind) {
    case SCALAR_UINT:
        if (v->is_negative && v->int_value != 0)
            fe_check_error(c, Y_NUMBER_OUT_OF_RANGE, e->span, "负数「%s」不能是%s", text, fe_ty_str(c, t));
        else if (v->int_value > 0xFFFFFFFFull)
            fe_check_error(c, Y_NUMBER_OUT_OF_RANGE, e->span, "数字「%s」超出%s的范围", text, fe_ty_str(c, t));
        break;
    case SCALAR_SINT:
        if (v->int_value > (v->is_negative ? 0x80000000ull : 0x7FFFFFFFull))
            fe_check_error(c, Y_NUMBER_OUT_OF_RANGE, e->span, "数字「%s」超出%s的范围", text, fe_ty_str(c, t));
        break;
    case SCALAR_FLOAT: check_float_literal_range(c, e, t); break;
    }
}

void fe_finish_definition(Checker *c) {
    settle_calls(c);
    for (size_t i = 0; i < c->literals.len; i++) check_literal_range(c, c->literals.items[i]);
    for (size_t i = 0; i < c->nodes.len; i++) {
        SemaExpr *e = c->nodes.items[i];
        e->type = fe_type_zonk(&c->types, e->type);
        if (fe_type_uses_f16(e->type)) c->uses_f16 = true;
        if (e->kind == SEXPR_CALL && e->as.call.kind == CALL_BUILTIN)
            for (uint32_t k = 0; k < e->as.call.type_arg_count; k++)
                e->as.call.type_args[k] = fe_type_zonk(&c->types, e->as.call.type_args[k]);
    }
    for (size_t i = 0; i < c->locals.len; i++) {
        SemaLocal *local = c->locals.items[i];
        local->type = fe_type_zonk(&c->types, local->type);
        if (fe_type_uses_f16(local->type)) c->uses_f16 = true;
    }
}

/* ---- the kinds of definitions ---- */

static void check_function(Checker *c, TopName *top, SemaDef *def) {
    const AstExpr *value = fe_ast_strip_parens(top->def->as.def.value);
    Type *ft = fe_type_prune(def->type);
    if (!value || value->kind != AST_EXPR_LAMBDA) {
        fe_check_error(c, Y_TOP_LEVEL_FORM, top->def->as.def.name.span, "函数「%s」的定义须是「得…而…」", top->name);
        return;
    }
    SemaLocal **params;
    uint32_t count;
    def->as.function.body = fe_check_function_body(c, value, ft, LOCAL_PARAM, &params, &count, top->name);
    fe_scope_restore(c, NULL);
    def->as.function.params = params;
    def->as.function.param_count = count;
    def->as.function.result = ft->as.func.result;
    const AstType *param_types[FE_MAX_PARAMS];
    uint32_t n;
    const AstType *result = fe_ast_func_parts(top->sig->as.sig.type, param_types, FE_MAX_PARAMS, &n);
    for (uint32_t i = 0; i < count && i < n && i < FE_MAX_PARAMS; i++)
        if (params[i]) params[i]->io = fe_io_of_ast_type(c, param_types[i], &params[i]->alias);
    def->as.function.result_io = fe_io_of_ast_type(c, result, &def->as.function.result_alias);
    fe_check_tail_calls(c, def->as.function.body);
    def->as.function.local_count = c->local_count;
}

static void check_constant(Checker *c, TopName *top, SemaDef *def) {
    const AstExpr *value_ast = top->def->as.def.value;
    const AstExpr *stripped = fe_ast_strip_parens(value_ast);
    if (stripped && stripped->kind == AST_EXPR_LAMBDA && !top->sig) {
        fe_check_error(c, Y_TOP_LEVEL_FORM, top->def->as.def.name.span,
                    "顶层函数「%s」须有类型签名（「%s」乃化…为…者也）", top->name, top->name);
        return;
    }
    /* A function whose signature was an error (reported there) is no constant to check. */
    if (stripped && stripped->kind == AST_EXPR_LAMBDA && def->type && fe_type_is_error(def->type)) return;
    SemaExpr *value = fe_check_expr(c, value_ast, def->type);
    def->as.constant.value = value;
    if (!def->type) def->type = value->type;
    fe_check_tail_calls(c, value);
}

static void validate_constant(Checker *c, SemaDef *def) {
    Span bad;
    if (def->as.constant.value && !fe_sexpr_is_const(def->as.constant.value, &bad))
        fe_check_error(c, Y_NOT_CONSTANT, bad, "常量「%s」的值须是常量表达式（着四）", def->name);
}

void fe_check_top(Checker *c, TopName *top) {
    if (top->def_state == STATE_DONE) return;
    if (top->def_state == STATE_BUSY) {
        if (top->sema && top->sema->kind == DEF_CONSTANT)
            fe_check_error(c, Y_CONSTANT_CYCLE, top_span(top), "常量「%s」的定义引用了自身", top->name);
        if (top->sema && !top->sema->type) top->sema->type = c->types.error;
        return;
    }
    top->def_state = STATE_BUSY;
    SemaDef *def = top->sema;
    if (!def || !top->def) {
        top->def_state = STATE_DONE;
        return;
    }
    SavedContext saved;
    enter(c, top, &saved);
    switch (def->kind) {
    case DEF_FUNCTION: check_function(c, top, def); break;
    case DEF_CONSTANT: check_constant(c, top, def); break;
    case DEF_RESOURCE: fe_check_resource(c, top, def); break;
    case DEF_ENTRY: fe_check_entry(c, top, def); break;
    default: break;
    }
    fe_finish_definition(c);
    if (def->type) def->type = fe_type_zonk(&c->types, def->type);
    if (def->kind == DEF_CONSTANT) {
        if (!def->type) def->type = c->types.error;
        validate_constant(c, def);
    }
    if (def->type && fe_type_uses_f16(def->type)) c->uses_f16 = true;
    leave(c, &saved);
    top->def_state = STATE_DONE;
}

/* Two resources may not share a (group, binding). */
static bool has_binding_number(const SemaDef *def) {
    return def->kind == DEF_RESOURCE && def->as.resource.kind != RESOURCE_WORKGROUP &&
           def->as.resource.group != UINT32_MAX;
}

/* Each resource against the first earlier one with its group and binding (one hash lookup
 * per resource, so a module with many bindings checks in linear time). */
static void check_binding_clashes(Checker *c) {
    U64Map first_at;
    u64map_init(&first_at, c->arena);
    for (uint32_t i = 0; i < c->def_count; i++) {
        SemaDef *a = c->defs[i];
        if (!has_binding_number(a)) continue;
        uint64_t key = (uint64_t)a->as.resource.group << 32 | a->as.resource.binding;
        SemaDef *b = u64map_put_first(&first_at, key, a);
        if (b == a) continue;
        c->def_name = a->name;
        fe_check_error(c, Y_BINDING_CONFLICT, a->span, "资源「%s」与「%s」用了同一个组号 %u 与绑定号 %u", a->name, b->name,
                       a->as.resource.group, a->as.resource.binding);
        c->def_name = NULL;
        fe_check_note(c, b->span, "「%s」在这里", b->name);
    }
}

CheckedProgram *fe_check_program(Arena *arena, const Program *program, DiagEngine *diag) {
    return fe_check_program_indexed(arena, program, diag, NULL);
}

CheckedProgram *fe_check_program_indexed(Arena *arena, const Program *program, DiagEngine *diag,
                                         FeIndex *index) {
    if (!program) return NULL;
    int errors_before = diag->error_count;
    Checker *c = arena_alloc(arena, sizeof *c);
    c->arena = arena;
    c->diag = diag;
    c->program = program;
    c->index = index;
    fe_type_context_init(&c->types, arena);
    fe_collect_program(c);
    fe_assign_output_names(c);
    for (uint32_t i = 0; i < c->user_count; i++) declare(c, c->user_order[i]);
    for (uint32_t i = 0; i < c->user_count; i++) fe_check_top(c, c->user_order[i]);
    fe_check_recursion(c);
    check_binding_clashes(c);
    fe_index_finish(c);
    if (diag->error_count > errors_before) return NULL;
    CheckedProgram *out = arena_alloc(arena, sizeof *out);
    out->program = program;
    out->defs = c->defs;
    out->def_count = c->def_count;
    out->types = &c->types;
    out->entries = arena_alloc_array(arena, c->def_count ? c->def_count : 1, sizeof *out->entries);
    for (uint32_t i = 0; i < c->def_count; i++)
        if (c->defs[i]->kind == DEF_ENTRY) out->entries[out->entry_count++] = c->defs[i];
    out->uses_f16 = c->uses_f16;
    out->uses_subgroups = c->uses_subgroups;
    out->uses_subgroup_matrix = c->uses_subgroup_matrix;
    out->uses_int8_matrix = c->uses_int8_matrix;
    out->uses_tensor = c->uses_tensor;
    return out;
}
