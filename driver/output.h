/* Writing results to stdout or to the -o file. */
#ifndef YUSEC_DRIVER_OUTPUT_H
#define YUSEC_DRIVER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes text to path, or to stdout when path is NULL or "-". An existing file whose
 * content is already identical is left untouched (its mtime too), so build systems see no
 * change. Reports failures on stderr and returns false. */
bool output_write(const char *path, const char *text, size_t len);

#endif
