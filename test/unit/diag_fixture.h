/* A diagnostics engine over one in-memory source file "t。着色器。豫", for the unit tests of
 * base/diag (test_diag.c, test_diag_catalogue.c). */
#ifndef YUSEC_TEST_DIAG_FIXTURE_H
#define YUSEC_TEST_DIAG_FIXTURE_H

#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"

typedef struct Fixture {
    Arena arena;
    SourceMap map;
    SourceFile *file;
    DiagEngine diag;
} Fixture;

static inline void diag_fixture_init(Fixture *f, const char *text) {
    arena_init(&f->arena);
    source_map_init(&f->map, &f->arena);
    f->file = source_add(&f->map, "t。着色器。豫", text, strlen(text));
    diag_init(&f->diag, &f->map, NULL);
}

static inline void diag_fixture_free(Fixture *f) {
    diag_free(&f->diag);
    arena_free(&f->arena);
}

#endif
