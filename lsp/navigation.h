/* Navigation (docs/editor.md): hover, go to definition, references, document symbols,
 * completion and signature help, each answered from libyusec's navigation index of the
 * document as the editor holds it (yusec_index_build: names resolved by the checker, as far
 * as it got in a document with errors). Positions are LSP's UTF-16 ones on both sides. */
#ifndef YUSEC_LSP_NAVIGATION_H
#define YUSEC_LSP_NAVIGATION_H

#include "lsp/server.h"

/* ---- the request's document and its index (navigation.c) ---- */
typedef struct LspNavigation {
    LspDocument *doc;
    yusec_index *index;
    yusec_position position;   /* params.position (0 0 when absent) */
} LspNavigation;

/* The document of params.textDocument.uri indexed; false (the error set) when it is not open. */
bool lsp_navigation_open(LspServer *server, json_t *params, LspError *error, LspNavigation *nav);
void lsp_navigation_close(LspNavigation *nav);
/* The symbol the name at the request's position resolves to, or NULL. */
const yusec_symbol *lsp_navigation_symbol_at(const LspNavigation *nav);
json_t *lsp_range_json(yusec_range range);
/* LSP's SymbolKind of each yusec_symbol_kind. */
int lsp_symbol_kind(yusec_symbol_kind kind);
/* A Location: an open document's URI, else the file's (made absolute). */
json_t *lsp_location_json(LspServer *server, const char *file, yusec_range range);

/* The occurrences of the symbol under the request's position, each given to visit with the
 * result array it may append to. Returns that array; NULL — a null result — when no symbol is
 * there, or with *error set when the document is not open. */
typedef void LspOccurrenceVisit(LspServer *server, const LspNavigation *nav,
                                const yusec_occurrence *occurrence, json_t *result, void *user);
json_t *lsp_navigation_references(LspServer *server, json_t *params, LspError *error,
                                  LspOccurrenceVisit *visit, void *user);

/* ---- handlers and their capabilities ---- */
json_t *lsp_definition(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_definition(json_t *capabilities);
json_t *lsp_references(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_references(json_t *capabilities);
/* A text handler (lsp/server.h). */
bool lsp_document_symbols(LspServer *server, json_t *params, LspError *error, StrBuf *result);
void lsp_advertise_document_symbols(json_t *capabilities);
/* navigation_hover.c */
json_t *lsp_hover(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_hover(json_t *capabilities);
/* navigation_complete.c */
json_t *lsp_completion(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_completion(json_t *capabilities);
json_t *lsp_signature_help(LspServer *server, json_t *params, LspError *error);
void lsp_advertise_signature_help(json_t *capabilities);

#endif
