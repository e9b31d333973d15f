/* Text synchronisation: textDocument/didOpen, didChange (incremental or whole), didClose,
 * didSave. A change marks the document dirty; the loop publishes its diagnostics once no
 * message has come for the debounce time. */
#ifndef YUSEC_LSP_SYNC_H
#define YUSEC_LSP_SYNC_H

#include "lsp/server.h"

void lsp_did_open(LspServer *server, json_t *params);
void lsp_did_change(LspServer *server, json_t *params);
void lsp_did_close(LspServer *server, json_t *params);
void lsp_did_save(LspServer *server, json_t *params);
void lsp_advertise_sync(json_t *capabilities);

#endif
