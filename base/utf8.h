/* UTF-8 decoding with strict validation (overlongs, surrogates and > U+10FFFF are invalid). */
#ifndef YUSEC_BASE_UTF8_H
#define YUSEC_BASE_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UTF8_INVALID 0xFFFFFFFFu

/* Decodes one code point at text[0..len). Stores its byte length in *width (at least 1,
 * even for invalid input, so callers always make progress) and returns the code point,
 * or UTF8_INVALID. */
uint32_t utf8_decode(const char *text, size_t len, size_t *width);

/* Byte offset of the first invalid sequence, or len when the whole text is valid. */
size_t utf8_find_invalid(const char *text, size_t len);

/* Writes the encoding of cp (at most 4 bytes) and returns its length. */
size_t utf8_encode(uint32_t cp, char out[4]);

/* Number of code points in valid UTF-8 text; invalid bytes count one each. */
size_t utf8_count(const char *text, size_t len);

/* Bidirectional formatting characters (LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM ALM):
 * they reorder how a terminal or editor shows text (Trojan Source, CVE-2021-42574). */
bool utf8_is_bidi_control(uint32_t cp);

/* Unicode's Default_Ignorable_Code_Point (zero-width space and joiners, word joiner, BOM,
 * variation selectors, Hangul fillers, tags, …): characters shown as nothing, so names that
 * differ only by one look alike. The table is generated from the UCD
 * (scripts/gen_ignorable_ranges.py → base/ignorable_ranges.inc). */
bool utf8_is_default_ignorable(uint32_t cp);

/* Characters a terminal must not receive raw from an echoed source line: C0 controls except
 * tab, DEL, C1 controls (ESC and OSC sequences start here), the bidi controls and the
 * default-ignorable characters (invisible, so spelled out to be seen). */
bool utf8_is_unsafe_for_terminal(uint32_t cp);

/* Terminal columns a code point occupies: 2 for East Asian wide/full-width, else 1. */
int utf8_display_width(uint32_t cp);

#endif
