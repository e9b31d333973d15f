/* `yusec -`: the source read from standard input, once per command (-emit-gen builds three
 * targets from it). */
#ifndef YUSEC_DRIVER_STDIN_INPUT_H
#define YUSEC_DRIVER_STDIN_INPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "base/arena.h"
#include "driver/options.h"

/* Reads `in` to its end into options->input_text (at most SOURCE_MAX_BYTES). False after a
 * message on err: a read error or too large an input. */
bool stdin_input_read(Arena *arena, Options *options, FILE *in, FILE *err);

#endif
