/* Shared between the files of the WGSL target only. */
#ifndef YUSEC_TARGETS_WGSL_INTERNAL_H
#define YUSEC_TARGETS_WGSL_INTERNAL_H

#include "target.h"
#include "text_emit.h"

extern const TeLang wgsl_lang;
/* wgsl_spelling.c: the op table of wgsl_lang and the ops deliberately not in it. */
extern const char *const wgsl_spelling[IR_OP_COUNT];

/* wgsl_stage.c: fragment-only builtins that a compute or vertex entry reaches are errors. */
bool wgsl_reject_stage_ops(TextEmitter *em, const IrModule *module);
bool wgsl_op_unspelled(IrOp op);
/* wgsl_fragment_elements.c: the accumulator element operations and the transposing workgroup
 * load are errors (WGSL's subgroup matrices have no element access). */
bool wgsl_reject_fragment_elements(TextEmitter *em, const IrModule *module);

/* `storage, read_write`, `uniform`, `workgroup`, … as written in var<…>. */
const char *wgsl_space_decl(IrAddressSpace space);
void wgsl_float_text(StrBuf *out, float value);
void wgsl_report_nonfinite(TextEmitter *em, Span span);

#endif
