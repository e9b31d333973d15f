/* Valid UTF-8 for jansson. */
#include "lsp/json_text.h"

#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "base/strbuf.h"
#include "base/utf8.h"

json_t *lsp_json_text_n(const char *text, size_t len) {
    json_t *string = json_stringn(text, len);
    if (string) return string;
    char *clean = mem_alloc(len * 3 + 1), *out = clean;
    for (size_t at = 0; at < len;) {
        size_t width;
        if (utf8_decode(text + at, len - at, &width) == UTF8_INVALID) {
            memcpy(out, "\xEF\xBF\xBD", 3);
            out += 3;
        } else {
            memcpy(out, text + at, width);
            out += width;
        }
        at += width;
    }
    string = json_stringn(clean, (size_t)(out - clean));
    mem_free(clean);
    return string ? string : json_string("");
}

void lsp_json_text_append(StrBuf *out, const char *text) {
    static const char HEX[] = "0123456789abcdef";
    size_t len = text ? strlen(text) : 0;
    strbuf_putc(out, '"');
    for (size_t at = 0; at < len;) {
        unsigned char byte = (unsigned char)text[at];
        if (byte == '"' || byte == '\\') {
            char escaped[2] = {'\\', (char)byte};
            strbuf_append(out, escaped, 2);
            at++;
        } else if (byte < 0x20) {
            char escaped[6] = {'\\', 'u', '0', '0', HEX[byte >> 4], HEX[byte & 15]};
            strbuf_append(out, escaped, 6);
            at++;
        } else {
            size_t width;
            if (utf8_decode(text + at, len - at, &width) == UTF8_INVALID) strbuf_append(out, "\xEF\xBF\xBD", 3);
            else strbuf_append(out, text + at, width);
            at += width;
        }
    }
    strbuf_putc(out, '"');
}

json_t *lsp_json_text(const char *text) { return text ? lsp_json_text_n(text, strlen(text)) : json_string(""); }
