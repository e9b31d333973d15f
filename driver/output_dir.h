/* The files of -emit=LIST -o-dir DIR: DIR/<name><suffix>, <name> the input's file name less
 * 。着色器。豫 (or .yir) — the names yusec_add_shaders uses and 着二's 名。着色生成。豫 — and the
 * directory itself, made when missing. Shared by the outputs (main.c) and -v/-### (stages.c). */
#ifndef YUSEC_DRIVER_OUTPUT_DIR_H
#define YUSEC_DRIVER_OUTPUT_DIR_H

#include <stdbool.h>
#include <stdio.h>

#include "base/arena.h"
#include "driver/options.h"

/* <name>: the input's file name less 。着色器。豫 or .yir. */
const char *output_dir_stem(Arena *arena, const char *input);

/* DIR/<name><suffix>. */
const char *output_dir_file(Arena *arena, const Options *options, const char *suffix);

/* The suffix of arch k's file: `.sm_90.ptx` when -arch= lists several, else `extension`. */
const char *output_dir_arch_suffix(Arena *arena, const Options *options, int arch, const char *extension);

/* How many PTX (cubin, fatbin) files each kind makes: one per -arch= listed, at least one. */
int output_dir_arch_count(const Options *options);

/* Makes DIR and its missing parents (mkdir -p); false after a message on err naming the
 * directory that could not be made and why. */
bool output_dir_make(const char *dir, FILE *err);

#endif
