/* textDocument/documentHighlight (lsp/highlight.h). */
#include "lsp/highlight.h"

#include <string.h>

#include "lsp/navigation.h"

/* LSP's DocumentHighlightKind. */
enum { HIGHLIGHT_READ = 2, HIGHLIGHT_WRITE = 3 };

static void add_highlight(LspServer *server, const LspNavigation *nav, const yusec_occurrence *occurrence,
                          json_t *result, void *user) {
    (void)server;
    (void)user;
    if (!occurrence->file || strcmp(occurrence->file, nav->doc->path) != 0) return;
    json_array_append_new(result, json_pack("{s:o,s:i}", "range", lsp_range_json(occurrence->range), "kind",
                                            occurrence->is_definition ? HIGHLIGHT_WRITE : HIGHLIGHT_READ));
}

json_t *lsp_document_highlight(LspServer *server, json_t *params, LspError *error) {
    return lsp_navigation_references(server, params, error, add_highlight, NULL);
}

void lsp_advertise_document_highlight(json_t *capabilities) {
    json_object_set_new(capabilities, "documentHighlightProvider", json_true());
}
