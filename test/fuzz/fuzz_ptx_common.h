/* What the two PTX fuzzers share (fuzz_ptx_source.c, fuzz_ptx_yir.c): a verified module
 * through the PTX pass pipeline and the PTX target, the plugin (libyusec-ptx.so, LLVM 19)
 * loaded from the build tree. */
#ifndef YUSEC_FUZZ_PTX_COMMON_H
#define YUSEC_FUZZ_PTX_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"

/* One input: read by `read` into a verified module, then the PTX pass pipeline and the PTX
 * target. The input's bytes pick the -arch: the first of "sm_90a", "sm_90", "sm_89", "sm_86"
 * found anywhere in them (a comment will do), else the default sm_80, so the fuzzer reaches
 * every architecture's capability gates. The LLVM level likewise: "-O0", "-O1" or "-O2" found
 * in them, else -O3, the CLI's default. With $YUSEC_FUZZ_DEBUG set it says what the input
 * gave (rejected before the target, or the PTX's size) — to check a seed reaches the plugin. */
void fuzz_ptx_run(const uint8_t *data, size_t size, FuzzReader *read);

#endif
