#include "memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

_Noreturn void mem_exhausted(size_t size) {
    /* No stdio buffer, no allocation: the message is formatted on the stack. */
    char line[128];
    int len = snprintf(line, sizeof line, "yusec: error: 内存不足（无法再申请 %zu 字节）\n", size);
    if (len > 0) {
        ssize_t written = write(STDERR_FILENO, line, (size_t)len < sizeof line ? (size_t)len
                                                                                : sizeof line - 1);
        (void)written;
    }
    /* _Exit: nothing half-computed is flushed, no output file is written. */
    _Exit(MEMORY_EXHAUSTED_STATUS);
}

void *mem_alloc(size_t size) {
    void *block = malloc(size ? size : 1);
    if (!block) mem_exhausted(size);
    return block;
}

void *mem_calloc(size_t count, size_t size) {
    if (size && count > (size_t)-1 / size) mem_exhausted((size_t)-1);
    void *block = calloc(count ? count : 1, size ? size : 1);
    if (!block) mem_exhausted(count * size);
    return block;
}

void *mem_realloc(void *old, size_t size) {
    void *block = realloc(old, size ? size : 1);
    if (!block) mem_exhausted(size);
    return block;
}
