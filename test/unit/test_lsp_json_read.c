/* The language server reads message bodies with yajl into jansson values (lsp/json_read.c):
 * the same values, and the same texts refused, as jansson's own reader (json_loadb with
 * JSON_ALLOW_NUL, which the server used before). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lsp/json_read.h"

/* Both readers on `len` bytes: both refuse them, or both give equal values. */
static void agree_n(const char *text, size_t len) {
    json_error_t error;
    json_t *expected = json_loadb(text, len, JSON_ALLOW_NUL, &error);
    json_t *read = lsp_json_read(text, len);
    if (!expected != !read || (expected && !json_equal(expected, read)))
        fail_msg("readers disagree on %.*s: jansson %s, lsp_json_read %s", (int)(len > 60 ? 60 : len), text,
                 expected ? "reads it" : error.text, read ? "reads it" : "refuses it");
    json_decref(expected);
    json_decref(read);
}

static void agree(const char *text) { agree_n(text, strlen(text)); }

static void test_messages(void **state) {
    (void)state;
    agree("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":"
          "{\"uri\":\"file:///甲/乙。着色器。豫\"},\"position\":{\"line\":3,\"character\":7}}}");
    agree("{\"id\":\"字\",\"result\":null,\"a\":[true,false,null,[],{},[[{}]]],\"b\":{\"c\":{\"d\":[1,{\"e\":2}]},\"f\":3}}");
    agree("  {\"\":1, \"\":2, \"x\":{\"\":[]}}\r\n\t ");           /* empty and duplicate keys, blanks */
    agree("[\"令「甲」为一。\\n\\t\\\"\\\\\\/\\b\\f\\r\", \"\\u8c6b\\ud83d\\ude00\", \"a\\u0000b\"]");
    agree("[0, -0, 7, -12, 9223372036854775807, -9223372036854774808, 1.5, -2.5e-3, 1E2, 0.0, 1e308]");
    agree("[-9223372036854775808]");
    agree("[1e-400, -0.0, 0.1234567890123456789012345678901234567890123456789012345678901234567890]");
    agree("[12345678901234567890123456789012345678901234567890123456789012345678901234567890]");
}

static void test_refusals(void **state) {
    (void)state;
    const char *refused[] = {
        "", "   ", "{not json", "{} x", "{} {}", "[1,]", "{\"a\":1,}", "{'a':1}", "[NaN]", "[Infinity]",
        "/*注*/{}", "[1] // 注", "5", "\"字\"", "null", "[01]", "[-]", "[1.]", "[.5]", "[+1]", "[0x1]", "[tru]",
        "[True]", "[1 2]", "{\"a\" 1}", "{1:2}", "[\"\\x\"]", "[\"\\u12\"]", "[9223372036854775808]",
        "[-9223372036854775809]", "[1e400]", "{\"a\\u0000b\":1}", "[\"a\nb\"]", "[\"\t\"]",
        "[\"\xff\"]", "[\"\xe8\xb1\"]", "[\"\xc0\x80\"]", "[\"\xed\xa0\x80\"]", "[\"\xf4\x90\x80\x80\"]",
        "{\"\xff\":1}", "[", "{\"a\":", "]",
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        agree(refused[i]);
        assert_null(lsp_json_read(refused[i], strlen(refused[i])));
    }
    agree_n("[1]\0", 4);     /* a NUL byte after the value */
    agree_n("[\"a\0b\"]", 7);  /* a raw NUL byte in a string */
}

/* jansson nests at most 2048 arrays and objects deep; so does the reader. */
static void test_depth(void **state) {
    (void)state;
    for (size_t depth = 2047; depth <= 2049; depth++) {
        char *text = malloc(depth * 2 + 1);
        memset(text, '[', depth);
        memset(text + depth, ']', depth);
        agree_n(text, depth * 2);
        free(text);
    }
}

/* A didOpen as large as the benchmark's: an 840 KB string with escapes and CJK. */
static void test_long_text(void **state) {
    (void)state;
    const char *line = "令「甲」为（「乙」加一）。\\n\\t\\\"注\\\"\\n";
    size_t line_len = strlen(line), lines = 20000;
    const char *head = "{\"params\":{\"textDocument\":{\"text\":\"", *tail = "\",\"version\":1}}}";
    size_t len = strlen(head) + line_len * lines + strlen(tail);
    char *text = malloc(len + 1), *at = text;
    at += sprintf(at, "%s", head);
    for (size_t i = 0; i < lines; i++, at += line_len) memcpy(at, line, line_len);
    strcpy(at, tail);
    agree_n(text, len);
    free(text);
}

/* The one difference, documented in lsp/json_read.h: a lone surrogate escape reads as "?". */
static void test_lone_surrogate(void **state) {
    (void)state;
    json_t *read = lsp_json_read("[\"a\\ud800b\"]", 12);
    assert_non_null(read);
    assert_string_equal(json_string_value(json_array_get(read, 0)), "a?b");
    json_decref(read);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_long_text),
        cmocka_unit_test(test_lone_surrogate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
