#include "diag.h"

#include <string.h>

#include "utf8.h"

void diag_init(DiagEngine *diag, const SourceMap *sources, FILE *stream) {
    memset(diag, 0, sizeof *diag);
    diag->sources = sources;
    diag->stream = stream;
    diag->max_errors = DIAG_DEFAULT_MAX_ERRORS;
    strbuf_init(&diag->text);
}

void diag_free(DiagEngine *diag) { strbuf_free(&diag->text); }

static const char *level_word(DiagLevel level) {
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    return "error";
}

/* Writes the source line and a caret line under the span; tabs are kept and wide
 * characters get two columns so the caret lines up in a terminal. */
static void append_excerpt(StrBuf *out, const SourceFile *file, Span span, uint32_t line) {
    uint32_t len;
    const char *text = source_line_text(file, line, &len);
    uint32_t line_start = (uint32_t)(text - file->text);
    /* Show invalid bytes as U+FFFD so the excerpt itself is valid UTF-8. */
    size_t pos = 0;
    while (pos < len) {
        size_t width;
        uint32_t cp = utf8_decode(text + pos, len - pos, &width);
        if (cp == UTF8_INVALID || cp == 0) strbuf_puts(out, "\xEF\xBF\xBD");
        else strbuf_append(out, text + pos, width);
        pos += width;
    }
    strbuf_putc(out, '\n');
    uint32_t caret_at = span.start - line_start;
    uint32_t caret_end = span.end > span.start ? span.end - line_start : caret_at + 1;
    if (caret_end > len) caret_end = len > caret_at ? len : caret_at + 1;
    pos = 0;
    while (pos < caret_at && pos < len) {
        size_t width;
        uint32_t cp = utf8_decode(text + pos, len - pos, &width);
        if (cp == '\t') strbuf_putc(out, '\t');
        else strbuf_append(out, "  ", cp == UTF8_INVALID ? 1 : (size_t)utf8_display_width(cp));
        pos += width;
    }
    strbuf_putc(out, '^');
    bool first = true;
    while (pos < caret_end && pos < len) {
        size_t width;
        uint32_t cp = utf8_decode(text + pos, len - pos, &width);
        int cols = cp == UTF8_INVALID ? 1 : utf8_display_width(cp);
        for (int i = first ? 1 : 0; i < cols; i++) strbuf_putc(out, '~');
        first = false;
        pos += width;
    }
    strbuf_putc(out, '\n');
}

static void emit(DiagEngine *diag, const char *text, size_t len) {
    strbuf_append(&diag->text, text, len);
    if (diag->stream) {
        fwrite(text, 1, len, diag->stream);
        fflush(diag->stream);
    }
}

static void report_cap(DiagEngine *diag) {
    if (diag->cap_reported) return;
    diag->cap_reported = true;
    char line[160];
    int len = snprintf(line, sizeof line, "yusec: 错误过多，只报告前 %d 条\n", diag->max_errors);
    emit(diag, line, (size_t)len);
}

void diag_report(DiagEngine *diag, DiagLevel level, Span span, const char *fmt, va_list args) {
    if (level == DIAG_ERROR) {
        diag->error_count++;
        if (diag->max_errors > 0 && diag->error_count > diag->max_errors) {
            diag->suppress_notes = true;
            report_cap(diag);
            return;
        }
    } else if (level == DIAG_WARNING) {
        diag->warning_count++;
    } else if (diag->suppress_notes) {
        return;
    }
    if (level != DIAG_NOTE) diag->suppress_notes = false;
    StrBuf line;
    strbuf_init(&line);
    const SourceFile *file = diag->sources ? source_get(diag->sources, span.file) : NULL;
    uint32_t row = 0, column = 0;
    if (file) {
        source_position(file, span.start, &row, &column);
        strbuf_printf(&line, "%s:%u:%u: %s: ", file->path, row, column, level_word(level));
    } else {
        strbuf_printf(&line, "yusec: %s: ", level_word(level));
    }
    strbuf_vprintf(&line, fmt, args);
    strbuf_putc(&line, '\n');
    if (file) append_excerpt(&line, file, span, row);
    emit(diag, line.data, line.len);
    strbuf_free(&line);
}

#define DEFINE_REPORTER(fn, level)                                   \
    void fn(DiagEngine *diag, Span span, const char *fmt, ...) {     \
        va_list args;                                                \
        va_start(args, fmt);                                         \
        diag_report(diag, level, span, fmt, args);                   \
        va_end(args);                                                \
    }
DEFINE_REPORTER(diag_error, DIAG_ERROR)
DEFINE_REPORTER(diag_warning, DIAG_WARNING)
DEFINE_REPORTER(diag_note, DIAG_NOTE)

void diag_error_path(DiagEngine *diag, const char *path, const char *fmt, ...) {
    diag->error_count++;
    diag->suppress_notes = false;
    StrBuf line;
    strbuf_init(&line);
    strbuf_printf(&line, "%s: error: ", path);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&line, fmt, args);
    va_end(args);
    strbuf_putc(&line, '\n');
    emit(diag, line.data, line.len);
    strbuf_free(&line);
}

bool diag_has_errors(const DiagEngine *diag) { return diag->error_count > 0; }

bool diag_capped(const DiagEngine *diag) {
    return diag->max_errors > 0 && diag->error_count >= diag->max_errors;
}
