/* Parsing buffer arguments and the grid, reading data files, printing results. */
#include "buffers.h"

#include "base/file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const SCALAR_NAMES[] = {"u32", "i32", "f32"};

const char *rt_scalar_name(RtScalar type) {
    return (unsigned)type < 3 ? SCALAR_NAMES[type] : "?";
}

bool rt_scalar_from_name(const char *name, size_t len, RtScalar *type) {
    for (int i = 0; i < 3; i++)
        if (len == 3 && memcmp(name, SCALAR_NAMES[i], 3) == 0) {
            *type = (RtScalar)i;
            return true;
        }
    return false;
}

/* A decimal number of at most 10 digits ≤ 2^32-1; *end after it. */
static bool parse_u32_decimal(const char *text, uint32_t *value, const char **end) {
    uint64_t v = 0;
    const char *p = text;
    while (*p >= '0' && *p <= '9' && p - text < 11) v = v * 10 + (uint64_t)(*p++ - '0');
    if (p == text || p - text > 10 || v > 0xffffffffu) return false;
    *value = (uint32_t)v;
    *end = p;
    return true;
}

bool rt_parse_binding(const char *text, uint32_t *group, uint32_t *binding, const char **rest) {
    const char *p;
    if (!parse_u32_decimal(text, group, &p) || *p != ':') return false;
    return parse_u32_decimal(p + 1, binding, rest);
}

/* One value of `type` spanning exactly [start, end). */
static bool parse_value(RtScalar type, const char *start, const char *end, uint32_t *word) {
    size_t len = (size_t)(end - start);
    char text[64];
    if (len == 0 || len >= sizeof text) return false;
    memcpy(text, start, len);
    text[len] = '\0';
    char *stop;
    errno = 0;
    if (type == RT_SCALAR_F32) {
        float f = strtof(text, &stop);
        if (*stop || (errno == ERANGE && isinf(f))) return false;
        memcpy(word, &f, sizeof f);
        return true;
    }
    if (text[0] == '+' || (type == RT_SCALAR_U32 && text[0] == '-')) return false;
    const char *digits = text[0] == '-' ? text + 1 : text;
    int base = digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X') ? 16 : 10;  /* no octal */
    if (type == RT_SCALAR_U32) {
        unsigned long long v = strtoull(text, &stop, base);
        if (*stop || errno || v > 0xffffffffULL) return false;
        *word = (uint32_t)v;
        return true;
    }
    long long v = strtoll(text, &stop, base);
    if (*stop || errno || v < INT32_MIN || v > INT32_MAX) return false;
    int32_t i = (int32_t)v;
    memcpy(word, &i, sizeof i);
    return true;
}

/* One item "value" or "N*value" spanning [start, end): its count and value. */
static bool parse_item(RtScalar type, const char *start, const char *end, size_t *count,
                       uint32_t *word) {
    const char *star = memchr(start, '*', (size_t)(end - start));
    *count = 1;
    if (star) {
        uint32_t n;
        const char *after;
        if (!parse_u32_decimal(start, &n, &after) || after != star) return false;
        *count = n;
        start = star + 1;
    }
    return parse_value(type, start, end, word);
}

/* Walks the comma list; with `out` NULL only counts. False at the first bad item. */
static bool walk_values(RtScalar type, const char *text, uint32_t *out, size_t *total,
                        const char **bad, size_t *bad_len) {
    *total = 0;
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        const char *end = comma ? comma : p + strlen(p);
        size_t count;
        uint32_t word;
        if (!parse_item(type, p, end, &count, &word)) {
            *bad = p;
            *bad_len = (size_t)(end - p);
            return false;
        }
        if (count > RT_MAX_ELEMENTS - *total) {
            *bad = NULL;
            return false;
        }
        for (size_t i = 0; out && i < count; i++) out[*total + i] = word;
        *total += count;
        if (!comma) return true;
        p = comma + 1;
    }
}

static bool values_from_file(Arena *arena, const char *path, void **data, size_t *bytes,
                             StrBuf *error) {
    if (!file_read_whole(arena, path, RT_MAX_ELEMENTS * 4, data, bytes, error)) return false;
    if (*bytes == 0 || *bytes % 4 != 0) {
        strbuf_printf(error, "数据文件 '%s' 有 %zu 字节，须是 4 的正整数倍", path, *bytes);
        return false;
    }
    return true;
}

bool rt_parse_values(Arena *arena, RtScalar type, const char *text, void **data, size_t *bytes,
                     StrBuf *error) {
    if (text[0] == '@') return values_from_file(arena, text + 1, data, bytes, error);
    size_t total, bad_len = 0;
    const char *bad = NULL;
    if (!walk_values(type, text, NULL, &total, &bad, &bad_len)) {
        if (!bad) {
            strbuf_printf(error, "值太多（一个缓冲至多 %zu 个）", RT_MAX_ELEMENTS);
            return false;
        }
        const char *kind = NULL;
        FILE *probe = *text ? file_open_regular(text, &kind) : NULL;
        if (probe) fclose(probe);
        if (probe || kind) return values_from_file(arena, text, data, bytes, error);
        strbuf_printf(error, "'%.*s' 不是 %s 值（值列表写成 1,2,3 或 个数*值；文件写成 @路径）",
                      (int)(bad_len > 64 ? 64 : bad_len), bad, rt_scalar_name(type));
        return false;
    }
    if (total == 0) {
        strbuf_puts(error, "缓冲不能是空的");
        return false;
    }
    uint32_t *words = arena_alloc_array(arena, total, sizeof *words);
    walk_values(type, text, words, &total, &bad, &bad_len);
    *data = words;
    *bytes = total * sizeof *words;
    return true;
}

bool rt_parse_buffer_spec(Arena *arena, const char *text, RtBufferSpec *spec, StrBuf *error) {
    memset(spec, 0, sizeof *spec);
    spec->source = text;
    const char *p;
    if (!rt_parse_binding(text, &spec->group, &spec->binding, &p) || *p != '=') {
        strbuf_printf(error, "缓冲参数 '%s' 应写成 组:绑定=类型:值，如 0:1=f32:1,2,3", text);
        return false;
    }
    const char *type = p + 1, *colon = strchr(type, ':');
    if (!colon || !rt_scalar_from_name(type, (size_t)(colon - type), &spec->type)) {
        strbuf_printf(error, "缓冲参数 '%s' 的类型须是 u32、i32 或 f32", text);
        return false;
    }
    StrBuf why;
    strbuf_init(&why);
    bool ok = rt_parse_values(arena, spec->type, colon + 1, &spec->data, &spec->bytes, &why);
    if (!ok) strbuf_printf(error, "缓冲 %u:%u：%s", spec->group, spec->binding, strbuf_cstr(&why));
    strbuf_free(&why);
    return ok;
}

bool rt_parse_grid(const char *text, uint32_t grid[3], StrBuf *error) {
    grid[0] = grid[1] = grid[2] = 1;
    const char *p = text;
    for (int a = 0; a < 3; a++) {
        if (!parse_u32_decimal(p, &grid[a], &p) || grid[a] == 0) break;
        if (*p == '\0') return true;
        if (*p != ',' || a == 2) break;
        p++;
    }
    strbuf_printf(error, "网格 '%s' 应写成 X、X,Y 或 X,Y,Z（正整数）", text);
    return false;
}

static void format_float(StrBuf *out, float f) {
    if (isnan(f)) {
        strbuf_puts(out, signbit(f) ? "-nan" : "nan");
        return;
    }
    if (isinf(f)) {
        strbuf_puts(out, f < 0 ? "-inf" : "inf");
        return;
    }
    char text[32];
    for (int digits = 6; digits <= 9; digits++) {  /* shortest that reads back the same */
        snprintf(text, sizeof text, "%.*g", digits, (double)f);
        if (strtof(text, NULL) == f) break;
    }
    strbuf_puts(out, text);
}

void rt_format_values(StrBuf *out, RtScalar type, const void *data, size_t bytes) {
    const unsigned char *p = data;
    for (size_t i = 0; i + 4 <= bytes; i += 4) {
        uint32_t word;
        memcpy(&word, p + i, 4);
        if (i) strbuf_puts(out, ", ");
        if (type == RT_SCALAR_U32) strbuf_printf(out, "%u", word);
        else if (type == RT_SCALAR_I32) strbuf_printf(out, "%d", (int32_t)word);
        else {
            float f;
            memcpy(&f, &word, 4);
            format_float(out, f);
        }
    }
}
