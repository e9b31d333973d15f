/* Call hierarchy (docs/editor.md): textDocument/prepareCallHierarchy, callHierarchy/incomingCalls
 * and callHierarchy/outgoingCalls, from the navigation indexes of the open documents (each
 * covers the document and the modules it imports), so across the package. A call is a use of
 * a function's name (a function, a 递归令, a builtin function) inside the body of a top-level
 * function or entry — the caller; an entry's use of its kernel counts. */
#ifndef YUSEC_LSP_CALL_HIERARCHY_H
#define YUSEC_LSP_CALL_HIERARCHY_H

#include "lsp/server.h"

json_t *lsp_prepare_call_hierarchy(LspServer *server, json_t *params, LspError *error);
json_t *lsp_incoming_calls(LspServer *server, json_t *params, LspError *error);
json_t *lsp_outgoing_calls(LspServer *server, json_t *params, LspError *error);
/* callHierarchyProvider */
void lsp_advertise_call_hierarchy(json_t *capabilities);

#endif
