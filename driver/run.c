/* `yusec run`: parse the command line, compile (through main.c's -emit-ptx path), then the
 * runner of lib/run.h: plan the parameters, bind the inputs, run on the GPU or the CPU, print
 * or write the buffers. */
#include "driver/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "driver/help.h"
#include "driver/output.h"
#include "driver/run_args.h"
#include "driver/version.h"
#include "lib/run.h"

enum { RUN_OK = LIB_RUN_OK, RUN_FAILED = LIB_RUN_FAILED, RUN_USAGE = LIB_RUN_USAGE, RUN_HELP = -1 };

typedef struct RunState {
    Arena arena;
    RunArgs args;
    Options options;
    RunCompiled compiled;
    LibRun *run;                 /* lib/run.h, once the module is there */
    LibRunSession *session;      /* a batch's GPU context, or NULL: this run opens its own */
    /* Every diagnostic after the options are parsed, in -fdiagnostics-format: the compile's
     * engine handed over (RunCompiled), else one of the run's own. */
    DiagEngine *diag;
    DiagEngine own_diag;
    SourceMap own_sources;
    StrBuf fallback;             /* --device=auto: why the GPU was not used, reported once the engine is there */
} RunState;

/* The command line, in driver/run_args.c (run's flags and the ordinary options together). */
static int parse_command_line(RunState *st, int argc, char **argv) {
    switch (run_args_parse(&st->arena, argc, argv, &st->args, &st->options, stderr)) {
    case RUN_ARGS_OK: return RUN_OK;
    case RUN_ARGS_HELP: return RUN_HELP;
    default: return RUN_USAGE;
    }
}

/* --out naming a file the run reads (the source, an import, --ptx) would destroy it, and two
 * --out naming one file would lose one buffer: both refused before running, as -o refuses its
 * input. A --buffer @FILE may be an --out (it was read before the run: an update in place). */
static int check_out_paths(RunState *st) {
    const SourceMap *sources = &st->compiled.sources;
    size_t count = 2 + (st->compiled.has_sources ? sources->count : 0);
    const char **inputs = arena_alloc_array(&st->arena, count, sizeof *inputs);
    inputs[0] = st->options.input;
    inputs[1] = st->args.ptx_path;
    for (uint32_t i = 0; i + 2 < count; i++) inputs[i + 2] = sources->files[i]->path;
    int status = RUN_OK;
    for (uint32_t i = 0; i < st->args.out_count; i++) {
        const RunOutSpec *out = &st->args.outs[i];
        if (output_is_input(out->path, inputs, count)) {
            lib_run_error(st->diag, Y_RUN_OUTPUT, "--out %u:%u 的文件 '%s' 是本次读取的输入，拒绝覆盖它", out->group,
                    out->binding, out->path);
            status = RUN_USAGE;
        }
        for (uint32_t k = 0; k < i; k++) {
            const RunOutSpec *earlier = &st->args.outs[k];
            if (output_same_file(earlier->path, out->path)) {
                lib_run_error(st->diag, Y_RUN_OUTPUT, "--out %u:%u 与 --out %u:%u 写同一个文件 '%s'，拒绝", earlier->group,
                        earlier->binding, out->group, out->binding, out->path);
                status = RUN_USAGE;
            }
        }
    }
    return status;
}

/* --device=auto: the CPU when no GPU is usable (decided before compiling, so a yusec
 * without the PTX target still runs there). */
static void resolve_auto(RunState *st) {
    if (st->args.where != RUN_DEVICE_AUTO) return;
    StrBuf error;
    strbuf_init(&error);
    bool no_gpu = false;
    if (lib_run_gpu_usable(st->session, st->args.device, &error, &no_gpu)) {
        st->args.where = RUN_DEVICE_GPU;
    } else if (no_gpu) {
        strbuf_printf(&st->fallback, "没有可用的 GPU（%s），改在 CPU 上执行", strbuf_cstr(&error));
        st->args.where = RUN_DEVICE_CPU;
    } else {
        st->args.where = RUN_DEVICE_GPU;  /* a GPU that fails otherwise: report it at launch */
    }
    strbuf_free(&error);
}

/* -v, -###: what the compile hook prints of the run (driver/stages.h), its last line here. */
static void describe_stages(RunState *st) {
    const RunArgs *a = &st->args;
    RunStages *stages = &st->compiled.stages;
    stages->print = st->options.verbose || st->options.dry_run;
    stages->only = st->options.dry_run;
    stages->ptx_file = a->where == RUN_DEVICE_CPU ? NULL : a->ptx_path;
    stages->maybe_cpu = a->where == RUN_DEVICE_AUTO;
    StrBuf line;
    strbuf_init(&line);
    if (a->entry) strbuf_printf(&line, "入口「%s」", a->entry);
    else strbuf_puts(&line, "唯一的计算入口");
    strbuf_printf(&line, "，网格 %u,%u,%u，", a->grid[0], a->grid[1], a->grid[2]);
    if (a->where == RUN_DEVICE_CPU) strbuf_puts(&line, "在 CPU 上（YIR 执行器）");
    else if (a->where == RUN_DEVICE_GPU) strbuf_printf(&line, "在 GPU %d 上（CUDA 驱动即时编译 PTX）", a->device);
    else strbuf_printf(&line, "在 GPU %d 上，没有可用的 GPU 时在 CPU 上（YIR 执行器）", a->device);
    if (a->dry_run) strbuf_puts(&line, "；--dry-run：只打印参数安排，不运行");
    else if (a->out_count) strbuf_printf(&line, "；%u 个缓冲写进 --out 文件，其余读写缓冲打印到标准输出", a->out_count);
    else strbuf_puts(&line, "；读写缓冲打印到标准输出");
    stages->launch = arena_strdup(&st->arena, strbuf_cstr(&line));
    strbuf_free(&line);
}

/* The engine of every later diagnostic: the compile's, else one of the run's own (a compile
 * hook without one), configured by the options either way. */
static void attach_diagnostics(RunState *st) {
    if (st->compiled.has_diag) {
        st->diag = &st->compiled.diag;
        return;
    }
    source_map_init(&st->own_sources, &st->arena);
    diag_init(&st->own_diag, st->compiled.has_sources ? &st->compiled.sources : &st->own_sources, stderr);
    diag_configure(&st->own_diag, &st->options.diagnostics, isatty(fileno(stderr)) != 0, getenv("NO_COLOR"));
    st->diag = &st->own_diag;
}

static int run_steps(RunState *st, int argc, char **argv, RunCompileFn compile) {
    int status = parse_command_line(st, argc, argv);
    if (status == RUN_HELP) {
        if (st->options.action == ACTION_HELP) help_print_run(stdout);
        else version_print(stdout);
        return RUN_OK;
    }
    if (status != RUN_OK) return status;
    if (!st->options.dry_run) resolve_auto(st);  /* -### touches no device */
    st->compiled.want_ptx = st->args.ptx_path == NULL && st->args.where != RUN_DEVICE_CPU;
    describe_stages(st);
    status = compile(&st->options, argv[0], &st->compiled);
    if (st->options.dry_run) return status;  /* -###: the stages printed, nothing built or run */
    attach_diagnostics(st);
    if (st->fallback.len && !st->options.quiet) diag_remark_path(st->diag, "yusec", "%s", strbuf_cstr(&st->fallback));
    if (status != RUN_OK) return status;
    if (!st->compiled.module) return RUN_FAILED;
    st->run = lib_run_new(&st->arena, &st->args, st->compiled.module, &st->compiled.entries,
                          st->compiled.has_sources, st->diag, st->session);
    if (st->args.where != RUN_DEVICE_CPU && (status = lib_run_load_ptx(st->run, strbuf_cstr(&st->compiled.ptx))) != RUN_OK)
        return status;
    if ((status = lib_run_plan(st->run)) != RUN_OK) return status;
    status = lib_run_bind_buffers(st->run);
    if (status == RUN_OK) status = check_out_paths(st);
    int textures = lib_run_bind_textures(st->run);
    if (status == RUN_OK) status = textures;
    if (status == RUN_OK && diag_has_errors(st->diag)) status = RUN_FAILED;  /* -Werror on run's warnings */
    if (st->args.dry_run) lib_run_print_plan(st->run);  /* the plan helps most when buffers are missing */
    if (status != RUN_OK || st->args.dry_run) return status;
    return lib_run_execute(st->run);
}

int driver_run(int argc, char **argv, RunCompileFn compile) {
    return driver_run_in(argc, argv, compile, NULL);
}

int driver_run_in(int argc, char **argv, RunCompileFn compile, LibRunSession *session) {
    RunState st;
    memset(&st, 0, sizeof st);
    st.session = session;
    arena_init(&st.arena);
    strbuf_init(&st.compiled.ptx);
    strbuf_init(&st.fallback);
    int status = run_steps(&st, argc, argv, compile);
    if (st.diag) {
        diag_finish(st.diag);  /* what the format holds back: the SARIF log of compile and run */
        diag_free(st.diag);
    } else if (st.compiled.has_diag) {
        diag_free(&st.compiled.diag);
    }
    strbuf_free(&st.fallback);
    if (st.compiled.module) ir_module_free(st.compiled.module);
    if (st.compiled.has_sources) arena_free(&st.compiled.arena);
    strbuf_free(&st.compiled.ptx);
    arena_free(&st.arena);
    return status;
}
