/* mkstemps is a BSD/glibc extension; posix_spawnp and waitpid are POSIX. */
#define _DEFAULT_SOURCE
#include "cuda_tools.h"

#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static bool is_executable(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static const char *in_dir(Arena *arena, const char *dir, const char *sub, const char *name) {
    if (!dir || !dir[0]) return NULL;
    const char *path = arena_printf(arena, "%s%s/%s", dir, sub, name);
    return is_executable(path) ? path : NULL;
}

static const char *on_path(Arena *arena, const char *name) {
    const char *path = getenv("PATH");
    while (path && *path) {
        size_t len = strcspn(path, ":");
        const char *dir = arena_strndup(arena, path, len);
        const char *found = in_dir(arena, len ? dir : ".", "", name);
        if (found) return found;
        path += len + (path[len] == ':');
    }
    return NULL;
}

const char *cuda_tool_find(Arena *arena, const char *name) {
    const char *cuda_path = getenv("CUDA_PATH");
    if (cuda_path && cuda_path[0]) return in_dir(arena, cuda_path, "/bin", name);  /* the user's choice */
    const char *found = in_dir(arena, getenv("CUDA_HOME"), "/bin", name);
    if (!found) found = on_path(arena, name);
    if (!found) found = in_dir(arena, "/usr/local/cuda", "/bin", name);
    return found;
}

static void add(CudaCommand *command, const char *arg) {
    if (command->argc < CUDA_TOOL_MAX_ARGS) command->argv[command->argc++] = arg;
    command->argv[command->argc] = NULL;
}

int cuda_commands(Arena *arena, CudaBinary kind, const char *arch, const char *ptx_path,
                  const char *cubin_path, const char *out_path, CudaCommand commands[2]) {
    memset(commands, 0, 2 * sizeof *commands);
    const char *ptxas = cuda_tool_find(arena, "ptxas");
    add(&commands[0], ptxas ? ptxas : "ptxas");
    add(&commands[0], arena_printf(arena, "-arch=%s", arch));
    add(&commands[0], "-o");
    add(&commands[0], kind == CUDA_CUBIN ? out_path : cubin_path);
    add(&commands[0], ptx_path);
    if (kind == CUDA_CUBIN) return 1;
    const char *fatbinary = cuda_tool_find(arena, "fatbinary");
    const char *sm = strncmp(arch, "sm_", 3) == 0 ? arch + 3 : arch;  /* 90a keeps its a */
    add(&commands[1], fatbinary ? fatbinary : "fatbinary");
    add(&commands[1], "-64");
    add(&commands[1], arena_printf(arena, "--create=%s", out_path));
    add(&commands[1], arena_printf(arena, "--image3=kind=elf,sm=%s,file=%s", sm, cubin_path));
    add(&commands[1], arena_printf(arena, "--image3=kind=ptx,sm=%s,file=%s", sm, ptx_path));
    return 2;
}

void cuda_command_print(FILE *out, const CudaCommand *command) {
    fputs("yusec: 阶段：外部 ", out);
    for (int i = 0; i < command->argc; i++) {
        const char *arg = command->argv[i];
        bool plain = arg[strcspn(arg, " \t'\"\\$")] == '\0';
        if (plain) fprintf(out, "%s%s", i ? " " : "", arg);
        else fprintf(out, "%s'%s'", i ? " " : "", arg);  /* no quote appears in our arguments */
    }
    fputc('\n', out);
}

/* Runs a command and waits; its messages go to our stderr. The exit status, -1 if it could
 * not start. */
static int run(const CudaCommand *command) {
    pid_t pid;
    if (posix_spawn(&pid, command->argv[0], NULL, NULL, (char *const *)command->argv, environ) != 0)
        return -1;
    int wstatus;
    while (waitpid(pid, &wstatus, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + (WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0);
}

/* A new empty temporary file "<dir>/yusec-XXXXXX<suffix>", or NULL. */
static char *make_temp(Arena *arena, const char *dir, const char *suffix) {
    char *path = arena_printf(arena, "%s/yusec-XXXXXX%s", dir, suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    if (fd < 0) return NULL;
    close(fd);
    return path;
}

static bool write_file(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

static bool read_file(const char *path, StrBuf *out) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) strbuf_append(out, chunk, got);
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

static bool tools_present(Arena *arena, CudaBinary kind, int *status) {
    const char *missing = !cuda_tool_find(arena, "ptxas") ? "ptxas"
                          : kind == CUDA_FATBIN && !cuda_tool_find(arena, "fatbinary") ? "fatbinary"
                                                                                      : NULL;
    if (!missing) return true;
    const char *action = kind == CUDA_CUBIN ? "-emit-cubin" : "-emit-fatbin";
    const char *cuda_path = getenv("CUDA_PATH");
    if (cuda_path && cuda_path[0])
        fprintf(stderr, "yusec: error: %s 需要 CUDA 工具包的 %s，$CUDA_PATH/bin（%s/bin）里没有"
                        "（-emit-ptx 不需要它）\n", action, missing, cuda_path);
    else
        fprintf(stderr, "yusec: error: %s 需要 CUDA 工具包的 %s，在 $CUDA_HOME/bin、PATH 与 /usr/local/cuda/bin "
                        "里都没找到（设 CUDA_PATH 指明；-emit-ptx 不需要它）\n", action, missing);
    *status = 2;
    return false;
}

/* The commands over the temporaries; false (status set) when one fails. */
static bool run_commands(const CudaCommand *commands, int count, bool verbose, int *status) {
    for (int i = 0; i < count; i++) {
        if (verbose) cuda_command_print(stderr, &commands[i]);
        int code = run(&commands[i]);
        if (code == 0) continue;
        if (code < 0) fprintf(stderr, "yusec: error: 无法运行 %s：%s\n", commands[i].argv[0], strerror(errno));
        else fprintf(stderr, "yusec: error: %s 失败（退出码 %d）\n", commands[i].argv[0], code);
        *status = code < 0 ? 2 : 1;
        return false;
    }
    return true;
}

bool cuda_build_binary(Arena *arena, CudaBinary kind, const char *arch, const char *ptx,
                       size_t ptx_len, bool verbose, StrBuf *binary, int *status) {
    if (!tools_present(arena, kind, status)) return false;
    const char *tmpdir = getenv("TMPDIR");
    if (!tmpdir || !tmpdir[0]) tmpdir = "/tmp";
    char *ptx_path = make_temp(arena, tmpdir, ".ptx");
    char *cubin_path = make_temp(arena, tmpdir, ".cubin");
    char *fatbin_path = kind == CUDA_FATBIN ? make_temp(arena, tmpdir, ".fatbin") : NULL;
    bool ok = ptx_path && cubin_path && (kind == CUDA_CUBIN || fatbin_path);
    if (!ok) {
        fprintf(stderr, "yusec: error: 无法在 %s 里建临时文件：%s\n", tmpdir, strerror(errno));
        *status = 2;
    } else if (!write_file(ptx_path, ptx, ptx_len)) {
        fprintf(stderr, "yusec: error: 无法写临时文件 %s：%s\n", ptx_path, strerror(errno));
        *status = 2;
        ok = false;
    }
    if (ok) {
        CudaCommand commands[2];
        const char *out_path = kind == CUDA_CUBIN ? cubin_path : fatbin_path;
        int count = cuda_commands(arena, kind, arch, ptx_path, cubin_path, out_path, commands);
        ok = run_commands(commands, count, verbose, status);
        if (ok && !read_file(out_path, binary)) {
            fprintf(stderr, "yusec: error: 无法读回 %s：%s\n", out_path, strerror(errno));
            *status = 2;
            ok = false;
        }
    }
    if (ptx_path) unlink(ptx_path);
    if (cubin_path) unlink(cubin_path);
    if (fatbin_path) unlink(fatbin_path);
    return ok;
}
