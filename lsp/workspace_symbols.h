/* workspace/symbol (docs/editor.md): the top-level definitions of every open document and of
 * the modules it imports (its package's, and others'; not the builtins), each once, whose
 * name contains the query (an empty query: all), from the navigation index. */
#ifndef YUSEC_LSP_WORKSPACE_SYMBOLS_H
#define YUSEC_LSP_WORKSPACE_SYMBOLS_H

#include "lsp/server.h"

json_t *lsp_workspace_symbols(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_workspace_symbols(json_t *capabilities);

#endif
