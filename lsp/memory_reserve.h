/* Memory made ready before the first index of a large document is built (docs/editor.md,
 * "Speed"). On the machines the server was measured on, the first write to each freshly
 * mapped 4 KiB page costs microseconds (a fault, and a second one in the hypervisor): the
 * first index of a 10,000-line source touched some 60 MiB that way and took four times as
 * long as every later one, which reuses the same memory (lsp/main.c keeps freed memory).
 * The reserve takes that memory once, in 2 MiB pages where the system gives them
 * (transparent huge pages, madvise), writes it in one call, and frees it into the heap, where
 * the builds find it. It only grows: a reserve for the largest document opened so far.
 *
 * Making it ready takes milliseconds (tens where the hypervisor must back fresh memory), so
 * the server begins it on a thread of its own as soon as the header of a large message
 * announces its length (lsp_memory_reserve_start): it runs while the body arrives and
 * jansson reads it, and is waited for before that message is handled. */
#ifndef YUSEC_LSP_MEMORY_RESERVE_H
#define YUSEC_LSP_MEMORY_RESERVE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct LspMemoryReserve {
    size_t bytes;        /* made ready so far */
    bool helper_running; /* lsp_memory_reserve_start's thread, not yet waited for */
    pthread_t helper;
    size_t helper_want;  /* the bytes that thread makes ready */
} LspMemoryReserve;

/* Makes ready the memory an index and the semantic tokens of a document of `text_len` bytes
 * use, less what is ready already (after waiting for a helper still at work). Only a hint:
 * without glibc, or when the system refuses, nothing happens (the build then faults its
 * pages in as before). */
void lsp_memory_reserve_for(LspMemoryReserve *reserve, size_t text_len);

/* The same on a thread of its own, for a message of `message_len` bytes about to be read (a
 * large message is a document's text: its JSON is a little longer than the text). Nothing
 * when the reserve is large enough, a helper is already at work, or no thread can start (the
 * reserve is then made by lsp_memory_reserve_for). Until lsp_memory_reserve_wait, only
 * reading and parsing messages may run beside it: the reserve frees its memory into the heap
 * only at its end, and a build allocating meanwhile would fault fresh pages in. */
void lsp_memory_reserve_start(LspMemoryReserve *reserve, size_t message_len);

/* Waits for the helper lsp_memory_reserve_start began, if any. */
void lsp_memory_reserve_wait(LspMemoryReserve *reserve);

#endif
