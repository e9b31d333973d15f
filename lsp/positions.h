/* Positions: LSP's 0-based line and UTF-16 code unit offset, yusec's 1-based line and
 * character (code point) column, and byte offsets into a document's UTF-8 text. A line ends
 * at '\n' ("\r\n" counts as one end). An invalid UTF-8 byte counts as one character and one
 * UTF-16 unit, as the front end counts it. */
#ifndef YUSEC_LSP_POSITIONS_H
#define YUSEC_LSP_POSITIONS_H

#include <stddef.h>
#include <stdint.h>

typedef struct LspPosition {
    uint32_t line;       /* 0-based */
    uint32_t character;  /* UTF-16 code units from the line's start */
} LspPosition;

/* The UTF-16 offset on 1-based `line` of the 1-based code-point `column` of `text`. A
 * column past the line's end gives the line's length; a line past the end gives 0. */
uint32_t lsp_utf16_column(const char *text, size_t len, uint32_t line, uint32_t column);

/* The 1-based code-point column of `at` (a character past the line's end: one past its last
 * character; inside a surrogate pair: that character). */
uint32_t lsp_char_column(const char *text, size_t len, LspPosition at);

/* The byte offset of `at`, clamped to its line's end (before "\r\n"); a line past the text's
 * end gives `len`. */
size_t lsp_byte_offset(const char *text, size_t len, LspPosition at);

/* The position of byte `offset` (clamped to `len`). */
LspPosition lsp_position_at(const char *text, size_t len, size_t offset);

/* A walk through the text that gives the positions of increasing byte offsets in linear
 * time altogether. */
typedef struct LspCursor {
    const char *text;
    size_t len, at;
    LspPosition position;  /* of byte `at` */
} LspCursor;

void lsp_cursor_init(LspCursor *cursor, const char *text, size_t len);
/* The position of byte `offset` (clamped to len); an offset before the cursor's starts the
 * walk again. */
LspPosition lsp_cursor_seek(LspCursor *cursor, size_t offset);

/* Bytes of the UTF-8 sequence led by text[0] (1 for an invalid or truncated one). */
size_t lsp_utf8_length(const char *text, size_t left);

#endif
