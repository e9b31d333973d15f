/* The text renderer: `file:line:col: error: message`, the source line, a caret line under
 * the span, then each note the same way; clang's colours on request. */
#include "diag.h"

#include <string.h>

#include "utf8.h"

/* How a character of echoed text reaches the terminal: invalid bytes as U+FFFD
 * so the text stays valid UTF-8, characters unsafe for a terminal (ESC, OSC, other controls,
 * bidi overrides) spelled <U+XXXX> so no source can drive the terminal or reorder the line
 * shown, the rest as is. Returns the columns it takes. */
static int append_visible(StrBuf *out, const char *text, size_t len, size_t *width) {
    uint32_t cp = utf8_decode(text, len, width);
    if (cp == UTF8_INVALID) {
        if (out) strbuf_puts(out, "\xEF\xBF\xBD");
        return 1;
    }
    if (utf8_is_unsafe_for_terminal(cp)) {
        char spelled[16];
        int cols = snprintf(spelled, sizeof spelled, "<U+%04X>", (unsigned)cp);
        if (out) strbuf_puts(out, spelled);
        return cols;
    }
    if (out) strbuf_append(out, text, *width);
    return utf8_display_width(cp);
}

void diag_append_escaped(StrBuf *out, const char *text, size_t len) {
    size_t pos = 0, width;
    while (pos < len) {
        append_visible(out, text + pos, len - pos, &width);
        pos += width;
    }
}

/* Writes the source line and a caret line under the span; tabs are kept and wide
 * characters get two columns so the caret lines up in a terminal. */
void diag_render_excerpt(StrBuf *out, const SourceFile *file, Span span) {
    uint32_t line, column;
    source_position(file, span.start, &line, &column);
    uint32_t len;
    const char *text = source_line_text(file, line, &len);
    uint32_t line_start = (uint32_t)(text - file->text);
    diag_append_escaped(out, text, len);
    strbuf_putc(out, '\n');
    uint32_t caret_at = span.start - line_start;
    uint32_t caret_end = span.end > span.start ? span.end - line_start : caret_at + 1;
    if (caret_end > len) caret_end = len > caret_at ? len : caret_at + 1;
    size_t pos = 0, width;
    while (pos < caret_at && pos < len) {
        if (text[pos] == '\t') {
            strbuf_putc(out, '\t');
            pos++;
            continue;
        }
        int cols = append_visible(NULL, text + pos, len - pos, &width);
        for (int i = 0; i < cols; i++) strbuf_putc(out, ' ');
        pos += width;
    }
    strbuf_putc(out, '^');
    bool first = true;
    while (pos < caret_end && pos < len) {
        int cols = append_visible(NULL, text + pos, len - pos, &width);
        for (int i = first ? 1 : 0; i < cols; i++) strbuf_putc(out, '~');
        first = false;
        pos += width;
    }
    strbuf_putc(out, '\n');
}

/* clang's SGR sequences: bold places and messages, red errors, magenta warnings, grey
 * notes, green carets. */
#define SGR_RESET "\033[0m"
#define SGR_BOLD "\033[1m"

static const char *level_word(DiagLevel level) {
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    return "error";
}

static const char *level_color(DiagLevel level) {
    switch (level) {
    case DIAG_ERROR: return "\033[1;31m";
    case DIAG_WARNING: return "\033[1;35m";
    case DIAG_NOTE: return "\033[1;30m";
    }
    return "\033[1;31m";
}

static void append_line(StrBuf *out, DiagLevel level, const DiagPlace *place, const char *message,
                        const char *excerpt, bool color) {
    StrBuf where;
    strbuf_init(&where);
    if (!place->path) strbuf_puts(&where, "yusec:");
    else if (place->line == 0) strbuf_printf(&where, "%s:", place->path);
    else strbuf_printf(&where, "%s:%u:%u:", place->path, place->line, place->column);
    if (color) strbuf_puts(out, SGR_BOLD);
    /* Paths and messages quote source text (names, strings) too. */
    diag_append_escaped(out, where.data, where.len);
    strbuf_free(&where);
    if (color) strbuf_printf(out, SGR_RESET " %s%s:" SGR_RESET " " SGR_BOLD, level_color(level),
                             level_word(level));
    else strbuf_printf(out, " %s: ", level_word(level));
    diag_append_escaped(out, message, strlen(message));
    if (color) strbuf_puts(out, SGR_RESET);
    strbuf_putc(out, '\n');
    if (!excerpt) return;
    if (!color) {
        strbuf_puts(out, excerpt);
        return;
    }
    const char *caret_line = strchr(excerpt, '\n');
    if (!caret_line) {
        strbuf_puts(out, excerpt);
        return;
    }
    caret_line++;
    strbuf_append(out, excerpt, (size_t)(caret_line - excerpt));
    size_t blanks = strspn(caret_line, " \t");
    strbuf_append(out, caret_line, blanks);
    size_t marks = strcspn(caret_line + blanks, "\n");
    strbuf_puts(out, "\033[1;32m");
    strbuf_append(out, caret_line + blanks, marks);
    strbuf_puts(out, SGR_RESET);
    strbuf_puts(out, caret_line + blanks + marks);
}

void diag_render_text(StrBuf *out, const Diagnostic *record, bool color) {
    append_line(out, record->level, &record->place, record->message, record->excerpt, color);
    for (uint32_t i = 0; i < record->note_count; i++) {
        const DiagNote *note = &record->notes[i];
        append_line(out, DIAG_NOTE, &note->place, note->message, note->excerpt, color);
    }
}
