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
#include "test/unit/yir_fixture.h"

/* Reads and verifies YIR text (failing the test otherwise), then runs the emitter; returns
 * whether emission succeeded. */
static inline bool fixture_emit(Ctx *c, yusec_target target, const char *path, const char *text,
                                StrBuf *out, StrBuf *table) {
    IrModule *m = ctx_read_verified(c, path, text, strlen(text));
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
