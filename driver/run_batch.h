/* `yusec run --batch FILE`: many runs in one process. Each line of FILE that is neither blank
 * nor a comment (first non-space character '#') holds the arguments of one `yusec run`
 * (split like a response file: whitespace separates, '…' and "…" quote, a backslash takes
 * the next character literally). The lines run in order with one GPU context for all of
 * them (opened at the first GPU line, opened again after a launch that failed), so a batch
 * of small kernels does not pay the driver's start and context creation per kernel.
 *
 * After each line its own output, then `== 第 N 行：退出码 S` (N the line number in FILE, S
 * the status that `yusec run` with those arguments would exit with) on stdout and stderr.
 * Exit status: 0 every line exited 0, 1 some line did not, 2 the batch itself is unusable
 * (FILE unreadable, other arguments beside --batch). */
#ifndef YUSEC_DRIVER_RUN_BATCH_H
#define YUSEC_DRIVER_RUN_BATCH_H

#include <stdbool.h>

#include "driver/run.h"

/* True when argv is `yusec run --batch …` (argv[1] is "run"). */
bool run_batch_requested(int argc, char **argv);

int driver_run_batch(int argc, char **argv, RunCompileFn compile);

#endif
