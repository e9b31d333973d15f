/* Opening files to read without blocking on what is not a file: a FIFO with no writer would
 * block open() forever, a device may never end, a directory has no bytes (and reports a size
 * of LONG_MAX). Every reader of user-named files (sources, manifests, buffer data) opens
 * through here. */
#ifndef YUSEC_BASE_FILE_H
#define YUSEC_BASE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena.h"
#include "strbuf.h"

/* Opens path for binary reading when it is a regular file. Otherwise NULL with *kind naming
 * what it is (目录, 命名管道, 设备, 套接字) — or *kind NULL and errno set when open failed. */
FILE *file_open_regular(const char *path, const char **kind);

/* Reads a whole regular file into the arena (at most `limit` bytes, NUL-terminated beyond
 * *bytes for text users); false with the reason in `error`. */
bool file_read_whole(Arena *arena, const char *path, size_t limit, void **data, size_t *bytes,
                     StrBuf *error);

/* The canonical absolute path of an existing path (realpath) copied into the arena; NULL when
 * it cannot be resolved. */
const char *file_real_path(Arena *arena, const char *path);

#endif
