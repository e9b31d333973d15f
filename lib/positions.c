#include "positions.h"

#include <stdbool.h>
#include <string.h>

#include "../base/memory.h"

#include "../base/utf8.h"

uint32_t lib_utf16_width(const char *text, size_t left, size_t *width) {
    const unsigned char *s = (const unsigned char *)text;
    if (left && s[0] < 0x80) {  /* the usual characters without utf8_decode: ASCII, */
        *width = 1;
        return 1;
    }
    if (left >= 3 && s[0] >= 0xE1 && s[0] != 0xED && (s[0] & 0xF0) == 0xE0 && (s[1] & 0xC0) == 0x80 &&
        (s[2] & 0xC0) == 0x80) {  /* a well-formed 3-byte one (CJK, full-width marks) */
        *width = 3;
        return 1;
    }
    uint32_t code_point = utf8_decode(text, left, width);
    return code_point != UTF8_INVALID && code_point > 0xFFFF ? 2 : 1;
}

/* Whether byte `at` ends its line: '\n', or a '\r' (alone or the first of "\r\n"). */
static bool ends_line(const char *text, size_t at) { return text[at] == '\n' || text[at] == '\r'; }

/* The bytes of the line end at `at`: 2 for "\r\n", 1 for '\n' or a lone '\r', 0 for none. */
static size_t line_end_length(const char *text, size_t len, size_t at) {
    if (!ends_line(text, at)) return 0;
    return text[at] == '\r' && at + 1 < len && text[at + 1] == '\n' ? 2 : 1;
}

/* The byte after the line end at or after `at` (`len` when the text ends first). */
static size_t after_line_end(const char *text, size_t len, size_t at) {
    const char *newline = memchr(text + at, '\n', len - at);
    size_t end = newline ? (size_t)(newline - text) : len;
    const char *carriage = memchr(text + at, '\r', end - at);
    if (carriage) end = (size_t)(carriage - text);
    if (end >= len) return len;
    return end + line_end_length(text, len, end);
}

size_t lib_line_start(const char *text, size_t len, uint32_t line) {
    size_t at = 0;
    for (uint32_t current = 0; current < line; current++) {
        if (at >= len) return len;
        at = after_line_end(text, len, at);
    }
    return at;
}

uint32_t lib_utf16_between(const char *text, size_t len, size_t from, size_t to) {
    if (to > len) to = len;
    uint32_t units = 0;
    while (from < to && !ends_line(text, from)) {
        size_t width;
        units += lib_utf16_width(text + from, len - from, &width);
        from += width;
    }
    return units;
}

size_t lib_utf16_advance(const char *text, size_t len, size_t from, uint32_t units) {
    uint32_t counted = 0;
    while (from < len && !ends_line(text, from)) {
        size_t width;
        uint32_t step = lib_utf16_width(text + from, len - from, &width);
        if (counted + step > units) break;
        counted += step;
        from += width;
    }
    return from;
}

void lib_column_cursor_init(LibColumnCursor *cursor, const char *text, size_t len) {
    memset(cursor, 0, sizeof *cursor);
    cursor->text = text;
    cursor->len = len;
    cursor->column = 1;
}

void lib_column_cursor_free(LibColumnCursor *cursor) {
    mem_free(cursor->line_starts);
    cursor->line_starts = NULL;
}

/* The start of 0-based `line`, finding the lines up to it; false past the text's lines. */
static bool find_line(LibColumnCursor *cursor, uint32_t line, size_t *start) {
    if (!cursor->line_count) {
        cursor->line_starts = mem_realloc(NULL, 16 * sizeof *cursor->line_starts);
        cursor->line_cap = 16;
        cursor->line_starts[cursor->line_count++] = 0;
    }
    while (line >= cursor->line_count && !cursor->all_lines) {
        size_t at = cursor->line_starts[cursor->line_count - 1];
        while (at < cursor->len && !ends_line(cursor->text, at)) at++;
        if (at >= cursor->len) {
            cursor->all_lines = true;
            break;
        }
        if (cursor->line_count == cursor->line_cap) {
            cursor->line_cap *= 2;
            cursor->line_starts = mem_realloc(cursor->line_starts, cursor->line_cap * sizeof *cursor->line_starts);
        }
        cursor->line_starts[cursor->line_count++] = at + line_end_length(cursor->text, cursor->len, at);
    }
    if (line >= cursor->line_count) return false;
    *start = cursor->line_starts[line];
    return true;
}

uint32_t lib_column_cursor_utf16(LibColumnCursor *cursor, uint32_t line, uint32_t column) {
    uint32_t index = line ? line - 1 : 0;
    size_t start;
    if (!find_line(cursor, index, &start)) return 0;
    if (index != cursor->line || column < cursor->column || cursor->at < start) {
        cursor->line = index;
        cursor->at = start;
        cursor->column = 1;
        cursor->units = 0;
    }
    const char *text = cursor->text;
    while (cursor->column < column && cursor->at < cursor->len && !ends_line(text, cursor->at)) {
        size_t width;
        cursor->units += lib_utf16_width(text + cursor->at, cursor->len - cursor->at, &width);
        cursor->at += width;
        cursor->column++;
        cursor->walked += width;
    }
    return cursor->units;
}

uint32_t lib_utf16_of_column(const char *text, size_t len, uint32_t line, uint32_t column) {
    LibColumnCursor cursor;
    lib_column_cursor_init(&cursor, text, len);
    uint32_t units = lib_column_cursor_utf16(&cursor, line, column);
    lib_column_cursor_free(&cursor);
    return units;
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
    const char *text = cursor->text;
    while (cursor->at < offset) {
        size_t at = cursor->at, width, end = line_end_length(text, cursor->len, at);
        if (end == 2) {  /* the '\r' of "\r\n": on no column; the '\n' ends the line */
            cursor->at++;
        } else if (end == 1) {
            cursor->position.line++;
            cursor->position.character = 0;
            cursor->at++;
        } else {
            cursor->position.character += lib_utf16_width(text + at, cursor->len - at, &width);
            cursor->at += width;
        }
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

void lib_file_cursor_init(LibFileCursor *cursor, const SourceFile *file) {
    cursor->file = file;
    cursor->line = 0;
    cursor->at = 0;
    cursor->character = 0;
    cursor->walked = 0;
}

/* The line of `offset`: the cursor's line or one of the few after it when the offset is there
 * (the usual case: offsets asked in order, a few per line), else by binary search. */
static uint32_t line_near(const LibFileCursor *cursor, uint32_t offset) {
    const SourceFile *file = cursor->file;
    uint32_t line = cursor->line;
    if (line < file->line_count && file->line_starts[line] <= offset)
        for (uint32_t step = 0; step < 4; step++) {
            if (line + 1 == file->line_count || file->line_starts[line + 1] > offset) return line;
            line++;
        }
    return source_line_index(file, offset);
}

yusec_position lib_file_cursor_seek(LibFileCursor *cursor, uint32_t offset) {
    const SourceFile *file = cursor->file;
    if (!file || !file->line_count) return (yusec_position){0, 0};
    if (offset > file->len) offset = file->len;
    uint32_t line = line_near(cursor, offset);
    if (line != cursor->line || offset < cursor->at) {
        cursor->line = line;
        cursor->at = file->line_starts[line];
        cursor->character = 0;
    }
    while (cursor->at < offset && !ends_line(file->text, cursor->at)) {
        size_t width;
        cursor->character += lib_utf16_width(file->text + cursor->at, file->len - cursor->at, &width);
        cursor->at += (uint32_t)width;
        cursor->walked += width;
    }
    return (yusec_position){line, cursor->character};
}

yusec_position lib_position_of(const SourceFile *file, uint32_t offset) {
    LibFileCursor cursor;
    lib_file_cursor_init(&cursor, file);
    return lib_file_cursor_seek(&cursor, offset);
}

uint32_t lib_offset_of(const SourceFile *file, yusec_position position) {
    if (!file || !file->line_count) return 0;
    if (position.line >= file->line_count) return file->len;
    return (uint32_t)lib_utf16_advance(file->text, file->len, file->line_starts[position.line],
                                       position.character);
}
