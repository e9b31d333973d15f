/* The input's path as written into outputs (--entries=json's "source"): the same bytes
 * wherever the checkout lies (issue 20, reproducible outputs). */
#ifndef YUSEC_DRIVER_SOURCE_PATH_H
#define YUSEC_DRIVER_SOURCE_PATH_H

#include "base/arena.h"
#include "driver/options.h"

/* With a -ffile-prefix-map that matches the input as spelled or its absolute path: that
 * path mapped (the last matching map wins, as gcc's). Otherwise the path relative to the
 * package root (the directory of its 包。清单, or of the lone file), or the file name when
 * there is no root (a .yir input). Diagnostics and depfiles keep the real paths (as gcc's). */
const char *source_path_for_output(Arena *arena, const Options *options, const char *package_root);

#endif
