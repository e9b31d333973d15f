/* Shared between the files of the WGSL target only. */
#ifndef YUSEC_TARGETS_WGSL_INTERNAL_H
#define YUSEC_TARGETS_WGSL_INTERNAL_H

#include "target.h"
#include "text_emit.h"

/* What the WGSL emitter knows about the module; TextEmitter.user points here. */
typedef struct WgslState {
    const IrIo **struct_io;     /* per type id: the IO of a struct used as entry IO */
    bool **struct_flat;         /* per type id: per field, @interpolate(flat) in some use */
    bool uses_f16, uses_subgroups;
    bool subgroup_uniform_flow;  /* see relies_on_subgroup_uniformity */
    bool uses_fragments;         /* 着十二: enable chromium_experimental_subgroup_matrix */
    bool fragment_operands_subgroup_uniform;  /* a fragment's 起, 步 or fill value only is */
} WgslState;

extern const TeLang wgsl_lang;
/* wgsl_spelling.c: the op table of wgsl_lang and the ops deliberately not in it. */
extern const char *const wgsl_spelling[IR_OP_COUNT];

/* wgsl_stage.c: fragment-only builtins that a compute or vertex entry reaches are errors. */
bool wgsl_reject_stage_ops(TextEmitter *em, const IrModule *module);
bool wgsl_op_unspelled(IrOp op);
/* wgsl_fragment_elements.c: the accumulator element operations and the transposing workgroup
 * load are errors (WGSL's subgroup matrices have no element access). */
bool wgsl_reject_fragment_elements(TextEmitter *em, const IrModule *module);

/* wgsl_fragment.c (着十二): checks the module's fragment ops (diagnostics for the forms WGSL
 * cannot express, the entries' workgroup size) and notes what they need (uses_fragments,
 * uses_f16); false after a diagnostic. Then the fragment type spelling and the expressions of
 * fragment ops (false: not a fragment op). */
bool wgsl_plan_fragments(TextEmitter *em, WgslState *st);
void wgsl_fragment_type(TextEmitter *em, StrBuf *out, const IrType *fragment);
bool wgsl_fragment_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out);

/* `storage, read_write`, `uniform`, `workgroup`, … as written in var<…>. */
const char *wgsl_space_decl(IrAddressSpace space);
void wgsl_float_text(StrBuf *out, float value);
void wgsl_report_nonfinite(TextEmitter *em, Span span);

#endif
