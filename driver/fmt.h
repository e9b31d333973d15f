/* `yusec fmt`: the canonical layout of 豫言 sources (docs/format.md), a thin client of
 * yusec_format (include/yusec/yusec.h). */
#ifndef YUSEC_DRIVER_FMT_H
#define YUSEC_DRIVER_FMT_H

#include <stdbool.h>

/* Whether the command line is `yusec fmt …`. */
bool fmt_args_is_fmt(int argc, char **argv);

/* Runs `yusec fmt [-i | --check] FILE… | -`. Exit status: 0 done (--check: nothing would
 * change), 1 a source with errors, unreadable or unwritable (--check: also a file that would
 * change), 2 a bad command line. */
int driver_fmt(int argc, char **argv);

#endif
