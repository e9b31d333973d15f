/* Type construction, unification and printing for the checker. */
#include <stdio.h>
#include "types.h"

#include <stdio.h>
#include <string.h>

#include "../base/strbuf.h"

static const struct { const char *name; uint32_t arity; } TYPE_CON_INFO[TCON_COUNT] = {
#define YU_TYPE_CON_INFO(id, name, arity) [TCON_##id] = {name, arity},
    YU_TYPE_CONS(YU_TYPE_CON_INFO)
#undef YU_TYPE_CON_INFO
};

const char *fe_type_con_name(TypeCon con) { return con < TCON_COUNT ? TYPE_CON_INFO[con].name : "?"; }
uint32_t fe_type_con_arity(TypeCon con) { return con < TCON_COUNT ? TYPE_CON_INFO[con].arity : 0; }

TypeCon fe_type_con_lookup(const char *name) {
    for (int i = 0; i < TCON_COUNT; i++)
        if (strcmp(TYPE_CON_INFO[i].name, name) == 0) return (TypeCon)i;
    return TCON_COUNT;
}

static const struct { const char *name, *wgsl; } IO_INFO[IO_COUNT] = {
    [IO_NONE] = {"", ""},
#define YU_IO_INFO(id, name, wgsl) [IO_##id] = {name, wgsl},
    YU_IO_BUILTINS(YU_IO_INFO)
#undef YU_IO_INFO
};

const char *fe_io_builtin_name(IoBuiltin io) { return io < IO_COUNT ? IO_INFO[io].name : ""; }
const char *fe_io_builtin_wgsl(IoBuiltin io) { return io < IO_COUNT ? IO_INFO[io].wgsl : ""; }

IoBuiltin fe_io_builtin_lookup(const char *name) {
    for (int i = 1; i < IO_COUNT; i++)
        if (strcmp(IO_INFO[i].name, name) == 0) return (IoBuiltin)i;
    return IO_NONE;
}

bool fe_io_builtin_is_input(IoBuiltin io) {
    return io != IO_NONE && io != IO_CLIP_POSITION && io != IO_FRAG_DEPTH;
}

bool fe_io_builtin_is_output(IoBuiltin io) {
    return io == IO_CLIP_POSITION || io == IO_FRAG_DEPTH || io == IO_SAMPLE_MASK;
}

/* ---- Construction ---- */

static Type *new_type(TypeContext *ctx, TypeKind kind) {
    Type *type = arena_alloc(ctx->arena, sizeof *type);
    type->kind = kind;
    return type;
}

void fe_type_context_init(TypeContext *ctx, Arena *arena) {
    memset(ctx, 0, sizeof *ctx);
    ctx->arena = arena;
    ctx->next_var = 1;
    ctx->next_record = 1;
    ctx->error = new_type(ctx, TYPE_ERROR);
    ctx->abstract_int = new_type(ctx, TYPE_ABSTRACT_INT);
    ctx->abstract_float = new_type(ctx, TYPE_ABSTRACT_FLOAT);
    ctx->boolean = new_type(ctx, TYPE_BOOL);
    ctx->unit = new_type(ctx, TYPE_UNIT);
    ctx->meta = new_type(ctx, TYPE_META);
    ctx->f32 = fe_type_scalar(ctx, SCALAR_FLOAT, 32);
    ctx->f16 = fe_type_scalar(ctx, SCALAR_FLOAT, 16);
    ctx->i32 = fe_type_scalar(ctx, SCALAR_SINT, 32);
    ctx->u32 = fe_type_scalar(ctx, SCALAR_UINT, 32);
}

Type *fe_type_var(TypeContext *ctx, LitKind lit) {
    Type *type = new_type(ctx, TYPE_VAR);
    type->as.var.id = ctx->next_var++;
    type->as.var.lit = lit;
    return type;
}

Type *fe_type_param(TypeContext *ctx, uint32_t index, const char *name) {
    Type *type = new_type(ctx, TYPE_PARAM);
    type->as.param.index = index;
    type->as.param.name = name;
    return type;
}

Type *fe_type_scalar(TypeContext *ctx, ScalarKind kind, uint32_t width) {
    Type *type = new_type(ctx, TYPE_SCALAR);
    type->as.scalar.kind = kind;
    type->as.scalar.width = width;
    return type;
}

Type *fe_type_nat(TypeContext *ctx, uint64_t value) {
    Type *type = new_type(ctx, TYPE_NAT);
    type->as.nat = value;
    return type;
}

Type *fe_type_tuple(TypeContext *ctx, Type **items, uint32_t count) {
    Type *type = new_type(ctx, TYPE_TUPLE);
    type->as.tuple.items = items;
    type->as.tuple.count = count;
    return type;
}

Type *fe_type_vector(TypeContext *ctx, Type *elem, uint32_t count) {
    Type **items = arena_alloc_array(ctx->arena, count, sizeof *items);
    for (uint32_t i = 0; i < count; i++) items[i] = elem;
    return fe_type_tuple(ctx, items, count);
}

Type *fe_type_con(TypeContext *ctx, TypeCon con, Type **args, uint32_t count) {
    Type *type = new_type(ctx, TYPE_CON);
    type->as.con.con = con;
    type->as.con.args = args;
    type->as.con.count = count;
    return type;
}

Type *fe_type_con1(TypeContext *ctx, TypeCon con, Type *arg) {
    Type **args = arena_alloc_array(ctx->arena, 1, sizeof *args);
    args[0] = arg;
    return fe_type_con(ctx, con, args, 1);
}

Type *fe_type_func(TypeContext *ctx, Type **params, uint32_t count, Type *result) {
    Type *type = new_type(ctx, TYPE_FUNC);
    type->as.func.params = params;
    type->as.func.count = count;
    type->as.func.result = result;
    return type;
}

Type *fe_type_record(TypeContext *ctx, const char *name, RecordField *fields, uint32_t count) {
    Type *type = new_type(ctx, TYPE_RECORD);
    type->as.record.name = name;
    type->as.record.id = name ? ctx->next_record++ : 0;
    type->as.record.fields = fields;
    type->as.record.count = count;
    return type;
}

/* ---- Inspection ---- */

Type *fe_type_prune(Type *type) {
    if (!type) return NULL;
    Type *root = type;
    while (root->kind == TYPE_VAR && root->as.var.binding) root = root->as.var.binding;
    while (type->kind == TYPE_VAR && type->as.var.binding) {
        Type *next = type->as.var.binding;
        if (next != root) type->as.var.binding = root;
        type = next;
    }
    return root;
}

bool fe_type_is_unbound(Type *type) {
    type = fe_type_prune(type);
    return type && type->kind == TYPE_VAR;
}

bool fe_type_is_error(Type *type) {
    type = fe_type_prune(type);
    return !type || type->kind == TYPE_ERROR;
}

bool fe_type_is_scalar(Type *type) {
    type = fe_type_prune(type);
    return type && type->kind == TYPE_SCALAR;
}

bool fe_type_is_numeric_scalar(Type *type) {
    type = fe_type_prune(type);
    if (!type) return false;
    switch (type->kind) {
    case TYPE_SCALAR: case TYPE_ABSTRACT_INT: case TYPE_ABSTRACT_FLOAT: return true;
    case TYPE_VAR: return type->as.var.lit != LIT_NONE;
    default: return false;
    }
}

static bool scalar_like(Type *type) {
    type = fe_type_prune(type);
    return type->kind == TYPE_BOOL || fe_type_is_numeric_scalar(type);
}

bool fe_type_is_vector(Type *type, Type **elem, uint32_t *count) {
    type = fe_type_prune(type);
    if (!type || type->kind != TYPE_TUPLE) return false;
    uint32_t n = type->as.tuple.count;
    if (n < 2 || n > 4) return false;
    Type *first = fe_type_prune(type->as.tuple.items[0]);
    if (!scalar_like(first)) return false;
    for (uint32_t i = 1; i < n; i++) {
        Type *item = fe_type_prune(type->as.tuple.items[i]);
        if (item != first && !(item->kind != TYPE_VAR && fe_type_equal(item, first))) return false;
    }
    if (elem) *elem = first;
    if (count) *count = n;
    return true;
}

bool fe_type_is_matrix(Type *type, Type **column, uint32_t *cols, uint32_t *rows) {
    type = fe_type_prune(type);
    if (!type || type->kind != TYPE_TUPLE) return false;
    uint32_t n = type->as.tuple.count;
    if (n < 2 || n > 4) return false;
    Type *elem;
    uint32_t r;
    Type *first = fe_type_prune(type->as.tuple.items[0]);
    if (!fe_type_is_vector(first, &elem, &r)) return false;
    elem = fe_type_prune(elem);
    if (elem->kind != TYPE_SCALAR || elem->as.scalar.kind != SCALAR_FLOAT) return false;
    for (uint32_t i = 1; i < n; i++)
        if (!fe_type_equal(type->as.tuple.items[i], first)) return false;
    if (column) *column = first;
    if (cols) *cols = n;
    if (rows) *rows = r;
    return true;
}

bool fe_type_is_con(Type *type, TypeCon con) {
    type = fe_type_prune(type);
    return type && type->kind == TYPE_CON && type->as.con.con == con;
}

bool fe_type_array_elem(Type *type, Type **elem, uint64_t *length) {
    type = fe_type_prune(type);
    if (!type || type->kind != TYPE_CON) return false;
    if (type->as.con.con == TCON_ARRAY && type->as.con.count == 1) {
        if (elem) *elem = type->as.con.args[0];
        if (length) *length = 0;
        return true;
    }
    if (type->as.con.con == TCON_FIXED_ARRAY && type->as.con.count == 2) {
        if (elem) *elem = type->as.con.args[0];
        Type *n = fe_type_prune(type->as.con.args[1]);
        if (length) *length = n->kind == TYPE_NAT ? n->as.nat : 0;
        return true;
    }
    return false;
}

bool fe_type_has_unbound(Type *type) {
    type = fe_type_prune(type);
    if (!type) return false;
    switch (type->kind) {
    case TYPE_VAR: return type->as.var.lit == LIT_NONE;
    case TYPE_PARAM: return true;
    case TYPE_TUPLE:
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            if (fe_type_has_unbound(type->as.tuple.items[i])) return true;
        return false;
    case TYPE_RECORD:
        for (uint32_t i = 0; i < type->as.record.count; i++)
            if (fe_type_has_unbound(type->as.record.fields[i].type)) return true;
        return false;
    case TYPE_CON:
        for (uint32_t i = 0; i < type->as.con.count; i++)
            if (fe_type_has_unbound(type->as.con.args[i])) return true;
        return false;
    case TYPE_FUNC:
        for (uint32_t i = 0; i < type->as.func.count; i++)
            if (fe_type_has_unbound(type->as.func.params[i])) return true;
        return fe_type_has_unbound(type->as.func.result);
    default: return false;
    }
}

bool fe_type_uses_f16(Type *type) {
    type = fe_type_prune(type);
    if (!type) return false;
    switch (type->kind) {
    case TYPE_SCALAR: return type->as.scalar.kind == SCALAR_FLOAT && type->as.scalar.width == 16;
    case TYPE_TUPLE:
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            if (fe_type_uses_f16(type->as.tuple.items[i])) return true;
        return false;
    case TYPE_RECORD:
        for (uint32_t i = 0; i < type->as.record.count; i++)
            if (fe_type_uses_f16(type->as.record.fields[i].type)) return true;
        return false;
    case TYPE_CON:
        for (uint32_t i = 0; i < type->as.con.count; i++)
            if (fe_type_uses_f16(type->as.con.args[i])) return true;
        return false;
    case TYPE_FUNC:
        for (uint32_t i = 0; i < type->as.func.count; i++)
            if (fe_type_uses_f16(type->as.func.params[i])) return true;
        return fe_type_uses_f16(type->as.func.result);
    default: return false;
    }
}

static const RecordField *find_field(Type *record, const char *name) {
    for (uint32_t i = 0; i < record->as.record.count; i++)
        if (strcmp(record->as.record.fields[i].name, name) == 0) return &record->as.record.fields[i];
    return NULL;
}

/* Field-by-name agreement of two records, at least one anonymous. */
static bool records_match(TypeContext *ctx, Type *a, Type *b, bool unify) {
    if (a->as.record.count != b->as.record.count) return false;
    for (uint32_t i = 0; i < a->as.record.count; i++) {
        const RecordField *other = find_field(b, a->as.record.fields[i].name);
        if (!other) return false;
        bool ok = unify ? fe_type_unify(ctx, a->as.record.fields[i].type, other->type)
                        : fe_type_equal(a->as.record.fields[i].type, other->type);
        if (!ok) return false;
    }
    return true;
}

bool fe_type_equal(Type *a, Type *b) {
    a = fe_type_prune(a);
    b = fe_type_prune(b);
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind) return false;
    switch (a->kind) {
    case TYPE_ERROR: case TYPE_ABSTRACT_INT: case TYPE_ABSTRACT_FLOAT: case TYPE_BOOL:
    case TYPE_UNIT: case TYPE_META:
        return true;
    case TYPE_VAR: return false;
    case TYPE_PARAM: return a->as.param.index == b->as.param.index;
    case TYPE_SCALAR:
        return a->as.scalar.kind == b->as.scalar.kind && a->as.scalar.width == b->as.scalar.width;
    case TYPE_NAT: return a->as.nat == b->as.nat;
    case TYPE_TUPLE:
        if (a->as.tuple.count != b->as.tuple.count) return false;
        for (uint32_t i = 0; i < a->as.tuple.count; i++)
            if (!fe_type_equal(a->as.tuple.items[i], b->as.tuple.items[i])) return false;
        return true;
    case TYPE_RECORD:
        if (a->as.record.id && b->as.record.id) return a->as.record.id == b->as.record.id;
        return records_match(NULL, a, b, false);
    case TYPE_CON:
        if (a->as.con.con != b->as.con.con || a->as.con.count != b->as.con.count) return false;
        for (uint32_t i = 0; i < a->as.con.count; i++)
            if (!fe_type_equal(a->as.con.args[i], b->as.con.args[i])) return false;
        return true;
    case TYPE_FUNC:
        if (a->as.func.count != b->as.func.count) return false;
        for (uint32_t i = 0; i < a->as.func.count; i++)
            if (!fe_type_equal(a->as.func.params[i], b->as.func.params[i])) return false;
        return fe_type_equal(a->as.func.result, b->as.func.result);
    }
    return false;
}

static bool occurs(Type *var, Type *type) {
    type = fe_type_prune(type);
    if (type == var) return true;
    switch (type->kind) {
    case TYPE_TUPLE:
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            if (occurs(var, type->as.tuple.items[i])) return true;
        return false;
    case TYPE_RECORD:
        for (uint32_t i = 0; i < type->as.record.count; i++)
            if (occurs(var, type->as.record.fields[i].type)) return true;
        return false;
    case TYPE_CON:
        for (uint32_t i = 0; i < type->as.con.count; i++)
            if (occurs(var, type->as.con.args[i])) return true;
        return false;
    case TYPE_FUNC:
        for (uint32_t i = 0; i < type->as.func.count; i++)
            if (occurs(var, type->as.func.params[i])) return true;
        return occurs(var, type->as.func.result);
    default: return false;
    }
}

/* What a literal variable may become. */
static bool literal_accepts(LitKind lit, Type *type) {
    switch (lit) {
    case LIT_NONE: return true;
    case LIT_INT:
        return type->kind == TYPE_ABSTRACT_INT || type->kind == TYPE_ABSTRACT_FLOAT ||
               type->kind == TYPE_SCALAR;
    case LIT_FLOAT:
        return type->kind == TYPE_ABSTRACT_FLOAT ||
               (type->kind == TYPE_SCALAR && type->as.scalar.kind == SCALAR_FLOAT);
    }
    return false;
}

static bool bind_var(Type *var, Type *type) {
    if (type->kind == TYPE_VAR) {
        LitKind a = var->as.var.lit, b = type->as.var.lit;
        type->as.var.lit = a > b ? a : b;  /* NONE < INT < FLOAT */
        var->as.var.binding = type;
        return true;
    }
    if (type->kind == TYPE_ERROR) {
        var->as.var.binding = type;
        return true;
    }
    if (!literal_accepts(var->as.var.lit, type) || occurs(var, type)) return false;
    var->as.var.binding = type;
    return true;
}

bool fe_type_unify(TypeContext *ctx, Type *a, Type *b) {
    a = fe_type_prune(a);
    b = fe_type_prune(b);
    if (!a || !b) return false;
    if (a == b) return true;
    if (a->kind == TYPE_VAR) return bind_var(a, b);
    if (b->kind == TYPE_VAR) return bind_var(b, a);
    if (a->kind == TYPE_ERROR || b->kind == TYPE_ERROR) return true;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case TYPE_TUPLE:
        if (a->as.tuple.count != b->as.tuple.count) return false;
        for (uint32_t i = 0; i < a->as.tuple.count; i++)
            if (!fe_type_unify(ctx, a->as.tuple.items[i], b->as.tuple.items[i])) return false;
        return true;
    case TYPE_RECORD:
        if (a->as.record.id && b->as.record.id) return a->as.record.id == b->as.record.id;
        return records_match(ctx, a, b, true);
    case TYPE_CON:
        if (a->as.con.con != b->as.con.con || a->as.con.count != b->as.con.count) return false;
        for (uint32_t i = 0; i < a->as.con.count; i++)
            if (!fe_type_unify(ctx, a->as.con.args[i], b->as.con.args[i])) return false;
        return true;
    case TYPE_FUNC:
        if (a->as.func.count != b->as.func.count) return false;
        for (uint32_t i = 0; i < a->as.func.count; i++)
            if (!fe_type_unify(ctx, a->as.func.params[i], b->as.func.params[i])) return false;
        return fe_type_unify(ctx, a->as.func.result, b->as.func.result);
    default:
        return fe_type_equal(a, b);
    }
}

Type *fe_type_subst(TypeContext *ctx, Type *type, Type **args, uint32_t count) {
    type = fe_type_prune(type);
    if (!type) return ctx->error;
    switch (type->kind) {
    case TYPE_PARAM:
        return type->as.param.index < count ? args[type->as.param.index] : ctx->error;
    case TYPE_TUPLE: {
        Type **items = arena_alloc_array(ctx->arena, type->as.tuple.count, sizeof *items);
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            items[i] = fe_type_subst(ctx, type->as.tuple.items[i], args, count);
        return fe_type_tuple(ctx, items, type->as.tuple.count);
    }
    case TYPE_RECORD: {
        if (type->as.record.id) return type;  /* named records are closed */
        RecordField *fields = arena_alloc_array(ctx->arena, type->as.record.count, sizeof *fields);
        for (uint32_t i = 0; i < type->as.record.count; i++) {
            fields[i] = type->as.record.fields[i];
            fields[i].type = fe_type_subst(ctx, fields[i].type, args, count);
        }
        return fe_type_record(ctx, NULL, fields, type->as.record.count);
    }
    case TYPE_CON: {
        if (type->as.con.count == 0) return type;
        Type **items = arena_alloc_array(ctx->arena, type->as.con.count, sizeof *items);
        for (uint32_t i = 0; i < type->as.con.count; i++)
            items[i] = fe_type_subst(ctx, type->as.con.args[i], args, count);
        return fe_type_con(ctx, type->as.con.con, items, type->as.con.count);
    }
    case TYPE_FUNC: {
        Type **params = arena_alloc_array(ctx->arena, type->as.func.count, sizeof *params);
        for (uint32_t i = 0; i < type->as.func.count; i++)
            params[i] = fe_type_subst(ctx, type->as.func.params[i], args, count);
        return fe_type_func(ctx, params, type->as.func.count,
                         fe_type_subst(ctx, type->as.func.result, args, count));
    }
    default:
        return type;
    }
}

void fe_type_default_literals(TypeContext *ctx, Type *type) {
    type = fe_type_prune(type);
    if (!type) return;
    switch (type->kind) {
    case TYPE_VAR:
        if (type->as.var.lit == LIT_INT) type->as.var.binding = ctx->abstract_int;
        else if (type->as.var.lit == LIT_FLOAT) type->as.var.binding = ctx->abstract_float;
        return;
    case TYPE_TUPLE:
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            fe_type_default_literals(ctx, type->as.tuple.items[i]);
        return;
    case TYPE_RECORD:
        if (type->as.record.id) return;
        for (uint32_t i = 0; i < type->as.record.count; i++)
            fe_type_default_literals(ctx, type->as.record.fields[i].type);
        return;
    case TYPE_CON:
        for (uint32_t i = 0; i < type->as.con.count; i++)
            fe_type_default_literals(ctx, type->as.con.args[i]);
        return;
    case TYPE_FUNC:
        for (uint32_t i = 0; i < type->as.func.count; i++)
            fe_type_default_literals(ctx, type->as.func.params[i]);
        fe_type_default_literals(ctx, type->as.func.result);
        return;
    default:
        return;
    }
}

Type *fe_type_zonk(TypeContext *ctx, Type *type) {
    type = fe_type_prune(type);
    if (!type) return ctx->error;
    switch (type->kind) {
    case TYPE_VAR:
        return type->as.var.lit == LIT_INT     ? ctx->abstract_int
               : type->as.var.lit == LIT_FLOAT ? ctx->abstract_float
                                               : ctx->error;
    case TYPE_TUPLE: {
        Type **items = arena_alloc_array(ctx->arena, type->as.tuple.count ? type->as.tuple.count : 1,
                                         sizeof *items);
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            items[i] = fe_type_zonk(ctx, type->as.tuple.items[i]);
        return fe_type_tuple(ctx, items, type->as.tuple.count);
    }
    case TYPE_RECORD: {
        if (type->as.record.id) return type;
        RecordField *fields = arena_alloc_array(ctx->arena, type->as.record.count ? type->as.record.count : 1,
                                                sizeof *fields);
        for (uint32_t i = 0; i < type->as.record.count; i++) {
            fields[i] = type->as.record.fields[i];
            fields[i].type = fe_type_zonk(ctx, fields[i].type);
        }
        return fe_type_record(ctx, NULL, fields, type->as.record.count);
    }
    case TYPE_CON: {
        if (type->as.con.count == 0) return type;
        Type **args = arena_alloc_array(ctx->arena, type->as.con.count, sizeof *args);
        for (uint32_t i = 0; i < type->as.con.count; i++) args[i] = fe_type_zonk(ctx, type->as.con.args[i]);
        return fe_type_con(ctx, type->as.con.con, args, type->as.con.count);
    }
    case TYPE_FUNC: {
        Type **params = arena_alloc_array(ctx->arena, type->as.func.count ? type->as.func.count : 1,
                                          sizeof *params);
        for (uint32_t i = 0; i < type->as.func.count; i++)
            params[i] = fe_type_zonk(ctx, type->as.func.params[i]);
        return fe_type_func(ctx, params, type->as.func.count, fe_type_zonk(ctx, type->as.func.result));
    }
    default:
        return type;
    }
}

/* ---- Printing ---- */

static void put_digits(StrBuf *out, uint64_t value) {
    static const char *const DIGITS[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    char ascii[32];
    int len = snprintf(ascii, sizeof ascii, "%llu", (unsigned long long)value);
    for (int i = 0; i < len; i++) strbuf_puts(out, DIGITS[ascii[i] - '0']);
}

static const char *scalar_short(Type *elem) {
    elem = fe_type_prune(elem);
    if (elem->kind == TYPE_BOOL) return "爻";
    if (elem->kind != TYPE_SCALAR || elem->as.scalar.width != 32) {
        if (elem->kind == TYPE_SCALAR && elem->as.scalar.kind == SCALAR_FLOAT &&
            elem->as.scalar.width == 16)
            return "半";
        return NULL;
    }
    switch (elem->as.scalar.kind) {
    case SCALAR_FLOAT: return "浮";
    case SCALAR_SINT: return "整";
    case SCALAR_UINT: return "无";
    }
    return NULL;
}

static void print_type(StrBuf *out, Type *type, bool nested);

static void print_vector_name(StrBuf *out, Type *type, bool *done) {
    static const char *const DIMS[] = {"", "", "二", "三", "四"};
    Type *elem;
    uint32_t n, cols, rows;
    Type *column;
    if (fe_type_is_matrix(type, &column, &cols, &rows) && cols == rows &&
        fe_type_equal(fe_type_prune(column)->as.tuple.items[0], fe_type_prune(column)->as.tuple.items[0]) &&
        fe_type_prune(fe_type_prune(column)->as.tuple.items[0])->kind == TYPE_SCALAR &&
        fe_type_prune(fe_type_prune(column)->as.tuple.items[0])->as.scalar.width == 32) {
        strbuf_printf(out, "「%s阶浮」", DIMS[cols]);
        *done = true;
        return;
    }
    if (fe_type_is_vector(type, &elem, &n)) {
        const char *s = scalar_short(elem);
        if (s) {
            strbuf_printf(out, "「%s维%s」", DIMS[n], s);
            *done = true;
        }
    }
}

static void print_type(StrBuf *out, Type *type, bool nested) {
    type = fe_type_prune(type);
    if (!type) {
        strbuf_puts(out, "（错误）");
        return;
    }
    switch (type->kind) {
    case TYPE_ERROR: strbuf_puts(out, "（错误）"); return;
    case TYPE_VAR:
        strbuf_puts(out, type->as.var.lit == LIT_INT     ? "「整数」"
                         : type->as.var.lit == LIT_FLOAT ? "「小数」"
                                                         : "「？」");
        return;
    case TYPE_PARAM: strbuf_printf(out, "「%s」", type->as.param.name); return;
    case TYPE_ABSTRACT_INT: strbuf_puts(out, "「整数」"); return;
    case TYPE_ABSTRACT_FLOAT: strbuf_puts(out, "「小数」"); return;
    case TYPE_BOOL: strbuf_puts(out, "「爻」"); return;
    case TYPE_UNIT: strbuf_puts(out, "「有」"); return;
    case TYPE_META: strbuf_puts(out, "「元类型」"); return;
    case TYPE_SCALAR: {
        static const char *const KIND[] = {"浮", "整", "无"};
        static const char *const CTOR[] = {"定长小数", "定长整数", "定长无符号"};
        uint32_t w = type->as.scalar.width;
        if (w == 32) strbuf_printf(out, "「%s三二」", KIND[type->as.scalar.kind]);
        else if (w == 16 && type->as.scalar.kind == SCALAR_FLOAT) strbuf_puts(out, "「浮十六」");
        else {
            if (nested) strbuf_puts(out, "（");
            strbuf_printf(out, "「%s」于「", CTOR[type->as.scalar.kind]);
            put_digits(out, w);
            strbuf_puts(out, "」");
            if (nested) strbuf_puts(out, "）");
        }
        return;
    }
    case TYPE_NAT:
        strbuf_puts(out, "「");
        put_digits(out, type->as.nat);
        strbuf_puts(out, "」");
        return;
    case TYPE_TUPLE: {
        bool done = false;
        print_vector_name(out, type, &done);
        if (done) return;
        if (nested) strbuf_puts(out, "（");
        for (uint32_t i = 0; i < type->as.tuple.count; i++) {
            if (i) strbuf_puts(out, "合");
            print_type(out, type->as.tuple.items[i], true);
        }
        if (nested) strbuf_puts(out, "）");
        return;
    }
    case TYPE_RECORD:
        if (type->as.record.name) {
            strbuf_printf(out, "「%s」", type->as.record.name);
            return;
        }
        strbuf_puts(out, "「组类」【");
        for (uint32_t i = 0; i < type->as.record.count; i++) {
            if (i) strbuf_puts(out, "，");
            strbuf_printf(out, "「%s」乃", type->as.record.fields[i].name);
            print_type(out, type->as.record.fields[i].type, false);
            strbuf_puts(out, "也");
        }
        strbuf_puts(out, "】");
        return;
    case TYPE_CON:
        if (nested && type->as.con.count) strbuf_puts(out, "（");
        strbuf_printf(out, "「%s」", fe_type_con_name(type->as.con.con));
        for (uint32_t i = 0; i < type->as.con.count; i++) {
            strbuf_puts(out, "于");
            print_type(out, type->as.con.args[i], true);
        }
        if (nested && type->as.con.count) strbuf_puts(out, "）");
        return;
    case TYPE_FUNC:
        if (nested) strbuf_puts(out, "（");
        for (uint32_t i = 0; i < type->as.func.count; i++) {
            strbuf_puts(out, i ? "又化" : "化");
            print_type(out, type->as.func.params[i], false);
        }
        if (type->as.func.count == 0) strbuf_puts(out, "化「有」");
        strbuf_puts(out, "为");
        print_type(out, type->as.func.result, false);
        strbuf_puts(out, "者");
        if (nested) strbuf_puts(out, "）");
        return;
    }
}

const char *fe_type_to_string(Arena *arena, Type *type) {
    StrBuf buf;
    strbuf_init(&buf);
    print_type(&buf, type, false);
    const char *text = arena_strdup(arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}
