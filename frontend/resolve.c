/* Top-level names and written types: collects every module's definitions into the
 * program's name table and the builtin table (着四 lookup order: locals, the program's
 * top-level names, then builtins; what each file sees is check_visibility.c), and turns
 * AST types into Types. */
#include <stdarg.h>
#include <string.h>

#include "builtin_names.h"
#include "check_internal.h"

#include "ir/types.h"

/* ---- diagnostics ---- */

static void report(Checker *c, DiagId id, DiagLevel level, Span span, const char *fmt, va_list args) {
    StrBuf text;
    strbuf_init(&text);
    strbuf_vprintf(&text, fmt, args);
    if (level != DIAG_NOTE && c->def_name)
        strbuf_printf(&text, "（在顶层定义「%s」中）", c->def_name);
    if (level == DIAG_ERROR) diag_error(c->diag, id, span, "%s", strbuf_cstr(&text));
    else if (level == DIAG_WARNING) diag_warning(c->diag, id, span, "%s", strbuf_cstr(&text));
    else diag_note(c->diag, span, "%s", strbuf_cstr(&text));
    strbuf_free(&text);
}

void fe_check_error(Checker *c, DiagId id, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report(c, id, DIAG_ERROR, span, fmt, args);
    va_end(args);
}

void fe_check_note(Checker *c, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report(c, Y_NONE, DIAG_NOTE, span, fmt, args);
    va_end(args);
}

void fe_check_warning(Checker *c, DiagId id, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report(c, id, DIAG_WARNING, span, fmt, args);
    va_end(args);
}

const char *fe_ty_str(Checker *c, Type *type) { return fe_type_to_string(c->arena, type); }

/* ---- name tables (open addressing; names are short UTF-8 strings) ---- */

static uint32_t hash_name(const char *name) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) h = (h ^ *p) * 16777619u;
    return h;
}

TopName *fe_names_find(const NameTable *table, const char *name) {
    if (!table->cap || !name) return NULL;
    uint32_t i = hash_name(name) & (table->cap - 1);
    while (table->slots[i]) {
        if (strcmp(table->slots[i]->name, name) == 0) return table->slots[i];
        i = (i + 1) & (table->cap - 1);
    }
    return NULL;
}

/* The entry of `module` on the chain that starts at `first` (fe_names_find's answer). */
static TopName *on_chain(TopName *first, const Module *module) {
    for (TopName *top = first; top; top = top->next_same_name)
        if (top->module == module) return top;
    return NULL;
}

TopName *fe_names_find_in(const NameTable *table, const char *name, const Module *module) {
    return on_chain(fe_names_find(table, name), module);
}

static void table_put(TopName **slots, uint32_t cap, TopName *top) {
    uint32_t i = hash_name(top->name) & (cap - 1);
    while (slots[i]) i = (i + 1) & (cap - 1);
    slots[i] = top;
}

/* Grows the table (at half full) so that `wanted` names fit without another growth. */
static void reserve(Checker *c, NameTable *table, uint32_t wanted) {
    if ((uint64_t)wanted * 2 <= table->cap) return;
    uint32_t cap = table->cap ? table->cap : 64;
    while ((uint64_t)wanted * 2 > cap) cap *= 2;
    TopName **slots = arena_alloc_array(c->arena, cap, sizeof *slots);
    for (uint32_t i = 0; i < table->cap; i++)
        if (table->slots[i]) table_put(slots, cap, table->slots[i]);
    table->slots = slots;
    table->cap = cap;
}

/* Adds `name`, known to be absent, and returns its new entry. */
static TopName *insert_absent(Checker *c, NameTable *table, const char *name) {
    if ((table->count + 1) * 2 > table->cap) {
        uint32_t cap = table->cap ? table->cap * 2 : 64;
        TopName **slots = arena_alloc_array(c->arena, cap, sizeof *slots);
        for (uint32_t i = 0; i < table->cap; i++)
            if (table->slots[i]) table_put(slots, cap, table->slots[i]);
        table->slots = slots;
        table->cap = cap;
    }
    TopName *top = arena_alloc(c->arena, sizeof *top);
    top->name = name;
    table_put(table->slots, table->cap, top);
    table->count++;
    return top;
}

TopName *fe_names_insert(Checker *c, NameTable *table, const char *name) {
    TopName *found = fe_names_find(table, name);
    return found ? found : insert_absent(c, table, name);
}

/* ---- small AST helpers ---- */

const AstExpr *fe_ast_strip_parens(const AstExpr *expr) {
    while (expr && expr->kind == AST_EXPR_PAREN) expr = expr->as.paren.inner;
    return expr;
}

const AstType *fe_ast_func_parts(const AstType *type, const AstType **params, uint32_t max,
                              uint32_t *count) {
    *count = 0;
    while (type && type->kind == AST_TYPE_FUNC) {
        for (uint32_t i = 0; i < type->as.func.param_count; i++) {
            if (*count < max) params[*count] = type->as.func.params[i];
            (*count)++;
        }
        type = type->as.func.result;
    }
    return type;
}

/* ---- collecting the program's names ---- */

static const char *stmt_name(const AstStmt *stmt) {
    switch (stmt->kind) {
    case AST_STMT_SIG: case AST_STMT_TYPEDEF: case AST_STMT_LI: return stmt->as.sig.name.text;
    case AST_STMT_DEF: return stmt->as.def.name.text;
    default: return NULL;
    }
}

static Span stmt_name_span(const AstStmt *stmt) {
    switch (stmt->kind) {
    case AST_STMT_SIG: case AST_STMT_TYPEDEF: case AST_STMT_LI: return stmt->as.sig.name.span;
    case AST_STMT_DEF: return stmt->as.def.name.span;
    default: return stmt->span;
    }
}

Span fe_top_name_span(const TopName *top) {
    const AstStmt *stmt = top->def ? top->def : top->type_def ? top->type_def : top->sig;
    return stmt ? stmt_name_span(stmt) : (Span){0, 0, 0};
}

static void duplicate(Checker *c, const AstStmt *stmt, const AstStmt *previous, const char *what) {
    const char *name = stmt_name(stmt);
    c->def_name = NULL;
    fe_check_error(c, Y_DUPLICATE_DEFINITION, stmt_name_span(stmt), "「%s」重复%s", name, what);
    fe_check_note(c, stmt_name_span(previous), "「%s」先前在这里%s", name, what);
}

static void user_order_push(Checker *c, TopName *top) {
    if (c->user_count == c->user_cap) {
        uint32_t cap = c->user_cap ? c->user_cap * 2 : 32;
        TopName **items = arena_alloc_array(c->arena, cap, sizeof *items);
        if (c->user_count) memcpy(items, c->user_order, c->user_count * sizeof *items);
        c->user_order = items;
        c->user_cap = cap;
    }
    c->user_order[c->user_count++] = top;
}

static void collect_stmt(Checker *c, const Module *module, const AstStmt *stmt, uint32_t order) {
    bool interface = module->kind == MODULE_SHADER_INTERFACE;
    const char *name = stmt_name(stmt);
    if (!name) return;
    NameTable *table = interface ? &c->builtin : &c->user;
    /* Interfaces share one namespace; each shader source has its own (着八). One lookup. */
    TopName *first = interface ? fe_builtin_find(c, name) : fe_names_find(table, name);
    TopName *top = interface ? first : on_chain(first, module);
    if (!top) {
        if (first) {
            top = arena_alloc(c->arena, sizeof *top);
            top->name = name;
            TopName *last = first;
            while (last->next_same_name) last = last->next_same_name;
            last->next_same_name = top;
        } else {
            top = insert_absent(c, table, name);
        }
        top->module = module;
        top->in_interface = interface;
        top->order = order;
        top->role = interface ? ROLE_NONE : ROLE_USER;
        if (!interface) user_order_push(c, top);
    }
    switch (stmt->kind) {
    case AST_STMT_SIG:
        if (top->sig) duplicate(c, stmt, top->sig, "声明类型签名");
        else if (top->type_def) duplicate(c, stmt, top->type_def, "定义");
        else top->sig = stmt;
        break;
    case AST_STMT_DEF:
        if (interface) {
            c->def_name = NULL;
            fe_check_error(c, Y_BAD_INTERFACE_FILE, stmt_name_span(stmt),
                        "着色内建声明只能有 乃 签名与 即 定义，「%s」不能用 者 给出定义", name);
        } else if (top->def) duplicate(c, stmt, top->def, "定义");
        else if (top->type_def) duplicate(c, stmt, top->type_def, "定义");
        else top->def = stmt;
        break;
    case AST_STMT_TYPEDEF:
        if (top->type_def) duplicate(c, stmt, top->type_def, "定义");
        else if (top->def || top->sig) duplicate(c, stmt, top->def ? top->def : top->sig, "定义");
        else top->type_def = stmt;
        break;
    case AST_STMT_LI:
        c->def_name = name;
        fe_check_error(c, Y_TOP_LEVEL_FORM, stmt_name_span(stmt), "着色源不能用「立」声明（着四）");
        c->def_name = NULL;
        break;
    default:
        break;
    }
}

/* The shared builtin names are used when their tree is the program's first interface module
 * (then no other interface can have claimed one of their names first). */
static void find_shared_builtins(Checker *c) {
    const FeBuiltinNames *shared = c->program->builtin_names;
    for (uint32_t m = 0; shared && m < c->program->module_count; m++) {
        const Module *module = c->program->modules[m];
        if (!module || !module->ast || module->kind != MODULE_SHADER_INTERFACE) continue;
        if (module->ast == shared->ast) {
            c->shared_builtins = shared;
            c->shared_module = module;
        }
        return;
    }
}

bool fe_collect_program(Checker *c) {
    /* sized for every top-level statement once, so the builtin interface's ~210 names are not
     * rehashed three times per compile */
    uint32_t statements[2] = {0, 0};
    for (uint32_t m = 0; m < c->program->module_count; m++) {
        const Module *module = c->program->modules[m];
        if (module && module->ast) statements[module->kind == MODULE_SHADER_INTERFACE] += module->ast->count;
    }
    find_shared_builtins(c);
    c->interface_statements = statements[1];
    reserve(c, &c->user, statements[0]);
    reserve(c, &c->builtin, c->shared_builtins ? statements[1] - c->shared_module->ast->count : statements[1]);
    uint32_t order = 0;
    for (uint32_t m = 0; m < c->program->module_count; m++) {
        const Module *module = c->program->modules[m];
        if (!module || !module->ast) continue;
        if (module == c->shared_module) {  /* its names are made when looked up */
            c->shared_order = order;
            order += c->shared_builtins->statement_count;
            continue;
        }
        for (uint32_t i = 0; i < module->ast->count; i++) {
            const AstStmt *stmt = module->ast->stmts[i];
            if (!stmt) continue;
            if (stmt->kind == AST_STMT_EXPR) {
                c->def_name = NULL;
                fe_check_error(c, Y_TOP_LEVEL_FORM, stmt->span, "%s",
                            module->kind == MODULE_SHADER_INTERFACE
                                ? "着色内建声明只能有 乃 签名与 即 定义，不能有裸表达式"
                                : "着色源的顶层不能有裸表达式（着四）：顶层只能写 乃、者、即 与导入");
                continue;
            }
            collect_stmt(c, module, stmt, order++);
        }
    }
    return true;
}

/* ---- the shared builtin names ---- */

static TopName *make_shared_builtin(Checker *c, const FeBuiltinName *entry) {
    TopName *top = insert_absent(c, &c->builtin, entry->name);
    top->module = c->shared_module;
    top->in_interface = true;
    top->order = c->shared_order + entry->position;
    top->role = ROLE_NONE;
    top->sig = entry->sig;
    top->type_def = entry->type_def;
    return top;
}

TopName *fe_builtin_find(Checker *c, const char *name) {
    TopName *top = fe_names_find(&c->builtin, name);
    if (top || !c->shared_builtins || c->builtins_complete || !name) return top;
    const FeBuiltinName *entry = fe_builtin_names_find(c->shared_builtins, name);
    return entry ? make_shared_builtin(c, entry) : NULL;
}

/* Puts `top` in `table` (sized never to grow) unless its name is there. */
static void put_once(NameTable *table, TopName *top) {
    if (fe_names_find(table, top->name)) return;
    table_put(table->slots, table->cap, top);
    table->count++;
}

void fe_builtins_complete(Checker *c) {
    if (!c->shared_builtins || c->builtins_complete) return;
    NameTable eager = {NULL, 0, 0};
    reserve(c, &eager, c->interface_statements);  /* what fe_collect_program reserves eagerly */
    for (uint32_t m = 0; m < c->program->module_count; m++) {
        const Module *module = c->program->modules[m];
        if (!module || !module->ast || module->kind != MODULE_SHADER_INTERFACE) continue;
        if (module == c->shared_module) {
            for (uint32_t i = 0; i < c->shared_builtins->count; i++)
                put_once(&eager, fe_builtin_find(c, c->shared_builtins->names[i].name));
            continue;
        }
        for (uint32_t i = 0; i < module->ast->count; i++) {
            const AstStmt *stmt = module->ast->stmts[i];
            const char *name = stmt && stmt->kind != AST_STMT_EXPR ? stmt_name(stmt) : NULL;
            TopName *top = name ? fe_names_find(&c->builtin, name) : NULL;
            if (top) put_once(&eager, top);
        }
    }
    c->builtin = eager;
    c->builtins_complete = true;
}

/* ---- builtin roles ---- */

static const char PRIM_PREFIX[] = "《《内建类型：";

static Type *prim_type(Checker *c, const char *name) {
    size_t n = sizeof PRIM_PREFIX - 1;
    if (strncmp(name, PRIM_PREFIX, n) != 0) return NULL;
    const char *rest = name + n;
    static const struct { const char *name; int which; } PRIMS[] = {
        {"整数》》", 0}, {"小数》》", 1}, {"爻》》", 2}, {"有》》", 3}, {"元类型》》", 4}};
    for (size_t i = 0; i < sizeof PRIMS / sizeof PRIMS[0]; i++) {
        if (strcmp(rest, PRIMS[i].name) != 0) continue;
        switch (PRIMS[i].which) {
        case 0: return c->types.abstract_int;
        case 1: return c->types.abstract_float;
        case 2: return c->types.boolean;
        case 3: return c->types.unit;
        default: return c->types.meta;
        }
    }
    return c->types.error;  /* flagged by the caller */
}

static bool is_meta_result(Checker *c, const AstType *type, uint32_t *arity) {
    const AstType *params[8];
    const AstType *result = fe_ast_func_parts(type, params, 8, arity);
    if (!result || result->kind != AST_TYPE_NAME) return false;
    Type *t = fe_resolve_type(c, result);
    return fe_type_prune(t)->kind == TYPE_META;
}

void fe_ensure_role(Checker *c, TopName *top) {
    if (top->role != ROLE_NONE || !top->in_interface) return;
    if (top->type_def) {
        top->role = ROLE_ALIAS;
        top->io = fe_io_builtin_lookup(top->name);
        return;
    }
    if (!top->sig) return;
    top->role = ROLE_VALUE;  /* settles recursion through the signature below */
    const char *saved = c->def_name;
    bool saved_interface = c->in_interface;
    const Module *saved_module = c->module;
    c->def_name = NULL;
    c->in_interface = true;
    c->module = top->module;
    uint32_t arity = 0;
    if (is_meta_result(c, top->sig->as.sig.type, &arity)) {
        if (strcmp(top->name, "定长小数") == 0 || strcmp(top->name, "定长整数") == 0 ||
            strcmp(top->name, "定长无符号") == 0) {
            top->role = ROLE_SCALAR_CTOR;
            if (strcmp(top->name, "定长整数") == 0) top->scalar = SCALAR_SINT;
            else if (strcmp(top->name, "定长无符号") == 0) top->scalar = SCALAR_UINT;
            else top->scalar = SCALAR_FLOAT;
        } else {
            TypeCon con = fe_type_con_lookup(top->name);
            if (con == TCON_COUNT) {
                fe_check_error(c, Y_UNKNOWN_BUILTIN, top->sig->as.sig.name.span,
                            "编译器不认识内建类型「%s」（着色内建声明里的类型须由编译器实现）",
                            top->name);
                top->role = ROLE_CON;
                top->con = TCON_COUNT;
            } else if (fe_type_con_arity(con) != arity) {
                fe_check_error(c, Y_UNKNOWN_BUILTIN, top->sig->as.sig.name.span,
                            "内建类型「%s」应有 %u 个类型参数，声明里有 %u 个", top->name,
                            fe_type_con_arity(con), arity);
                top->role = ROLE_CON;
                top->con = TCON_COUNT;
            } else {
                top->role = ROLE_CON;
                top->con = con;
            }
        }
    } else {
        top->intrinsic = fe_intrinsic_lookup(top->name);
        top->scheme = fe_resolve_scheme(c, top->sig->as.sig.type);
    }
    c->def_name = saved;
    c->in_interface = saved_interface;
    c->module = saved_module;
}

/* ---- AST types to Types ---- */

static Type *resolve_app(Checker *c, const AstType *type);

static int tparam_index(Checker *c, const char *name) {
    for (uint32_t i = c->tparam_count; i-- > 0;)
        if (strcmp(c->tparams[i], name) == 0) return (int)i;
    return -1;
}

/* A qualified type name: only a user type of an imported shader source (reported when not). */
static Type *resolve_qualified_name(Checker *c, const AstName *name) {
    if (c->in_interface) {
        fe_check_error(c, Y_BAD_MODULE_PROJECTION, name->zhi, "着色源不能用模块投影「之」（着五）：着色内建声明里的名字不带模块前缀");
        return c->types.error;
    }
    bool reported;
    TopName *top = fe_lookup_user(c, name, &reported);
    fe_index_top_use(c, name->span, top);
    if (!top) return c->types.error;
    if (top->type_def) return fe_resolve_top_type(c, top);
    fe_check_error(c, Y_NOT_A_TYPE, name->span, "「%s」不是类型", name->text);
    return c->types.error;
}

static Type *resolve_name(Checker *c, const AstName *name, bool want_arity0) {
    if (name_is_qualified(name)) return resolve_qualified_name(c, name);
    int param = tparam_index(c, name->text);
    if (param >= 0) return fe_type_param(&c->types, (uint32_t)param, name->text);
    Type *prim = prim_type(c, name->text);
    if (prim) {
        if (prim->kind == TYPE_ERROR)
            fe_check_error(c, Y_UNKNOWN_BUILTIN, name->span, "编译器没有内建类型「%s」", name->text);
        return prim;
    }
    /* The interface never sees the program's names (a user 「三维无」 must not change it). */
    bool reported = false;
    TopName *top = c->in_interface ? NULL : fe_lookup_user(c, name, &reported);
    if (reported) return c->types.error;
    fe_index_top_use(c, name->span, top);
    if (top) {
        if (top->type_def) return fe_resolve_top_type(c, top);
        fe_check_error(c, Y_NOT_A_TYPE, name->span, "「%s」不是类型", name->text);
        return c->types.error;
    }
    top = fe_lookup_builtin(c, name->text);
    fe_index_top_use(c, name->span, top);
    if (top) {
        fe_ensure_role(c, top);
        switch (top->role) {
        case ROLE_ALIAS: return fe_resolve_top_type(c, top);
        case ROLE_CON:
            if (top->con == TCON_COUNT) return c->types.error;
            if (fe_type_con_arity(top->con) != 0 && want_arity0) {
                fe_check_error(c, Y_TYPE_ARGUMENTS, name->span, "「%s」须带类型实参（「%s」于 …）", name->text, name->text);
                return c->types.error;
            }
            return fe_type_con(&c->types, top->con, NULL, 0);
        case ROLE_SCALAR_CTOR:
            fe_check_error(c, Y_TYPE_ARGUMENTS, name->span, "「%s」须带宽度（如「%s」于「三二」）", name->text, name->text);
            return c->types.error;
        default:
            fe_check_error(c, Y_NOT_A_TYPE, name->span, "「%s」不是类型", name->text);
            return c->types.error;
        }
    }
    fe_report_undefined(c, name->span, "类型", name->text);
    return c->types.error;
}

static Type *resolve_func(Checker *c, const AstType *type) {
    const AstType *params[FE_MAX_PARAMS];
    uint32_t count;
    const AstType *result = fe_ast_func_parts(type, params, FE_MAX_PARAMS, &count);
    if (count > FE_MAX_PARAMS) {
        fe_check_error(c, Y_TOO_MANY_PARAMETERS, type->span, "函数的参数太多（%u 个，最多 %d 个：WGSL 的上限）", count, FE_MAX_PARAMS);
        return c->types.error;
    }
    Type **items = arena_alloc_array(c->arena, count ? count : 1, sizeof *items);
    for (uint32_t i = 0; i < count; i++) items[i] = fe_resolve_type(c, params[i]);
    Type *res = result ? fe_resolve_type(c, result) : c->types.error;
    return fe_type_func(&c->types, items, count, res);
}

Type *fe_resolve_type(Checker *c, const AstType *type) {
    if (!type) return c->types.error;
    switch (type->kind) {
    case AST_TYPE_NAME: return resolve_name(c, &type->as.name, true);
    case AST_TYPE_NUMERAL:
        fe_check_error(c, Y_TYPE_ARGUMENTS, type->span, "数字「%s」只能作类型实参（宽度或长度）", type->as.numeral.text);
        return c->types.error;
    case AST_TYPE_APP: return resolve_app(c, type);
    case AST_TYPE_FORALL:
        if (!c->in_interface) fe_check_error(c, Y_POLYMORPHISM, type->span, "着色源不能用 凡 声明多态函数（着四）");
        else fe_check_error(c, Y_POLYMORPHISM, type->span, "凡 只能写在签名的最外层");
        return c->types.error;
    case AST_TYPE_FUNC: return resolve_func(c, type);
    case AST_TYPE_TUPLE: {
        uint32_t n = type->as.tuple.count;
        Type **items = arena_alloc_array(c->arena, n ? n : 1, sizeof *items);
        for (uint32_t i = 0; i < n; i++) items[i] = fe_resolve_type(c, type->as.tuple.items[i]);
        return fe_type_tuple(&c->types, items, n);
    }
    case AST_TYPE_RECORD:
        fe_check_error(c, Y_RECORD_TYPE_PLACE, type->span, "「组类」【…】只能写在 即 定义里（给结构起名字）");
        return c->types.error;
    }
    return c->types.error;
}

static bool numeral_is_count(const AstType *arg) {
    return arg->kind == AST_TYPE_NUMERAL && !arg->as.numeral.value.is_decimal &&
           !arg->as.numeral.value.is_negative && !arg->as.numeral.value.overflow;
}

static Type *resolve_width(Checker *c, const TopName *ctor, const AstType *arg, Span whole) {
    if (!numeral_is_count(arg)) {
        fe_check_error(c, Y_TYPE_ARGUMENTS, arg->span, "标量宽度须写成整数字面量（着八）");
        return c->types.error;
    }
    uint64_t width = arg->as.numeral.value.int_value;
    bool ok = width == 32 || (width == 16 && ctor->scalar == SCALAR_FLOAT);
    if (!ok) {
        fe_check_error(c, Y_UNSUPPORTED_SCALAR, whole, "WGSL 没有「%s」于「%s」这种标量（只有「定长小数」于「三二」/「一六」、"
                    "「定长整数」于「三二」与「定长无符号」于「三二」）",
                    ctor->name, arg->as.numeral.text);
        return c->types.error;
    }
    return fe_type_scalar(&c->types, ctor->scalar, (uint32_t)width);
}

static Type *resolve_length(Checker *c, const AstType *arg) {
    if (arg->kind == AST_TYPE_NAME && tparam_index(c, arg->as.name.text) >= 0)
        return resolve_name(c, &arg->as.name, true);
    bool too_long = arg->kind == AST_TYPE_NUMERAL && !arg->as.numeral.value.is_decimal &&
                    !arg->as.numeral.value.is_negative &&
                    (arg->as.numeral.value.overflow || arg->as.numeral.value.int_value > IR_ARRAY_MAX_LENGTH);
    if (too_long) {
        fe_check_error(c, Y_ARRAY_LENGTH, arg->span, "定长数组的长度「%s」太大：最多 %u 个元素（2²⁸ − 1）", arg->as.numeral.text,
                       IR_ARRAY_MAX_LENGTH);
        return c->types.error;
    }
    if (!numeral_is_count(arg) || arg->as.numeral.value.int_value == 0) {
        fe_check_error(c, Y_ARRAY_LENGTH, arg->span, "定长数组的长度须写成正整数字面量（着八）");
        return c->types.error;
    }
    return fe_type_nat(&c->types, arg->as.numeral.value.int_value);
}

static Type *resolve_app(Checker *c, const AstType *type) {
    const AstType *head = type->as.app.head;
    uint32_t n = type->as.app.arg_count;
    if (!head || head->kind != AST_TYPE_NAME) {
        fe_check_error(c, Y_TYPE_ARGUMENTS, type->span, "只有内建类型构造（如「数组」）能带类型实参");
        return c->types.error;
    }
    const char *name = head->as.name.text;
    if (name_is_qualified(&head->as.name)) {
        /* User types take no type arguments: 「模块」之「名」 于 … is always wrong. */
        if (resolve_qualified_name(c, &head->as.name) != c->types.error)
            fe_check_error(c, Y_TYPE_ARGUMENTS, head->span, "「%s」不带类型实参", name);
        return c->types.error;
    }
    bool reported = false;
    TopName *top = tparam_index(c, name) >= 0 || c->in_interface ? NULL
                                                                  : fe_lookup_user(c, &head->as.name, &reported);
    if (reported) return c->types.error;
    if (!top) top = fe_lookup_builtin(c, name);
    fe_index_top_use(c, head->as.name.span, top);
    if (top) fe_ensure_role(c, top);
    if (!top || (top->role != ROLE_CON && top->role != ROLE_SCALAR_CTOR)) {
        if (!top && tparam_index(c, name) < 0 && !prim_type(c, name))
            fe_report_undefined(c, head->span, "类型", name);
        else fe_check_error(c, Y_TYPE_ARGUMENTS, head->span, "「%s」不带类型实参", name);
        return c->types.error;
    }
    if (top->role == ROLE_SCALAR_CTOR) {
        if (n != 1) {
            fe_check_error(c, Y_TYPE_ARGUMENTS, type->span, "「%s」只带一个宽度", name);
            return c->types.error;
        }
        return resolve_width(c, top, type->as.app.args[0], type->span);
    }
    if (top->con == TCON_COUNT) return c->types.error;
    uint32_t arity = fe_type_con_arity(top->con);
    if (n != arity) {
        fe_check_error(c, Y_TYPE_ARGUMENTS, type->span, "「%s」应带 %u 个类型实参，这里有 %u 个", name, arity, n);
        return c->types.error;
    }
    Type **args = arena_alloc_array(c->arena, n, sizeof *args);
    for (uint32_t i = 0; i < n; i++) {
        const AstType *arg = type->as.app.args[i];
        if (top->con == TCON_FIXED_ARRAY && i == 1) args[i] = resolve_length(c, arg);
        else args[i] = fe_resolve_type(c, arg);
    }
    return fe_type_con(&c->types, top->con, args, n);
}

TypeScheme *fe_resolve_scheme(Checker *c, const AstType *type) {
    const char *names[16];
    uint32_t count = 0;
    while (type && type->kind == AST_TYPE_FORALL && count < 16) {
        names[count++] = type->as.forall.var.text;
        type = type->as.forall.body;
    }
    TypeScheme *scheme = arena_alloc(c->arena, sizeof *scheme);
    scheme->names = arena_alloc_array(c->arena, count ? count : 1, sizeof *scheme->names);
    memcpy(scheme->names, names, count * sizeof *names);
    scheme->count = count;
    const char **saved = c->tparams;
    uint32_t saved_count = c->tparam_count;
    c->tparams = scheme->names;
    c->tparam_count = count;
    scheme->body = fe_resolve_type(c, type);
    c->tparams = saved;
    c->tparam_count = saved_count;
    return scheme;
}

static Type *resolve_record(Checker *c, TopName *top, const AstType *type) {
    if (strcmp(type->as.record.head.text, "组类") != 0)
        fe_check_error(c, Y_RECORD_TYPE_PLACE, type->as.record.head.span, "记录类型要写成「组类」【…】");
    uint32_t n = type->as.record.count;
    RecordField *fields = arena_alloc_array(c->arena, n ? n : 1, sizeof *fields);
    Type *record = fe_type_record(&c->types, top->output_name, fields, n);
    top->type = record;  /* fields may not mention it: checked below through the state */
    for (uint32_t i = 0; i < n; i++) {
        const AstTypeField *f = &type->as.record.fields[i];
        fields[i].name = f->name.text;
        fields[i].span = f->name.span;
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(fields[j].name, f->name.text) == 0)
                fe_check_error(c, Y_DUPLICATE_FIELD, f->name.span, "字段「%s」重复", f->name.text);
        fe_index_field_def(c, top, &fields[i], f->type);
        fields[i].type = fe_resolve_type(c, f->type);
        fields[i].io = fe_io_of_ast_type(c, f->type, &fields[i].alias);
    }
    return record;
}

Type *fe_resolve_top_type(Checker *c, TopName *top) {
    if (top->type_state == STATE_DONE) return top->type;
    if (top->type_state == STATE_BUSY) {
        const AstStmt *stmt = top->type_def ? top->type_def : top->sig;
        fe_check_error(c, Y_RECURSIVE_TYPE, stmt ? stmt_name_span(stmt) : (Span){0, 0, 0},
                    "类型「%s」的定义引用了自身", top->name);
        return c->types.error;
    }
    top->type_state = STATE_BUSY;
    const char *saved_name = c->def_name;
    bool saved_interface = c->in_interface;
    const char **saved_params = c->tparams;
    uint32_t saved_count = c->tparam_count;
    const Module *saved_module = c->module;
    c->def_name = top->in_interface ? NULL : top->name;
    c->in_interface = top->in_interface;
    c->module = top->module;
    c->tparams = NULL;
    c->tparam_count = 0;
    Type *result;
    if (top->type_def) {
        const AstType *body = top->type_def->as.sig.type;
        if (body && body->kind == AST_TYPE_RECORD) result = resolve_record(c, top, body);
        else result = fe_resolve_type(c, body);
    } else if (top->sig) {
        result = fe_resolve_type(c, top->sig->as.sig.type);
    } else {
        result = NULL;
    }
    c->def_name = saved_name;
    c->in_interface = saved_interface;
    c->tparams = saved_params;
    c->tparam_count = saved_count;
    c->module = saved_module;
    top->type = result;
    top->type_state = STATE_DONE;
    return result;
}

IoBuiltin fe_io_of_ast_type(Checker *c, const AstType *type, const char **alias) {
    if (alias) *alias = type && type->kind == AST_TYPE_NAME ? type->as.name.text : NULL;
    const Module *saved_module = c->module;
    IoBuiltin io = IO_NONE;
    /* Each alias is followed where it was written (the module that defines it). */
    for (int depth = 0; depth < 16 && type && type->kind == AST_TYPE_NAME; depth++) {
        const char *name = type->as.name.text;
        TopName *top = c->in_interface ? NULL : fe_peek_user(c, &type->as.name);
        if (name_is_qualified(&type->as.name) && !top) break;
        if (top) {
            if (!top->type_def) break;
            type = top->type_def->as.sig.type;
            c->module = top->module;
            continue;
        }
        top = fe_lookup_builtin(c, name);
        if (!top) break;
        fe_ensure_role(c, top);
        if (top->role != ROLE_ALIAS) break;
        if (top->io != IO_NONE) {
            io = top->io;
            break;
        }
        type = top->type_def->as.sig.type;
        c->module = top->module;
    }
    c->module = saved_module;
    return io;
}
