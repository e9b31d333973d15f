/* textDocument/formatting and rangeFormatting (lsp/formatting.h). The formatter keeps every
 * token and every line break and drops only blank lines, so the non-blank lines of the text
 * and of its layout pair up in order: a range's lines are formatted by replacing each with
 * its pair. */
#include "lsp/formatting.h"

#include <string.h>

#include "lib/positions.h"
#include "lsp/documents.h"
#include "yusec/yusec.h"

typedef struct Line {
    size_t start, end;  /* bytes; end before "\r\n", "\n" or a lone '\r' */
    size_t next;        /* where the next line starts */
} Line;

static Line line_at(const char *text, size_t len, size_t start) {
    size_t end = start;
    while (end < len && text[end] != '\n' && text[end] != '\r') end++;
    size_t next = end;
    if (next < len && text[next] == '\r') next++;
    if (next < len && text[next] == '\n' && (next == end || text[next - 1] == '\r')) next++;
    return (Line){start, end, next};
}

static bool is_blank(const char *text, Line line) {
    for (size_t i = line.start; i < line.end; i++) {
        if (text[i] == ' ' || text[i] == '\t' || text[i] == '\f' || text[i] == '\v') continue;
        if (line.end - i >= 3 && memcmp(text + i, "\xE3\x80\x80", 3) == 0) {
            i += 2;
            continue;
        }
        return false;
    }
    return true;
}

static json_t *position_json(const char *text, size_t len, uint32_t line, size_t line_start, size_t offset) {
    return json_pack("{s:I,s:I}", "line", (json_int_t)line, "character",
                     (json_int_t)lib_utf16_between(text, len, line_start, offset));
}

static json_t *edit_json(json_t *start, json_t *end, const char *text, size_t len) {
    return json_pack("{s:{s:o,s:o},s:s%}", "range", "start", start, "end", end, "newText", text, len);
}

/* The document formatted, or NULL (the answer is then null). */
static yusec_formatted *format_document(const LspDocument *doc, const char **text, size_t *len) {
    yusec_formatted *formatted = yusec_format(doc->path, doc->text, doc->len);
    *text = yusec_formatted_text(formatted, len);
    if (*text) return formatted;
    yusec_formatted_free(formatted);
    return NULL;
}

json_t *lsp_formatting(LspServer *server, json_t *params, LspError *error) {
    LspDocument *doc = lsp_document_of(server, params, error);
    if (!doc) return NULL;
    const char *text;
    size_t len;
    yusec_formatted *formatted = format_document(doc, &text, &len);
    if (!formatted) return json_null();
    json_t *edits = json_array();
    if (len != doc->len || memcmp(text, doc->text, len) != 0) {
        yusec_position end = lib_text_position_of(doc->text, doc->len, doc->len);
        json_t *end_json = json_pack("{s:I,s:I}", "line", (json_int_t)end.line, "character", (json_int_t)end.character);
        json_t *start_json = json_pack("{s:i,s:i}", "line", 0, "character", 0);
        json_array_append_new(edits, edit_json(start_json, end_json, text, len));
    }
    yusec_formatted_free(formatted);
    return edits;
}

static bool range_lines(json_t *params, uint32_t *first, uint32_t *last) {
    json_t *range = json_object_get(params, "range");
    json_t *start = json_object_get(json_object_get(range, "start"), "line");
    json_t *end = json_object_get(json_object_get(range, "end"), "line");
    if (!json_is_integer(start) || !json_is_integer(end) || json_integer_value(start) < 0 ||
        json_integer_value(end) < json_integer_value(start))
        return false;
    *first = (uint32_t)json_integer_value(start);
    *last = json_integer_value(end) > UINT32_MAX ? UINT32_MAX : (uint32_t)json_integer_value(end);
    return true;
}

json_t *lsp_range_formatting(LspServer *server, json_t *params, LspError *error) {
    LspDocument *doc = lsp_document_of(server, params, error);
    if (!doc) return NULL;
    uint32_t first, last;
    if (!range_lines(params, &first, &last)) {
        lsp_fail(error, LSP_INVALID_PARAMS, "range 不是有效的范围");
        return NULL;
    }
    const char *text;
    size_t len;
    yusec_formatted *formatted = format_document(doc, &text, &len);
    if (!formatted) return json_null();
    json_t *edits = json_array();
    size_t at = 0, out_at = 0;
    for (uint32_t number = 0; at < doc->len && number <= last; number++) {
        Line line = line_at(doc->text, doc->len, at);
        at = line.next > line.start ? line.next : doc->len;
        if (is_blank(doc->text, line)) continue;
        Line pair;
        do pair = line_at(text, len, out_at), out_at = pair.next;
        while (is_blank(text, pair) && out_at < len);
        bool same = pair.end - pair.start == line.end - line.start &&
                    memcmp(text + pair.start, doc->text + line.start, line.end - line.start) == 0;
        if (number < first || same) continue;
        json_t *start = json_pack("{s:I,s:i}", "line", (json_int_t)number, "character", 0);
        json_t *end = position_json(doc->text, doc->len, number, line.start, line.end);
        json_array_append_new(edits, edit_json(start, end, text + pair.start, pair.end - pair.start));
    }
    yusec_formatted_free(formatted);
    return edits;
}

void lsp_advertise_formatting(json_t *capabilities) {
    json_object_set_new(capabilities, "documentFormattingProvider", json_true());
}

void lsp_advertise_range_formatting(json_t *capabilities) {
    json_object_set_new(capabilities, "documentRangeFormattingProvider", json_true());
}
