/* Content-Length framing with a poll-able read buffer. */
#include "lsp/transport.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/memory.h"
#include "lsp/json_read.h"

enum { READ_CHUNK = 65536 };

void lsp_transport_init(LspTransport *transport, int in_fd, int out_fd) {
    memset(transport, 0, sizeof *transport);
    transport->in_fd = in_fd;
    transport->out_fd = out_fd;
}

void lsp_transport_free(LspTransport *transport) { mem_free(transport->buf); }

static void consume(LspTransport *transport, size_t used) {
    memmove(transport->buf, transport->buf + used, transport->len - used);
    transport->len -= used;
}

static const char CONTENT_LENGTH[] = "Content-Length:";
enum { CONTENT_LENGTH_LEN = sizeof CONTENT_LENGTH - 1 };

/* Resynchronising after a bad header: drops the bytes before the next `Content-Length:`
 * (any case); without one, all but a tail that may be its beginning. */
static void drop_to_next_header(LspTransport *transport) {
    if (!transport->resync) return;
    for (size_t at = 0; at + CONTENT_LENGTH_LEN <= transport->len; at++)
        if (strncasecmp(transport->buf + at, CONTENT_LENGTH, CONTENT_LENGTH_LEN) == 0) {
            consume(transport, at);
            transport->resync = false;
            return;
        }
    if (transport->len >= CONTENT_LENGTH_LEN) consume(transport, transport->len - (CONTENT_LENGTH_LEN - 1));
}

/* Room for `more` bytes after those buffered: the buffer at least doubles when it grows. */
static void make_room(LspTransport *transport, size_t more) {
    if (transport->cap - transport->len >= more) return;
    size_t cap = transport->cap ? transport->cap * 2 : READ_CHUNK * 2;
    transport->cap = cap - transport->len >= more ? cap : transport->len + more;
    transport->buf = mem_realloc(transport->buf, transport->cap);
}

/* Reads what is available once (blocking); false at the end of the input. */
static bool fill(LspTransport *transport) {
    if (transport->eof) return false;
    make_room(transport, READ_CHUNK);
    ssize_t n;
    do n = read(transport->in_fd, transport->buf + transport->len, transport->cap - transport->len);
    while (n < 0 && errno == EINTR);
    if (n <= 0) {
        transport->eof = true;
        return false;
    }
    transport->len += (size_t)n;
    drop_to_next_header(transport);
    return true;
}

typedef enum Frame { FRAME_PARTIAL, FRAME_WHOLE, FRAME_BAD } Frame;

static const char *find_header_end(const char *buf, size_t len) {
    for (size_t i = 0; i + 3 < len; i++)
        if (memcmp(buf + i, "\r\n\r\n", 4) == 0) return buf + i;
    return NULL;
}

/* Says what is wrong with a header: `what`, then `value` quoted, cut to a few bytes. */
static void refuse(LspTransport *transport, const char *what, const char *value, size_t len) {
    int shown = len > 24 ? 24 : (int)len;
    snprintf(transport->problem, sizeof transport->problem, "%s%.*s%s", what, shown, value, len > 24 ? "…" : "");
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* The Content-Length value [at, eol): decimal digits between optional blanks, at most
 * LSP_MAX_BODY. False (the problem said) for anything else: a sign, no digits, other
 * characters, a value over the cap however many digits it has. */
static bool parse_length(LspTransport *transport, const char *at, const char *eol, size_t *length) {
    while (at < eol && is_blank(*at)) at++;
    const char *digits = at;
    size_t value = 0;
    bool too_large = false;
    for (; at < eol && *at >= '0' && *at <= '9'; at++) {
        value = value * 10 + (size_t)(*at - '0');
        if (value > LSP_MAX_BODY) {
            too_large = true;
            value = LSP_MAX_BODY + 1;  /* stays over the cap, never wraps */
        }
    }
    const char *value_end = at;
    while (at < eol && is_blank(*at)) at++;
    if (value_end == digits || at != eol) {
        refuse(transport, "Content-Length 不是非负十进制整数：", digits, (size_t)(eol - digits));
        return false;
    }
    if (too_large) {
        char what[64];
        snprintf(what, sizeof what, "Content-Length 超过上限 %d 字节：", LSP_MAX_BODY);
        refuse(transport, what, digits, (size_t)(value_end - digits));
        return false;
    }
    *length = value;
    return true;
}

/* Content-Length of the header [buf, end); false (the problem said) when it has none or a
 * bad one. */
static bool content_length(LspTransport *transport, const char *buf, const char *end, size_t *length) {
    for (const char *line = buf; line < end;) {
        const char *eol = line;
        while (eol < end && *eol != '\r') eol++;
        if ((size_t)(eol - line) >= CONTENT_LENGTH_LEN && strncasecmp(line, CONTENT_LENGTH, CONTENT_LENGTH_LEN) == 0)
            return parse_length(transport, line + CONTENT_LENGTH_LEN, eol, length);
        line = eol + 2;
    }
    refuse(transport, "消息头没有 Content-Length", "", 0);
    return false;
}

/* Whether a whole frame is buffered: its header's and body's lengths (0 and 0 while the
 * header is not all there). */
static Frame buffered_frame(LspTransport *transport, size_t *header_len, size_t *body_len) {
    *header_len = *body_len = 0;
    if (transport->resync) return FRAME_PARTIAL;
    const char *end = find_header_end(transport->buf, transport->len);
    if (!end) {
        if (transport->len <= LSP_MAX_HEADER) return FRAME_PARTIAL;
        refuse(transport, "消息头过长（没有空行结束）", "", 0);
        return FRAME_BAD;
    }
    if (!content_length(transport, transport->buf, end, body_len)) return FRAME_BAD;
    *header_len = (size_t)(end - transport->buf) + 4;
    return transport->len >= *header_len + *body_len ? FRAME_WHOLE : FRAME_PARTIAL;
}

bool lsp_transport_ready(LspTransport *transport, int timeout_ms) {
    size_t header_len, body_len;
    while (buffered_frame(transport, &header_len, &body_len) == FRAME_PARTIAL) {
        if (transport->eof) return true; /* the reader reports the end */
        struct pollfd pfd = {transport->in_fd, POLLIN, 0};
        if (poll(&pfd, 1, timeout_ms) <= 0) return false;
        if (!fill(transport)) return true;
    }
    return true;
}

size_t lsp_transport_await_header(LspTransport *transport) {
    size_t header_len, body_len;
    Frame frame;
    while ((frame = buffered_frame(transport, &header_len, &body_len)) == FRAME_PARTIAL && header_len == 0)
        if (!fill(transport)) return 0;
    /* the rest of the frame in one buffer, not copied at each doubling while it arrives */
    if (frame == FRAME_PARTIAL) make_room(transport, header_len + body_len - transport->len + READ_CHUNK);
    return body_len;
}

/* A bad header: it goes up to the next Content-Length after its first byte (the body that
 * may follow it, and text before a good header, are dropped with it). */
static void drop_bad_header(LspTransport *transport) {
    consume(transport, 1);
    transport->resync = true;
    drop_to_next_header(transport);
}

LspReadStatus lsp_transport_read(LspTransport *transport, json_t **message) {
    *message = NULL;
    size_t header_len = 0, body_len = 0;
    Frame frame;
    while ((frame = buffered_frame(transport, &header_len, &body_len)) == FRAME_PARTIAL)
        if (!fill(transport)) return LSP_READ_END;
    if (frame == FRAME_BAD) {
        drop_bad_header(transport);
        return LSP_READ_BAD_FRAME;
    }
    *message = lsp_json_read(transport->buf + header_len, body_len);
    consume(transport, header_len + body_len);
    return *message ? LSP_READ_MESSAGE : LSP_READ_BAD_JSON;
}

static bool write_all(int fd, const char *data, size_t len) {
    while (len) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

bool lsp_transport_write_text(LspTransport *transport, const char *body, size_t len) {
    char header[64];
    int n = snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", len);
    return write_all(transport->out_fd, header, (size_t)n) && write_all(transport->out_fd, body, len);
}

bool lsp_transport_write(LspTransport *transport, const json_t *message) {
    char *body = json_dumps(message, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!body) return false;
    bool ok = lsp_transport_write_text(transport, body, strlen(body));
    free(body);
    return ok;
}
