/* textDocument/formatting and textDocument/rangeFormatting: the canonical layout of
 * `yusec fmt` (yusec_format, docs/format.md) as text edits. */
#ifndef YUSEC_LSP_FORMATTING_H
#define YUSEC_LSP_FORMATTING_H

#include "lsp/server.h"

/* The whole document: one edit replacing it, none when it is canonical, null when it does not
 * parse (its diagnostics say why). */
json_t *lsp_formatting(LspServer *server, json_t *params, LspError *error);
/* The whole lines the range touches: one edit per line whose layout changes (its
 * indentation, trailing whitespace); blank lines stay. null when it does not parse. */
json_t *lsp_range_formatting(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_formatting(json_t *capabilities);
void lsp_advertise_range_formatting(json_t *capabilities);

#endif
