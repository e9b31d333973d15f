/* The memory reserve for large documents (lsp/memory_reserve.h). */
#define _DEFAULT_SOURCE 1  /* madvise, MADV_HUGEPAGE and MADV_POPULATE_WRITE */
#include "lsp/memory_reserve.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Bytes of heap an index plus the semantic tokens take per byte of source: 10,000 lines
 * (840 KB) held some 45 MiB with both (the index keeping its tokens, bench_lsp.py; measured
 * by the page faults of a first request after a smaller reserve), some 53 bytes a byte;
 * rounded up. */
enum { BYTES_PER_SOURCE_BYTE = 64 };
/* Taken in pieces below glibc's mmap threshold (lsp/main.c sets it to 32 MiB), so that they
 * come from the heap and go back to it when freed. */
#define PIECE_BYTES ((size_t)16 << 20)
/* At most this much, whatever the document. */
#define MOST_BYTES ((size_t)512 << 20)

#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
/* The whole pages inside [p, p + size): huge pages where allowed, then written at once. */
static void make_ready(char *p, size_t size) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1), end = ((uintptr_t)p + size) & ~(page - 1);
    if (end <= start) return;
#ifdef MADV_HUGEPAGE
    (void)madvise((void *)start, end - start, MADV_HUGEPAGE);  /* refused: 4 KiB pages */
#endif
    (void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
}

/* malloc and free themselves, not an arena: the point is glibc's heap, where the builds'
 * arenas take their blocks; a piece refused ends the reserve (it is only a hint). */
void lsp_memory_reserve_for(LspMemoryReserve *reserve, size_t text_len) {
    size_t want = text_len > MOST_BYTES / BYTES_PER_SOURCE_BYTE ? MOST_BYTES : text_len * BYTES_PER_SOURCE_BYTE;
    if (want <= reserve->bytes + PIECE_BYTES) return;  /* small documents need no reserve */
    size_t count = (want - reserve->bytes + PIECE_BYTES - 1) / PIECE_BYTES;
    char *pieces[MOST_BYTES / PIECE_BYTES];
    size_t taken = 0;
    while (taken < count && (pieces[taken] = malloc(PIECE_BYTES)) != NULL) {
        make_ready(pieces[taken], PIECE_BYTES);
        taken++;
    }
    for (size_t i = 0; i < taken; i++) free(pieces[i]);
    reserve->bytes += taken * PIECE_BYTES;
}
#else
void lsp_memory_reserve_for(LspMemoryReserve *reserve, size_t text_len) {
    (void)reserve;
    (void)text_len;
}
#endif
