#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool file_has_content(const char *path, const char *text, size_t len) {
    FILE *stream = fopen(path, "rb");
    if (!stream) return false;
    bool same = true;
    char chunk[8192];
    size_t pos = 0, got;
    while (same && (got = fread(chunk, 1, sizeof chunk, stream)) > 0) {
        if (pos + got > len || memcmp(chunk, text + pos, got) != 0) same = false;
        pos += got;
    }
    if (ferror(stream)) same = false;
    fclose(stream);
    return same && pos == len;
}

bool output_write(const char *path, const char *text, size_t len) {
    if (!path || strcmp(path, "-") == 0) {
        if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0) {
            fprintf(stderr, "yusec: error: 写标准输出失败：%s\n", strerror(errno));
            return false;
        }
        return true;
    }
    if (file_has_content(path, text, len)) return true;
    FILE *stream = fopen(path, "wb");
    if (!stream) {
        fprintf(stderr, "yusec: error: 无法写文件 '%s'：%s\n", path, strerror(errno));
        return false;
    }
    bool ok = fwrite(text, 1, len, stream) == len;
    ok = (fclose(stream) == 0) && ok;
    if (!ok) fprintf(stderr, "yusec: error: 写文件 '%s' 失败：%s\n", path, strerror(errno));
    return ok;
}
