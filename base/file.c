#include "file.h"

#include <errno.h>
#include <fcntl.h>
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
