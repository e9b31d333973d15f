/* libFuzzer target: any bytes as a .yir file through the YIR reader, the verifier and, for a
 * module that verifies, the printer, the WGSL pass pipeline and the WGSL and MSL emitters
 * (which check each target's limits first). Every input must end in diagnostics or output,
 * never a crash, hang or out-of-bounds access. */
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

static void print_and_emit(IrModule *module, DiagEngine *diag) {
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    ir_print_module(&out, module);
    strbuf_clear(&out);
    PassContext ctx;
    pass_context_init(&ctx, module, diag, target_descriptor(YUSEC_TARGET_WGSL)->inline_policy);
    if (pass_run_pipeline(&ctx, target_descriptor(YUSEC_TARGET_WGSL)->pipeline)) {
        emit_with_lines(YUSEC_TARGET_WGSL, module, NULL, &out, &table, NULL, diag);
        strbuf_clear(&out);
        strbuf_clear(&table);
        emit_with_lines(YUSEC_TARGET_MSL, module, NULL, &out, &table, NULL, diag);
    }
    strbuf_free(&out);
    strbuf_free(&table);
}

static void verified(IrModule *module, Arena *arena, DiagEngine *diag, void *user) {
    (void)arena;
    (void)user;
    print_and_emit(module, diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_yir_input(data, size, &(FuzzStage){verified, NULL, NULL});
    return 0;
}
