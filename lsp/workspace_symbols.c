/* workspace/symbol (lsp/workspace_symbols.h). */
#include "lsp/workspace_symbols.h"

#include <stdio.h>
#include <string.h>

#include "base/memory.h"
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

/* Whether the definition at `location` is listed already; marks it in `seen`
 * ("uri#line:character"). */
static bool already_listed(json_t *seen, json_t *location) {
    const char *uri = json_string_value(json_object_get(location, "uri"));
    json_t *start = json_object_get(json_object_get(location, "range"), "start");
    size_t size = strlen(uri) + 48;
    char *key = mem_alloc(size);
    snprintf(key, size, "%s#%" JSON_INTEGER_FORMAT ":%" JSON_INTEGER_FORMAT, uri,
            json_integer_value(json_object_get(start, "line")), json_integer_value(json_object_get(start, "character")));
    bool listed = json_object_get(seen, key) != NULL;
    if (!listed) json_object_set_new(seen, key, json_true());
    mem_free(key);
    return listed;
}

/* The matching top-level symbols one open document's index sees. */
static void add_matches(LspServer *server, const yusec_index *index, const char *query, json_t *result,
                        json_t *seen) {
    size_t count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &count);
    for (size_t i = 0; i < count; i++) {
        const yusec_symbol *symbol = &symbols[i];
        if (!is_top_level(symbol->kind) || !symbol->file || !strstr(symbol->name, query)) continue;
        json_t *location = lsp_location_json(server, symbol->file, symbol->range);
        if (already_listed(seen, location)) {
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
    json_t *result = json_array(), *seen = json_object();
    for (size_t i = 0; i < server->documents.count; i++) {
        json_t *doc_params = json_pack("{s:{s:s}}", "textDocument", "uri", server->documents.items[i]->uri);
        LspNavigation nav;
        if (doc_params && lsp_navigation_open(server, doc_params, error, &nav)) {
            add_matches(server, nav.index, query, result, seen);
            lsp_navigation_close(&nav);
        }
        json_decref(doc_params);
    }
    json_decref(seen);
    return result;
}

void lsp_advertise_workspace_symbols(json_t *capabilities) {
    json_object_set_new(capabilities, "workspaceSymbolProvider", json_true());
}
