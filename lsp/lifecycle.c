/* initialize … exit, and the settings. */
#include "lsp/lifecycle.h"

#include <string.h>

#include "lib/targets.h"
#include "lsp/diagnostics.h"

enum {
    DEFAULT_DEBOUNCE_MS = 150, MAX_DEBOUNCE_MS = 10000,
    DEFAULT_DEBOUNCE_MAX_MS = 1000, MAX_DEBOUNCE_MAX_MS = 60000,
};

void lsp_settings_init(LspSettings *settings) {
    settings->target_rule = LSP_TARGET_AS_REPORTED;
    settings->targets = YUSEC_WANT_WGSL | YUSEC_WANT_MSL;
    settings->ptx_if_available = false;
    settings->debounce_ms = DEFAULT_DEBOUNCE_MS;
    settings->debounce_max_ms = DEFAULT_DEBOUNCE_MAX_MS;
}

/* The default targets are WGSL and MSL, and PTX when its plugin loads. Whether it loads is
 * asked at the first compile for diagnostics, not at initialize: loading the plugin (and the
 * LLVM it links) is no request's cost (docs/editor.md, "Speed"). */
unsigned lsp_diagnostic_targets(LspServer *server) {
    LspSettings *settings = &server->settings;
    if (settings->ptx_if_available) {
        settings->ptx_if_available = false;
        if (yusec_ptx_available(lsp_context(server))) settings->targets |= YUSEC_WANT_PTX;
    }
    return settings->targets;
}

static void read_target_rule(LspSettings *settings, json_t *value) {
    const char *text = json_string_value(value);
    if (!text) return;
    if (strcmp(text, "error") == 0) settings->target_rule = LSP_TARGET_AS_REPORTED;
    else if (strcmp(text, "warning") == 0) settings->target_rule = LSP_TARGET_AS_WARNINGS;
    else if (strcmp(text, "off") == 0) settings->target_rule = LSP_TARGET_OFF;
}

/* An integer setting clamped to 0 … max (another type: left as it is). */
static void read_milliseconds(int *setting, json_t *value, int max) {
    if (!json_is_integer(value)) return;
    json_int_t ms = json_integer_value(value);
    *setting = ms < 0 ? 0 : ms > max ? max : (int)ms;
}

/* {"targets": ["wgsl", "msl", "ptx"], "targetDiagnostics": "error" | "warning" | "off",
 * "debounceMs": N, "debounceMaxMs": N}; keys left out keep their value, values of the wrong type are ignored. */
static void read_settings(LspSettings *settings, json_t *object) {
    read_target_rule(settings, json_object_get(object, "targetDiagnostics"));
    json_t *targets = json_object_get(object, "targets");
    if (json_is_array(targets)) {
        settings->targets = 0;
        settings->ptx_if_available = false;
        size_t i;
        json_t *name;
        json_array_foreach(targets, i, name) {
            const char *text = json_string_value(name);
            if (!text) continue;
            const TargetDescriptor *target = lib_target_word(text);
            if (target) settings->targets |= YUSEC_WANT(target->id);
        }
    }
    read_milliseconds(&settings->debounce_ms, json_object_get(object, "debounceMs"), MAX_DEBOUNCE_MS);
    read_milliseconds(&settings->debounce_max_ms, json_object_get(object, "debounceMaxMs"), MAX_DEBOUNCE_MAX_MS);
}

json_t *lsp_initialize(LspServer *server, json_t *params, LspError *error) {
    if (server->initialized) {
        lsp_fail(error, LSP_INVALID_REQUEST, "initialize 只能发一次");
        return NULL;
    }
    json_t *options = json_object_get(params, "initializationOptions");
    server->settings.ptx_if_available = !json_is_array(json_object_get(options, "targets"));
    read_settings(&server->settings, options);
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
