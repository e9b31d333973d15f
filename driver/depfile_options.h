/* The depfile's options beyond -MD and -MF (issue 29 item 11), in gcc's meaning:
 *   -MT TARGET  the rule's target is TARGET instead of the outputs (repeat for several);
 *   -MP         an empty rule for every dependency but the input, so deleting one is no error;
 *   -MMD        -MD without the files of the builtin package 点染 (as gcc's -MMD leaves out
 *               system headers): the compiler's own files, not the user's.
 * Every path in the depfile is spelled without "." and "DIR/.." (depfile_clean_path). */
#ifndef YUSEC_DRIVER_DEPFILE_OPTIONS_H
#define YUSEC_DRIVER_DEPFILE_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "base/strbuf.h"
#include "driver/options.h"

/* argv[*i] when it is -MT (its value joined or the next argument), -MP or -MMD: 1 (taken,
 * *i past its value), -1 after a usage error on `err`; 0 when it is none of them. */
int depfile_parse_option(Options *options, int argc, char **argv, int *i, FILE *err);

/* -MT and -MP shape a depfile: without -MD, -MMD or -MF they are a usage error. */
bool depfile_check_options(const Options *options, FILE *err);

/* The depfile's text: the rule (-MT's targets, else `outputs`) over the files read that it
 * depends on (standard input never; under -MMD not those inside `builtin_dir`), then with -MP
 * an empty rule for each of them but the input. `outputs` newline-separated. */
void depfile_compose(StrBuf *text, const Options *options, const char *builtin_dir,
                     const char *outputs, const char *const *files_read, uint32_t files_read_count);

#endif
