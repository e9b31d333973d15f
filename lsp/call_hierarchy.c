/* Call hierarchy (lsp/call_hierarchy.h). An item names its definition in `data` (the file and
 * the position of its defining name, as the index has them), so a later request finds the
 * same symbol in any open document's index. A caller is found by the top-level statement
 * around a call: the statements of a file come from the lexer (each ends at its 。), and the
 * first name of the statement (「名」者 …) is what it defines. */
#include "lsp/call_hierarchy.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/file.h"
#include "base/memory.h"
#include "lib/positions.h"
#include "lsp/json_text.h"
#include "lsp/navigation.h"

static bool position_before(yusec_position a, yusec_position b) {
    return a.line < b.line || (a.line == b.line && a.character < b.character);
}

static bool same_position(yusec_position a, yusec_position b) {
    return a.line == b.line && a.character == b.character;
}

/* ---- the top-level statements of a file ---- */

typedef struct Statement {
    yusec_position start, end;  /* from its first token to the end of its 。 */
} Statement;

typedef struct FileStatements {
    char *path;
    Statement *items;
    size_t count;
} FileStatements;

/* Statements of the files met in one request. */
typedef struct Files {
    LspServer *server;
    FileStatements *items;
    size_t count, cap;
} Files;

static char *read_whole(const char *path, size_t *len) {
    const char *kind;
    FILE *file = file_open_regular(path, &kind);
    if (!file) return NULL;
    StrBuf text;
    strbuf_init(&text);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, file)) > 0) strbuf_append(&text, chunk, n);
    fclose(file);
    *len = text.len;
    char *copy = mem_alloc(text.len + 1);
    memcpy(copy, strbuf_cstr(&text), text.len + 1);
    strbuf_free(&text);
    return copy;
}

static bool is_full_stop(const char *text, const yusec_token *token) {
    return token->kind == YUSEC_TOKEN_PUNCTUATION && token->length == strlen("。") &&
           memcmp(text + token->offset, "。", token->length) == 0;
}

/* The statements of `text` from its tokens. */
static void split_tokens(FileStatements *file, const char *text, size_t len, const yusec_token *items, size_t count) {
    file->items = mem_calloc(count + 1, sizeof *file->items);
    LibPositionCursor cursor;
    lib_cursor_init(&cursor, text, len);
    bool open = false;
    for (size_t i = 0; i < count; i++) {
        if (items[i].kind == YUSEC_TOKEN_COMMENT) continue;
        /* offsets in increasing order: the cursor walks the text once (linear) */
        yusec_position start = lib_cursor_seek(&cursor, items[i].offset);
        yusec_position end = lib_cursor_seek(&cursor, items[i].offset + items[i].length);
        if (!open) {
            file->items[file->count].start = start;
            open = true;
        }
        file->items[file->count].end = end;
        if (is_full_stop(text, &items[i])) {
            file->count++;
            open = false;
        }
    }
    if (open) file->count++;  /* no 。 before the end */
}

static void split_statements(FileStatements *file, const char *text, size_t len) {
    yusec_tokens *tokens = yusec_tokenize(text, len);
    size_t count = 0;
    const yusec_token *items = tokens ? yusec_tokens_items(tokens, &count) : NULL;
    split_tokens(file, text, len, items, count);
    yusec_tokens_free(tokens);
}

/* An open document's statements from the tokens its index kept (the same yusec_tokenize
 * gives, without lexing the text again: some 10 ms of 10,000 lines). */
static void split_open_document(Files *files, FileStatements *file, const LspDocument *open) {
    size_t count = 0;
    const yusec_token *items = yusec_index_tokens(lsp_index_of(files->server, open), &count);
    if (items) split_tokens(file, open->text, open->len, items, count);
    else split_statements(file, open->text, open->len);
}

static const FileStatements *statements_of(Files *files, const char *path) {
    for (size_t i = 0; i < files->count; i++)
        if (strcmp(files->items[i].path, path) == 0) return &files->items[i];
    if (files->count == files->cap) {
        files->cap = files->cap ? files->cap * 2 : 4;
        files->items = mem_realloc(files->items, files->cap * sizeof *files->items);
    }
    FileStatements *file = &files->items[files->count++];
    memset(file, 0, sizeof *file);
    size_t len = strlen(path);
    file->path = mem_alloc(len + 1);
    memcpy(file->path, path, len + 1);
    const LspDocument *open = lsp_documents_find_path(&files->server->documents, path);
    if (open) {
        split_open_document(files, file, open);
    } else {
        size_t text_len = 0;
        char *text = read_whole(path, &text_len);
        split_statements(file, text ? text : "", text ? text_len : 0);
        mem_free(text);
    }
    return file;
}

static void files_free(Files *files) {
    for (size_t i = 0; i < files->count; i++) {
        mem_free(files->items[i].path);
        mem_free(files->items[i].items);
    }
    mem_free(files->items);
}

/* The statement of `file` around `at`, or NULL. */
static const Statement *statement_at(const FileStatements *file, yusec_position at) {
    size_t low = 0, high = file->count;
    while (low < high) {
        size_t mid = (low + high) / 2;
        if (position_before(file->items[mid].end, at) || same_position(file->items[mid].end, at)) low = mid + 1;
        else high = mid;
    }
    if (low < file->count && !position_before(at, file->items[low].start)) return &file->items[low];
    return NULL;
}

/* ---- items ---- */

static bool is_callable(const yusec_symbol *symbol) {
    return symbol->is_callable || symbol->kind == YUSEC_SYMBOL_ENTRY;
}

static bool is_caller(const yusec_symbol *symbol) {
    return symbol->kind == YUSEC_SYMBOL_FUNCTION || symbol->kind == YUSEC_SYMBOL_ENTRY;
}

static json_t *item_json(LspServer *server, const yusec_symbol *symbol) {
    json_t *location = lsp_location_json(server, symbol->file, symbol->range);
    json_t *item = json_pack("{s:o,s:i,s:O,s:O,s:O,s:{s:o,s:I,s:I}}", "name", lsp_json_text(symbol->name), "kind",
                             lsp_symbol_kind(symbol->kind), "uri", json_object_get(location, "uri"), "range",
                             json_object_get(location, "range"), "selectionRange", json_object_get(location, "range"),
                             "data", "file", lsp_json_text(symbol->file), "line", (json_int_t)symbol->range.start.line,
                             "character", (json_int_t)symbol->range.start.character);
    if (symbol->type) json_object_set_new(item, "detail", lsp_json_text(symbol->type));
    if (symbol->module) json_object_set_new(item, "containerName", lsp_json_text(symbol->module));
    json_decref(location);
    return item;
}

/* "file:line:character": a key for a symbol's definition or an occurrence. */
static void place_key(char *key, size_t size, const char *file, yusec_position at) {
    snprintf(key, size, "%u:%u:%s", at.line, at.character, file);
}

json_t *lsp_prepare_call_hierarchy(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_symbol *symbol = lsp_navigation_symbol_at(&nav);
    json_t *result = symbol && symbol->file && is_callable(symbol) ? json_pack("[o]", item_json(server, symbol)) : NULL;
    lsp_navigation_close(&nav);
    return result;
}

/* The item's symbol in `index` (by its definition's file and position), or YUSEC_NONE. */
static size_t find_symbol(const yusec_index *index, const char *file, yusec_position at) {
    size_t count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &count);
    for (size_t i = 0; i < count; i++)
        if (symbols[i].file && strcmp(symbols[i].file, file) == 0 && same_position(symbols[i].range.start, at))
            return i;
    return YUSEC_NONE;
}

/* The definition an item's data names; false with InvalidParams when the data is missing. */
static bool item_place(json_t *params, LspError *error, const char **file, yusec_position *at) {
    json_t *data = json_object_get(json_object_get(params, "item"), "data");
    json_t *line = json_object_get(data, "line"), *character = json_object_get(data, "character");
    *file = json_string_value(json_object_get(data, "file"));
    if (!*file || !json_is_integer(line) || !json_is_integer(character)) {
        lsp_fail(error, LSP_INVALID_PARAMS, "item.data 不是 prepareCallHierarchy 给的");
        return false;
    }
    at->line = (uint32_t)json_integer_value(line);
    at->character = (uint32_t)json_integer_value(character);
    return true;
}

/* One group of calls: {from|to: item, fromRanges: [...]} under `key` in `groups`. */
static void add_call(LspServer *server, json_t *groups, const char *side, const yusec_symbol *symbol,
                     yusec_range range) {
    char key[PATH_MAX + 32];
    place_key(key, sizeof key, symbol->file, symbol->range.start);
    json_t *group = json_object_get(groups, key);
    if (!group) {
        group = json_pack("{s:o,s:[]}", side, item_json(server, symbol), "fromRanges");
        json_object_set_new(groups, key, group);
    }
    json_array_append_new(json_object_get(group, "fromRanges"), lsp_range_json(range));
}

static bool first_time(json_t *seen, const yusec_occurrence *occurrence) {
    char key[PATH_MAX + 32];
    place_key(key, sizeof key, occurrence->file, occurrence->range.start);
    if (json_object_get(seen, key)) return false;
    json_object_set_new(seen, key, json_true());
    return true;
}

static json_t *groups_array(json_t *groups) {
    json_t *result = json_array();
    const char *key;
    json_t *group;
    json_object_foreach(groups, key, group) json_array_append(result, group);
    json_decref(groups);
    return result;
}

/* The function or entry whose top-level statement holds `occurrence`, or NULL. */
static const yusec_symbol *caller_of(Files *files, const yusec_index *index, const yusec_occurrence *occurrence) {
    const Statement *statement = statement_at(statements_of(files, occurrence->file), occurrence->range.start);
    const yusec_occurrence *name = statement ? yusec_index_at(index, occurrence->file, statement->start) : NULL;
    if (!name || !same_position(name->range.start, statement->start)) return NULL;
    const yusec_symbol *symbol = &yusec_index_symbols(index, NULL)[name->symbol];
    return is_caller(symbol) ? symbol : NULL;
}

/* Every use of the item's symbol, in each open document's index (each covers its imports),
 * grouped by the function or entry it is in. */
json_t *lsp_incoming_calls(LspServer *server, json_t *params, LspError *error) {
    const char *file;
    yusec_position at;
    if (!item_place(params, error, &file, &at)) return NULL;
    Files files = {server, NULL, 0, 0};
    json_t *groups = json_object(), *seen = json_object();
    for (size_t d = 0; d < server->documents.count; d++) {
        const yusec_index *index = lsp_index_of(server, server->documents.items[d]);
        size_t symbol = find_symbol(index, file, at), count = 0;
        if (symbol == YUSEC_NONE) continue;
        const size_t *refs = yusec_index_references(index, symbol, &count);
        const yusec_occurrence *all = yusec_index_occurrences(index, NULL);
        for (size_t i = 0; i < count; i++) {
            const yusec_occurrence *use = &all[refs[i]];
            if (use->is_definition || !use->file || !first_time(seen, use)) continue;
            const yusec_symbol *caller = caller_of(&files, index, use);
            if (caller) add_call(server, groups, "from", caller, use->range);
        }
    }
    json_decref(seen);
    files_free(&files);
    return groups_array(groups);
}

/* The uses of functions inside the item's top-level statements (its 者, for a function; the
 * entry's 者), grouped by the function used. A 递归令 has no statement of its own: none. */
json_t *lsp_outgoing_calls(LspServer *server, json_t *params, LspError *error) {
    const char *file;
    yusec_position at;
    if (!item_place(params, error, &file, &at)) return NULL;
    Files files = {server, NULL, 0, 0};
    json_t *groups = json_object();
    for (size_t d = 0; d < server->documents.count; d++) {
        const yusec_index *index = lsp_index_of(server, server->documents.items[d]);
        size_t symbol = find_symbol(index, file, at), count = 0;
        if (symbol == YUSEC_NONE) continue;
        const yusec_symbol *symbols = yusec_index_symbols(index, NULL);
        const yusec_occurrence *all = yusec_index_occurrences(index, &count);
        const FileStatements *statements = statements_of(&files, file);
        for (size_t i = 0; i < count; i++) {
            const yusec_occurrence *own = &all[i];
            if (own->symbol != symbol || !own->is_definition || !own->file || strcmp(own->file, file) != 0) continue;
            const Statement *body = statement_at(statements, own->range.start);
            if (!body || !same_position(body->start, own->range.start) || !is_caller(&symbols[symbol])) continue;
            for (size_t j = 0; j < count; j++) {
                const yusec_occurrence *use = &all[j];
                if (!use->file || strcmp(use->file, file) != 0 || use->is_definition ||
                    position_before(use->range.start, body->start) || !position_before(use->range.start, body->end))
                    continue;
                if (symbols[use->symbol].is_callable && symbols[use->symbol].file)
                    add_call(server, groups, "to", &symbols[use->symbol], use->range);
            }
        }
        break;  /* the first index that sees the definition has its file's occurrences */
    }
    files_free(&files);
    return groups_array(groups);
}

void lsp_advertise_call_hierarchy(json_t *capabilities) {
    json_object_set_new(capabilities, "callHierarchyProvider", json_true());
}
