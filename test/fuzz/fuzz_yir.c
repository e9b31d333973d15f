/* libFuzzer target: any bytes as a .yir file through the YIR reader, the verifier and, for a
 * module that verifies, the printer, the WGSL pass pipeline and the WGSL and MSL emitters
 * (which check each target's limits first). Every input must end in diagnostics or output,
 * never a crash, hang or out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void print_and_emit(IrModule *module, DiagEngine *diag) {
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    ir_print_module(&out, module);
    strbuf_clear(&out);
    PassContext ctx;
    pass_context_init(&ctx, module, diag, PASS_TARGET_WGSL);
    if (pass_run_pipeline(&ctx, default_pipeline(PASS_TARGET_WGSL))) {
        wgsl_emit(module, &out, &table, diag);
        strbuf_clear(&out);
        strbuf_clear(&table);
        msl_emit(module, &out, &table, diag);
    }
    strbuf_free(&out);
    strbuf_free(&table);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, "fuzz.yir", (const char *)data, size);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    IrModule *module = ir_read(&diag, file);
    if (module && ir_verify(module, &diag)) print_and_emit(module, &diag);
    if (module) ir_module_free(module);
    diag_free(&diag);
    arena_free(&arena);
    return 0;
}
