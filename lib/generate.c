#include "generate.h"

#include <string.h>

void lib_generated_init(LibGenerated *generated, Arena *arena) {
    memset(generated, 0, sizeof *generated);
    generated->arena = arena;
    for (int i = 0; i < GEN_TARGET_COUNT; i++) gen_target_init(&generated->targets[i]);
    for (int t = 0; t < LIB_TARGET_COUNT; t++) generated->target_diagnostics[t] = SIZE_MAX;
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

/* ---- one report of what two pipelines both find ----
 * WGSL and MSL share one module when their passes agree, so their pass diagnostics come
 * once. PTX runs other passes (inline) and may find the same problem at the same place (the
 * uniformity analysis runs on every target): its diagnostics are gathered apart and only those
 * the text targets did not report already are reported. */

typedef struct Seen {
    Arena *arena;
    PtrVec records;          /* DiagRecord *, copied */
    DiagListener forward;    /* the session's own listener, kept working */
    void *forward_user;
} Seen;

static void remember(void *user, const DiagRecord *record) {
    Seen *seen = user;
    DiagRecord *copy = arena_alloc(seen->arena, sizeof *copy);
    *copy = *record;
    copy->message = arena_strdup(seen->arena, record->message);
    copy->path = record->path ? arena_strdup(seen->arena, record->path) : NULL;
    copy->rendered = NULL;
    copy->rendered_len = 0;
    ptrvec_push(seen->arena, &seen->records, copy);
    if (seen->forward) seen->forward(seen->forward_user, record);
}

static bool same_record(const DiagRecord *a, const DiagRecord *b) {
    return a->level == b->level && a->span.file == b->span.file && a->span.start == b->span.start &&
           a->span.end == b->span.end && strcmp(a->message, b->message) == 0;
}

static bool seen_before(const Seen *earlier, const DiagRecord *record) {
    for (size_t i = 0; i < earlier->records.len; i++)
        if (same_record(earlier->records.items[i], record)) return true;
    return false;
}

/* Reports `record` into `diag` as it was reported into another engine. */
static void replay(DiagEngine *diag, const DiagRecord *record) {
    if (!record->file && record->level == DIAG_ERROR && record->path) {
        diag_error_path(diag, record->path, "%s", record->message);
        return;
    }
    switch (record->level) {
    case DIAG_ERROR: diag_error(diag, record->span, "%s", record->message); break;
    case DIAG_WARNING: diag_warning(diag, record->span, "%s", record->message); break;
    case DIAG_NOTE: diag_note(diag, record->span, "%s", record->message); break;
    }
}

/* PTX's passes and emitter with a diagnostics engine of their own; afterwards what the text
 * targets did not report (an error or warning with its notes) is reported into the session. */
static IrModule *build_ptx_apart(LibSession *session, IrModule *shared, const Seen *text_targets,
                                 GenTarget *result, size_t from) {
    Seen ptx = {&session->arena, {0}, NULL, NULL};
    DiagEngine own;
    diag_init(&own, &session->sources, NULL);
    own.max_errors = session->diag.max_errors;
    own.listener = remember;
    own.listener_user = &ptx;
    DiagEngine kept = session->diag;
    session->diag = own;
    LibStatus status;
    IrModule *module = lib_build_target(session, shared, true, LIB_TARGET_PTX, &status);
    emit_target(session, module, LIB_TARGET_PTX, 0, result);
    own = session->diag;
    session->diag = kept;
    strbuf_clear(&result->diagnostics);
    bool skipping = false;
    for (size_t i = 0; i < ptx.records.len; i++) {
        const DiagRecord *record = ptx.records.items[i];
        if (record->level != DIAG_NOTE) skipping = seen_before(text_targets, record);
        if (!skipping) replay(&session->diag, record);
    }
    const char *text = strbuf_cstr(&session->diag.text);
    strbuf_append(&result->diagnostics, text + from, session->diag.text.len - from);
    diag_free(&own);
    return module;
}

LibStatus lib_generate(LibSession *session, LibGenerated *generated) {
    LibStatus status;
    IrModule *shared = lib_build_shared(session, LIB_ALL_TARGETS, &status);
    generated->front_end_diagnostics = session->diag.text.len;
    generated->first_target_record = session->diag.record_count;
    if (!shared) return status;
    lib_entries_build(&generated->entries, shared);
    int errors = session->diag.error_count;
    GenTarget *targets = generated->targets;
    Seen text_targets = {&session->arena, {0}, session->diag.listener, session->diag.listener_user};
    session->diag.listener = remember;
    session->diag.listener_user = &text_targets;
    size_t from = session->diag.text.len;
    generated->target_diagnostics[LIB_TARGET_WGSL] = from;
    IrModule *wgsl = lib_build_target(session, shared, false, LIB_TARGET_WGSL, &status);
    emit_target(session, wgsl, LIB_TARGET_WGSL, from, &targets[GEN_WGSL]);
    from = session->diag.text.len;
    generated->target_diagnostics[LIB_TARGET_MSL] = from;
    bool same = strcmp(session->rest[LIB_TARGET_MSL], session->rest[LIB_TARGET_WGSL]) == 0;
    IrModule *msl = same ? wgsl : lib_build_target(session, shared, false, LIB_TARGET_MSL, &status);
    emit_target(session, msl, LIB_TARGET_MSL, from, &targets[GEN_MSL]);
    session->diag.listener = text_targets.forward;
    session->diag.listener_user = text_targets.forward_user;
    from = session->diag.text.len;
    generated->target_diagnostics[LIB_TARGET_PTX] = from;
    IrModule *ptx = build_ptx_apart(session, shared, &text_targets, &targets[GEN_PTX], from);
    if (ptx) {
        lib_abi_build(&generated->abi, generated->arena, ptx, &generated->entries);
        generated->has_abi = true;
        targets[GEN_PTX].ptx_arch = generated->abi.ptx_target;
    }
    if (msl != wgsl) ir_module_free(msl);
    ir_module_free(wgsl);
    ir_module_free(ptx);
    generated->made = gen_module_source(&generated->text, targets, &generated->entries);
    if (!generated->made) return LIB_ERRORS;
    lib_demote_errors(session, errors);
    return LIB_OK;
}
