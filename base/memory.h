/* Heap allocation that never returns NULL. When the system refuses memory (or a guard's byte
 * limit is reached):
 *   - inside a MemoryGuard (the library's entry points, lib/api.c), the guarded call unwinds:
 *     every block allocated since the guard began is freed and the guard's setjmp returns
 *     non-zero, so the caller reports 内存不足 and stays usable;
 *   - outside one (the yusec command), the process ends with the out-of-memory diagnostic and
 *     MEMORY_EXHAUSTED_STATUS (the documented exit status 2, as for an I/O error).
 * Every heap block of yusec comes from here and goes back through mem_free (never free()):
 * each block carries a small header that links it to the guard that owns it. */
#ifndef YUSEC_BASE_MEMORY_H
#define YUSEC_BASE_MEMORY_H

#include <setjmp.h>
#include <stddef.h>

enum { MEMORY_EXHAUSTED_STATUS = 2 };

typedef struct MemBlock MemBlock;

typedef struct MemoryGuard {
    jmp_buf unwind;              /* where mem_exhausted returns to (setjmp by the caller) */
    MemBlock *blocks;            /* the blocks allocated while it was active, still live */
    size_t live;                 /* their bytes */
    size_t limit;                /* the most bytes they may hold at once; 0: no limit */
    size_t refused;              /* the size of the request that failed */
    struct MemoryGuard *outer;   /* the guard active before this one (this thread) */
} MemoryGuard;

void *mem_alloc(size_t size);
/* Zero-filled count * size bytes; an overflowing product is out of memory too. */
void *mem_calloc(size_t count, size_t size);
void *mem_realloc(void *old, size_t size);
/* Frees a block of mem_alloc/mem_calloc/mem_realloc (NULL: nothing). */
void mem_free(void *block);

/* Takes a block of mem_alloc/mem_calloc/mem_realloc away from the guard that owns it, so that
 * it outlives that guard's unwind: memory a guarded call leaves to a longer-lived owner (a
 * library context's caches). NULL: nothing. */
void mem_detach(void *block);

/* Inside a guard: unwinds to it. Outside: prints `yusec: error: 内存不足（无法再申请 N 字节）`
 * and ends the process. */
_Noreturn void mem_exhausted(size_t size);

/* A guarded call, on the thread that runs it:
 *     MemoryGuard guard;
 *     mem_guard_begin(&guard, limit);
 *     if (setjmp(guard.unwind)) { ...out of memory: guard.refused bytes; guard has ended... }
 *     else { ...work...; mem_guard_end(&guard); }
 * On the unwind path every block allocated since mem_guard_begin is already freed (so the
 * structures holding them must not be used any more) and the guard is no longer active.
 * mem_guard_end keeps the blocks (they now belong to nobody) and deactivates the guard. */
void mem_guard_begin(MemoryGuard *guard, size_t limit);
void mem_guard_end(MemoryGuard *guard);

/* The out-of-memory message (no trailing newline) into `text`; returns `text`. */
const char *mem_exhausted_message(char *text, size_t cap, size_t size);

#endif
