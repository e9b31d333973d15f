/* Compiling open documents through libyusec in-process, and their diagnostics as LSP
 * textDocument/publishDiagnostics (docs/editor.md). */
#ifndef YUSEC_LSP_DIAGNOSTICS_H
#define YUSEC_LSP_DIAGNOSTICS_H

#include "lib/positions.h"
#include "lsp/server.h"

/* The server's context, with the command line's options and a source provider that serves
 * every open document from the editor's text (other files come from disk). Kept for the
 * server's life — its deep-stack thread, its builtin interface and its directory listings
 * (which check themselves against the disk) serve every request — and owned by the server. */
yusec_context *lsp_context(LspServer *server);

/* The text of `path` as compiles see it changed (lsp_documents_changed); when it is the
 * builtin interface, which a context reads once, the context is made again at the next use. */
void lsp_text_changed(LspServer *server, const char *path);

/* Compiles `doc` for `targets` (YUSEC_WANT_…) with the command line's options; every open
 * document is read from the editor's text, other files from disk. Never NULL unless memory
 * runs out; free it with yusec_result_free. */
yusec_result *lsp_compile(LspServer *server, const LspDocument *doc, unsigned targets);

/* The LSP Range of a yusec location in the text of `columns` (its end: one character when it
 * has none). */
json_t *lsp_range_of(LibColumnCursor *columns, const yusec_location *at);

/* Compiles `doc` for the configured targets and publishes its diagnostics (with its version). */
void lsp_publish_diagnostics(LspServer *server, LspDocument *doc);

/* Publishes every dirty document's diagnostics. */
void lsp_publish_dirty(LspServer *server);
bool lsp_any_dirty(const LspServer *server);

#endif
