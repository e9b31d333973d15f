/* realpath is an X/Open extension in glibc. */
#define _XOPEN_SOURCE 700
#include "file.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "目录";
    if (S_ISFIFO(mode)) return "命名管道";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "设备";
    if (S_ISSOCK(mode)) return "套接字";
    return "特殊文件";
}

FILE *file_open_regular(const char *path, const char **kind) {
    *kind = NULL;
    /* O_NONBLOCK: opening a FIFO for reading does not wait for a writer; fstat then tells. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        *kind = kind_of(st.st_mode);
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *stream = fdopen(fd, "rb");
    if (!stream) {
        int saved = errno;
        close(fd);
        errno = saved;
    }
    return stream;
}

bool file_read_whole(Arena *arena, const char *path, size_t limit, void **data, size_t *bytes,
                     StrBuf *error) {
    const char *kind;
    FILE *stream = file_open_regular(path, &kind);
    if (!stream) {
        if (kind) strbuf_printf(error, "'%s' 不是普通文件（是%s），不读它", path, kind);
        else strbuf_printf(error, "无法打开文件 '%s'：%s", path, strerror(errno));
        return false;
    }
    long size = -1;
    if (fseek(stream, 0, SEEK_END) == 0) size = ftell(stream);
    if (size < 0 || fseek(stream, 0, SEEK_SET) != 0) {
        strbuf_printf(error, "无法读取文件 '%s'", path);
        fclose(stream);
        return false;
    }
    if ((size_t)size > limit) {
        strbuf_printf(error, "文件 '%s' 太大（%ld 字节，至多 %zu）", path, size, limit);
        fclose(stream);
        return false;
    }
    char *buffer = arena_alloc(arena, (size_t)size + 1);
    size_t got = fread(buffer, 1, (size_t)size, stream);
    bool ok = got == (size_t)size && !ferror(stream);
    fclose(stream);
    if (!ok) {
        strbuf_printf(error, "读文件 '%s' 失败", path);
        return false;
    }
    buffer[size] = '\0';  /* text users (PTX) need the NUL */
    *data = buffer;
    *bytes = (size_t)size;
    return true;
}

const char *file_real_path(Arena *arena, const char *path) {
    char *resolved = realpath(path, NULL);
    if (!resolved) return NULL;
    const char *copy = arena_strdup(arena, resolved);
    free(resolved);
    return copy;
}
