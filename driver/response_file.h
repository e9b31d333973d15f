/* @file response files on the command line (as gcc's): each @FILE argument is replaced by
 * the arguments the file holds, read with gcc's quoting rules, nested files included. */
#ifndef YUSEC_DRIVER_RESPONSE_FILE_H
#define YUSEC_DRIVER_RESPONSE_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "base/arena.h"

/* Deepest nesting of response files (a file naming itself stops here). */
enum { RESPONSE_FILE_MAX_DEPTH = 32 };

/* Bounds on a whole expansion (files naming the next one twice would otherwise double the
 * arguments per level): at most this many arguments, bytes of argument text and response
 * files read. Past one, a usage error names the response file being expanded. */
enum {
    RESPONSE_FILE_MAX_ARGS = 1000000,
    RESPONSE_FILE_MAX_BYTES = 64 << 20,
    RESPONSE_FILE_MAX_READS = 10000,
};

/* Expands every @FILE in argv[1..] into *out_argc and *out_argv (argv[0] kept; strings live in
 * the arena). A file that cannot be read, nests too deep or goes past a bound above is a
 * usage error reported on err:
 * on the command line by name, inside a response file at its line and column. */
bool response_files_expand(Arena *arena, int argc, char **argv, int *out_argc, char ***out_argv,
                           FILE *err);

/* Splits response-file text into arguments: whitespace separates; '…' and "…" quote; a
 * backslash takes the next character literally. Each argument's byte offset goes to
 * starts[i] when starts is not NULL. Returns the count; the arrays live in the arena. */
int response_file_split(Arena *arena, const char *text, size_t len, char ***args,
                        unsigned **starts);

#endif
