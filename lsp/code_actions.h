/* textDocument/codeAction (docs/editor.md): every fix-it a diagnostic's note carries
 * (yusec_diagnostic.replacement: the one near name of 是不是想写「…」？, the missing
 * 寻观…之书。 line at the top of the file) as a quick fix whose WorkspaceEdit applies it, for
 * the diagnostics of the document that meet the request's range. */
#ifndef YUSEC_LSP_CODE_ACTIONS_H
#define YUSEC_LSP_CODE_ACTIONS_H

#include "lsp/server.h"

json_t *lsp_code_actions(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_code_actions(json_t *capabilities);

#endif
