/* Memory made ready before the first index of a large document is built (docs/editor.md,
 * "Speed"). On the machines the server was measured on, the first write to each freshly
 * mapped 4 KiB page costs microseconds (a fault, and a second one in the hypervisor): the
 * first index of a 10,000-line source touched some 60 MiB that way and took four times as
 * long as every later one, which reuses the same memory (lsp/main.c keeps freed memory).
 * The reserve takes that memory once, in 2 MiB pages where the system gives them
 * (transparent huge pages, madvise), writes it in one call, and frees it into the heap, where
 * the builds find it. It only grows: a reserve for the largest document opened so far.
 * The server makes it as soon as the header of a large message gives the body's length
 * (lsp/server.c), before the body is read: reading and parsing an 840 KB didOpen takes some
 * 8 MiB more (the transport's buffer, jansson's strings), which then come from the reserve
 * too. */
#ifndef YUSEC_LSP_MEMORY_RESERVE_H
#define YUSEC_LSP_MEMORY_RESERVE_H

#include <stddef.h>

typedef struct LspMemoryReserve {
    size_t bytes;   /* made ready so far */
} LspMemoryReserve;

/* Makes ready the memory an index and the semantic tokens of a document of `text_len` bytes
 * use, less what is ready already. Only a hint: without glibc, or when the system refuses,
 * nothing happens (the build then faults its pages in as before). */
void lsp_memory_reserve_for(LspMemoryReserve *reserve, size_t text_len);

#endif
