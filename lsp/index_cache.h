/* The navigation index of each open document, built once per generation of the open
 * documents (LspDocuments.generation): the requests between two changes — semantic tokens,
 * hover, highlight, inlay hints … an editor sends several for each edit — share one index
 * instead of checking the document again each (docs/editor.md, "Speed"). */
#ifndef YUSEC_LSP_INDEX_CACHE_H
#define YUSEC_LSP_INDEX_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include <yusec/yusec.h>

typedef struct LspIndexEntry {
    char *path;
    yusec_index *index;
} LspIndexEntry;

typedef struct LspIndexCache {
    uint64_t generation;      /* of the documents the entries were built from */
    LspIndexEntry *entries;   /* one per document indexed in that generation */
    size_t count, cap;
} LspIndexCache;

struct LspServer;
struct LspDocument;

/* The index of the open document `doc` as its text and the other open documents are now:
 * the cached one when nothing changed since it was built, else a new one (the stale ones are
 * freed). Owned by the cache: valid until the next change of the documents. */
yusec_index *lsp_index_of(struct LspServer *server, const struct LspDocument *doc);
void lsp_index_cache_free(LspIndexCache *cache);

#endif
