/* The public API (include/yusec/yusec.h) over the pipeline (lib/pipeline.h). */
#define _GNU_SOURCE 1  /* dladdr: where libyusec itself lies, to find the 点染 package */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/deep_stack.h"
#include "../base/file.h"
#include "../base/memory.h"
#include "../frontend/builtin_names.h"
#include "../frontend/compact.h"
#include "../frontend/dir_cache.h"
#include "../frontend/module.h"
#include "../targets/ptx_plugin.h"
#include "abi.h"
#include "compile.h"
#include "context.h"
#include "generate.h"
#include "pipeline.h"

#ifndef YUSEC_VERSION
#define YUSEC_VERSION "0.0.0"
#endif

#define YUSEC_ALL_WANTED TARGET_ALL_BITS  /* every registered target (targets/registry.h) */


typedef struct ResultOutput {
    bool ok;
    const char *text;
    size_t len;
    const char *yir;     /* YUSEC_WANT_YIR: the module after the target's passes */
    size_t yir_len;
} ResultOutput;

/* A diagnostic while the compile runs: its notes are gathered, then fixed into arrays. */
typedef struct PendingDiagnostic {
    yusec_diagnostic public;
    PtrVec notes;     /* yusec_diagnostic * */
} PendingDiagnostic;

struct yusec_result {
    Arena arena;                   /* everything the result points to */
    yusec_status status;
    ResultOutput outputs[YUSEC_TARGET_COUNT];
    yusec_entry *entries;
    size_t entry_count;
    LibAbi abi;
    const char *generated;
    size_t generated_len;
    const char **files_read;
    size_t files_read_count;
    PtrVec pending;                /* PendingDiagnostic * while compiling */
    yusec_diagnostic *diagnostics;
    size_t diagnostic_count;
    size_t error_count;
    const char *rendered;
    size_t rendered_len;
    /* Out of memory: the guard of the compile (here, not on the stack, so what the unwind
     * leaves in it is well defined after longjmp) and the one diagnostic, made without
     * allocating (also the one of YUSEC_CONTEXT_BUSY). */
    MemoryGuard guard;
    yusec_diagnostic lone;
    char lone_message[96];
    char lone_code[DIAG_CODE_SIZE];
    char lone_rendered[256];
};

const char *yusec_version(void) { return YUSEC_VERSION; }

void yusec_options_init(yusec_options *options) {
    memset(options, 0, sizeof *options);
    options->opt_level = -1;
    options->fma = true;
    options->max_errors = DIAG_DEFAULT_MAX_ERRORS;
}

/* ---- the context ---- */

static const char *copy_or_null(Arena *arena, const char *text) {
    return text ? arena_strdup(arena, text) : NULL;
}

#ifndef YUSEC_INSTALLED_YUSEC
#define YUSEC_INSTALLED_YUSEC ""
#endif

/* The 点染 package next to the program or the library: <dir>/库/点染 or
 * <dir>/../share/yusec/库/点染 of the running executable, then of libyusec itself (a shared
 * one), then of the yusec installed with this library (<bindir>/yusec at configure time: a
 * static libyusec in a program elsewhere; moved to another prefix, the program sets
 * builtin_dir, and the error's note says so). */
static const char *default_builtin_dir(Arena *arena) {
    char buffer[4096];
    ssize_t len = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
    const char *found = len > 0 ? fe_find_builtin_dir(arena, arena_strndup(arena, buffer, (size_t)len)) : NULL;
    Dl_info info;
    if (!found && dladdr((void *)yusec_version, &info) && info.dli_fname)
        found = fe_find_builtin_dir(arena, info.dli_fname);
    if (!found) found = fe_find_builtin_dir(arena, YUSEC_INSTALLED_YUSEC);
    return found;
}

/* Reads the builtin interface once for the context (through the provider, else the disk) and,
 * when it is the text embedded at build time, takes its tree once too: every compile then
 * adopts that file as its source 0 and that tree (lib_session_init), copying and decoding
 * nothing. Another text is served from memory and parsed by each compile as before. */
static void load_builtin(yusec_context *ctx) {
    if (!ctx->config.builtin_dir) return;
    const char *path = fe_builtin_interface_path(&ctx->arena, ctx->config.builtin_dir);
    SourceMap *map = &ctx->builtin_sources;
    source_map_init(map, &ctx->arena);
    map->reader = ctx->config.reader;
    const char *error = NULL;
    SourceFile *file = source_load(map, path, &error);
    if (!file) return;  /* the front end reports it where 「点染」 is imported */
    ctx->builtin_path = path;
    ctx->builtin_text = file->text;
    ctx->builtin_len = file->len;
    ctx->config.builtin_file = file;
    ctx->config.builtin_ast = fe_builtin_interface_ast(&ctx->arena, file);
    ctx->config.builtin_names = fe_builtin_names_build(&ctx->arena, ctx->config.builtin_ast);
    ctx->config.builtin_dir_real = file_real_path(&ctx->arena, ctx->config.builtin_dir);
    ctx->config.builtin_file_real = file_real_path(&ctx->arena, path);
}

static bool provider_read(void *user, const char *path, const char **text, size_t *len) {
    const yusec_source_provider *provider = user;
    return provider->read && provider->read(provider->user, path, text, len);
}

/* The search paths, NULL entries left out; the first NULL (or a NULL array with a count)
 * becomes the error each compile of the context reports (issue 30 item 15). */
static void copy_include_dirs(yusec_context *ctx, const yusec_options *options) {
    size_t count = options->include_dirs ? options->include_dir_count : 0;
    if (!options->include_dirs && options->include_dir_count)
        ctx->options_error = arena_printf(&ctx->arena, "yusec_options.include_dirs 是空指针，include_dir_count 却是 %zu",
                                          options->include_dir_count);
    const char **dirs = arena_alloc_array(&ctx->arena, count + 1, sizeof *dirs);
    uint32_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        if (options->include_dirs[i]) dirs[kept++] = arena_strdup(&ctx->arena, options->include_dirs[i]);
        else if (!ctx->options_error)
            ctx->options_error = arena_printf(&ctx->arena, "yusec_options.include_dirs[%zu] 是空指针", i);
    }
    ctx->config.include_dirs = dirs;
    ctx->config.include_count = kept;
}

/* yusec_options.warnings into the config's flags; the first bad one becomes the error each
 * compile of the context reports. */
static void copy_warning_flags(yusec_context *ctx, const yusec_options *options) {
    size_t count = options->warnings ? options->warning_count : 0;
    for (size_t i = 0; i < count && !ctx->options_error; i++) {
        const char *flag = options->warnings[i];
        if (!flag) {
            ctx->options_error = arena_printf(&ctx->arena, "yusec_options.warnings[%zu] 是空指针", i);
            break;
        }
        if (strncmp(flag, "-W", 2) == 0) flag += 2;
        const char *name;
        DiagFlagResult result = diag_warning_flag_apply(&ctx->config.warnings, flag, &name);
        const char *best = result == DIAG_FLAG_UNKNOWN ? diag_warning_suggest(name) : NULL;
        if (result == DIAG_FLAG_NOT_WARNING)
            ctx->options_error = arena_printf(&ctx->arena, "yusec_options.warnings[%zu]：「%s」是错误，不是警告，-W 管不了它",
                                              i, name);
        else if (result == DIAG_FLAG_UNKNOWN)
            ctx->options_error = arena_printf(&ctx->arena, "yusec_options.warnings[%zu]：没有名为「%s」的警告%s%s%s", i,
                                              name, best ? "（是不是想写「" : "", best ? best : "", best ? "」？）" : "");
    }
}

static void context_fill(yusec_context *ctx, const yusec_options *options) {
    LibConfig *config = &ctx->config;
    lib_config_init(config);
    if (options->arch) config->ptx.arch = arena_strdup(&ctx->arena, options->arch);
    if (options->ptx_version) config->ptx.ptx_version = arena_strdup(&ctx->arena, options->ptx_version);
    if (options->opt_level >= 0) config->ptx.opt_level = options->opt_level;
    config->ptx.fma_contract = options->fma;
    config->ptx.plugin_path = copy_or_null(&ctx->arena, options->ptx_plugin);
    config->line_info = options->line_info;
    config->bounds_check = options->bounds_check;
    config->max_errors = options->max_errors;
    copy_include_dirs(ctx, options);
    if (!ctx->options_error) copy_warning_flags(ctx, options);
    ctx->provider = options->provider;
    config->reader = (SourceReader){provider_read, &ctx->provider};
    config->builtin_dir = options->builtin_dir ? arena_strdup(&ctx->arena, options->builtin_dir)
                                               : default_builtin_dir(&ctx->arena);
    load_builtin(ctx);
    config->dir_cache = fe_dir_cache_new();
}

/* The context lives in plain calloc'd memory, its copies in its arena; both go when memory
 * runs out while it is made (the guard frees the arena's blocks). */
typedef struct ContextMaking {
    MemoryGuard guard;
    yusec_context *ctx;
    const yusec_options *options;
} ContextMaking;

yusec_context *yusec_context_new(const yusec_options *options) {
    yusec_options defaults;
    if (!options) {
        yusec_options_init(&defaults);
        options = &defaults;
    }
    ContextMaking *making = calloc(1, sizeof *making);
    if (!making) return NULL;
    making->ctx = calloc(1, sizeof *making->ctx);
    if (!making->ctx) {
        free(making);
        return NULL;
    }
    arena_init(&making->ctx->arena);
    making->ctx->memory_limit = options->memory_limit;
    making->options = options;
    mem_guard_begin(&making->guard, options->memory_limit);
    if (setjmp(making->guard.unwind)) {
        free(making->ctx);
        free(making);
        return NULL;
    }
    context_fill(making->ctx, making->options);
    mem_guard_end(&making->guard);
    yusec_context *ctx = making->ctx;
    free(making);
    atomic_init(&ctx->in_use, false);
    ctx->worker_ready = deep_worker_init(&ctx->worker, DEEP_STACK_BYTES);
    return ctx;
}

void yusec_context_free(yusec_context *context) {
    if (!context) return;
    if (context->worker_ready) deep_worker_stop(&context->worker);
    fe_dir_cache_free(context->config.dir_cache);
    arena_free(&context->arena);
    free(context);
}

bool yusec_ptx_available(const yusec_context *context) {
    PtxOptions options = context->config.ptx;
    StrBuf tried;
    strbuf_init(&tried);
    void *handle = ptx_plugin_open(&options, &tried);
    strbuf_free(&tried);
    if (handle) dlclose(handle);
    return handle != NULL;
}

/* ---- collecting diagnostics ---- */

static yusec_severity severity_of(DiagLevel level) {
    switch (level) {
    case DIAG_ERROR: return YUSEC_ERROR;
    case DIAG_WARNING: return YUSEC_WARNING;
    case DIAG_NOTE: return YUSEC_NOTE;
    }
    return YUSEC_ERROR;
}

static yusec_location location_of(Arena *arena, const DiagRecord *record) {
    yusec_location at = {0};
    at.file = copy_or_null(arena, record->path);
    if (!record->file) return at;
    source_position(record->file, record->span.start, &at.line, &at.column);
    uint32_t end = record->span.end > record->span.start ? record->span.end : record->span.start;
    source_position(record->file, end, &at.end_line, &at.end_column);
    return at;
}

typedef struct Collector {
    yusec_result *result;
} Collector;

/* from_target and target from the record's origin (lib/compile.h). */
static void set_origin(yusec_diagnostic *d, DiagOrigin origin) {
    yusec_target target;
    d->from_target = lib_origin_target(origin, &target);
    if (d->from_target) d->target = target;
}

/* The DiagEngine's listener: one pending diagnostic per error or warning, notes on the one
 * before them. */
static void collect_diagnostic(void *user, const DiagRecord *record) {
    const Collector *collector = user;
    yusec_result *result = collector->result;
    Arena *arena = &result->arena;
    yusec_diagnostic d = {severity_of(record->level), location_of(arena, record),
                          arena_strdup(arena, record->message), NULL, 0, false, YUSEC_TARGET_WGSL,
                          record->replacement ? arena_strdup(arena, record->replacement) : NULL, NULL, NULL};
    const DiagInfo *info = diag_info(record->id);
    if (info) {
        char code[DIAG_CODE_SIZE];
        diag_code(record->id, code);
        d.code = arena_strdup(arena, code);
        d.name = info->name;
    }
    if (record->level == DIAG_NOTE && result->pending.len) {
        PendingDiagnostic *last = result->pending.items[result->pending.len - 1];
        yusec_diagnostic *note = arena_alloc(arena, sizeof *note);
        *note = d;
        ptrvec_push(arena, &last->notes, note);
        return;
    }
    set_origin(&d, record->origin);
    PendingDiagnostic *pending = arena_alloc(arena, sizeof *pending);
    pending->public = d;
    ptrvec_push(arena, &result->pending, pending);
}

/* The session's diagnostics as text, each target's errors as warnings when `demote_targets`. */
static void render_session(StrBuf *out, DiagEngine *diag, bool demote_targets) {
    if (!demote_targets) {
        strbuf_append(out, strbuf_cstr(&diag->text), diag->text.len);
        return;
    }
    for (uint32_t i = 0; i < diag->record_count; i++) {
        Diagnostic record = diag->records[i];
        if (record.origin != DIAG_ORIGIN_FRONT_END && record.level == DIAG_ERROR) record.level = DIAG_WARNING;
        diag_render_text(out, &record, false);
    }
}

/* Fixes the pending diagnostics into arrays and the rendered text. With `demote_targets` (the
 * generated module was made), what a target reported is a failing target's: its errors become
 * warnings. */
static void finish_diagnostics(yusec_result *result, LibSession *session, bool demote_targets) {
    Arena *arena = &result->arena;
    result->diagnostic_count = result->pending.len;
    result->diagnostics = arena_alloc_array(arena, result->pending.len + 1, sizeof *result->diagnostics);
    for (size_t i = 0; i < result->pending.len; i++) {
        PendingDiagnostic *p = result->pending.items[i];
        yusec_diagnostic *d = &result->diagnostics[i];
        *d = p->public;
        if (demote_targets && d->from_target && d->severity == YUSEC_ERROR) d->severity = YUSEC_WARNING;
        yusec_diagnostic *notes = arena_alloc_array(arena, p->notes.len + 1, sizeof *notes);
        for (size_t n = 0; n < p->notes.len; n++) notes[n] = *(yusec_diagnostic *)p->notes.items[n];
        d->notes = notes;
        d->note_count = p->notes.len;
        if (d->severity == YUSEC_ERROR) result->error_count++;
    }
    StrBuf rendered;
    strbuf_init(&rendered);
    render_session(&rendered, &session->diag, demote_targets);
    result->rendered = arena_strndup(arena, strbuf_cstr(&rendered), rendered.len);
    result->rendered_len = rendered.len;
    strbuf_free(&rendered);
}

/* ---- compiling ---- */

bool lib_input_read(void *user, const char *path, const char **text, size_t *len) {
    const LibInputReader *r = user;
    if (r->input->text && strcmp(path, r->input->path) == 0) {
        *text = r->input->text;
        *len = r->input->len;
        return true;
    }
    if (r->ctx->builtin_path && strcmp(path, r->ctx->builtin_path) == 0) {
        *text = r->ctx->builtin_text;
        *len = r->ctx->builtin_len;
        return true;
    }
    return provider_read((void *)&r->ctx->provider, path, text, len);
}

static void keep_output(yusec_result *result, yusec_target target, bool ok, const StrBuf *text) {
    ResultOutput *out = &result->outputs[target];
    out->ok = ok;
    if (!ok) return;
    out->text = arena_strndup(&result->arena, text->data ? text->data : "", text->len);
    out->len = text->len;
}

static void keep_yir(yusec_result *result, yusec_target target, const StrBuf *yir) {
    if (!yir->len) return;
    result->outputs[target].yir = arena_strndup(&result->arena, yir->data, yir->len);
    result->outputs[target].yir_len = yir->len;
}

static void keep_entries(yusec_result *result, const LibEntryTable *table) {
    result->entries = arena_alloc_array(&result->arena, table->count + 1, sizeof *result->entries);
    result->entry_count = table->count;
    for (uint32_t i = 0; i < table->count; i++) {
        const LibEntry *row = &table->rows[i];
        yusec_entry *e = &result->entries[i];
        e->item = row->item;
        e->function = row->function;
        e->stage = row->stage == IR_STAGE_VERTEX ? YUSEC_STAGE_VERTEX
                   : row->stage == IR_STAGE_FRAGMENT ? YUSEC_STAGE_FRAGMENT : YUSEC_STAGE_COMPUTE;
        memcpy(e->workgroup_size, row->workgroup_size, sizeof e->workgroup_size);
        e->ptx_name = row->ptx_name;
    }
}

/* The targets one by one: the front end once, then each on its own copy of the module. */
static LibStatus compile_targets(LibSession *session, yusec_result *result, unsigned wanted) {
    LibOutputs outputs;
    lib_outputs_init(&outputs, &result->arena);
    /* the YUSEC_WANT_… bits of the targets agree with TARGET_BIT */
    outputs.print_yir = (wanted & YUSEC_WANT_YIR) != 0;
    LibStatus status = lib_compile_targets(session, wanted & YUSEC_ALL_WANTED, LIB_ABI_AS_BUILT, &outputs);
    if (outputs.entries.rows) keep_entries(result, &outputs.entries);
    if (outputs.has_abi) result->abi = outputs.abi;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        keep_output(result, (yusec_target)t, outputs.ok[t], &outputs.text[t]);
        keep_yir(result, (yusec_target)t, &outputs.yir[t]);
    }
    lib_outputs_free(&outputs);
    return status;
}

/* The generated module and, from the same build, every target's text. `*demote_targets`:
 * the module was made, so what the targets reported is warnings. */
static LibStatus compile_generated(LibSession *session, yusec_result *result, bool *demote_targets) {
    LibGenerated generated;
    lib_generated_init(&generated, &result->arena);
    LibStatus status = lib_generate(session, &generated);
    *demote_targets = generated.made;
    if (generated.entries.rows) keep_entries(result, &generated.entries);
    if (generated.has_abi) result->abi = generated.abi;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
        keep_output(result, (yusec_target)t, generated.targets[t].ok, &generated.targets[t].text);
    if (generated.made) {
        result->generated = arena_strndup(&result->arena, strbuf_cstr(&generated.text), generated.text.len);
        result->generated_len = generated.text.len;
    }
    lib_generated_free(&generated);
    return status;
}

/* One compile's pipeline, when it has the deep stack (docs/library.md "Stack"); else only the
 * error that it could not get one. */
static LibStatus run_pipeline(LibSession *session, yusec_result *result, const yusec_input *input,
                              unsigned targets, bool on_deep_stack, bool *demote_targets) {
    if (!on_deep_stack) {
        diag_error_path(&session->diag, Y_NO_STACK, "yusec", "无法为编译分配栈");
        return LIB_IO;
    }
    if (!input || !input->path) {
        diag_error_path(&session->diag, Y_NO_INPUT, "yusec", "没有给出输入（yusec_input.path）");
        return LIB_IO;
    }
    if (targets & YUSEC_WANT_GEN) return compile_generated(session, result, demote_targets);
    return compile_targets(session, result, targets);
}

static void compile_into(yusec_result *result, yusec_context *context, const yusec_input *input,
                         unsigned targets, bool on_deep_stack) {
    LibInputReader reader = {context, input};
    LibConfig config = context->config;
    config.reader = (SourceReader){lib_input_read, &reader};
    LibSession session;
    lib_session_init(&session, &config, input && input->path ? input->path : "", NULL);
    Collector collector = {result};
    session.diag.listener = collect_diagnostic;
    session.diag.listener_user = &collector;
    bool demote_targets = false;
    LibStatus status = LIB_ERRORS;
    if (context->options_error) diag_error_path(&session.diag, Y_BAD_OPTIONS, "yusec", "%s", context->options_error);
    else status = run_pipeline(&session, result, input, targets, on_deep_stack, &demote_targets);
    result->files_read = arena_alloc_array(&result->arena, session.files_read_count + 1,
                                           sizeof *result->files_read);
    for (uint32_t i = 0; i < session.files_read_count; i++)
        result->files_read[i] = arena_strdup(&result->arena, session.files_read[i]);
    result->files_read_count = session.files_read_count;
    finish_diagnostics(result, &session, demote_targets);
    result->status = status == LIB_IO ? YUSEC_IO_ERROR : status == LIB_OK ? YUSEC_OK : YUSEC_ERRORS;
    lib_session_free(&session);
}

/* A result whose one diagnostic is `message` (no file), made without allocating. */
static void report_lone_error(yusec_result *result, yusec_status status, DiagId id, const char *message) {
    result->status = status;
    result->lone = (yusec_diagnostic){.severity = YUSEC_ERROR, .message = message, .name = diag_info(id)->name};
    diag_code(id, result->lone_code);
    result->lone.code = result->lone_code;
    result->diagnostics = &result->lone;
    result->diagnostic_count = 1;
    result->error_count = 1;
    int len = snprintf(result->lone_rendered, sizeof result->lone_rendered, "yusec: error: %s\n", message);
    result->rendered = result->lone_rendered;
    result->rendered_len = len > 0 ? strlen(result->lone_rendered) : 0;
}

/* After the unwind: every block the compile allocated is gone, so the result is emptied to
 * its out-of-memory form, built in its own fields. */
static void report_out_of_memory(yusec_result *result, size_t refused) {
    memset(result->outputs, 0, sizeof result->outputs);
    arena_init(&result->arena);
    result->entries = NULL;
    result->entry_count = 0;
    memset(&result->abi, 0, sizeof result->abi);
    result->generated = NULL;
    result->generated_len = 0;
    result->files_read = NULL;
    result->files_read_count = 0;
    result->pending = (PtrVec){0};
    const char *message = mem_exhausted_message(result->lone_message, sizeof result->lone_message, refused);
    report_lone_error(result, YUSEC_OUT_OF_MEMORY, Y_OUT_OF_MEMORY, message);
}

/* The context is compiling or indexing for another call (issue 30 item 15: eight threads on
 * one context deadlocked in its deep-stack worker). Nothing of the context is touched. */
static void report_context_busy(yusec_result *result) {
    report_lone_error(result, YUSEC_CONTEXT_BUSY, Y_CONTEXT_BUSY, LIB_CONTEXT_BUSY_MESSAGE);
}

typedef struct CompileCall {
    yusec_result *result;
    yusec_context *context;
    const yusec_input *input;
    unsigned targets;
    bool on_deep_stack;
} CompileCall;

/* The whole compile under the memory guard, on the thread that runs it: the guard is per
 * thread, so it begins, catches the unwind and ends where every allocation of the compile
 * happens. */
static void compile_guarded(void *data) {
    CompileCall *call = data;
    mem_guard_begin(&call->result->guard, call->context->memory_limit);
    if (setjmp(call->result->guard.unwind)) {
        report_out_of_memory(call->result, call->result->guard.refused);
        return;
    }
    compile_into(call->result, call->context, call->input, call->targets, call->on_deep_stack);
    mem_guard_end(&call->result->guard);
}

bool lib_context_acquire(yusec_context *ctx) {
    return !atomic_exchange_explicit(&ctx->in_use, true, memory_order_acquire);
}

void lib_context_release(yusec_context *ctx) {
    atomic_store_explicit(&ctx->in_use, false, memory_order_release);
}

bool lib_run_deep(yusec_context *ctx, void (*fn)(void *arg), void *arg) {
    if (ctx->worker_ready) return deep_worker_run(&ctx->worker, fn, arg);
    return deep_stack_run(DEEP_STACK_BYTES, fn, arg);
}

/* The pipeline runs on a deep stack of its own (base/deep_stack.h, docs/library.md "Stack"):
 * its tree walks recurse once per level of true nesting, up to the parser's limit, which needs
 * more than a thread's usual 2 or 8 MiB, so the caller's stack size does not matter. The
 * stack is the context's worker thread, made by its first compile and kept until
 * yusec_context_free. The caller's thread waits; the source provider is called on the
 * worker's thread. When no such thread can be made, the caller's thread reports
 * 无法为编译分配栈. */
yusec_result *yusec_compile(yusec_context *context, const yusec_input *input, unsigned targets) {
    yusec_result *result = calloc(1, sizeof *result);
    if (!result) return NULL;
    arena_init(&result->arena);
    if (!lib_context_acquire(context)) {
        report_context_busy(result);
        return result;
    }
    CompileCall call = {result, context, input, targets, true};
    if (!lib_run_deep(context, compile_guarded, &call)) {
        call.on_deep_stack = false;
        compile_guarded(&call);
    }
    lib_context_release(context);
    return result;
}

void yusec_result_free(yusec_result *result) {
    if (!result) return;
    arena_free(&result->arena);
    free(result);
}

yusec_status yusec_result_status(const yusec_result *result) { return result->status; }

static bool valid_target(yusec_target target) {
    return (unsigned)target < (unsigned)YUSEC_TARGET_COUNT;
}

bool yusec_result_ok(const yusec_result *result, yusec_target target) {
    return valid_target(target) && result->outputs[target].ok;
}

const char *yusec_result_text(const yusec_result *result, yusec_target target, size_t *len) {
    const char *text = valid_target(target) && result->outputs[target].ok ? result->outputs[target].text : NULL;
    if (len) *len = text ? result->outputs[target].len : 0;
    return text;
}

const char *yusec_result_yir(const yusec_result *result, yusec_target target, size_t *len) {
    const char *text = valid_target(target) ? result->outputs[target].yir : NULL;
    if (len) *len = text ? result->outputs[target].yir_len : 0;
    return text;
}

const yusec_entry *yusec_result_entries(const yusec_result *result, size_t *count) {
    if (count) *count = result->entry_count;
    return result->entry_count ? result->entries : NULL;
}

const char *yusec_result_generated(const yusec_result *result, size_t *len) {
    if (len) *len = result->generated_len;
    return result->generated;
}

const char *const *yusec_result_files_read(const yusec_result *result, size_t *count) {
    if (count) *count = result->files_read_count;
    return result->files_read;
}

const yusec_resource *yusec_result_resources(const yusec_result *result, size_t *count) {
    if (count) *count = result->abi.resource_count;
    return result->abi.resource_count ? result->abi.resources : NULL;
}

const yusec_layout *yusec_result_layouts(const yusec_result *result, size_t *count) {
    if (count) *count = result->abi.layout_count;
    return result->abi.layout_count ? result->abi.layouts : NULL;
}

const yusec_ptx_entry *yusec_result_ptx_entry(const yusec_result *result, size_t entry) {
    return entry < result->abi.entry_count ? result->abi.ptx_entries[entry] : NULL;
}

const yusec_diagnostic *yusec_result_diagnostics(const yusec_result *result, size_t *count) {
    if (count) *count = result->diagnostic_count;
    return result->diagnostic_count ? result->diagnostics : NULL;
}

size_t yusec_result_error_count(const yusec_result *result) { return result->error_count; }

const char *yusec_result_render_diagnostics(const yusec_result *result, size_t *len) {
    if (len) *len = result->rendered_len;
    return result->rendered;
}
