/* Unit tests for base/: arena, UTF-8, source positions and diagnostic formatting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/hash.h"
#include "base/memory.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "base/utf8.h"

static void test_arena_alignment_and_zeroing(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    for (int i = 1; i < 200; i++) {
        unsigned char *p = arena_alloc(&arena, (size_t)i * 37);
        assert_int_equal((uintptr_t)p % 16, 0);
        for (int j = 0; j < i * 37; j++) assert_int_equal(p[j], 0);
        memset(p, 0xAB, (size_t)i * 37);
    }
    char *big = arena_alloc(&arena, 1 << 20);  /* larger than a block */
    big[(1 << 20) - 1] = 1;
    assert_string_equal(arena_printf(&arena, "%s=%d", "甲", 3), "甲=3");
    arena_free(&arena);
}

static void test_ptrvec_grows(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    PtrVec vec = {0};
    int values[100];
    for (int i = 0; i < 100; i++) ptrvec_push(&arena, &vec, &values[i]);
    assert_int_equal(vec.len, 100);
    for (int i = 0; i < 100; i++) assert_ptr_equal(vec.items[i], &values[i]);
    arena_free(&arena);
}

/* Both maps keep the first value of a key, find every key after many growths, and tell keys
 * apart that differ only in their high bits. */
static void test_hash_maps(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    StrMap names;
    strmap_init(&names, &a);
    int first = 1, second = 2;
    assert_ptr_equal(strmap_put_first(&names, "数据", &first), &first);
    assert_ptr_equal(strmap_put_first(&names, "数据", &second), &first);
    assert_null(strmap_get(&names, "数"));
    char *keys[3000];
    for (int i = 0; i < 3000; i++) {
        keys[i] = arena_printf(&a, "名%d", i);
        strmap_put_first(&names, keys[i], keys[i]);
    }
    for (int i = 0; i < 3000; i++) assert_ptr_equal(strmap_get(&names, arena_printf(&a, "名%d", i)), keys[i]);
    assert_ptr_equal(strmap_get(&names, "数据"), &first);
    assert_int_equal(names.count, 3001);
    U64Map numbers;
    u64map_init(&numbers, &a);
    for (uint64_t i = 0; i < 3000; i++) u64map_put_first(&numbers, i << 32 | 7, keys[i]);
    for (uint64_t i = 0; i < 3000; i++) assert_ptr_equal(u64map_get(&numbers, i << 32 | 7), keys[i]);
    assert_null(u64map_get(&numbers, 7ull << 32));
    assert_ptr_equal(u64map_put_first(&numbers, 5ull << 32 | 7, &second), keys[5]);
    assert_int_equal(numbers.count, 3000);
    arena_free(&a);
}

static void test_utf8_decode_valid_and_invalid(void **state) {
    (void)state;
    size_t width;
    assert_int_equal(utf8_decode("A", 1, &width), 'A');
    assert_int_equal(width, 1);
    assert_int_equal(utf8_decode("「", 3, &width), 0x300C);
    assert_int_equal(width, 3);
    assert_int_equal(utf8_decode("\xF0\x9F\x98\x80", 4, &width), 0x1F600);
    /* truncated, overlong, surrogate, lone continuation, beyond U+10FFFF */
    assert_int_equal(utf8_decode("\xE3\x80", 2, &width), UTF8_INVALID);
    assert_int_equal(width, 1);
    assert_int_equal(utf8_decode("\xC0\xAF", 2, &width), UTF8_INVALID);
    assert_int_equal(utf8_decode("\xE0\x80\xAF", 3, &width), UTF8_INVALID);
    assert_int_equal(utf8_decode("\xED\xA0\x80", 3, &width), UTF8_INVALID);
    assert_int_equal(utf8_decode("\x80", 1, &width), UTF8_INVALID);
    assert_int_equal(utf8_decode("\xF4\x90\x80\x80", 4, &width), UTF8_INVALID);
    assert_int_equal(utf8_find_invalid("甲乙\xFF丙", 10), 6);
    assert_int_equal(utf8_find_invalid("甲乙", 6), 6);
}

/* Default_Ignorable_Code_Point (issue 30 item 12): the generated table's edges, and the
 * terminal spelling of such characters. */
static void test_utf8_default_ignorable(void **state) {
    (void)state;
    const uint32_t ignorable[] = {0x00AD, 0x034F, 0x115F, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060,
                                  0x2064, 0x3164, 0xFE00, 0xFE0F, 0xFEFF, 0xFFA0, 0x1D173,
                                  0xE0001, 0xE0100, 0xE0FFF};
    const uint32_t visible[] = {'a', 0x00AC, 0x00AE, 0x200A, 0x2010, 0x3000, 0x3163, 0x3165,
                                0x4E00, 0xFE10, 0xFEFE, 0xFF00, 0xE1000, 0x10FFFF};
    for (size_t i = 0; i < sizeof ignorable / sizeof ignorable[0]; i++) {
        assert_true(utf8_is_default_ignorable(ignorable[i]));
        assert_true(utf8_is_unsafe_for_terminal(ignorable[i]));
    }
    for (size_t i = 0; i < sizeof visible / sizeof visible[0]; i++)
        assert_false(utf8_is_default_ignorable(visible[i]));
    StrBuf out;
    strbuf_init(&out);
    const char *name = "序\u200B号\uFE00";
    diag_append_escaped(&out, name, strlen(name));
    assert_string_equal(strbuf_cstr(&out), "序<U+200B>号<U+FE00>");
    strbuf_free(&out);
}

static void test_utf8_encode_roundtrip(void **state) {
    (void)state;
    uint32_t points[] = {0x41, 0x7FF, 0x3000, 0xFFFD, 0x10FFFF};
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        char buf[4];
        size_t len = utf8_encode(points[i], buf), width;
        assert_int_equal(utf8_decode(buf, len, &width), points[i]);
        assert_int_equal(width, len);
    }
    assert_int_equal(utf8_display_width(0x3000), 2);
    assert_int_equal(utf8_display_width('a'), 1);
}

static void test_source_position_counts_characters(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const char *text = "「甲」乃\r\n　「乙」也。\n";
    SourceFile *file = source_add(&map, "t。着色器。豫", text, strlen(text));
    uint32_t line, column;
    const char *second = strstr(text, "「乙」");
    source_position(file, (uint32_t)(second - text), &line, &column);
    assert_int_equal(line, 2);
    assert_int_equal(column, 2);  /* after one U+3000 */
    uint32_t len;
    const char *row = source_line_text(file, 1, &len);
    assert_int_equal(len, strlen("「甲」乃"));  /* CR dropped */
    assert_memory_equal(row, "「甲」乃", len);
    source_position(file, file->len + 100, &line, &column);  /* clamped, no overrun */
    assert_int_equal(line, 3);
    arena_free(&arena);
}

/* A lone CR ends a line as LF and CRLF do (the lexer ends a string there; the language
 * server counts lines so, as the protocol says): diagnostics name the line an editor shows. */
static void test_source_lone_cr_ends_a_line(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const char *text = "「甲」乃\r「乙」\r\n丙\n\r\r丁";
    SourceFile *file = source_add(&map, "t。着色器。豫", text, strlen(text));
    assert_int_equal(file->line_count, 6);
    uint32_t line, column, len;
    source_position(file, (uint32_t)(strstr(text, "「乙」") - text), &line, &column);
    assert_int_equal(line, 2);
    assert_int_equal(column, 1);
    source_position(file, (uint32_t)(strstr(text, "丁") - text), &line, &column);
    assert_int_equal(line, 6);
    assert_int_equal(column, 1);
    const char *row = source_line_text(file, 1, &len);
    assert_int_equal(len, strlen("「甲」乃"));
    assert_memory_equal(row, "「甲」乃", len);
    row = source_line_text(file, 2, &len);
    assert_int_equal(len, strlen("「乙」"));  /* the CR of CRLF dropped */
    assert_memory_equal(row, "「乙」", len);
    source_line_text(file, 4, &len);
    assert_int_equal(len, 0);
    source_line_text(file, 5, &len);
    assert_int_equal(len, 0);
    arena_free(&arena);
}

static void test_diag_format_with_caret(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const char *text = "「甲」者\n　「乙」加「丙」也。\n";
    SourceFile *file = source_add(&map, "t。着色器。豫", text, strlen(text));
    DiagEngine diag;
    diag_init(&diag, &map, NULL);
    uint32_t start = (uint32_t)(strstr(text, "「乙」") - text);
    diag_error(&diag, Y_UNDEFINED_NAME, span_make(file->id, start, start + (uint32_t)strlen("「乙」")),
               "未知的名字「%s」", "乙");
    diag_note(&diag, span_make(file->id, 0, 3), "这里");
    assert_string_equal(strbuf_cstr(&diag.text),
                        "t。着色器。豫:2:2: error: 未知的名字「乙」\n"
                        "　「乙」加「丙」也。\n"
                        "  ^~~~~~\n"
                        "t。着色器。豫:1:1: note: 这里\n"
                        "「甲」者\n"
                        "^~\n");
    assert_true(diag_has_errors(&diag));
    diag_free(&diag);
    arena_free(&arena);
}

static void test_diag_cap_and_invalid_bytes(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const char text[] = "a\xFF" "b";
    SourceFile *file = source_add(&map, "x", text, 3);
    DiagEngine diag;
    diag_init(&diag, &map, NULL);
    diag.max_errors = 2;
    for (int i = 0; i < 5; i++) {
        diag_error(&diag, Y_UNDEFINED_NAME, span_make(file->id, 1, 2), "坏字节");
        diag_note(&diag, span_make(file->id, 0, 1), "说明");
    }
    assert_int_equal(diag.error_count, 5);
    assert_true(diag_capped(&diag));
    const char *out = strbuf_cstr(&diag.text);
    /* the excerpt shows U+FFFD for the bad byte; three errors and their notes are dropped */
    assert_non_null(strstr(out, "a\xEF\xBF\xBD" "b\n"));
    assert_non_null(strstr(out, "错误过多"));
    int errors = 0;
    for (const char *p = out; (p = strstr(p, "error:")) != NULL; p++) errors++;
    assert_int_equal(errors, 2);
    int notes = 0;
    for (const char *p = out; (p = strstr(p, "note:")) != NULL; p++) notes++;
    assert_int_equal(notes, 3);  /* two notes of reported errors, the 错误过多 notice */
    diag_free(&diag);
    arena_free(&arena);
}

/* Runs allocate() in a child process with stderr on a pipe; returns its wait status and
 * what it printed. */
static int run_child(void (*allocate)(void), char *printed, size_t size) {
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        dup2(fds[1], STDERR_FILENO);
        allocate();
        _Exit(0);
    }
    close(fds[1]);
    size_t len = 0;
    ssize_t got;
    while (len + 1 < size && (got = read(fds[0], printed + len, size - 1 - len)) > 0)
        len += (size_t)got;
    printed[len] = '\0';
    close(fds[0]);
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    return status;
}

static void allocate_too_much_from_arena(void) {
    Arena arena;
    arena_init(&arena);
    arena_alloc(&arena, (size_t)1 << 62);
}

static void allocate_overflowing_array(void) {
    Arena arena;
    arena_init(&arena);
    arena_alloc_array(&arena, SIZE_MAX / 2, 4);
}

static void grow_string_too_far(void) {
    void *block = mem_alloc(16);
    mem_realloc(block, (size_t)1 << 62);
}

/* Out of memory is the diagnostic and the documented exit status 2, never SIGABRT. */
static void test_out_of_memory_is_a_diagnostic(void **state) {
    (void)state;
    void (*const cases[])(void) = {allocate_too_much_from_arena, allocate_overflowing_array,
                                   grow_string_too_far};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char printed[512];
        int status = run_child(cases[i], printed, sizeof printed);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), MEMORY_EXHAUSTED_STATUS);
        assert_non_null(strstr(printed, "yusec: error: 内存不足"));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arena_alignment_and_zeroing),
        cmocka_unit_test(test_ptrvec_grows),
        cmocka_unit_test(test_hash_maps),
        cmocka_unit_test(test_out_of_memory_is_a_diagnostic),
        cmocka_unit_test(test_utf8_decode_valid_and_invalid),
        cmocka_unit_test(test_utf8_encode_roundtrip),
        cmocka_unit_test(test_utf8_default_ignorable),
        cmocka_unit_test(test_source_position_counts_characters),
        cmocka_unit_test(test_source_lone_cr_ends_a_line),
        cmocka_unit_test(test_diag_format_with_caret),
        cmocka_unit_test(test_diag_cap_and_invalid_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
