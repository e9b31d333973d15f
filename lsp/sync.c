/* Open, change, close and save. Each tells the documents that the text compiles see changed
 * (lsp_documents_changed): the open importers are checked again, cached indexes dropped. */
#include "lsp/sync.h"

#include "lsp/diagnostics.h"

static const char *uri_of(json_t *params) {
    return json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
}

void lsp_did_open(LspServer *server, json_t *params) {
    json_t *item = json_object_get(params, "textDocument");
    const char *uri = json_string_value(json_object_get(item, "uri"));
    json_t *text = json_object_get(item, "text");
    if (!uri || !json_is_string(text)) return;
    LspDocument *doc = lsp_documents_open(&server->documents, uri, json_string_value(text), json_string_length(text),
                                          json_integer_value(json_object_get(item, "version")));
    lsp_memory_reserve_for(&server->memory, doc->len);
    lsp_text_changed(server, doc->path);
}

static bool read_position(json_t *object, yusec_position *position) {
    json_t *line = json_object_get(object, "line"), *character = json_object_get(object, "character");
    if (!json_is_integer(line) || !json_is_integer(character)) return false;
    json_int_t l = json_integer_value(line), c = json_integer_value(character);
    position->line = l < 0 ? 0 : l > UINT32_MAX ? UINT32_MAX : (uint32_t)l;
    position->character = c < 0 ? 0 : c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
    return true;
}

/* One TextDocumentContentChangeEvent: {range, text} or {text} (the whole document). */
static void apply_change(LspDocument *doc, json_t *change) {
    json_t *text = json_object_get(change, "text");
    if (!json_is_string(text)) return;
    json_t *range = json_object_get(change, "range");
    yusec_position start = {0, 0}, end = {0, 0};
    bool whole = !range || !read_position(json_object_get(range, "start"), &start) ||
                 !read_position(json_object_get(range, "end"), &end);
    lsp_document_edit(doc, whole, start, end, json_string_value(text), json_string_length(text));
}

void lsp_did_change(LspServer *server, json_t *params) {
    const char *uri = uri_of(params);
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    if (!doc) return;
    size_t i;
    json_t *change;
    json_array_foreach(json_object_get(params, "contentChanges"), i, change) apply_change(doc, change);
    json_t *version = json_object_get(json_object_get(params, "textDocument"), "version");
    if (json_is_integer(version)) doc->version = json_integer_value(version);
    lsp_memory_reserve_for(&server->memory, doc->len);
    lsp_text_changed(server, doc->path);
}

/* Closing clears the document's diagnostics (the editor shows none for a closed file); its
 * importers are checked again against the file on disk. */
void lsp_did_close(LspServer *server, json_t *params) {
    const char *uri = uri_of(params);
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    if (!doc) return;
    lsp_text_changed(server, doc->path);
    lsp_notify(server, "textDocument/publishDiagnostics",
               json_pack("{s:s,s:[]}", "uri", uri, "diagnostics"));
    lsp_documents_close(&server->documents, uri);
}

/* The text is already the editor's; saving re-checks it now (the files it imports may have
 * changed on disk). */
void lsp_did_save(LspServer *server, json_t *params) {
    const char *uri = uri_of(params);
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    if (!doc) return;
    doc->dirty = true;
    lsp_text_changed(server, doc->path);
}

/* TextDocumentSyncKind.Incremental (2); save notifications without the text. */
void lsp_advertise_sync(json_t *capabilities) {
    json_object_set_new(capabilities, "textDocumentSync",
                        json_pack("{s:b,s:i,s:{s:b}}", "openClose", 1, "change", 2, "save", "includeText", 0));
}
