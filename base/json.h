/* Writing JSON text: strings escaped per RFC 8259 (quotes, backslashes, every control
 * character; invalid UTF-8 as U+FFFD, so the output is always valid UTF-8 JSON). */
#ifndef YUSEC_BASE_JSON_H
#define YUSEC_BASE_JSON_H

#include <stddef.h>

#include "strbuf.h"

/* Appends "text" with its quotes; NULL is written as null. */
void json_append_string(StrBuf *out, const char *text);
void json_append_string_n(StrBuf *out, const char *text, size_t len);

#endif
