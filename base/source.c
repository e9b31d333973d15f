#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file.h"
#include "memory.h"
#include "utf8.h"

void source_map_init(SourceMap *map, Arena *arena) {
    map->arena = arena;
    map->files = NULL;
    map->count = map->cap = 0;
    map->reader = (SourceReader){0};
}

static bool read_from_reader(const SourceMap *map, const char *path, const char **text, size_t *len) {
    return map->reader.read && map->reader.read(map->reader.user, path, text, len);
}

bool source_exists(const SourceMap *map, const char *path) {
    const char *text;
    size_t len;
    if (read_from_reader(map, path, &text, &len)) return true;
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The byte after each line end: '\n', "\r\n" (one end) and a lone '\r', as the Language
 * Server Protocol counts them and as the lexer ends a line (frontend/lexer.c). Written into
 * `starts` when it is not NULL; the count either way. A text without '\r' (the usual one) is
 * scanned by memchr for '\n' alone. */
static uint32_t find_line_ends(const char *text, uint32_t len, uint32_t *starts) {
    uint32_t count = 0;
    if (!memchr(text, '\r', len)) {
        for (const char *at = memchr(text, '\n', len); at; at = memchr(at, '\n', (size_t)(text + len - at))) {
            at++;
            if (starts) starts[count] = (uint32_t)(at - text);
            count++;
        }
        return count;
    }
    for (uint32_t at = 0; at < len; at++) {
        if (text[at] == '\r' && at + 1 < len && text[at + 1] == '\n') at++;
        else if (text[at] != '\n' && text[at] != '\r') continue;
        if (starts) starts[count] = at + 1;
        count++;
    }
    return count;
}

static void index_lines(Arena *arena, SourceFile *file) {
    uint32_t lines = 1 + find_line_ends(file->text, file->len, NULL);
    file->line_starts = arena_alloc_array(arena, lines, sizeof(uint32_t));
    file->line_count = lines;
    file->line_starts[0] = 0;
    find_line_ends(file->text, file->len, file->line_starts + 1);
}

static void grow_files(SourceMap *map) {
    uint32_t cap = map->cap ? map->cap * 2 : 8;
    SourceFile **files = arena_alloc_array(map->arena, cap, sizeof(SourceFile *));
    if (map->count) memcpy(files, map->files, map->count * sizeof(SourceFile *));
    map->files = files;
    map->cap = cap;
}

SourceFile *source_add(SourceMap *map, const char *path, const char *text, size_t len) {
    if (map->count == map->cap) grow_files(map);
    SourceFile *file = arena_alloc(map->arena, sizeof(SourceFile));
    file->id = map->count;
    file->path = arena_strdup(map->arena, path);
    file->text = arena_strndup(map->arena, text, len);
    file->len = (uint32_t)len;
    index_lines(map->arena, file);
    map->files[map->count++] = file;
    return file;
}

bool source_adopt(SourceMap *map, SourceFile *file) {
    if (!file || file->id != map->count) return false;
    if (map->count == map->cap) grow_files(map);
    map->files[map->count++] = file;
    return true;
}

SourceFile *source_load(SourceMap *map, const char *path, const char **error) {
    const char *held = NULL;
    size_t held_len = 0;
    if (read_from_reader(map, path, &held, &held_len)) {
        if (!held && held_len) {
            *error = arena_printf(map->arena, "源提供者给出的文本是空指针，长度却是 %zu 字节", held_len);
            return NULL;
        }
        if (held_len <= SOURCE_MAX_BYTES) return source_add(map, path, held ? held : "", held_len);
        *error = arena_printf(map->arena, "文件过大（上限 %u 字节）", SOURCE_MAX_BYTES);
        return NULL;
    }
    const char *kind;
    FILE *stream = file_open_regular(path, &kind);
    if (!stream) {
        *error = kind ? arena_printf(map->arena, "不是普通文件（是%s），不读它", kind)
                      : arena_printf(map->arena, "无法打开文件：%s", strerror(errno));
        return NULL;
    }
    char *data = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 65536;
            data = mem_realloc(data, cap);
        }
        size_t got = fread(data + len, 1, cap - len, stream);
        len += got;
        if (got == 0) break;
        if (len > SOURCE_MAX_BYTES) break;
    }
    bool failed = ferror(stream) != 0;
    fclose(stream);
    if (failed) {
        mem_free(data);
        *error = "读取文件失败";
        return NULL;
    }
    if (len > SOURCE_MAX_BYTES) {
        mem_free(data);
        *error = arena_printf(map->arena, "文件过大（上限 %u 字节）", SOURCE_MAX_BYTES);
        return NULL;
    }
    SourceFile *file = source_add(map, path, data ? data : "", len);
    mem_free(data);
    return file;
}

SourceFile *source_get(const SourceMap *map, uint32_t id) {
    return id < map->count ? map->files[id] : NULL;
}

uint32_t source_line_index(const SourceFile *file, uint32_t offset) {
    uint32_t lo = 0, hi = file->line_count;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (file->line_starts[mid] <= offset) lo = mid;
        else hi = mid;
    }
    return lo;
}

void source_position(const SourceFile *file, uint32_t offset, uint32_t *line, uint32_t *column) {
    if (offset > file->len) offset = file->len;
    uint32_t index = source_line_index(file, offset);
    uint32_t start = file->line_starts[index];
    *line = index + 1;
    *column = (uint32_t)utf8_count(file->text + start, offset - start) + 1;
}

const char *source_line_text(const SourceFile *file, uint32_t line, uint32_t *len) {
    if (line == 0 || line > file->line_count) {
        *len = 0;
        return "";
    }
    uint32_t start = file->line_starts[line - 1];
    uint32_t end = line < file->line_count ? file->line_starts[line] - 1 : file->len;
    if (end > start && file->text[end - 1] == '\r') end--;
    *len = end - start;
    return file->text + start;
}

Span span_join(Span first, Span last) {
    Span span = first;
    if (last.file == first.file && last.end > span.end) span.end = last.end;
    return span;
}
