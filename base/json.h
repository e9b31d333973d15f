/* Writing JSON text: the one string escaper of the project (the JSON and SARIF diagnostics,
 * the --entries=json manifest). Strings are escaped per RFC 8259 §7:
 *   - `"` and `\` as \" and \\;
 *   - newline and tab as \n and \t, every other C0 control character (U+0000..U+001F) and
 *     DEL (U+007F, not required by the RFC, escaped so no raw control byte reaches a
 *     terminal) as \u00xx with lowercase hex;
 *   - valid UTF-8 written as is, U+2028 and U+2029 included: RFC 8259 allows them raw and
 *     every reader of these texts is a JSON parser, not a JavaScript evaluator;
 *   - invalid UTF-8 (ill-formed, overlong, surrogates, > U+10FFFF; base/utf8.h): each byte
 *     that starts no valid sequence becomes U+FFFD, so the output is always valid UTF-8 JSON
 *     (RFC 8259 §8.1). */
#ifndef YUSEC_BASE_JSON_H
#define YUSEC_BASE_JSON_H

#include <stddef.h>

#include "strbuf.h"

/* Appends "text" with its quotes; NULL is written as null. */
void json_append_string(StrBuf *out, const char *text);
void json_append_string_n(StrBuf *out, const char *text, size_t len);

#endif
