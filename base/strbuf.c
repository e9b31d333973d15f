#include "strbuf.h"

#include "memory.h"

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

void strbuf_vprintf(StrBuf *buf, const char *fmt, va_list args) {
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
