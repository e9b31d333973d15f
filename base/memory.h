/* Heap allocation that never returns NULL: when the system refuses memory, the process
 * ends with the out-of-memory diagnostic and MEMORY_EXHAUSTED_STATUS (the documented exit
 * status 2, as for an I/O error) instead of aborting. Every malloc in yusec goes here. */
#ifndef YUSEC_BASE_MEMORY_H
#define YUSEC_BASE_MEMORY_H

#include <stddef.h>

enum { MEMORY_EXHAUSTED_STATUS = 2 };

void *mem_alloc(size_t size);
/* Zero-filled count * size bytes; an overflowing product is out of memory too. */
void *mem_calloc(size_t count, size_t size);
void *mem_realloc(void *old, size_t size);

/* Prints `yusec: error: 内存不足（无法再申请 N 字节）` and ends the process. */
_Noreturn void mem_exhausted(size_t size);

#endif
