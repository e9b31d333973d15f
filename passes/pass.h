/* Passes over YIR: a registry of named passes and a pipeline runner (`-passes=a,b,c`) with
 * verification and dumps between passes. Each target's default pipeline is in its descriptor
 * (targets/registry.c).
 * Every pass reads and rewrites one IrModule and reports problems through the DiagEngine
 * at the spans kept in the IR. See docs/passes.md. */
#ifndef YUSEC_PASSES_PASS_H
#define YUSEC_PASSES_PASS_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

/* The default of PassContext.inline_budget: how many instructions the extra copies of one
 * callee may add in all before it stays a function (-finline-budget=N). */
enum { INLINE_DEFAULT_BUDGET = 4096 };

typedef struct PassContext {
    IrModule *module;
    DiagEngine *diag;
    InlinePolicy inline_policy;  /* what a pass may know of the target: its policy, not its name */
    uint64_t inline_budget;      /* INLINE_DEFAULT_BUDGET unless set */
    bool verify_each;            /* ir_verify after every pass */
    bool print_after_all;        /* dump the module after every pass into print_out */
    const char *print_after;     /* or only after the pass of this name (NULL: none) */
    StrBuf *print_out;           /* where dumps go; NULL: no dumps */
    bool print_dot;              /* dumps as Graphviz (ir_print_dot, -emit-dot) instead of YIR */
} PassContext;

typedef bool (*PassFn)(PassContext *ctx);

typedef struct PassInfo {
    const char *name;
    PassFn run;
    const char *description;
} PassInfo;

/* A context with the given inlining policy (a target's: targets/registry.h names it with
 * the target's default pipeline; a pass never knows which target it runs for). */
void pass_context_init(PassContext *ctx, IrModule *module, DiagEngine *diag, InlinePolicy policy);

/* The registry, in a fixed order. */
const PassInfo *pass_registry(size_t *count);
/* NULL when no pass has that name. */
const PassInfo *pass_find(const char *name, size_t len);
/* The registered pass name closest to an unknown one (did-you-mean), or NULL. */
const char *pass_suggest(const char *name, size_t len);

/* Runs a comma-separated list of pass names. Unknown names are reported before anything
 * runs. Stops at the first pass that fails (or, with verify_each, leaves a module that does
 * not verify); returns false then. */
bool pass_run_pipeline(PassContext *ctx, const char *pipeline);

/* The passes (one file each). */
bool pass_tailrec(PassContext *ctx);     /* tailrec.c */
bool pass_inline(PassContext *ctx);      /* inline.c */
bool pass_latch(PassContext *ctx);       /* latch.c */
bool pass_fold(PassContext *ctx);        /* fold.c */
bool pass_dce(PassContext *ctx);         /* dce.c */
bool pass_uniformity(PassContext *ctx);  /* uniformity.c */
/* How its diagnostics name an op: WGSL's builtin for the ops that need uniform control flow
 * (workgroupBarrier, subgroupAdd, …), else the op's YIR name. */
const char *pass_uniformity_op_name(IrOp op);
/* The uniformity lattice, ordered uniform (the same in every invocation of the workgroup) <
 * subgroup_uniform (the same within each subgroup) < non_uniform; a value without a fact
 * (IR_UNIFORMITY_UNKNOWN) counts as non_uniform. Join: the level of a value computed from
 * values of both levels (the greater). */
IrUniformity pass_uniformity_join(IrUniformity a, IrUniformity b);
/* The level of control flow an op needs: workgroup-uniform (IR_UNIFORM) for barriers,
 * derivatives, implicit-LOD samples and tensor tiles; subgroup-uniform for subgroup ops and
 * matrix fragments (collective over one subgroup); IR_NON_UNIFORM (no need) for the rest. */
IrUniformity pass_uniformity_required(IrOp op);
/* Whether control flow at level `flow` is enough for a requirement at level `required`. */
bool pass_uniformity_satisfies(IrUniformity flow, IrUniformity required);
bool pass_bounds(PassContext *ctx);      /* bounds.c: -fbounds-check */
bool pass_uniform_layout(PassContext *ctx);  /* uniform_layout.c: -fclassic-uniform-layout */

#endif
