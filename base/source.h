/* Source files held in memory, with byte spans and line/column lookup. */
#ifndef YUSEC_BASE_SOURCE_H
#define YUSEC_BASE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

/* A half-open byte range [start, end) inside one source file. */
typedef struct Span {
    uint32_t file;   /* index into the SourceMap */
    uint32_t start;
    uint32_t end;
} Span;

typedef struct SourceFile {
    uint32_t id;
    const char *path;      /* as given on the command line or found by lookup */
    const char *text;      /* NUL-terminated copy; may contain NULs from the file */
    uint32_t len;
    uint32_t *line_starts; /* byte offset of each line's first byte; a line ends at '\n', at
                            * "\r\n" (one end) and at a lone '\r' */
    uint32_t line_count;
} SourceFile;

/* Where files come from before the file system (libyusec's source provider): `read` returns
 * true with the bytes of `path` (copied by the caller), or false to leave the file to the
 * file system. A NULL `read` means the file system only. */
typedef struct SourceReader {
    bool (*read)(void *user, const char *path, const char **text, size_t *len);
    void *user;
} SourceReader;

typedef struct SourceMap {
    Arena *arena;
    SourceFile **files;
    uint32_t count, cap;
    SourceReader reader;  /* zero: the file system only */
} SourceMap;

/* Largest source file accepted; spans are 32-bit. */
#define SOURCE_MAX_BYTES (64u * 1024u * 1024u)

void source_map_init(SourceMap *map, Arena *arena);

/* Adds text (copied) under the given path and returns the file. */
SourceFile *source_add(SourceMap *map, const char *path, const char *text, size_t len);

/* Puts into the map a file that a longer-lived map holds (a library context's builtin
 * interface), under the id it already has: only while the map holds exactly `file->id` files,
 * so ids stay indices. False, and nothing added, otherwise. The file is not copied. */
bool source_adopt(SourceMap *map, SourceFile *file);

/* Reads a file (through the map's reader first). Returns NULL and sets *error to a Chinese
 * message on failure. */
SourceFile *source_load(SourceMap *map, const char *path, const char **error);

/* True when `path` is a file the reader serves or a regular file on disk. */
bool source_exists(const SourceMap *map, const char *path);

SourceFile *source_get(const SourceMap *map, uint32_t id);

/* The 0-based line holding `offset` (binary search over the line starts; file->line_count > 0). */
uint32_t source_line_index(const SourceFile *file, uint32_t offset);

/* 1-based line and 1-based column counted in characters (code points). */
void source_position(const SourceFile *file, uint32_t offset, uint32_t *line, uint32_t *column);

/* The bytes of line `line` (1-based) without its line terminator. */
const char *source_line_text(const SourceFile *file, uint32_t line, uint32_t *len);

/* Inline: the lexer and parser make one per token and node. */
static inline Span span_make(uint32_t file, uint32_t start, uint32_t end) {
    Span span = {file, start, end};
    return span;
}
Span span_join(Span first, Span last);

#endif
