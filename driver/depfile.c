#include "driver/depfile.h"

#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

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


void gen_depfile_phony(StrBuf *out, const char *files) {
    while (*files) {
        size_t len = first_line(files);
        if (len) {
            strbuf_putc(out, '\n');
            put_make_path(out, files, len);
            strbuf_puts(out, ":\n");
        }
        files += len + (files[len] == '\n');
    }
}

/* A directory that is no symbolic link: its ".." is the directory the path names above it. */
static bool is_plain_directory(const char *path) {
    struct stat status;
    return lstat(path, &status) == 0 && S_ISDIR(status.st_mode);
}

/* Drops the last segment of the path in out[start..] for a following "..": false (nothing
 * dropped) when there is none, it is itself "..", or it is a symbolic link or no directory. */
static bool drop_segment_for_parent(StrBuf *out, size_t start, size_t root) {
    if (out->len == root) return root > start;  /* "/..": the root is its own parent */
    size_t slash = out->len;
    while (slash > root && out->data[slash - 1] != '/') slash--;
    size_t segment_len = out->len - slash;
    if (segment_len == 2 && memcmp(out->data + slash, "..", 2) == 0) return false;
    if (!is_plain_directory(out->data + start)) return false;
    out->len = slash > root ? slash - 1 : root;
    out->data[out->len] = '\0';
    return true;
}

void depfile_clean_path(StrBuf *out, const char *path) {
    size_t start = out->len;
    if (path[0] == '/') strbuf_putc(out, '/');
    size_t root = out->len;
    for (const char *p = path; *p;) {
        while (*p == '/') p++;
        size_t len = strcspn(p, "/");
        bool dot = len == 1 && p[0] == '.';
        bool parent = len == 2 && p[0] == '.' && p[1] == '.';
        if (len && !dot && !(parent && drop_segment_for_parent(out, start, root))) {
            if (out->len > root) strbuf_putc(out, '/');
            strbuf_append(out, p, len);
        }
        p += len;
    }
    if (out->len == start) strbuf_putc(out, '.');
}
