/* JSON-RPC framing over a pair of file descriptors (the LSP base protocol): a header of
 * `Name: value` lines ending in an empty line, of which Content-Length is required — decimal
 * digits, at most LSP_MAX_BODY — then that many bytes of UTF-8 JSON. A header without a good
 * Content-Length (none, a sign, not a number, over the cap however many digits) is refused:
 * the reader drops bytes up to the next `Content-Length:` (a body of unknown or refused length
 * may follow it), so the next message is read and nothing is ever skipped by a count the
 * client gave. */
#ifndef YUSEC_LSP_TRANSPORT_H
#define YUSEC_LSP_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

enum {
    LSP_MAX_HEADER = 8192,               /* a longer header is not one */
    LSP_MAX_BODY = 64 * 1024 * 1024,     /* a longer Content-Length is refused */
};

typedef struct LspTransport {
    int in_fd, out_fd;
    char *buf;           /* bytes read and not yet consumed */
    size_t len, cap;
    bool resync;         /* after a bad header: dropping bytes up to the next Content-Length */
    bool eof;
    char problem[128];   /* what was wrong with the last bad frame (LSP_READ_BAD_FRAME) */
} LspTransport;

typedef enum LspReadStatus {
    LSP_READ_MESSAGE,    /* *message is the JSON value */
    LSP_READ_BAD_JSON,   /* the body is not JSON (answer ParseError) */
    LSP_READ_BAD_FRAME,  /* a header too long, or without a good Content-Length: transport->problem */
    LSP_READ_END,        /* the input ended */
} LspReadStatus;

void lsp_transport_init(LspTransport *transport, int in_fd, int out_fd);
void lsp_transport_free(LspTransport *transport);

/* True when a whole message (or the end of the input) is there or arrives within
 * timeout_ms (0: do not wait). */
bool lsp_transport_ready(LspTransport *transport, int timeout_ms);

/* Blocks until the next frame's header is there (not its body): the body's length its
 * Content-Length gives, so that memory for a large message can be made ready before the body
 * is read and parsed; the buffer then has room for the whole frame. 0 for a bad header or the
 * end of the input, which lsp_transport_read then reports. */
size_t lsp_transport_await_header(LspTransport *transport);

/* The next message, blocking until it is there; *message is a new reference. */
LspReadStatus lsp_transport_read(LspTransport *transport, json_t **message);

/* Writes `message` with its header (takes no reference); false when the output is gone. */
bool lsp_transport_write(LspTransport *transport, const json_t *message);
/* Writes a message already serialized (`len` bytes of JSON text). */
bool lsp_transport_write_text(LspTransport *transport, const char *body, size_t len);

#endif
