#include "memory.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* In front of every block: the guard that owns it (NULL: none) and its neighbours in that
 * guard's list. 32 bytes, so the block behind it keeps malloc's 16-byte alignment. */
struct MemBlock {
    MemBlock *prev, *next;
    MemoryGuard *guard;
    size_t size;
};

_Static_assert(sizeof(MemBlock) % 16 == 0, "blocks keep malloc's alignment");

/* The guard of this thread's guarded call. The one piece of mutable state outside a
 * context: C has no exceptions, so an allocation deep in a pass finds where to unwind to
 * here. Per thread, so two compiles on two threads never see each other's guard. */
static _Thread_local MemoryGuard *active_guard;

const char *mem_exhausted_message(char *text, size_t cap, size_t size) {
    snprintf(text, cap, "内存不足（无法再申请 %zu 字节）", size);
    return text;
}

_Noreturn void mem_exhausted(size_t size) {
    MemoryGuard *guard = active_guard;
    if (guard) {
        /* Unwind: the guarded call's blocks go, the guard ends, its setjmp returns 1. */
        for (MemBlock *block = guard->blocks, *next; block; block = next) {
            next = block->next;
            free(block);
        }
        guard->blocks = NULL;
        guard->live = 0;
        guard->refused = size;
        active_guard = guard->outer;
        longjmp(guard->unwind, 1);
    }
    /* No stdio buffer, no allocation: the message is formatted on the stack. */
    char message[96], line[128];
    int len = snprintf(line, sizeof line, "yusec: error: %s\n", mem_exhausted_message(message, sizeof message, size));
    if (len > 0) {
        ssize_t written = write(STDERR_FILENO, line, (size_t)len < sizeof line ? (size_t)len
                                                                                : sizeof line - 1);
        (void)written;
    }
    /* _Exit: nothing half-computed is flushed, no output file is written. */
    _Exit(MEMORY_EXHAUSTED_STATUS);
}

static void link_block(MemBlock *block, MemoryGuard *guard) {
    block->guard = guard;
    block->prev = NULL;
    block->next = guard ? guard->blocks : NULL;
    if (!guard) return;
    if (guard->blocks) guard->blocks->prev = block;
    guard->blocks = block;
    guard->live += block->size;
}

static void unlink_block(MemBlock *block) {
    MemoryGuard *guard = block->guard;
    if (!guard) return;
    if (block->prev) block->prev->next = block->next;
    else guard->blocks = block->next;
    if (block->next) block->next->prev = block->prev;
    guard->live -= block->size;
    block->guard = NULL;
}

/* Whether `size` more bytes fit the active guard's limit. */
static bool within_limit(size_t size) {
    const MemoryGuard *guard = active_guard;
    return !guard || !guard->limit || (guard->live <= guard->limit && size <= guard->limit - guard->live);
}

void *mem_alloc(size_t size) {
    if (size > SIZE_MAX - sizeof(MemBlock) || !within_limit(size)) mem_exhausted(size);
    MemBlock *block = malloc(sizeof(MemBlock) + size);
    if (!block) mem_exhausted(size);
    block->size = size;
    link_block(block, active_guard);
    return block + 1;
}

void *mem_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) mem_exhausted(SIZE_MAX);
    void *block = mem_alloc(count * size);
    memset(block, 0, count * size);
    return block;
}

void *mem_realloc(void *old, size_t size) {
    if (!old) return mem_alloc(size);
    MemBlock *block = (MemBlock *)old - 1;
    MemoryGuard *guard = block->guard;
    size_t grow = size > block->size ? size - block->size : 0;
    if (size > SIZE_MAX - sizeof(MemBlock) || (guard == active_guard && !within_limit(grow))) mem_exhausted(size);
    /* Out of the list while realloc may move it; back in (same guard) whether it moved or not. */
    unlink_block(block);
    MemBlock *moved = realloc(block, sizeof(MemBlock) + size);
    if (!moved) {
        link_block(block, guard);  /* the old block is intact: its guard still frees it */
        mem_exhausted(size);
    }
    moved->size = size;
    link_block(moved, guard);
    return moved + 1;
}

void mem_free(void *ptr) {
    if (!ptr) return;
    MemBlock *block = (MemBlock *)ptr - 1;
    unlink_block(block);
    free(block);
}

void mem_detach(void *ptr) {
    if (ptr) unlink_block((MemBlock *)ptr - 1);
}

void mem_guard_begin(MemoryGuard *guard, size_t limit) {
    guard->blocks = NULL;
    guard->live = 0;
    guard->limit = limit;
    guard->refused = 0;
    guard->outer = active_guard;
    active_guard = guard;
}

/* The blocks that outlive the call pass to the enclosing guard, if any (else to nobody). */
void mem_guard_end(MemoryGuard *guard) {
    for (MemBlock *block = guard->blocks, *next; block; block = next) {
        next = block->next;
        link_block(block, guard->outer);
    }
    guard->blocks = NULL;
    guard->live = 0;
    active_guard = guard->outer;
}
