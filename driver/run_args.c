/* The whole `yusec run` command line: run's flags (lib/run_args.h), then the ordinary options. */
#include "driver/run_args.h"

#include <string.h>

RunArgsStatus run_args_parse(Arena *arena, int argc, char **argv, RunArgs *args, Options *options, FILE *err) {
    char **copy = arena_alloc_array(arena, (size_t)argc + 1, sizeof *copy);
    memcpy(copy, argv, (size_t)argc * sizeof *copy);
    StrBuf error;
    strbuf_init(&error);
    RunArgsStatus status = RUN_ARGS_OK;
    if (!run_args_extract(arena, &argc, copy, args, &error)) {
        fprintf(err, "yusec: error: %s\n", strbuf_cstr(&error));  /* before the format is known */
        status = RUN_ARGS_USAGE;
    }
    else if (!options_parse(options, argc, copy, err))
        status = RUN_ARGS_USAGE;
    else if (options->action == ACTION_HELP || options->action == ACTION_VERSION)
        status = RUN_ARGS_HELP;
    else if (options->output) {
        fprintf(err, "yusec: error: run 不用 -o；把缓冲写进文件用 --out 组:绑定=文件\n");
        status = RUN_ARGS_USAGE;
    } else if (args->where == RUN_DEVICE_CPU && args->ptx_path) {
        fprintf(err, "yusec: error: --ptx 只用于 GPU；--device=cpu 直接执行 YIR\n");
        status = RUN_ARGS_USAGE;
    } else if (args->where == RUN_DEVICE_GPU && args->subgroup_size) {
        fprintf(err, "yusec: error: --subgroup-size 只用于 CPU（--device=cpu 或 auto；GPU 的子组大小由硬件定）\n");
        status = RUN_ARGS_USAGE;
    } else if (args->where == RUN_DEVICE_GPU && args->max_steps) {
        fprintf(err, "yusec: error: --max-steps 只用于 CPU（--device=cpu 或 auto）\n");
        status = RUN_ARGS_USAGE;
    }
    if (options->verbose) args->verbose = true;  /* -v: the stages, then what --verbose prints */
    strbuf_free(&error);
    return status;
}
