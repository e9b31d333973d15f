/* Diagnostics: a compile through libyusec, its diagnostics as LSP's. */
#define _XOPEN_SOURCE 700  /* realpath */
#include "lsp/diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "base/strbuf.h"
#include "lib/context.h"
#include "lib/positions.h"
#include "lib/targets.h"
#include "lsp/json_text.h"
#include "lsp/lifecycle.h"

/* One publication: the document and its columns, counted once for all its diagnostics. */
typedef struct Publication {
    const LspDocument *doc;
    LibColumnCursor columns;
} Publication;

/* The source provider: open documents are served from the editor's text. */
static bool read_open_document(void *user, const char *path, const char **text, size_t *len) {
    const LspDocument *doc = lsp_documents_find_path(user, path);
    if (!doc) return false;
    *text = doc->text;
    *len = doc->len;
    return true;
}

yusec_context *lsp_context(LspServer *server) {
    if (server->context) return server->context;
    yusec_options options = *server->base_options;
    options.provider.read = read_open_document;
    options.provider.user = &server->documents;
    server->context = yusec_context_new(&options);
    if (!server->context) mem_exhausted(sizeof options);
    return server->context;
}

/* Whether `path` names the file the context read as the builtin interface. */
static bool is_builtin_interface(const yusec_context *context, const char *path) {
    const char *builtin = context->config.builtin_file_real;
    if (!builtin) return false;
    char *real = realpath(path, NULL);
    bool same = real && strcmp(real, builtin) == 0;
    free(real);
    return same;
}

void lsp_text_changed(LspServer *server, const char *path) {
    lsp_documents_changed(&server->documents, path);
    if (server->context && is_builtin_interface(server->context, path)) {
        yusec_context_free(server->context);
        server->context = NULL;
    }
}

yusec_result *lsp_compile(LspServer *server, const LspDocument *doc, unsigned targets) {
    yusec_input input = {doc->path, doc->text, doc->len};
    yusec_result *result = yusec_compile(lsp_context(server), &input, targets);
    if (!result) mem_exhausted(doc->len);
    return result;
}

static json_t *position(LibColumnCursor *columns, uint32_t line, uint32_t column) {
    if (line == 0) line = 1;
    return json_pack("{s:I,s:I}", "line", (json_int_t)(line - 1), "character",
                     (json_int_t)lib_column_cursor_utf16(columns, line, column));
}

json_t *lsp_range_of(LibColumnCursor *columns, const yusec_location *at) {
    uint32_t end_line = at->end_line ? at->end_line : at->line;
    uint32_t end_column = at->end_line ? at->end_column : at->column + 1;
    return json_pack("{s:o,s:o}", "start", position(columns, at->line, at->column), "end",
                     position(columns, end_line, end_column));
}

static int lsp_severity(yusec_severity severity) {
    switch (severity) {
    case YUSEC_ERROR: return 1;
    case YUSEC_WARNING: return 2;
    case YUSEC_NOTE: return 3;
    }
    return 3;
}

static bool in_document(const LspDocument *doc, const yusec_location *at) {
    return at->file && strcmp(at->file, doc->path) == 0;
}

/* "file:line:col: message" for a place outside the document. */
static json_t *message_with_place(const yusec_diagnostic *diag) {
    const yusec_location *at = &diag->location;
    size_t size = strlen(diag->message) + strlen(at->file) + 48;
    char *text = mem_alloc(size);
    snprintf(text, size, "%s:%u:%u: %s", at->file, at->line, at->column, diag->message);
    json_t *message = lsp_json_text(text);
    mem_free(text);
    return message;
}

/* A note as DiagnosticRelatedInformation. In another file its range is measured on that
 * file's open text when it is open, else given by line only (its text is not at hand). */
static json_t *related(const LspServer *server, Publication *out, const yusec_diagnostic *note) {
    const LspDocument *doc = out->doc;
    const yusec_location *at = &note->location;
    const LspDocument *where = in_document(doc, at) ? doc : lsp_documents_find_path(&server->documents, at->file);
    json_t *range;
    char *uri = NULL;
    if (where == doc) {
        range = lsp_range_of(&out->columns, at);
    } else if (where) {
        LibColumnCursor columns;
        lib_column_cursor_init(&columns, where->text, where->len);
        range = lsp_range_of(&columns, at);
        lib_column_cursor_free(&columns);
    } else {
        uint32_t line = at->line ? at->line - 1 : 0;
        range = json_pack("{s:{s:I,s:i},s:{s:I,s:i}}", "start", "line", (json_int_t)line, "character", 0,
                          "end", "line", (json_int_t)line, "character", 0);
        uri = lsp_path_to_uri(at->file);
    }
    json_t *info = json_pack("{s:{s:s,s:o},s:o}", "location", "uri", where ? where->uri : uri, "range",
                             range, "message", lsp_json_text(note->message));
    mem_free(uri);
    return info;
}

/* A diagnostic located in another file (an imported module) or nowhere is shown at the
 * document's start with its place in the message. */
static json_t *to_lsp_diagnostic(const LspServer *server, Publication *publication, const yusec_diagnostic *diag) {
    const LspDocument *doc = publication->doc;
    bool here = in_document(doc, &diag->location);
    yusec_location top = {NULL, 1, 1, 1, 1};
    const TargetDescriptor *target = diag->from_target ? lib_target(diag->target) : NULL;
    char source[64];
    snprintf(source, sizeof source, "yusec%s%s", target ? " " : "", target ? target->name : "");
    json_t *out = json_pack("{s:o,s:i,s:s,s:o}", "range", lsp_range_of(&publication->columns, here ? &diag->location : &top),
                            "severity", lsp_severity(diag->severity), "source", source, "message",
                            here || !diag->location.file ? lsp_json_text(diag->message) : message_with_place(diag));
    if (diag->code) json_object_set_new(out, "code", json_string(diag->code));
    json_t *notes = json_array();
    for (size_t i = 0; i < diag->note_count; i++)
        if (diag->notes[i].location.file) json_array_append_new(notes, related(server, publication, &diag->notes[i]));
    if (json_array_size(notes)) json_object_set_new(out, "relatedInformation", notes);
    else json_decref(notes);
    return out;
}

/* Whether `diagnostic` has the place, severity and message of one published before (two
 * targets whose passes agree report the same finding, e.g. the uniformity analysis on WGSL
 * and MSL): `seen` holds those published, by that key. */
static bool repeats(json_t *seen, json_t *diagnostic) {
    json_t *key_parts = json_pack("[O,O,O]", json_object_get(diagnostic, "range"),
                                  json_object_get(diagnostic, "severity"), json_object_get(diagnostic, "message"));
    char *key = key_parts ? json_dumps(key_parts, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(key_parts);
    if (!key) return false;
    bool found = json_object_get(seen, key) != NULL;
    if (!found) json_object_set_new_nocheck(seen, key, json_true());
    free(key);
    return found;
}

/* A diagnostic's finding — place, severity, message — as a key. */
static void finding_key(StrBuf *key, const yusec_diagnostic *diag) {
    const yusec_location *at = &diag->location;
    strbuf_clear(key);
    strbuf_printf(key, "%d:%u:%u:%u:%u:%zu:%s:%s", (int)diag->severity, at->line, at->column, at->end_line,
                  at->end_column, at->file ? strlen(at->file) : (size_t)-1, at->file ? at->file : "", diag->message);
}

/* For each finding, the targets (YUSEC_WANT_…) whose own passes report it, in one pass:
 * a JSON object from finding_key to the bits. */
static json_t *targets_by_finding(const yusec_diagnostic *diags, size_t count) {
    json_t *map = json_object();
    StrBuf key;
    strbuf_init(&key);
    for (size_t i = 0; i < count; i++) {
        if (!diags[i].from_target) continue;
        finding_key(&key, &diags[i]);
        json_int_t bits = json_integer_value(json_object_get(map, strbuf_cstr(&key)));
        json_object_set_new_nocheck(map, strbuf_cstr(&key), json_integer(bits | YUSEC_WANT(diags[i].target)));
    }
    strbuf_free(&key);
    return map;
}

/* The targets whose own passes report the same finding as `diag`. */
static unsigned reporting_targets(json_t *targets, const yusec_diagnostic *diag) {
    StrBuf key;
    strbuf_init(&key);
    finding_key(&key, diag);
    unsigned bits = (unsigned)json_integer_value(json_object_get(targets, strbuf_cstr(&key)));
    strbuf_free(&key);
    return bits;
}

/* The diagnostic as the settings publish it: false when it is not shown. The rule is for a
 * target's translation errors: a finding that every compiled target's passes report (the
 * uniformity analysis runs in each) is the source's and keeps its severity. */
static bool apply_target_rule(const LspSettings *settings, json_t *targets, yusec_diagnostic *diag) {
    if (!diag->from_target) return true;
    unsigned compiled = settings->targets & (YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_PTX);
    if (reporting_targets(targets, diag) == compiled) {
        diag->from_target = false;
        return true;
    }
    if (settings->target_rule == LSP_TARGET_OFF) return false;
    if (settings->target_rule == LSP_TARGET_AS_WARNINGS && diag->severity == YUSEC_ERROR)
        diag->severity = YUSEC_WARNING;
    return true;
}

void lsp_publish_diagnostics(LspServer *server, LspDocument *doc) {
    yusec_result *result = lsp_compile(server, doc, lsp_diagnostic_targets(server));
    size_t count = 0;
    const yusec_diagnostic *diags = yusec_result_diagnostics(result, &count);
    size_t read_count = 0;
    const char *const *reads = yusec_result_files_read(result, &read_count);
    lsp_document_set_reads(doc, reads, read_count);
    Publication publication;
    publication.doc = doc;
    lib_column_cursor_init(&publication.columns, doc->text, doc->len);
    json_t *targets = targets_by_finding(diags, count), *seen = json_object(), *list = json_array();
    for (size_t i = 0; i < count; i++) {
        yusec_diagnostic diag = diags[i];
        if (!apply_target_rule(&server->settings, targets, &diag)) continue;
        json_t *item = to_lsp_diagnostic(server, &publication, &diag);
        if (repeats(seen, item)) json_decref(item);
        else json_array_append_new(list, item);
    }
    json_decref(targets);
    json_decref(seen);
    lib_column_cursor_free(&publication.columns);
    yusec_result_free(result);
    lsp_notify(server, "textDocument/publishDiagnostics",
               json_pack("{s:s,s:I,s:o}", "uri", doc->uri, "version", (json_int_t)doc->version,
                         "diagnostics", list));
    doc->dirty = false;
}

void lsp_publish_dirty(LspServer *server) {
    for (size_t i = 0; i < server->documents.count; i++)
        if (server->documents.items[i]->dirty) lsp_publish_diagnostics(server, server->documents.items[i]);
}

bool lsp_any_dirty(const LspServer *server) {
    for (size_t i = 0; i < server->documents.count; i++)
        if (server->documents.items[i]->dirty) return true;
    return false;
}
