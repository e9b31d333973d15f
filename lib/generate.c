#include "generate.h"

#include <string.h>

void lib_generated_init(LibGenerated *generated, Arena *arena) {
    memset(generated, 0, sizeof *generated);
    generated->arena = arena;
    for (int i = 0; i < GEN_TARGET_COUNT; i++) gen_target_init(&generated->targets[i]);
    lib_entries_init(&generated->entries, arena);
    strbuf_init(&generated->text);
}

void lib_generated_free(LibGenerated *generated) {
    for (int i = 0; i < GEN_TARGET_COUNT; i++) gen_target_free(&generated->targets[i]);
    strbuf_free(&generated->text);
}

/* The ASCII facts of a failed PTX translation for the generated module's comment: the
 * plugin's reason and where, as line and column (file names may be Chinese). */
static void ptx_failure_facts(const LibSession *session, const PtxFailure *failure, GenPtxFailure *out) {
    memset(out, 0, sizeof *out);
    if (!failure->set) return;  /* failed before translation: the module's comment says so */
    memcpy(out->reason, failure->reason, sizeof out->reason);
    const SourceFile *file = failure->located ? source_get(&session->sources, failure->span.file) : NULL;
    if (!file) return;
    source_position(file, failure->span.start, &out->line, &out->column);
    out->located = true;
    out->imported = strcmp(file->path, session->input) != 0;
}

/* Emits one target from `module` (NULL: its passes failed); its diagnostics are those
 * reported from byte `from` of the session's text on. */
static void emit_target(LibSession *session, const IrModule *module, LibTarget target, size_t from,
                        GenTarget *result) {
    PtxFailure failure = {0};
    result->ok = module && lib_emit(session, module, target, &result->text, NULL, &failure);
    if (target == LIB_TARGET_PTX && !result->ok) ptx_failure_facts(session, &failure, &result->ptx_failure);
    const char *text = strbuf_cstr(&session->diag.text);
    strbuf_append(&result->diagnostics, text + from, session->diag.text.len - from);
}

LibStatus lib_generate(LibSession *session, LibGenerated *generated) {
    LibStatus status;
    IrModule *shared = lib_build_shared(session, LIB_ALL_TARGETS, &status);
    generated->front_end_diagnostics = session->diag.text.len;
    if (!shared) return status;
    lib_entries_build(&generated->entries, shared);
    int errors = session->diag.error_count;
    GenTarget *targets = generated->targets;
    size_t from = session->diag.text.len;
    IrModule *wgsl = lib_build_target(session, shared, false, LIB_TARGET_WGSL, &status);
    emit_target(session, wgsl, LIB_TARGET_WGSL, from, &targets[GEN_WGSL]);
    from = session->diag.text.len;
    bool same = strcmp(session->rest[LIB_TARGET_MSL], session->rest[LIB_TARGET_WGSL]) == 0;
    IrModule *msl = same ? wgsl : lib_build_target(session, shared, false, LIB_TARGET_MSL, &status);
    emit_target(session, msl, LIB_TARGET_MSL, from, &targets[GEN_MSL]);
    from = session->diag.text.len;
    IrModule *ptx = lib_build_target(session, shared, true, LIB_TARGET_PTX, &status);
    emit_target(session, ptx, LIB_TARGET_PTX, from, &targets[GEN_PTX]);
    if (ptx) {
        lib_abi_build(&generated->abi, generated->arena, ptx, &generated->entries);
        generated->has_abi = true;
    }
    if (msl != wgsl) ir_module_free(msl);
    ir_module_free(wgsl);
    ir_module_free(ptx);
    generated->made = gen_module_source(&generated->text, targets, &generated->entries);
    if (!generated->made) return LIB_ERRORS;
    lib_demote_errors(session, errors);
    return LIB_OK;
}
