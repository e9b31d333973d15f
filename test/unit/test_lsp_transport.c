/* The language server's reading of a message's header before its body (lsp/transport.c) and
 * the memory reserve it makes then (lsp/memory_reserve.c). */
#define _DEFAULT_SOURCE 1  /* MADV_POPULATE_WRITE, as lsp/memory_reserve.c sees it */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "lsp/memory_reserve.h"
#include "lsp/transport.h"

static void put(int fd, const char *text) { assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text)); }

/* A transport reading a pipe's end fds[0] (the test writes fds[1]); the alarm ends a test that
 * waits for what never comes. */
static void pipe_transport(int fds[2], LspTransport *transport) {
    alarm(20);
    assert_int_equal(pipe(fds), 0);
    lsp_transport_init(transport, fds[0], -1);
}

/* The header's length comes while the body is still on its way: the reader does not wait for
 * the body (the alarm ends the test if it does). */
static void test_header_before_body(void **state) {
    (void)state;
    int fds[2];
    LspTransport transport;
    pipe_transport(fds, &transport);
    put(fds[1], "Content-Length: 13\r\n\r\n{\"甲\":");
    assert_int_equal(lsp_transport_await_header(&transport), 13);
    assert_int_equal(lsp_transport_await_header(&transport), 13);  /* asked again: the same frame */
    put(fds[1], "12345}");
    json_t *message = NULL;
    assert_int_equal(lsp_transport_read(&transport, &message), LSP_READ_MESSAGE);
    assert_int_equal(json_integer_value(json_object_get(message, "甲")), 12345);
    json_decref(message);
    /* a bad header gives 0; the read that follows refuses the frame */
    put(fds[1], "Content-Length: 十\r\n\r\n{}");
    assert_int_equal(lsp_transport_await_header(&transport), 0);
    assert_int_equal(lsp_transport_read(&transport, &message), LSP_READ_BAD_FRAME);
    /* the end of the input gives 0 too, and the read reports the end */
    close(fds[1]);
    assert_int_equal(lsp_transport_await_header(&transport), 0);
    assert_int_equal(lsp_transport_read(&transport, &message), LSP_READ_END);
    lsp_transport_free(&transport);
    close(fds[0]);
    alarm(0);
}

/* Once a large frame's header is read, the buffer has room for the whole frame: its body is
 * read into it without being copied at each doubling (and into memory the reserve made
 * ready before it, lsp/server.c). */
static void test_room_for_the_frame(void **state) {
    (void)state;
    int fds[2];
    LspTransport transport;
    pipe_transport(fds, &transport);
    put(fds[1], "Content-Length: 1000000\r\n\r\n[\"");
    assert_int_equal(lsp_transport_await_header(&transport), 1000000);
    assert_true(transport.cap >= strlen("Content-Length: 1000000\r\n\r\n") + 1000000);
    lsp_transport_free(&transport);
    close(fds[1]);
    close(fds[0]);
    alarm(0);
}

/* The reserve grows to 64 bytes a byte of the largest document, in 16 MiB pieces, and only
 * grows; small documents need none. */
static void test_reserve(void **state) {
    (void)state;
    LspMemoryReserve reserve = {0};
    lsp_memory_reserve_for(&reserve, 1000);
    assert_int_equal(reserve.bytes, 0);
#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
    lsp_memory_reserve_for(&reserve, 1000 * 1000);
    assert_int_equal(reserve.bytes, (size_t)64 << 20);
    lsp_memory_reserve_for(&reserve, 900 * 1000);
    assert_int_equal(reserve.bytes, (size_t)64 << 20);
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_before_body),
        cmocka_unit_test(test_room_for_the_frame),
        cmocka_unit_test(test_reserve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
