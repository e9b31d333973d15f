/* The package manifest `包。清单` (docs/packages.md): the package's name and the packages
 * it depends on. */
#ifndef YUSEC_FRONTEND_MANIFEST_H
#define YUSEC_FRONTEND_MANIFEST_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/source.h"

/* File name of the manifest in a package's root directory. */
#define MANIFEST_FILE_NAME "包。清单"

typedef struct Manifest {
    const char *name;            /* NULL when the 名 line is missing or broken */
    Span name_span;
    const char **dependencies;   /* in the order written, without duplicates */
    Span *dependency_spans;
    uint32_t dependency_count;
} Manifest;

/* Parses a manifest already loaded into the source map. Reports every error with its
 * position and fills *out with what parsed. Returns true when there was no error. */
bool fe_manifest_parse(Arena *arena, const SourceFile *file, DiagEngine *diag, Manifest *out);

#endif
