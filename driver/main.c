/* The yusec command: parses the flags, runs the library's pipeline (lib/) per action and
 * writes the outputs. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/deep_stack.h"
#include "base/memory.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "driver/cuda_tools.h"
#include "driver/depfile_options.h"
#include "driver/help.h"
#include "driver/options.h"
#include "driver/output.h"
#include "driver/output_dir.h"
#include "driver/response_file.h"
#include "driver/fmt.h"
#include "driver/run.h"
#include "driver/run_batch.h"
#include "driver/source_path.h"
#include "driver/stages.h"
#include "driver/stdin_input.h"
#include "driver/explain.h"
#include "driver/version.h"
#ifndef YUSEC_WITHOUT_LSP
#include "lsp/lsp_main.h"
#endif
#include "lib/compile.h"
#include "lib/generate.h"
#include "lib/host_header.h"
#include "lib/manifest.h"
#include "lib/pipeline.h"
#include "lib/shader_table.h"
#include "lib/targets.h"
#include "driver/run_args.h"

enum { EXIT_OK = 0, EXIT_DIAGNOSTICS = 1, EXIT_USAGE = 2 };

/* `yusec -`: the text read from standard input, served under its name (--stdin-name). */
static bool read_stdin_source(void *user, const char *path, const char **text, size_t *len) {
    const Options *options = user;
    if (!options->input_from_stdin || strcmp(path, options->input) != 0) return false;
    *text = options->input_text;
    *len = options->input_len;
    return true;
}

/* -ffile-prefix-map on the paths of -lineinfo's debug information. */
static const char *map_source_path(const void *user, Arena *arena, const char *path) {
    return options_map_path(user, arena, path);
}

/* The library's configuration from the command line. */
static void config_from_options(LibConfig *config, const Options *options, const char *builtin_dir) {
    lib_config_init(config);
    config->include_dirs = options->includes;
    config->include_count = (uint32_t)options->include_count;
    config->builtin_dir = builtin_dir;
    config->max_errors = options->diagnostics.max_errors;
    config->passes = options->passes;
    /* -emit-ir -O0 shows the module as lowered: no passes unless -passes= names some. */
    if (!options->passes && options->action == ACTION_EMIT_IR && options->opt_level == 0)
        config->passes = "";
    config->print_after_all = options->print_after_all;
    config->print_after = options->print_after;
    config->print_dot = options->action == ACTION_EMIT_DOT;
    config->verify_each = options->verify_each;
    config->inline_budget = options->inline_budget;
    config->no_uniformity_check = options->no_uniformity_check;
    config->bounds_check = options->bounds_check;
    config->classic_uniform_layout = options->classic_uniform_layout;
    if (options->arch) config->ptx.arch = options->arch;
    if (options->ptx_version) config->ptx.ptx_version = options->ptx_version;
    if (options->opt_level >= 0) config->ptx.opt_level = options->opt_level;
    config->ptx.fma_contract = !options->no_fma;
    config->line_info = options->line_info;
    config->map_path = map_source_path;
    config->map_path_user = options;
    config->ptx.llvm_ir = options->action == ACTION_EMIT_LLVM;
    config->ptx.llvm_bitcode = config->ptx.llvm_ir && options_llvm_bitcode(options);
    if (options->input_from_stdin) config->reader = (SourceReader){read_stdin_source, (void *)options};
}

#ifndef YUSEC_VERSION
#define YUSEC_VERSION "0.0.0"
#endif

/* -fdiagnostics-format=, -fdiagnostics-color= (auto: stderr a terminal, NO_COLOR unset),
 * -Werror, -w on the session's engine; SARIF names this version. */
static void configure_diagnostics(LibSession *session, const Options *options) {
    diag_configure(&session->diag, &options->diagnostics, isatty(fileno(stderr)) != 0, getenv("NO_COLOR"));
    session->diag.tool_version = YUSEC_VERSION;
}

/* One command: its session (sources, diagnostics) and its staged outputs. */
typedef struct Command {
    const Options *options;
    LibSession session;
    bool want_deps;
    Outputs *outputs;  /* staged until the whole command succeeds */
} Command;

/* -o or -MF naming a file this command read (the input, an import) would destroy a source:
 * refused, whatever the spelling (links included). */
static bool refuse_input_as_output(const Command *command, const char *path) {
    const SourceMap *sources = &command->session.sources;
    size_t count = sources->count + 1;
    const char **inputs = mem_alloc(count * sizeof *inputs);
    inputs[0] = command->options->input;
    for (uint32_t i = 0; i < sources->count; i++) inputs[i + 1] = sources->files[i]->path;
    bool clash = output_is_input(path, inputs, count);
    mem_free(inputs);
    if (clash) fprintf(stderr, "yusec: error: 输出文件 '%s' 是本次读取的输入，拒绝覆盖它\n", path);
    return clash;
}

static int finish(Command *command, StrBuf *out) {
    if (diag_has_errors(&command->session.diag)) return EXIT_DIAGNOSTICS;
    if (!out) return EXIT_OK;
    if (refuse_input_as_output(command, command->options->output)) return EXIT_USAGE;
    if (!outputs_stage(command->outputs, command->options->output, strbuf_cstr(out), out->len))
        return EXIT_USAGE;
    return EXIT_OK;
}

/* Pass dumps (-print-after…) go to stderr when the pipeline is done, before the emitter's
 * diagnostics. */
static void flush_dumps(LibSession *session) {
    fputs(strbuf_cstr(&session->dumps), stderr);
    strbuf_clear(&session->dumps);
}

static int run_dump_ast(Command *command) {
    LibStatus status;
    StrBuf out;
    strbuf_init(&out);
    if (!lib_dump_ast(&command->session, &out, &status)) {
        strbuf_free(&out);
        return (int)status;
    }
    int result = finish(command, &out);
    strbuf_free(&out);
    return result;
}

static int run_check(Command *command) {
    LibStatus status = lib_check(&command->session);
    flush_dumps(&command->session);
    return status == LIB_OK ? finish(command, NULL) : (int)status;
}

/* The module of one target, its passes run and dumped. */
static IrModule *build_one(Command *command, yusec_target target, int *status) {
    LibStatus lib_status;
    IrModule *shared = lib_build_shared(&command->session, TARGET_BIT(target), &lib_status);
    IrModule *module = shared ? lib_build_target(&command->session, shared, true, target, &lib_status) : NULL;
    flush_dumps(&command->session);
    *status = (int)lib_status;
    return module;
}

static bool parse_ir_target(const char *name, yusec_target *target) {
    const TargetDescriptor *found = name ? lib_target_word(name) : lib_target(YUSEC_TARGET_WGSL);
    if (found) *target = found->id;
    return found != NULL;
}

/* -emit-ir / -emit-dot: the module of -target= (default WGSL) after its pipeline, printed as YIR
 * (with source places under -lineinfo/-g) or as Graphviz. */
typedef void (*ModulePrinter)(LibSession *session, StrBuf *out, const IrModule *module);


static int run_print_module(Command *command, ModulePrinter print) {
    yusec_target target;
    if (!parse_ir_target(command->options->ir_target, &target)) {
        StrBuf words;
        strbuf_init(&words);
        lib_target_words(&words, "、");
        fprintf(stderr, "yusec: error: 未知的目标 '%s'（可选 %s）\n", command->options->ir_target,
                strbuf_cstr(&words));
        strbuf_free(&words);
        return EXIT_USAGE;
    }
    int status;
    IrModule *module = build_one(command, target, &status);
    if (!module) return status;
    StrBuf out;
    strbuf_init(&out);
    print(&command->session, &out, module);
    status = finish(command, &out);
    strbuf_free(&out);
    lib_module_free(module);
    return status;
}

/* -emit-wgsl / -emit-msl / -emit-ptx: the text on stdout (or -o), the entry table on stderr
 * (着七; PTX's with its kernel names and block sizes). */
static int run_emit_text(Command *command, yusec_target target) {
    int status;
    IrModule *module = build_one(command, target, &status);
    if (!module) return status;
    StrBuf out;
    strbuf_init(&out);
    LibEntryTable entries;
    lib_entries_init(&entries, &command->session.arena);
    if (lib_emit(&command->session, module, target, &out, &entries, NULL)) {
        status = finish(command, &out);
        if (status == EXIT_OK && !command->options->quiet) {
            StrBuf table;
            strbuf_init(&table);
            lib_entries_print(&table, &entries, (lib_target(target)->caps & TARGET_CAP_KERNEL_NAMES) != 0);
            fputs(strbuf_cstr(&table), stderr);
            strbuf_free(&table);
        }
    } else {
        status = EXIT_DIAGNOSTICS;
    }
    strbuf_free(&out);
    lib_module_free(module);
    return status;
}

/* -emit-cubin / -emit-fatbin: the PTX -emit-ptx makes, through the CUDA toolkit (-o only). */
static int run_emit_binary(Command *command, CudaBinary kind) {
    int status;
    IrModule *module = build_one(command, YUSEC_TARGET_PTX, &status);
    if (!module) return status;
    StrBuf ptx, binary;
    strbuf_init(&ptx);
    strbuf_init(&binary);
    if (!lib_emit(&command->session, module, YUSEC_TARGET_PTX, &ptx, NULL, NULL)) {
        status = EXIT_DIAGNOSTICS;
    } else {
        const Options *options = command->options;
        const char *arch = lib_module_arch(module, options->arch);
        status = cuda_build_binary(&command->session.arena, kind, arch, strbuf_cstr(&ptx), ptx.len,
                                   options->verbose, &binary, &status)
                     ? finish(command, &binary)
                     : status;
    }
    strbuf_free(&ptx);
    strbuf_free(&binary);
    lib_module_free(module);
    return status;
}

/* The resolved path of the running executable, to find the 点染 package shipped with it. */
static const char *executable_path(Arena *arena, const char *argv0) {
    char buffer[4096];
    ssize_t len = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
    if (len > 0) return arena_strndup(arena, buffer, (size_t)len);
    return argv0;
}

static const char *stage_pipeline(void *context, yusec_target target);

/* The compile's session handed to run (driver/run.h): its arena, sources and diagnostics
 * engine, which run finishes; the entry table when there is a module. */
static void hand_over(LibSession *session, const LibEntryTable *entries, RunCompiled *out) {
    strbuf_free(&session->dumps);
    out->arena = session->arena;
    out->sources = session->sources;
    out->sources.arena = &out->arena;
    out->has_sources = true;
    out->diag = session->diag;
    out->diag.sources = &out->sources;
    out->has_diag = true;
    if (out->module) {
        out->entries = *entries;
        out->entries.arena = &out->arena;
    }
}

/* yusec run: the module and PTX exactly as -emit-ptx makes them (driver/run.c runs them). */
static int compile_for_run(const Options *options, const char *argv0, RunCompiled *out) {
    Arena arena;
    arena_init(&arena);
    LibConfig config;
    config_from_options(&config, options, lib_find_builtin_dir(&arena, executable_path(&arena, argv0)));
    Command command = {options, {0}, false, NULL};
    LibSession *session = &command.session;
    lib_session_init(session, &config, options->input, stderr);
    configure_diagnostics(session, options);
    const RunStages *stages = &out->stages;
    if (stages->print)
        stages_print_run(stderr, options, stage_pipeline, &command, out->want_ptx || stages->maybe_cpu,
                         stages->ptx_file, stages->launch);
    if (stages->only) {
        lib_session_free(session);
        arena_free(&arena);
        return EXIT_OK;
    }
    int status;
    IrModule *module = build_one(&command, YUSEC_TARGET_PTX, &status);
    LibEntryTable entries;
    lib_entries_init(&entries, &session->arena);
    if (module) lib_entries_build(&entries, module);
    if (module && out->want_ptx && !lib_emit(session, module, YUSEC_TARGET_PTX, &out->ptx, NULL, NULL)) {
        lib_module_free(module);
        module = NULL;
        status = EXIT_DIAGNOSTICS;
    }
    out->module = module;
    /* The executor reports faults at the module's spans, and run its own diagnostics in the
     * same format: the sources, the engine and the entry table move to the run. */
    hand_over(session, &entries, out);
    arena_free(&arena);
    return status;
}

/* The diagnostics -emit-gen held back, on stderr in the chosen format (text with colour,
 * JSON, SARIF at the end): a failing target's errors as warnings when the module was still made. */
static void report_gen_diagnostics(LibSession *session, const LibGenerated *generated, bool as_warnings) {
    if (as_warnings) diag_demote_records(&session->diag, generated->first_target_record);
    diag_write_held(&session->diag, stderr);
}

/* -emit-gen (生成): the 豫言 source of 名。着色生成。豫 (着二), built by lib_generate: the front
 * end once, then every target. The front end's diagnostics are printed as they are; a failing
 * target's as warnings when the module was still made. */
static int run_emit_gen(Command *command) {
    LibSession *session = &command->session;
    LibGenerated generated;
    lib_generated_init(&generated, &session->arena);
    LibStatus status = lib_generate(session, &generated);
    flush_dumps(session);
    report_gen_diagnostics(session, &generated, generated.made);
    int result = status == LIB_OK ? finish(command, &generated.text) : (int)status;
    lib_generated_free(&generated);
    return result;
}

/* --entries=json: the three targets' ABIs of each entry and resource, from the typed ABI of
 * the module the PTX pipeline builds. */
static int run_entries_json(Command *command) {
    int status;
    IrModule *module = build_one(command, YUSEC_TARGET_PTX, &status);
    if (!module) return status;
    LibEntryTable entries;
    lib_entries_init(&entries, &command->session.arena);
    lib_entries_build(&entries, module);
    LibAbi abi;
    lib_abi_build(&abi, &command->session.arena, module, &entries);
    StrBuf out;
    strbuf_init(&out);
    lib_manifest_json(&out,
                      source_path_for_output(&command->session.arena, command->options,
                                             command->session.package_root),
                      &entries, &abi);
    status = finish(command, &out);
    strbuf_free(&out);
    lib_module_free(module);
    return status;
}

/* -emit=LIST -o-dir DIR: one front end for every output; each file is DIR/<name><suffix>
 * (driver/output_dir.h), the directory made when missing. All or nothing, like -o. With gen,
 * the outputs come from its build and a failing target's errors are warnings unless that
 * target's file was asked for too. */
static const char *output_dir_path(Command *command, const char *suffix) {
    return output_dir_file(&command->session.arena, command->options, suffix);
}

static bool stage_output(Command *command, const char *suffix, const StrBuf *text) {
    const char *path = output_dir_path(command, suffix);
    if (!output_dir_make(command->options->output_dir, stderr)) return false;
    if (refuse_input_as_output(command, path)) return false;
    return outputs_stage(command->outputs, path, text->data ? text->data : "", text->len);
}

static const char *arch_suffix(Command *command, int arch, const char *extension) {
    return output_dir_arch_suffix(&command->session.arena, command->options, arch, extension);
}

static int arch_count(const Command *command) { return output_dir_arch_count(command->options); }

/* The PTX texts, one per arch (the first is texts[PTX]). */
typedef struct PtxTexts {
    const StrBuf *text[OPTIONS_MAX_ARCHS];
} PtxTexts;

/* The cubin and fatbin files of every arch (kept for -emit=table), and pointers to them. */
enum { BINARY_CUBIN, BINARY_FATBIN, BINARY_KINDS };
typedef struct Binaries {
    StrBuf bytes[BINARY_KINDS][OPTIONS_MAX_ARCHS];
    const StrBuf *arch[BINARY_KINDS][OPTIONS_MAX_ARCHS];
} Binaries;

static void binaries_init(Binaries *binaries) {
    for (int b = 0; b < BINARY_KINDS; b++)
        for (int k = 0; k < OPTIONS_MAX_ARCHS; k++) {
            strbuf_init(&binaries->bytes[b][k]);
            binaries->arch[b][k] = &binaries->bytes[b][k];
        }
}

static void binaries_free(Binaries *binaries) {
    for (int b = 0; b < BINARY_KINDS; b++)
        for (int k = 0; k < OPTIONS_MAX_ARCHS; k++) strbuf_free(&binaries->bytes[b][k]);
}

/* cubin/fatbin of every arch through the CUDA toolkit into `binaries`; an exit status.
 * `ptx_target`: the arch every PTX text is written for when the module needs one above -arch
 * (LibAbi.ptx_target), else NULL. */
static int stage_binaries(Command *command, const PtxTexts *ptx, const char *ptx_target, Binaries *binaries) {
    unsigned want = command->options->emit_many;
    static const struct { unsigned bit; CudaBinary kind; const char *extension; } BINARIES[BINARY_KINDS] = {
        [BINARY_CUBIN] = {EMIT_CUBIN, CUDA_CUBIN, ".cubin"}, [BINARY_FATBIN] = {EMIT_FATBIN, CUDA_FATBIN, ".fatbin"}};
    for (size_t b = 0; b < BINARY_KINDS; b++) {
        if (!(want & BINARIES[b].bit)) continue;
        for (int k = 0; k < arch_count(command); k++) {
            const char *arch = ptx_target ? ptx_target : lib_arch_or_default(command->options->arch ? command->options->archs[k] : NULL);
            StrBuf *binary = &binaries->bytes[b][k];
            int status = EXIT_OK;
            bool built = cuda_build_binary(&command->session.arena, BINARIES[b].kind, arch,
                                           ptx->text[k]->data ? ptx->text[k]->data : "", ptx->text[k]->len, command->options->verbose,
                                           binary, &status);
            if (!built) return status;
            if (!stage_output(command, arch_suffix(command, k, BINARIES[b].extension), binary)) return EXIT_USAGE;
        }
    }
    return EXIT_OK;
}

/* <stem>.table.h: what this command built, as C constants, and the entry table. */
static bool stage_table(Command *command, const StrBuf texts[YUSEC_TARGET_COUNT], const PtxTexts *ptx,
                        const Binaries *binaries, const LibEntryTable *entries, const LibAbi *abi, const char *source) {
    unsigned want = command->options->emit_many;
    LibShaderOutputs outputs = {
        (want & EMIT_WGSL) ? &texts[YUSEC_TARGET_WGSL] : NULL, (want & EMIT_MSL) ? &texts[YUSEC_TARGET_MSL] : NULL,
        (want & EMIT_PTX) ? ptx->text : NULL, (want & EMIT_CUBIN) ? binaries->arch[BINARY_CUBIN] : NULL,
        (want & EMIT_FATBIN) ? binaries->arch[BINARY_FATBIN] : NULL, (size_t)arch_count(command)};
    StrBuf text;
    strbuf_init(&text);
    lib_shader_table(&text, output_dir_stem(&command->session.arena, command->options->input), source, &outputs, entries, abi);
    bool ok = stage_output(command, ".table.h", &text);
    strbuf_free(&text);
    return ok;
}

/* Stages the target texts, binaries, the manifest and the C header; an exit status. */
static int stage_many(Command *command, const StrBuf texts[YUSEC_TARGET_COUNT], const PtxTexts *ptx,
                      const LibEntryTable *entries, const LibAbi *abi) {
    unsigned want = command->options->emit_many;
    size_t count;
    const TargetDescriptor *targets = lib_targets(&count);
    for (size_t t = 0; t < count; t++) {
        if (!(want & EMIT_TARGET(targets[t].id))) continue;
        bool per_arch = (targets[t].caps & TARGET_CAP_ARCH) != 0;
        for (int k = 0; k < (per_arch ? arch_count(command) : 1); k++) {
            const char *suffix = per_arch ? arch_suffix(command, k, targets[t].suffix) : targets[t].suffix;
            if (!stage_output(command, suffix, per_arch ? ptx->text[k] : &texts[targets[t].id])) return EXIT_USAGE;
        }
    }
    Binaries binaries;
    binaries_init(&binaries);
    int status = stage_binaries(command, ptx, abi->ptx_target, &binaries);
    const char *source = source_path_for_output(&command->session.arena, command->options,
                                                command->session.package_root);
    if (status == EXIT_OK && (want & EMIT_TABLE) && !stage_table(command, texts, ptx, &binaries, entries, abi, source))
        status = EXIT_USAGE;
    binaries_free(&binaries);
    if (status != EXIT_OK) return status;
    StrBuf text;
    strbuf_init(&text);
    bool ok = true;
    if (want & EMIT_JSON) {
        lib_manifest_json(&text, source, entries, abi);
        ok = stage_output(command, ".json", &text);
    }
    if (ok && (want & EMIT_HEADER)) {
        strbuf_clear(&text);
        lib_host_header(&text, output_dir_stem(&command->session.arena, command->options->input), source, entries, abi);
        ok = stage_output(command, ".h", &text);
    }
    strbuf_free(&text);
    return ok ? EXIT_OK : EXIT_USAGE;
}

static int run_emit_many_with_gen(Command *command) {
    LibSession *session = &command->session;
    unsigned want = command->options->emit_many;
    LibGenerated generated;
    lib_generated_init(&generated, &session->arena);
    LibStatus status = lib_generate(session, &generated);
    flush_dumps(session);
    bool asked_failed = false;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
        asked_failed = asked_failed || ((want & EMIT_TARGET(t)) && !generated.targets[t].ok);
    report_gen_diagnostics(session, &generated, generated.made && !asked_failed);
    int result = status == LIB_OK && !asked_failed ? EXIT_OK : status == LIB_IO ? EXIT_USAGE : EXIT_DIAGNOSTICS;
    if (result == EXIT_OK) {
        StrBuf texts[YUSEC_TARGET_COUNT];
        for (int t = 0; t < YUSEC_TARGET_COUNT; t++) texts[t] = generated.targets[t].text;
        PtxTexts ptx = {{&generated.targets[YUSEC_TARGET_PTX].text}};  /* gen: one arch */
        result = stage_output(command, "。着色生成。豫", &generated.text)
                     ? stage_many(command, texts, &ptx, &generated.entries, &generated.abi)
                     : EXIT_USAGE;
    }
    lib_generated_free(&generated);
    return result;
}

static int run_emit_many(Command *command) {
    unsigned want = command->options->emit_many;
    if (want & EMIT_GEN) return run_emit_many_with_gen(command);
    unsigned targets = 0;
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
        if (want & EMIT_TARGET(t)) targets |= TARGET_BIT(t);
    if (want & (EMIT_CUBIN | EMIT_FATBIN)) targets |= TARGET_BIT(YUSEC_TARGET_PTX);
    LibOutputs outputs;
    lib_outputs_init(&outputs, &command->session.arena);
    outputs.ptx_archs = command->options->archs;
    outputs.ptx_arch_count = (uint32_t)command->options->arch_count;
    bool abi_of_ptx = (want & (EMIT_JSON | EMIT_HEADER | EMIT_TABLE)) != 0;
    LibStatus status = lib_compile_targets(&command->session, targets,
                                           abi_of_ptx ? LIB_ABI_PTX_PIPELINE : LIB_ABI_AS_BUILT, &outputs);
    flush_dumps(&command->session);
    int result = (int)status;
    if (status == LIB_OK) {
        PtxTexts ptx = {{&outputs.text[YUSEC_TARGET_PTX]}};
        for (int k = 1; k < arch_count(command); k++) ptx.text[k] = &outputs.other_arch_ptx[k - 1];
        result = stage_many(command, outputs.text, &ptx, &outputs.entries, &outputs.abi);
    }
    lib_outputs_free(&outputs);
    return result;
}

/* -MD/-MMD: the depfile (driver/depfile_options.c), staged (written only when changed) after the output itself. */
static int write_depfile(Command *command) {
    const Options *options = command->options;
    StrBuf path, text;
    strbuf_init(&path);
    strbuf_init(&text);
    StrBuf targets;  /* every file the command writes (-o-dir: several) */
    strbuf_init(&targets);
    for (int i = 0; i < command->outputs->file_count; i++) {
        strbuf_puts(&targets, command->outputs->files[i].path);
        strbuf_putc(&targets, '\n');
    }
    if (options->depfile) strbuf_puts(&path, options->depfile);
    else if (options->output_dir) strbuf_puts(&path, output_dir_path(command, ".d"));
    else strbuf_printf(&path, "%s.d", options->output);
    depfile_compose(&text, options, command->session.config->builtin_dir, strbuf_cstr(&targets),
                    command->session.files_read, command->session.files_read_count);
    strbuf_free(&targets);
    bool ok = !refuse_input_as_output(command, strbuf_cstr(&path)) &&
              outputs_stage(command->outputs, strbuf_cstr(&path), strbuf_cstr(&text), text.len);
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

/* -v, -###: the stages, from the pipelines the library will run. */
static const char *stage_pipeline(void *context, yusec_target target) {
    Command *command = context;
    return lib_pipeline(&command->session, target);
}

static void print_tool_commands(Command *command, FILE *out, CudaBinary kind, const char *arch, const char *output) {
    CudaCommand commands[2];
    int count = cuda_commands(&command->session.arena, kind, lib_arch_or_default(arch), "<临时>.ptx", "<临时>.cubin",
                              output, commands);
    for (int i = 0; i < count; i++) cuda_command_print(out, &commands[i]);
}

/* -###: the toolkit commands -emit-cubin/-emit-fatbin (or -emit=…,cubin,fatbin, per arch) would
 * run, temporaries as placeholders. */
static void stage_tools(void *context, FILE *out) {
    Command *command = context;
    const Options *options = command->options;
    if (options->action != ACTION_EMIT_MANY) {
        print_tool_commands(command, out, options->action == ACTION_EMIT_CUBIN ? CUDA_CUBIN : CUDA_FATBIN,
                            options->arch, options->output);
        return;
    }
    static const struct { unsigned bit; CudaBinary kind; const char *extension; } KINDS[] = {
        {EMIT_CUBIN, CUDA_CUBIN, ".cubin"}, {EMIT_FATBIN, CUDA_FATBIN, ".fatbin"}};
    for (size_t b = 0; b < sizeof KINDS / sizeof KINDS[0]; b++)
        for (int k = 0; (options->emit_many & KINDS[b].bit) && k < arch_count(command); k++)
            print_tool_commands(command, out, KINDS[b].kind, options->arch ? options->archs[k] : NULL,
                                output_dir_path(command, arch_suffix(command, k, KINDS[b].extension)));
}

/* Help, version, -###, and reading "-": what comes before the action. Returns -1 to go on,
 * else the exit status. */
static int before_action(Arena *arena, Options *options) {
    switch (options->action) {
    case ACTION_HELP:
        help_print(stdout);
        return EXIT_OK;
    case ACTION_VERSION:
        version_print(stdout);
        return EXIT_OK;
    case ACTION_EXPLAIN:
        return explain_print(options->explain, stdout, stderr);
    default:
        break;
    }
    if (options->input_from_stdin && !options->dry_run &&
        !stdin_input_read(arena, options, stdin, stderr))
        return EXIT_USAGE;
    return -1;
}

static int run_command(int argc, char **argv, bool *compiled);

/* The exit status; `compiled`: the run was a compile (not run, not lsp). */
static int driver_main(int argc, char **argv, bool *compiled) {
    Arena args_arena;
    arena_init(&args_arena);
    int expanded_argc;
    char **expanded_argv;
    int status = EXIT_USAGE;
    if (response_files_expand(&args_arena, argc, argv, &expanded_argc, &expanded_argv, stderr))
        status = run_command(expanded_argc, expanded_argv, compiled);
    arena_free(&args_arena);
    return status;
}

static int run_command(int argc, char **argv, bool *compiled) {
    if (fmt_args_is_fmt(argc, argv)) return driver_fmt(argc, argv);
    if (run_args_is_run(argc, argv))
        return run_batch_requested(argc, argv) ? driver_run_batch(argc, argv, compile_for_run)
                                               : driver_run(argc, argv, compile_for_run);
#ifdef YUSEC_WITHOUT_LSP
    if (argc >= 2 && strcmp(argv[1], "lsp") == 0) {
        fprintf(stderr, "yusec lsp: error: 这个 yusec 构建时没有语言服务器（YUSEC_WITH_LSP=OFF；它需要 libjansson-dev 与 libyajl-dev）\n");
        return EXIT_USAGE;
    }
#else
    if (lsp_args_is_lsp(argc, argv)) return lsp_main(argc, argv);
#endif
    *compiled = true;
    Options options;
    if (!options_parse(&options, argc, argv, stderr)) return EXIT_USAGE;
    Arena arena;
    arena_init(&arena);
    int early = before_action(&arena, &options);
    if (early >= 0) {
        arena_free(&arena);
        return early;
    }
    LibConfig config;
    config_from_options(&config, &options, lib_find_builtin_dir(&arena, executable_path(&arena, argv[0])));
    Command command = {&options, {0}, options.depfile_wanted || options.depfile != NULL, NULL};
    /* -emit-gen keeps diagnostics back: a failing target's errors are printed as warnings. */
    lib_session_init(&command.session, &config, options.input,
                     options.action == ACTION_EMIT_GEN ||
                             (options.action == ACTION_EMIT_MANY && (options.emit_many & EMIT_GEN))
                         ? NULL : stderr);
    configure_diagnostics(&command.session, &options);
    if (options.verbose || options.dry_run)
        stages_print(stderr, &options, stage_pipeline, options.dry_run ? stage_tools : NULL, &command);
    if (options.dry_run || refuse_input_as_output(&command, options.output)) {
        int early_status = options.dry_run ? EXIT_OK : EXIT_USAGE;
        lib_session_free(&command.session);
        arena_free(&arena);
        return early_status;
    }
    Outputs outputs;
    outputs_init(&outputs);
    command.outputs = &outputs;
    int status;
    switch (options.action) {
    case ACTION_DUMP_AST: status = run_dump_ast(&command); break;
    case ACTION_CHECK: status = run_check(&command); break;
    case ACTION_EMIT_IR: status = run_print_module(&command, lib_print_yir); break;
    case ACTION_EMIT_DOT: status = run_print_module(&command, lib_print_dot); break;
    case ACTION_EMIT_CUBIN: status = run_emit_binary(&command, CUDA_CUBIN); break;
    case ACTION_EMIT_FATBIN: status = run_emit_binary(&command, CUDA_FATBIN); break;
    case ACTION_EMIT_WGSL: status = run_emit_text(&command, YUSEC_TARGET_WGSL); break;
    case ACTION_EMIT_MSL: status = run_emit_text(&command, YUSEC_TARGET_MSL); break;
    case ACTION_EMIT_PTX: status = run_emit_text(&command, YUSEC_TARGET_PTX); break;
    case ACTION_EMIT_LLVM: status = run_emit_text(&command, YUSEC_TARGET_PTX); break;
    case ACTION_EMIT_GEN: status = run_emit_gen(&command); break;
    case ACTION_ENTRIES_JSON: status = run_entries_json(&command); break;
    case ACTION_EMIT_MANY: status = run_emit_many(&command); break;
    default: status = run_unhandled(&options); break;
    }
    if (status == EXIT_OK && command.want_deps) status = write_depfile(&command);
    /* All or nothing: a failing -MF leaves -o as it was. */
    if (status == EXIT_OK) {
        if (!outputs_commit(&outputs)) status = EXIT_USAGE;
    } else {
        outputs_discard(&outputs);
    }
    lib_session_free(&command.session);
    arena_free(&arena);
    return status;
}

typedef struct MainCall {
    int argc;
    char **argv;
    int status;
    bool compiled;
} MainCall;

static void call_driver_main(void *data) {
    MainCall *call = data;
    call->status = driver_main(call->argc, call->argv, &call->compiled);
}

/* LeakSanitizer checks for leaks in an exit handler: sanitizer builds end the normal way. */
#if defined(__SANITIZE_ADDRESS__)
#define YUSEC_EXIT_HANDLERS_CHECK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define YUSEC_EXIT_HANDLERS_CHECK 1
#endif
#endif

/* The end of a compile, its outputs committed: stdio flushed, then the process ends without
 * running exit handlers. After -emit-ptx those are the PTX plugin's static destructors (LLVM's
 * ~2,000 command-line options and registries, about 200,000 instructions, 2 % of a small
 * shader's compile; issue 16), and the kernel frees the memory in any case. `yusec run` and
 * `yusec lsp` (device runtimes, a server) end the normal way. */
static int end_process(const MainCall *call) {
#ifndef YUSEC_EXIT_HANDLERS_CHECK
    if (call->compiled) {
        fflush(NULL);
        _exit(call->status);
    }
#endif
    return call->status;
}

/* The whole run on a deep stack (base/deep_stack.h): every stage may recurse once per level
 * of nesting up to the parser's limit. One malloc arena: the deep-stack thread would
 * otherwise get a heap of its own, reserved in 64 MiB and grown by one mprotect call per
 * 4–132 KiB it uses (-emit-ptx of a small shader: 142 calls; from the main arena, 11 brk
 * calls; issue 16). Nothing else allocates while it runs. */
int main(int argc, char **argv) {
    MainCall call = {argc, argv, EXIT_OK, false};
    mallopt(M_ARENA_MAX, 1);
    if (!deep_stack_run(DEEP_STACK_BYTES, call_driver_main, &call)) {
        fputs("yusec: error: 无法为编译分配栈\n", stderr);
        return EXIT_USAGE;
    }
    return end_process(&call);
}
