/* Several targets from one front end (yusec -emit=LIST, yusec_compile): the module lowered
 * once, each requested target's passes on its own copy and its emitter, the typed entry table
 * and the ABI. */
#ifndef YUSEC_LIB_COMPILE_H
#define YUSEC_LIB_COMPILE_H

#include "abi.h"
#include "pipeline.h"

enum { LIB_MAX_ARCHS = 16 };

/* The origin (base/diag.h) of what a target's own passes and emitter report, and back. */
#define LIB_DIAG_ORIGIN(target) ((DiagOrigin)(target) + 1u)
static inline bool lib_origin_target(DiagOrigin origin, yusec_target *target) {
    if (origin == DIAG_ORIGIN_FRONT_END || origin > YUSEC_TARGET_COUNT) return false;
    *target = (yusec_target)(origin - 1u);
    return true;
}

typedef struct LibOutputs {
    Arena *arena;                       /* the entry table and the ABI live here */
    bool ok[YUSEC_TARGET_COUNT];          /* requested and emitted */
    StrBuf text[YUSEC_TARGET_COUNT];
    /* PTX for several arches from one module: set by the caller; text[PTX] is ptx_archs[0]'s,
     * other_arch_ptx[k - 1] ptx_archs[k]'s. */
    const char *const *ptx_archs;
    uint32_t ptx_arch_count;
    StrBuf other_arch_ptx[LIB_MAX_ARCHS];
    LibEntryTable entries;              /* once the module was built */
    LibAbi abi;
    bool has_abi;
    bool print_yir;                     /* set by the caller: keep each target's module as YIR text */
    StrBuf yir[YUSEC_TARGET_COUNT];       /* the module after the target's passes, before its emitter */
} LibOutputs;

void lib_outputs_init(LibOutputs *outputs, Arena *arena);
void lib_outputs_free(LibOutputs *outputs);

/* How the ABI's PTX launches are planned: from the module the PTX pipeline builds (as
 * --entries=json; its passes run even when PTX is not among the targets), or from that
 * module when PTX is a target and else from the module before the targets' passes. */
typedef enum LibAbiSource { LIB_ABI_PTX_PIPELINE, LIB_ABI_AS_BUILT } LibAbiSource;

/* Compiles the targets in `targets` (TARGET_BIT…). LIB_OK when every one succeeded. */
LibStatus lib_compile_targets(LibSession *session, unsigned targets, LibAbiSource abi_source,
                              LibOutputs *outputs);

#endif
