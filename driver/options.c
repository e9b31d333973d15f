#include "options.h"

#include "lib/pipeline.h"
#include "lib/targets.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "base/suggest.h"
#include "depfile_options.h"
#include "help.h"

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
    {"-emit-dot", NULL, ACTION_EMIT_DOT},
    {"-emit-cubin", NULL, ACTION_EMIT_CUBIN},
    {"-emit-fatbin", NULL, ACTION_EMIT_FATBIN},
    {"-emit-llvm", NULL, ACTION_EMIT_LLVM},
    {"-emit-gen", "生成", ACTION_EMIT_GEN},
    {"--entries=json", NULL, ACTION_ENTRIES_JSON},
    {"-emit=", NULL, ACTION_EMIT_MANY},
    {NULL, "run", ACTION_RUN},
};

const char *action_flag(Action action) {
    for (size_t i = 0; i < sizeof ACTION_WORDS / sizeof ACTION_WORDS[0]; i++)
        if (ACTION_WORDS[i].action == action)
            return ACTION_WORDS[i].flag ? ACTION_WORDS[i].flag : ACTION_WORDS[i].word;
    return "";
}

static bool set_action(Options *options, Action action, const char *arg, FILE *err) {
    if (options->action != ACTION_NONE && options->action != action) {
        fprintf(err, "yusec: error: 动作 %s 与 %s 不能同时使用\n", action_flag(options->action), arg);
        return false;
    }
    options->action = action;
    return true;
}

static bool match_action(const char *arg, bool allow_word, Action *action, bool *is_word) {
    for (size_t i = 0; i < sizeof ACTION_WORDS / sizeof ACTION_WORDS[0]; i++) {
        const ActionWord *word = &ACTION_WORDS[i];
        bool by_flag = word->flag && strcmp(arg, word->flag) == 0;
        if (by_flag || (allow_word && word->word && strcmp(arg, word->word) == 0)) {
            *action = word->action;
            *is_word = !by_flag;
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
    options->diagnostics.max_errors = (int)n;
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

/* An unknown pass name: a usage error naming it, then the passes there are. */
static void report_unknown_pass(const char *option, const char *name, size_t len, FILE *err) {
    fprintf(err, "yusec: error: %s：没有名为「%.*s」的遍\n", option, (int)len, name);
    const char *best = lib_pass_suggest(name, len);
    if (best) {
        StrBuf hint;
        strbuf_init(&hint);
        strbuf_printf(&hint, "%s%s", option, best);
        options_print_suggestion(err, strbuf_cstr(&hint));
        strbuf_free(&hint);
    }
    StrBuf names;
    strbuf_init(&names);
    lib_pass_names(&names, "、");
    fprintf(err, "yusec: note: 可用的遍：%s（见 docs/passes.md）\n", strbuf_cstr(&names));
    strbuf_free(&names);
}

static bool check_pass_list(const char *list, FILE *err) {
    const char *start = list;
    for (;;) {
        size_t len = strcspn(start, ",");
        if (len == 0) {
            fprintf(err, "yusec: error: -passes= 的遍列表里有空项（写成 -passes=fold,dce）\n");
            return false;
        }
        if (!lib_pass_exists(start, len)) {
            report_unknown_pass("-passes=", start, len, err);
            return false;
        }
        if (!start[len]) return true;
        start += len + 1;
    }
}

/* -arch=sm_80,sm_90: the list (several only for -emit=LIST, each once); options->arch is
 * the first. */
static bool split_arch_list(Options *options, FILE *err) {
    if (!options->arch) return true;
    if (strlen(options->arch) >= sizeof options->arch_text) {
        fprintf(err, "yusec: error: -arch= 的列表太长\n");
        return false;
    }
    strcpy(options->arch_text, options->arch);
    char *start = options->arch_text;
    for (;;) {
        size_t len = strcspn(start, ",");
        if (len == 0) {
            fprintf(err, "yusec: error: -arch= 的列表里有空项（写成 -arch=sm_80,sm_90）\n");
            return false;
        }
        if (options->arch_count == OPTIONS_MAX_ARCHS) {
            fprintf(err, "yusec: error: -arch= 最多列 %d 个架构\n", OPTIONS_MAX_ARCHS);
            return false;
        }
        bool last = !start[len];
        start[len] = '\0';
        const char *arch = start;
        for (int i = 0; i < options->arch_count; i++)
            if (strcmp(options->archs[i], arch) == 0) {
                fprintf(err, "yusec: error: -arch= 列了两次 %s\n", arch);
                return false;
            }
        options->archs[options->arch_count++] = arch;
        if (last) break;
        start += len + 1;
    }
    options->arch = options->archs[0];
    if (options->arch_count > 1 && options->action != ACTION_EMIT_MANY) {
        fprintf(err, "yusec: error: -arch= 列出多个架构只用于 -emit=列表 -o-dir（每个架构一个 PTX 文件）\n");
        return false;
    }
    if (options->arch_count > 1 && (options->emit_many & EMIT_GEN)) {
        fprintf(err, "yusec: error: -emit= 含 gen 时只能给一个 -arch（生成的模块只有一份 PTX 源）\n");
        return false;
    }
    return true;
}

static bool is_ptx_binary_action(Action action) {
    return action == ACTION_EMIT_CUBIN || action == ACTION_EMIT_FATBIN;
}

static bool prints_entry_table(Action action) {
    return action == ACTION_EMIT_WGSL || action == ACTION_EMIT_MSL || action == ACTION_EMIT_PTX;
}

/* Options that would otherwise be ignored or mean nothing: named here rather than
 * accepted silently. */
static bool check_combinations(const Options *options, FILE *err) {
    if (options->ir_target && options->action != ACTION_EMIT_IR && options->action != ACTION_EMIT_DOT) {
        fprintf(err, "yusec: error: -target=%s 只用于 -emit-ir 与 -emit-dot（其他动作的目标由动作本身决定）\n",
                options->ir_target);
        return false;
    }
    if (options->passes && !check_pass_list(options->passes, err)) return false;
    if (options->print_after && !lib_pass_exists(options->print_after, strlen(options->print_after))) {
        report_unknown_pass("-print-after=", options->print_after, strlen(options->print_after), err);
        return false;
    }
    /* -q is taken by every action (issue 29 item 10); only the seed's tool words that print
     * the entry table (着七) keep it. */
    if (options->quiet && options->action_is_tool_word && prints_entry_table(options->action)) {
        fprintf(err, "yusec: error: 工具词（译、金属、千手）按着七总把入口表打印到标准错误；"
                     "不要入口表请用 %s -q\n", action_flag(options->action));
        return false;
    }
    if ((options->action == ACTION_EMIT_MANY) != (options->output_dir != NULL) ||
        (options->action == ACTION_EMIT_MANY && options->output)) {
        fprintf(err, "yusec: error: -emit=列表 须与 -o-dir 目录同用（不用 -o），-o-dir 也只用于 -emit=列表\n");
        return false;
    }
    if (is_ptx_binary_action(options->action) && (!options->output || strcmp(options->output, "-") == 0)) {
        fprintf(err, "yusec: error: %s 写二进制文件，须给 -o 文件\n", action_flag(options->action));
        return false;
    }
    if ((options->depfile_wanted || options->depfile) && !options->output_dir &&
        (!options->output || strcmp(options->output, "-") == 0)) {
        fprintf(err, "yusec: error: -MD/-MMD/-MF 须与 -o 文件或 -o-dir 目录同用（依赖文件要写出输出文件的名字）\n");
        return false;
    }
    return true;
}

static bool add_prefix_map(Options *options, const char *value, FILE *err) {
    const char *equals = strchr(value, '=');
    if (!equals || equals == value) {
        fprintf(err, "yusec: error: -ffile-prefix-map= 须写成 旧=新（旧不能为空），却是 '%s'\n", value);
        return false;
    }
    if (options->prefix_map_count == OPTIONS_MAX_PREFIX_MAPS) {
        fprintf(err, "yusec: error: -ffile-prefix-map 最多 %d 个\n", OPTIONS_MAX_PREFIX_MAPS);
        return false;
    }
    PrefixMap *map = &options->prefix_maps[options->prefix_map_count++];
    map->old_prefix = value;
    map->old_len = (size_t)(equals - value);
    map->new_prefix = equals + 1;
    return true;
}

const char *options_map_path(const Options *options, Arena *arena, const char *path) {
    for (int i = options->prefix_map_count - 1; i >= 0; i--) {
        const PrefixMap *map = &options->prefix_maps[i];
        if (strncmp(path, map->old_prefix, map->old_len) == 0)
            return arena_printf(arena, "%s%s", map->new_prefix, path + map->old_len);
    }
    return path;
}

static bool add_include(Options *options, const char *dir, FILE *err) {
    if (options->include_count == OPTIONS_MAX_INCLUDES) {
        fprintf(err, "yusec: error: -I 最多 %d 个\n", OPTIONS_MAX_INCLUDES);
        return false;
    }
    options->includes[options->include_count++] = dir;
    return true;
}

/* ---- how diagnostics are shown (base/diag.h) ---- */

static const char *const DIAG_FORMAT_NAMES[] = {"text", "json", "sarif", NULL};
static const char *const DIAG_COLOR_NAMES[] = {"auto", "always", "never", NULL};

static int name_index(const char *const *names, const char *value) {
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], value) == 0) return i;
    return -1;
}

void options_print_suggestion(FILE *err, const char *best) {
    StrBuf hint;
    strbuf_init(&hint);
    suggest_append_hint(&hint, best, false);
    fprintf(err, "yusec: note: %s\n", strbuf_cstr(&hint));
    strbuf_free(&hint);
}

/* "yusec: error: -fdiagnostics-format=xml：可选 text、json、sarif" and a did-you-mean note. */
static void report_bad_choice(FILE *err, const char *option, const char *value, const char *const *names) {
    fprintf(err, "yusec: error: %s=%s：可选", option, value);
    for (int i = 0; names[i]; i++) fprintf(err, "%s%s", i ? "、" : " ", names[i]);
    fputc('\n', err);
    const char *best = suggest_from_list(value, names);
    if (best) {
        StrBuf hint;
        strbuf_init(&hint);
        strbuf_printf(&hint, "%s=%s", option, best);
        options_print_suggestion(err, strbuf_cstr(&hint));
        strbuf_free(&hint);
    }
}

/* -W<flag> (-Wall, -Werror, -W<name>, -Wno-<name>, -Werror=<name>, -Wno-error=<name>,
 * base/diag_catalogue.h): false, after a usage error naming the argument, for a name that is
 * no warning's. */
static bool parse_warning_flag(DiagOptions *diag, const char *arg, FILE *err) {
    const char *name;
    DiagFlagResult result = diag_warning_flag_apply(&diag->warnings, arg + 2, &name);
    if (result == DIAG_FLAG_OK) return true;
    if (result == DIAG_FLAG_NOT_WARNING) {
        fprintf(err, "yusec: error: '%s'：「%s」是错误，不是警告，-W 管不了它（见 docs/diagnostics.md）\n", arg, name);
        return false;
    }
    fprintf(err, "yusec: error: '%s'：没有名为「%s」的警告（yusec --explain 名字 说明每一条）\n", arg, name);
    const char *best = diag_warning_suggest(name);
    if (best) {
        StrBuf hint;
        strbuf_init(&hint);
        strbuf_append(&hint, arg, (size_t)(name - arg));
        strbuf_puts(&hint, best);
        options_print_suggestion(err, strbuf_cstr(&hint));
        strbuf_free(&hint);
    }
    return false;
}

/* -W…, -w, -fdiagnostics-color[=C], -fno-diagnostics-color, -fdiagnostics-format=F.
 * Returns 0 when arg is none of them, -1 on a usage error, else 1. */
static int parse_diagnostic_option(Options *options, const char *arg, FILE *err) {
    DiagOptions *diag = &options->diagnostics;
    static const char FORMAT[] = "-fdiagnostics-format", COLOR[] = "-fdiagnostics-color";
    if (strncmp(arg, "-W", 2) == 0 && arg[2]) {
        if (!parse_warning_flag(diag, arg, err)) return -1;
    } else if (strcmp(arg, "-w") == 0) {
        diag->no_warnings = true;
    } else if (strcmp(arg, COLOR) == 0) {
        diag->color = DIAG_COLOR_ALWAYS;  /* clang: the bare flag means always */
    } else if (strcmp(arg, "-fno-diagnostics-color") == 0) {
        diag->color = DIAG_COLOR_NEVER;
    } else if (strncmp(arg, COLOR, sizeof COLOR - 1) == 0 && arg[sizeof COLOR - 1] == '=') {
        int choice = name_index(DIAG_COLOR_NAMES, arg + sizeof COLOR);
        if (choice < 0) {
            report_bad_choice(err, COLOR, arg + sizeof COLOR, DIAG_COLOR_NAMES);
            return -1;
        }
        diag->color = (DiagColorChoice)choice;
    } else if (strncmp(arg, FORMAT, sizeof FORMAT - 1) == 0 && arg[sizeof FORMAT - 1] == '=') {
        int choice = name_index(DIAG_FORMAT_NAMES, arg + sizeof FORMAT);
        if (choice < 0) {
            report_bad_choice(err, FORMAT, arg + sizeof FORMAT, DIAG_FORMAT_NAMES);
            return -1;
        }
        diag->format = (DiagFormat)choice;
    } else {
        return 0;
    }
    return 1;
}

/* The flag of `flags` (NUL-separated) that `written` most likely meant: one differing only in
 * case (-Lineinfo → -lineinfo), else the closest by edit distance when it keeps part of what
 * was written — fewer edits than the name has letters after its dashes. A one-letter name gets
 * none: every one-letter flag is one edit away, and case changes the meaning there (-O is not
 * -o, -W not -w). */
static const char *closest_flag(const char *written, const StrBuf *flags) {
    size_t letters = strlen(written + strspn(written, "-"));
    if (letters < 2) return NULL;
    for (size_t at = 0; at < flags->len; at += strlen(flags->data + at) + 1)
        if (strcasecmp(flags->data + at, written) == 0) return flags->data + at;
    Suggestion s;
    suggest_begin(&s, written);
    for (size_t at = 0; at < flags->len; at += strlen(flags->data + at) + 1) suggest_offer(&s, flags->data + at);
    const char *best = suggest_best(&s);
    return best && suggest_distance(best, written) < letters ? best : NULL;
}

/* An unknown option: the closest flag --help lists (driver/help.c, yusec run's own left out),
 * its value kept (-fdiagnostic-format=json → -fdiagnostics-format=json). */
static void suggest_option(FILE *err, const char *arg) {
    size_t count;
    const HelpEntry *entries = help_entries(&count);
    const char *equals = strchr(arg, '=');
    StrBuf written, flags;
    strbuf_init(&written);
    strbuf_init(&flags);
    strbuf_append(&written, arg, equals ? (size_t)(equals - arg) + 1 : strlen(arg));
    /* Each spelling's flags ("-arch=sm_XX, -arch sm_XX"), each up to a space or after its '=',
     * NUL-separated in one buffer; offered once the buffer stops moving. */
    for (size_t i = 0; i < count; i++) {
        if (entries[i].group == HELP_RUN) continue;
        for (const char *p = entries[i].spelling; *p;) {
            size_t len = strcspn(p, ", ");
            const char *eq = memchr(p, '=', len);
            if (p[0] == '-') {
                strbuf_append(&flags, p, eq ? (size_t)(eq - p) + 1 : len);
                strbuf_putc(&flags, '\0');
            }
            p += len;
            while (*p == ',' || *p == ' ') p++;
        }
    }
    const char *best = closest_flag(strbuf_cstr(&written), &flags);
    if (best) {
        StrBuf hint;
        strbuf_init(&hint);
        strbuf_puts(&hint, best);
        if (equals && best[strlen(best) - 1] == '=') strbuf_puts(&hint, equals + 1);
        options_print_suggestion(err, strbuf_cstr(&hint));
        strbuf_free(&hint);
    }
    strbuf_free(&written);
    strbuf_free(&flags);
}

/* Flags that take their value as the next argument: -o FILE, -I DIR, -MF FILE, -arch sm_XX,
 * --stdin-name NAME. Returns 0 when arg is none of them, -1 on a usage error, else 1. */
static int parse_separate_value(Options *options, int argc, char **argv, int *i, FILE *err) {
    static const char *const FLAGS[] = {"-o", "-I", "-MF", "-arch", "--stdin-name", "-o-dir"};
    const char *arg = argv[*i];
    size_t which = 0;
    while (which < sizeof FLAGS / sizeof FLAGS[0] && strcmp(arg, FLAGS[which]) != 0) which++;
    if (which == sizeof FLAGS / sizeof FLAGS[0]) return 0;
    if (*i + 1 >= argc) {
        fprintf(err, "yusec: error: %s 后面缺少参数\n", arg);
        return -1;
    }
    const char *value = argv[++*i];
    switch (which) {
    case 0: options->output = value; return 1;
    case 1: return add_include(options, value, err) ? 1 : -1;
    case 2: options->depfile = value; return 1;
    case 3: options->arch = value; return 1;
    case 4: options->stdin_name = value; return 1;
    default: options->output_dir = value; return 1;
    }
}

/* Flags without a value. */
static bool parse_switch(Options *options, const char *arg) {
    static const struct { const char *flag; size_t offset; } SWITCHES[] = {
        {"-MD", offsetof(Options, depfile_wanted)},
        {"-print-after-all", offsetof(Options, print_after_all)},
        {"-verify-each", offsetof(Options, verify_each)},
        {"-fbounds-check", offsetof(Options, bounds_check)},
        {"-fclassic-uniform-layout", offsetof(Options, classic_uniform_layout)},
        {"-fno-uniformity-check", offsetof(Options, no_uniformity_check)},
        {"-fno-fma", offsetof(Options, no_fma)},
        /* nvcc's spellings; -g means line tables only for now (docs/targets.md) */
        {"-lineinfo", offsetof(Options, line_info)},
        {"-g", offsetof(Options, line_info)},
        {"-q", offsetof(Options, quiet)},
        {"-v", offsetof(Options, verbose)},
        {"-###", offsetof(Options, dry_run)},
    };
    for (size_t i = 0; i < sizeof SWITCHES / sizeof SWITCHES[0]; i++)
        if (strcmp(arg, SWITCHES[i].flag) == 0) {
            *(bool *)((char *)options + SWITCHES[i].offset) = true;
            return true;
        }
    return false;
}

static bool set_input(Options *options, const char *arg, FILE *err) {
    if (options->input) {
        fprintf(err, "yusec: error: 只能给一个输入文件（已有 '%s'，又给了 '%s'）\n",
                options->input_from_stdin ? "-" : options->input, arg);
        return false;
    }
    options->input = arg;
    options->input_from_stdin = strcmp(arg, "-") == 0;
    return true;
}

/* -emit=wgsl,msl,ptx,gen,json,h,table,cubin,fatbin: which files one run writes into -o-dir. */
typedef struct EmitName {
    const char *name;
    unsigned bit;
} EmitName;

/* The words of -emit=: each target's (the registry's), then the other outputs'. */
static size_t emit_names(EmitName *names) {
    static const EmitName OTHERS[] = {{"gen", EMIT_GEN},       {"json", EMIT_JSON},   {"h", EMIT_HEADER},
                                      {"table", EMIT_TABLE},   {"cubin", EMIT_CUBIN}, {"fatbin", EMIT_FATBIN}};
    size_t count, n = 0;
    const TargetDescriptor *targets = lib_targets(&count);
    for (size_t t = 0; t < count; t++) names[n++] = (EmitName){targets[t].word, EMIT_TARGET(targets[t].id)};
    for (size_t o = 0; o < sizeof OTHERS / sizeof OTHERS[0]; o++) names[n++] = OTHERS[o];
    return n;
}

static bool parse_emit_list(Options *options, const char *arg, FILE *err) {
    EmitName names[YUSEC_TARGET_COUNT + 6];
    size_t count = emit_names(names);
    if (!set_action(options, ACTION_EMIT_MANY, arg, err)) return false;
    const char *start = arg + strlen("-emit=");
    for (;;) {
        size_t len = strcspn(start, ",");
        size_t i = 0;
        while (i < count && !(strlen(names[i].name) == len && strncmp(names[i].name, start, len) == 0)) i++;
        if (i == count) {
            fprintf(err, "yusec: error: -emit= 不认识「%.*s」（可选 ", (int)len, start);
            for (size_t k = 0; k < count; k++) fprintf(err, "%s%s", k ? "、" : "", names[k].name);
            fputs("，逗号分隔）\n", err);
            return false;
        }
        options->emit_many |= names[i].bit;
        if (!start[len]) return true;
        start += len + 1;
    }
}

/* One argument (and, for flags with a separate value, the next). */
static bool parse_argument(Options *options, int argc, char **argv, int *i, FILE *err) {
    const char *arg = argv[*i];
    Action action;
    bool is_word;
    if (strncmp(arg, "-emit=", strlen("-emit=")) == 0) return parse_emit_list(options, arg, err);
    /* A tool word is a subcommand only in first position, so a file named 译 still works. */
    if (match_action(arg, *i == 1, &action, &is_word)) {
        if (!set_action(options, action, arg, err)) return false;
        options->action_is_tool_word = is_word;
        return true;
    }
    int separate = parse_separate_value(options, argc, argv, i, err);
    if (separate) return separate > 0;
    int depfile = depfile_parse_option(options, argc, argv, i, err);
    if (depfile) return depfile > 0;
    int diagnostic = parse_diagnostic_option(options, arg, err);
    if (diagnostic) return diagnostic > 0;
    if (parse_switch(options, arg) || parse_value_option(options, arg)) return true;
    if (strncmp(arg, "-I", 2) == 0 && arg[2]) return add_include(options, arg + 2, err);
    if (strncmp(arg, "-fmax-errors=", 13) == 0) return parse_max_errors(options, arg + 13, err);
    if (strncmp(arg, "-ffile-prefix-map=", 18) == 0) return add_prefix_map(options, arg + 18, err);
    if (strncmp(arg, "-finline-budget=", 16) == 0) return parse_inline_budget(options, arg + 16, err);
    if (arg[0] == '-' && arg[1] == 'O' && arg[2] >= '0' && arg[2] <= '3' && !arg[3]) {
        options->opt_level = arg[2] - '0';
        return true;
    }
    if (arg[0] == '-' && arg[1] != '\0') {
        fprintf(err, "yusec: error: 未知选项 '%s'（见 yusec --help）\n", arg);
        suggest_option(err, arg);
        return false;
    }
    return set_input(options, arg, err);
}

bool options_parse(Options *options, int argc, char **argv, FILE *err) {
    memset(options, 0, sizeof *options);
    diag_options_init(&options->diagnostics);
    options->opt_level = -1;
    options->inline_budget = -1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            options->action = ACTION_HELP;
            return true;
        }
        if (strcmp(arg, "--version") == 0) {
            options->action = ACTION_VERSION;
            return true;
        }
        if (strcmp(arg, "--explain") == 0 || strncmp(arg, "--explain=", 10) == 0) {
            options->explain = arg[9] == '=' ? arg + 10 : i + 1 < argc ? argv[i + 1] : NULL;
            if (!options->explain || !options->explain[0]) {
                fprintf(err, "yusec: error: --explain 要一个诊断的代码或名字（如 --explain Y0303）\n");
                return false;
            }
            options->action = ACTION_EXPLAIN;
            return true;
        }
        if (!parse_argument(options, argc, argv, &i, err)) return false;
    }
    if (options->action == ACTION_NONE) options->action = ACTION_CHECK;
    if (!options->input) {
        fprintf(err, "yusec: error: 没有输入文件（见 yusec --help）\n");
        return false;
    }
    if (options->stdin_name && !options->input_from_stdin) {
        fprintf(err, "yusec: error: --stdin-name 只用于从标准输入读源（输入文件写成 -）\n");
        return false;
    }
    if (options->input_from_stdin) options->input = options->stdin_name ? options->stdin_name : "<stdin>";
    return split_arch_list(options, err) && check_combinations(options, err) &&
           depfile_check_options(options, err);
}

bool options_llvm_bitcode(const Options *options) {
    const char *output = options->output;
    size_t len = output ? strlen(output) : 0;
    return options->action == ACTION_EMIT_LLVM && len > 3 && strcmp(output + len - 3, ".bc") == 0;
}
