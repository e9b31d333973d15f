#include "strbuf.h"

#include "memory.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strbuf_init(StrBuf *buf) { buf->data = NULL; buf->len = buf->cap = 0; }

void strbuf_free(StrBuf *buf) { mem_free(buf->data); strbuf_init(buf); }

void strbuf_clear(StrBuf *buf) {
    buf->len = 0;
    if (buf->data) buf->data[0] = '\0';
}

static void reserve(StrBuf *buf, size_t extra) {
    if (buf->len + extra + 1 <= buf->cap) return;
    size_t cap = buf->cap ? buf->cap : 64;
    while (cap < buf->len + extra + 1) cap *= 2;
    char *data = mem_realloc(buf->data, cap);
    buf->data = data;
    buf->cap = cap;
}

void strbuf_append(StrBuf *buf, const char *text, size_t len) {
    reserve(buf, len);
    if (len) memcpy(buf->data + buf->len, text, len);
    buf->len += len;
    buf->data[buf->len] = '\0';
}

void strbuf_puts(StrBuf *buf, const char *text) { strbuf_append(buf, text, strlen(text)); }

void strbuf_putc(StrBuf *buf, char c) { strbuf_append(buf, &c, 1); }

static void append_unsigned(StrBuf *buf, unsigned long long value, bool negative) {
    char digits[24];
    size_t at = sizeof digits;
    do {
        digits[--at] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    if (negative) digits[--at] = '-';
    strbuf_append(buf, digits + at, sizeof digits - at);
}

static void append_signed(StrBuf *buf, long long value) {
    unsigned long long magnitude = value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
    append_unsigned(buf, magnitude, value < 0);
}

/* The directives most messages and emitted lines use, formatted without vsnprintf (which
 * costs ~1,000 instructions a call, twice: once to measure): %s, %.*s, %c, %d, %u, %ld, %lu,
 * %lld, %llu, %zu and %%, exactly as printf writes them. False at anything else, or a NULL
 * string (printf's own spelling of it is left to printf): the caller then formats it all with
 * vsnprintf. Reads `args` as far as it got. */
static bool format_plain(StrBuf *buf, const char *fmt, va_list args) {
    const char *at = fmt;
    for (;;) {
        const char *pct = strchr(at, '%');
        if (!pct) {
            strbuf_puts(buf, at);
            return true;
        }
        strbuf_append(buf, at, (size_t)(pct - at));
        const char *d = pct + 1;
        if (d[0] == 's') {
            const char *text = va_arg(args, const char *);
            if (!text) return false;
            strbuf_puts(buf, text);
            at = d + 1;
        } else if (d[0] == '.' && d[1] == '*' && d[2] == 's') {
            int precision = va_arg(args, int);
            const char *text = va_arg(args, const char *);
            if (!text) return false;
            strbuf_append(buf, text, precision < 0 ? strlen(text) : strnlen(text, (size_t)precision));
            at = d + 3;
        } else if (d[0] == 'c') {
            strbuf_putc(buf, (char)va_arg(args, int));
            at = d + 1;
        } else if (d[0] == 'd') {
            append_signed(buf, va_arg(args, int));
            at = d + 1;
        } else if (d[0] == 'u') {
            append_unsigned(buf, va_arg(args, unsigned), false);
            at = d + 1;
        } else if (d[0] == 'z' && d[1] == 'u') {
            append_unsigned(buf, va_arg(args, size_t), false);
            at = d + 2;
        } else if (d[0] == 'l' && (d[1] == 'd' || d[1] == 'u')) {
            if (d[1] == 'd') append_signed(buf, va_arg(args, long));
            else append_unsigned(buf, va_arg(args, unsigned long), false);
            at = d + 2;
        } else if (d[0] == 'l' && d[1] == 'l' && (d[2] == 'd' || d[2] == 'u')) {
            if (d[2] == 'd') append_signed(buf, va_arg(args, long long));
            else append_unsigned(buf, va_arg(args, unsigned long long), false);
            at = d + 3;
        } else if (d[0] == '%') {
            strbuf_putc(buf, '%');
            at = d + 1;
        } else {
            return false;
        }
    }
}

void strbuf_vprintf(StrBuf *buf, const char *fmt, va_list args) {
    size_t start = buf->len;
    va_list plain;
    va_copy(plain, args);
    bool done = format_plain(buf, fmt, plain);
    va_end(plain);
    if (done) return;
    buf->len = start;  /* what format_plain wrote goes: vsnprintf writes it all */
    if (buf->data) buf->data[start] = '\0';
    va_list copy;
    va_copy(copy, args);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (len <= 0) return;
    reserve(buf, (size_t)len);
    vsnprintf(buf->data + buf->len, (size_t)len + 1, fmt, args);
    buf->len += (size_t)len;
}

void strbuf_printf(StrBuf *buf, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(buf, fmt, args);
    va_end(args);
}

void strbuf_indent(StrBuf *buf, int levels) {
    for (int i = 0; i < levels; i++) strbuf_append(buf, "  ", 2);
}

const char *strbuf_cstr(StrBuf *buf) { return buf->data ? buf->data : ""; }
