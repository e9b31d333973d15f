#include "arena.h"

#include "memory.h"

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

void *arena_alloc(Arena *arena, size_t size) {
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
    memset(result, 0, rounded);
    return result;
}

void *arena_alloc_array(Arena *arena, size_t count, size_t elem_size) {
    if (elem_size && count > SIZE_MAX / elem_size) mem_exhausted(SIZE_MAX);
    return arena_alloc(arena, count * elem_size);
}

char *arena_strndup(Arena *arena, const char *text, size_t len) {
    char *copy = arena_alloc(arena, len + 1);
    if (len) memcpy(copy, text, len);
    copy[len] = '\0';
    return copy;
}

char *arena_strdup(Arena *arena, const char *text) {
    return arena_strndup(arena, text, strlen(text));
}

char *arena_printf(Arena *arena, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    int len = vsnprintf(NULL, 0, fmt, args);
    va_end(args);
    if (len < 0) len = 0;
    char *text = arena_alloc(arena, (size_t)len + 1);
    va_start(args, fmt);
    vsnprintf(text, (size_t)len + 1, fmt, args);
    va_end(args);
    return text;
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
