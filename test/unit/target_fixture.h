/* Shared scaffolding of the text-target tests (test_wgsl.c, test_msl.c): a compilation
 * context, YIR text → verified module → emitter, and golden-file helpers. Include after
 * <cmocka.h>. */
#ifndef YUSEC_TEST_TARGET_FIXTURE_H
#define YUSEC_TEST_TARGET_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/unit/emit_lines.h"
#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "ir/ir.h"

typedef struct Ctx {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
} Ctx;

static inline void ctx_init(Ctx *c) {
    arena_init(&c->arena);
    source_map_init(&c->sources, &c->arena);
    diag_init(&c->diag, &c->sources, NULL);
    c->diag.max_errors = 0;
}

static inline void ctx_free(Ctx *c) {
    diag_free(&c->diag);
    arena_free(&c->arena);
}


/* Reads and verifies YIR text (failing the test otherwise), then runs the emitter; returns
 * whether emission succeeded. */
static inline bool fixture_emit(Ctx *c, yusec_target target, const char *path, const char *text,
                                StrBuf *out, StrBuf *table) {
    SourceFile *file = source_add(&c->sources, path, text, strlen(text));
    IrModule *m = ir_read(&c->diag, file);
    if (!m) fail_msg("%s: read failed:\n%s", path, strbuf_cstr(&c->diag.text));
    if (!ir_verify(m, &c->diag)) fail_msg("%s: verify failed:\n%s", path, strbuf_cstr(&c->diag.text));
    bool ok = emit_with_lines(target, m, NULL, out, table, NULL, &c->diag);
    ir_module_free(m);
    return ok;
}

/* The whole file, malloc'd and NUL-terminated; NULL when it cannot be opened. */
static inline char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf buf;
    strbuf_init(&buf);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) strbuf_append(&buf, chunk, n);
    fclose(f);
    char *copy = strdup(strbuf_cstr(&buf));
    strbuf_free(&buf);
    return copy;
}

static inline void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (!f) fail_msg("cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

#endif
