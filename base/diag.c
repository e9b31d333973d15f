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

static void append_escaped(StrBuf *out, const char *text, size_t len) {
    size_t pos = 0, width;
    while (pos < len) {
        append_visible(out, text + pos, len - pos, &width);
        pos += width;
    }
}

/* Writes the source line and a caret line under the span; tabs are kept and wide
 * characters get two columns so the caret lines up in a terminal. */
static void append_excerpt(StrBuf *out, const SourceFile *file, Span span, uint32_t line) {
    uint32_t len;
    const char *text = source_line_text(file, line, &len);
    uint32_t line_start = (uint32_t)(text - file->text);
    append_escaped(out, text, len);
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

static void emit(DiagEngine *diag, const char *text, size_t len) {
    strbuf_append(&diag->text, text, len);
    if (diag->stream) {
        fwrite(text, 1, len, diag->stream);
        fflush(diag->stream);
    }
}

static void tell_listener(DiagEngine *diag, DiagLevel level, const SourceFile *file,
                          const char *path, Span span, const char *message,
                          const char *rendered, size_t rendered_len) {
    if (!diag->listener) return;
    DiagRecord record = {level, file, path, span, message, rendered, rendered_len};
    diag->listener(diag->listener_user, &record);
}

static void report_cap(DiagEngine *diag) {
    if (diag->cap_reported) return;
    diag->cap_reported = true;
    char line[160];
    int len = snprintf(line, sizeof line, "yusec: 错误过多，只报告前 %d 条\n", diag->max_errors);
    emit(diag, line, (size_t)len);
    char message[120];
    snprintf(message, sizeof message, "错误过多，只报告前 %d 条", diag->max_errors);
    tell_listener(diag, DIAG_NOTE, NULL, NULL, span_make(UINT32_MAX, 0, 0), message, line, (size_t)len);
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
    StrBuf header, line;
    strbuf_init(&header);
    strbuf_init(&line);
    const SourceFile *file = diag->sources ? source_get(diag->sources, span.file) : NULL;
    uint32_t row = 0, column = 0;
    if (file) {
        source_position(file, span.start, &row, &column);
        strbuf_printf(&header, "%s:%u:%u: %s: ", file->path, row, column, level_word(level));
    } else {
        strbuf_printf(&header, "yusec: %s: ", level_word(level));
    }
    size_t message_at = header.len;
    strbuf_vprintf(&header, fmt, args);
    /* Paths and messages quote source text (names, strings) too. */
    append_escaped(&line, header.data, header.len);
    strbuf_putc(&line, '\n');
    if (file) append_excerpt(&line, file, span, row);
    emit(diag, line.data, line.len);
    tell_listener(diag, level, file, file ? file->path : NULL, span, header.data + message_at,
                  line.data, line.len);
    strbuf_free(&header);
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
    StrBuf message, line;
    strbuf_init(&message);
    strbuf_init(&line);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&message, fmt, args);
    va_end(args);
    strbuf_printf(&line, "%s: error: %s\n", path, strbuf_cstr(&message));
    emit(diag, line.data, line.len);
    tell_listener(diag, DIAG_ERROR, NULL, path, span_make(UINT32_MAX, 0, 0), strbuf_cstr(&message),
                  line.data, line.len);
    strbuf_free(&message);
    strbuf_free(&line);
}

void diag_warn_bidi_controls(DiagEngine *diag, const SourceFile *file) {
    uint32_t warned_line = 0;
    size_t pos = 0, width;
    while (pos < file->len) {
        uint32_t cp = utf8_decode(file->text + pos, file->len - pos, &width);
        if (utf8_is_bidi_control(cp)) {
            uint32_t line, column;
            source_position(file, (uint32_t)pos, &line, &column);
            if (line != warned_line)
                diag_warning(diag, span_make(file->id, (uint32_t)pos, (uint32_t)(pos + width)),
                             "双向文字控制字符 <U+%04X>：编辑器与终端显示的代码可能与编译的不同"
                             "（Trojan Source，CVE-2021-42574）", (unsigned)cp);
            warned_line = line;
        }
        pos += width;
    }
}

bool diag_has_errors(const DiagEngine *diag) { return diag->error_count > 0; }

bool diag_capped(const DiagEngine *diag) {
    return diag->max_errors > 0 && diag->error_count >= diag->max_errors;
}
