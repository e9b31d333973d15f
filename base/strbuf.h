/* A growable, NUL-terminated text buffer on the heap (for output that outlives arenas). */
#ifndef YUSEC_BASE_STRBUF_H
#define YUSEC_BASE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct StrBuf {
    char *data;   /* always NUL-terminated once anything was appended */
    size_t len, cap;
} StrBuf;

void strbuf_init(StrBuf *buf);
void strbuf_free(StrBuf *buf);
void strbuf_clear(StrBuf *buf);
void strbuf_append(StrBuf *buf, const char *text, size_t len);
void strbuf_puts(StrBuf *buf, const char *text);
void strbuf_putc(StrBuf *buf, char c);
void strbuf_printf(StrBuf *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(StrBuf *buf, const char *fmt, va_list args);
void strbuf_indent(StrBuf *buf, int levels);  /* two spaces a level */
const char *strbuf_cstr(StrBuf *buf);         /* "" when empty */

#endif
