#include "response_file.h"

#include <string.h>

#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

int response_file_split(Arena *arena, const char *text, size_t len, char ***args,
                        unsigned **starts) {
    PtrVec found = {0}, offsets = {0};
    StrBuf arg;
    strbuf_init(&arg);
    size_t i = 0;
    while (i < len) {
        while (i < len && is_space(text[i])) i++;
        if (i == len) break;
        size_t start = i;
        char quote = 0;
        strbuf_clear(&arg);
        while (i < len && (quote || !is_space(text[i]))) {
            char c = text[i++];
            if (c == '\\' && i < len) strbuf_putc(&arg, text[i++]);
            else if (quote && c == quote) quote = 0;
            else if (!quote && (c == '\'' || c == '"')) quote = c;
            else strbuf_putc(&arg, c);
        }
        ptrvec_push(arena, &found, arena_strndup(arena, arg.data ? arg.data : "", arg.len));
        ptrvec_push(arena, &offsets, (void *)(uintptr_t)start);
    }
    strbuf_free(&arg);
    *args = arena_alloc_array(arena, found.len + 1, sizeof **args);
    for (size_t k = 0; k < found.len; k++) (*args)[k] = found.items[k];
    if (starts) {
        *starts = arena_alloc_array(arena, found.len + 1, sizeof **starts);
        for (size_t k = 0; k < found.len; k++) (*starts)[k] = (unsigned)(uintptr_t)offsets.items[k];
    }
    return (int)found.len;
}

typedef struct Expander {
    Arena *arena;
    SourceMap sources;   /* the response files read, for located messages */
    DiagEngine diag;
    PtrVec out;
    size_t bytes;        /* argument text expanded so far */
    unsigned reads;      /* response files read so far */
} Expander;

static bool expand_arg(Expander *e, const char *arg, const SourceFile *from, unsigned offset,
                       int depth);

/* Reports a usage error about the @FILE argument: at its place when it came from a file. */
static void report(Expander *e, const SourceFile *from, unsigned offset, const char *arg,
                   const char *why) {
    if (from)
        diag_error(&e->diag, Y_RESPONSE_FILE, span_make(from->id, offset, offset + (unsigned)strlen(arg)),
                   "响应文件 '%s'：%s", arg + 1, why);
    else
        diag_error_path(&e->diag, Y_RESPONSE_FILE, "yusec", "响应文件 '%s'：%s", arg + 1, why);
}

static bool expand_file(Expander *e, const char *arg, const SourceFile *from, unsigned offset,
                        int depth) {
    if (depth >= RESPONSE_FILE_MAX_DEPTH) {
        report(e, from, offset, arg, "嵌套超过 32 层（是否引用了自己？）");
        return false;
    }
    if (e->reads == RESPONSE_FILE_MAX_READS) {
        report(e, from, offset, arg, "读入的响应文件超过 10000 个（上限；是否层层重复引用？）");
        return false;
    }
    e->reads++;
    const char *error = NULL;
    SourceFile *file = source_load(&e->sources, arg + 1, &error);
    if (!file) {
        report(e, from, offset, arg, error);
        return false;
    }
    char **args;
    unsigned *starts;
    int count = response_file_split(e->arena, file->text, file->len, &args, &starts);
    for (int i = 0; i < count; i++)
        if (!expand_arg(e, args[i], file, starts[i], depth + 1)) return false;
    return true;
}

/* One argument more, within the bounds of the whole expansion. */
static bool push_arg(Expander *e, const char *arg, const SourceFile *from) {
    e->bytes += strlen(arg) + 1;
    if (e->out.len >= RESPONSE_FILE_MAX_ARGS || e->bytes > RESPONSE_FILE_MAX_BYTES) {
        const char *what = e->out.len >= RESPONSE_FILE_MAX_ARGS ? "展开后的参数超过 1000000 个（上限）"
                                                                : "展开后的参数超过 64 MiB（上限）";
        /* named by its file, not at the argument (which may be megabytes long) */
        if (from) diag_error_path(&e->diag, Y_RESPONSE_FILE, from->path, "响应文件 '%s'：%s", from->path, what);
        else diag_error_path(&e->diag, Y_RESPONSE_FILE, "yusec", "%s", what);
        return false;
    }
    ptrvec_push(e->arena, &e->out, (void *)arg);
    return true;
}

static bool expand_arg(Expander *e, const char *arg, const SourceFile *from, unsigned offset,
                       int depth) {
    if (arg[0] == '@' && arg[1]) return expand_file(e, arg, from, offset, depth);
    return push_arg(e, arg, from);
}

bool response_files_expand(Arena *arena, int argc, char **argv, int *out_argc, char ***out_argv,
                           FILE *err) {
    Expander e = {.arena = arena};
    source_map_init(&e.sources, arena);
    diag_init(&e.diag, &e.sources, err);
    bool ok = true;
    if (argc > 0) ptrvec_push(arena, &e.out, argv[0]);
    for (int i = 1; i < argc && ok; i++) ok = expand_arg(&e, argv[i], NULL, 0, 0);
    diag_free(&e.diag);
    if (!ok) return false;
    *out_argv = arena_alloc_array(arena, e.out.len + 1, sizeof **out_argv);
    for (size_t k = 0; k < e.out.len; k++) (*out_argv)[k] = e.out.items[k];
    (*out_argv)[e.out.len] = NULL;
    *out_argc = (int)e.out.len;
    return true;
}
