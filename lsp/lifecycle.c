/* initialize … exit, and the settings. */
#include "lsp/lifecycle.h"

#include <string.h>

#include "lsp/diagnostics.h"

enum { DEFAULT_DEBOUNCE_MS = 150, MAX_DEBOUNCE_MS = 10000 };

void lsp_settings_init(LspSettings *settings) {
    settings->targets = YUSEC_WANT_WGSL | YUSEC_WANT_MSL;
    settings->debounce_ms = DEFAULT_DEBOUNCE_MS;
}

/* {"targets": ["wgsl", "msl", "ptx"], "debounceMs": N}; keys left out keep their value, and
 * values of the wrong type are ignored. */
static void read_settings(LspSettings *settings, json_t *object) {
    json_t *targets = json_object_get(object, "targets");
    if (json_is_array(targets)) {
        settings->targets = 0;
        size_t i;
        json_t *name;
        json_array_foreach(targets, i, name) {
            const char *text = json_string_value(name);
            if (!text) continue;
            if (strcmp(text, "wgsl") == 0) settings->targets |= YUSEC_WANT_WGSL;
            else if (strcmp(text, "msl") == 0) settings->targets |= YUSEC_WANT_MSL;
            else if (strcmp(text, "ptx") == 0) settings->targets |= YUSEC_WANT_PTX;
        }
    }
    json_t *debounce = json_object_get(object, "debounceMs");
    if (json_is_integer(debounce)) {
        json_int_t ms = json_integer_value(debounce);
        settings->debounce_ms = ms < 0 ? 0 : ms > MAX_DEBOUNCE_MS ? MAX_DEBOUNCE_MS : (int)ms;
    }
}

json_t *lsp_initialize(LspServer *server, json_t *params, LspError *error) {
    if (server->initialized) {
        lsp_fail(error, LSP_INVALID_REQUEST, "initialize 只能发一次");
        return NULL;
    }
    read_settings(&server->settings, json_object_get(params, "initializationOptions"));
    server->initialized = true;
    return json_pack("{s:o,s:{s:s,s:s}}", "capabilities", lsp_capabilities(), "serverInfo", "name",
                     "yusec", "version", yusec_version());
}

void lsp_initialized(LspServer *server, json_t *params) {
    (void)server;
    (void)params;
}

json_t *lsp_shutdown(LspServer *server, json_t *params, LspError *error) {
    (void)params;
    (void)error;
    server->shutdown_requested = true;
    return NULL;
}

void lsp_exit(LspServer *server, json_t *params) {
    (void)params;
    server->exit_requested = true;
}

/* settings.yusec (VS Code sends the section it was asked for; a client that sends the keys
 * at the top is understood too). Every open document is checked again. */
void lsp_did_change_configuration(LspServer *server, json_t *params) {
    json_t *settings = json_object_get(params, "settings");
    json_t *section = json_object_get(settings, "yusec");
    read_settings(&server->settings, section ? section : settings);
    for (size_t i = 0; i < server->documents.count; i++) server->documents.items[i]->dirty = true;
}
