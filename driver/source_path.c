#include "source_path.h"

#include "../base/file.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The absolute spelling of path: resolved when it exists, else joined to the working
 * directory (standard input's --stdin-name need not exist). */
static const char *absolute_path(Arena *arena, const char *path) {
    const char *resolved = file_real_path(arena, path);
    if (resolved) return resolved;
    if (path[0] == '/') return path;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return path;
    return arena_printf(arena, "%s/%s", cwd, path[0] == '.' && path[1] == '/' ? path + 2 : path);
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

const char *source_path_for_output(Arena *arena, const Options *options, const char *package_root) {
    const char *spelled = options->input;
    const char *mapped = options_map_path(options, arena, spelled);
    if (mapped != spelled) return mapped;
    const char *absolute = absolute_path(arena, spelled);
    mapped = options_map_path(options, arena, absolute);
    if (mapped != absolute) return mapped;
    if (!package_root) return base_name(spelled);
    const char *root = absolute_path(arena, package_root);
    size_t len = strlen(root);
    if (strncmp(absolute, root, len) == 0 && absolute[len] == '/') return absolute + len + 1;
    return base_name(spelled);
}
