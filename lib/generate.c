#include "generate.h"

#include "compile.h"

#include <string.h>

void lib_generated_init(LibGenerated *generated, Arena *arena) {
    memset(generated, 0, sizeof *generated);
    generated->arena = arena;
    for (int i = 0; i < YUSEC_TARGET_COUNT; i++) gen_target_init(&generated->targets[i]);
    lib_entries_init(&generated->entries, arena);
    strbuf_init(&generated->text);
}

void lib_generated_free(LibGenerated *generated) {
    for (int i = 0; i < YUSEC_TARGET_COUNT; i++) gen_target_free(&generated->targets[i]);
    strbuf_free(&generated->text);
}

/* The ASCII facts of a failed PTX translation for the generated module's comment: the
 * plugin's reason and where, as line and column (file names may be Chinese). */
static void ptx_failure_facts(const LibSession *session, const TargetFailure *failure, GenPtxFailure *out) {
    memset(out, 0, sizeof *out);
    if (!failure->set) return;  /* failed before translation: the module's comment says so */
    memcpy(out->reason, failure->reason, sizeof out->reason);
    const SourceFile *file = failure->located ? source_get(&session->sources, failure->span.file) : NULL;
    if (!file) return;
    source_position(file, failure->span.start, &out->line, &out->column);
    out->located = true;
    out->imported = strcmp(file->path, session->input) != 0;
}

/* The text of the diagnostics reported from record `first` on. */
static void render_records(StrBuf *out, const DiagEngine *diag, uint32_t first) {
    for (uint32_t i = first; i < diag->record_count; i++) diag_render_text(out, &diag->records[i], false);
}

/* Emits one target from `module` (NULL: its passes failed), reporting as that target; its
 * diagnostics are the records from `first` on. */
static void emit_target(LibSession *session, const IrModule *module, yusec_target target, uint32_t first,
                        GenTarget *result) {
    TargetFailure failure = {0};
    diag_set_origin(&session->diag, LIB_DIAG_ORIGIN(target));
    result->ok = module && lib_emit(session, module, target, &result->text, NULL, &failure);
    diag_set_origin(&session->diag, DIAG_ORIGIN_FRONT_END);
    if ((target_descriptor(target)->caps & TARGET_CAP_ASCII_FAILURE) && !result->ok)
        ptx_failure_facts(session, &failure, &result->ptx_failure);
    render_records(&result->diagnostics, &session->diag, first);
}

/* A target's passes, reporting as that target. */
static IrModule *build_target(LibSession *session, IrModule *shared, bool take, yusec_target target) {
    LibStatus status;
    diag_set_origin(&session->diag, LIB_DIAG_ORIGIN(target));
    IrModule *module = lib_build_target(session, shared, take, target, &status);
    diag_set_origin(&session->diag, DIAG_ORIGIN_FRONT_END);
    return module;
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

/* Reports `record` into `diag` as it was reported into another engine, with its origin. */
static void replay(DiagEngine *diag, const DiagRecord *record) {
    DiagOrigin origin = diag->origin;
    diag_set_origin(diag, record->origin);
    if (!record->file && record->level == DIAG_ERROR && record->path) {
        diag_error_path(diag, record->id, record->path, "%s", record->message);
    } else {
        switch (record->level) {
        case DIAG_ERROR: diag_error(diag, record->id, record->span, "%s", record->message); break;
        case DIAG_WARNING: diag_warning(diag, record->id, record->span, "%s", record->message); break;
        case DIAG_NOTE: diag_note(diag, record->span, "%s", record->message); break;
        }
    }
    diag_set_origin(diag, origin);
}

/* An inlining target's (PTX's) passes and emitter with a diagnostics engine of their own;
 * afterwards what the text targets did not report (an error or warning with its notes) is
 * reported into the session. */
static IrModule *build_apart(LibSession *session, IrModule *shared, bool take, yusec_target target,
                             const Seen *text_targets, GenTarget *result, uint32_t first) {
    Seen ptx = {&session->arena, {0}, NULL, NULL};
    DiagEngine own;
    diag_init(&own, &session->sources, NULL);
    own.max_errors = session->diag.max_errors;
    own.listener = remember;
    own.listener_user = &ptx;
    DiagEngine kept = session->diag;
    session->diag = own;
    IrModule *module = build_target(session, shared, take, target);
    emit_target(session, module, target, 0, result);
    own = session->diag;
    session->diag = kept;
    strbuf_clear(&result->diagnostics);
    bool skipping = false;
    for (size_t i = 0; i < ptx.records.len; i++) {
        const DiagRecord *record = ptx.records.items[i];
        if (record->level != DIAG_NOTE) skipping = seen_before(text_targets, record);
        if (!skipping) replay(&session->diag, record);
    }
    render_records(&result->diagnostics, &session->diag, first);
    diag_free(&own);
    return module;
}

/* The first text target (not inlining) before `index` whose remaining passes are the same as
 * its: the two share one module (WGSL and MSL, so their pass diagnostics come once); `index`
 * when none. */
static size_t text_twin(const LibSession *session, const TargetDescriptor *registry, size_t index) {
    for (size_t j = 0; j < index; j++)
        if (registry[j].inline_policy != INLINE_ALL &&
            strcmp(session->rest[registry[j].id], session->rest[registry[index].id]) == 0)
            return j;
    return index;
}

/* The targets in registry order: each text target on its own copy of the shared module (or its
 * twin's), each inlining target apart (build_apart); the last one takes the shared module. */
LibStatus lib_generate(LibSession *session, LibGenerated *generated) {
    LibStatus status;
    IrModule *shared = lib_build_shared(session, TARGET_ALL_BITS, &status);
    generated->first_target_record = session->diag.record_count;
    if (!shared) return status;
    lib_entries_build(&generated->entries, shared);
    int errors = session->diag.error_count;
    Seen text_targets = {&session->arena, {0}, session->diag.listener, session->diag.listener_user};
    IrModule *modules[YUSEC_TARGET_COUNT] = {0};
    bool owned[YUSEC_TARGET_COUNT] = {false};
    size_t count;
    const TargetDescriptor *registry = target_registry(&count);
    for (size_t i = 0; i < count; i++) {
        yusec_target id = registry[i].id;
        bool take = i + 1 == count;  /* the last target takes the shared module */
        uint32_t first = session->diag.record_count;
        if (registry[i].inline_policy == INLINE_ALL) {
            modules[id] = build_apart(session, shared, take, id, &text_targets, &generated->targets[id], first);
            owned[id] = true;
            continue;
        }
        session->diag.listener = remember;
        session->diag.listener_user = &text_targets;
        size_t twin = text_twin(session, registry, i);
        if (twin < i) {
            modules[id] = modules[registry[twin].id];
            if (take) ir_module_free(shared);
        } else {
            modules[id] = build_target(session, shared, take, id);
            owned[id] = true;
        }
        emit_target(session, modules[id], id, first, &generated->targets[id]);
        session->diag.listener = text_targets.forward;
        session->diag.listener_user = text_targets.forward_user;
    }
    /* The ABI of the module that names kernels (PTX's), when it was built. */
    for (size_t i = 0; i < count; i++) {
        const IrModule *module = modules[registry[i].id];
        if (!(registry[i].caps & TARGET_CAP_KERNEL_NAMES) || !module) continue;
        lib_abi_build(&generated->abi, generated->arena, module, &generated->entries);
        generated->has_abi = true;
        generated->targets[registry[i].id].ptx_arch = generated->abi.ptx_target;
    }
    for (size_t i = 0; i < count; i++)
        if (owned[registry[i].id]) ir_module_free(modules[registry[i].id]);
    generated->made = gen_module_source(&generated->text, generated->targets, &generated->entries);
    if (!generated->made) return LIB_ERRORS;
    lib_demote_errors(session, errors);
    return LIB_OK;
}
