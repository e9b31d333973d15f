/* The `yusec run` command line, parsed here and only here (run_args_parse): the flags of run
 * itself are taken out of argv (lib/run_args.h), then the ordinary option parser
 * (driver/options.c) sees the rest (-arch=, -O2, -I …, the input file), then the two are
 * checked against each other. */
#ifndef YUSEC_DRIVER_RUN_ARGS_H
#define YUSEC_DRIVER_RUN_ARGS_H

#include <stdio.h>

#include "base/arena.h"
#include "driver/options.h"
#include "lib/run_args.h"

typedef enum RunArgsStatus { RUN_ARGS_OK, RUN_ARGS_USAGE, RUN_ARGS_HELP } RunArgsStatus;

/* The whole run command line (argv as main() got it; not modified): run's flags into `args`,
 * the rest into `options`, then what the two say together (-o is refused, --ptx only for a
 * GPU, --subgroup-size and --max-steps only for the CPU; -v implies --verbose). Problems are
 * reported on `err` (RUN_ARGS_USAGE); -h and --version give RUN_ARGS_HELP. */
RunArgsStatus run_args_parse(Arena *arena, int argc, char **argv, RunArgs *args, Options *options, FILE *err);

#endif
