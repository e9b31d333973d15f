/* Positions as the Language Server Protocol counts them (yusec_position: 0-based line, column
 * in UTF-16 code units) against byte offsets into UTF-8 text: the one conversion for the
 * library's index and the language server (lsp/).
 *
 * A line ends at '\n', at "\r\n" (one end; its '\r' is on no column) and at a lone '\r', as the
 * protocol says and as the source file's line table (base/source.c) and the lexer count them. A character is
 * what base/utf8 decodes: one outside the BMP is two UTF-16 units; an invalid byte is one
 * character and one unit, as the front end counts columns. */
#ifndef YUSEC_LIB_POSITIONS_H
#define YUSEC_LIB_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/source.h"
#include "../include/yusec/yusec.h"

/* UTF-16 code units of the character that starts text[0..left) (left > 0); its bytes in
 * *width. */
uint32_t lib_utf16_width(const char *text, size_t left, size_t *width);

/* The byte offset where 0-based `line` begins (`len` when the text has fewer lines). */
size_t lib_line_start(const char *text, size_t len, uint32_t line);

/* UTF-16 units of the characters from byte `from` to byte `to`, both on one line (counting
 * stops at the line's end). */
uint32_t lib_utf16_between(const char *text, size_t len, size_t from, size_t to);

/* The byte offset `units` UTF-16 units after byte `from`: clamped to the line's end (before
 * "\r\n"); a unit inside a surrogate pair gives that character's start. */
size_t lib_utf16_advance(const char *text, size_t len, size_t from, uint32_t units);

/* The UTF-16 column on 1-based `line` of the 1-based character `column`, as yusec_location
 * gives them (a column past the line's end: the line's length; a line past the end: 0). */
uint32_t lib_utf16_of_column(const char *text, size_t len, uint32_t line, uint32_t column);

/* The same for many locations of one text (a compile's diagnostics and their notes): the
 * lines' starts are found once and kept, and a column is counted from the one asked before
 * when that is on the same line and not after it — linear altogether when the locations come
 * in order, and a location out of order costs its line only. */
typedef struct LibColumnCursor {
    const char *text;
    size_t len;
    size_t *line_starts;          /* of the lines found so far (heap; lib_column_cursor_free) */
    uint32_t line_count, line_cap;
    bool all_lines;               /* the text's end is found: line_starts has every line */
    uint32_t line;                /* 0-based line of byte `at` */
    size_t at;                    /* counted up to here … */
    uint32_t column;              /* … the 1-based character column of `at` … */
    uint32_t units;               /* … and its UTF-16 column */
    size_t walked;                /* bytes counted in columns: the cost, which tests bound */
} LibColumnCursor;

void lib_column_cursor_init(LibColumnCursor *cursor, const char *text, size_t len);
uint32_t lib_column_cursor_utf16(LibColumnCursor *cursor, uint32_t line, uint32_t column);
void lib_column_cursor_free(LibColumnCursor *cursor);

/* The position of byte `offset` (clamped to `len`) and the byte offset of `position` (its
 * line past the end: `len`), in text without a line table. */
yusec_position lib_text_position_of(const char *text, size_t len, size_t offset);
size_t lib_text_offset_of(const char *text, size_t len, yusec_position position);

/* A walk through text that gives the positions of increasing byte offsets in linear time
 * altogether. */
typedef struct LibPositionCursor {
    const char *text;
    size_t len, at;
    yusec_position position;  /* of byte `at` */
} LibPositionCursor;

void lib_cursor_init(LibPositionCursor *cursor, const char *text, size_t len);

/* The position of byte `offset` (clamped to len); an offset before the cursor's starts the
 * walk again. */
yusec_position lib_cursor_seek(LibPositionCursor *cursor, size_t offset);

/* The same against a source file's line table: a walk that finds each offset's line by the
 * table and counts its column from the line's start, or from the offset asked before when that
 * is on the same line and not after it — so offsets asked in increasing order cost linear time
 * altogether however long the line (the navigation index's ranges, lib/index.c). */
typedef struct LibFileCursor {
    const SourceFile *file;
    uint32_t line;        /* the line of byte `at` */
    uint32_t at;          /* counted up to here … */
    uint32_t character;   /* … whose UTF-16 column this is */
    size_t walked;        /* bytes counted since the start: the cost, which tests bound */
} LibFileCursor;

void lib_file_cursor_init(LibFileCursor *cursor, const SourceFile *file);
yusec_position lib_file_cursor_seek(LibFileCursor *cursor, uint32_t offset);

/* One position against a file's line table (a NULL or empty file: 0:0). */
yusec_position lib_position_of(const SourceFile *file, uint32_t offset);
/* The byte offset of `position` (a column past the line's end: the line's end; a line past
 * the file's end: the file's end). */
uint32_t lib_offset_of(const SourceFile *file, yusec_position position);

#endif
