#include "positions.h"

#include <stdbool.h>

#include "../base/utf8.h"

uint32_t lib_utf16_width(const char *text, size_t left, size_t *width) {
    uint32_t code_point = utf8_decode(text, left, width);
    return code_point != UTF8_INVALID && code_point > 0xFFFF ? 2 : 1;
}

static bool ends_line(const char *text, size_t len, size_t at) {
    return text[at] == '\n' || (text[at] == '\r' && at + 1 < len && text[at + 1] == '\n');
}

size_t lib_line_start(const char *text, size_t len, uint32_t line) {
    size_t at = 0;
    for (uint32_t current = 0; current < line; current++) {
        while (at < len && text[at] != '\n') at++;
        if (at >= len) return len;
        at++;
    }
    return at;
}

uint32_t lib_utf16_between(const char *text, size_t len, size_t from, size_t to) {
    if (to > len) to = len;
    uint32_t units = 0;
    while (from < to && !ends_line(text, len, from)) {
        size_t width;
        units += lib_utf16_width(text + from, len - from, &width);
        from += width;
    }
    return units;
}

size_t lib_utf16_advance(const char *text, size_t len, size_t from, uint32_t units) {
    uint32_t counted = 0;
    while (from < len && !ends_line(text, len, from)) {
        size_t width;
        uint32_t step = lib_utf16_width(text + from, len - from, &width);
        if (counted + step > units) break;
        counted += step;
        from += width;
    }
    return from;
}

uint32_t lib_utf16_of_column(const char *text, size_t len, uint32_t line, uint32_t column) {
    size_t start = lib_line_start(text, len, line ? line - 1 : 0), at = start;
    for (uint32_t c = 1; c < column && at < len && !ends_line(text, len, at); c++) {
        size_t width;
        utf8_decode(text + at, len - at, &width);
        at += width;
    }
    return lib_utf16_between(text, len, start, at);
}

void lib_cursor_init(LibPositionCursor *cursor, const char *text, size_t len) {
    cursor->text = text;
    cursor->len = len;
    cursor->at = 0;
    cursor->position = (yusec_position){0, 0};
}

yusec_position lib_cursor_seek(LibPositionCursor *cursor, size_t offset) {
    if (offset > cursor->len) offset = cursor->len;
    if (offset < cursor->at) lib_cursor_init(cursor, cursor->text, cursor->len);
    while (cursor->at < offset) {
        const char *text = cursor->text;
        size_t at = cursor->at, width;
        if (text[at] == '\n') {
            cursor->position.line++;
            cursor->position.character = 0;
            cursor->at++;
            continue;
        }
        uint32_t units = lib_utf16_width(text + at, cursor->len - at, &width);
        if (!ends_line(text, cursor->len, at)) cursor->position.character += units;
        cursor->at += width;
    }
    return cursor->position;
}

yusec_position lib_text_position_of(const char *text, size_t len, size_t offset) {
    LibPositionCursor cursor;
    lib_cursor_init(&cursor, text, len);
    return lib_cursor_seek(&cursor, offset);
}

size_t lib_text_offset_of(const char *text, size_t len, yusec_position position) {
    return lib_utf16_advance(text, len, lib_line_start(text, len, position.line), position.character);
}

yusec_position lib_position_of(const SourceFile *file, uint32_t offset) {
    yusec_position at = {0, 0};
    if (!file || !file->line_count) return at;
    if (offset > file->len) offset = file->len;
    at.line = source_line_index(file, offset);
    at.character = lib_utf16_between(file->text, file->len, file->line_starts[at.line], offset);
    return at;
}

yusec_range lib_range_of(const SourceFile *file, Span span) {
    yusec_range range = {lib_position_of(file, span.start), lib_position_of(file, span.end)};
    return range;
}

uint32_t lib_offset_of(const SourceFile *file, yusec_position position) {
    if (!file || !file->line_count) return 0;
    if (position.line >= file->line_count) return file->len;
    return (uint32_t)lib_utf16_advance(file->text, file->len, file->line_starts[position.line],
                                       position.character);
}
