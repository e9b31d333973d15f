#include "arena.h"

#include "memory.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
    ArenaBlock *prev;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

enum { ARENA_BLOCK_SIZE = 64 * 1024, ARENA_ALIGN = 16 };

void arena_init(Arena *arena) { arena->head = NULL; arena->total = 0; }

void arena_free(Arena *arena) {
    ArenaBlock *block = arena->head;
    while (block) {
        ArenaBlock *prev = block->prev;
        mem_free(block);
        block = prev;
    }
    arena->head = NULL;
    arena->total = 0;
}

static void *take(Arena *arena, size_t size) {
    size_t rounded = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if (rounded < size) mem_exhausted(size);
    ArenaBlock *block = arena->head;
    if (!block || block->size - block->used < rounded) {
        size_t cap = rounded > ARENA_BLOCK_SIZE ? rounded : ARENA_BLOCK_SIZE;
        if (cap > SIZE_MAX - sizeof(ArenaBlock)) mem_exhausted(cap);
        block = mem_alloc(sizeof(ArenaBlock) + cap);
        block->prev = arena->head;
        block->used = 0;
        block->size = cap;
        arena->head = block;
    }
    void *result = block->data + block->used;
    block->used += rounded;
    arena->total += rounded;
    return result;
}

void *arena_alloc(Arena *arena, size_t size) {
    void *result = take(arena, size);
    memset(result, 0, size);
    return result;
}

void *arena_alloc_array_uninit(Arena *arena, size_t count, size_t elem_size) {
    if (elem_size && count > SIZE_MAX / elem_size) mem_exhausted(SIZE_MAX);
    return take(arena, count * elem_size);
}

void *arena_grow_array(Arena *arena, const void *old, size_t count, size_t new_cap, size_t elem_size) {
    void *items = arena_alloc_array_uninit(arena, new_cap, elem_size);
    if (count) memcpy(items, old, count * elem_size);
    return items;
}

char *arena_concat(Arena *arena, const char *first, ...) {
    va_list args;
    size_t len = 0;
    va_start(args, first);
    for (const char *part = first; part; part = va_arg(args, const char *)) len += strlen(part);
    va_end(args);
    char *text = take(arena, len + 1), *at = text;
    va_start(args, first);
    for (const char *part = first; part; part = va_arg(args, const char *)) {
        size_t n = strlen(part);
        memcpy(at, part, n);
        at += n;
    }
    va_end(args);
    *at = '\0';
    return text;
}

void *arena_alloc_array(Arena *arena, size_t count, size_t elem_size) {
    if (elem_size && count > SIZE_MAX / elem_size) mem_exhausted(SIZE_MAX);
    return arena_alloc(arena, count * elem_size);
}

char *arena_strndup(Arena *arena, const char *text, size_t len) {
    char *copy = take(arena, len + 1);
    if (len) memcpy(copy, text, len);
    copy[len] = '\0';
    return copy;
}

char *arena_strdup(Arena *arena, const char *text) {
    return arena_strndup(arena, text, strlen(text));
}

char *arena_printf(Arena *arena, const char *fmt, ...) {
    StrBuf text;
    strbuf_init(&text);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&text, fmt, args);
    va_end(args);
    char *copy = arena_strndup(arena, text.data ? text.data : "", text.len);
    strbuf_free(&text);
    return copy;
}

void ptrvec_push(Arena *arena, PtrVec *vec, void *item) {
    if (vec->len == vec->cap) {
        size_t cap = vec->cap ? vec->cap * 2 : 4;
        void **items = arena_alloc_array(arena, cap, sizeof(void *));
        if (vec->len) memcpy(items, vec->items, vec->len * sizeof(void *));
        vec->items = items;
        vec->cap = cap;
    }
    vec->items[vec->len++] = item;
}
