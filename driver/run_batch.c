/* `yusec run --batch FILE` (run_batch.h): one `yusec run` per line, one GPU context. */
#include "driver/run_batch.h"

#include <stdio.h>
#include <string.h>

#include "base/arena.h"
#include "base/file.h"
#include "base/strbuf.h"
#include "driver/response_file.h"

enum { BATCH_OK = 0, BATCH_FAILED = 1, BATCH_USAGE = 2 };
#define BATCH_MAX_BYTES ((size_t)64 << 20)

static const char BATCH_FLAG[] = "--batch";

static bool is_batch_flag(const char *arg) {
    size_t n = sizeof BATCH_FLAG - 1;
    return strncmp(arg, BATCH_FLAG, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

bool run_batch_requested(int argc, char **argv) {
    for (int i = 2; i < argc; i++)
        if (is_batch_flag(argv[i])) return true;
    return false;
}

/* The FILE of `--batch FILE` or `--batch=FILE`, when it is the only thing after `run`. */
static const char *batch_path(int argc, char **argv) {
    size_t n = sizeof BATCH_FLAG - 1;
    if (argc == 3 && argv[2][n] == '=' && argv[2][n + 1]) return argv[2] + n + 1;
    if (argc == 4 && argv[2][n] == '\0') return argv[3];
    return NULL;
}

static bool is_blank_or_comment(const char *line, size_t len) {
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) i++;
    return i == len || line[i] == '#';
}

/* One line as `yusec run ARGS…`; its exit status. */
static int run_line(const char *argv0, const char *line, size_t len, RunCompileFn compile,
                    LibRunSession *session) {
    Arena arena;
    arena_init(&arena);
    char **args;
    int count = response_file_split(&arena, line, len, &args, NULL);
    char **argv = arena_alloc_array(&arena, (size_t)count + 3, sizeof *argv);
    argv[0] = arena_strndup(&arena, argv0, strlen(argv0));
    argv[1] = arena_strndup(&arena, "run", 3);
    memcpy(argv + 2, args, (size_t)count * sizeof *argv);
    int status;
    if (run_batch_requested(count + 2, argv)) {
        fprintf(stderr, "yusec: error: 批处理文件的一行里不能再有 --batch\n");
        status = BATCH_USAGE;
    } else {
        status = driver_run_in(count + 2, argv, compile, session);
    }
    arena_free(&arena);
    return status;
}

/* Runs every line of `text`; true when each exited 0. */
static bool run_lines(Arena *arena, const char *argv0, const char *text, size_t bytes, RunCompileFn compile) {
    LibRunSession *session = lib_run_session_new(arena);
    bool all_ok = true;
    unsigned number = 0;
    for (size_t start = 0; start < bytes;) {
        const char *end = memchr(text + start, '\n', bytes - start);
        size_t len = end ? (size_t)(end - (text + start)) : bytes - start;
        number++;
        if (!is_blank_or_comment(text + start, len)) {
            int status = run_line(argv0, text + start, len, compile, session);
            all_ok = all_ok && status == BATCH_OK;
            fflush(stdout);
            printf("== 第 %u 行：退出码 %d\n", number, status);
            fprintf(stderr, "== 第 %u 行：退出码 %d\n", number, status);
            fflush(stdout);
        }
        start += len + 1;
    }
    lib_run_session_close(session);
    return all_ok;
}

int driver_run_batch(int argc, char **argv, RunCompileFn compile) {
    const char *path = batch_path(argc, argv);
    if (!path) {
        fprintf(stderr, "yusec: error: 用法：yusec run --batch 文件（每行是一次 run 的参数；"
                        "--batch 不与其他参数同用）\n");
        return BATCH_USAGE;
    }
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    void *data;
    size_t bytes;
    int status = BATCH_USAGE;
    if (!file_read_whole(&arena, path, BATCH_MAX_BYTES, &data, &bytes, &error))
        fprintf(stderr, "yusec: error: %s\n", strbuf_cstr(&error));
    else if (memchr(data, '\0', bytes))
        fprintf(stderr, "yusec: error: 批处理文件 '%s' 含 NUL 字节\n", path);
    else
        status = run_lines(&arena, argv[0], data, bytes, compile) ? BATCH_OK : BATCH_FAILED;
    strbuf_free(&error);
    arena_free(&arena);
    return status;
}
