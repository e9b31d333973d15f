/* The dispatch table: every method the server answers (lsp/server.h says how to add one). */
#include "lsp/server.h"

#include <string.h>

#include "lsp/call_hierarchy.h"
#include "lsp/code_actions.h"
#include "lsp/folding.h"
#include "lsp/formatting.h"
#include "lsp/highlight.h"
#include "lsp/inlay_hints.h"
#include "lsp/lifecycle.h"
#include "lsp/navigation.h"
#include "lsp/rename.h"
#include "lsp/semantic_tokens.h"
#include "lsp/show_output.h"
#include "lsp/sync.h"
#include "lsp/workspace_symbols.h"

static const LspMethod methods[] = {
    {"initialize", lsp_initialize, NULL, NULL, NULL},
    {"initialized", NULL, lsp_initialized, NULL, NULL},
    {"shutdown", lsp_shutdown, NULL, NULL, NULL},
    {"exit", NULL, lsp_exit, NULL, NULL},
    {"workspace/didChangeConfiguration", NULL, lsp_did_change_configuration, NULL, NULL},
    {"textDocument/didOpen", NULL, lsp_did_open, lsp_advertise_sync, NULL},
    {"textDocument/didChange", NULL, lsp_did_change, NULL, NULL},
    {"textDocument/didClose", NULL, lsp_did_close, NULL, NULL},
    {"textDocument/didSave", NULL, lsp_did_save, NULL, NULL},
    {"textDocument/semanticTokens/full", NULL, NULL, lsp_advertise_semantic_tokens, lsp_semantic_tokens_full},
    {"workspace/executeCommand", lsp_execute_command, NULL, lsp_advertise_commands, NULL},
    {"textDocument/hover", lsp_hover, NULL, lsp_advertise_hover, NULL},
    {"textDocument/definition", lsp_definition, NULL, lsp_advertise_definition, NULL},
    {"textDocument/references", lsp_references, NULL, lsp_advertise_references, NULL},
    {"textDocument/documentSymbol", NULL, NULL, lsp_advertise_document_symbols, lsp_document_symbols},
    {"textDocument/completion", lsp_completion, NULL, lsp_advertise_completion, NULL},
    {"textDocument/signatureHelp", lsp_signature_help, NULL, lsp_advertise_signature_help, NULL},
    {"textDocument/documentHighlight", lsp_document_highlight, NULL, lsp_advertise_document_highlight, NULL},
    {"textDocument/prepareRename", lsp_prepare_rename, NULL, NULL, NULL},
    {"textDocument/rename", lsp_rename, NULL, lsp_advertise_rename, NULL},
    {"workspace/symbol", lsp_workspace_symbols, NULL, lsp_advertise_workspace_symbols, NULL},
    {"textDocument/foldingRange", lsp_folding_ranges, NULL, lsp_advertise_folding_ranges, NULL},
    {"textDocument/formatting", lsp_formatting, NULL, lsp_advertise_formatting, NULL},
    {"textDocument/rangeFormatting", lsp_range_formatting, NULL, lsp_advertise_range_formatting, NULL},
    {"textDocument/codeAction", lsp_code_actions, NULL, lsp_advertise_code_actions, NULL},
    {"textDocument/inlayHint", lsp_inlay_hints, NULL, lsp_advertise_inlay_hints, NULL},
    {"textDocument/prepareCallHierarchy", lsp_prepare_call_hierarchy, NULL, lsp_advertise_call_hierarchy, NULL},
    {"callHierarchy/incomingCalls", lsp_incoming_calls, NULL, NULL, NULL},
    {"callHierarchy/outgoingCalls", lsp_outgoing_calls, NULL, NULL, NULL},
};

const LspMethod *lsp_method_find(const char *name) {
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(methods[i].name, name) == 0) return &methods[i];
    return NULL;
}

json_t *lsp_capabilities(void) {
    json_t *capabilities = json_object();
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (methods[i].advertise) methods[i].advertise(capabilities);
    return capabilities;
}
