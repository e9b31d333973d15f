/* textDocument/inlayHint (docs/editor.md): after the name of each 令 binding in the requested
 * range — 令 has no written type — the type the checker inferred for it, as hover shows it
 * (乃「无三二」), from the navigation index (lsp/navigation.h). */
#ifndef YUSEC_LSP_INLAY_HINTS_H
#define YUSEC_LSP_INLAY_HINTS_H

#include "lsp/server.h"

json_t *lsp_inlay_hints(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_inlay_hints(json_t *capabilities);

#endif
