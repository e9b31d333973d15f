/* textDocument/semanticTokens/full: the lexer's tokens of the open text (kept by its index, yusec_index_tokens). */
#ifndef YUSEC_LSP_SEMANTIC_TOKENS_H
#define YUSEC_LSP_SEMANTIC_TOKENS_H

#include "lsp/server.h"

/* A text handler (lsp/server.h): {"data": [...]} as JSON text. */
bool lsp_semantic_tokens_full(LspServer *server, json_t *params, LspError *error, StrBuf *result);
/* semanticTokensProvider: the legend and full (no range, no delta). */
void lsp_advertise_semantic_tokens(json_t *capabilities);

#endif
