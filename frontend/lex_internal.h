/* Helpers shared by the lexer's files (not part of the frontend's public API). */
#ifndef YUSEC_FRONTEND_LEX_INTERNAL_H
#define YUSEC_FRONTEND_LEX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "token.h"

/* What a quoted text is, as far as numerals go. */
typedef enum NumeralShape {
    NUMERAL_NONE,      /* an ordinary name */
    NUMERAL_OK,        /* a numeral (NumeralInfo filled; overflow may be flagged) */
    NUMERAL_MALFORMED, /* numeral characters only, at least one digit, but ill-formed */
} NumeralShape;

NumeralShape fe_numeral_scan(Arena *arena, const char *text, uint32_t len, NumeralInfo *out);

/* The keyword table's entries by the last byte of their first character (every keyword starts
 * with a 3-byte CJK character, whose last byte takes 64 values), in table order: a lexer makes
 * one when it starts, so that a lookup compares the few keywords of one bucket, not all. */
enum { FE_KEYWORD_BUCKETS = 64, FE_KEYWORD_CAP = 128, FE_KEYWORD_NONE = 0xFF };
typedef struct KeywordIndex {
    uint8_t head[FE_KEYWORD_BUCKETS];  /* first entry of each bucket, FE_KEYWORD_NONE: none */
    uint8_t next[FE_KEYWORD_CAP];      /* the next entry of the same bucket */
} KeywordIndex;

void fe_keyword_index_init(KeywordIndex *index);

/* Length in bytes of the longest keyword spelled at text[0..len), 0 when none; *kind gets
 * its token kind (the first in the table of equally long ones). */
size_t fe_keyword_match(const KeywordIndex *index, const char *text, size_t len, TokenKind *kind);

/* fe_token_kind_spelling's length in bytes. */
uint32_t fe_token_kind_spelling_len(TokenKind kind);

#endif
