/* libFuzzer target: any bytes as a .yir file through the YIR reader, the verifier and, for a
 * module that verifies, the PTX pass pipeline and the PTX target (the LLVM 19 plugin). Every
 * input must end in diagnostics or PTX, never a crash, an LLVM abort, a hang or an
 * out-of-bounds access. */
#include "fuzz_ptx_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_ptx_run(data, size, fuzz_yir_input);
    return 0;
}
