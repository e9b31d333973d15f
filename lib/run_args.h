/* `yusec run`'s own flags, taken out of argv here (run_args_extract); driver/run_args.h parses
 * the rest of the line (run_args_parse). The flags:
 *
 *   --entry 名          the compute entry to run (entry item or function name; optional
 *                       when the module has one compute entry)
 *   --grid X[,Y,Z]      number of workgroups (default 1)
 *   --buffer g:b=TYPE:VALUES   a buffer's initial contents (repeatable; see buffers.h)
 *   --out g:b=FILE      write that buffer's final contents to FILE (raw words) instead of
 *                       printing it (repeatable)
 *   --texture g:b=FORMAT:WxH:VALUES  a 2D texture (one mip level): FORMAT a WebGPU texture
 *                       format (rt_texel_format_from_name), VALUES as for --buffer, one word
 *                       per channel (rgba8unorm: one u32 per texel, red in the low byte)
 *   --sampler g:b=FILTER[:ADDRESS[:COMPARE]]  a sampler's state: nearest|linear,
 *                       clamp-to-edge|repeat|mirror-repeat, and for a comparison sampler its
 *                       compare function (never, less, equal, less-equal, greater, not-equal,
 *                       greater-equal, always)
 *   --shape g:b=ROWSxCOLS  a tensor map's tensor (required for each tensor-map binding): its
 *                       --buffer holds ROWS × COLS elements, row-major
 *   --ptx FILE          launch this PTX instead of translating (checked against the plan)
 *   --device WHERE      gpu (the default: GPU 0), N (GPU N), cpu (the YIR executor,
 *                       exec/), auto (a GPU when one is usable, else the CPU)
 *   --subgroup-size N   the CPU's subgroup size (default 32; a power of two 4…128)
 *   --dry-run           compile and print the launch plan; needs no GPU
 *   --verbose           print the device and the JIT's info log on stderr
 * Every flag also takes the form --flag=value. */
#ifndef YUSEC_LIB_RUN_ARGS_H
#define YUSEC_LIB_RUN_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/strbuf.h"

/* The parsed --buffer, --texture and --sampler values: runner data read only inside lib/. */
typedef struct RunInputs RunInputs;

typedef struct RunOutSpec {
    uint32_t group, binding;
    const char *path;
} RunOutSpec;

typedef enum RunDevice { RUN_DEVICE_GPU, RUN_DEVICE_CPU, RUN_DEVICE_AUTO } RunDevice;

typedef struct RunArgs {
    const char *entry;        /* NULL: the only compute entry */
    uint32_t grid[3];
    RunInputs *inputs;        /* --buffer, --texture, --sampler (lib/run_inputs.h, lib's own) */
    RunOutSpec *outs;
    uint32_t out_count;
    const char *ptx_path;
    int device;               /* GPU ordinal */
    RunDevice where;
    uint32_t subgroup_size;   /* CPU only; 0 = the executor's default */
    uint64_t max_steps;       /* CPU only; 0 = the executor's default budget */
    bool dry_run;
    bool verbose;
} RunArgs;

/* True when argv is a `yusec run …` command line (the tool word first). */
bool run_args_is_run(int argc, char **argv);

/* Removes run's flags from argv (compacting it and updating *argc; the tool word and all
 * other arguments stay, in order) and fills `args`. Buffer values are parsed (and data
 * files read) here. False with the reason in `error`. */
bool run_args_extract(Arena *arena, int *argc, char **argv, RunArgs *args, StrBuf *error);

#endif
