#include "driver/depfile_options.h"

#include <string.h>

#include "driver/depfile.h"

static int add_target(Options *options, const char *target, FILE *err) {
    DepfileFlags *flags = &options->depfile_flags;
    if (!target[0]) {
        fprintf(err, "yusec: error: -MT 的目标不能为空\n");
        return -1;
    }
    if (flags->target_count == OPTIONS_MAX_DEPFILE_TARGETS) {
        fprintf(err, "yusec: error: -MT 最多 %d 个\n", OPTIONS_MAX_DEPFILE_TARGETS);
        return -1;
    }
    flags->targets[flags->target_count++] = target;
    return 1;
}

int depfile_parse_option(Options *options, int argc, char **argv, int *i, FILE *err) {
    const char *arg = argv[*i];
    if (strcmp(arg, "-MP") == 0) {
        options->depfile_flags.phony = true;
        return 1;
    }
    if (strcmp(arg, "-MMD") == 0) {
        options->depfile_flags.user_only = true;
        options->depfile_wanted = true;
        return 1;
    }
    if (strncmp(arg, "-MT", 3) != 0) return 0;
    if (arg[3]) return add_target(options, arg + 3, err);
    if (*i + 1 >= argc) {
        fprintf(err, "yusec: error: -MT 后面缺少参数\n");
        return -1;
    }
    return add_target(options, argv[++*i], err);
}

bool depfile_check_options(const Options *options, FILE *err) {
    const DepfileFlags *flags = &options->depfile_flags;
    if ((flags->target_count || flags->phony) && !options->depfile_wanted && !options->depfile) {
        fprintf(err, "yusec: error: -MT/-MP 须与 -MD、-MMD 或 -MF 同用（它们只改依赖文件）\n");
        return false;
    }
    return true;
}

/* Whether `path` (cleaned) lies inside `dir` (cleaned). */
static bool is_inside(const char *path, const char *dir) {
    size_t len = strlen(dir);
    return len && strncmp(path, dir, len) == 0 && (path[len] == '/' || dir[len - 1] == '/');
}

static bool same_path(const char *a, const char *b) {
    StrBuf clean;
    strbuf_init(&clean);
    depfile_clean_path(&clean, b);
    bool same = strcmp(a, strbuf_cstr(&clean)) == 0;
    strbuf_free(&clean);
    return same;
}

void depfile_compose(StrBuf *text, const Options *options, const char *builtin_dir,
                     const char *outputs, const char *const *files_read, uint32_t files_read_count) {
    const DepfileFlags *flags = &options->depfile_flags;
    StrBuf builtin, path, files, others, targets;
    strbuf_init(&builtin);
    strbuf_init(&path);
    strbuf_init(&files);
    strbuf_init(&others);
    strbuf_init(&targets);
    if (flags->user_only && builtin_dir) depfile_clean_path(&builtin, builtin_dir);
    for (uint32_t i = 0; i < files_read_count; i++) {
        strbuf_clear(&path);
        depfile_clean_path(&path, files_read[i]);
        bool is_input = same_path(strbuf_cstr(&path), options->input);
        if (is_input && options->input_from_stdin) continue;  /* standard input is no file */
        if (builtin.len && is_inside(strbuf_cstr(&path), strbuf_cstr(&builtin))) continue;
        strbuf_printf(&files, "%s\n", strbuf_cstr(&path));
        if (!is_input) strbuf_printf(&others, "%s\n", strbuf_cstr(&path));
    }
    for (int i = 0; i < flags->target_count; i++) strbuf_printf(&targets, "%s\n", flags->targets[i]);
    gen_depfile(text, flags->target_count ? strbuf_cstr(&targets) : outputs, strbuf_cstr(&files));
    if (flags->phony) gen_depfile_phony(text, strbuf_cstr(&others));
    strbuf_free(&builtin);
    strbuf_free(&path);
    strbuf_free(&files);
    strbuf_free(&others);
    strbuf_free(&targets);
}
