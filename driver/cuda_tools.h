/* -emit-cubin and -emit-fatbin: yusec's PTX assembled by the CUDA toolkit's ptxas (and
 * packed with the PTX by fatbinary), found in $CUDA_PATH/bin when CUDA_PATH is set (there
 * only), else in $CUDA_HOME/bin, PATH or /usr/local/cuda/bin. One description of the commands serves -v/-### and the run. */
#ifndef YUSEC_DRIVER_CUDA_TOOLS_H
#define YUSEC_DRIVER_CUDA_TOOLS_H

#include <stdbool.h>
#include <stdio.h>

#include "base/arena.h"
#include "base/strbuf.h"

typedef enum CudaBinary { CUDA_CUBIN, CUDA_FATBIN } CudaBinary;

enum { CUDA_TOOL_MAX_ARGS = 8 };

typedef struct CudaCommand {
    const char *argv[CUDA_TOOL_MAX_ARGS + 1];  /* NULL-terminated */
    int argc;
} CudaCommand;

/* The full path of a CUDA tool ("ptxas", "fatbinary"), or NULL when none is found. */
const char *cuda_tool_find(Arena *arena, const char *name);

/* The commands that turn `ptx_path` into `out_path` for `arch` (sm_80 …): ptxas alone for a
 * cubin; ptxas to `cubin_path`, then fatbinary for a fatbin. Returns how many (1 or 2);
 * tools not found are spelled by their bare name (for -###). */
int cuda_commands(Arena *arena, CudaBinary kind, const char *arch, const char *ptx_path,
                  const char *cubin_path, const char *out_path, CudaCommand commands[2]);

/* One command as a shell would read it (for -v and -###). */
void cuda_command_print(FILE *out, const CudaCommand *command);

/* Assembles `ptx` into the binary's bytes (appended to `binary`). False after a message on
 * stderr: no toolkit (status 2 in *status), or a tool that failed (1: its own messages came
 * first). `verbose` prints each command before it runs. */
bool cuda_build_binary(Arena *arena, CudaBinary kind, const char *arch, const char *ptx,
                       size_t ptx_len, bool verbose, StrBuf *binary, int *status);

#endif
