/* textDocument/codeAction (lsp/code_actions.h). */
#include "lsp/code_actions.h"

#include <string.h>

#include "base/memory.h"
#include "base/strbuf.h"
#include "lsp/diagnostics.h"
#include "lsp/json_text.h"

/* A Position as (line, character), compared in that order. */
static long long position_key(json_t *position) {
    return json_integer_value(json_object_get(position, "line")) * 0x100000000LL +
           json_integer_value(json_object_get(position, "character"));
}

/* Whether two Ranges meet (touching counts: a cursor at a diagnostic's end asks for it). */
static bool ranges_meet(json_t *a, json_t *b) {
    return position_key(json_object_get(a, "start")) <= position_key(json_object_get(b, "end")) &&
           position_key(json_object_get(b, "start")) <= position_key(json_object_get(a, "end"));
}

static bool in_document(const LspDocument *doc, const yusec_location *at) {
    return at->file && strcmp(at->file, doc->path) == 0;
}

/* The quick fix of one note's fix-it: an insertion where the note's range is empty, else a
 * replacement. */
static json_t *quick_fix(const LspDocument *doc, LibColumnCursor *columns, json_t *diagnostic,
                         const yusec_diagnostic *note) {
    json_t *range = lsp_range_of(columns, &note->location);
    bool insert = position_key(json_object_get(range, "start")) == position_key(json_object_get(range, "end"));
    size_t len = strlen(note->replacement);
    while (len && note->replacement[len - 1] == '\n') len--;
    StrBuf title;
    strbuf_init(&title);
    strbuf_printf(&title, insert ? "加上 %.*s" : "改成%.*s", (int)len, note->replacement);
    json_t *edit = json_pack("{s:o,s:o}", "range", range, "newText", lsp_json_text(note->replacement));
    json_t *action = json_pack("{s:o,s:s,s:[O],s:{s:{s:[o]}}}", "title", lsp_json_text(strbuf_cstr(&title)),
                               "kind", "quickfix", "diagnostics", diagnostic, "edit", "changes", doc->uri, edit);
    strbuf_free(&title);
    return action;
}

/* The diagnostic as the action names it: its range, severity, source and message. */
static json_t *diagnostic_json(LibColumnCursor *columns, const yusec_diagnostic *diag) {
    return json_pack("{s:o,s:i,s:s,s:o}", "range", lsp_range_of(columns, &diag->location), "severity",
                     diag->severity == YUSEC_ERROR ? 1 : 2, "source", "yusec", "message",
                     lsp_json_text(diag->message));
}

json_t *lsp_code_actions(LspServer *server, json_t *params, LspError *error) {
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    json_t *asked = json_object_get(params, "range");
    if (!doc || !json_is_object(asked)) {
        lsp_fail(error, LSP_INVALID_PARAMS, "文档没有打开或没有 range：%s", uri ? uri : "（没有 textDocument.uri）");
        return NULL;
    }
    yusec_result *result = lsp_compile(server, doc, 0);
    size_t count = 0;
    const yusec_diagnostic *diags = yusec_result_diagnostics(result, &count);
    LibColumnCursor columns;
    lib_column_cursor_init(&columns, doc->text, doc->len);
    json_t *actions = json_array();
    for (size_t i = 0; i < count; i++) {
        if (!in_document(doc, &diags[i].location)) continue;
        json_t *diagnostic = diagnostic_json(&columns, &diags[i]);
        if (ranges_meet(json_object_get(diagnostic, "range"), asked))
            for (size_t n = 0; n < diags[i].note_count; n++) {
                const yusec_diagnostic *note = &diags[i].notes[n];
                if (note->replacement && in_document(doc, &note->location))
                    json_array_append_new(actions, quick_fix(doc, &columns, diagnostic, note));
            }
        json_decref(diagnostic);
    }
    lib_column_cursor_free(&columns);
    yusec_result_free(result);
    return actions;
}

void lsp_advertise_code_actions(json_t *capabilities) {
    json_object_set_new(capabilities, "codeActionProvider",
                        json_pack("{s:[s]}", "codeActionKinds", "quickfix"));
}
