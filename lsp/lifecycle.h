/* The protocol's lifecycle: initialize (settings from initializationOptions), initialized,
 * shutdown, exit, and workspace/didChangeConfiguration. */
#ifndef YUSEC_LSP_LIFECYCLE_H
#define YUSEC_LSP_LIFECYCLE_H

#include "lsp/server.h"

json_t *lsp_initialize(LspServer *server, json_t *params, LspError *error);
void lsp_initialized(LspServer *server, json_t *params);
json_t *lsp_shutdown(LspServer *server, json_t *params, LspError *error);
void lsp_exit(LspServer *server, json_t *params);
void lsp_did_change_configuration(LspServer *server, json_t *params);

/* The defaults: WGSL and MSL (initialize adds PTX when its plugin loads), a target's errors
 * as errors, 150 ms debounce, diagnostics at most 1000 ms after a change. */
void lsp_settings_init(LspSettings *settings);

#endif
