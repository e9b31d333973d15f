/* Public API of the text targets (targets/). Each emitter reads a verified YIR module and
 * writes shader text; problems the target cannot express are reported through `diag`.
 * On failure the output buffers are left as they were. */
#ifndef YUSEC_TARGETS_TARGET_H
#define YUSEC_TARGETS_TARGET_H

#include <stdbool.h>

#include "../base/diag.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

/* WGSL (spec 着四, 着五, 着八, 着十一). `entry_table` receives one line per entry point:
 * `入口项<TAB>函数名<TAB>阶段\n` with the stage spelled compute, vertex or fragment and the
 * function name as it appears in the WGSL (docs/targets.md). Either buffer may be NULL. */
bool wgsl_emit(const IrModule *module, StrBuf *out, StrBuf *entry_table, DiagEngine *diag);
/* How WGSL spells one YIR op (targets/wgsl_spelling.c), or NULL when it writes it otherwise. */
const char *wgsl_op_spelling(IrOp op);

/* ---- MSL (spec 着九; owned by msl) ----
 * Metal Shading Language from the same verified module: resources become function
 * parameters ([[buffer(n)]], [[texture(n)]], [[sampler(n)]] with n = group×16 + binding),
 * workgroup variables are declared in the kernel body. The entry table has the WGSL form
 * (the function names agree: one reserved-word table serves both targets). Either buffer may
 * be NULL; on failure both are left untouched. See docs/targets.md. */
bool msl_emit(const IrModule *module, StrBuf *out, StrBuf *entry_table, DiagEngine *diag);
/* How MSL spells one YIR op (targets/msl_spelling.c), or NULL when it writes it otherwise. */
const char *msl_op_spelling(IrOp op);

/* ---- PTX (spec 着十; owned by ptx) ----
 * ptx_emit, PtxOptions and the mangling live in targets/ptx.h; the translation is a plugin
 * (libyusec-ptx.so) loaded on demand so that only -emit-ptx loads libLLVM. Its entry table
 * extends the WGSL one: `入口项<TAB>函数名<TAB>阶段<TAB>PTX名<TAB>块大小\n` (PTX名 `-` and
 * 块大小 0 for vertex/fragment entries). See docs/targets.md. */
#include "ptx.h"

#endif
