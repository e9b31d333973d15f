#include "json.h"

#include "utf8.h"

void json_append_string_n(StrBuf *out, const char *text, size_t len) {
    strbuf_putc(out, '"');
    size_t pos = 0, width;
    while (pos < len) {
        uint32_t cp = utf8_decode(text + pos, len - pos, &width);
        if (cp == UTF8_INVALID) {
            strbuf_puts(out, "\xEF\xBF\xBD");
        } else if (cp == '"' || cp == '\\') {
            strbuf_putc(out, '\\');
            strbuf_putc(out, (char)cp);
        } else if (cp == '\n') {
            strbuf_puts(out, "\\n");
        } else if (cp == '\t') {
            strbuf_puts(out, "\\t");
        } else if (cp < 0x20 || cp == 0x7F) {
            strbuf_printf(out, "\\u%04x", (unsigned)cp);
        } else {
            strbuf_append(out, text + pos, width);
        }
        pos += width;
    }
    strbuf_putc(out, '"');
}

void json_append_string(StrBuf *out, const char *text) {
    if (!text) {
        strbuf_puts(out, "null");
        return;
    }
    size_t len = 0;
    while (text[len]) len++;
    json_append_string_n(out, text, len);
}
