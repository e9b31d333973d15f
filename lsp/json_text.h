/* JSON strings from yusec's text: jansson refuses invalid UTF-8, which a diagnostic may quote
 * from a source file; such bytes become U+FFFD. */
#ifndef YUSEC_LSP_JSON_TEXT_H
#define YUSEC_LSP_JSON_TEXT_H

#include <stddef.h>

#include <jansson.h>

/* A new JSON string of `len` bytes of `text` (NUL bytes kept). */
json_t *lsp_json_text_n(const char *text, size_t len);
/* The same of a NUL-terminated string; NULL gives "". */
json_t *lsp_json_text(const char *text);

struct StrBuf;
/* Appends `text` (NUL-terminated; NULL: "") as a JSON string literal — quotes, escapes,
 * invalid UTF-8 as U+FFFD, as lsp_json_text would serialize — for text handlers. */
void lsp_json_text_append(struct StrBuf *out, const char *text);

#endif
