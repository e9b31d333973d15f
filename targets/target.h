/* Public API of the text targets (targets/). Each emitter reads a verified YIR module and
 * writes shader text; problems the target cannot express are reported through `diag`.
 * On failure the output buffers are left as they were. */
#ifndef YUSEC_TARGETS_TARGET_H
#define YUSEC_TARGETS_TARGET_H

#include <stdbool.h>

#include "../base/diag.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

/* The emitters themselves (wgsl_emit, msl_emit, ptx_emit) and their typed result are in
 * targets/registry.h; callers reach them through the registry's descriptors.
 *
 * WGSL (spec 着四, 着五, 着八, 着十一). */
/* How WGSL spells one YIR op (targets/wgsl_spelling.c), or NULL when it writes it otherwise. */
const char *wgsl_op_spelling(IrOp op);

/* ---- MSL (spec 着九; owned by msl) ----
 * Metal Shading Language from the same verified module: resources become function
 * parameters ([[buffer(n)]], [[texture(n)]], [[sampler(n)]] with n = group×16 + binding),
 * workgroup variables are declared in the kernel body. The entry names agree with WGSL's (one
 * reserved-word table serves both targets). On failure the output is left untouched. See
 * docs/targets.md. */
/* How MSL spells one YIR op (targets/msl_spelling.c), or NULL when it writes it otherwise. */
const char *msl_op_spelling(IrOp op);

/* ---- PTX (spec 着十; owned by ptx) ----
 * PtxOptions and the mangling live in targets/ptx.h; the translation is a plugin
 * (libyusec-ptx.so) loaded on demand so that only -emit-ptx loads libLLVM. Its entry names
 * add each compute entry's kernel name (TargetEntryName.kernel). See docs/targets.md. */
#include "ptx.h"

#endif
