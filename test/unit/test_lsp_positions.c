/* The one UTF-16 position conversion (lib/positions.c) as the language server uses it, and
 * the server's text model (lsp/documents.c, lsp/json_text.c): UTF-16 positions past the BMP,
 * "\r\n" and a lone '\r', invalid bytes, incremental edits, URIs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/arena.h"
#include "base/memory.h"
#include "base/source.h"
#include "lib/positions.h"
#include "lsp/documents.h"
#include "lsp/json_text.h"

/* 𠀀 (U+20000) is four bytes, one character, two UTF-16 units. */
static const char LINES[] = "「𠀀甲」者\r\n乙\xff丙\n";

static void test_utf16_columns(void **state) {
    (void)state;
    size_t len = strlen(LINES);
    assert_int_equal(lib_utf16_of_column(LINES, len, 1, 1), 0);
    assert_int_equal(lib_utf16_of_column(LINES, len, 1, 3), 3);   /* after 「𠀀 */
    assert_int_equal(lib_utf16_of_column(LINES, len, 1, 6), 6);   /* the line's end, before \r\n */
    assert_int_equal(lib_utf16_of_column(LINES, len, 1, 99), 6);
    assert_int_equal(lib_utf16_of_column(LINES, len, 2, 3), 2);   /* 乙 and the invalid byte */
    assert_int_equal(lib_utf16_of_column(LINES, len, 9, 3), 0);
}

static size_t offset_of(uint32_t line, uint32_t character) {
    return lib_text_offset_of(LINES, strlen(LINES), (yusec_position){line, character});
}

static void test_offsets(void **state) {
    (void)state;
    size_t len = strlen(LINES);
    assert_int_equal(offset_of(0, 3), strlen("「𠀀"));
    assert_int_equal(offset_of(0, 2), strlen("「"));  /* inside the pair */
    assert_int_equal(offset_of(0, 99), strlen("「𠀀甲」者"));
    assert_int_equal(offset_of(1, 2), strlen("「𠀀甲」者\r\n乙\xff"));
    assert_int_equal(offset_of(7, 0), len);
    yusec_position at = lib_text_position_of(LINES, len, strlen("「𠀀甲」者\r"));
    assert_int_equal(at.line, 0);
    assert_int_equal(at.character, 6);  /* the \r of \r\n is no character */
    at = lib_text_position_of(LINES, len, strlen("「𠀀甲」者\r\n乙\xff"));
    assert_int_equal(at.line, 1);
    assert_int_equal(at.character, 2);
    LibPositionCursor cursor;
    lib_cursor_init(&cursor, LINES, len);
    assert_int_equal(lib_cursor_seek(&cursor, len).line, 2);
    assert_int_equal(lib_cursor_seek(&cursor, strlen("「𠀀")).character, 3);  /* back: starts again */
}

/* The library's index counts positions over a source file's line table as the server counts
 * them over its text: at every byte and at every position, invalid bytes and "\r\n" included. */
static void test_source_file_positions_agree_with_text(void **state) {
    (void)state;
    static const char TEXT[] = "「𠀀甲」者\r\n乙\xff\xf0\x80丙\n\xe8\xb1\n𠀀\r甲\r\r\n乙\r";
    size_t len = strlen(TEXT);
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const SourceFile *file = source_add(&map, "甲.豫", TEXT, len);
    for (uint32_t offset = 0; offset <= len; offset++) {
        yusec_position from_file = lib_position_of(file, offset);
        yusec_position from_text = lib_text_position_of(TEXT, len, offset);
        assert_int_equal(from_file.line, from_text.line);
        assert_int_equal(from_file.character, from_text.character);
    }
    for (uint32_t line = 0; line < 9; line++)
        for (uint32_t character = 0; character < 10; character++) {
            yusec_position at = {line, character};
            assert_int_equal(lib_offset_of(file, at), lib_text_offset_of(TEXT, len, at));
        }
    assert_int_equal(lib_position_of(file, (uint32_t)strlen("「𠀀甲」者\r\n乙\xff\xf0\x80")).character, 4);
    arena_free(&arena);
}

/* A lone '\r' ends a line as '\n' and "\r\n" do (the protocol's three line ends), in every
 * conversion: positions of offsets, offsets of positions, yusec_location's columns. */
static void test_lone_cr_ends_a_line(void **state) {
    (void)state;
    static const char TEXT[] = "甲\r乙𠀀\r\n丙\n\r丁";
    size_t len = strlen(TEXT);
    size_t yi = strlen("甲\r"), bing = strlen("甲\r乙𠀀\r\n"), ding = len - strlen("丁");
    yusec_position at = lib_text_position_of(TEXT, len, yi);
    assert_int_equal(at.line, 1);
    assert_int_equal(at.character, 0);
    at = lib_text_position_of(TEXT, len, strlen("甲"));  /* on the '\r': the end of line 0 */
    assert_int_equal(at.line, 0);
    assert_int_equal(at.character, 1);
    assert_int_equal(lib_text_position_of(TEXT, len, bing).line, 2);
    at = lib_text_position_of(TEXT, len, ding);
    assert_int_equal(at.line, 4);
    assert_int_equal(at.character, 0);
    assert_int_equal(lib_text_offset_of(TEXT, len, (yusec_position){1, 0}), yi);
    assert_int_equal(lib_text_offset_of(TEXT, len, (yusec_position){0, 9}), strlen("甲"));  /* clamped */
    assert_int_equal(lib_text_offset_of(TEXT, len, (yusec_position){1, 9}), strlen("甲\r乙𠀀"));
    assert_int_equal(lib_text_offset_of(TEXT, len, (yusec_position){3, 0}), strlen("甲\r乙𠀀\r\n丙\n"));
    assert_int_equal(lib_text_offset_of(TEXT, len, (yusec_position){4, 0}), ding);
    assert_int_equal(lib_utf16_of_column(TEXT, len, 2, 3), 3);   /* after 乙𠀀 */
    assert_int_equal(lib_utf16_of_column(TEXT, len, 2, 9), 3);   /* the line's end, before "\r\n" */
    assert_int_equal(lib_utf16_of_column(TEXT, len, 5, 2), 1);
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const SourceFile *file = source_add(&map, "甲.豫", TEXT, len);
    assert_int_equal(file->line_count, 5);
    assert_int_equal(lib_position_of(file, (uint32_t)ding).line, 4);
    arena_free(&arena);
}

/* The file cursor (the navigation index's ranges) counts each byte of a line once when the
 * offsets come in increasing order: 10,000 names on one line cost the line, not 10,000 lines. */
static void test_file_cursor_is_linear(void **state) {
    (void)state;
    enum { NAMES = 10000 };
    static const char NAME[] = "「𠀀甲」";
    size_t name_len = strlen(NAME), len = NAMES * name_len;
    char *text = malloc(len + 1);
    assert_non_null(text);
    for (size_t i = 0; i < NAMES; i++) memcpy(text + i * name_len, NAME, name_len);
    text[len] = 0;
    Arena arena;
    arena_init(&arena);
    SourceMap map;
    source_map_init(&map, &arena);
    const SourceFile *file = source_add(&map, "长.豫", text, len);
    LibFileCursor cursor;
    lib_file_cursor_init(&cursor, file);
    for (uint32_t i = 0; i < NAMES; i++) {
        yusec_position start = lib_file_cursor_seek(&cursor, (uint32_t)(i * name_len));
        yusec_position end = lib_file_cursor_seek(&cursor, (uint32_t)((i + 1) * name_len));
        assert_int_equal(start.line, 0);
        assert_int_equal(start.character, 5 * i);  /* 「 𠀀(2) 甲 」 */
        assert_int_equal(end.character, 5 * (i + 1));
    }
    assert_int_equal(cursor.walked, len);
    lib_file_cursor_seek(&cursor, 0);  /* backwards: counted again from the line's start */
    assert_int_equal(lib_file_cursor_seek(&cursor, (uint32_t)name_len).character, 5);
    assert_int_equal(cursor.walked, len + name_len);
    arena_free(&arena);
    free(text);
}

/* The column cursor (a compile's diagnostics): its answers are lib_utf16_of_column's, each
 * byte is counted once for locations in order, and going back costs the line gone back to. */
static void test_column_cursor(void **state) {
    (void)state;
    static const char TEXT[] = "「𠀀甲」者\r\n乙\xff丙\r丁\n\n𠀀";
    size_t len = strlen(TEXT);
    LibColumnCursor columns;
    lib_column_cursor_init(&columns, TEXT, len);
    for (uint32_t line = 0; line <= 7; line++)
        for (uint32_t column = 0; column <= 8; column++)
            assert_int_equal(lib_column_cursor_utf16(&columns, line, column), lib_utf16_of_column(TEXT, len, line, column));
    for (uint32_t line = 7; line > 0; line--)  /* backwards */
        assert_int_equal(lib_column_cursor_utf16(&columns, line, 2), lib_utf16_of_column(TEXT, len, line, 2));
    lib_column_cursor_free(&columns);

    enum { LINES = 10000 };
    static const char LINE[] = "「：注：」𠀀\r\n";
    size_t line_len = strlen(LINE), long_len = LINES * line_len;
    char *text = malloc(long_len + 1);
    assert_non_null(text);
    for (size_t i = 0; i < LINES; i++) memcpy(text + i * line_len, LINE, line_len);
    text[long_len] = 0;
    lib_column_cursor_init(&columns, text, long_len);
    for (uint32_t line = 1; line <= LINES; line++) {
        assert_int_equal(lib_column_cursor_utf16(&columns, line, 6), 5);
        assert_int_equal(lib_column_cursor_utf16(&columns, line, 7), 7);
    }
    assert_true(columns.walked <= long_len);
    size_t walked = columns.walked;
    assert_int_equal(lib_column_cursor_utf16(&columns, 1, 7), 7);  /* back to the first line */
    assert_true(columns.walked - walked <= line_len);
    assert_int_equal(lib_column_cursor_utf16(&columns, LINES + 1, 1), 0);  /* the empty last line */
    assert_int_equal(lib_column_cursor_utf16(&columns, LINES + 2, 1), 0);  /* past the end */
    lib_column_cursor_free(&columns);
    free(text);
}

static void test_edits(void **state) {
    (void)state;
    LspDocuments docs = {0};
    LspDocument *doc = lsp_documents_open(&docs, "file:///a/%E8%B1%AB", LINES, strlen(LINES), 1);
    assert_string_equal(doc->path, "/a/豫");
    assert_ptr_equal(lsp_documents_find_path(&docs, "/a/豫"), doc);
    lsp_document_edit(doc, false, (yusec_position){0, 1}, (yusec_position){0, 4}, "乙", strlen("乙"));
    assert_string_equal(doc->text, "「乙」者\r\n乙\xff丙\n");
    lsp_document_edit(doc, false, (yusec_position){1, 1}, (yusec_position){0, 4}, "", 0); /* reversed */
    assert_string_equal(doc->text, "「乙」者\xff丙\n");
    lsp_document_edit(doc, false, (yusec_position){50, 0}, (yusec_position){60, 0}, "也", strlen("也"));
    assert_string_equal(doc->text, "「乙」者\xff丙\n也");
    lsp_document_edit(doc, true, (yusec_position){0, 0}, (yusec_position){0, 0}, "a\0b", 3);
    assert_int_equal(doc->len, 3);
    assert_memory_equal(doc->text, "a\0b", 4);
    lsp_documents_close(&docs, "file:///a/%E8%B1%AB");
    assert_null(lsp_documents_find(&docs, "file:///a/%E8%B1%AB"));
    lsp_documents_free(&docs);
}

static void test_uris_and_json(void **state) {
    (void)state;
    char *uri = lsp_path_to_uri("/甲 乙/a_b.豫");
    assert_string_equal(uri, "file:///%E7%94%B2%20%E4%B9%99/a_b.%E8%B1%AB");
    char *path = lsp_uri_to_path(uri);
    assert_string_equal(path, "/甲 乙/a_b.豫");
    mem_free(uri);
    mem_free(path);
    path = lsp_uri_to_path("file:///x%00y");
    assert_string_equal(path, "/x?y");
    mem_free(path);
    path = lsp_uri_to_path("untitled:Untitled-1");
    assert_string_equal(path, "untitled:Untitled-1");
    mem_free(path);
    json_t *text = lsp_json_text_n("a\xff\xe8\xb1", 4);
    assert_string_equal(json_string_value(text), "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    json_decref(text);
    text = lsp_json_text("\xed\xa0\x80");  /* a UTF-16 surrogate written as UTF-8 */
    assert_string_equal(json_string_value(text), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    json_decref(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf16_columns),
        cmocka_unit_test(test_offsets),
        cmocka_unit_test(test_source_file_positions_agree_with_text),
        cmocka_unit_test(test_lone_cr_ends_a_line),
        cmocka_unit_test(test_file_cursor_is_linear),
        cmocka_unit_test(test_column_cursor),
        cmocka_unit_test(test_edits),
        cmocka_unit_test(test_uris_and_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
