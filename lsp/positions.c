/* Conversions between LSP positions, yusec's columns and byte offsets. */
#include "lsp/positions.h"

#include <stdbool.h>

static bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

size_t lsp_utf8_length(const char *text, size_t left) {
    unsigned char lead = (unsigned char)text[0];
    size_t width = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 && lead <= 0xEF ? 3
                 : lead >= 0xC2 && lead <= 0xDF ? 2 : 1;
    if (width > left) return 1;
    for (size_t i = 1; i < width; i++)
        if (!is_continuation((unsigned char)text[i])) return 1;
    unsigned char second = width > 1 ? (unsigned char)text[1] : 0;
    /* overlong forms, UTF-16 surrogates and code points past U+10FFFF are invalid */
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) ||
        (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90))
        return 1;
    return width;
}

static bool ends_line(const char *text, size_t len, size_t at) {
    return text[at] == '\n' || (text[at] == '\r' && at + 1 < len && text[at + 1] == '\n');
}

/* The byte offset where 0-based `line` begins; `len` when the text has fewer lines. */
static size_t line_start(const char *text, size_t len, uint32_t line) {
    size_t at = 0;
    for (uint32_t current = 0; current < line; current++) {
        while (at < len && text[at] != '\n') at++;
        if (at >= len) return len;
        at++;
    }
    return at;
}

uint32_t lsp_utf16_column(const char *text, size_t len, uint32_t line, uint32_t column) {
    if (line == 0) line = 1;
    size_t at = line_start(text, len, line - 1);
    uint32_t units = 0;
    for (uint32_t c = 1; c < column && at < len && !ends_line(text, len, at); c++) {
        size_t width = lsp_utf8_length(text + at, len - at);
        units += width == 4 ? 2 : 1;
        at += width;
    }
    return units;
}

uint32_t lsp_char_column(const char *text, size_t len, LspPosition position) {
    size_t at = line_start(text, len, position.line);
    uint32_t units = 0, column = 1;
    while (at < len && !ends_line(text, len, at)) {
        size_t width = lsp_utf8_length(text + at, len - at);
        uint32_t step = width == 4 ? 2 : 1;
        if (units + step > position.character) break;
        units += step;
        at += width;
        column++;
    }
    return column;
}

size_t lsp_byte_offset(const char *text, size_t len, LspPosition position) {
    size_t at = line_start(text, len, position.line);
    uint32_t units = 0;
    while (at < len && !ends_line(text, len, at)) {
        size_t width = lsp_utf8_length(text + at, len - at);
        uint32_t step = width == 4 ? 2 : 1;
        if (units + step > position.character) break;
        units += step;
        at += width;
    }
    return at;
}

void lsp_cursor_init(LspCursor *cursor, const char *text, size_t len) {
    cursor->text = text;
    cursor->len = len;
    cursor->at = 0;
    cursor->position = (LspPosition){0, 0};
}

LspPosition lsp_cursor_seek(LspCursor *cursor, size_t offset) {
    if (offset > cursor->len) offset = cursor->len;
    if (offset < cursor->at) lsp_cursor_init(cursor, cursor->text, cursor->len);
    const char *text = cursor->text;
    while (cursor->at < offset) {
        size_t at = cursor->at;
        if (text[at] == '\n') {
            cursor->position.line++;
            cursor->position.character = 0;
            cursor->at++;
            continue;
        }
        size_t width = lsp_utf8_length(text + at, cursor->len - at);
        if (!ends_line(text, cursor->len, at)) cursor->position.character += width == 4 ? 2 : 1;
        cursor->at += width;
    }
    return cursor->position;
}

LspPosition lsp_position_at(const char *text, size_t len, size_t offset) {
    LspCursor cursor;
    lsp_cursor_init(&cursor, text, len);
    return lsp_cursor_seek(&cursor, offset);
}
