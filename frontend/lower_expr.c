/* Lowering, expressions (着五): function bodies into YIR values. 令 names its value (the
 * WGSL emitter prints `let 名 = …`), projections through a buffer become access chains,
 * other projections extract, operators and user calls map one to one. */
#include <string.h>

#include "lower_internal.h"

#define TRY(v) \
    do {                          \
        if ((v) == IR_NONE) return IR_NONE; \
    } while (0)

void fe_lower_at(FnCtx *fc, const SemaExpr *e) {
    if (e) fc->b.span = e->span;
}

IrTypeId fe_lower_expr_type(FnCtx *fc, const SemaExpr *e) {
    return fe_lower_type(fc->l, e->type, e->span);
}

static void internal_error(FnCtx *fc, const SemaExpr *e, const char *what) {
    fe_lower_error(fc->l, Y_LOWERING_INTERNAL, e->span, "翻译的内部错误：%s（在顶层定义「%s」中）", what, fc->def->name);
}

/* ---- pointers shared while visible ---- */

uint32_t fe_lower_cache_mark(const FnCtx *fc) { return fc->cache_count; }
void fe_lower_cache_reset(FnCtx *fc, uint32_t mark) {
    if (mark < fc->cache_count) fc->cache_count = mark;
}

static IrValueId cache_find(const FnCtx *fc, IrOp op, uint32_t a, uint32_t b) {
    for (uint32_t i = fc->cache_count; i-- > 0;) {
        const CacheEntry *c = &fc->cache[i];
        if (c->op == op && c->a == a && c->b == b) return c->value;
    }
    return IR_NONE;
}

static void cache_add(FnCtx *fc, IrOp op, uint32_t a, uint32_t b, IrValueId value) {
    if (fc->cache_count == fc->cache_cap) {
        uint32_t cap = fc->cache_cap ? fc->cache_cap * 2 : 16;
        CacheEntry *grown = arena_alloc_array(&fc->l->scratch, cap, sizeof *grown);
        if (fc->cache_count) memcpy(grown, fc->cache, fc->cache_count * sizeof *grown);
        fc->cache = grown;
        fc->cache_cap = cap;
    }
    fc->cache[fc->cache_count++] = (CacheEntry){op, a, b, value};
}

IrValueId fe_lower_global_ptr(FnCtx *fc, IrGlobalId global) {
    IrValueId v = cache_find(fc, IR_OP_GLOBAL, global, 0);
    if (v != IR_NONE) return v;
    v = ir_build_global(&fc->b, global);
    cache_add(fc, IR_OP_GLOBAL, global, 0, v);
    return v;
}

IrValueId fe_lower_access(FnCtx *fc, IrValueId base, IrValueId index) {
    IrValueId v = cache_find(fc, IR_OP_ACCESS, base, index);
    if (v != IR_NONE) return v;
    v = ir_build_access(&fc->b, base, &index, 1);
    cache_add(fc, IR_OP_ACCESS, base, index, v);
    return v;
}

IrValueId fe_lower_value_var(FnCtx *fc, IrValueId value) {
    IrValueId v = cache_find(fc, IR_OP_VAR, value, 0);
    if (v != IR_NONE) return v;
    v = ir_build_var(&fc->b, ir_value_type(fc->f, value), value);
    cache_add(fc, IR_OP_VAR, value, 0, v);
    return v;
}

IrValueId fe_lower_resource_ptr(FnCtx *fc, const SemaExpr *e) {
    if (e->kind != SEXPR_GLOBAL || e->as.global->kind != DEF_RESOURCE ||
        fc->l->global_of[e->as.global->index] == IR_NONE) {
        internal_error(fc, e, "此处须是资源");
        return IR_NONE;
    }
    fe_lower_at(fc, e);
    return fe_lower_global_ptr(fc, fc->l->global_of[e->as.global->index]);
}

/* ---- values ---- */

IrValueId fe_lower_build_literal(FnCtx *fc, const IrLiteral *lit, bool abstract) {
    if (!lit->elem_count)
        return abstract ? ir_build_abstract_literal(&fc->b, lit->type, lit->bits) : ir_build_literal(&fc->b, lit->type, lit->bits);
    IrValueId *items = arena_alloc_array(&fc->l->scratch, lit->elem_count, sizeof *items);
    for (uint32_t i = 0; i < lit->elem_count; i++) items[i] = fe_lower_build_literal(fc, &lit->elems[i], abstract);
    return ir_build_construct(&fc->b, lit->type, items, lit->elem_count);
}

IrValueId fe_lower_splat(FnCtx *fc, IrValueId v, IrTypeId to) {
    if (ir_value_type(fc->f, v) == to) return v;
    return ir_build_construct(&fc->b, to, &v, 1);
}

static IrValueId lower_global_value(FnCtx *fc, const SemaExpr *e) {
    const SemaDef *def = e->as.global;
    if (def->kind == DEF_RESOURCE) {
        /* Textures and samplers are values loaded from their handle. */
        IrValueId ptr = fe_lower_resource_ptr(fc, e);
        TRY(ptr);
        return ir_build_load(&fc->b, ptr);
    }
    if (def->kind != DEF_CONSTANT) {
        internal_error(fc, e, "全局名字不是常量");
        return IR_NONE;
    }
    IrConstId id = fe_lower_constant(fc->l, def);
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (id == IR_NONE || type == IR_NO_TYPE) return IR_NONE;
    fe_lower_at(fc, e);
    if (ir_constant(fc->l->m, id)->type == type) return ir_build_constant(&fc->b, id);
    /* An abstract constant used at a concrete type: its value as a literal of that type,
     * abstract like the constant (WGSL's abstract const adapts the same way, 着三). */
    IrLiteral lit;
    if (!fe_lower_const_eval(fc->l, def->as.constant.value, type, &lit)) return IR_NONE;
    fe_lower_at(fc, e);
    return fe_lower_build_literal(fc, &lit, true);
}

static IrValueId lower_composite(FnCtx *fc, const SemaExpr *e) {
    bool record = e->kind == SEXPR_RECORD;
    uint32_t count = record ? e->as.record.count : e->as.tuple.count;
    SemaExpr **items = record ? e->as.record.values : e->as.tuple.items;
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    IrValueId *args = arena_alloc_array(&fc->l->scratch, count + 1, sizeof *args);
    for (uint32_t i = 0; i < count; i++) {
        args[i] = fe_lower_expr(fc, items[i]);
        TRY(args[i]);
        if (args[i] == LV_UNIT) {
            internal_error(fc, items[i], "元组的项不能是「有」");
            return IR_NONE;
        }
    }
    fe_lower_at(fc, e);
    return ir_build_construct(&fc->b, type, args, count);
}

/* 中: through a buffer's content an access chain and one load (常量.数量), else extract. */
static IrValueId lower_proj(FnCtx *fc, const SemaExpr *e) {
    uint32_t depth = 0;
    const SemaExpr *base = e;
    while (base->kind == SEXPR_PROJ) {
        base = base->as.proj.base;
        depth++;
    }
    uint32_t *path = arena_alloc_array(&fc->l->scratch, depth, sizeof *path);
    uint32_t k = depth;
    for (const SemaExpr *p = e; p->kind == SEXPR_PROJ; p = p->as.proj.base) path[--k] = p->as.proj.index;
    if (base->kind == SEXPR_LOAD) {
        IrValueId ptr = fe_lower_resource_ptr(fc, base->as.load.resource);
        TRY(ptr);
        fe_lower_at(fc, e);
        IrValueId *indices = arena_alloc_array(&fc->l->scratch, depth, sizeof *indices);
        for (uint32_t i = 0; i < depth; i++) indices[i] = ir_build_u32(&fc->b, path[i]);
        IrValueId elem = ir_build_access(&fc->b, ptr, indices, depth);
        return ir_build_load(&fc->b, elem);
    }
    IrValueId v = fe_lower_expr(fc, base);
    TRY(v);
    fe_lower_at(fc, e);
    return ir_build_extract(&fc->b, v, path, depth);
}

IrOp fe_lower_binary_op(AstBinaryOp op) {
    switch (op) {
    case AST_OP_ADD: return IR_OP_ADD;
    case AST_OP_SUB: return IR_OP_SUB;
    case AST_OP_MUL: return IR_OP_MUL;
    case AST_OP_DIV: return IR_OP_DIV;
    case AST_OP_MOD: return IR_OP_REM;
    case AST_OP_EQ: return IR_OP_EQ;
    case AST_OP_NE: return IR_OP_NE;
    case AST_OP_LT: return IR_OP_LT;
    case AST_OP_GT: return IR_OP_GT;
    case AST_OP_GE: return IR_OP_GE;
    case AST_OP_LE: return IR_OP_LE;
    case AST_OP_AND: return IR_OP_AND;
    case AST_OP_OR: return IR_OP_OR;
    }
    return IR_OP_ADD;
}

static IrValueId lower_binary(FnCtx *fc, const SemaExpr *e) {
    AstBinaryOp op = e->as.binary.op;
    if (op == AST_OP_AND || op == AST_OP_OR) return fe_lower_logic(fc, e);
    IrValueId left = fe_lower_expr(fc, e->as.binary.left);
    TRY(left);
    IrValueId right = fe_lower_expr(fc, e->as.binary.right);
    TRY(right);
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    if (!fe_lower_check_divisor(fc->l, op, e->as.binary.right, ir_value_type(fc->f, right))) return IR_NONE;
    fe_lower_at(fc, e);
    IrOp ir = fe_lower_binary_op(op);
    IrTypeId lt = ir_value_type(fc->f, left), rt = ir_value_type(fc->f, right);
    if (ir != IR_OP_MUL && lt != rt) {
        /* vector op scalar: WGSL splats the scalar; YIR wants equal operand types. */
        if (ir_type_lanes(fc->l->types, lt) == 1) left = fe_lower_splat(fc, left, rt);
        else right = fe_lower_splat(fc, right, lt);
    }
    IrValueId args[2] = {left, right};
    return ir_build_op(&fc->b, ir, type, args, 2);
}

/* 令's value takes the binding's name, unless it already is another binding or a shared
 * pointer. */
static void name_value(FnCtx *fc, IrValueId v, const char *name) {
    IrValue *value = ir_value(fc->f, v);
    if (!value || value->name || value->kind != IR_VALUE_RESULT) return;
    IrOp op = ir_inst(fc->f, value->def)->op;
    if (op == IR_OP_GLOBAL || op == IR_OP_ACCESS || op == IR_OP_VAR) {
        /* a shared pointer, unless it is a 格 (新格 makes a fresh var) */
        if (op != IR_OP_VAR || cache_find(fc, IR_OP_VAR, ir_inst(fc->f, value->def)->args[0], 0) == v) return;
    }
    ir_value_set_name(fc->f, v, name);
}

/* Binds the let's local to its value; false after an error. */
static bool lower_let_binding(FnCtx *fc, const SemaExpr *e) {
    IrValueId v = fe_lower_expr(fc, e->as.let.value);
    if (v == IR_NONE) return false;
    SemaLocal *local = e->as.let.local;
    if (v != LV_UNIT) name_value(fc, v, local->name);
    fc->locals[local->index] = v;
    return true;
}

static IrValueId lower_user_call(FnCtx *fc, const SemaExpr *e) {
    const SemaDef *callee = e->as.call.function;
    IrFuncId id = fc->l->func_of[callee->index];
    if (id == IR_NONE) return IR_NONE;
    uint32_t n = 0;
    IrValueId *args = arena_alloc_array(&fc->l->scratch, e->as.call.arg_count + 1, sizeof *args);
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) {
        IrValueId v = fe_lower_expr(fc, e->as.call.args[i]);
        TRY(v);
        if (v != LV_UNIT) args[n++] = v;
    }
    fe_lower_at(fc, e);
    IrValueId r = ir_build_call(&fc->b, id, args, n);
    return r == IR_NONE ? LV_UNIT : r;
}

static IrValueId lower_call(FnCtx *fc, const SemaExpr *e) {
    switch (e->as.call.kind) {
    case CALL_FUNCTION: return lower_user_call(fc, e);
    case CALL_LOCAL: return fe_lower_local_call(fc, e);
    case CALL_BUILTIN: return fe_lower_builtin_call(fc, e);
    }
    return IR_NONE;
}

static IrValueId lower_node(FnCtx *fc, const SemaExpr *e) {
    switch (e->kind) {
    case SEXPR_LITERAL: {
        IrTypeId type = fe_lower_expr_type(fc, e);
        if (type == IR_NO_TYPE) return IR_NONE;
        fe_lower_at(fc, e);
        uint64_t bits = fe_lower_literal_bits(fc->l, e, type);
        /* 着三: a literal not given to a constructor is a WGSL abstract literal. */
        if (!e->as.literal.constructed) return ir_build_abstract_literal(&fc->b, type, bits);
        return ir_build_literal(&fc->b, type, bits);
    }
    case SEXPR_LOCAL: {
        IrValueId v = fc->locals[e->as.local->index];
        if (v == IR_NONE) internal_error(fc, e, "局部名字没有值");
        return v;
    }
    case SEXPR_GLOBAL: return lower_global_value(fc, e);
    case SEXPR_LOAD: {
        IrValueId ptr = fe_lower_resource_ptr(fc, e->as.load.resource);
        TRY(ptr);
        fe_lower_at(fc, e);
        return ir_build_load(&fc->b, ptr);
    }
    case SEXPR_BUILTIN_VALUE:
        if (e->as.builtin_value == INTRINSIC_UNIT) return LV_UNIT;
        internal_error(fc, e, "访问方式不能当作值");
        return IR_NONE;
    case SEXPR_TUPLE: case SEXPR_RECORD: return lower_composite(fc, e);
    case SEXPR_PROJ: return lower_proj(fc, e);
    case SEXPR_NOT: {
        IrValueId v = fe_lower_expr(fc, e->as.not_.operand);
        TRY(v);
        fe_lower_at(fc, e);
        return ir_build_unary(&fc->b, IR_OP_NOT, v);
    }
    case SEXPR_BINARY: return lower_binary(fc, e);
    case SEXPR_CALL: return lower_call(fc, e);
    case SEXPR_IF: return fe_lower_if(fc, e);
    case SEXPR_LET: case SEXPR_LETREC: case SEXPR_SEQ: case SEXPR_ERROR: break;
    }
    internal_error(fc, e, "出错的表达式");
    return IR_NONE;
}

/* A right-nested chain (令 … 而, 递归令 … 而, a ； b) is lowered in a loop along its rest, not
 * by recursion: a body may hold any number of lets and statements. */
IrValueId fe_lower_expr(FnCtx *fc, const SemaExpr *e) {
    for (;;) {
        if (!e || fc->dead || fc->l->failed) return IR_NONE;
        switch (e->kind) {
        case SEXPR_LET:
            if (!lower_let_binding(fc, e)) return IR_NONE;
            e = e->as.let.body;
            break;
        case SEXPR_LETREC:
            if (!fe_lower_letrec_function(fc, e)) return IR_NONE;
            e = e->as.letrec.body;
            break;
        case SEXPR_SEQ:
            if (fe_lower_expr(fc, e->as.seq.first) == IR_NONE) return IR_NONE;
            e = e->as.seq.second;
            break;
        default: return lower_node(fc, e);
        }
    }
}

/* The body's value is returned (着五); a function returning 「有」 discards it (the value's
 * effects stay, it is simply unused); nothing follows a discard. */
void fe_lower_fn_return(FnCtx *fc, const SemaExpr *body, IrValueId v) {
    if (fc->dead || v == IR_NONE || fc->l->failed) return;
    fe_lower_at(fc, body);
    bool returns_unit = fc->f->return_type == ir_type_void(&fc->l->m->types);
    ir_build_return(&fc->b, v == LV_UNIT || returns_unit ? IR_NONE : v);
}

void fe_lower_function_body(Lowerer *l, const SemaDef *def) {
    IrFunction *f = ir_function(l->m, l->func_of[def->index]);
    FnCtx fc;
    memset(&fc, 0, sizeof fc);
    fc.l = l;
    fc.def = def;
    fc.f = f;
    ir_builder_init(&fc.b, f);
    uint32_t n = def->as.function.local_count;
    fc.locals = arena_alloc_array(&l->scratch, n + 1, sizeof *fc.locals);
    fc.local_fns = arena_alloc_array(&l->scratch, n + 1, sizeof *fc.local_fns);
    fc.captured = arena_alloc_array(&l->scratch, n + 1, sizeof *fc.captured);
    for (uint32_t i = 0; i <= n; i++) fc.locals[i] = IR_NONE;
    uint32_t k = 0;
    for (uint32_t i = 0; i < def->as.function.param_count; i++) {
        const SemaLocal *p = def->as.function.params[i];
        if (p->index > n) continue;
        fc.locals[p->index] = fe_lower_type_is_unit(p->type) ? LV_UNIT : f->params[k++];
    }
    const SemaExpr *body = def->as.function.body;
    fe_lower_fn_return(&fc, body, fe_lower_expr(&fc, body));
}
