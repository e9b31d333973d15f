#include "compile.h"

#include <stdint.h>
#include <string.h>

void lib_outputs_init(LibOutputs *outputs, Arena *arena) {
    memset(outputs, 0, sizeof *outputs);
    outputs->arena = arena;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        strbuf_init(&outputs->text[t]);
        strbuf_init(&outputs->yir[t]);
    }
    for (int k = 0; k < LIB_MAX_ARCHS; k++) strbuf_init(&outputs->other_arch_ptx[k]);
    lib_entries_init(&outputs->entries, arena);
}

void lib_outputs_free(LibOutputs *outputs) {
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        strbuf_free(&outputs->text[t]);
        strbuf_free(&outputs->yir[t]);
    }
    for (int k = 0; k < LIB_MAX_ARCHS; k++) strbuf_free(&outputs->other_arch_ptx[k]);
}

/* One target's text; a target with -arch (PTX) once per requested arch. */
static bool emit_target(LibSession *session, const IrModule *module, yusec_target target, LibOutputs *outputs) {
    if (!(target_descriptor(target)->caps & TARGET_CAP_ARCH) || outputs->ptx_arch_count == 0)
        return lib_emit(session, module, target, &outputs->text[target], NULL, NULL);
    bool ok = lib_emit_arch(session, module, target, outputs->ptx_archs[0], &outputs->text[target], NULL);
    for (uint32_t k = 1; k < outputs->ptx_arch_count && k <= LIB_MAX_ARCHS; k++)
        ok = lib_emit_arch(session, module, target, outputs->ptx_archs[k], &outputs->other_arch_ptx[k - 1], NULL) && ok;
    return ok;
}

/* The targets whose modules the ABI's launches are planned from: those that name kernels (PTX). */
static unsigned kernel_targets(void) {
    size_t count;
    const TargetDescriptor *registry = target_registry(&count);
    unsigned bits = 0;
    for (size_t i = 0; i < count; i++)
        if (registry[i].caps & TARGET_CAP_KERNEL_NAMES) bits |= TARGET_BIT(registry[i].id);
    return bits;
}

LibStatus lib_compile_targets(LibSession *session, unsigned targets, LibAbiSource abi_source,
                              LibOutputs *outputs) {
    unsigned built = targets;
    if (abi_source == LIB_ABI_PTX_PIPELINE) built |= kernel_targets();
    LibStatus status;
    IrModule *shared = lib_build_shared(session, built, &status);
    if (!shared) return status;
    lib_entries_build(&outputs->entries, shared);
    if (!(built & kernel_targets())) {
        lib_abi_build(&outputs->abi, outputs->arena, shared, &outputs->entries);
        outputs->has_abi = true;
    }
    int last = -1;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
        if (built & TARGET_BIT(t)) last = t;
    LibStatus overall = LIB_OK;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        if (!(built & TARGET_BIT(t))) continue;
        diag_set_origin(&session->diag, LIB_DIAG_ORIGIN(t));  /* its passes and emitter report as its */
        IrModule *module = lib_build_target(session, shared, t == last, (yusec_target)t, &status);
        if (t == last) shared = NULL;  /* taken */
        if (module && (kernel_targets() & TARGET_BIT(t))) {
            lib_abi_build(&outputs->abi, outputs->arena, module, &outputs->entries);
            outputs->has_abi = true;
        }
        if (module && outputs->print_yir && (targets & TARGET_BIT(t))) lib_print_yir(session, &outputs->yir[t], module);
        if (targets & TARGET_BIT(t))
            outputs->ok[t] = module && emit_target(session, module, (yusec_target)t, outputs);
        if ((targets & TARGET_BIT(t)) ? !outputs->ok[t] : !module) overall = LIB_ERRORS;
        diag_set_origin(&session->diag, DIAG_ORIGIN_FRONT_END);
        ir_module_free(module);
    }
    ir_module_free(shared);
    return overall;
}
