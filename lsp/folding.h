/* textDocument/foldingRange (docs/editor.md): each top-level statement over several lines
 * (from its first token to its 。) and each comment 「：…：」 over several lines (kind
 * "comment"), from the compiler's lexer (yusec_tokenize). */
#ifndef YUSEC_LSP_FOLDING_H
#define YUSEC_LSP_FOLDING_H

#include "lsp/server.h"

json_t *lsp_folding_ranges(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_folding_ranges(json_t *capabilities);

#endif
