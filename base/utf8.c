#include "utf8.h"

uint32_t utf8_decode(const char *text, size_t len, size_t *width) {
    const unsigned char *s = (const unsigned char *)text;
    *width = 1;
    if (len == 0) return UTF8_INVALID;
    unsigned char lead = s[0];
    if (lead < 0x80) return lead;
    size_t need;
    uint32_t cp, min;
    if (lead >= 0xC2 && lead <= 0xDF) { need = 2; cp = lead & 0x1F; min = 0x80; }
    else if (lead >= 0xE0 && lead <= 0xEF) { need = 3; cp = lead & 0x0F; min = 0x800; }
    else if (lead >= 0xF0 && lead <= 0xF4) { need = 4; cp = lead & 0x07; min = 0x10000; }
    else return UTF8_INVALID;
    if (len < need) return UTF8_INVALID;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80) return UTF8_INVALID;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return UTF8_INVALID;
    *width = need;
    return cp;
}

size_t utf8_find_invalid(const char *text, size_t len) {
    size_t pos = 0;
    while (pos < len) {
        size_t width;
        if (utf8_decode(text + pos, len - pos, &width) == UTF8_INVALID) return pos;
        pos += width;
    }
    return len;
}

size_t utf8_encode(uint32_t cp, char out[4]) {
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

size_t utf8_count(const char *text, size_t len) {
    size_t count = 0, pos = 0;
    while (pos < len) {
        size_t width;
        utf8_decode(text + pos, len - pos, &width);
        pos += width;
        count++;
    }
    return count;
}

int utf8_display_width(uint32_t cp) {
    /* The wide ranges of UAX #11 that matter for source text: CJK, kana, Hangul,
     * full-width forms and CJK punctuation. */
    if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
        (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
        (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
        (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
        (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
        (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD))
        return 2;
    return 1;
}

bool utf8_is_bidi_control(uint32_t cp) {
    return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
           cp == 0x200F || cp == 0x061C;
}

typedef struct CodePointRun {
    uint32_t first, last;
} CodePointRun;

static const CodePointRun default_ignorable_runs[] = {
#include "ignorable_ranges.inc"
};

bool utf8_is_default_ignorable(uint32_t cp) {
    size_t low = 0, high = sizeof default_ignorable_runs / sizeof default_ignorable_runs[0];
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (cp < default_ignorable_runs[mid].first) high = mid;
        else if (cp > default_ignorable_runs[mid].last) low = mid + 1;
        else return true;
    }
    return false;
}

bool utf8_is_unsafe_for_terminal(uint32_t cp) {
    return (cp < 0x20 && cp != '\t') || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
           utf8_is_bidi_control(cp) || utf8_is_default_ignorable(cp);
}
