/* The directory listings of the package lookup, kept between compiles (dir_cache.h). */
#define _DEFAULT_SOURCE 1  /* d_type (DT_DIR…) is a BSD extension */

#include "dir_cache.h"

#include <dirent.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../base/memory.h"

/* How long after a directory's last change its listing may be kept (dir_cache.h). */
enum { SETTLED_SECONDS = 1 };

typedef struct DirIdentity {
    dev_t device;
    ino_t inode;
    struct timespec modified, changed;
} DirIdentity;

/* One kept listing, in one heap block: this header, the name pointers, the names. */
typedef struct KeptListing {
    const char *dir;
    DirIdentity identity;
    DirListing listing;
} KeptListing;

struct DirCache {
    KeptListing **kept;  /* one per directory spelling, at most */
    uint32_t count, cap;
};

DirCache *fe_dir_cache_new(void) { return mem_calloc(1, sizeof(DirCache)); }

void fe_dir_cache_free(DirCache *cache) {
    if (!cache) return;
    for (uint32_t i = 0; i < cache->count; i++) mem_free(cache->kept[i]);
    mem_free(cache->kept);
    mem_free(cache);
}

static bool identify(const char *dir, DirIdentity *identity) {
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) return false;
    *identity = (DirIdentity){st.st_dev, st.st_ino, st.st_mtim, st.st_ctim};
    return true;
}

static bool same_time(struct timespec a, struct timespec b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static bool same_identity(const DirIdentity *a, const DirIdentity *b) {
    return a->device == b->device && a->inode == b->inode && same_time(a->modified, b->modified) &&
           same_time(a->changed, b->changed);
}

/* Whether the directory's entries last changed at least SETTLED_SECONDS before `listed` (an
 * entry added, removed or renamed sets the modification time; the status-change time also
 * moves for what does not touch the entries, such as a chmod or a utimensat, so it takes part
 * in same_identity only). */
static bool settled(const DirIdentity *identity, struct timespec listed) {
    return identity->modified.tv_sec + SETTLED_SECONDS < listed.tv_sec;
}

static bool may_be_directory(const struct dirent *entry) {
#ifdef DT_DIR
    return entry->d_type == DT_DIR || entry->d_type == DT_LNK || entry->d_type == DT_UNKNOWN;
#else
    (void)entry;
    return true;
#endif
}

static DirListing read_listing(Arena *arena, const char *dir) {
    DirListing listing = {NULL, 0};
    DIR *stream = opendir(dir);
    if (!stream) return listing;
    PtrVec names = {0};
    struct dirent *entry;
    while ((entry = readdir(stream)) != NULL)
        if (entry->d_name[0] != '.' && may_be_directory(entry))
            ptrvec_push(arena, &names, arena_strdup(arena, entry->d_name));
    closedir(stream);
    listing.names = (const char *const *)names.items;
    listing.count = (uint32_t)names.len;
    return listing;
}

static KeptListing *find_kept(const DirCache *cache, const char *dir) {
    for (uint32_t i = 0; i < cache->count; i++)
        if (strcmp(cache->kept[i]->dir, dir) == 0) return cache->kept[i];
    return NULL;
}

/* A heap copy of the listing, owned by the cache: detached from the running call's memory
 * guard, so that a compile running out of memory later does not free it. */
static KeptListing *copy_kept(const char *dir, const DirIdentity *identity, DirListing listing) {
    size_t bytes = sizeof(KeptListing) + (size_t)listing.count * sizeof(char *) + strlen(dir) + 1;
    for (uint32_t i = 0; i < listing.count; i++) bytes += strlen(listing.names[i]) + 1;
    KeptListing *kept = mem_alloc(bytes);
    const char **names = (const char **)(kept + 1);
    char *text = (char *)(names + listing.count);
    for (uint32_t i = 0; i < listing.count; i++) {
        size_t len = strlen(listing.names[i]) + 1;
        names[i] = memcpy(text, listing.names[i], len);
        text += len;
    }
    kept->dir = memcpy(text, dir, strlen(dir) + 1);
    kept->identity = *identity;
    kept->listing = (DirListing){names, listing.count};
    mem_detach(kept);
    return kept;
}

/* Room for one more listing (grown before the copy is made, so that memory running out
 * between the two leaves nothing unowned). */
static void make_room(DirCache *cache) {
    if (cache->count < cache->cap) return;
    uint32_t cap = cache->cap ? cache->cap * 2 : 4;
    KeptListing **grown = mem_alloc(cap * sizeof *grown);
    if (cache->count) memcpy(grown, cache->kept, cache->count * sizeof *grown);
    mem_detach(grown);
    mem_free(cache->kept);
    cache->kept = grown;
    cache->cap = cap;
}

static DirListing keep(DirCache *cache, const char *dir, const DirIdentity *identity, DirListing listing) {
    make_room(cache);
    KeptListing *kept = copy_kept(dir, identity, listing);
    for (uint32_t i = 0; i < cache->count; i++) {
        if (strcmp(cache->kept[i]->dir, dir) == 0) {
            mem_free(cache->kept[i]);
            cache->kept[i] = kept;
            return kept->listing;
        }
    }
    cache->kept[cache->count++] = kept;
    return kept->listing;
}

DirListing fe_dir_list(DirCache *cache, Arena *arena, const char *dir) {
    DirIdentity identity;
    if (!cache || !identify(dir, &identity)) return read_listing(arena, dir);
    KeptListing *kept = find_kept(cache, dir);
    if (kept && same_identity(&kept->identity, &identity)) return kept->listing;
    struct timespec listed;
    clock_gettime(CLOCK_REALTIME, &listed);
    DirListing listing = read_listing(arena, dir);
    DirIdentity after;
    /* kept only when nothing changed while it was read and the last change has settled */
    if (identify(dir, &after) && same_identity(&identity, &after) && settled(&identity, listed))
        return keep(cache, dir, &identity, listing);
    return listing;
}
