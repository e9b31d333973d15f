/* Numerals: quoted texts made of digits (0-9, 零…九, read digit by digit in base 10), at most
 * one decimal point (. or 点), an optional decimal exponent 乘十的 [负] digits 次方 and an
 * optional leading 负, or hexadecimal 0x…. */
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

/* The scientific form reads 1.5×10⁻³ as it is said: 「一点五乘十的负三次方」. Its two words
 * are numeral words only as a whole: 「十」 alone or 「三次」 stay names. */
#define SPELL_EXPONENT_OPEN "乘十的"
#define SPELL_EXPONENT_CLOSE "次方"

typedef enum NumeralUnit { UNIT_DIGIT, UNIT_POINT, UNIT_MINUS, UNIT_EXP_OPEN, UNIT_EXP_CLOSE, UNIT_OTHER } NumeralUnit;

static bool starts_with(const char *text, uint32_t len, uint32_t at, const char *word) {
    size_t n = strlen(word);
    return len - at >= n && memcmp(text + at, word, n) == 0;
}

/* The unit at text[at] and its width in bytes. */
static NumeralUnit next_unit(const char *text, uint32_t len, uint32_t at, uint32_t *width) {
    if (starts_with(text, len, at, SPELL_EXPONENT_OPEN)) {
        *width = (uint32_t)strlen(SPELL_EXPONENT_OPEN);
        return UNIT_EXP_OPEN;
    }
    if (starts_with(text, len, at, SPELL_EXPONENT_CLOSE)) {
        *width = (uint32_t)strlen(SPELL_EXPONENT_CLOSE);
        return UNIT_EXP_CLOSE;
    }
    size_t w;
    uint32_t cp = utf8_decode(text + at, len - at, &w);
    *width = (uint32_t)w;
    if (digit_value(cp) >= 0) return UNIT_DIGIT;
    if (cp == '.' || cp == SPELL_POINT) return UNIT_POINT;
    if (cp == SPELL_MINUS) return UNIT_MINUS;
    return UNIT_OTHER;
}

typedef struct DecimalShape {
    uint32_t mantissa_end;  /* byte offset of 乘十的, or len */
    uint32_t exponent_at;   /* first byte of the exponent's digits (after any 负) */
    bool has_point, has_exponent, exponent_negative;
} DecimalShape;

/* Accepts digits { digits } from *at; false when there is no digit there. */
static bool take_digits(const char *text, uint32_t len, uint32_t *at) {
    uint32_t width, start = *at;
    while (*at < len && next_unit(text, len, *at, &width) == UNIT_DIGIT) *at += width;
    return *at > start;
}

static bool take_unit(const char *text, uint32_t len, uint32_t *at, NumeralUnit unit) {
    uint32_t width;
    if (*at >= len || next_unit(text, len, *at, &width) != unit) return false;
    *at += width;
    return true;
}

/* digits [点 digits] [乘十的 [负] digits 次方], from at to the end. */
static bool well_formed(const char *text, uint32_t len, uint32_t at, DecimalShape *shape) {
    if (!take_digits(text, len, &at)) return false;
    if (take_unit(text, len, &at, UNIT_POINT)) {
        shape->has_point = true;
        if (!take_digits(text, len, &at)) return false;
    }
    shape->mantissa_end = at;
    if (at == len) return true;
    if (!take_unit(text, len, &at, UNIT_EXP_OPEN)) return false;
    shape->has_exponent = true;
    shape->exponent_negative = take_unit(text, len, &at, UNIT_MINUS);
    shape->exponent_at = at;
    if (!take_digits(text, len, &at)) return false;
    return take_unit(text, len, &at, UNIT_EXP_CLOSE) && at == len;
}

/* Is the text made only of numeral units with at least one digit, and in their order? */
static NumeralShape classify_decimal(const char *text, uint32_t len, uint32_t at,
                                     DecimalShape *shape) {
    memset(shape, 0, sizeof *shape);
    bool any_digit = false;
    for (uint32_t i = at, width; i < len; i += width) {
        NumeralUnit unit = next_unit(text, len, i, &width);
        if (unit == UNIT_OTHER) return NUMERAL_NONE;
        if (unit == UNIT_DIGIT) any_digit = true;
    }
    if (!any_digit) return NUMERAL_NONE;
    return well_formed(text, len, at, shape) ? NUMERAL_OK : NUMERAL_MALFORMED;
}

/* Appends the ASCII digits of text[at, end) (points as '.'); when drop_leading_zeros, the
 * zeros before the first other digit of the integer part go, since WGSL rejects "007". */
static size_t append_digits(char *ascii, size_t n, const char *text, uint32_t at, uint32_t end,
                            bool drop_leading_zeros) {
    size_t int_start = n;
    bool in_fraction = false;
    while (at < end) {
        size_t width;
        uint32_t cp = utf8_decode(text + at, end - at, &width);
        at += (uint32_t)width;
        int d = digit_value(cp);
        if (d < 0) {
            ascii[n++] = '.';
            in_fraction = true;
            continue;
        }
        if (drop_leading_zeros && !in_fraction && n == int_start + 1 && ascii[int_start] == '0')
            n = int_start;
        ascii[n++] = (char)('0' + d);
    }
    return n;
}

static uint64_t integer_value(const char *ascii, bool *overflow) {
    uint64_t value = 0;
    for (const char *c = ascii; *c >= '0' && *c <= '9'; c++) {
        uint64_t d = (uint64_t)(*c - '0');
        if (value > (UINT64_MAX - d) / 10) *overflow = true;
        value = value * 10 + d;
    }
    return value;
}

/* Second pass: the ASCII spelling ("-1.5e-3"; leading zeros of the integer part and of the
 * exponent dropped) and the value, rounded once from that spelling by strtod. */
static void build_decimal(Arena *arena, const char *text, uint32_t len, uint32_t at,
                          bool negative, const DecimalShape *shape, NumeralInfo *out) {
    char *ascii = arena_alloc(arena, len + 4);
    size_t n = 0;
    if (negative) ascii[n++] = '-';
    size_t int_start = n;
    n = append_digits(ascii, n, text, at, shape->mantissa_end, true);
    if (shape->has_exponent) {
        ascii[n++] = 'e';
        if (shape->exponent_negative) ascii[n++] = '-';
        n = append_digits(ascii, n, text, shape->exponent_at,
                          len - (uint32_t)strlen(SPELL_EXPONENT_CLOSE), true);
    }
    ascii[n] = '\0';
    bool is_decimal = shape->has_point || shape->has_exponent;
    bool overflow = false;
    out->is_decimal = is_decimal;
    out->is_negative = negative;
    out->ascii = ascii;
    out->float_value = strtod(ascii, NULL);
    if (is_decimal) overflow = isinf(out->float_value);
    else out->int_value = integer_value(ascii + int_start, &overflow);
    if (!is_decimal && overflow) out->int_value = UINT64_MAX;
    out->overflow = overflow;
}

bool fe_numeral_written_zero(const NumeralInfo *n) {
    if (n->is_hex) return n->int_value == 0;
    for (const char *c = n->ascii; *c && *c != 'e'; c++)
        if (*c >= '1' && *c <= '9') return false;
    return true;
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
    if (result == NUMERAL_OK) build_decimal(arena, text, len, at, negative, &shape, out);
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
    bool has_exponent_word = false;
    for (uint32_t at = 0; at < len; at++)
        if (starts_with(text, len, at, SPELL_EXPONENT_OPEN) || starts_with(text, len, at, SPELL_EXPONENT_CLOSE))
            has_exponent_word = true;
    diag_note(diag, span,
              "只由数字字符（0-9、零一二三四五六七八九、点、负）%s组成的「%.*s」读作数字；"
              "名字要有至少一个别的字，如「第%.*s」", has_exponent_word ? "和指数的 乘十的、次方 " : "",
              (int)len, text, (int)len, text);
}
