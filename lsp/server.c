/* The server loop: reading, the protocol's rules, dispatch, cancellation and the debounce
 * (lsp/server.h). */
#include "lsp/server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/memory.h"
#include "lsp/diagnostics.h"
#include "lsp/json_text.h"
#include "lsp/lifecycle.h"

/* Messages read and not yet handled, oldest first. */
typedef struct Queue {
    json_t **items;
    size_t count, cap;
} Queue;

static void queue_push(Queue *queue, json_t *message) {
    if (queue->count == queue->cap) {
        queue->cap = queue->cap ? queue->cap * 2 : 16;
        queue->items = mem_realloc(queue->items, queue->cap * sizeof *queue->items);
    }
    queue->items[queue->count++] = message;
}

static json_t *queue_pop(Queue *queue) {
    json_t *first = queue->items[0];
    memmove(queue->items, queue->items + 1, (queue->count - 1) * sizeof *queue->items);
    queue->count--;
    return first;
}

static void queue_free(Queue *queue) {
    for (size_t i = 0; i < queue->count; i++) json_decref(queue->items[i]);
    mem_free(queue->items);
}

void lsp_fail(LspError *error, int code, const char *format, ...) {
    va_list args;
    va_start(args, format);
    error->code = code;
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
}

/* Sends `message` and drops it; a NULL message (a string jansson refused) is not sent. */
static void send(LspServer *server, json_t *message) {
    if (!message) return;
    if (!lsp_transport_write(&server->transport, message)) server->exit_requested = true; /* no client */
    json_decref(message);
}

void lsp_notify(LspServer *server, const char *method, json_t *params) {
    send(server, json_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method", method, "params", params));
}

static void reply(LspServer *server, json_t *id, json_t *result) {
    send(server, json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id, "result", result ? result : json_null()));
}

static void reply_error(LspServer *server, json_t *id, int code, const char *text) {
    send(server, json_pack("{s:s,s:O,s:{s:i,s:o}}", "jsonrpc", "2.0", "id", id ? id : json_null(), "error",
                           "code", code, "message", lsp_json_text(text)));
}

LspDocument *lsp_document_of(LspServer *server, json_t *params, LspError *error) {
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    if (!doc) lsp_fail(error, LSP_INVALID_PARAMS, uri ? "文档未打开：%s" : "缺 textDocument.uri", uri ? uri : "");
    return doc;
}

static bool valid_id(json_t *id) { return json_is_integer(id) || json_is_string(id); }

/* A request naming a document version other than the open one's (VersionedTextDocumentIdentifier). */
static bool names_old_version(LspServer *server, json_t *params) {
    json_t *item = json_object_get(params, "textDocument");
    json_t *version = json_object_get(item, "version");
    const char *uri = json_string_value(json_object_get(item, "uri"));
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    return doc && json_is_integer(version) && json_integer_value(version) != doc->version;
}

/* A text handler's answer: {"jsonrpc":"2.0","id":…,"result":TEXT} put together as text. */
static void run_text_request(LspServer *server, const LspMethod *row, json_t *id, json_t *params) {
    LspError error = {0, ""};
    StrBuf body;
    strbuf_init(&body);
    char *id_text = json_dumps(id, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!id_text) mem_exhausted(64);
    strbuf_printf(&body, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":", id_text);
    free(id_text);
    if (!row->text_request(server, params, &error, &body)) {
        reply_error(server, id, error.code ? error.code : LSP_INTERNAL_ERROR, error.message);
    } else {
        strbuf_putc(&body, '}');
        if (!lsp_transport_write_text(&server->transport, strbuf_cstr(&body), body.len))
            server->exit_requested = true; /* no client */
    }
    strbuf_free(&body);
}

static void run_request(LspServer *server, const LspMethod *row, json_t *id, json_t *params) {
    if (!row) {
        reply_error(server, id, LSP_METHOD_NOT_FOUND, "yusec lsp 不提供此方法");
        return;
    }
    if (!row->request && !row->text_request) {
        reply_error(server, id, LSP_INVALID_REQUEST, "此方法是通知，不应带 id");
        return;
    }
    if (names_old_version(server, params)) {
        reply_error(server, id, LSP_CONTENT_MODIFIED, "文档已改动：请求所指的版本不是当前版本");
        return;
    }
    LspError error = {0, ""};
    if (row->text_request) {
        run_text_request(server, row, id, params);
        return;
    }
    json_t *result = row->request(server, params, &error);
    if (error.code) {
        json_decref(result);
        reply_error(server, id, error.code, error.message);
    } else {
        reply(server, id, result);
    }
}

/* One message, by the protocol's rules (lsp/server.h). */
static void handle(LspServer *server, json_t *message) {
    if (!json_is_object(message)) {
        reply_error(server, NULL, LSP_INVALID_REQUEST, "不是 JSON-RPC 消息（应为对象）");
        return;
    }
    json_t *id = json_object_get(message, "id");
    json_t *method_value = json_object_get(message, "method");
    json_t *params = json_object_get(message, "params");
    if (!method_value && id) return; /* a response: the server asks nothing */
    const char *method = json_string_value(method_value);
    if (!method || (id && !valid_id(id))) {
        reply_error(server, valid_id(id) ? id : NULL, LSP_INVALID_REQUEST, "不是 JSON-RPC 请求（method 或 id 不对）");
        return;
    }
    const LspMethod *row = lsp_method_find(method);
    bool initialize = strcmp(method, "initialize") == 0, exit = strcmp(method, "exit") == 0;
    if (exit) {
        lsp_exit(server, params);
    } else if (!server->initialized && !initialize) {
        if (id) reply_error(server, id, LSP_SERVER_NOT_INITIALIZED, "尚未 initialize");
    } else if (server->shutdown_requested) {
        if (id) reply_error(server, id, LSP_INVALID_REQUEST, "已经 shutdown，只等 exit");
    } else if (id) {
        run_request(server, row, id, params);
    } else if (row && row->notify) {
        row->notify(server, params);
    }
}

/* $/cancelRequest for a request still queued: it is answered RequestCancelled and dropped.
 * A request that already ran keeps its answer. */
static void cancel_queued(LspServer *server, Queue *queue, json_t *params) {
    json_t *id = json_object_get(params, "id");
    for (size_t i = 0; id && i < queue->count; i++) {
        json_t *queued = queue->items[i];
        if (!json_is_object(queued) || !json_equal(json_object_get(queued, "id"), id) ||
            !json_object_get(queued, "method"))
            continue;
        reply_error(server, id, LSP_REQUEST_CANCELLED, "请求已取消");
        json_decref(queued);
        memmove(queue->items + i, queue->items + i + 1, (queue->count - i - 1) * sizeof *queue->items);
        queue->count--;
        return;
    }
}

static bool is_cancel(json_t *message) {
    const char *method = json_string_value(json_object_get(message, "method"));
    return method && strcmp(method, "$/cancelRequest") == 0;
}

/* A bad header: ParseError (id null, as JSON-RPC answers what it cannot read) and the same
 * words in the client's log (window/logMessage, type Error); reading goes on at the next
 * Content-Length (lsp/transport.h). */
static void refuse_frame(LspServer *server) {
    char text[192];
    snprintf(text, sizeof text, "消息头不对，已跳到下一个 Content-Length：%s", server->transport.problem);
    reply_error(server, NULL, LSP_PARSE_ERROR, text);
    lsp_notify(server, "window/logMessage", json_pack("{s:i,s:o}", "type", 1, "message", lsp_json_text(text)));
}

/* Reads one message into the queue (or answers a bad one); false at the end of the input.
 * The memory reserve for a large message (a document's text: its JSON is a little longer) is
 * made as soon as its header is read, so that reading and parsing the body — the transport's
 * buffer and jansson's strings, some 8 MiB for an 840 KB didOpen — use the reserve's pages
 * too, rather than fault fresh ones in (lsp/memory_reserve.h). */
static bool read_one(LspServer *server, Queue *queue) {
    lsp_memory_reserve_for(&server->memory, lsp_transport_await_header(&server->transport));
    json_t *message = NULL;
    switch (lsp_transport_read(&server->transport, &message)) {
    case LSP_READ_END: return false;
    case LSP_READ_BAD_JSON: reply_error(server, NULL, LSP_PARSE_ERROR, "消息体不是 JSON"); return true;
    case LSP_READ_BAD_FRAME: refuse_frame(server); return true;
    case LSP_READ_MESSAGE: break;
    }
    if (is_cancel(message)) {
        cancel_queued(server, queue, json_object_get(message, "params"));
        json_decref(message);
    } else {
        queue_push(queue, message);
    }
    return true;
}

/* Fills the queue: one message (waiting for it), then all that are already there, so that a
 * cancellation can reach a request before it runs. False when the input has ended. */
static bool read_available(LspServer *server, Queue *queue) {
    if (!read_one(server, queue)) return false;
    while (!server->exit_requested && lsp_transport_ready(&server->transport, 0))
        if (!read_one(server, queue)) return false;
    return true;
}

static int64_t monotonic_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* The debounce: changed documents are compiled once the client has been quiet for
 * debounce_ms, or once debounce_max_ms have passed since the first change not yet published
 * (edits that never pause still get diagnostics). True when that time has come. */
static bool diagnostics_due(LspServer *server) {
    if (!lsp_any_dirty(server)) {
        server->waiting = false;
        return false;
    }
    int64_t now = monotonic_ms();
    if (!server->waiting) {
        server->waiting = true;
        server->waiting_since_ms = now;
    }
    int64_t left = server->waiting_since_ms + server->settings.debounce_max_ms - now;
    if (left <= 0) return true;
    int quiet = server->settings.debounce_ms;
    return !lsp_transport_ready(&server->transport, left < quiet ? (int)left : quiet);
}

int lsp_serve(int in_fd, int out_fd, const yusec_options *options) {
    LspServer server;
    memset(&server, 0, sizeof server);
    lsp_transport_init(&server.transport, in_fd, out_fd);
    server.base_options = options;
    lsp_settings_init(&server.settings);
    Queue queue = {NULL, 0, 0};
    bool input_open = true;
    while (!server.exit_requested) {
        if (queue.count == 0) {
            if (!input_open) break;
            if (diagnostics_due(&server)) {
                lsp_publish_dirty(&server);
                server.waiting = false;
                continue;
            }
            input_open = read_available(&server, &queue);
            continue;
        }
        json_t *message = queue_pop(&queue);
        handle(&server, message);
        json_decref(message);
    }
    queue_free(&queue);
    lsp_index_cache_free(&server.index_cache);
    yusec_context_free(server.context);
    lsp_documents_free(&server.documents);
    lsp_transport_free(&server.transport);
    return server.shutdown_requested && server.exit_requested ? 0 : 1;
}
