/* The `yusec lsp` server's state and its request dispatch table (docs/editor.md).
 *
 * Every method the server answers is one row of the table in lsp/dispatch.c:
 *
 *     {"textDocument/hover", lsp_hover, NULL, lsp_advertise_hover},
 *
 * - a request handler (LspRequestFn) gets the server and the request's `params` (borrowed;
 *   may be NULL) and returns the result as a new reference (NULL: the JSON null result). To
 *   answer with an error it calls lsp_fail(error, code, message) and returns NULL;
 * - a notification handler (LspNotifyFn) gets the same and answers nothing;
 * - a text handler (LspTextRequestFn), for answers too large to build as json_t values one
 *   number at a time (semantic tokens), appends the result as JSON text to `result` and
 *   returns true; to answer with an error it calls lsp_fail and returns false;
 * - `advertise` (may be NULL) adds the method's entries to `initialize`'s ServerCapabilities,
 *   so a capability is advertised exactly when its handler is in the table.
 *
 * The loop (lsp/server.c) answers the protocol's rules before a handler runs: requests before
 * `initialize` (ServerNotInitialized), after `shutdown` (InvalidRequest), unknown methods
 * (MethodNotFound), requests cancelled by $/cancelRequest before they ran (RequestCancelled)
 * and requests naming a document version that is not the current one (ContentModified).
 * Requests run one at a time, in order, on the text of the document as it is when the request
 * is read: every change sent before a request is applied before it runs.
 * Handlers reach the open documents through lsp_document_of / lsp_documents_find
 * (lsp/documents.h) and compile through lsp_compile (lsp/diagnostics.h). */
#ifndef YUSEC_LSP_SERVER_H
#define YUSEC_LSP_SERVER_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>
#include <yusec/yusec.h>

#include "base/strbuf.h"
#include "lsp/documents.h"
#include "lsp/index_cache.h"
#include "lsp/memory_reserve.h"
#include "lsp/transport.h"

/* JSON-RPC and LSP error codes. */
enum {
    LSP_PARSE_ERROR = -32700,
    LSP_INVALID_REQUEST = -32600,
    LSP_METHOD_NOT_FOUND = -32601,
    LSP_INVALID_PARAMS = -32602,
    LSP_INTERNAL_ERROR = -32603,
    LSP_SERVER_NOT_INITIALIZED = -32002,
    LSP_REQUEST_CANCELLED = -32800,
    LSP_CONTENT_MODIFIED = -32801,
};

/* How a target's own diagnostics (yusec_diagnostic.from_target) are published. */
typedef enum LspTargetRule {
    LSP_TARGET_AS_REPORTED,  /* errors as errors, warnings as warnings */
    LSP_TARGET_AS_WARNINGS,  /* errors as warnings */
    LSP_TARGET_OFF,          /* not published */
} LspTargetRule;

/* initializationOptions and workspace/didChangeConfiguration (docs/editor.md). */
typedef struct LspSettings {
    LspTargetRule target_rule;
    unsigned targets;                       /* YUSEC_WANT_… compiled for diagnostics */
    bool ptx_if_available;                  /* no targets given: PTX joins them at the first
                                               compile for diagnostics when its plugin loads
                                               (lsp_diagnostic_targets) */
    int debounce_ms;                        /* quiet time after a change before compiling */
    int debounce_max_ms;                    /* the longest wait from the first change not yet
                                               published, however often changes come */
} LspSettings;

typedef struct LspServer {
    LspTransport transport;
    const yusec_options *base_options;      /* -I and the rest, from the command line */
    LspSettings settings;
    LspDocuments documents;
    LspIndexCache index_cache;              /* the open documents' indexes, until they change */
    LspMemoryReserve memory;                /* ready for the largest document opened */
    yusec_context *context;                 /* every compile's and index's (lsp_context): made
                                               at the first, dropped when the text of the
                                               builtin interface changes */
    bool initialized, shutdown_requested, exit_requested;
    bool waiting;                           /* changes not yet published, the first at: */
    int64_t waiting_since_ms;               /* (CLOCK_MONOTONIC) */
} LspServer;

/* An error answer being built by a handler. */
typedef struct LspError {
    int code;            /* 0: none */
    char message[240];
} LspError;

typedef json_t *(*LspRequestFn)(LspServer *server, json_t *params, LspError *error);
typedef void (*LspNotifyFn)(LspServer *server, json_t *params);
typedef bool (*LspTextRequestFn)(LspServer *server, json_t *params, LspError *error, StrBuf *result);
typedef void (*LspAdvertiseFn)(json_t *capabilities);

typedef struct LspMethod {
    const char *name;
    LspRequestFn request;    /* exactly one of request, notify and text_request */
    LspNotifyFn notify;
    LspAdvertiseFn advertise;
    LspTextRequestFn text_request;
} LspMethod;

/* The row of `name`, or NULL. */
const LspMethod *lsp_method_find(const char *name);

/* ServerCapabilities: every row's `advertise`, in table order. */
json_t *lsp_capabilities(void);

/* Sets the error the request is answered with (printf format). */
void lsp_fail(LspError *error, int code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* The open document that params.textDocument.uri names; NULL with InvalidParams set when
 * there is none (the client must open a document before asking about it). */
LspDocument *lsp_document_of(LspServer *server, json_t *params, LspError *error);

/* Sends a notification; takes the reference to `params`. */
void lsp_notify(LspServer *server, const char *method, json_t *params);

/* Serves JSON-RPC read from in_fd, writing to out_fd, until `exit` or the end of the input.
 * Returns 0 when `shutdown` came before `exit`, 1 otherwise (the protocol's rule). */
int lsp_serve(int in_fd, int out_fd, const yusec_options *options);

#endif
