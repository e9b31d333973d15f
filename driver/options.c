#include "options.h"

#include "passes/pass.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

typedef struct ActionWord {
    const char *flag;    /* -emit-wgsl */
    const char *word;    /* the seed's tool word (着七), or NULL */
    Action action;
} ActionWord;

static const ActionWord ACTION_WORDS[] = {
    {"-dump-ast", NULL, ACTION_DUMP_AST},
    {"-check", "检查", ACTION_CHECK},
    {"-emit-ir", NULL, ACTION_EMIT_IR},
    {"-emit-wgsl", "译", ACTION_EMIT_WGSL},
    {"-emit-msl", "金属", ACTION_EMIT_MSL},
    {"-emit-ptx", "千手", ACTION_EMIT_PTX},
    {"-emit-gen", "生成", ACTION_EMIT_GEN},
    {"--entries=json", NULL, ACTION_ENTRIES_JSON},
    {NULL, "run", ACTION_RUN},
};

const char *action_flag(Action action) {
    for (size_t i = 0; i < sizeof ACTION_WORDS / sizeof ACTION_WORDS[0]; i++)
        if (ACTION_WORDS[i].action == action)
            return ACTION_WORDS[i].flag ? ACTION_WORDS[i].flag : ACTION_WORDS[i].word;
    return "";
}

void options_print_help(FILE *out) {
    fputs("用法：yusec [选项] 文件\n"
          "      yusec 检查|译|金属|千手|生成 [选项] 文件\n"
          "\n"
          "把豫言着色源（名。着色器。豫）译成 WGSL、MSL 与 PTX。\n"
          "\n"
          "动作（默认 -check）：\n"
          "  -dump-ast        打印语法树\n"
          "  -check, 检查     只做语法分析与类型检查\n"
          "  -emit-ir         打印 YIR（中间表示）\n"
          "  -emit-wgsl, 译   译成 WGSL，入口表打印到标准错误\n"
          "  -emit-msl, 金属  译成 MSL\n"
          "  -emit-ptx, 千手  译成 PTX\n"
          "  -emit-gen, 生成  打印高级代码导入时所得模块的源码\n"
          "  --entries=json   打印入口与资源在三个目标里的位置（JSON）\n"
          "\n"
          "选项：\n"
          "  -o 文件          输出写到文件（默认标准输出）\n"
          "  -I 目录          在目录里找包（可多次）\n"
          "  -fmax-errors=N   最多报告 N 条错误（0 为不限，默认 20）\n"
          "  -MD              另写 Make/Ninja 依赖文件（须有 -o）\n"
          "  -MF 文件         依赖文件的路径（默认为 -o 的文件加 .d）\n"
          "\n"
          "中间表示（YIR）：输入可以是 .yir 文件\n"
          "  -target=T        -emit-ir 按哪个目标的默认流程（wgsl、msl、ptx；默认 wgsl）\n"
          "  -passes=a,b,c    只运行这些遍（遍名见 docs/passes.md）\n"
          "  -O0              -emit-ir 时不运行任何遍（降级所得）；-emit-ptx 时为 LLVM 优化级别 -O0…-O3\n"
          "  -print-after-all 每个遍之后打印 YIR（标准错误）\n"
          "  -print-after=遍  在该遍之后打印 YIR（标准错误）\n"
          "  -verify-each     每个遍之后校验 YIR\n"
          "  -fno-uniformity-check  一致性分析报错时仍然输出（用来与 Tint 对照）\n"
          "  -fbounds-check  越界的下标夹到最后一个元素（三个目标一样；运行期数组的长度由宿主另传）\n"
          "  -fclassic-uniform-layout  按经典的 16 字节均匀缓冲规则检查均匀缓冲（报出不合的字段）\n"
          "  -finline-budget=N  千手内联预算：一个函数的额外副本超过 N 条指令就保留为函数（默认 4096）\n"
          "\n"
          "千手（PTX）：\n"
          "  -arch=sm_80      目标计算能力：sm_80（默认）、sm_86、sm_89、sm_90、sm_90a\n"
          "  -ptx-version=8.0 PTX 版本 8.0（默认）至 8.5\n"
          "  -fno-fma         不把乘加合成 fma\n"
          "  --help           显示本帮助\n"
          "  --version        显示版本\n"
          "\n"
          "退出码：0 成功，1 报告了错误，2 用法、读写错误或内存不足。\n",
          out);
}

static bool set_action(Options *options, Action action, const char *arg, FILE *err) {
    if (options->action != ACTION_NONE && options->action != action) {
        fprintf(err, "yusec: error: 动作 %s 与 %s 不能同时使用\n", action_flag(options->action), arg);
        return false;
    }
    options->action = action;
    return true;
}

static bool match_action(const char *arg, bool allow_word, Action *action) {
    for (size_t i = 0; i < sizeof ACTION_WORDS / sizeof ACTION_WORDS[0]; i++) {
        const ActionWord *word = &ACTION_WORDS[i];
        if ((word->flag && strcmp(arg, word->flag) == 0) ||
            (allow_word && word->word && strcmp(arg, word->word) == 0)) {
            *action = word->action;
            return true;
        }
    }
    return false;
}

/* Options of the form -name=value whose value is checked later by the stage that uses it. */
static bool parse_value_option(Options *options, const char *arg) {
    static const struct { const char *prefix; size_t offset; } VALUE_OPTIONS[] = {
        {"-passes=", offsetof(Options, passes)},
        {"-print-after=", offsetof(Options, print_after)},
        {"-target=", offsetof(Options, ir_target)},
        {"-arch=", offsetof(Options, arch)},
        {"-ptx-version=", offsetof(Options, ptx_version)},
    };
    for (size_t i = 0; i < sizeof VALUE_OPTIONS / sizeof VALUE_OPTIONS[0]; i++) {
        size_t len = strlen(VALUE_OPTIONS[i].prefix);
        if (strncmp(arg, VALUE_OPTIONS[i].prefix, len) == 0) {
            *(const char **)((char *)options + VALUE_OPTIONS[i].offset) = arg + len;
            return true;
        }
    }
    return false;
}

static bool parse_max_errors(Options *options, const char *value, FILE *err) {
    char *end;
    long n = strtol(value, &end, 10);
    if (*value == '\0' || *end != '\0' || n < 0 || n > 100000) {
        fprintf(err, "yusec: error: -fmax-errors 须是 0 到 100000 之间的整数，却是 '%s'\n", value);
        return false;
    }
    options->max_errors = (int)n;
    return true;
}

static bool parse_inline_budget(Options *options, const char *value, FILE *err) {
    char *end;
    long n = strtol(value, &end, 10);
    if (*value == '\0' || *end != '\0' || n < 0 || n > 1000000000) {
        fprintf(err, "yusec: error: -finline-budget 须是 0 到 1000000000 之间的整数，却是 '%s'\n", value);
        return false;
    }
    options->inline_budget = n;
    return true;
}

/* Pipeline options that would otherwise be ignored or mean nothing: named here rather than
 * accepted silently. */
static bool check_pipeline_options(const Options *options, FILE *err) {
    if (options->ir_target && options->action != ACTION_EMIT_IR) {
        fprintf(err, "yusec: error: -target=%s 只用于 -emit-ir（其他动作的目标由动作本身决定）\n",
                options->ir_target);
        return false;
    }
    if (options->passes) {
        const char *start = options->passes;
        for (;;) {
            size_t len = strcspn(start, ",");
            if (len == 0) {
                fprintf(err, "yusec: error: -passes= 的遍列表里有空项（写成 -passes=fold,dce）\n");
                return false;
            }
            if (!start[len]) break;
            start += len + 1;
        }
    }
    if (options->print_after && !pass_find(options->print_after, strlen(options->print_after))) {
        fprintf(err, "yusec: error: -print-after=%s：没有这个遍（遍名见 docs/passes.md）\n",
                options->print_after);
        return false;
    }
    return true;
}

bool options_parse(Options *options, int argc, char **argv, FILE *err) {
    memset(options, 0, sizeof *options);
    options->max_errors = DIAG_DEFAULT_MAX_ERRORS;
    options->opt_level = -1;
    options->inline_budget = -1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        Action action;
        /* A tool word is a subcommand only in first position, so a file named 译 still works. */
        if (match_action(arg, i == 1, &action)) {
            if (!set_action(options, action, arg, err)) return false;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            options->action = ACTION_HELP;
            return true;
        } else if (strcmp(arg, "--version") == 0) {
            options->action = ACTION_VERSION;
            return true;
        } else if (strcmp(arg, "-MD") == 0) {
            options->depfile_wanted = true;
        } else if (strcmp(arg, "-o") == 0 || strcmp(arg, "-I") == 0 || strcmp(arg, "-MF") == 0) {
            if (i + 1 >= argc) {
                fprintf(err, "yusec: error: %s 后面缺少参数\n", arg);
                return false;
            }
            const char *value = argv[++i];
            if (arg[1] == 'o') {
                options->output = value;
            } else if (arg[1] == 'M') {
                options->depfile = value;
            } else if (options->include_count == OPTIONS_MAX_INCLUDES) {
                fprintf(err, "yusec: error: -I 最多 %d 个\n", OPTIONS_MAX_INCLUDES);
                return false;
            } else {
                options->includes[options->include_count++] = value;
            }
        } else if (strncmp(arg, "-I", 2) == 0 && arg[2]) {
            if (options->include_count == OPTIONS_MAX_INCLUDES) {
                fprintf(err, "yusec: error: -I 最多 %d 个\n", OPTIONS_MAX_INCLUDES);
                return false;
            }
            options->includes[options->include_count++] = arg + 2;
        } else if (strncmp(arg, "-fmax-errors=", 13) == 0) {
            if (!parse_max_errors(options, arg + 13, err)) return false;
        } else if (strncmp(arg, "-finline-budget=", 16) == 0) {
            if (!parse_inline_budget(options, arg + 16, err)) return false;
        } else if (parse_value_option(options, arg)) {
            /* handled */
        } else if (strcmp(arg, "-print-after-all") == 0) {
            options->print_after_all = true;
        } else if (strcmp(arg, "-verify-each") == 0) {
            options->verify_each = true;
        } else if (strcmp(arg, "-fbounds-check") == 0) {
            options->bounds_check = true;
        } else if (strcmp(arg, "-fclassic-uniform-layout") == 0) {
            options->classic_uniform_layout = true;
        } else if (strcmp(arg, "-fno-uniformity-check") == 0) {
            options->no_uniformity_check = true;
        } else if (strcmp(arg, "-fno-fma") == 0) {
            options->no_fma = true;
        } else if (arg[0] == '-' && arg[1] == 'O' && arg[2] >= '0' && arg[2] <= '3' && !arg[3]) {
            options->opt_level = arg[2] - '0';
        } else if (arg[0] == '-' && arg[1] != '\0') {
            fprintf(err, "yusec: error: 未知选项 '%s'（见 yusec --help）\n", arg);
            return false;
        } else if (options->input) {
            fprintf(err, "yusec: error: 只能给一个输入文件（已有 '%s'，又给了 '%s'）\n",
                    options->input, arg);
            return false;
        } else {
            options->input = arg;
        }
    }
    if (options->action == ACTION_NONE) options->action = ACTION_CHECK;
    if (!options->input) {
        fprintf(err, "yusec: error: 没有输入文件（见 yusec --help）\n");
        return false;
    }
    if (!check_pipeline_options(options, err)) return false;
    if ((options->depfile_wanted || options->depfile) && (!options->output ||
                                                          strcmp(options->output, "-") == 0)) {
        fprintf(err, "yusec: error: -MD/-MF 须与 -o 文件同用（依赖文件要写出输出文件的名字）\n");
        return false;
    }
    return true;
}
