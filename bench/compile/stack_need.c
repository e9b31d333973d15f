/* The smallest stack one compile needs, measured (docs/library.md "Stack").
 *
 *   yusec_stack_need FILE [wgsl,msl,ptx]
 *
 * Compiles FILE through libyusec's internal pipeline (lib_compile_targets: no deep stack) on a
 * thread of a given stack size, each try in a child process so that an overflow only ends the
 * child, and bisects the size between 16 KiB and 1 GiB to 16 KiB. Prints the size in KiB and
 * the compile's status (0 ok, 1 errors, 2 I/O). Exit 1 when even 1 GiB is not enough. */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/compile.h"

typedef struct Try {
    const char *path;
    unsigned targets;
    int status;
} Try;

static void *compile_file(void *data) {
    Try *t = data;
    LibConfig config;
    lib_config_init(&config);
    config.builtin_dir = getenv("YUSEC_BUILTIN_DIR");
    config.ptx.plugin_path = getenv("YUSEC_PTX_PLUGIN");
    LibSession session;
    lib_session_init(&session, &config, t->path, NULL);
    Arena arena;
    arena_init(&arena);
    LibOutputs outputs;
    lib_outputs_init(&outputs, &arena);
    t->status = lib_compile_targets(&session, t->targets, LIB_ABI_AS_BUILT, &outputs);
    lib_outputs_free(&outputs);
    arena_free(&arena);
    lib_session_free(&session);
    return NULL;
}

/* The compile's status on a thread of `bytes`, in a child; -1 when the child died. */
static int try_stack(Try *t, size_t bytes) {
    fflush(stdout);
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        pthread_attr_t attr;
        pthread_t thread;
        if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, bytes) != 0 ||
            pthread_create(&thread, &attr, compile_file, t) != 0)
            _exit(100);
        pthread_join(thread, NULL);
        _exit(t->status);
    }
    int wstatus;
    if (waitpid(child, &wstatus, 0) != child || !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) > 2) return -1;
    return WEXITSTATUS(wstatus);
}

static unsigned parse_targets(const char *list) {
    unsigned bits = 0;
    if (strstr(list, "wgsl")) bits |= TARGET_BIT(YUSEC_TARGET_WGSL);
    if (strstr(list, "msl")) bits |= TARGET_BIT(YUSEC_TARGET_MSL);
    if (strstr(list, "ptx")) bits |= TARGET_BIT(YUSEC_TARGET_PTX);
    return bits;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fputs("usage: yusec_stack_need FILE [wgsl,msl,ptx]\n", stderr);
        return 2;
    }
    Try t = {argv[1], argc > 2 ? parse_targets(argv[2]) : TARGET_ALL_BITS, 0};
    size_t low = 16 << 10, high = (size_t)1 << 30;
    int status = try_stack(&t, high);
    if (status < 0) {
        puts("more than 1 GiB");
        return 1;
    }
    while (high - low > (16 << 10)) {
        size_t mid = low + (high - low) / 2;
        mid &= ~(size_t)4095;
        if (try_stack(&t, mid) >= 0) high = mid;
        else low = mid;
    }
    printf("%zu KiB (status %d)\n", high >> 10, status);
    return 0;
}
