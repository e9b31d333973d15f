/* textDocument/documentHighlight (lsp/highlight.h). */
#include "lsp/highlight.h"

#include <string.h>

#include "lsp/navigation.h"

/* LSP's DocumentHighlightKind. */
enum { HIGHLIGHT_READ = 2, HIGHLIGHT_WRITE = 3 };

json_t *lsp_document_highlight(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_occurrence *at = yusec_index_at(nav.index, NULL, nav.position);
    json_t *result = NULL;
    if (at) {
        result = json_array();
        size_t count;
        const size_t *refs = yusec_index_references(nav.index, at->symbol, &count);
        const yusec_occurrence *all = yusec_index_occurrences(nav.index, NULL);
        for (size_t i = 0; i < count; i++) {
            const yusec_occurrence *one = &all[refs[i]];
            if (!one->file || strcmp(one->file, nav.doc->path) != 0) continue;
            json_array_append_new(result, json_pack("{s:o,s:i}", "range", lsp_range_json(one->range), "kind",
                                                    one->is_definition ? HIGHLIGHT_WRITE : HIGHLIGHT_READ));
        }
    }
    lsp_navigation_close(&nav);
    return result;
}

void lsp_advertise_document_highlight(json_t *capabilities) {
    json_object_set_new(capabilities, "documentHighlightProvider", json_true());
}
