/* The compact form of a parsed interface file (issue 16 item 4): a flat array of 32-bit words
 * that the build-time generator (frontend/embed/embed_interface.c) writes from fe_parse_file's
 * tree and fe_ast_compact_read turns back into the same tree, without lexing or parsing.
 * Interfaces hold only imports, signatures and type definitions, so types are all it encodes;
 * a file with anything else has no compact form. Spans are kept as offsets into the file. */
#include <string.h>

#include "ast.h"
#include "compact.h"

/* ---- writing ---- */

static void put(StrBuf *out, uint32_t word) { strbuf_append(out, (const char *)&word, sizeof word); }

static void put_text(StrBuf *out, const char *text) {
    uint32_t len = text ? (uint32_t)strlen(text) : UINT32_MAX;
    put(out, len);
    if (!text) return;
    strbuf_append(out, text, len);
    static const char pad[4] = {0};
    strbuf_append(out, pad, (4 - len % 4) % 4);
}

static void put_span(StrBuf *out, Span span) {
    put(out, span.start);
    put(out, span.end);
}

static void put_name(StrBuf *out, const AstName *name) {
    put_text(out, name->text);
    put_span(out, name->span);
    put(out, name->qualifier_count);
    for (uint32_t i = 0; i < name->qualifier_count; i++) put_name(out, &name->qualifier[i]);
    put_span(out, name->zhi);
}

static void put_numeral(StrBuf *out, const NumeralInfo *n) {
    put(out, (uint32_t)n->is_decimal | (uint32_t)n->is_negative << 1 | (uint32_t)n->is_hex << 2 |
                 (uint32_t)n->overflow << 3);
    put(out, (uint32_t)n->int_value);
    put(out, (uint32_t)(n->int_value >> 32));
    uint64_t bits;
    memcpy(&bits, &n->float_value, sizeof bits);
    put(out, (uint32_t)bits);
    put(out, (uint32_t)(bits >> 32));
    put_text(out, n->ascii);
}

static void put_type(StrBuf *out, const AstType *t) {
    put(out, t ? (uint32_t)t->kind : UINT32_MAX);
    if (!t) return;
    put_span(out, t->span);
    switch (t->kind) {
    case AST_TYPE_NAME: put_name(out, &t->as.name); break;
    case AST_TYPE_NUMERAL:
        put_text(out, t->as.numeral.text);
        put_numeral(out, &t->as.numeral.value);
        break;
    case AST_TYPE_APP:
        put_type(out, t->as.app.head);
        put(out, t->as.app.arg_count);
        for (uint32_t i = 0; i < t->as.app.arg_count; i++) put_type(out, t->as.app.args[i]);
        break;
    case AST_TYPE_FORALL:
        put_name(out, &t->as.forall.var);
        put_type(out, t->as.forall.body);
        break;
    case AST_TYPE_FUNC:
        put(out, t->as.func.param_count);
        for (uint32_t i = 0; i < t->as.func.param_count; i++) put_type(out, t->as.func.params[i]);
        put_type(out, t->as.func.result);
        put(out, t->as.func.closed);
        break;
    case AST_TYPE_TUPLE:
        put(out, t->as.tuple.count);
        for (uint32_t i = 0; i < t->as.tuple.count; i++) put_type(out, t->as.tuple.items[i]);
        break;
    case AST_TYPE_RECORD:
        put_name(out, &t->as.record.head);
        put(out, t->as.record.count);
        for (uint32_t i = 0; i < t->as.record.count; i++) {
            put_name(out, &t->as.record.fields[i].name);
            put_type(out, t->as.record.fields[i].type);
        }
        break;
    }
}

bool fe_ast_compact_write(StrBuf *out, const AstFile *file) {
    for (uint32_t i = 0; i < file->count; i++) {
        AstStmtKind kind = file->stmts[i]->kind;
        if (kind != AST_STMT_IMPORT && kind != AST_STMT_SIG && kind != AST_STMT_TYPEDEF) return false;
    }
    put(out, FE_COMPACT_MAGIC);
    put(out, file->count);
    for (uint32_t i = 0; i < file->count; i++) {
        const AstStmt *s = file->stmts[i];
        put(out, (uint32_t)s->kind);
        put_span(out, s->span);
        if (s->kind == AST_STMT_IMPORT) {
            put(out, (uint32_t)s->as.import.kind);
            put(out, s->as.import.path_len);
            for (uint32_t k = 0; k < s->as.import.path_len; k++) put_name(out, &s->as.import.path[k]);
        } else {
            put_name(out, &s->as.sig.name);
            put_type(out, s->as.sig.type);
        }
    }
    return true;
}

/* ---- reading ---- */

typedef struct Reader {
    Arena *arena;
    uint32_t file_id;
    const uint32_t *words;
    size_t count, at;
} Reader;

static uint32_t get(Reader *r) { return r->at < r->count ? r->words[r->at++] : 0; }

static const char *get_text(Reader *r) {
    uint32_t len = get(r);
    if (len == UINT32_MAX) return NULL;
    size_t words = (len + 3) / 4;
    const char *bytes = (const char *)(r->words + r->at);
    r->at += words;
    return arena_strndup(r->arena, bytes, len);
}

static Span get_span(Reader *r) {
    Span span = {r->file_id, 0, 0};
    span.start = get(r);
    span.end = get(r);
    return span;
}

static void get_name(Reader *r, AstName *name) {
    name->text = get_text(r);
    name->span = get_span(r);
    name->qualifier_count = get(r);
    AstName *qualifier = name->qualifier_count
                             ? arena_alloc_array(r->arena, name->qualifier_count, sizeof *qualifier)
                             : NULL;
    for (uint32_t i = 0; i < name->qualifier_count; i++) get_name(r, &qualifier[i]);
    name->qualifier = qualifier;
    name->zhi = get_span(r);
}

static void get_numeral(Reader *r, NumeralInfo *n) {
    uint32_t flags = get(r);
    n->is_decimal = flags & 1u;
    n->is_negative = flags & 2u;
    n->is_hex = flags & 4u;
    n->overflow = flags & 8u;
    uint64_t low = get(r);
    n->int_value = low | (uint64_t)get(r) << 32;
    uint64_t bits = get(r);
    bits |= (uint64_t)get(r) << 32;
    memcpy(&n->float_value, &bits, sizeof bits);
    n->ascii = get_text(r);
}

static AstType **get_types(Reader *r, uint32_t count);

static AstType *get_type(Reader *r) {
    uint32_t kind = get(r);
    if (kind == UINT32_MAX) return NULL;
    AstType *t = arena_alloc(r->arena, sizeof *t);
    memset(t, 0, sizeof *t);
    t->kind = (AstTypeKind)kind;
    t->span = get_span(r);
    switch (t->kind) {
    case AST_TYPE_NAME: get_name(r, &t->as.name); break;
    case AST_TYPE_NUMERAL:
        t->as.numeral.text = get_text(r);
        get_numeral(r, &t->as.numeral.value);
        break;
    case AST_TYPE_APP:
        t->as.app.head = get_type(r);
        t->as.app.arg_count = get(r);
        t->as.app.args = get_types(r, t->as.app.arg_count);
        break;
    case AST_TYPE_FORALL:
        get_name(r, &t->as.forall.var);
        t->as.forall.body = get_type(r);
        break;
    case AST_TYPE_FUNC:
        t->as.func.param_count = get(r);
        t->as.func.params = get_types(r, t->as.func.param_count);
        t->as.func.result = get_type(r);
        t->as.func.closed = get(r) != 0;
        break;
    case AST_TYPE_TUPLE:
        t->as.tuple.count = get(r);
        t->as.tuple.items = get_types(r, t->as.tuple.count);
        break;
    case AST_TYPE_RECORD:
        get_name(r, &t->as.record.head);
        t->as.record.count = get(r);
        t->as.record.fields = t->as.record.count
                                  ? arena_alloc_array(r->arena, t->as.record.count, sizeof *t->as.record.fields)
                                  : NULL;
        for (uint32_t i = 0; i < t->as.record.count; i++) {
            get_name(r, &t->as.record.fields[i].name);
            t->as.record.fields[i].type = get_type(r);
        }
        break;
    }
    return t;
}

static AstType **get_types(Reader *r, uint32_t count) {
    AstType **types = count ? arena_alloc_array(r->arena, count, sizeof *types) : NULL;
    for (uint32_t i = 0; i < count; i++) types[i] = get_type(r);
    return types;
}

AstFile *fe_ast_compact_read(Arena *arena, const SourceFile *source, const uint32_t *words, size_t count) {
    Reader r = {arena, source->id, words, count, 0};
    if (get(&r) != FE_COMPACT_MAGIC) return NULL;
    AstFile *file = arena_alloc(arena, sizeof *file);
    file->source = source;
    file->count = get(&r);
    file->stmts = file->count ? arena_alloc_array(arena, file->count, sizeof *file->stmts) : NULL;
    for (uint32_t i = 0; i < file->count; i++) {
        AstStmt *s = arena_alloc(arena, sizeof *s);
        memset(s, 0, sizeof *s);
        s->kind = (AstStmtKind)get(&r);
        s->span = get_span(&r);
        if (s->kind == AST_STMT_IMPORT) {
            s->as.import.kind = (AstImportKind)get(&r);
            s->as.import.path_len = get(&r);
            s->as.import.path = arena_alloc_array(arena, s->as.import.path_len + 1, sizeof *s->as.import.path);
            for (uint32_t k = 0; k < s->as.import.path_len; k++) get_name(&r, &s->as.import.path[k]);
        } else {
            get_name(&r, &s->as.sig.name);
            s->as.sig.type = get_type(&r);
        }
        file->stmts[i] = s;
    }
    return r.at == count ? file : NULL;
}
