/* The language server's reading of a message's header before its body (lsp/transport.c) and
 * the memory reserve made meanwhile on a thread of its own (lsp/memory_reserve.c). */
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

/* The header's length comes while the body is still on its way: the reader does not wait for
 * the body (the alarm ends the test if it does). */
static void test_header_before_body(void **state) {
    (void)state;
    alarm(20);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    LspTransport transport;
    lsp_transport_init(&transport, fds[0], -1);
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

/* A large message starts a helper that makes the reserve ready; waiting for it leaves the
 * reserve as large as lsp_memory_reserve_for would have made it, which then has nothing to
 * add. A small message starts none. */
static void test_reserve_on_a_helper(void **state) {
    (void)state;
    LspMemoryReserve reserve = {0};
    lsp_memory_reserve_start(&reserve, 1000);
    assert_false(reserve.helper_running);
    lsp_memory_reserve_wait(&reserve);  /* none to wait for */
    assert_int_equal(reserve.bytes, 0);
#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
    lsp_memory_reserve_start(&reserve, 1000 * 1000);
    assert_true(reserve.helper_running);
    lsp_memory_reserve_start(&reserve, 2000 * 1000);  /* one at a time */
    lsp_memory_reserve_wait(&reserve);
    assert_false(reserve.helper_running);
    assert_int_equal(reserve.bytes, (size_t)64 << 20);  /* 64 bytes a byte, in 16 MiB pieces */
    lsp_memory_reserve_for(&reserve, 900 * 1000);
    assert_int_equal(reserve.bytes, (size_t)64 << 20);
    lsp_memory_reserve_start(&reserve, 900 * 1000);  /* ready already */
    assert_false(reserve.helper_running);
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_before_body),
        cmocka_unit_test(test_reserve_on_a_helper),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
