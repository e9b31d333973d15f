/* 着十's ASCII mangling of PTX names: deterministic, reversible, and never hands LLVM or
 * ptxas a non-ASCII byte. */
#include "ptx.h"

#include "names.h"

static bool ascii_alnum(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

void ptx_mangle(StrBuf *out, const char *prefix, const char *name) {
    static const char hex[] = "0123456789abcdef";
    strbuf_puts(out, prefix);
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (ascii_alnum(*p)) {
            strbuf_putc(out, (char)*p);
        } else {
            char esc[3] = {'_', hex[*p >> 4], hex[*p & 15]};
            strbuf_append(out, esc, 3);
        }
    }
}

void ptx_entry_name(StrBuf *out, Arena *arena, const IrModule *m, const IrEntry *e) {
    const char *func = e->func < ir_function_count(m) ? ir_function(m, e->func)->name : "";
    ptx_mangle(out, PTX_ENTRY_PREFIX, names_legalise(arena, func));
}

void ptx_encode_path(StrBuf *out, const char *path) {
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (*p >= 0x20 && *p < 0x7f && *p != '%' && *p != '"' && *p != '\\') {
            strbuf_putc(out, (char)*p);
        } else {
            char esc[3] = {'%', hex[*p >> 4], hex[*p & 15]};
            strbuf_append(out, esc, 3);
        }
    }
}
