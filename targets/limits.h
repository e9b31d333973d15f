/* Per-target limits that yusec can know before emitting: one row per target
 * (targets/limits.c), checked by each emitter before it writes anything, so that a program
 * no device of that target could load is a located error instead of text that ptxas, Tint or
 * a Metal driver rejects later. The figures and their sources are in docs/targets.md. */
#ifndef YUSEC_TARGETS_LIMITS_H
#define YUSEC_TARGETS_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/diag.h"
#include "../ir/ir.h"

typedef struct TargetLimits {
    const char *name;                     /* as in the messages: WGSL, 金属, 千手 */
    const char *source;                   /* where the figures come from (for the notes) */
    const char *workgroup_size_source;    /* where the workgroup-size figures come from */
    uint64_t workgroup_storage_bytes;     /* workgroup variables an entry uses, 16-byte rounded */
    uint32_t invocations_per_workgroup;   /* x * y * z */
    uint32_t workgroup_size[3];           /* per dimension */
    uint32_t bind_groups;                 /* 0: no limit of its own */
    uint32_t storage_buffers_per_stage;   /* 0: no limit of its own */
    uint32_t uniform_buffers_per_stage;   /* 0: no limit of its own */
    uint32_t bindings_per_group;          /* a binding number must be below it; 0: no limit */
    /* Memory of one invocation (16-byte rounded, 64-bit sums; 0: no limit of its own): the
     * private variables an entry reaches; the function variables (`var`) of one function;
     * the private variables plus the function variables of every function the entry reaches
     * (a bound on the deepest call chain: there is no recursion). */
    uint64_t private_storage_bytes;
    uint64_t function_storage_bytes;
    uint64_t invocation_storage_bytes;
    const char *invocation_source;        /* where those figures come from */
} TargetLimits;

/* The rows (each target's descriptor points at its own, targets/registry.c). */
extern const TargetLimits TARGET_LIMITS_WGSL, TARGET_LIMITS_MSL, TARGET_LIMITS_PTX;

/* Reports every entry of `module` that exceeds a limit of `limits` (at the entry, with a note
 * at the variable or resource that pushes it over). False when any was reported. PTX passes a
 * copy of its row with the workgroup memory of the chosen -arch. */
bool target_check_limits(const IrModule *module, const TargetLimits *limits, DiagEngine *diag);

#endif
