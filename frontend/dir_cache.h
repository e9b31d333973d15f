/* The package lookup's directory listings, kept between compiles (a library context's; the
 * command compiles once and keeps none). Reading a large directory is the costliest step of
 * a small compile (the current directory is listed for every 「点染」 import, docs/packages.md),
 * so each listed directory's entries that may be subdirectories are kept with the directory's
 * identity and times, and read again when any of those changed:
 *   - a directory is known by its spelling ("." or a search path) and its device and inode
 *     (a chdir to elsewhere, or a replaced directory, is another directory);
 *   - its modification and status-change times change whenever an entry is added, removed or
 *     renamed in it;
 *   - a listing taken less than a second after the directory's modification time is not
 *     kept: a change in the same clock tick would leave the times equal (the file system
 *     stamps with a coarse clock), so such a directory is read again next time.
 * Only the list of names is kept: whether a subdirectory holds a package manifest is asked
 * anew by every compile, so a manifest added to or removed from an existing subdirectory is
 * seen at once. */
#ifndef YUSEC_FRONTEND_DIR_CACHE_H
#define YUSEC_FRONTEND_DIR_CACHE_H

#include <stdint.h>

#include "../base/arena.h"

typedef struct DirCache DirCache;

/* The names of a directory's entries that may be directories (a directory, a link, or an
 * entry whose kind the file system does not say), without "." names; count 0 when the
 * directory cannot be read. */
typedef struct DirListing {
    const char *const *names;
    uint32_t count;
} DirListing;

DirCache *fe_dir_cache_new(void);
void fe_dir_cache_free(DirCache *cache);

/* The listing of `dir`: from `cache` when it is still true, else read (into `arena`) and kept
 * in `cache` when the rule above allows. `cache` may be NULL (read every time). A listing
 * served from the cache is valid until the next fe_dir_list on that cache (which may replace
 * the kept listing of the same spelling) or fe_dir_cache_free: use it before asking again. */
DirListing fe_dir_list(DirCache *cache, Arena *arena, const char *dir);

#endif
