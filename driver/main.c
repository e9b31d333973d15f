/* The yusec command-line driver: wires the pipeline stages together per action. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/memory.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "driver/gen.h"
#include "driver/options.h"
#include "driver/output.h"
#include "driver/run.h"
#include "frontend/ast.h"
#include "frontend/module.h"
#include "frontend/lower.h"
#include "frontend/sema.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "runtime/run_args.h"
#include "targets/target.h"

enum { EXIT_OK = 0, EXIT_DIAGNOSTICS = 1, EXIT_USAGE = 2 };

#ifndef YUSEC_VERSION
#define YUSEC_VERSION "0.0.0"
#endif

typedef struct Session {
    const Options *options;
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    StrBuf *deps;    /* when set: the files read, one a line (the first program's only) */
    Outputs *outputs; /* staged until the whole command succeeds (main's) */
} Session;

static void session_init(Session *session, const Options *options) {
    session->options = options;
    arena_init(&session->arena);
    source_map_init(&session->sources, &session->arena);
    diag_init(&session->diag, &session->sources, stderr);
    session->diag.max_errors = options->max_errors;
    session->deps = NULL;
    session->outputs = NULL;
}

/* Notes a file read for the depfile (-MD). */
static void record_dep(Session *session, const char *path) {
    if (!session->deps) return;
    strbuf_puts(session->deps, path);
    strbuf_putc(session->deps, '\n');
}

static void session_free(Session *session) {
    diag_free(&session->diag);
    arena_free(&session->arena);
}

/* Loads the main file; NULL after reporting an I/O error. */
static const SourceFile *load_main(Session *session) {
    const char *error = NULL;
    const SourceFile *file = source_load(&session->sources, session->options->input, &error);
    if (!file) fprintf(stderr, "%s: error: %s\n", session->options->input, error);
    return file;
}

/* -o or -MF naming a file this command read (the input, an import) would destroy a source:
 * refused, whatever the spelling (links included). */
static bool refuse_input_as_output(const Session *session, const char *path) {
    size_t count = session->sources.count + 1;
    const char **inputs = mem_alloc(count * sizeof *inputs);
    inputs[0] = session->options->input;
    for (uint32_t i = 0; i < session->sources.count; i++)
        inputs[i + 1] = session->sources.files[i]->path;
    bool clash = output_is_input(path, inputs, count);
    free(inputs);
    if (clash) fprintf(stderr, "yusec: error: 输出文件 '%s' 是本次读取的输入，拒绝覆盖它\n", path);
    return clash;
}

static int finish(Session *session, StrBuf *out) {
    if (diag_has_errors(&session->diag)) return EXIT_DIAGNOSTICS;
    if (!out) return EXIT_OK;
    if (refuse_input_as_output(session, session->options->output)) return EXIT_USAGE;
    if (!outputs_stage(session->outputs, session->options->output, strbuf_cstr(out), out->len))
        return EXIT_USAGE;
    return EXIT_OK;
}

static int run_dump_ast(Session *session) {
    const SourceFile *file = load_main(session);
    if (!file) return EXIT_USAGE;
    AstFile *ast = fe_parse_file(&session->arena, file, &session->diag);
    StrBuf out;
    strbuf_init(&out);
    fe_ast_dump_file(&out, ast);
    int status = finish(session, &out);
    strbuf_free(&out);
    return status;
}

/* The resolved path of the running executable, to find the 点染 package shipped with it. */
static const char *executable_path(Session *session, const char *argv0) {
    char buffer[4096];
    ssize_t len = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
    if (len > 0) return arena_strndup(&session->arena, buffer, (size_t)len);
    return argv0;
}

/* Loads the main file with its imports and type-checks the program: the front end. */
static CheckedProgram *run_frontend(Session *session, const char *argv0, int *status) {
    const Options *options = session->options;
    LoadOptions load = {0};
    load.search_paths = options->includes;
    load.search_path_count = (uint32_t)options->include_count;
    load.builtin_dir = fe_find_builtin_dir(&session->arena, executable_path(session, argv0));
    Program *program = fe_load_program(&session->arena, &session->sources, &session->diag,
                                    options->input, &load);
    if (program && session->deps && session->deps->len == 0)
        for (uint32_t i = 0; i < program->files_read_count; i++)
            record_dep(session, program->files_read[i]);
    if (!program) {
        *status = EXIT_USAGE;
        return NULL;
    }
    if (diag_has_errors(&session->diag)) {
        *status = EXIT_DIAGNOSTICS;
        return NULL;
    }
    CheckedProgram *checked = fe_check_program(&session->arena, program, &session->diag);
    *status = checked ? EXIT_OK : EXIT_DIAGNOSTICS;
    return checked;
}

static int run_check(Session *session, const char *argv0) {
    int status;
    run_frontend(session, argv0, &status);
    return status == EXIT_OK ? finish(session, NULL) : status;
}

static bool has_suffix(const char *text, const char *suffix) {
    size_t len = strlen(text), suffix_len = strlen(suffix);
    return len >= suffix_len && strcmp(text + len - suffix_len, suffix) == 0;
}

/* YIR for the input: read from a .yir file, or lowered from the checked program. */
static IrModule *input_module(Session *session, const char *argv0, int *status) {
    if (has_suffix(session->options->input, ".yir")) {
        if (session->deps && session->deps->len == 0) record_dep(session, session->options->input);
        const SourceFile *file = load_main(session);
        if (!file) {
            *status = EXIT_USAGE;
            return NULL;
        }
        IrModule *module = ir_read(&session->diag, file);
        *status = module ? EXIT_OK : EXIT_DIAGNOSTICS;
        return module;
    }
    CheckedProgram *checked = run_frontend(session, argv0, status);
    if (!checked) return NULL;
    IrModule *module = fe_lower_program(checked, &session->diag);
    *status = module ? EXIT_OK : EXIT_DIAGNOSTICS;
    return module;
}

/* The pass list to run: -passes= when given, else the target's default; -emit-ir -O0 runs
 * none. -fno-uniformity-check drops the uniformity pass (to compare verdicts with Tint);
 * -fbounds-check puts bounds first; -fclassic-uniform-layout adds uniform-layout. */
static const char *pipeline_for(Session *session, PassTarget target) {
    const Options *options = session->options;
    const char *pipeline = options->passes ? options->passes : default_pipeline(target);
    if (!options->passes && options->action == ACTION_EMIT_IR && options->opt_level == 0) pipeline = "";
    if (options->bounds_check)  /* first: later passes (inline, fold) see the clamps */
        pipeline = arena_printf(&session->arena, "bounds%s%s", pipeline[0] ? "," : "", pipeline);
    if (options->classic_uniform_layout)  /* the check changes nothing, so it may run alone */
        pipeline = arena_printf(&session->arena, "%s%suniform-layout", pipeline, pipeline[0] ? "," : "");
    if (!options->no_uniformity_check) return pipeline;
    StrBuf kept;
    strbuf_init(&kept);
    const char *start = pipeline;
    while (*start) {
        const char *end = strchr(start, ',');
        size_t len = end ? (size_t)(end - start) : strlen(start);
        if (!(len == strlen("uniformity") && strncmp(start, "uniformity", len) == 0)) {
            if (kept.len) strbuf_putc(&kept, ',');
            strbuf_append(&kept, start, len);
        }
        start += len + (end ? 1 : 0);
    }
    char *result = arena_strdup(&session->arena, strbuf_cstr(&kept));
    strbuf_free(&kept);
    return result;
}

/* Builds the module for a target: input, verification, then the pass pipeline with the
 * requested dumps (on stderr). */
static IrModule *build_module(Session *session, const char *argv0, PassTarget target,
                              int *status) {
    const Options *options = session->options;
    IrModule *module = input_module(session, argv0, status);
    if (!module) return NULL;
    if (!ir_verify(module, &session->diag)) {
        *status = EXIT_DIAGNOSTICS;
        ir_module_free(module);
        return NULL;
    }
    StrBuf dumps;
    strbuf_init(&dumps);
    PassContext ctx;
    pass_context_init(&ctx, module, &session->diag, target);
    ctx.verify_each = ctx.verify_each || options->verify_each;
    if (options->inline_budget >= 0) ctx.inline_budget = (uint64_t)options->inline_budget;
    ctx.print_after_all = options->print_after_all;
    ctx.print_after = options->print_after;
    ctx.print_out = &dumps;
    bool ok = pass_run_pipeline(&ctx, pipeline_for(session, target));
    fputs(strbuf_cstr(&dumps), stderr);
    strbuf_free(&dumps);
    if (!ok || diag_has_errors(&session->diag)) {
        *status = EXIT_DIAGNOSTICS;
        ir_module_free(module);
        return NULL;
    }
    *status = EXIT_OK;
    return module;
}

static bool parse_ir_target(const char *name, PassTarget *target) {
    if (!name || strcmp(name, "wgsl") == 0) *target = PASS_TARGET_WGSL;
    else if (strcmp(name, "msl") == 0) *target = PASS_TARGET_MSL;
    else if (strcmp(name, "ptx") == 0) *target = PASS_TARGET_PTX;
    else return false;
    return true;
}

static int run_emit_ir(Session *session, const char *argv0) {
    PassTarget target;
    if (!parse_ir_target(session->options->ir_target, &target)) {
        fprintf(stderr, "yusec: error: 未知的目标 '%s'（可选 wgsl、msl、ptx）\n",
                session->options->ir_target);
        return EXIT_USAGE;
    }
    int status;
    IrModule *module = build_module(session, argv0, target, &status);
    if (!module) return status;
    StrBuf out;
    strbuf_init(&out);
    ir_print_module(&out, module);
    status = finish(session, &out);
    strbuf_free(&out);
    ir_module_free(module);
    return status;
}

typedef bool (*TextEmitter)(const IrModule *module, const Options *options, StrBuf *out,
                            StrBuf *entry_table, DiagEngine *diag);

static bool emit_wgsl_text(const IrModule *module, const Options *options, StrBuf *out,
                           StrBuf *entry_table, DiagEngine *diag) {
    (void)options;
    return wgsl_emit(module, out, entry_table, diag);
}

static bool emit_msl_text(const IrModule *module, const Options *options, StrBuf *out,
                          StrBuf *entry_table, DiagEngine *diag) {
    (void)options;
    return msl_emit(module, out, entry_table, diag);
}

/* PTX with the command line's options; `failure` (may be NULL) gets the ASCII reason. */
static bool emit_ptx(const IrModule *module, const Options *options, StrBuf *out,
                     StrBuf *entry_table, PtxFailure *failure, DiagEngine *diag) {
    PtxOptions ptx;
    ptx_options_init(&ptx);
    if (options->arch) ptx.arch = options->arch;
    if (options->ptx_version) ptx.ptx_version = options->ptx_version;
    if (options->opt_level >= 0) ptx.opt_level = options->opt_level;
    ptx.fma_contract = !options->no_fma;
    return ptx_emit(module, &ptx, out, entry_table, failure, diag);
}

static bool emit_ptx_text(const IrModule *module, const Options *options, StrBuf *out,
                          StrBuf *entry_table, DiagEngine *diag) {
    return emit_ptx(module, options, out, entry_table, NULL, diag);
}

/* -emit-wgsl / -emit-ptx: the text on stdout (or -o), the entry table on stderr (着七). */
static int run_emit_text(Session *session, const char *argv0, PassTarget target,
                         TextEmitter emit) {
    int status;
    IrModule *module = build_module(session, argv0, target, &status);
    if (!module) return status;
    StrBuf out, entries;
    strbuf_init(&out);
    strbuf_init(&entries);
    if (emit(module, session->options, &out, &entries, &session->diag)) {
        status = finish(session, &out);
        if (status == EXIT_OK) fputs(strbuf_cstr(&entries), stderr);
    } else {
        status = EXIT_DIAGNOSTICS;
    }
    strbuf_free(&out);
    strbuf_free(&entries);
    ir_module_free(module);
    return status;
}

/* yusec run: the module and PTX exactly as -emit-ptx makes them (driver/run.c runs them). */
static int compile_for_run(const Options *options, const char *argv0, RunCompiled *out) {
    Session session;
    session_init(&session, options);
    int status;
    IrModule *module = build_module(&session, argv0, PASS_TARGET_PTX, &status);
    if (module && out->want_ptx &&
        !emit_ptx_text(module, options, &out->ptx, &out->entry_table, &session.diag)) {
        ir_module_free(module);
        module = NULL;
        status = EXIT_DIAGNOSTICS;
    }
    out->module = module;
    if (module) {  /* the executor reports faults at the module's spans: keep the sources */
        diag_free(&session.diag);
        out->arena = session.arena;
        out->sources = session.sources;
        out->sources.arena = &out->arena;
        out->has_sources = true;
        return status;
    }
    session_free(&session);
    return status;
}

/* The ASCII facts of a failed PTX translation for the generated module's comment: the
 * plugin's reason and where, as line and column (file names may be Chinese). */
static void gen_ptx_failure(const Session *session, const PtxFailure *failure, GenPtxFailure *out) {
    memset(out, 0, sizeof *out);
    if (!failure->set) return;  /* failed before translation: gen.c says so */
    memcpy(out->reason, failure->reason, sizeof out->reason);
    const SourceFile *file = failure->located ? source_get(&session->sources, failure->span.file) : NULL;
    if (!file) return;
    source_position(file, failure->span.start, &out->line, &out->column);
    out->located = true;
    out->imported = strcmp(file->path, session->options->input) != 0;
}

/* -emit-gen, one target: built in a session of its own whose diagnostics are kept, not
 * printed (a failing target is a warning of -emit-gen). The status is EXIT_USAGE for I/O. */
static int build_gen_target(const Options *options, const char *argv0, GenTargetKind kind,
                            GenTarget *result, StrBuf *deps) {
    static const PassTarget PIPELINES[GEN_TARGET_COUNT] = {PASS_TARGET_WGSL, PASS_TARGET_MSL,
                                                           PASS_TARGET_PTX};
    static const TextEmitter EMITTERS[GEN_TARGET_COUNT] = {emit_wgsl_text, emit_msl_text,
                                                           emit_ptx_text};
    Session session;
    session_init(&session, options);
    session.diag.stream = NULL;
    session.deps = deps;
    int status;
    PtxFailure failure = {0};
    IrModule *module = build_module(&session, argv0, PIPELINES[kind], &status);
    if (module) {
        gen_target_add_ptx_names(result, module);
        bool emitted = kind == GEN_PTX
                           ? emit_ptx(module, options, &result->text, &result->entry_table,
                                      &failure, &session.diag)
                           : EMITTERS[kind](module, options, &result->text, &result->entry_table,
                                            &session.diag);
        result->ok = emitted && !diag_has_errors(&session.diag);
        ir_module_free(module);
    }
    if (kind == GEN_PTX && !result->ok) gen_ptx_failure(&session, &failure, &result->ptx_failure);
    strbuf_puts(&result->diagnostics, strbuf_cstr(&session.diag.text));
    session_free(&session);
    return status;
}

/* Prints each distinct diagnostics text once (the front end's errors recur per target). */
static void report_gen_diagnostics(GenTarget targets[GEN_TARGET_COUNT], bool as_warnings) {
    for (int i = 0; i < GEN_TARGET_COUNT; i++) {
        if (targets[i].ok) continue;
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = !targets[j].ok && strcmp(strbuf_cstr(&targets[j].diagnostics),
                                             strbuf_cstr(&targets[i].diagnostics)) == 0;
        if (seen) continue;
        StrBuf text;
        strbuf_init(&text);
        if (as_warnings) gen_as_warnings(&text, strbuf_cstr(&targets[i].diagnostics));
        else strbuf_puts(&text, strbuf_cstr(&targets[i].diagnostics));
        fputs(strbuf_cstr(&text), stderr);
        strbuf_free(&text);
    }
}

/* -emit-gen (生成): the 豫言 source of 名。着色生成。豫 (着二), built once per target. */
static int run_emit_gen(Session *session, const char *argv0) {
    GenTarget targets[GEN_TARGET_COUNT];
    int status = EXIT_OK;
    for (int i = 0; i < GEN_TARGET_COUNT; i++) gen_target_init(&targets[i]);
    for (int i = 0; i < GEN_TARGET_COUNT && status != EXIT_USAGE; i++)
        status = build_gen_target(session->options, argv0, (GenTargetKind)i, &targets[i],
                                  session->deps);
    if (status != EXIT_USAGE) {
        StrBuf out;
        strbuf_init(&out);
        bool ok = gen_module_source(&out, targets);
        report_gen_diagnostics(targets, ok);
        status = ok ? finish(session, &out) : EXIT_DIAGNOSTICS;
        strbuf_free(&out);
    }
    for (int i = 0; i < GEN_TARGET_COUNT; i++) gen_target_free(&targets[i]);
    return status;
}

/* --entries=json: the three targets' ABIs of each entry and resource, from the module the
 * PTX pipeline builds (its parameter plan is runtime/plan.c's). */
static int run_entries_json(Session *session, const char *argv0) {
    int status;
    IrModule *module = build_module(session, argv0, PASS_TARGET_PTX, &status);
    if (!module) return status;
    StrBuf out;
    strbuf_init(&out);
    gen_entries_json(&out, &session->arena, module, session->options->input);
    status = finish(session, &out);
    strbuf_free(&out);
    ir_module_free(module);
    return status;
}

/* -MD: the depfile, staged (written only when changed) after the output itself. */
static int write_depfile(const Session *session, StrBuf *deps) {
    const Options *options = session->options;
    StrBuf path, text;
    strbuf_init(&path);
    strbuf_init(&text);
    if (options->depfile) strbuf_puts(&path, options->depfile);
    else strbuf_printf(&path, "%s.d", options->output);
    gen_depfile(&text, options->output, strbuf_cstr(deps));
    bool ok = !refuse_input_as_output(session, strbuf_cstr(&path)) &&
              outputs_stage(session->outputs, strbuf_cstr(&path), strbuf_cstr(&text), text.len);
    strbuf_free(&path);
    strbuf_free(&text);
    return ok ? EXIT_OK : EXIT_USAGE;
}

/* `run` is taken before option parsing (driver_run), help and version before this; any
 * other action reaching here would be a driver bug, reported rather than ignored. */
static int run_unhandled(const Options *options) {
    fprintf(stderr, "yusec: error: 内部错误：动作 %s 没有处理\n", action_flag(options->action));
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    if (run_args_is_run(argc, argv)) return driver_run(argc, argv, compile_for_run);
    Options options;
    if (!options_parse(&options, argc, argv, stderr)) return EXIT_USAGE;
    switch (options.action) {
    case ACTION_HELP:
        options_print_help(stdout);
        return EXIT_OK;
    case ACTION_VERSION:
        printf("yusec %s\n", YUSEC_VERSION);
        return EXIT_OK;
    default:
        break;
    }
    Session session;
    session_init(&session, &options);
    if (refuse_input_as_output(&session, options.output)) {
        session_free(&session);
        return EXIT_USAGE;
    }
    Outputs outputs;
    outputs_init(&outputs);
    session.outputs = &outputs;
    StrBuf deps;
    strbuf_init(&deps);
    if (options.depfile_wanted || options.depfile) session.deps = &deps;
    int status;
    switch (options.action) {
    case ACTION_DUMP_AST: status = run_dump_ast(&session); break;
    case ACTION_CHECK: status = run_check(&session, argv[0]); break;
    case ACTION_EMIT_IR: status = run_emit_ir(&session, argv[0]); break;
    case ACTION_EMIT_WGSL:
        status = run_emit_text(&session, argv[0], PASS_TARGET_WGSL, emit_wgsl_text);
        break;
    case ACTION_EMIT_MSL:
        status = run_emit_text(&session, argv[0], PASS_TARGET_MSL, emit_msl_text);
        break;
    case ACTION_EMIT_PTX:
        status = run_emit_text(&session, argv[0], PASS_TARGET_PTX, emit_ptx_text);
        break;
    case ACTION_EMIT_GEN: status = run_emit_gen(&session, argv[0]); break;
    case ACTION_ENTRIES_JSON: status = run_entries_json(&session, argv[0]); break;
    default: status = run_unhandled(&options); break;
    }
    if (status == EXIT_OK && session.deps) status = write_depfile(&session, &deps);
    /* All or nothing: a failing -MF leaves -o as it was. */
    if (status == EXIT_OK) {
        if (!outputs_commit(&outputs)) status = EXIT_USAGE;
    } else {
        outputs_discard(&outputs);
    }
    strbuf_free(&deps);
    session_free(&session);
    return status;
}
