/* The navigation requests' shared part — the document, its index, positions and locations —
 * and textDocument/definition, references and documentSymbol. */
#define _XOPEN_SOURCE 700  /* realpath */
#include "lsp/navigation.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "lsp/diagnostics.h"
#include "lsp/json_text.h"

static uint32_t clamp_u32(json_t *value) {
    json_int_t v = json_integer_value(value);
    return v < 0 ? 0 : v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

bool lsp_navigation_open(LspServer *server, json_t *params, LspError *error, LspNavigation *nav) {
    memset(nav, 0, sizeof *nav);
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    nav->doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    if (!nav->doc) {
        lsp_fail(error, LSP_INVALID_PARAMS, "文档没有打开：%s", uri ? uri : "（没有 textDocument.uri）");
        return false;
    }
    json_t *position = json_object_get(params, "position");
    nav->position.line = clamp_u32(json_object_get(position, "line"));
    nav->position.character = clamp_u32(json_object_get(position, "character"));
    nav->index = lsp_index_of(server, nav->doc);
    return true;
}

void lsp_navigation_close(LspNavigation *nav) {
    nav->index = NULL;  /* the cache's (lsp/index_cache.h) */
}

const yusec_symbol *lsp_navigation_symbol_at(const LspNavigation *nav) {
    const yusec_occurrence *at = yusec_index_at(nav->index, NULL, nav->position);
    return at ? &yusec_index_symbols(nav->index, NULL)[at->symbol] : NULL;
}

json_t *lsp_range_json(yusec_range range) {
    return json_pack("{s:{s:I,s:I},s:{s:I,s:I}}", "start", "line", (json_int_t)range.start.line, "character",
                     (json_int_t)range.start.character, "end", "line", (json_int_t)range.end.line, "character",
                     (json_int_t)range.end.character);
}

json_t *lsp_location_json(LspServer *server, const char *file, yusec_range range) {
    const LspDocument *open = lsp_documents_find_path(&server->documents, file);
    if (open) return json_pack("{s:o,s:o}", "uri", lsp_json_text(open->uri), "range", lsp_range_json(range));
    char absolute[PATH_MAX];
    char *uri = lsp_path_to_uri(file[0] != '/' && realpath(file, absolute) ? absolute : file);
    json_t *location = json_pack("{s:o,s:o}", "uri", lsp_json_text(uri), "range", lsp_range_json(range));
    mem_free(uri);
    return location;
}

/* ---- textDocument/definition ---- */

json_t *lsp_definition(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_symbol *symbol = lsp_navigation_symbol_at(&nav);
    json_t *result = symbol && symbol->file ? lsp_location_json(server, symbol->file, symbol->range) : NULL;
    lsp_navigation_close(&nav);
    return result;
}

void lsp_advertise_definition(json_t *capabilities) {
    json_object_set_new(capabilities, "definitionProvider", json_true());
}

/* ---- textDocument/references ---- */

json_t *lsp_navigation_references(LspServer *server, json_t *params, LspError *error,
                                  LspOccurrenceVisit *visit, void *user) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_occurrence *at = yusec_index_at(nav.index, NULL, nav.position);
    json_t *result = NULL;
    if (at) {
        result = json_array();
        size_t count;
        const size_t *refs = yusec_index_references(nav.index, at->symbol, &count);
        const yusec_occurrence *all = yusec_index_occurrences(nav.index, NULL);
        for (size_t i = 0; i < count; i++) visit(server, &nav, &all[refs[i]], result, user);
    }
    lsp_navigation_close(&nav);
    return result;
}

static void add_location(LspServer *server, const LspNavigation *nav, const yusec_occurrence *occurrence,
                         json_t *result, void *user) {
    (void)nav;
    bool declarations = *(const bool *)user;
    if (declarations || !occurrence->is_definition)
        json_array_append_new(result, lsp_location_json(server, occurrence->file, occurrence->range));
}

json_t *lsp_references(LspServer *server, json_t *params, LspError *error) {
    bool declarations = json_is_true(json_object_get(json_object_get(params, "context"), "includeDeclaration"));
    return lsp_navigation_references(server, params, error, add_location, &declarations);
}

void lsp_advertise_references(json_t *capabilities) {
    json_object_set_new(capabilities, "referencesProvider", json_true());
}

/* ---- textDocument/documentSymbol ---- */

int lsp_symbol_kind(yusec_symbol_kind kind) {
    switch (kind) {
    case YUSEC_SYMBOL_RESOURCE: return 13;        /* Variable */
    case YUSEC_SYMBOL_ENTRY: return 24;           /* Event */
    case YUSEC_SYMBOL_FUNCTION: case YUSEC_SYMBOL_LOCAL_FUNCTION: case YUSEC_SYMBOL_BUILTIN_FUNCTION: return 12;
    case YUSEC_SYMBOL_CONSTANT: case YUSEC_SYMBOL_BUILTIN_VALUE: return 14;  /* Constant */
    case YUSEC_SYMBOL_STRUCT: return 23;          /* Struct */
    case YUSEC_SYMBOL_ALIAS: case YUSEC_SYMBOL_BUILTIN_TYPE: return 26;      /* TypeParameter */
    case YUSEC_SYMBOL_FIELD: return 8;            /* Field */
    case YUSEC_SYMBOL_PARAMETER: case YUSEC_SYMBOL_LOCAL: return 13;
    }
    return 13;
}

static void range_text(StrBuf *out, yusec_range range) {
    strbuf_printf(out, "{\"start\":{\"line\":%u,\"character\":%u},\"end\":{\"line\":%u,\"character\":%u}}",
                  range.start.line, range.start.character, range.end.line, range.end.character);
}

/* One DocumentSymbol, without its closing brace (children may follow). */
static void document_symbol(StrBuf *out, const yusec_symbol *symbol) {
    strbuf_puts(out, "{\"name\":");
    lsp_json_text_append(out, symbol->name);
    strbuf_printf(out, ",\"kind\":%d,\"range\":", lsp_symbol_kind(symbol->kind));
    range_text(out, symbol->range);
    strbuf_puts(out, ",\"selectionRange\":");
    range_text(out, symbol->range);
    if (symbol->type) {
        strbuf_puts(out, ",\"detail\":");
        lsp_json_text_append(out, symbol->type);
    }
}

/* Top-level definitions by kind, with a struct's fields and a function's parameters as
 * children: one pass over the symbols links each child after its parent's last. Written as
 * JSON text (a text handler): a json_t per value took most of the time on a large document. */
bool lsp_document_symbols(LspServer *server, json_t *params, LspError *error, StrBuf *result) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return false;
    size_t count, symbol_count;
    const size_t *top = yusec_index_document_symbols(nav.index, &count);
    const yusec_symbol *symbols = yusec_index_symbols(nav.index, &symbol_count);
    /* first[p], last[p]: p's children; next[c]: the child after c (symbol_count: none) */
    size_t *first = mem_alloc((symbol_count + 1) * sizeof *first), *last = mem_alloc((symbol_count + 1) * sizeof *last);
    size_t *next = mem_alloc((symbol_count + 1) * sizeof *next);
    bool *is_top = mem_calloc(symbol_count + 1, sizeof *is_top);
    for (size_t s = 0; s <= symbol_count; s++) first[s] = last[s] = next[s] = symbol_count;
    for (size_t i = 0; i < count; i++) is_top[top[i]] = true;
    for (size_t s = 0; s < symbol_count; s++) {
        size_t parent = symbols[s].parent;
        if (parent >= symbol_count || !is_top[parent] || !symbols[s].file || strcmp(symbols[s].file, nav.doc->path) != 0)
            continue;
        if (first[parent] == symbol_count) first[parent] = s;
        else next[last[parent]] = s;
        last[parent] = s;
    }
    strbuf_putc(result, '[');
    for (size_t i = 0; i < count; i++) {
        if (i) strbuf_putc(result, ',');
        document_symbol(result, &symbols[top[i]]);
        strbuf_puts(result, ",\"children\":[");
        for (size_t c = first[top[i]]; c != symbol_count; c = next[c]) {
            if (c != first[top[i]]) strbuf_putc(result, ',');
            document_symbol(result, &symbols[c]);
            strbuf_putc(result, '}');
        }
        strbuf_puts(result, "]}");
    }
    strbuf_putc(result, ']');
    mem_free(first);
    mem_free(last);
    mem_free(next);
    mem_free(is_top);
    lsp_navigation_close(&nav);
    return true;
}

void lsp_advertise_document_symbols(json_t *capabilities) {
    json_object_set_new(capabilities, "documentSymbolProvider", json_true());
}
