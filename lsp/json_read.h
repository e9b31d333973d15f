/* Reading a message's JSON body into jansson values, fast on long strings. jansson's own
 * reader takes some 20 ns a byte of a string (an 840 KB didOpen: 15–25 ms, a fifth of a
 * first request's time on a 10,000-line source); yajl's takes a third of that, so the body
 * is read with yajl (libyajl-dev) and the values are made with jansson, which the rest of the
 * server uses. (json-c reads as fast but cannot be linked beside jansson: both export
 * json_object_get and others.) */
#ifndef YUSEC_LSP_JSON_READ_H
#define YUSEC_LSP_JSON_READ_H

#include <stddef.h>

#include <jansson.h>

/* The value of `len` bytes of JSON text, as json_loadb(text, len, JSON_ALLOW_NUL) reads it:
 * an object or an array at the top, strings of valid UTF-8 that may hold U+0000 (keys may
 * not), integers within json_int_t, reals that do not overflow, nesting at most 2048 deep,
 * nothing after the value but whitespace; the last of duplicate keys wins. NULL (nothing
 * allocated) when the text is not that. A new reference. One difference: a lone UTF-16
 * surrogate escape (\ud800 without its pair), which jansson refuses, is read as "?". */
json_t *lsp_json_read(const char *text, size_t len);

#endif
