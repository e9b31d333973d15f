/* `yusec lsp [--stdio] [-I DIR]…`: the subcommand's arguments, then the server on stdio. */
#include "lsp/lsp_main.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "base/memory.h"
#include "lsp/server.h"

bool lsp_args_is_lsp(int argc, char **argv) { return argc >= 2 && strcmp(argv[1], "lsp") == 0; }

/* Each index the server builds after an edit allocates and frees the same tens of megabytes
 * for a large document. glibc gives large blocks back to the system when they are freed, and
 * every fresh page then faults in again: on a 10,000-line source that was more than half of
 * a request's time (bench_lsp.py). The server keeps them: blocks up to glibc's largest
 * threshold come from the heap, and the heap is not trimmed below 512 MiB. One heap for all
 * threads: the index is built on the context's deep-stack thread, which would otherwise get
 * a heap of its own, out of reach of the reserve the main thread makes ready
 * (lsp/memory_reserve.h); the two threads never allocate at the same time. */
static void keep_freed_memory(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    mallopt(M_ARENA_MAX, 1);
#endif
}

static void print_help(FILE *out) {
    fputs("用法：yusec lsp [--stdio] [-I 目录]…\n"
          "\n"
          "豫言的语言服务器（LSP，JSON-RPC 经标准输入与标准输出）：诊断、悬停、跳转、补全、符号等，\n"
          "编辑器的设置见 docs/editor.md。\n"
          "\n"
          "  --stdio        经标准输入与标准输出通信（唯一的方式；语言客户端会加上）\n"
          "  -I 目录        在目录里找包（可多次）\n"
          "  --help, -h     显示本帮助\n",
          out);
}

int lsp_main(int argc, char **argv) {
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_help(stdout);
            return 0;
        }
    const char **dirs = mem_calloc((size_t)argc, sizeof *dirs);
    size_t dir_count = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-I") == 0 && i + 1 < argc) {
            dirs[dir_count++] = argv[++i];
        } else if (strncmp(argv[i], "-I", 2) == 0 && argv[i][2]) {
            dirs[dir_count++] = argv[i] + 2;
        } else if (strcmp(argv[i], "--stdio") != 0) { /* language clients add --stdio */
            fprintf(stderr, "yusec lsp: error: 不认识的参数 %s（用法：yusec lsp [--stdio] [-I 目录]…）\n", argv[i]);
            mem_free(dirs);
            return 2;
        }
    }
    /* a client that goes away makes write() fail instead of ending the process */
    signal(SIGPIPE, SIG_IGN);
    keep_freed_memory();
    yusec_options options;
    yusec_options_init(&options);
    options.include_dirs = dirs;
    options.include_dir_count = dir_count;
    int status = lsp_serve(STDIN_FILENO, STDOUT_FILENO, &options);
    mem_free(dirs);
    return status;
}
