/* The checker's editor index (index.h): the hooks the checker calls where it resolves a name
 * or binds one (no-ops without an index), and the finish that describes every definition
 * once checking is over (kinds from the checked definitions, types as written or printed). */
#include "index.h"

#include <string.h>

#include "check_internal.h"

void fe_index_init(FeIndex *index, Arena *arena) {
    memset(index, 0, sizeof *index);
    index->arena = arena;
    u64map_init(&index->by_origin, arena);
}

bool fe_symbol_is_top_level(FeSymbolKind kind) {
    switch (kind) {
    case FE_SYMBOL_RESOURCE: case FE_SYMBOL_ENTRY: case FE_SYMBOL_FUNCTION: case FE_SYMBOL_CONSTANT:
    case FE_SYMBOL_STRUCT: case FE_SYMBOL_ALIAS:
        return true;
    default:
        return false;
    }
}

/* ---- symbols ---- */

/* Fields have no object of their own: they are keyed by where they are declared. */
static uint64_t field_key(Span span) {
    return (1ull << 63) | (uint64_t)span.file << 32 | span.start;
}

static FeSymbol *symbol_for(FeIndex *index, uint64_t key, FeSymbolKind kind, const char *name, Span span) {
    FeSymbol *symbol = u64map_get(&index->by_origin, key);
    if (symbol) return symbol;
    symbol = arena_alloc(index->arena, sizeof *symbol);
    symbol->id = (uint32_t)index->symbols.len;
    symbol->kind = kind;
    symbol->name = name;
    symbol->span = span;
    u64map_put_first(&index->by_origin, key, symbol);
    ptrvec_push(index->arena, &index->symbols, symbol);
    return symbol;
}

static FeSymbol *top_symbol(FeIndex *index, TopName *top) {
    FeSymbol *symbol = symbol_for(index, (uint64_t)(uintptr_t)top,
                                  top->in_interface ? FE_SYMBOL_BUILTIN_VALUE : FE_SYMBOL_CONSTANT,
                                  top->name, fe_top_name_span(top));
    symbol->origin = top;
    symbol->module = top->module;
    return symbol;
}

static FeSymbolKind local_kind(SemaLocalKind kind) {
    switch (kind) {
    case LOCAL_PARAM: case LOCAL_REC_PARAM: return FE_SYMBOL_PARAMETER;
    case LOCAL_REC_FUNC: return FE_SYMBOL_LOCAL_FUNCTION;
    case LOCAL_LET: break;
    }
    return FE_SYMBOL_LOCAL;
}

static void occurrence(FeIndex *index, Span span, FeSymbol *symbol, bool is_definition) {
    if (span.end <= span.start) return;  /* a node the parser made up while recovering */
    if (index->occurrence_count == index->occurrence_cap) {
        size_t cap = index->occurrence_cap ? index->occurrence_cap * 2 : 1024;
        index->occurrences =
            arena_grow_array(index->arena, index->occurrences, index->occurrence_count, cap, sizeof *index->occurrences);
        index->occurrence_cap = cap;
    }
    index->occurrences[index->occurrence_count++] = (FeOccurrence){span, symbol, is_definition};
}

/* ---- the hooks (check_internal.h) ---- */

void fe_index_top_use(Checker *c, Span span, TopName *top) {
    if (!c->index || !top) return;
    occurrence(c->index, span, top_symbol(c->index, top), false);
}

void fe_index_local_use(Checker *c, Span span, SemaLocal *local) {
    if (!c->index || !local) return;
    FeSymbol *symbol = u64map_get(&c->index->by_origin, (uint64_t)(uintptr_t)local);
    if (symbol) occurrence(c->index, span, symbol, false);
}

void fe_index_binder(Checker *c, SemaLocal *local, Span visible) {
    if (!c->index) return;
    FeSymbol *symbol = symbol_for(c->index, (uint64_t)(uintptr_t)local, local_kind(local->kind), local->name,
                                  local->span);
    symbol->origin = local;
    symbol->module = c->module;
    symbol->scope = visible;
    occurrence(c->index, local->span, symbol, true);
}

void fe_index_letrec(Checker *c, SemaLocal *function, const AstExpr *letrec, SemaLocal **params,
                     uint32_t count) {
    if (!c->index) return;
    FeSymbol *symbol = u64map_get(&c->index->by_origin, (uint64_t)(uintptr_t)function);
    if (!symbol) return;
    symbol->lambda = fe_ast_strip_parens(letrec->as.letrec.value);
    symbol->signature = letrec->as.letrec.type;
    for (uint32_t i = 0; i < count; i++) {
        FeSymbol *param = params[i] ? u64map_get(&c->index->by_origin, (uint64_t)(uintptr_t)params[i]) : NULL;
        if (param) param->parent = symbol;
    }
}

void fe_index_field_def(Checker *c, TopName *record, const RecordField *field, const AstType *written) {
    if (!c->index) return;
    FeSymbol *symbol = symbol_for(c->index, field_key(field->span), FE_SYMBOL_FIELD, field->name, field->span);
    symbol->signature = written;
    symbol->parent = top_symbol(c->index, record);
    symbol->module = record->module;
    occurrence(c->index, field->span, symbol, true);
}

void fe_index_field_use(Checker *c, Span span, Type *record, uint32_t field) {
    /* only fields declared in a 即 have a symbol: an anonymous record value's find none */
    if (!c->index || !record || record->kind != TYPE_RECORD || field >= record->as.record.count) return;
    FeSymbol *symbol = u64map_get(&c->index->by_origin, field_key(record->as.record.fields[field].span));
    if (symbol) occurrence(c->index, span, symbol, false);
}

void fe_index_call(Checker *c, const AstExpr *call) {
    if (!c->index) return;
    const AstExpr *callee = fe_ast_strip_parens(call->as.call.callee);
    if (!callee || callee->kind != AST_EXPR_NAME) return;
    FeCallSite *site = arena_alloc(c->index->arena, sizeof *site);
    site->call = call->span;
    site->callee = callee->as.name.span;
    site->arg_count = call->as.call.arg_count;
    site->args = arena_alloc_array(c->index->arena, site->arg_count ? site->arg_count : 1, sizeof *site->args);
    for (uint32_t i = 0; i < site->arg_count; i++)
        site->args[i] = call->as.call.args[i] ? call->as.call.args[i]->span : call->span;
    ptrvec_push(c->index->arena, &c->index->calls, site);
}

void fe_index_type_args(Checker *c, const AstExpr *call, Type **type_args, uint32_t count) {
    if (!c->index) return;
    /* the site fe_index_call added for this call: the last one (arguments are checked after) */
    for (size_t i = c->index->calls.len; i-- > 0;) {
        FeCallSite *site = c->index->calls.items[i];
        if (site->call.file != call->span.file || site->call.start != call->span.start ||
            site->call.end != call->span.end)
            continue;
        site->type_args = type_args;
        site->type_arg_count = count;
        return;
    }
}

/* The text of each call's inferred type arguments (none when one stayed unknown). */
static void describe_type_args(FeIndex *index) {
    for (size_t i = 0; i < index->calls.len; i++) {
        FeCallSite *site = index->calls.items[i];
        bool known = site->type_args != NULL;
        for (uint32_t a = 0; known && a < site->type_arg_count; a++)
            known = !fe_type_is_unbound(site->type_args[a]) && !fe_type_is_error(site->type_args[a]);
        if (!known) continue;
        site->type_arg_text = arena_alloc_array(index->arena, site->type_arg_count, sizeof *site->type_arg_text);
        for (uint32_t a = 0; a < site->type_arg_count; a++)
            site->type_arg_text[a] = fe_type_to_string(index->arena, site->type_args[a]);
    }
}

/* ---- the finish: describing every definition ---- */

static const SourceFile *source_of(const FeIndex *index, uint32_t file) {
    for (uint32_t m = 0; m < index->program->module_count; m++) {
        const Module *module = index->program->modules[m];
        if (module && module->ast && module->ast->source && module->ast->source->id == file)
            return module->ast->source;
    }
    return NULL;
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The source text of a written type, as written: leading and trailing blanks dropped, every
 * line end (\r\n, a lone \r) written \n. */
static const char *written(const FeIndex *index, const AstType *type) {
    if (!type) return NULL;
    const SourceFile *file = source_of(index, type->span.file);
    if (!file || type->span.end > file->len || type->span.end <= type->span.start) return NULL;
    uint32_t start = type->span.start, end = type->span.end;
    while (start < end && is_blank(file->text[start])) start++;
    while (end > start && is_blank(file->text[end - 1])) end--;
    char *text = arena_alloc(index->arena, end - start + 1);
    size_t len = 0;
    for (uint32_t i = start; i < end; i++) {
        if (file->text[i] != '\r') text[len++] = file->text[i];
        else if (i + 1 >= end || file->text[i + 1] != '\n') text[len++] = '\n';
    }
    text[len] = '\0';
    return text;
}

static const AstType *strip_forall(const AstType *type) {
    while (type && type->kind == AST_TYPE_FORALL) type = type->as.forall.body;
    return type;
}

/* Parameters from a written function type, their names from the 得…而 value (if any). */
static void describe_callable(FeIndex *index, FeSymbol *symbol, const AstType *signature, const AstExpr *value) {
    const AstType *params[FE_MAX_PARAMS];
    uint32_t count;
    const AstType *result = fe_ast_func_parts(strip_forall(signature), params, FE_MAX_PARAMS, &count);
    if (count > FE_MAX_PARAMS) count = FE_MAX_PARAMS;
    symbol->param_count = count;
    symbol->param_types = arena_alloc_array(index->arena, count ? count : 1, sizeof *symbol->param_types);
    symbol->param_names = arena_alloc_array(index->arena, count ? count : 1, sizeof *symbol->param_names);
    for (uint32_t i = 0; i < count; i++) symbol->param_types[i] = written(index, params[i]);
    symbol->result = written(index, result);
    uint32_t named = 0;
    for (const AstExpr *lambda = fe_ast_strip_parens(value); lambda && lambda->kind == AST_EXPR_LAMBDA;
         lambda = fe_ast_strip_parens(lambda->as.lambda.body))
        for (uint32_t i = 0; i < lambda->as.lambda.param_count && named < count; i++)
            symbol->param_names[named++] = lambda->as.lambda.params[i].text;
}

static FeSymbolKind kind_of_def(SemaDefKind kind) {
    switch (kind) {
    case DEF_STRUCT: return FE_SYMBOL_STRUCT;
    case DEF_ALIAS: return FE_SYMBOL_ALIAS;
    case DEF_RESOURCE: return FE_SYMBOL_RESOURCE;
    case DEF_ENTRY: return FE_SYMBOL_ENTRY;
    case DEF_FUNCTION: return FE_SYMBOL_FUNCTION;
    case DEF_CONSTANT: break;
    }
    return FE_SYMBOL_CONSTANT;
}

/* A user definition the checker never declared (its signature failed …): from the syntax. */
static FeSymbolKind kind_of_statements(const TopName *top) {
    if (top->type_def)
        return top->type_def->as.sig.type && top->type_def->as.sig.type->kind == AST_TYPE_RECORD
                   ? FE_SYMBOL_STRUCT : FE_SYMBOL_ALIAS;
    const AstType *sig = top->sig ? strip_forall(top->sig->as.sig.type) : NULL;
    return sig && sig->kind == AST_TYPE_FUNC ? FE_SYMBOL_FUNCTION : FE_SYMBOL_CONSTANT;
}

static void describe_user(Checker *c, TopName *top) {
    FeIndex *index = c->index;
    FeSymbol *symbol = top_symbol(index, top);
    const SemaDef *def = top->sema;
    symbol->kind = def ? kind_of_def(def->kind) : kind_of_statements(top);
    if (top->sig) {
        symbol->type = written(index, top->sig->as.sig.type);
    } else if (top->type_def) {
        symbol->type = written(index, top->type_def->as.sig.type);
        symbol->type_is_definition = true;
    }
    else if (def && def->type) symbol->type = fe_type_to_string(index->arena, def->type);
    const AstStmt *stmts[3] = {top->sig, top->def, top->type_def};
    for (int i = 0; i < 3; i++) {
        if (!stmts[i]) continue;
        Span name = stmts[i]->kind == AST_STMT_DEF ? stmts[i]->as.def.name.span : stmts[i]->as.sig.name.span;
        occurrence(index, name, symbol, true);
    }
    if (symbol->kind != FE_SYMBOL_FUNCTION || !top->sig) return;
    describe_callable(index, symbol, top->sig->as.sig.type, top->def ? top->def->as.def.value : NULL);
    if (!def || def->kind != DEF_FUNCTION) return;
    for (uint32_t i = 0; i < def->as.function.param_count; i++) {
        const SemaLocal *param = def->as.function.params[i];
        FeSymbol *p = param ? u64map_get(&index->by_origin, (uint64_t)(uintptr_t)param) : NULL;
        if (p) p->parent = symbol;
    }
}

/* Whether a written builtin type ends in 「元类型」 (a type constructor such as 「数组」). */
static bool makes_type(const AstType *type) {
    const AstType *params[FE_MAX_PARAMS];
    uint32_t count;
    const AstType *result = fe_ast_func_parts(strip_forall(type), params, FE_MAX_PARAMS, &count);
    return result && result->kind == AST_TYPE_NAME && strcmp(result->as.name.text, "元类型") == 0;
}

static void describe_builtin(Checker *c, TopName *top) {
    FeIndex *index = c->index;
    FeSymbol *symbol = top_symbol(index, top);
    if (top->type_def) {
        symbol->kind = FE_SYMBOL_BUILTIN_TYPE;
        symbol->type = written(index, top->type_def->as.sig.type);
        symbol->type_is_definition = true;
        occurrence(index, top->type_def->as.sig.name.span, symbol, true);
        return;
    }
    if (!top->sig) return;
    const AstType *type = top->sig->as.sig.type;
    symbol->type = written(index, type);
    occurrence(index, top->sig->as.sig.name.span, symbol, true);
    const AstType *body = strip_forall(type);
    if (makes_type(type)) symbol->kind = FE_SYMBOL_BUILTIN_TYPE;
    else if (body && body->kind == AST_TYPE_FUNC) symbol->kind = FE_SYMBOL_BUILTIN_FUNCTION;
    else symbol->kind = FE_SYMBOL_BUILTIN_VALUE;
    if (symbol->kind == FE_SYMBOL_BUILTIN_FUNCTION) describe_callable(index, symbol, type, NULL);
}

static void describe_field(FeIndex *index, FeSymbol *symbol) {
    symbol->type = written(index, symbol->signature);
}

static void describe_local(FeIndex *index, FeSymbol *symbol) {
    const SemaLocal *local = symbol->origin;
    symbol->type = symbol->signature ? written(index, symbol->signature)
                                     : fe_type_to_string(index->arena, local->type);
    if (symbol->kind == FE_SYMBOL_LOCAL_FUNCTION && symbol->signature)
        describe_callable(index, symbol, symbol->signature, symbol->lambda);
}

static void find_visible_modules(FeIndex *index) {
    const Module *main = index->program->main;
    if (!main) return;
    index->visible = arena_alloc_array(index->arena, main->import_count + 1, sizeof *index->visible);
    index->visible[index->visible_count++] = main;
    for (uint32_t i = 0; i < main->import_count; i++) {
        const Module *imported = main->imports[i];
        if (imported->kind == MODULE_SHADER_INTERFACE) index->sees_builtins = true;
        else index->visible[index->visible_count++] = imported;
    }
}

/* Each call's callee: the symbol of the first occurrence at the callee's place. The map holds
 * the calls (fewer than the occurrences), each place's first; the occurrences are looked up in
 * it; calls sharing a place take their first's symbol. */
static void resolve_call_sites(FeIndex *index) {
    U64Map first_at;
    u64map_init_sized(&first_at, index->arena, index->calls.len);
    for (size_t i = 0; i < index->calls.len; i++) {
        FeCallSite *site = index->calls.items[i];
        site->symbol = NULL;
        u64map_put_first(&first_at, field_key(site->callee), site);
    }
    for (size_t i = 0; i < index->occurrence_count && index->calls.len; i++) {
        const FeOccurrence *o = &index->occurrences[i];
        FeCallSite *site = u64map_get(&first_at, field_key(o->span));
        if (site && !site->symbol) site->symbol = o->symbol;
    }
    for (size_t i = 0; i < index->calls.len; i++) {
        FeCallSite *site = index->calls.items[i];
        const FeCallSite *first = u64map_get(&first_at, field_key(site->callee));
        site->symbol = first->symbol;
    }
}

void fe_index_finish(Checker *c) {
    FeIndex *index = c->index;
    if (!index) return;
    index->program = c->program;
    for (uint32_t i = 0; i < c->user_count; i++) describe_user(c, c->user_order[i]);
    fe_builtins_complete(c);
    for (uint32_t i = 0; i < c->builtin.cap; i++)
        if (c->builtin.slots[i]) describe_builtin(c, c->builtin.slots[i]);
    for (size_t i = 0; i < index->symbols.len; i++) {
        FeSymbol *symbol = index->symbols.items[i];
        if (symbol->kind == FE_SYMBOL_PARAMETER || symbol->kind == FE_SYMBOL_LOCAL ||
            symbol->kind == FE_SYMBOL_LOCAL_FUNCTION)
            describe_local(index, symbol);
        else if (symbol->kind == FE_SYMBOL_FIELD)
            describe_field(index, symbol);
    }
    find_visible_modules(index);
    resolve_call_sites(index);
    describe_type_args(index);
}
