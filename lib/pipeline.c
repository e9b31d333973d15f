#include "pipeline.h"

#include <string.h>
#include <unistd.h>

#include "../frontend/lower.h"
#include "../frontend/index.h"
#include "../frontend/module.h"
#include "../frontend/sema.h"
#include "../passes/pass.h"
#include "../targets/registry.h"

void lib_session_init(LibSession *session, const LibConfig *config, const char *input, FILE *stream) {
    memset(session, 0, sizeof *session);
    session->config = config;
    session->input = input;
    arena_init(&session->arena);
    source_map_init(&session->sources, &session->arena);
    session->sources.reader = config->reader;
    session->builtin_adopted = config->builtin_ast && source_adopt(&session->sources, config->builtin_file);
    diag_init(&session->diag, &session->sources, stream);
    session->diag.max_errors = config->max_errors;
    session->diag.warnings = config->warnings;
    strbuf_init(&session->dumps);
}

void lib_session_free(LibSession *session) {
    strbuf_free(&session->dumps);
    diag_finish(&session->diag);  /* what the format holds back: the last JSON object, SARIF */
    diag_free(&session->diag);
    arena_free(&session->arena);
}

static bool has_suffix(const char *text, const char *suffix) {
    size_t len = strlen(text), suffix_len = strlen(suffix);
    return len >= suffix_len && strcmp(text + len - suffix_len, suffix) == 0;
}

/* The main file alone (a .yir input, -dump-ast); NULL after reporting an I/O error. */
static const SourceFile *load_main(LibSession *session) {
    const char *error = NULL;
    const SourceFile *file = source_load(&session->sources, session->input, &error);
    if (!file) diag_error_path(&session->diag, Y_UNREADABLE_FILE, session->input, "%s", error);
    return file;
}

AstFile *lib_parse_main(LibSession *session, LibStatus *status) {
    const SourceFile *file = load_main(session);
    if (!file) {
        *status = LIB_IO;
        return NULL;
    }
    AstFile *ast = fe_parse_file(&session->arena, file, &session->diag);
    *status = diag_has_errors(&session->diag) ? LIB_ERRORS : LIB_OK;
    return ast;
}

bool lib_dump_ast(LibSession *session, StrBuf *out, LibStatus *status) {
    AstFile *ast = lib_parse_main(session, status);
    if (ast) fe_ast_dump_file(out, ast);
    return ast != NULL;
}

const char *lib_find_builtin_dir(Arena *arena, const char *executable_path) {
    return fe_find_builtin_dir(arena, executable_path);
}

void lib_print_dot(LibSession *session, StrBuf *out, const IrModule *module) {
    (void)session;
    ir_print_dot(out, module);
}

void lib_module_free(IrModule *module) { ir_module_free(module); }

bool lib_pass_exists(const char *name, size_t len) { return pass_find(name, len) != NULL; }

const char *lib_pass_suggest(const char *name, size_t len) { return pass_suggest(name, len); }

void lib_pass_names(StrBuf *out, const char *separator) {
    size_t count;
    const PassInfo *passes = pass_registry(&count);
    for (size_t i = 0; i < count; i++) strbuf_printf(out, "%s%s", i ? separator : "", passes[i].name);
}

bool lib_ptx_llvm_version(unsigned version[3], StrBuf *plugin_path) {
    return ptx_plugin_llvm_version(version, plugin_path);
}

/* The main file and everything it imports, per the configuration's package lookup. */
static Program *load_program(LibSession *session, LexRecord *main_lex) {
    const LibConfig *config = session->config;
    LoadOptions load = {0};
    load.search_paths = config->include_dirs;
    load.search_path_count = config->include_count;
    load.builtin_dir = config->builtin_dir;
    load.dir_cache = config->dir_cache;
    if (session->builtin_adopted) {
        load.builtin_file = config->builtin_file;
        load.builtin_ast = config->builtin_ast;
        load.builtin_dir_real = config->builtin_dir_real;
        load.builtin_file_real = config->builtin_file_real;
        load.builtin_names = config->builtin_names;
    }
    load.main_lex = main_lex;
    return fe_load_program(&session->arena, &session->sources, &session->diag, session->input, &load);
}

/* Loads the main file with its imports and type-checks the program. */
static CheckedProgram *run_frontend(LibSession *session, LibStatus *status) {
    Program *program = load_program(session, NULL);
    if (!program) {
        *status = LIB_IO;
        return NULL;
    }
    session->files_read = program->files_read;
    session->files_read_count = program->files_read_count;
    if (program->main && program->main->package) session->package_root = program->main->package->root;
    if (diag_has_errors(&session->diag)) {
        *status = LIB_ERRORS;
        return NULL;
    }
    CheckedProgram *checked = fe_check_program(&session->arena, program, &session->diag);
    *status = checked ? LIB_OK : LIB_ERRORS;
    return checked;
}

const Program *lib_check_indexed(LibSession *session, FeIndex *index, LexRecord *main_lex) {
    Program *program = load_program(session, main_lex);
    if (program) fe_check_program_indexed(&session->arena, program, &session->diag, index);
    return program;
}

/* Checking is the front end, then WGSL's pass pipeline with its uniformity analysis (the
 * analysis every target runs, as Tint's and naga's validation do); nothing is emitted. */
LibStatus lib_check(LibSession *session) {
    LibStatus status;
    IrModule *module = lib_build_shared(session, TARGET_BIT(YUSEC_TARGET_WGSL), &status);
    if (module) module = lib_build_target(session, module, true, YUSEC_TARGET_WGSL, &status);
    if (module) ir_module_free(module);
    if (status == LIB_OK && diag_has_errors(&session->diag)) status = LIB_ERRORS;
    return status;
}

/* YIR for the input: read from a .yir file, or lowered from the checked program. */
static IrModule *input_module(LibSession *session, LibStatus *status) {
    if (has_suffix(session->input, ".yir")) {
        session->files_read = arena_alloc(&session->arena, sizeof *session->files_read);
        session->files_read[0] = session->input;
        session->files_read_count = 1;
        const SourceFile *file = load_main(session);
        if (!file) {
            *status = LIB_IO;
            return NULL;
        }
        IrModule *module = ir_read(&session->diag, file);
        *status = module ? LIB_OK : LIB_ERRORS;
        return module;
    }
    CheckedProgram *checked = run_frontend(session, status);
    if (!checked) return NULL;
    IrModule *module = fe_lower_program(checked, &session->diag);
    *status = module ? LIB_OK : LIB_ERRORS;
    return module;
}

/* ---- pass pipelines ---- */

/* Appends the comma-separated names of `list` to `out`, less the uniformity pass when asked. */
static void append_names(StrBuf *out, const char *list, bool drop_uniformity) {
    const char *start = list;
    while (*start) {
        const char *end = strchr(start, ',');
        size_t len = end ? (size_t)(end - start) : strlen(start);
        bool dropped = drop_uniformity && len == strlen("uniformity") &&
                       strncmp(start, "uniformity", len) == 0;
        if (!dropped) {
            if (out->len) strbuf_putc(out, ',');
            strbuf_append(out, start, len);
        }
        start += len + (end ? 1 : 0);
    }
}

/* The whole pass list of a target: -passes= when given, else the target's default.
 * -fno-uniformity-check drops the uniformity pass (to compare verdicts with Tint);
 * -fbounds-check puts bounds first (later passes see the clamps); -fclassic-uniform-layout
 * adds uniform-layout at the end (the check changes nothing). */
static const char *pipeline_for(LibSession *session, yusec_target target) {
    const LibConfig *config = session->config;
    const char *base = config->passes ? config->passes : target_descriptor(target)->pipeline;
    StrBuf list;
    strbuf_init(&list);
    if (config->bounds_check) strbuf_puts(&list, "bounds");
    append_names(&list, base, config->no_uniformity_check);
    if (config->classic_uniform_layout) append_names(&list, "uniform-layout", false);
    char *result = arena_strdup(&session->arena, strbuf_cstr(&list));
    strbuf_free(&list);
    return result;
}

const char *lib_pipeline(LibSession *session, yusec_target target) { return pipeline_for(session, target); }

/* The length of the first pass name in `list` (up to a comma). */
static size_t first_name(const char *list) {
    const char *comma = strchr(list, ',');
    return comma ? (size_t)(comma - list) : strlen(list);
}

/* How many bytes of `a` and `b` are the same whole pass names, stopping before the inline
 * pass: it follows each target's policy, so it never runs shared. */
static size_t shared_prefix(const char *a, const char *b) {
    size_t at = 0;
    while (a[at] && b[at]) {
        size_t len = first_name(a + at);
        if (len != first_name(b + at) || memcmp(a + at, b + at, len) != 0) break;
        if (len == strlen("inline") && memcmp(a + at, "inline", len) == 0) break;
        at += len;
        if (a[at] != b[at]) break;
        if (a[at] == ',') at++;
    }
    if (at && a[at - 1] == ',') at--;
    return at;
}

/* Runs `pipeline` on `module` with an inlining policy (the passes see the policy, never which
 * target it is for), dumps into the session. */
static bool run_passes(LibSession *session, IrModule *module, InlinePolicy policy, const char *pipeline) {
    PassContext ctx;
    pass_context_init(&ctx, module, &session->diag, policy);
    ctx.verify_each = ctx.verify_each || session->config->verify_each;
    if (session->config->inline_budget >= 0) ctx.inline_budget = (uint64_t)session->config->inline_budget;
    ctx.print_after_all = session->config->print_after_all;
    ctx.print_after = session->config->print_after;
    ctx.print_dot = session->config->print_dot;
    ctx.print_out = &session->dumps;
    int errors = session->diag.error_count;
    return pass_run_pipeline(&ctx, pipeline) && session->diag.error_count == errors;
}

IrModule *lib_build_shared(LibSession *session, unsigned targets, LibStatus *status) {
    IrModule *module = input_module(session, status);
    if (!module) return NULL;
    if (!ir_verify(module, &session->diag)) {
        *status = LIB_ERRORS;
        ir_module_free(module);
        return NULL;
    }
    const char *first = NULL;
    size_t shared = 0;
    int wanted = 0;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        if (!(targets & TARGET_BIT(t))) continue;
        const char *pipeline = pipeline_for(session, (yusec_target)t);
        session->rest[t] = pipeline;
        if (!first) {
            first = pipeline;
            shared = strlen(pipeline);
        } else if (shared_prefix(first, pipeline) < shared) {
            shared = shared_prefix(first, pipeline);
        }
        wanted++;
    }
    *status = LIB_OK;
    if (wanted < 2 || shared == 0) return module;  /* one target runs its whole pipeline */
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
        if (session->rest[t]) session->rest[t] += shared + (session->rest[t][shared] == ',');
    /* the shared part stops before inline (shared_prefix), so no policy matters to it */
    if (!run_passes(session, module, INLINE_NONE, arena_strndup(&session->arena, first, shared))) {
        *status = LIB_ERRORS;
        ir_module_free(module);
        return NULL;
    }
    return module;
}

IrModule *lib_build_target(LibSession *session, IrModule *shared, bool take, yusec_target target,
                           LibStatus *status) {
    IrModule *module = take ? shared : ir_module_clone(shared);
    const char *rest = session->rest[target] ? session->rest[target] : pipeline_for(session, target);
    if (!run_passes(session, module, target_descriptor(target)->inline_policy, rest)) {
        *status = LIB_ERRORS;
        ir_module_free(module);
        return NULL;
    }
    *status = LIB_OK;
    return module;
}

void lib_config_init(LibConfig *config) {
    memset(config, 0, sizeof *config);
    ptx_options_init(&config->ptx);
    config->inline_budget = -1;
}

/* -lineinfo: the session's sources, each named by its absolute path (a relative one joined to
 * the working directory, as clang's DW_AT_comp_dir does; as it is when that cannot be read),
 * then through config->map_path (-ffile-prefix-map). */
static PtxLineInfo line_info_of(LibSession *session) {
    const LibConfig *config = session->config;
    const SourceMap *sources = &session->sources;
    char cwd[4096];
    bool have_cwd = getcwd(cwd, sizeof cwd) != NULL;
    const char **paths = arena_alloc_array(&session->arena, sources->count + 1, sizeof *paths);
    for (uint32_t i = 0; i < sources->count; i++) {
        const char *path = source_get(sources, i)->path;
        if (path[0] != '/' && have_cwd)
            path = arena_printf(&session->arena, "%s/%s", cwd, path[0] == '.' && path[1] == '/' ? path + 2 : path);
        paths[i] = config->map_path ? config->map_path(config->map_path_user, &session->arena, path) : path;
    }
    return (PtxLineInfo){sources, paths};
}

/* The descriptor's emitter with the configuration's options (`arch`: another -arch than the
 * configuration's); its entry names into `entries` (may be NULL). */
static bool emit(LibSession *session, const IrModule *module, const TargetDescriptor *target,
                 const char *arch, StrBuf *out, LibEntryTable *entries, TargetFailure *failure) {
    PtxOptions ptx = session->config->ptx;
    if (arch) ptx.arch = arch;
    if (session->config->line_info && (target->caps & TARGET_CAP_LINE_INFO)) ptx.line_info = line_info_of(session);
    TargetEmitOptions options = {&ptx};
    TargetOutput output;
    target_output_init(&output, entries ? entries->arena : &session->arena, out);
    int errors = session->diag.error_count;
    bool ok = target->emit(module, &options, &output, &session->diag) && session->diag.error_count == errors;
    if (failure) *failure = output.failure;
    if (ok && entries) lib_entries_from(entries, output.entries, output.entry_count);
    return ok;
}

bool lib_emit_arch(LibSession *session, const IrModule *module, yusec_target target, const char *arch,
                   StrBuf *out, TargetFailure *failure) {
    return emit(session, module, target_descriptor(target), arch, out, NULL, failure);
}

bool lib_emit(LibSession *session, const IrModule *module, yusec_target target, StrBuf *out,
              LibEntryTable *entries, TargetFailure *failure) {
    return emit(session, module, target_descriptor(target), NULL, out, entries, failure);
}

void lib_demote_errors(LibSession *session, int error_count) {
    DiagEngine *diag = &session->diag;
    if (diag->error_count <= error_count) return;
    diag->warning_count += diag->error_count - error_count;
    diag->error_count = error_count;
}

void lib_print_yir(LibSession *session, StrBuf *out, const IrModule *module) {
    if (session->config->line_info) ir_print_module_located(out, module, &session->sources);
    else ir_print_module(out, module);
}
