/* textDocument/documentHighlight (docs/editor.md): the occurrences, in the document, of the
 * definition the name under the cursor resolves to — the defining names as Write, the uses
 * as Read — from the navigation index (lsp/navigation.h). */
#ifndef YUSEC_LSP_HIGHLIGHT_H
#define YUSEC_LSP_HIGHLIGHT_H

#include "lsp/server.h"

json_t *lsp_document_highlight(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_document_highlight(json_t *capabilities);

#endif
