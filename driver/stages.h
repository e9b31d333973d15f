/* -v and -###: the stages a command runs, one line each ("yusec: 阶段：…"), described from
 * the options and the pass pipelines the driver will run, before anything runs. */
#ifndef YUSEC_DRIVER_STAGES_H
#define YUSEC_DRIVER_STAGES_H

#include <stdio.h>

#include "driver/options.h"
#include "lib/targets.h"

/* The pipeline the driver runs for a target (main.c's, so both say the same). */
typedef const char *(*StagePipelineFn)(void *context, yusec_target target);

/* Extra lines for an action's external tools (-emit-cubin's ptxas …), or NULL. */
typedef void (*StageToolsFn)(void *context, FILE *out);

void stages_print(FILE *out, const Options *options, StagePipelineFn pipeline,
                  StageToolsFn tools, void *context);

/* yusec run -v/-###: the input, the module through PTX's pipeline, the PTX (when `makes_ptx`;
 * or read from `ptx_file`), then `launch` (entry, grid, device, results). */
void stages_print_run(FILE *out, const Options *options, StagePipelineFn pipeline, void *context,
                      bool makes_ptx, const char *ptx_file, const char *launch);

#endif
