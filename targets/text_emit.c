/* The module-level half of the shared re-emitter: names, output order, the entry table and
 * expression helpers. The function-body walk is in text_emit_body.c. */
#include "text_emit.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "../ir/hopper.h"
#include "text_emit_internal.h"

void te_init(TextEmitter *em, const TeLang *lang, const IrModule *m, DiagEngine *diag, StrBuf *out) {
    memset(em, 0, sizeof *em);
    em->lang = lang;
    em->m = m;
    em->diag = diag;
    em->out = out;
    arena_init(&em->arena);
    name_set_init(&em->names.module, &em->arena);
    Arena *a = &em->arena;
    em->names.globals = arena_alloc_array(a, ir_global_count(m) + 1, sizeof(char *));
    em->names.constants = arena_alloc_array(a, ir_constant_count(m) + 1, sizeof(char *));
    em->names.functions = arena_alloc_array(a, ir_function_count(m) + 1, sizeof(char *));
    em->names.structs = arena_alloc_array(a, m->types.count + 1, sizeof(char *));
    em->names.fields = arena_alloc_array(a, m->types.count + 1, sizeof(char **));
    em->entry_of = arena_alloc_array(a, ir_function_count(m) + 1, sizeof *em->entry_of);
}

void te_free(TextEmitter *em) { arena_free(&em->arena); }

void te_error(TextEmitter *em, DiagId id, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_report(em->diag, id, DIAG_ERROR, span, fmt, args);
    va_end(args);
    em->failed = true;
}

/* ---- source order ---- */

typedef struct OrderKey {
    TeItem item;
    uint32_t file_rank, start, seq;
} OrderKey;

static bool key_before(const OrderKey *a, const OrderKey *b) {
    if (a->file_rank != b->file_rank) return a->file_rank < b->file_rank;
    if (a->start != b->start) return a->start < b->start;
    return a->seq < b->seq;
}

static uint32_t file_rank(uint32_t *ranks, uint32_t *rank_count, uint32_t *files, uint32_t file) {
    for (uint32_t i = 0; i < *rank_count; i++)
        if (files[i] == file) return ranks[i];
    files[*rank_count] = file;
    ranks[*rank_count] = *rank_count;
    return (*rank_count)++;
}

uint32_t te_module_order(TextEmitter *em, TeItem **items) {
    const IrModule *m = em->m;
    uint32_t structs = 0;
    for (IrTypeId t = 0; t < m->types.count; t++)
        if (m->types.types[t].kind == IR_TYPE_STRUCT) structs++;
    uint32_t objects = ir_global_count(m) + ir_constant_count(m) + ir_function_count(m);
    TeItem *out = arena_alloc_array(&em->arena, structs + objects + 1, sizeof *out);
    uint32_t n = 0;
    for (IrTypeId t = 0; t < m->types.count; t++)
        if (m->types.types[t].kind == IR_TYPE_STRUCT) out[n++] = (TeItem){TE_ITEM_STRUCT, t};

    OrderKey *keys = arena_alloc_array(&em->arena, objects + 1, sizeof *keys);
    uint32_t *files = arena_alloc_array(&em->arena, objects + 1, sizeof *files);
    uint32_t *ranks = arena_alloc_array(&em->arena, objects + 1, sizeof *ranks);
    uint32_t rank_count = 0, k = 0;
    /* Files are ranked by first appearance among functions, then globals, then constants:
     * the lowering adds an imported source's objects before the importer's. */
    for (uint32_t i = 0; i < ir_function_count(m); i++)
        file_rank(ranks, &rank_count, files, ir_function(m, i)->span.file);
    for (uint32_t i = 0; i < ir_global_count(m); i++)
        file_rank(ranks, &rank_count, files, ir_global(m, i)->span.file);
    for (uint32_t i = 0; i < ir_constant_count(m); i++)
        file_rank(ranks, &rank_count, files, ir_constant(m, i)->span.file);
    /* On equal positions (modules built without spans) the YIR section order stands:
     * globals, constants, functions. */
    for (uint32_t i = 0; i < ir_global_count(m); i++, k++) {
        const IrGlobal *g = ir_global(m, i);
        keys[k] = (OrderKey){{TE_ITEM_GLOBAL, i}, file_rank(ranks, &rank_count, files, g->span.file),
                             g->span.start, k};
    }
    for (uint32_t i = 0; i < ir_constant_count(m); i++, k++) {
        const IrConstant *c = ir_constant(m, i);
        keys[k] = (OrderKey){{TE_ITEM_CONSTANT, i}, file_rank(ranks, &rank_count, files, c->span.file),
                             c->span.start, k};
    }
    for (uint32_t i = 0; i < ir_function_count(m); i++, k++) {
        const IrFunction *f = ir_function(m, i);
        keys[k] = (OrderKey){{TE_ITEM_FUNCTION, i}, file_rank(ranks, &rank_count, files, f->span.file),
                             f->span.start, k};
    }
    for (uint32_t i = 1; i < k; i++) {  /* insertion sort: stable, n is small */
        OrderKey key = keys[i];
        uint32_t j = i;
        while (j > 0 && key_before(&key, &keys[j - 1])) {
            keys[j] = keys[j - 1];
            j--;
        }
        keys[j] = key;
    }
    for (uint32_t i = 0; i < k; i++) out[n++] = keys[i].item;
    *items = out;
    return n;
}

/* ---- names ---- */

static void name_struct(TextEmitter *em, IrTypeId id) {
    const IrType *t = ir_type(&em->m->types, id);
    em->names.structs[id] = name_set_claim(&em->names.module, t->name);
    NameSet fields;
    name_set_init(&fields, &em->arena);
    const char **names = arena_alloc_array(&em->arena, t->field_count + 1, sizeof *names);
    for (uint32_t i = 0; i < t->field_count; i++) names[i] = name_set_claim(&fields, t->fields[i].name);
    em->names.fields[id] = names;
}

void te_assign_module_names(TextEmitter *em, const TeItem *items, uint32_t count) {
    const IrModule *m = em->m;
    for (uint32_t i = 0; i < count; i++) {
        NameSet *set = &em->names.module;
        switch (items[i].kind) {
        case TE_ITEM_STRUCT: name_struct(em, items[i].id); break;
        case TE_ITEM_GLOBAL:
            em->names.globals[items[i].id] = name_set_claim(set, ir_global(m, items[i].id)->name);
            break;
        case TE_ITEM_CONSTANT:
            em->names.constants[items[i].id] = name_set_claim(set, ir_constant(m, items[i].id)->name);
            break;
        case TE_ITEM_FUNCTION:
            em->names.functions[items[i].id] = name_set_claim(set, ir_function(m, items[i].id)->name);
            break;
        }
    }
}

/* ---- entries ---- */

void te_collect_entries(TextEmitter *em, TeEntryCheck check) {
    const IrModule *m = em->m;
    const char *target = em->lang->prose_name;
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        const IrFunction *f = ir_function(m, e->func);
        if (!f) continue;
        if (em->entry_of[e->func]) {
            te_error(em, Y_TARGET_ENTRY, e->span, "函数「%s」已由入口项「%s」使用，%s里一个函数只能是一个入口", f->name,
                     em->entry_of[e->func]->name, target);
            continue;
        }
        em->entry_of[e->func] = e;
        if (check) check(em, e, f);
    }
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *inst = &f->insts[k];
            if (inst->op == IR_OP_CALL && inst->symbol < ir_function_count(m) && em->entry_of[inst->symbol])
                te_error(em, Y_TARGET_ENTRY, inst->span, "函数「%s」调用了入口函数「%s」：%s的入口函数不能被调用", f->name,
                         ir_function(m, inst->symbol)->name, target);
        }
    }
}

bool te_io_is_flat(const TextEmitter *em, IrTypeId type, const IrIo *io, bool interpolated) {
    return io->flat || (interpolated && ir_type_is_integer(&em->m->types, type));
}

bool te_io_binds_alike(const IrIo *a, const IrIo *b) {
    return a->kind == b->kind && (a->kind != IR_IO_BUILTIN || a->builtin == b->builtin) &&
           (a->kind != IR_IO_LOCATION || a->location == b->location);
}

/* ---- expression helpers ---- */

/* ---- types ---- */

static const char *scalar_spelling(const TeTypeSpelling *s, const IrType *t) {
    if (t->scalar == IR_FLOAT) return t->width == 16 ? s->f16 : s->f32;
    return t->scalar == IR_SINT ? s->i32 : s->u32;
}

/* Expands a TeTypeSpelling template for a type with an element. */
static void type_template(TextEmitter *em, StrBuf *out, const char *form, const IrType *t) {
    for (const char *p = form; *p; p++) {
        if (p[0] != '$' || !p[1]) {
            strbuf_putc(out, *p);
            continue;
        }
        switch (*++p) {
        case 'e': te_type(em, out, t->elem); break;
        case 'n': strbuf_printf(out, "%u", t->count); break;
        case 'c': strbuf_printf(out, "%u", t->cols); break;
        default: strbuf_putc(out, '$'); strbuf_putc(out, *p); break;
        }
    }
}

static void type_hook(TextEmitter *em, StrBuf *out, void (*hook)(TextEmitter *, StrBuf *, const IrType *),
                      const IrType *t) {
    if (hook) hook(em, out, t);
    else strbuf_puts(out, "_");
}

void te_type(TextEmitter *em, StrBuf *out, IrTypeId id) {
    const TeTypeSpelling *s = &em->lang->types;
    const IrType *t = ir_type(&em->m->types, id);
    if (!t) {
        strbuf_puts(out, "_");
        return;
    }
    switch (t->kind) {
    case IR_TYPE_VOID: strbuf_puts(out, s->unit); return;
    case IR_TYPE_BOOL: strbuf_puts(out, s->boolean); return;
    case IR_TYPE_SCALAR: strbuf_puts(out, scalar_spelling(s, t)); return;
    case IR_TYPE_VECTOR: type_template(em, out, s->vector, t); return;
    case IR_TYPE_MATRIX: type_template(em, out, s->matrix, t); return;
    case IR_TYPE_ARRAY: type_template(em, out, t->count ? s->array : s->runtime_array, t); return;
    case IR_TYPE_STRUCT: strbuf_puts(out, em->names.structs[id] ? em->names.structs[id] : "_"); return;
    case IR_TYPE_ATOMIC: type_template(em, out, s->atomic, t); return;
    case IR_TYPE_TEXTURE_2D: type_template(em, out, s->texture_2d, t); return;
    case IR_TYPE_TEXTURE_DEPTH_2D: strbuf_puts(out, s->texture_depth_2d); return;
    case IR_TYPE_SAMPLER: strbuf_puts(out, s->sampler); return;
    case IR_TYPE_SAMPLER_COMPARISON: strbuf_puts(out, s->sampler_comparison); return;
    case IR_TYPE_POINTER: type_hook(em, out, s->pointer, t); return;
    case IR_TYPE_FRAGMENT: type_hook(em, out, s->fragment, t); return;
    }
}

bool te_is_void(const TextEmitter *em, IrTypeId type) {
    const IrType *t = ir_type(&em->m->types, type);
    return !t || t->kind == IR_TYPE_VOID;
}

bool te_braces(const TextEmitter *em, IrTypeId type) {
    const IrType *t = ir_type(&em->m->types, type);
    if (!t) return false;
    return (t->kind == IR_TYPE_STRUCT && em->lang->struct_braces) ||
           (t->kind == IR_TYPE_ARRAY && em->lang->array_braces);
}

const char *te_type_text(TextEmitter *em, IrTypeId type) {
    StrBuf buf;
    strbuf_init(&buf);
    te_type(em, &buf, type);
    const char *text = arena_strdup(&em->arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}

TeExpr te_make(TextEmitter *em, TeClass cls, const char *fmt, ...) {
    StrBuf buf;
    strbuf_init(&buf);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&buf, fmt, args);
    va_end(args);
    TeExpr e = {arena_strdup(&em->arena, strbuf_cstr(&buf)), cls, 0, 0};
    strbuf_free(&buf);
    return e;
}

const char *te_operand(TextEmitter *em, TeClass parent, bool right, const TeExpr *child) {
    bool parens = em->lang->needs_parens(parent, right, child->cls);
    /* Unary operators must not glue into another token: - -x, & &x. */
    if (!parens && parent == TE_UNARY && child->cls == TE_UNARY) parens = true;
    return parens ? arena_printf(&em->arena, "(%s)", child->text) : child->text;
}

const char *te_address_of(TextEmitter *em, const TeExpr *ref) {
    if (ref->cls == TE_UNARY && ref->text[0] == '*') return ref->text + 1;
    return arena_printf(&em->arena, "&%s", te_operand(em, TE_UNARY, false, ref));
}

uint32_t te_combine_flags(const TeExpr *args, uint32_t count) {
    uint32_t flags = TE_CONST;
    for (uint32_t i = 0; i < count; i++) flags = (flags & ~TE_CONST) | (args[i].flags & ~TE_CONST) |
                                                 (flags & args[i].flags & TE_CONST);
    return flags;
}

TeExpr te_call(TextEmitter *em, const char *name, const TeExpr *args, uint32_t count) {
    StrBuf buf;
    strbuf_init(&buf);
    strbuf_puts(&buf, name);
    strbuf_putc(&buf, '(');
    uint64_t params = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (i) strbuf_puts(&buf, ", ");
        strbuf_puts(&buf, args[i].text);
        params |= args[i].params;
    }
    strbuf_putc(&buf, ')');
    TeExpr e = {arena_strdup(&em->arena, strbuf_cstr(&buf)), TE_PRIMARY, te_combine_flags(args, count), params};
    strbuf_free(&buf);
    return e;
}

const char *te_literal_text(TextEmitter *em, const IrLiteral *lit, Span span) {
    StrBuf buf;
    strbuf_init(&buf);
    if (!lit->elems) {
        if (!em->lang->literal(em, &buf, lit->type, lit->bits, span)) em->failed = true;
    } else {
        bool braces = te_braces(em, lit->type);
        te_type(em, &buf, lit->type);
        strbuf_putc(&buf, braces ? '{' : '(');
        for (uint32_t i = 0; i < lit->elem_count; i++) {
            if (i) strbuf_puts(&buf, ", ");
            strbuf_puts(&buf, te_literal_text(em, &lit->elems[i], span));
        }
        strbuf_putc(&buf, braces ? '}' : ')');
    }
    const char *text = arena_strdup(&em->arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}

static bool literal_lanes(const IrLiteral *lit, uint64_t *lanes, uint32_t max, uint32_t *count) {
    if (!lit->elems) {
        if (*count >= max) return false;
        lanes[(*count)++] = lit->bits;
        return true;
    }
    for (uint32_t i = 0; i < lit->elem_count; i++)
        if (!literal_lanes(&lit->elems[i], lanes, max, count)) return false;
    return true;
}

bool te_const_lanes(TextEmitter *em, IrValueId value, uint64_t *lanes, uint32_t max, uint32_t *count) {
    const IrValue *v = ir_value(em->f, value);
    if (!v || v->kind != IR_VALUE_RESULT) return false;
    const IrInst *def = ir_inst(em->f, v->def);
    if (!def) return false;
    switch (def->op) {
    case IR_OP_CONST:
        if (*count >= max) return false;
        lanes[(*count)++] = def->literal;
        return true;
    case IR_OP_CONSTANT: {
        const IrConstant *c = ir_constant(em->m, def->symbol);
        return c && literal_lanes(&c->value, lanes, max, count);
    }
    case IR_OP_CONSTRUCT:
        for (uint32_t i = 0; i < def->arg_count; i++)
            if (!te_const_lanes(em, def->args[i], lanes, max, count)) return false;
        return true;
    default:
        return false;
    }
}

void te_line(TextEmitter *em, const char *fmt, ...) {
    strbuf_indent(em->out, em->depth);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(em->out, fmt, args);
    va_end(args);
    strbuf_putc(em->out, '\n');
}

bool te_reject_hopper(TextEmitter *em, const char *target) {
    bool found = false;
    for (uint32_t i = 0; i < ir_function_count(em->m); i++) {
        const IrFunction *f = ir_function(em->m, i);
        const IrInst *op = ir_first_hopper_op(f);
        if (!op) continue;
        te_error(em, Y_UNSUPPORTED_BY_TARGET, op->span, "函数「%s」：%s没有「%s」，它只有千手能译（sm_90a）", f->name, target,
                 ir_hopper_builtin_name(op->op));
        found = true;
    }
    return found;
}
