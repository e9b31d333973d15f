/* Numerals: quoted texts made of digits (0-9, 零…九, read digit by digit in base 10), at most
 * one decimal point (. or 点) and an optional leading 负, or hexadecimal 0x…. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/utf8.h"
#include "lex_internal.h"

#define SPELL_NEGATIVE "负"
#define SPELL_POINT 0x70B9u /* 点 */
#define SPELL_MINUS 0x8D1Fu /* 负 */

static int digit_value(uint32_t cp) {
    static const uint32_t chinese[10] = {0x96F6, 0x4E00, 0x4E8C, 0x4E09, 0x56DB,
                                         0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D};
    if (cp >= '0' && cp <= '9') return (int)(cp - '0');
    for (int d = 0; d < 10; d++)
        if (chinese[d] == cp) return d;
    return -1;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Everything after "0x" must be hex digits, at least one. */
static NumeralShape scan_hex(Arena *arena, const char *text, uint32_t len, uint32_t digits_at,
                             bool negative, NumeralInfo *out) {
    if (digits_at >= len) return NUMERAL_MALFORMED;
    uint64_t value = 0;
    bool overflow = false;
    for (uint32_t i = digits_at; i < len; i++) {
        int d = hex_value(text[i]);
        if (d < 0) return NUMERAL_MALFORMED;
        if (value > (UINT64_MAX >> 4)) overflow = true;
        value = (value << 4) | (uint64_t)d;
    }
    /* "-" plus the hex text as written, from its 0x on. */
    uint32_t hex_at = digits_at - 2;
    char *ascii = arena_alloc(arena, (len - hex_at) + 2);
    size_t n = 0;
    if (negative) ascii[n++] = '-';
    memcpy(ascii + n, text + hex_at, len - hex_at);
    out->is_hex = true;
    out->is_negative = negative;
    out->overflow = overflow;
    out->int_value = overflow ? UINT64_MAX : value;
    out->float_value = strtod(ascii, NULL);
    out->ascii = ascii;
    return NUMERAL_OK;
}

typedef struct DecimalShape {
    uint32_t digits, points;
    bool sign_misplaced, point_first, point_last;
} DecimalShape;

/* First pass: are all characters numeral characters, and is their order well-formed? */
static NumeralShape classify_decimal(const char *text, uint32_t len, uint32_t at,
                                     DecimalShape *shape) {
    memset(shape, 0, sizeof *shape);
    bool first = true, last_was_point = false;
    while (at < len) {
        size_t width;
        uint32_t cp = utf8_decode(text + at, len - at, &width);
        at += (uint32_t)width;
        last_was_point = false;
        if (digit_value(cp) >= 0) shape->digits++;
        else if (cp == '.' || cp == SPELL_POINT) {
            shape->points++;
            if (first) shape->point_first = true;
            last_was_point = true;
        } else if (cp == SPELL_MINUS) shape->sign_misplaced = true;
        else return NUMERAL_NONE;
        first = false;
    }
    shape->point_last = last_was_point;
    if (shape->digits == 0) return NUMERAL_NONE;
    if (shape->sign_misplaced || shape->points > 1 || shape->point_first || shape->point_last)
        return NUMERAL_MALFORMED;
    return NUMERAL_OK;
}

/* Second pass: the ASCII spelling (leading zeros of the integer part dropped, since WGSL
 * rejects "007") and the value. */
static void build_decimal(Arena *arena, const char *text, uint32_t len, uint32_t at,
                          bool negative, bool is_decimal, NumeralInfo *out) {
    char *ascii = arena_alloc(arena, len + 2);
    size_t n = 0;
    if (negative) ascii[n++] = '-';
    size_t int_start = n;
    uint64_t value = 0;
    bool overflow = false, in_fraction = false;
    while (at < len) {
        size_t width;
        uint32_t cp = utf8_decode(text + at, len - at, &width);
        at += (uint32_t)width;
        int d = digit_value(cp);
        if (d < 0) {
            ascii[n++] = '.';
            in_fraction = true;
            continue;
        }
        /* A leading zero of the integer part is dropped when more digits follow it. */
        if (!in_fraction && n == int_start + 1 && ascii[int_start] == '0') n = int_start;
        ascii[n++] = (char)('0' + d);
        if (!in_fraction) {
            if (value > (UINT64_MAX - (uint64_t)d) / 10) overflow = true;
            value = value * 10 + (uint64_t)d;
        }
    }
    ascii[n] = '\0';
    out->is_decimal = is_decimal;
    out->is_negative = negative;
    out->ascii = ascii;
    out->float_value = strtod(ascii, NULL);
    if (is_decimal) overflow = isinf(out->float_value);
    else out->int_value = overflow ? UINT64_MAX : value;
    out->overflow = overflow;
}

NumeralShape fe_numeral_scan(Arena *arena, const char *text, uint32_t len, NumeralInfo *out) {
    memset(out, 0, sizeof *out);
    uint32_t at = 0;
    bool negative = false;
    size_t sign_len = sizeof SPELL_NEGATIVE - 1;
    if (len >= sign_len && memcmp(text, SPELL_NEGATIVE, sign_len) == 0) {
        negative = true;
        at = (uint32_t)sign_len;
    }
    if (len - at >= 2 && text[at] == '0' && (text[at + 1] == 'x' || text[at + 1] == 'X'))
        return scan_hex(arena, text, len, at + 2, negative, out);
    DecimalShape shape;
    NumeralShape result = classify_decimal(text, len, at, &shape);
    if (result == NUMERAL_OK) build_decimal(arena, text, len, at, negative, shape.points > 0, out);
    return result;
}

bool fe_numeral_parse(Arena *arena, const char *text, uint32_t len, NumeralInfo *out) {
    return fe_numeral_scan(arena, text, len, out) == NUMERAL_OK;
}

static bool is_hex_form(const char *text, uint32_t len) {
    uint32_t at = 0;
    size_t sign_len = sizeof SPELL_NEGATIVE - 1;
    if (len >= sign_len && memcmp(text, SPELL_NEGATIVE, sign_len) == 0) at = (uint32_t)sign_len;
    return len - at >= 2 && text[at] == '0' && (text[at + 1] == 'x' || text[at + 1] == 'X');
}

void fe_note_numeral_name(DiagEngine *diag, Span span, const char *text, uint32_t len) {
    if (is_hex_form(text, len)) return;
    diag_note(diag, span,
              "只由数字字符（0-9、零一二三四五六七八九、点、负）组成的「%.*s」读作数字；"
              "名字要有至少一个别的字，如「第%.*s」", (int)len, text, (int)len, text);
}
