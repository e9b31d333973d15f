/* Indexes of the open documents, kept until the documents change (lsp/index_cache.h). */
#include "lsp/index_cache.h"

#include <string.h>

#include "base/memory.h"
#include "lsp/diagnostics.h"
#include "lsp/server.h"

static void drop_entries(LspIndexCache *cache) {
    for (size_t i = 0; i < cache->count; i++) {
        yusec_index_free(cache->entries[i].index);
        mem_free(cache->entries[i].path);
    }
    cache->count = 0;
}

void lsp_index_cache_free(LspIndexCache *cache) {
    drop_entries(cache);
    mem_free(cache->entries);
    memset(cache, 0, sizeof *cache);
}

static yusec_index *build(LspServer *server, const LspDocument *doc) {
    yusec_input input = {doc->path, doc->text, doc->len};
    yusec_index *index = yusec_index_build(lsp_context(server), &input);
    if (!index) mem_exhausted(doc->len);
    return index;
}

yusec_index *lsp_index_of(LspServer *server, const LspDocument *doc) {
    LspIndexCache *cache = &server->index_cache;
    if (cache->generation != server->documents.generation) {
        drop_entries(cache);
        cache->generation = server->documents.generation;
    }
    for (size_t i = 0; i < cache->count; i++)
        if (strcmp(cache->entries[i].path, doc->path) == 0) return cache->entries[i].index;
    if (cache->count == cache->cap) {
        cache->cap = cache->cap ? cache->cap * 2 : 4;
        cache->entries = mem_realloc(cache->entries, cache->cap * sizeof *cache->entries);
    }
    size_t path_len = strlen(doc->path);
    char *path = mem_alloc(path_len + 1);
    memcpy(path, doc->path, path_len + 1);
    yusec_index *index = build(server, doc);
    cache->entries[cache->count++] = (LspIndexEntry){path, index};
    return index;
}
