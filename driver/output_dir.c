#include "driver/output_dir.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "base/strbuf.h"

const char *output_dir_stem(Arena *arena, const char *input) {
    const char *slash = strrchr(input, '/');
    const char *name = slash ? slash + 1 : input;
    static const char *const SUFFIXES[] = {"。着色器。豫", ".yir"};
    size_t len = strlen(name);
    for (size_t i = 0; i < sizeof SUFFIXES / sizeof SUFFIXES[0]; i++) {
        size_t suffix = strlen(SUFFIXES[i]);
        if (len > suffix && strcmp(name + len - suffix, SUFFIXES[i]) == 0) return arena_strndup(arena, name, len - suffix);
    }
    return name;
}

const char *output_dir_file(Arena *arena, const Options *options, const char *suffix) {
    const char *dir = options->output_dir;
    return arena_printf(arena, "%s%s%s%s", dir, dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "",
                        output_dir_stem(arena, options->input), suffix);
}

const char *output_dir_arch_suffix(Arena *arena, const Options *options, int arch, const char *extension) {
    if (options->arch_count < 2) return extension;
    return arena_printf(arena, ".%s%s", options->archs[arch], extension);
}

int output_dir_arch_count(const Options *options) { return options->arch_count > 1 ? options->arch_count : 1; }

/* mkdir for one level: true when it exists as a directory afterwards. */
static bool make_one(const char *path, FILE *err) {
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return true;
        fprintf(err, "yusec: error: 无法创建目录 '%s'：已有同名的文件\n", path);
        return false;
    }
    if (mkdir(path, 0777) == 0 || (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))) return true;
    fprintf(err, "yusec: error: 无法创建目录 '%s'：%s\n", path, strerror(errno));
    return false;
}

bool output_dir_make(const char *dir, FILE *err) {
    StrBuf path;
    strbuf_init(&path);
    bool ok = true;
    /* each prefix ending before a '/' (past the first character: "/" itself exists), then the whole */
    for (size_t i = 1; ok && dir[i]; i++)
        if (dir[i] == '/' && dir[i - 1] != '/') {
            strbuf_clear(&path);
            strbuf_append(&path, dir, i);
            ok = make_one(strbuf_cstr(&path), err);
        }
    if (ok && dir[0]) ok = make_one(dir, err);
    strbuf_free(&path);
    return ok;
}
