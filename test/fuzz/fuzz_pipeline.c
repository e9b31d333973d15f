/* libFuzzer target: any bytes as a shader source through the whole pipeline that needs no
 * LLVM — module lookup (with the real 点染 interface), checking, lowering, verification, the
 * WGSL pass pipeline, and the WGSL and MSL emitters. Every input must end in diagnostics or
 * output, never a crash, hang or out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>

#include "test/unit/emit_lines.h"
#include "base/arena.h"
#include "base/diag.h"
#include "base/strbuf.h"
#include "fuzz_input.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/registry.h"
#include "targets/target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void emit_all(IrModule *module, DiagEngine *diag) {
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    emit_with_lines(YUSEC_TARGET_WGSL, module, NULL, &out, &table, NULL, diag);
    strbuf_clear(&out);
    strbuf_clear(&table);
    emit_with_lines(YUSEC_TARGET_MSL, module, NULL, &out, &table, NULL, diag);
    strbuf_free(&out);
    strbuf_free(&table);
}

static void verified(IrModule *module, Arena *arena, DiagEngine *diag, void *user) {
    (void)arena;
    (void)user;
    PassContext ctx;
    pass_context_init(&ctx, module, diag, target_descriptor(YUSEC_TARGET_WGSL)->inline_policy);
    if (pass_run_pipeline(&ctx, target_descriptor(YUSEC_TARGET_WGSL)->pipeline)) emit_all(module, diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_source_input(data, size, &(FuzzStage){verified, NULL, NULL});
    return 0;
}
