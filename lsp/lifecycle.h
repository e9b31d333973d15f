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

/* The targets compiled for diagnostics (YUSEC_WANT_…): the settings', with PTX added at the
 * first call when no targets were given and its plugin loads. */
unsigned lsp_diagnostic_targets(LspServer *server);

/* The defaults: WGSL and MSL (PTX too when its plugin loads: lsp_diagnostic_targets), a
 * target's errors as errors, 150 ms debounce, diagnostics at most 1000 ms after a change. */
void lsp_settings_init(LspSettings *settings);

#endif
