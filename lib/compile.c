#include "compile.h"

#include <stdint.h>
#include <string.h>

void lib_outputs_init(LibOutputs *outputs, Arena *arena) {
    memset(outputs, 0, sizeof *outputs);
    outputs->arena = arena;
    for (int t = 0; t < LIB_TARGET_COUNT; t++) {
        strbuf_init(&outputs->text[t]);
        strbuf_init(&outputs->yir[t]);
    }
    for (int k = 0; k < LIB_MAX_ARCHS; k++) strbuf_init(&outputs->other_arch_ptx[k]);
    lib_entries_init(&outputs->entries, arena);
}

void lib_outputs_free(LibOutputs *outputs) {
    for (int t = 0; t < LIB_TARGET_COUNT; t++) {
        strbuf_free(&outputs->text[t]);
        strbuf_free(&outputs->yir[t]);
    }
    for (int k = 0; k < LIB_MAX_ARCHS; k++) strbuf_free(&outputs->other_arch_ptx[k]);
}

/* One target's text; PTX once per requested arch. */
static bool emit_target(LibSession *session, const IrModule *module, LibTarget target, LibOutputs *outputs) {
    if (target != LIB_TARGET_PTX || outputs->ptx_arch_count == 0)
        return lib_emit(session, module, target, &outputs->text[target], NULL, NULL);
    bool ok = lib_emit_ptx(session, module, outputs->ptx_archs[0], &outputs->text[target], NULL);
    for (uint32_t k = 1; k < outputs->ptx_arch_count && k <= LIB_MAX_ARCHS; k++)
        ok = lib_emit_ptx(session, module, outputs->ptx_archs[k], &outputs->other_arch_ptx[k - 1], NULL) && ok;
    return ok;
}

LibStatus lib_compile_targets(LibSession *session, unsigned targets, LibAbiSource abi_source,
                              LibOutputs *outputs) {
    unsigned built = targets;
    if (abi_source == LIB_ABI_PTX_PIPELINE) built |= LIB_TARGET_BIT(LIB_TARGET_PTX);
    LibStatus status;
    IrModule *shared = lib_build_shared(session, built, &status);
    if (!shared) return status;
    lib_entries_build(&outputs->entries, shared);
    if (!(built & LIB_TARGET_BIT(LIB_TARGET_PTX))) {
        lib_abi_build(&outputs->abi, outputs->arena, shared, &outputs->entries);
        outputs->has_abi = true;
    }
    int last = -1;
    for (int t = 0; t < LIB_TARGET_COUNT; t++)
        if (built & LIB_TARGET_BIT(t)) last = t;
    LibStatus overall = LIB_OK;
    for (int t = 0; t < LIB_TARGET_COUNT; t++) {
        if (!(built & LIB_TARGET_BIT(t))) continue;
        diag_set_origin(&session->diag, LIB_DIAG_ORIGIN(t));  /* its passes and emitter report as its */
        IrModule *module = lib_build_target(session, shared, t == last, (LibTarget)t, &status);
        if (t == last) shared = NULL;  /* taken */
        if (module && t == LIB_TARGET_PTX) {
            lib_abi_build(&outputs->abi, outputs->arena, module, &outputs->entries);
            outputs->has_abi = true;
        }
        if (module && outputs->print_yir && (targets & LIB_TARGET_BIT(t))) lib_print_yir(session, &outputs->yir[t], module);
        if (targets & LIB_TARGET_BIT(t))
            outputs->ok[t] = module && emit_target(session, module, (LibTarget)t, outputs);
        if ((targets & LIB_TARGET_BIT(t)) ? !outputs->ok[t] : !module) overall = LIB_ERRORS;
        diag_set_origin(&session->diag, DIAG_ORIGIN_FRONT_END);
        ir_module_free(module);
    }
    ir_module_free(shared);
    return overall;
}
