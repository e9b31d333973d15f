/* Helpers shared by the lexer's files (not part of the frontend's public API). */
#ifndef YUSEC_FRONTEND_LEX_INTERNAL_H
#define YUSEC_FRONTEND_LEX_INTERNAL_H

#include <stddef.h>

#include "token.h"

/* What a quoted text is, as far as numerals go. */
typedef enum NumeralShape {
    NUMERAL_NONE,      /* an ordinary name */
    NUMERAL_OK,        /* a numeral (NumeralInfo filled; overflow may be flagged) */
    NUMERAL_MALFORMED, /* numeral characters only, at least one digit, but ill-formed */
} NumeralShape;

NumeralShape fe_numeral_scan(Arena *arena, const char *text, uint32_t len, NumeralInfo *out);

/* Length in bytes of the longest keyword spelled at text[0..len), 0 when none; *kind gets
 * its token kind. */
size_t fe_keyword_match(const char *text, size_t len, TokenKind *kind);

#endif
