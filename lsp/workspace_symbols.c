/* workspace/symbol (lsp/workspace_symbols.h). */
#include "lsp/workspace_symbols.h"

#include <string.h>

#include "lsp/json_text.h"
#include "lsp/navigation.h"

static bool is_top_level(yusec_symbol_kind kind) {
    switch (kind) {
    case YUSEC_SYMBOL_RESOURCE: case YUSEC_SYMBOL_ENTRY: case YUSEC_SYMBOL_FUNCTION: case YUSEC_SYMBOL_CONSTANT:
    case YUSEC_SYMBOL_STRUCT: case YUSEC_SYMBOL_ALIAS:
        return true;
    default:
        return false;
    }
}

/* True when `result` already holds a SymbolInformation at `location`. */
static bool already_listed(json_t *result, json_t *location) {
    size_t i;
    json_t *item;
    json_array_foreach(result, i, item)
        if (json_equal(json_object_get(item, "location"), location)) return true;
    return false;
}

/* The matching top-level symbols one open document's index sees. */
static void add_matches(LspServer *server, const yusec_index *index, const char *query, json_t *result) {
    size_t count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &count);
    for (size_t i = 0; i < count; i++) {
        const yusec_symbol *symbol = &symbols[i];
        if (!is_top_level(symbol->kind) || !symbol->file || !strstr(symbol->name, query)) continue;
        json_t *location = lsp_location_json(server, symbol->file, symbol->range);
        if (already_listed(result, location)) {
            json_decref(location);
            continue;
        }
        json_t *item = json_pack("{s:o,s:i,s:o}", "name", lsp_json_text(symbol->name), "kind",
                                 lsp_symbol_kind(symbol->kind), "location", location);
        if (symbol->module) json_object_set_new(item, "containerName", lsp_json_text(symbol->module));
        json_array_append_new(result, item);
    }
}

json_t *lsp_workspace_symbols(LspServer *server, json_t *params, LspError *error) {
    const char *query = json_string_value(json_object_get(params, "query"));
    if (!query) query = "";
    json_t *result = json_array();
    for (size_t i = 0; i < server->documents.count; i++) {
        json_t *doc_params = json_pack("{s:{s:s}}", "textDocument", "uri", server->documents.items[i]->uri);
        LspNavigation nav;
        if (doc_params && lsp_navigation_open(server, doc_params, error, &nav)) {
            add_matches(server, nav.index, query, result);
            lsp_navigation_close(&nav);
        }
        json_decref(doc_params);
    }
    return result;
}

void lsp_advertise_workspace_symbols(json_t *capabilities) {
    json_object_set_new(capabilities, "workspaceSymbolProvider", json_true());
}
