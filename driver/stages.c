#include "stages.h"

#include <string.h>

#include "base/arena.h"
#include "driver/output_dir.h"

static bool reads_yir(const Options *options) {
    size_t len = strlen(options->input);
    return len >= 4 && strcmp(options->input + len - 4, ".yir") == 0;
}

static void stage(FILE *out, const char *what, const char *detail) {
    fprintf(out, "yusec: 阶段：%s%s%s\n", what, detail[0] ? "  " : "", detail);
}

static void print_input(FILE *out, const Options *options) {
    char detail[512];
    snprintf(detail, sizeof detail, "%s%s", options->input,
             options->input_from_stdin ? "（标准输入）" : "");
    stage(out, reads_yir(options) ? "读 YIR" : "读源与导入、语法分析", detail);
}

/* The front end, once per command (several targets share it). */
static void print_front_end(FILE *out, const Options *options) {
    if (!reads_yir(options)) {
        stage(out, "类型检查", "");
        stage(out, "降级", "AST → YIR");
    }
    stage(out, "校验 YIR", "");
}

static void print_passes(FILE *out, yusec_target target, StagePipelineFn pipeline, void *context) {
    const char *passes = pipeline(context, target);
    char detail[1024];
    snprintf(detail, sizeof detail, "%s（%s 的流程）", passes[0] ? passes : "无", lib_target(target)->name);
    stage(out, "遍", detail);
}

static void print_module(FILE *out, const Options *options, yusec_target target,
                         StagePipelineFn pipeline, void *context) {
    print_front_end(out, options);
    print_passes(out, target, pipeline, context);
}

static void print_ptx_for(FILE *out, const Options *options, const char *arch) {
    char detail[256];
    int level = options->opt_level >= 0 ? options->opt_level : 3;
    snprintf(detail, sizeof detail, "libyusec-ptx.so（LLVM）-arch=%s -ptx-version=%s -O%d%s%s",
             lib_arch_or_default(arch),
             options->ptx_version ? options->ptx_version : "8.0", level,
             options->no_fma ? " -fno-fma" : "", options->line_info ? " -lineinfo" : "");
    stage(out, "生成 PTX", detail);
}

static void print_ptx(FILE *out, const Options *options) { print_ptx_for(out, options, options->arch); }

static void print_target(FILE *out, const Options *options, yusec_target target) {
    const TargetDescriptor *descriptor = lib_target(target);
    if (descriptor->caps & TARGET_CAP_ARCH) {
        print_ptx(out, options);
        return;
    }
    char what[64];
    snprintf(what, sizeof what, "生成 %s", descriptor->name);
    stage(out, what, "");
}

/* -target= of -emit-ir/-emit-dot (checked by main.c; WGSL when not given). */
static yusec_target ir_target(const Options *options) {
    const TargetDescriptor *target = lib_target_word(options->ir_target);
    return target ? target->id : YUSEC_TARGET_WGSL;
}

/* The target of -emit-wgsl, -emit-msl, -emit-ptx. */
static yusec_target emit_target(Action action) {
    return action == ACTION_EMIT_WGSL ? YUSEC_TARGET_WGSL : action == ACTION_EMIT_MSL ? YUSEC_TARGET_MSL : YUSEC_TARGET_PTX;
}

/* -emit=LIST: the files in the order they are staged (main.c's stage_many), then the depfile. */
/* -emit=LIST: each target's module and code (all three with gen, which builds them all; PTX
 * once per -arch), the toolkit's commands, the manifest, header and table. */
static void print_many(FILE *out, const Options *options, StagePipelineFn pipeline, StageToolsFn tools,
                       void *context) {
    unsigned want = options->emit_many;
    print_front_end(out, options);
    size_t count;
    const TargetDescriptor *targets = lib_targets(&count);
    for (size_t t = 0; t < count; t++) {
        bool per_arch = (targets[t].caps & TARGET_CAP_ARCH) != 0;
        bool built = (want & (EMIT_GEN | EMIT_TARGET(targets[t].id))) ||
                     (per_arch && (want & (EMIT_CUBIN | EMIT_FATBIN)));
        if (!built) continue;
        print_passes(out, targets[t].id, pipeline, context);
        if (!per_arch) print_target(out, options, targets[t].id);
        for (int k = 0; per_arch && k < output_dir_arch_count(options); k++)
            print_ptx_for(out, options, options->arch_count ? options->archs[k] : NULL);
    }
    if (want & EMIT_GEN) stage(out, "生成模块源码", "");
    if ((want & (EMIT_CUBIN | EMIT_FATBIN)) && tools) tools(context, out);
    if (want & (EMIT_JSON | EMIT_HEADER | EMIT_TABLE))
        stage(out, "入口与资源", "（PTX 流程的类型化 ABI：JSON、C 头文件、总表）");
}

static void print_output_dir(FILE *out, const Options *options) {
    Arena arena;
    arena_init(&arena);
    unsigned want = options->emit_many;
    typedef struct { unsigned bit; const char *suffix; bool per_arch; } File;
    File FILES[YUSEC_TARGET_COUNT + 6] = {{EMIT_GEN, "。着色生成。豫", false}};
    size_t files = 1, count;
    const TargetDescriptor *targets = lib_targets(&count);
    for (size_t t = 0; t < count; t++)
        FILES[files++] = (File){EMIT_TARGET(targets[t].id), targets[t].suffix, (targets[t].caps & TARGET_CAP_ARCH) != 0};
    static const File OTHERS[] = {{EMIT_CUBIN, ".cubin", true}, {EMIT_FATBIN, ".fatbin", true},
                                  {EMIT_TABLE, ".table.h", false}, {EMIT_JSON, ".json", false}, {EMIT_HEADER, ".h", false}};
    for (size_t o = 0; o < sizeof OTHERS / sizeof OTHERS[0]; o++) FILES[files++] = OTHERS[o];
    for (size_t f = 0; f < files; f++) {
        if (!(want & FILES[f].bit)) continue;
        int count = FILES[f].per_arch ? output_dir_arch_count(options) : 1;
        for (int k = 0; k < count; k++) {
            const char *suffix = FILES[f].per_arch ? output_dir_arch_suffix(&arena, options, k, FILES[f].suffix)
                                                   : FILES[f].suffix;
            stage(out, "写出", output_dir_file(&arena, options, suffix));
        }
    }
    if (options->depfile_wanted || options->depfile)
        stage(out, "写依赖文件", options->depfile ? options->depfile : output_dir_file(&arena, options, ".d"));
    arena_free(&arena);
}

static void print_output(FILE *out, const Options *options) {
    if (options->action == ACTION_CHECK) return;  /* checking writes nothing */
    if (options->action == ACTION_EMIT_MANY) {
        print_output_dir(out, options);
        return;
    }
    const char *where = options->output && strcmp(options->output, "-") != 0 ? options->output : "标准输出";
    stage(out, "写出", where);
    if (options->depfile_wanted || options->depfile) {
        char detail[512];
        snprintf(detail, sizeof detail, "%s%s", options->depfile ? options->depfile : options->output,
                 options->depfile ? "" : ".d");
        stage(out, "写依赖文件", detail);
    }
}

void stages_print(FILE *out, const Options *options, StagePipelineFn pipeline,
                  StageToolsFn tools, void *context) {
    print_input(out, options);
    switch (options->action) {
    case ACTION_DUMP_AST: stage(out, "打印语法树", ""); break;
    case ACTION_CHECK:
        print_module(out, options, YUSEC_TARGET_WGSL, pipeline, context);
        stage(out, "不生成代码", "");
        break;
    case ACTION_EMIT_IR:
        print_module(out, options, ir_target(options), pipeline, context);
        stage(out, "打印 YIR", "");
        break;
    case ACTION_EMIT_DOT:
        print_module(out, options, ir_target(options), pipeline, context);
        stage(out, "打印 Graphviz", "");
        break;
    case ACTION_EMIT_WGSL: case ACTION_EMIT_MSL: case ACTION_EMIT_PTX: {
        yusec_target target = emit_target(options->action);
        print_module(out, options, target, pipeline, context);
        print_target(out, options, target);
        stage(out, "入口表", options->quiet ? "不打印（-q）" : "标准错误");
        break;
    }
    case ACTION_EMIT_LLVM:
        print_module(out, options, YUSEC_TARGET_PTX, pipeline, context);
        stage(out, "生成 LLVM IR（千手的 LLVM 优化之后、NVPTX 后端之前）", options_llvm_bitcode(options) ? "位码" : "文本");
        break;
    case ACTION_EMIT_CUBIN: case ACTION_EMIT_FATBIN:
        print_module(out, options, YUSEC_TARGET_PTX, pipeline, context);
        print_ptx(out, options);
        if (tools) tools(context, out);
        break;
    case ACTION_EMIT_GEN:
        print_front_end(out, options);
        for (int target = 0; target < YUSEC_TARGET_COUNT; target++) {
            print_passes(out, (yusec_target)target, pipeline, context);
            print_target(out, options, (yusec_target)target);
        }
        stage(out, "生成模块源码", "");
        break;
    case ACTION_EMIT_MANY: print_many(out, options, pipeline, tools, context); break;
    case ACTION_ENTRIES_JSON:
        print_module(out, options, YUSEC_TARGET_PTX, pipeline, context);
        stage(out, "入口与资源（JSON）", "");
        break;
    default: break;
    }
    print_output(out, options);
}

void stages_print_run(FILE *out, const Options *options, StagePipelineFn pipeline, void *context,
                      bool makes_ptx, const char *ptx_file, const char *launch) {
    print_input(out, options);
    print_module(out, options, YUSEC_TARGET_PTX, pipeline, context);
    if (ptx_file) stage(out, "读 PTX", ptx_file);
    else if (makes_ptx) print_ptx(out, options);
    stage(out, "运行", launch);
}
