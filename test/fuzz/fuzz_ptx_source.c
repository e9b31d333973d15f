/* libFuzzer target: any bytes as a shader source through the whole PTX pipeline — module
 * lookup (with the real 点染 interface), checking, lowering, verification, the PTX pass
 * pipeline and the PTX target (the LLVM 19 plugin). Every input must end in diagnostics or
 * PTX, never a crash, an LLVM abort, a hang or an out-of-bounds access. */
#include "fuzz_ptx_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_ptx_run(data, size, fuzz_source_input);
    return 0;
}
