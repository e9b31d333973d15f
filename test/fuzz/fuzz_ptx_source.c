/* libFuzzer target: any bytes as a shader source through the whole PTX pipeline — module
 * lookup (with the real 点染 interface), checking, lowering, verification, the PTX pass
 * pipeline and the PTX target (the LLVM 19 plugin). Every input must end in diagnostics or
 * PTX, never a crash, an LLVM abort, a hang or an out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "fuzz_ptx_common.h"
#include "fuzz_input.h"
#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Input {
    const uint8_t *data;
    size_t size;
} Input;

static void verified(IrModule *module, Arena *arena, DiagEngine *diag, void *user) {
    (void)arena;
    const Input *input = user;
    fuzz_emit_ptx(module, diag, input->data, input->size);
}

static void rejected(DiagEngine *diag, void *user) {
    (void)user;
    fuzz_report_rejected(diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Input input = {data, size};
    fuzz_source_input(data, size, &(FuzzStage){verified, rejected, &input});
    return 0;
}
