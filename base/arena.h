/* Arena allocation: every compilation allocates from one arena and frees it at once. */
#ifndef YUSEC_BASE_ARENA_H
#define YUSEC_BASE_ARENA_H

#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;

typedef struct Arena {
    ArenaBlock *head;   /* block being filled; older blocks chain behind it */
    size_t total;       /* bytes handed out, for statistics and tests */
} Arena;

void arena_init(Arena *arena);
void arena_free(Arena *arena);

/* Zero-filled, 16-byte aligned memory that lives until arena_free. When the system
 * refuses memory the process ends through mem_exhausted (base/memory.h). */
void *arena_alloc(Arena *arena, size_t size);
void *arena_alloc_array(Arena *arena, size_t count, size_t elem_size);
char *arena_strndup(Arena *arena, const char *text, size_t len);
char *arena_strdup(Arena *arena, const char *text);
char *arena_printf(Arena *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Like arena_alloc_array, but not zero-filled: for an array whose items the caller writes
 * before it reads them (a growing token array). */
void *arena_alloc_array_uninit(Arena *arena, size_t count, size_t elem_size);
/* A growing array's new storage: `new_cap` items of `elem_size` bytes, the first `count` copied
 * from `old` (which the arena reclaims at the end), the rest not zero-filled. */
void *arena_grow_array(Arena *arena, const void *old, size_t count, size_t new_cap, size_t elem_size);
/* The NUL-terminated strings up to the NULL after them, joined: what arena_printf("%s%s…")
 * gives, without formatting (hot paths build names and messages this way). */
char *arena_concat(Arena *arena, const char *first, ...);

/* A growable array of pointers backed by the arena (old storage is abandoned on
 * growth, which the arena reclaims at the end). */
typedef struct PtrVec {
    void **items;
    size_t len, cap;
} PtrVec;

void ptrvec_push(Arena *arena, PtrVec *vec, void *item);

#endif
