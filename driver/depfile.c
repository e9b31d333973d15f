#include "driver/depfile.h"

#include <stdbool.h>
#include <string.h>

static size_t first_line(const char *text) {
    const char *end = strchr(text, '\n');
    return end ? (size_t)(end - text) : strlen(text);
}

static void put_make_path(StrBuf *out, const char *path, size_t len) {
    for (size_t i = 0; i < len; i++) {
        char c = path[i];
        if (c == ' ' || c == '#' || c == '\\') strbuf_putc(out, '\\');
        if (c == '$') strbuf_putc(out, '$');
        strbuf_putc(out, c);
    }
}

void gen_depfile(StrBuf *out, const char *targets, const char *files) {
    bool first = true;
    while (*targets) {
        size_t len = first_line(targets);
        if (len) {
            if (!first) strbuf_putc(out, ' ');
            put_make_path(out, targets, len);
            first = false;
        }
        targets += len + (targets[len] == '\n');
    }
    strbuf_putc(out, ':');
    while (*files) {
        size_t len = first_line(files);
        if (len) {
            strbuf_puts(out, " \\\n  ");
            put_make_path(out, files, len);
        }
        files += len + (files[len] == '\n');
    }
    strbuf_putc(out, '\n');
}

