/* From YIR to a launch: which compute entry, which PTX name, what block size, and which
 * buffer sits in each kernel parameter (着十's host contract, docs/targets.md):
 *   - every buffer the entry uses (directly or through calls) in group 0: one parameter per
 *     binding 0 … max used binding, unused bindings included (placeholders, passed as 0);
 *   - otherwise: the used storage and uniform buffers sorted by (group, binding).
 * The PTX plugin computes the same order when it emits the kernel; rt_ptx_scan_entry lets the
 * caller check the two agree before launching. */
#ifndef YUSEC_RUNTIME_PLAN_H
#define YUSEC_RUNTIME_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ir/abi.h"
#include "../ir/ir.h"

/* One kernel parameter. */
typedef struct RtSlot {
    uint32_t group, binding;
    IrGlobalId global;     /* IR_NONE: a placeholder binding the entry does not use */
    const char *name;      /* the buffer's source name ("" for a placeholder) */
    IrAddressSpace space;  /* storage_read, storage_read_write or uniform */
    uint32_t min_bytes;    /* the smallest buffer the type allows */
    uint32_t stride;       /* element stride of a runtime-sized array part; 0 when fixed */
    char param_name[IR_ABI_PARAM_NAME_MAX];  /* the .param's name, p_g<group>_b<binding> */
    bool lengths;          /* the lengths buffer (ir/abi.h): u32 byte sizes of `measured` */
} RtSlot;

/* One texture parameter after the buffers (ir/abi.h § textures and samplers on PTX). */
typedef struct RtTextureSlot {
    IrTextureParam param;
    uint32_t group, binding;                 /* the texture's (COMPARE: the sampler's) */
    const char *name;                        /* its source name */
    uint32_t sampler_group, sampler_binding; /* SAMPLED: the sampler's */
    const char *sampler_name;                /* SAMPLED: the sampler's name; else "" */
    IrScalarKind sample_kind;                /* TEXELS, SAMPLED: f32, i32 or u32 texels */
    bool depth;                              /* a depth texture (r32float) */
    char param_name[IR_ABI_PARAM_NAME_MAX];
} RtTextureSlot;

typedef struct RtPlan {
    const IrEntry *entry;
    const char *kernel;    /* the PTX .entry name (yy + mangled WGSL function name) */
    uint32_t block[3];     /* the workgroup size: the launch's block, .reqntid */
    RtSlot *slots;
    uint32_t slot_count;
    uint32_t *measured;    /* lengths buffer element k = byte size of slots[measured[k]] */
    uint32_t measured_count;
    uint32_t dynamic_shared_bytes;  /* launch's sharedMemBytes (ir_entry_dynamic_shared_bytes) */
    RtTextureSlot *textures;  /* kernel parameters slot_count … slot_count + texture_count - 1 */
    uint32_t texture_count;
} RtPlan;

/* The compute entry named `name` (entry item, or its function's name); with name NULL the
 * module's only compute entry. NULL with the reason (listing the compute entries). */
const IrEntry *rt_find_entry(const IrModule *module, const char *name, StrBuf *error);

/* The parameter plan of a compute entry; false with the reason. `kernel` is the entry's PTX
 * name as the compiler's typed entry table gives it (lib/entries.h: the one place it is
 * derived); the runtime does not mangle names itself. */
bool rt_plan_entry(Arena *arena, const IrModule *module, const IrEntry *entry, const char *kernel,
                   RtPlan *plan, StrBuf *error);
/* The same with the caller's reach of the module (ir/abi.h, IrReach), so that planning every
 * entry of a module costs what the entries reach, not entries × module. */
bool rt_plan_entry_with(IrReach *reach, Arena *arena, const IrEntry *entry, const char *kernel,
                        RtPlan *plan, StrBuf *error);

/* What the PTX text says about `.entry kernel`: its parameter count and `.reqntid`
 * (has_reqntid false when absent). False when the entry is not in the text. */
typedef struct RtPtxEntry {
    const char *params;    /* the parameter list: the text between "(" and ")" */
    size_t params_len;
    uint32_t param_count;
    bool has_reqntid;
    uint32_t reqntid[3];
} RtPtxEntry;

bool rt_ptx_scan_entry(const char *ptx, const char *kernel, RtPtxEntry *out);

/* The name of parameter `index` of a scanned entry (the last word of its `.param` line);
 * false when there is no such parameter. */
bool rt_ptx_param_name(const RtPtxEntry *entry, uint32_t index, StrBuf *name);

/* Checks the PTX against the plan (entry present, parameter count and names, .reqntid). */
bool rt_plan_check_ptx(const RtPlan *plan, const char *ptx, StrBuf *error);

#endif
