/* What the two PTX fuzzers share (fuzz_ptx_source.c, fuzz_ptx_yir.c): a verified module
 * through the PTX pass pipeline and the PTX target, the plugin (libyusec-ptx.so, LLVM 19)
 * loaded from the build tree. */
#ifndef YUSEC_FUZZ_PTX_COMMON_H
#define YUSEC_FUZZ_PTX_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "ir/ir.h"

/* Runs the PTX pipeline and emitter on `module`. The input's bytes pick the -arch: the first
 * of "sm_90a", "sm_90", "sm_89", "sm_86" found anywhere in them (a comment will do), else
 * the default sm_80, so the fuzzer reaches every architecture's capability gates. */
void fuzz_emit_ptx(IrModule *module, DiagEngine *diag, const uint8_t *data, size_t size);

/* With $YUSEC_FUZZ_DEBUG set: the diagnostics of an input rejected before the PTX target, and
 * (fuzz_emit_ptx) what the target gave — to check a seed reaches the plugin. */
void fuzz_report_rejected(const DiagEngine *diag);

#endif
