#include "json.h"


void json_put_string(StrBuf *out, const char *text) {
    strbuf_putc(out, '"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') strbuf_printf(out, "\\%c", *p);
        else if (*p < 0x20) strbuf_printf(out, "\\u%04x", *p);
        else strbuf_putc(out, (char)*p);
    }
    strbuf_putc(out, '"');
}

