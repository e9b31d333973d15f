/* libFuzzer target: any bytes as a .yir file through the YIR reader, the verifier and, for a
 * module that verifies, the PTX pass pipeline and the PTX target (the LLVM 19 plugin). Every
 * input must end in diagnostics or PTX, never a crash, an LLVM abort, a hang or an
 * out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "fuzz_ptx_common.h"
#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, "fuzz.yir", (const char *)data, size);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    IrModule *module = ir_read(&diag, file);
    if (module && ir_verify(module, &diag)) fuzz_emit_ptx(module, &diag, data, size);
    else fuzz_report_rejected(&diag);
    if (module) ir_module_free(module);
    diag_free(&diag);
    arena_free(&arena);
    return 0;
}
