/* Resources (着四 rule 2) and entries (rule 3): their definitions must be calls of the
 * binding / entry-item builtins with literal numbers; entry functions' inputs and outputs
 * must be what the stage allows. */
#include <string.h>

#include "check_internal.h"

#include "../ir/ir.h"

/* The builtin a name in callee position resolves to (locals and user names shadow). */
static Intrinsic callee_intrinsic(Checker *c, const AstExpr *call) {
    const AstExpr *callee = fe_ast_strip_parens(call->as.call.callee);
    if (!callee || callee->kind != AST_EXPR_NAME) return INTRINSIC_NONE;
    if (name_is_qualified(&callee->as.name) || fe_peek_user(c, &callee->as.name)) return INTRINSIC_NONE;
    TopName *top = fe_lookup_builtin(c, callee->as.name.text);
    if (!top) return INTRINSIC_NONE;
    fe_ensure_role(c, top);
    return top->role == ROLE_VALUE ? top->intrinsic : INTRINSIC_NONE;
}

static bool literal_count(const AstExpr *e, uint64_t *out) {
    e = fe_ast_strip_parens(e);
    if (!e || e->kind != AST_EXPR_NUMERAL) return false;
    const NumeralInfo *v = &e->as.numeral.value;
    if (v->is_decimal || v->overflow || (v->is_negative && v->int_value)) return false;
    *out = v->int_value;
    return true;
}

static const AstField *find_field(const AstExpr *record, const char *name) {
    for (uint32_t i = 0; i < record->as.record.count; i++)
        if (strcmp(record->as.record.fields[i].name.text, name) == 0) return &record->as.record.fields[i];
    return NULL;
}

static uint32_t literal_field(Checker *c, const AstExpr *record, const char *name, const char *what) {
    const AstField *f = find_field(record, name);
    uint64_t value = 0;
    if (!f) return 0;  /* the record check already reported it */
    if (!literal_count(f->value, &value) || value > 0xFFFFFFFFull) {
        fe_check_error(c, Y_RESOURCE_DEFINITION, f->value->span, "%s须写成非负整数字面量（着三）", what);
        return 0;
    }
    return (uint32_t)value;
}

static const struct { TypeCon con; ResourceKind kind; Intrinsic maker; } RESOURCE_MAKERS[] = {
    {TCON_STORAGE_BUFFER, RESOURCE_STORAGE, INTRINSIC_BIND},
    {TCON_UNIFORM_BUFFER, RESOURCE_UNIFORM, INTRINSIC_BIND_UNIFORM},
    {TCON_WORKGROUP_VAR, RESOURCE_WORKGROUP, INTRINSIC_WORKGROUP_SHARE},
    {TCON_TEXTURE_2D, RESOURCE_TEXTURE_2D, INTRINSIC_BIND_TEXTURE},
    {TCON_SAMPLER, RESOURCE_SAMPLER, INTRINSIC_BIND_SAMPLER},
    {TCON_DEPTH_TEXTURE_2D, RESOURCE_DEPTH_TEXTURE_2D, INTRINSIC_BIND_DEPTH_TEXTURE},
    {TCON_SAMPLER_COMPARISON, RESOURCE_SAMPLER_COMPARISON, INTRINSIC_BIND_SAMPLER_COMPARISON},
    {TCON_TENSOR_MAP, RESOURCE_TENSOR_MAP, INTRINSIC_TENSOR_BOX},
};

/* 张量盒's 行, 列 and 交错 (TMA's rules, docs/builtins.md): each a literal field of the record. */
static uint32_t box_field(Checker *c, const AstExpr *record, const char *name) {
    const AstField *f = find_field(record, name);
    uint64_t value = 0;
    if (!f) return 0;  /* the record check already reported it */
    if (!literal_count(f->value, &value) || value > 1024) {
        fe_check_error(c, Y_TENSOR_BOX, f->value->span, "「张量盒」的「%s」须写成整数字面量", name);
        return 0;
    }
    return (uint32_t)value;
}

static void check_box(Checker *c, SemaDef *def, const AstExpr *record) {
    Type *elem = fe_type_prune(def->as.resource.content);
    uint32_t bytes = elem->kind == TYPE_SCALAR ? elem->as.scalar.width / 8 : 0;
    bool elem_ok = elem->kind == TYPE_SCALAR && ((elem->as.scalar.kind == SCALAR_FLOAT && (bytes == 2 || bytes == 4)) ||
                                                 (elem->as.scalar.kind == SCALAR_UINT && bytes == 4));
    if (!elem_ok) {
        fe_check_error(c, Y_TENSOR_BOX, def->span, "「张量映射」的元素须是「浮十六」「浮三二」或「无三二」：%s",
                       fe_type_to_string(c->arena, elem));
        return;
    }
    uint32_t rows = box_field(c, record, "行"), cols = box_field(c, record, "列"), swizzle = box_field(c, record, "交错");
    const AstField *rf = find_field(record, "行"), *cf = find_field(record, "列"), *sf = find_field(record, "交错");
    if (!rf || !cf || !sf) return;
    if (rows < 1 || rows > 256) fe_check_error(c, Y_TENSOR_BOX, rf->value->span, "「张量盒」的行须在 1 至 256 之间，此处是 %u", rows);
    if (cols < 1 || cols > 256 || cols * bytes % 16 != 0)
        fe_check_error(c, Y_TENSOR_BOX, cf->value->span, "「张量盒」的列须在 1 至 256 之间，且列 × %u 字节是 16 的倍数，此处是 %u",
                       bytes, cols);
    else if (swizzle != 0 && cols * bytes > swizzle)
        fe_check_error(c, Y_TENSOR_BOX, cf->value->span, "「张量盒」有 %u 字节的交错时，一行（列 × %u 字节）不能超过 %u 字节，此处是 %u 字节",
                       swizzle, bytes, swizzle, cols * bytes);
    if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
        fe_check_error(c, Y_TENSOR_BOX, sf->value->span, "「张量盒」的交错须是零、三二、六四或一二八（字节），此处是 %u", swizzle);
    def->as.resource.box_rows = rows, def->as.resource.box_cols = cols, def->as.resource.box_swizzle = swizzle;
}

static void check_content(Checker *c, SemaDef *def) {
    Type *content = def->as.resource.content;
    if (!content) return;
    bool runtime = fe_type_is_con(content, TCON_ARRAY);
    if (runtime && def->as.resource.kind != RESOURCE_STORAGE)
        fe_check_error(c, Y_RUNTIME_ARRAY, def->span, "运行期数组（「数组」于 T）只能放在存储缓冲里；%s要用「定长数组」",
                    def->as.resource.kind == RESOURCE_UNIFORM ? "均匀缓冲" : "工作组变量");
    if (fe_type_has_unbound(content))
        fe_check_error(c, Y_RESOURCE_DEFINITION, def->span, "资源「%s」的类型须是具体的类型", def->name);
}

void fe_check_resource(Checker *c, TopName *top, SemaDef *def) {
    Type *t = fe_type_prune(def->type);
    size_t k = 0;
    while (k < sizeof RESOURCE_MAKERS / sizeof RESOURCE_MAKERS[0] && RESOURCE_MAKERS[k].con != t->as.con.con) k++;
    if (k == sizeof RESOURCE_MAKERS / sizeof RESOURCE_MAKERS[0]) return;
    def->as.resource.kind = RESOURCE_MAKERS[k].kind;
    def->as.resource.group = UINT32_MAX;  /* until the binding is read */
    def->as.resource.content = t->as.con.count ? t->as.con.args[0] : NULL;
    Intrinsic maker = RESOURCE_MAKERS[k].maker;
    const AstExpr *value = fe_ast_strip_parens(top->def->as.def.value);
    if (!value || value->kind != AST_EXPR_CALL || callee_intrinsic(c, value) != maker) {
        fe_check_error(c, Y_RESOURCE_DEFINITION, top->def->as.def.value ? top->def->as.def.value->span : top->def->as.def.name.span,
                    "资源「%s」的定义须是对「%s」的调用（着四）", top->name, fe_intrinsic_name(maker));
        def->as.resource.group = UINT32_MAX;  /* keeps it out of the clash check */
        return;
    }
    c->special_call = value;
    fe_check_expr(c, value, def->type);
    c->special_call = NULL;
    check_content(c, def);
    if (maker == INTRINSIC_WORKGROUP_SHARE || value->as.call.arg_count != 1) return;
    const AstExpr *record = fe_ast_strip_parens(value->as.call.args[0]);
    if (!record || record->kind != AST_EXPR_RECORD) {
        fe_check_error(c, Y_RESOURCE_DEFINITION, value->as.call.args[0]->span, "「%s」的实参须直接写成「组值」【…】（组号与绑定号是整数字面量）",
                    fe_intrinsic_name(maker));
        return;
    }
    def->as.resource.group = literal_field(c, record, "组", "组号");
    def->as.resource.binding = literal_field(c, record, "号", "绑定号");
    if (maker == INTRINSIC_TENSOR_BOX) check_box(c, def, record);
    if (maker == INTRINSIC_BIND) {
        const AstField *access = find_field(record, "访问");
        const AstExpr *v = access ? fe_ast_strip_parens(access->value) : NULL;
        if (v && v->kind == AST_EXPR_NAME && !name_is_qualified(&v->as.name) &&
            strcmp(v->as.name.text, "只读") == 0)
            def->as.resource.read_only = true;
        else if (access && !(v && v->kind == AST_EXPR_NAME && !name_is_qualified(&v->as.name) &&
                             strcmp(v->as.name.text, "读写") == 0))
            fe_check_error(c, Y_RESOURCE_DEFINITION, access->value->span, "访问方式须直接写成「只读」或「读写」");
    }
}

/* ---- entries ---- */

static bool compute_input(IoBuiltin io) {
    switch (io) {
    case IO_GLOBAL_INVOCATION_ID: case IO_LOCAL_INVOCATION_ID: case IO_LOCAL_INVOCATION_INDEX:
    case IO_WORKGROUP_ID: case IO_NUM_WORKGROUPS: case IO_SUBGROUP_INVOCATION_ID:
    case IO_SUBGROUP_SIZE:
        return true;
    default:
        return false;
    }
}

static bool stage_input(ShaderStage stage, IoBuiltin io) {
    switch (stage) {
    case STAGE_COMPUTE: return compute_input(io);
    case STAGE_VERTEX: return io == IO_VERTEX_INDEX || io == IO_INSTANCE_INDEX;
    case STAGE_FRAGMENT:
        return io == IO_FRAG_COORD || io == IO_CLIP_POSITION || io == IO_FRONT_FACING || io == IO_SAMPLE_INDEX ||
               io == IO_SAMPLE_MASK || io == IO_SUBGROUP_INVOCATION_ID || io == IO_SUBGROUP_SIZE;
    }
    return false;
}

static bool stage_output(ShaderStage stage, IoBuiltin io) {
    if (stage == STAGE_VERTEX) return io == IO_CLIP_POSITION;
    if (stage == STAGE_FRAGMENT) return io == IO_FRAG_DEPTH || io == IO_SAMPLE_MASK;
    return false;
}

/* A user-defined location value: a numeric scalar or vector. */
static bool location_type(Type *t) {
    Type *elem;
    t = fe_type_prune(t);
    if (fe_type_is_vector(t, &elem, NULL)) t = fe_type_prune(elem);
    return t->kind == TYPE_SCALAR;
}

static const char *STAGE_WORDS[] = {"计算", "顶点", "片元"};

/* One input or output slot: a builtin IO value, a location value, or a struct of them. */
static bool io_slot_ok(Checker *c, ShaderStage stage, bool input, Type *t, IoBuiltin io, Span span,
                       const char *what, bool *has_position) {
    t = fe_type_prune(t);
    if (t->kind == TYPE_ERROR || (input && t->kind == TYPE_UNIT)) return true;
    if (io != IO_NONE) {
        if (io == IO_SUBGROUP_INVOCATION_ID || io == IO_SUBGROUP_SIZE) c->uses_subgroups = true;
        if (io == IO_CLIP_POSITION && has_position) *has_position = true;
        if (input ? stage_input(stage, io) : stage_output(stage, io)) return true;
        fe_check_error(c, Y_ENTRY_SIGNATURE, span, "「%s」不能作%s入口的%s", fe_io_builtin_name(io), STAGE_WORDS[stage], what);
        return false;
    }
    if (t->kind == TYPE_RECORD && t->as.record.id) {
        bool ok = true;
        for (uint32_t i = 0; i < t->as.record.count; i++) {
            const RecordField *f = &t->as.record.fields[i];
            if (f->io == IO_NONE && stage == STAGE_COMPUTE) {
                fe_check_error(c, Y_ENTRY_SIGNATURE, span, "计算入口的参数只能是内建输入或由它们组成的结构（着四），结构%s的字段「%s」不是内建输入",
                            fe_ty_str(c, t), f->name);
                ok = false;
                continue;
            }
            if (f->io == IO_NONE && !location_type(f->type)) {
                fe_check_error(c, Y_ENTRY_SIGNATURE, span, "结构%s的字段「%s」是 %s，不能作入口的输入输出（只能是数值标量或向量）",
                            fe_ty_str(c, t), f->name, fe_ty_str(c, f->type));
                ok = false;
                continue;
            }
            ok = io_slot_ok(c, stage, input, f->type, f->io, span, what, has_position) && ok;
        }
        return ok;
    }
    if (stage == STAGE_COMPUTE) {
        fe_check_error(c, Y_ENTRY_SIGNATURE, span, "计算入口的参数只能是内建输入或由它们组成的结构（着四），这里是 %s", fe_ty_str(c, t));
        return false;
    }
    if (!location_type(t)) {
        fe_check_error(c, Y_ENTRY_SIGNATURE, span, "%s不能作入口的%s（只能是内建输入输出、数值标量或向量、或由它们组成的结构）",
                    fe_ty_str(c, t), what);
        return false;
    }
    return true;
}

/* ---- duplicate builtins and locations per entry ----
 * Each direction (inputs, outputs) of one entry may use each WGSL builtin once: 「片元坐标」
 * and a struct field of 「裁剪位置」 are both @builtin(position). Locations are numbered in
 * order with one counter per direction, so a location repeats only through a struct used
 * twice (its members carry one set of attributes). */

typedef struct IoUse {
    const char *key;    /* the WGSL builtin name, or the struct's name */
    Span span;
    const char *where;  /* 参数「坐标」 / 结构「片入」的字段「位置」 */
} IoUse;

typedef struct IoUses {
    Checker *c;
    const char *direction;  /* 输入 / 输出 */
    PtrVec builtins, structs;  /* IoUse * */
} IoUses;

static const IoUse *io_find(const PtrVec *uses, const char *key) {
    for (size_t i = 0; i < uses->len; i++) {
        const IoUse *use = uses->items[i];
        if (strcmp(use->key, key) == 0) return use;
    }
    return NULL;
}

static void io_remember(Checker *c, PtrVec *uses, const char *key, Span span, const char *where) {
    IoUse *use = arena_alloc(c->arena, sizeof *use);
    use->key = key;
    use->span = span;
    use->where = where;
    ptrvec_push(c->arena, uses, use);
}

static void io_use_builtin(IoUses *u, IoBuiltin io, Span span, const char *where) {
    const char *wgsl = fe_io_builtin_wgsl(io);
    const IoUse *first = io_find(&u->builtins, wgsl);
    if (!first) {
        io_remember(u->c, &u->builtins, wgsl, span, where);
        return;
    }
    fe_check_error(u->c, Y_DUPLICATE_IO, span, "入口的%s里 @builtin(%s) 重复：%s是「%s」，前面已有一个", u->direction, wgsl, where,
                fe_io_builtin_name(io));
    fe_check_note(u->c, first->span, "@builtin(%s) 先前在这里：%s", wgsl, first->where);
}

/* One parameter or the result: a builtin, a struct of builtins and locations, or a location. */
static void io_use_slot(IoUses *u, Type *t, IoBuiltin io, Span span, const char *where) {
    t = fe_type_prune(t);
    if (io != IO_NONE) {
        io_use_builtin(u, io, span, where);
        return;
    }
    if (t->kind != TYPE_RECORD || !t->as.record.id) return;
    const IoUse *first = io_find(&u->structs, t->as.record.name);
    if (first) {
        fe_check_error(u->c, Y_DUPLICATE_IO, span, "结构「%s」在入口的%s里用了两次（%s）：结构成员只有一组 @location 与 @builtin，两次使用会重复",
                    t->as.record.name, u->direction, where);
        fe_check_note(u->c, first->span, "结构「%s」先前在这里：%s", t->as.record.name, first->where);
        return;
    }
    io_remember(u->c, &u->structs, t->as.record.name, span, where);
    for (uint32_t i = 0; i < t->as.record.count; i++) {
        const RecordField *f = &t->as.record.fields[i];
        if (f->io != IO_NONE)
            io_use_builtin(u, f->io, f->span,
                           arena_printf(u->c->arena, "结构「%s」的字段「%s」", t->as.record.name, f->name));
    }
}

static void check_io_duplicates(Checker *c, const SemaDef *fn, const AstType *const *params, uint32_t n,
                                const AstType *result, Span result_span) {
    Type *ft = fe_type_prune(fn->type);
    IoUses in = {.c = c, .direction = "输入"};
    for (uint32_t i = 0; i < ft->as.func.count && i < n && i < fn->as.function.param_count; i++) {
        const SemaLocal *p = fn->as.function.params[i];
        io_use_slot(&in, ft->as.func.params[i], fe_io_of_ast_type(c, params[i], NULL), params[i]->span,
                    arena_concat(c->arena, "参数「", p->name, "」", (const char *)NULL));
    }
    IoUses out = {.c = c, .direction = "输出"};
    io_use_slot(&out, ft->as.func.result, fe_io_of_ast_type(c, result, NULL), result_span, "返回值");
}

static void check_entry_function(Checker *c, SemaDef *entry, SemaDef *fn, const AstExpr *arg) {
    ShaderStage stage = entry->as.entry.stage;
    TopName *top = fe_names_find_in(&c->user, fn->name, fn->module);
    Type *ft = fe_type_prune(fn->type);
    if (!top || !top->sig || ft->kind != TYPE_FUNC) return;
    const AstType *params[FE_MAX_PARAMS];
    uint32_t n;
    const AstType *result = fe_ast_func_parts(top->sig->as.sig.type, params, FE_MAX_PARAMS, &n);
    for (uint32_t i = 0; i < ft->as.func.count && i < n && i < FE_MAX_PARAMS; i++) {
        const char *alias;
        IoBuiltin io = fe_io_of_ast_type(c, params[i], &alias);
        io_slot_ok(c, stage, true, ft->as.func.params[i], io, params[i]->span, "输入", NULL);
    }
    Type *res = fe_type_prune(ft->as.func.result);
    const char *alias;
    IoBuiltin rio = fe_io_of_ast_type(c, result, &alias);
    Span rspan = result ? result->span : arg->span;
    check_io_duplicates(c, fn, params, n, result, rspan);
    if (stage == STAGE_COMPUTE) {
        if (res->kind != TYPE_UNIT && res->kind != TYPE_ERROR)
            fe_check_error(c, Y_ENTRY_SIGNATURE, rspan, "计算入口的函数须返回「有」，「%s」返回 %s", fn->name, fe_ty_str(c, res));
        return;
    }
    if (res->kind == TYPE_UNIT) {
        if (stage == STAGE_VERTEX) fe_check_error(c, Y_ENTRY_SIGNATURE, rspan, "顶点入口须输出「裁剪位置」");
        return;
    }
    bool has_position = false;
    if (io_slot_ok(c, stage, false, res, rio, rspan, "输出", &has_position) && stage == STAGE_VERTEX &&
        !has_position)
        fe_check_error(c, Y_ENTRY_SIGNATURE, rspan, "顶点入口须输出「裁剪位置」（返回它或含它的结构）");
}

/* 「工作组大小」 is one integer N (a workgroup of N × 1 × 1) or, for 2-D and 3-D workgroups,
 * a tuple of integers written as vectors are: 「八」与「四」 is 8 × 4 × 1, 「八」与「四」与「二」
 * 8 × 4 × 2 (docs/language.md). The tuple, or NULL for the one-integer form. */
static const AstExpr *size_tuple(const AstExpr *value) {
    const AstExpr *bare = fe_ast_strip_parens(value);
    return bare && bare->kind == AST_EXPR_TUPLE ? bare : NULL;
}

/* 计算选项 as the record value needs it: the declared 「整数」 field becomes a tuple of as
 * many 「整数」 as the value has items, so a 2-D or 3-D size type-checks like the 1-D one. */
static Type *options_for(Checker *c, Type *declared, const AstExpr *record) {
    Type *t = fe_type_prune(declared);
    const AstField *f = find_field(record, "工作组大小");
    const AstExpr *tuple = f ? size_tuple(f->value) : NULL;
    if (!t || t->kind != TYPE_RECORD || !tuple) return declared;
    uint32_t count = tuple->as.tuple.count;
    RecordField *fields = arena_alloc_array(c->arena, t->as.record.count, sizeof *fields);
    for (uint32_t i = 0; i < t->as.record.count; i++) {
        fields[i] = t->as.record.fields[i];
        if (strcmp(fields[i].name, "工作组大小") != 0) continue;
        Type **items = arena_alloc_array(c->arena, count, sizeof *items);
        for (uint32_t k = 0; k < count; k++) items[k] = fields[i].type;
        fields[i].type = fe_type_tuple(&c->types, items, count);
        fields[i].alias = NULL;
    }
    return fe_type_record(&c->types, t->as.record.name, fields, t->as.record.count);
}

/* Every dimension 1…1024 and at most IR_MAX_WORKGROUP_INVOCATIONS in all: what some GPU
 * target runs (each target's narrower limits are targets/limits.c's). */
static void read_workgroup_size(Checker *c, const AstExpr *record, uint32_t size[3]) {
    static const char AXES[3] = {'x', 'y', 'z'};
    size[0] = 0, size[1] = size[2] = 1;  /* 0: not known (an error was reported) */
    const AstField *f = find_field(record, "工作组大小");
    if (!f) return;  /* the record check already reported it */
    const AstExpr *tuple = size_tuple(f->value);
    uint32_t count = tuple ? tuple->as.tuple.count : 1;
    if (count > 3) {
        fe_check_error(c, Y_WORKGROUP_SIZE, f->value->span, "工作组大小至多三维（x、y、z），这里写了 %u 个值", count);
        return;
    }
    uint64_t value[3] = {0, 1, 1}, total = 1;
    bool ok = true;
    for (uint32_t k = 0; k < count; k++) {
        const AstExpr *item = tuple ? tuple->as.tuple.items[k] : f->value;
        if (!literal_count(item, &value[k])) {
            fe_check_error(c, Y_WORKGROUP_SIZE, item->span, "工作组大小须写成非负整数字面量（着三）");
            ok = false;
        } else if (value[k] == 0 || value[k] > IR_MAX_WORKGROUP_INVOCATIONS) {
            if (count == 1) fe_check_error(c, Y_WORKGROUP_SIZE, item->span, "工作组大小须在 1 到 %u 之间", IR_MAX_WORKGROUP_INVOCATIONS);
            else fe_check_error(c, Y_WORKGROUP_SIZE, item->span, "工作组大小的 %c 维须在 1 到 %u 之间", AXES[k], IR_MAX_WORKGROUP_INVOCATIONS);
            ok = false;
        }
        total *= value[k];
    }
    if (!ok) return;
    if (total > IR_MAX_WORKGROUP_INVOCATIONS) {
        fe_check_error(c, Y_WORKGROUP_SIZE, f->value->span, "工作组大小各维之积（每个工作组的调用数）须不超过 %u，这里是 %llu",
                       IR_MAX_WORKGROUP_INVOCATIONS, (unsigned long long)total);
        return;
    }
    for (int k = 0; k < 3; k++) size[k] = (uint32_t)value[k];
}

void fe_check_entry(Checker *c, TopName *top, SemaDef *def) {
    Type *t = fe_type_prune(def->type);
    ShaderStage stage = t->as.con.con == TCON_COMPUTE_ENTRY  ? STAGE_COMPUTE
                        : t->as.con.con == TCON_VERTEX_ENTRY ? STAGE_VERTEX
                                                             : STAGE_FRAGMENT;
    Intrinsic maker = stage == STAGE_COMPUTE  ? INTRINSIC_COMPUTE_ENTRY
                      : stage == STAGE_VERTEX ? INTRINSIC_VERTEX_ENTRY
                                              : INTRINSIC_FRAGMENT_ENTRY;
    def->as.entry.stage = stage;
    const AstExpr *value = fe_ast_strip_parens(top->def->as.def.value);
    if (!value || value->kind != AST_EXPR_CALL || callee_intrinsic(c, value) != maker) {
        fe_check_error(c, Y_ENTRY_DEFINITION, top->def->as.def.name.span, "入口项「%s」的定义须是对「%s」的调用（着四）", top->name,
                    fe_intrinsic_name(maker));
        return;
    }
    const AstExpr *maker_name = fe_ast_strip_parens(value->as.call.callee);
    fe_index_call(c, value);
    fe_index_top_use(c, maker_name->as.name.span, fe_lookup_builtin(c, maker_name->as.name.text));
    uint32_t want = stage == STAGE_COMPUTE ? 2 : 1;
    if (value->as.call.arg_count != want) {
        fe_check_error(c, Y_WRONG_ARGUMENT_COUNT, value->span, "「%s」要 %u 个实参，这里给了 %u 个", fe_intrinsic_name(maker), want,
                    value->as.call.arg_count);
        return;
    }
    if (value->as.call.type_arg)
        fe_check_error(c, Y_TYPE_ARGUMENTS, value->as.call.type_arg->span, "「%s」的类型参数随所指函数而定，不能用「以」",
                    fe_intrinsic_name(maker));
    const AstExpr *fn_ast = fe_ast_strip_parens(value->as.call.args[0]);
    bool reported = false;
    TopName *fn_top = fn_ast && fn_ast->kind == AST_EXPR_NAME ? fe_lookup_user(c, &fn_ast->as.name, &reported) : NULL;
    if (fn_top) fe_index_top_use(c, fn_ast->as.name.span, fn_top);
    if (reported) return;
    SemaDef *fn = fn_top ? fn_top->sema : NULL;
    if (!fn || fn->kind != DEF_FUNCTION) {
        fe_check_error(c, Y_ENTRY_DEFINITION, value->as.call.args[0]->span, "「%s」的第一个实参须是顶层函数的名字", fe_intrinsic_name(maker));
        return;
    }
    if (fn->as.function.entry && fn->as.function.entry != def)
        fe_check_error(c, Y_ENTRY_DEFINITION, value->as.call.args[0]->span, "函数「%s」已是入口「%s」的函数，不能再作别的入口",
                    fn->name, fn->as.function.entry->name);
    def->as.entry.function = fn;
    fn->as.function.entry = def;
    check_entry_function(c, def, fn, value->as.call.args[0]);
    if (stage != STAGE_COMPUTE) return;
    TopName *options = fe_builtin_find(c, "计算选项");
    Type *options_type = options ? fe_resolve_top_type(c, options) : NULL;
    const AstExpr *record = fe_ast_strip_parens(value->as.call.args[1]);
    bool is_record = record && record->kind == AST_EXPR_RECORD;
    fe_check_expr_as(c, value->as.call.args[1], is_record ? options_for(c, options_type, record) : options_type,
                     "计算选项");
    if (!is_record) {
        fe_check_error(c, Y_WORKGROUP_SIZE, value->as.call.args[1]->span, "计算选项须直接写成「组值」【「工作组大小」者 N 也】");
        return;
    }
    read_workgroup_size(c, record, def->as.entry.workgroup_size);
}
