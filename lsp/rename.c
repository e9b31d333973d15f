/* textDocument/prepareRename and textDocument/rename (lsp/rename.h). */
#include "lsp/rename.h"

#include <stdio.h>
#include <string.h>

#include "base/memory.h"
#include "lsp/json_text.h"
#include "lsp/navigation.h"

/* LSP 3.17's RequestFailed: the request was valid but cannot be carried out. */
enum { LSP_REQUEST_FAILED = -32803 };

static bool is_builtin(const yusec_symbol *symbol) {
    return symbol->kind == YUSEC_SYMBOL_BUILTIN_FUNCTION || symbol->kind == YUSEC_SYMBOL_BUILTIN_VALUE ||
           symbol->kind == YUSEC_SYMBOL_BUILTIN_TYPE;
}

/* The text between a name's 「 and 」 (each one UTF-16 unit). */
static yusec_range inner(yusec_range range) {
    range.start.character++;
    if (range.end.character > range.start.character) range.end.character--;
    return range;
}

/* The symbol under the cursor that may be renamed; NULL with the error set when it may not,
 * NULL without one when there is no name there. */
static const yusec_symbol *renameable_at(const LspNavigation *nav, const yusec_occurrence **at, LspError *error) {
    *at = yusec_index_at(nav->index, NULL, nav->position);
    if (!*at) return NULL;
    const yusec_symbol *symbol = &yusec_index_symbols(nav->index, NULL)[(*at)->symbol];
    if (is_builtin(symbol)) {
        lsp_fail(error, LSP_REQUEST_FAILED, "「%s」是点染本的内建名，不能改名", symbol->name);
        return NULL;
    }
    if (!symbol->file) {
        lsp_fail(error, LSP_REQUEST_FAILED, "「%s」没有可改的定义", symbol->name);
        return NULL;
    }
    return symbol;
}

json_t *lsp_prepare_rename(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_occurrence *at;
    const yusec_symbol *symbol = renameable_at(&nav, &at, error);
    json_t *result = symbol ? json_pack("{s:o,s:o}", "range", lsp_range_json(inner(at->range)), "placeholder",
                                        lsp_json_text(symbol->name))
                            : NULL;
    lsp_navigation_close(&nav);
    return result;
}

/* A control character (which the lexer skips with an error inside a name): C0, DEL, C1. */
static bool has_control(const char *name, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char byte = (unsigned char)name[i];
        if (byte < 0x20 || byte == 0x7F || (byte == 0xC2 && i + 1 < len && (unsigned char)name[i + 1] < 0xA0))
            return true;
    }
    return false;
}

static bool is_blank_at(const char *at) {
    return *at == ' ' || *at == '\t' || strncmp(at, "　", strlen("　")) == 0;
}

/* White space at either end: a name the user could not tell from the one without it. */
static bool has_blank_end(const char *name, size_t len) {
    size_t wide = strlen("　");
    return is_blank_at(name) || name[len - 1] == ' ' || name[len - 1] == '\t' ||
           (len >= wide && is_blank_at(name + len - wide));
}

/* True when `name` written as 「name」 is one name token to the lexer, without control
 * characters or white space at its ends. */
static bool is_valid_name(const char *name) {
    size_t len = strlen(name);
    if (len == 0 || has_control(name, len) || has_blank_end(name, len)) return false;
    char *written = mem_alloc(len + 7);
    memcpy(written, "「", 3);
    memcpy(written + 3, name, len);
    memcpy(written + 3 + len, "」", 4);
    yusec_tokens *tokens = yusec_tokenize(written, len + 6);
    size_t count = 0;
    const yusec_token *items = tokens ? yusec_tokens_items(tokens, &count) : NULL;
    bool valid = count == 1 && items[0].kind == YUSEC_TOKEN_NAME && items[0].offset == 0 && items[0].length == len + 6;
    yusec_tokens_free(tokens);
    mem_free(written);
    return valid;
}

/* The renaming being gathered: the definition (its file and defining range) and the edits,
 * {uri: [TextEdit]}, each occurrence once however many indexes find it (`seen`: a key per
 * edit made, "uri#line:character"). */
typedef struct Rename {
    LspServer *server;
    const char *new_name;
    const char *file;
    yusec_range definition;
    json_t *changes, *seen;
    LspError *error;
} Rename;

static bool same_position(yusec_position a, yusec_position b) {
    return a.line == b.line && a.character == b.character;
}

/* The symbol of `index` that is the definition being renamed, or YUSEC_NONE. */
static size_t find_symbol(const Rename *rename, const yusec_index *index) {
    size_t count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &count);
    for (size_t i = 0; i < count; i++)
        if (symbols[i].file && strcmp(symbols[i].file, rename->file) == 0 &&
            same_position(symbols[i].range.start, rename->definition.start))
            return i;
    return YUSEC_NONE;
}

/* True when some definition other than `symbol` is named new_name: only then can renaming
 * collide, and the scopes are looked at. */
static bool name_taken(const Rename *rename, const yusec_index *index, size_t symbol) {
    size_t count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &count);
    for (size_t i = 0; i < count; i++)
        if (i != symbol && strcmp(symbols[i].name, rename->new_name) == 0) return true;
    return false;
}

/* Another definition named new_name in scope where an occurrence (in the indexed document)
 * is, or among the symbol's siblings (a struct's fields, a function's parameters): refused. */
static bool collides(Rename *rename, yusec_index *index, size_t symbol, yusec_position where) {
    size_t count, symbol_count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &symbol_count);
    const size_t *scope = yusec_index_in_scope(index, where, &count);
    for (size_t i = 0; i < count; i++)
        if (scope[i] != symbol && strcmp(symbols[scope[i]].name, rename->new_name) == 0) {
            lsp_fail(rename->error, LSP_REQUEST_FAILED, "「%s」在此已有定义（%s），改名会与之相撞", rename->new_name,
                     is_builtin(&symbols[scope[i]]) ? "点染本的内建名" : "同一作用域中的名");
            return true;
        }
    size_t parent = symbols[symbol].parent;
    for (size_t i = 0; parent != YUSEC_NONE && i < symbol_count; i++)
        if (i != symbol && symbols[i].parent == parent && strcmp(symbols[i].name, rename->new_name) == 0) {
            lsp_fail(rename->error, LSP_REQUEST_FAILED, "「%s」已是「%s」的另一个成员或参数，改名会与之相撞",
                     rename->new_name, symbols[parent].name);
            return true;
        }
    return false;
}

static void add_edit(Rename *rename, const char *file, yusec_range range) {
    json_t *location = lsp_location_json(rename->server, file, inner(range));
    const char *uri = json_string_value(json_object_get(location, "uri"));
    size_t size = strlen(uri) + 32;
    char *key = mem_alloc(size);
    snprintf(key, size, "%s#%u:%u", uri, (unsigned)range.start.line, (unsigned)range.start.character);
    if (!json_object_get(rename->seen, key)) {
        json_object_set_new(rename->seen, key, json_true());
        json_t *edits = json_object_get(rename->changes, uri);
        if (!edits) {
            edits = json_array();
            json_object_set_new(rename->changes, uri, edits);
        }
        json_array_append_new(edits, json_pack("{s:O,s:o}", "range", json_object_get(location, "range"), "newText",
                                               lsp_json_text(rename->new_name)));
    }
    mem_free(key);
    json_decref(location);
}

/* The occurrences one document's index finds; false when a collision refuses the rename. */
static bool gather(Rename *rename, LspNavigation *nav) {
    size_t symbol = find_symbol(rename, nav->index);
    if (symbol == YUSEC_NONE) return true;
    size_t count;
    const size_t *found = yusec_index_references(nav->index, symbol, &count);
    const yusec_occurrence *all = yusec_index_occurrences(nav->index, NULL);
    size_t *refs = mem_alloc((count + 1) * sizeof *refs);
    memcpy(refs, found, count * sizeof *refs);  /* in_scope may reuse the index's buffers */
    bool ok = true, taken = name_taken(rename, nav->index, symbol);
    for (size_t i = 0; ok && i < count; i++) {
        const yusec_occurrence *one = &all[refs[i]];
        if (taken && one->file && strcmp(one->file, nav->doc->path) == 0 &&
            collides(rename, nav->index, symbol, one->range.start))
            ok = false;
        else if (one->file)
            add_edit(rename, one->file, one->range);
    }
    mem_free(refs);
    return ok;
}

/* Every other open document, indexed, adds what it finds. */
static bool gather_open_documents(Rename *rename, const LspDocument *first) {
    for (size_t i = 0; i < rename->server->documents.count; i++) {
        const LspDocument *doc = rename->server->documents.items[i];
        if (doc == first) continue;
        json_t *params = json_pack("{s:{s:s}}", "textDocument", "uri", doc->uri);
        LspNavigation nav;
        bool ok = true;
        if (params && lsp_navigation_open(rename->server, params, rename->error, &nav)) {
            ok = gather(rename, &nav);
            lsp_navigation_close(&nav);
        }
        json_decref(params);
        if (!ok) return false;
    }
    return true;
}

json_t *lsp_rename(LspServer *server, json_t *params, LspError *error) {
    const char *new_name = json_string_value(json_object_get(params, "newName"));
    if (!new_name) {
        lsp_fail(error, LSP_INVALID_PARAMS, "缺 newName");
        return NULL;
    }
    if (!is_valid_name(new_name)) {
        lsp_fail(error, LSP_REQUEST_FAILED, "「%s」不是豫言的名（不带「」写名；数字、注释、括号、控制字符和首尾空白不可作名）", new_name);
        return NULL;
    }
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_occurrence *at;
    const yusec_symbol *symbol = renameable_at(&nav, &at, error);
    json_t *result = NULL;
    if (symbol) {
        Rename rename = {server, new_name, symbol->file, symbol->range, json_object(), json_object(), error};
        if (gather(&rename, &nav) && gather_open_documents(&rename, nav.doc))
            result = json_pack("{s:O}", "changes", rename.changes);
        json_decref(rename.changes);
        json_decref(rename.seen);
    }
    lsp_navigation_close(&nav);
    return result;
}

void lsp_advertise_rename(json_t *capabilities) {
    json_object_set_new(capabilities, "renameProvider", json_pack("{s:b}", "prepareProvider", 1));
}
