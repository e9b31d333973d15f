/* A compilation context for unit tests (arena, sources, diagnostics) and YIR text read into a
 * verified module, failing the test otherwise. Include after <cmocka.h>. */
#ifndef YUSEC_TEST_YIR_FIXTURE_H
#define YUSEC_TEST_YIR_FIXTURE_H

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


/* `text` (len bytes) as the YIR file `path`, read and verified; fails the test with the
 * diagnostics (and the text) when either step does not succeed. */
static inline IrModule *ctx_read_verified(Ctx *c, const char *path, const char *text, size_t len) {
    IrModule *m = ir_read(&c->diag, source_add(&c->sources, path, text, len));
    if (!m) fail_msg("%s: read failed:\n%s\n%.*s", path, strbuf_cstr(&c->diag.text), (int)len, text);
    if (!ir_verify(m, &c->diag))
        fail_msg("%s: verify failed:\n%s\n%.*s", path, strbuf_cstr(&c->diag.text), (int)len, text);
    return m;
}

#endif
