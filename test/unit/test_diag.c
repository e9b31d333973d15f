/* base/suggest.c (did-you-mean), base/json.c (string escaping) and the diagnostics engine's
 * records, settings (-w, -Werror, colour) and renderers (text, JSON, SARIF). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "diag_fixture.h"

#include "base/arena.h"
#include "base/diag.h"
#include "base/json.h"
#include "base/source.h"
#include "base/suggest.h"

/* ---- suggestions ---- */

static void distance_counts_characters_not_bytes(void **state) {
    (void)state;
    assert_int_equal(suggest_distance("输人", "输入"), 1);  /* three bytes differ, one character */
    assert_int_equal(suggest_distance("正玄", "正弦"), 1);
    assert_int_equal(suggest_distance("inlin", "inline"), 1);
    assert_int_equal(suggest_distance("--verison", "--version"), 1);  /* a swap is one step */
    assert_int_equal(suggest_distance("", "甲乙"), 2);
    assert_int_equal(suggest_distance("甲", "甲"), 0);
    assert_int_equal(suggest_distance("\xFF", "a"), UINT32_MAX);
}

static void suggestion_threshold_and_ties(void **state) {
    (void)state;
    static const char *const PASSES[] = {"tailrec", "inline", "fold", "dce", "uniformity", NULL};
    assert_string_equal(suggest_from_list("inlin", PASSES), "inline");
    assert_null(suggest_from_list("bogus", PASSES));
    assert_null(suggest_from_list("inline", PASSES));  /* the name itself is no suggestion */
    /* a one-character name never becomes another one-character name */
    static const char *const ONE[] = {"有", "无", NULL};
    assert_null(suggest_from_list("爻", ONE));
    /* equally close names are all given, sorted */
    Suggestion s;
    suggest_begin(&s, "正玄");
    suggest_offer(&s, "正弦");
    suggest_offer(&s, "余弦");
    suggest_offer(&s, "正切");
    suggest_offer(&s, "正弦");  /* offered twice (two modules): kept once */
    StrBuf hint;
    strbuf_init(&hint);
    assert_true(suggest_append_hints(&hint, &s, true));
    assert_string_equal(strbuf_cstr(&hint), "是不是想写「正切」或「正弦」？");
    strbuf_clear(&hint);
    suggest_append_hint(&hint, "-passes=inline", false);
    assert_string_equal(strbuf_cstr(&hint), "是不是想写 '-passes=inline'？");
    strbuf_free(&hint);
    /* a closer name replaces the ties */
    suggest_begin(&s, "abcdef");
    suggest_offer(&s, "abcxyf");
    suggest_offer(&s, "abcdeg");
    assert_int_equal(s.best_count, 1);
    assert_string_equal(suggest_best(&s), "abcdeg");
}

/* ---- JSON strings ---- */

static void json_escapes_awkward_strings(void **state) {
    (void)state;
    StrBuf out;
    strbuf_init(&out);
    json_append_string(&out, "引号\" 反斜杠\\ 换行\n 制表\t 回车\r ESC\x1b DEL\x7f 😀 中");
    assert_string_equal(strbuf_cstr(&out),
                        "\"引号\\\" 反斜杠\\\\ 换行\\n 制表\\t 回车\\u000d ESC\\u001b DEL\\u007f 😀 中\"");
    strbuf_clear(&out);
    json_append_string_n(&out, "a\0b\xFF", 4);  /* NUL and an invalid byte */
    assert_string_equal(strbuf_cstr(&out), "\"a\\u0000b\xEF\xBF\xBD\"");
    strbuf_clear(&out);
    json_append_string(&out, NULL);
    assert_string_equal(strbuf_cstr(&out), "null");
    strbuf_free(&out);
}

/* ---- the engine ---- */

static const char TEXT[] = "「甲」者\n　「乙」加「丙」也。\n";

static Span span_of(const Fixture *f, const char *what) {
    uint32_t start = (uint32_t)(strstr(TEXT, what) - TEXT);
    return span_make(f->file->id, start, start + (uint32_t)strlen(what));
}

static void records_hold_places_and_notes(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, TEXT);
    diag_error(&f.diag, Y_UNDEFINED_NAME, span_of(&f, "「乙」"), "未定义的名字「%s」", "乙");
    diag_note(&f.diag, span_of(&f, "「甲」"), "这里");
    diag_error_path(&f.diag, Y_UNREADABLE_FILE, "x.yir", "无法打开文件");
    assert_int_equal(f.diag.record_count, 2);
    const Diagnostic *r = &f.diag.records[0];
    assert_int_equal(r->level, DIAG_ERROR);
    assert_string_equal(r->place.path, "t。着色器。豫");
    assert_int_equal(r->place.line, 2);
    assert_int_equal(r->place.column, 2);
    assert_int_equal(r->place.end_line, 2);
    assert_int_equal(r->place.end_column, 5);  /* exclusive: 「乙」 is three characters */
    assert_string_equal(r->message, "未定义的名字「乙」");
    assert_int_equal(r->note_count, 1);
    assert_int_equal(r->notes[0].place.line, 1);
    assert_string_equal(r->notes[0].message, "这里");
    assert_int_equal(f.diag.records[1].place.line, 0);
    assert_string_equal(f.diag.records[1].place.path, "x.yir");
    diag_fixture_free(&f);
}

static void json_renderer(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, TEXT);
    diag_error(&f.diag, Y_UNDEFINED_NAME, span_of(&f, "「乙」"), "名字「%s」有\"引号\"", "乙");
    diag_note(&f.diag, span_of(&f, "「甲」"), "这里");
    StrBuf out;
    strbuf_init(&out);
    diag_render_json(&out, &f.diag.records[0]);
    assert_string_equal(strbuf_cstr(&out),
                        "{\"file\":\"t。着色器。豫\",\"line\":2,\"column\":2,\"end\":{\"line\":2,\"column\":5},"
                        "\"severity\":\"error\",\"code\":\"Y0303\",\"name\":\"undefined-name\","
                        "\"message\":\"名字「乙」有\\\"引号\\\"\",\"notes\":["
                        "{\"file\":\"t。着色器。豫\",\"line\":1,\"column\":1,\"end\":{\"line\":1,\"column\":4},"
                        "\"message\":\"这里\"}]}");
    strbuf_clear(&out);
    diag_render_sarif(&out, f.diag.records, f.diag.record_count, "1.2");
    const char *log = strbuf_cstr(&out);
    assert_non_null(strstr(log, "\"version\":\"2.1.0\""));
    assert_non_null(strstr(log, "\"driver\":{\"name\":\"yusec\",\"version\":\"1.2\","));
    assert_non_null(strstr(log, "\"columnKind\":\"unicodeCodePoints\""));
    /* the Chinese file name as a percent-encoded URI */
    assert_non_null(strstr(log, "\"uri\":\"t%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB\""));
    assert_non_null(strstr(log, "\"region\":{\"startLine\":2,\"startColumn\":2,\"endLine\":2,\"endColumn\":5}"));
    assert_non_null(strstr(log, "\"relatedLocations\":[{\"id\":0,"));
    /* the result names its rule, and the driver describes it */
    assert_non_null(strstr(log, "{\"level\":\"error\",\"ruleId\":\"Y0303\",\"ruleIndex\":0,"));
    assert_non_null(strstr(log, "\"rules\":[{\"id\":\"Y0303\",\"name\":\"undefined-name\","
                                "\"shortDescription\":{\"text\":\"未定义的名字或类型\"}"));
    assert_non_null(strstr(log, "\"defaultConfiguration\":{\"level\":\"error\"},\"helpUri\":\""));
    assert_non_null(strstr(log, "diagnostics.md#y0303\"}]"));
    strbuf_free(&out);
    diag_fixture_free(&f);
}

static void text_renderer_colours_like_clang(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, TEXT);
    diag_warning(&f.diag, Y_SHADOWED_BUILTIN, span_of(&f, "「乙」"), "小心");
    StrBuf out;
    strbuf_init(&out);
    diag_render_text(&out, &f.diag.records[0], true);
    assert_string_equal(strbuf_cstr(&out),
                        "\033[1mt。着色器。豫:2:2:\033[0m \033[1;35mwarning:\033[0m \033[1m小心\033[0m\n"
                        "　「乙」加「丙」也。\n"
                        "  \033[1;32m^~~~~~\033[0m\n");
    /* the plain text that tests and the library read has no colour */
    assert_null(strchr(strbuf_cstr(&f.diag.text), '\033'));
    strbuf_free(&out);
    diag_fixture_free(&f);
}

static void color_choice(void **state) {
    (void)state;
    assert_true(diag_color_wanted(DIAG_COLOR_AUTO, true, NULL));
    assert_true(diag_color_wanted(DIAG_COLOR_AUTO, true, ""));   /* NO_COLOR empty: ignored */
    assert_false(diag_color_wanted(DIAG_COLOR_AUTO, true, "1"));
    assert_false(diag_color_wanted(DIAG_COLOR_AUTO, false, NULL));
    assert_true(diag_color_wanted(DIAG_COLOR_ALWAYS, false, "1"));  /* the flag wins */
    assert_false(diag_color_wanted(DIAG_COLOR_NEVER, true, NULL));
}

static void werror_and_w(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, TEXT);
    DiagOptions options;
    diag_options_init(&options);
    options.warnings.all_as_errors = true;
    diag_configure(&f.diag, &options, false, NULL);
    diag_warning(&f.diag, Y_SHADOWED_BUILTIN, span_of(&f, "「乙」"), "小心");
    assert_int_equal(f.diag.error_count, 1);
    assert_int_equal(f.diag.records[0].level, DIAG_ERROR);
    assert_non_null(strstr(strbuf_cstr(&f.diag.text), "error: 小心"));
    diag_fixture_free(&f);

    diag_fixture_init(&f, TEXT);
    options.warnings.all_as_errors = false;
    options.no_warnings = true;
    diag_configure(&f.diag, &options, false, NULL);
    diag_warning(&f.diag, Y_SHADOWED_BUILTIN, span_of(&f, "「乙」"), "小心");
    diag_note(&f.diag, span_of(&f, "「甲」"), "随警告一起不见");
    diag_error(&f.diag, Y_UNDEFINED_NAME, span_of(&f, "「丙」"), "错");
    assert_int_equal(f.diag.warning_count, 0);
    assert_int_equal(f.diag.record_count, 1);
    assert_null(strstr(strbuf_cstr(&f.diag.text), "随警告"));
    diag_fixture_free(&f);
}

static void stop_at_cap_prints_the_notice(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, TEXT);
    f.diag.max_errors = 2;
    diag_error(&f.diag, Y_UNDEFINED_NAME, span_of(&f, "「乙」"), "一");
    diag_stop_at_cap(&f.diag);  /* below the cap: nothing */
    assert_null(strstr(strbuf_cstr(&f.diag.text), "错误过多"));
    diag_error(&f.diag, Y_UNDEFINED_NAME, span_of(&f, "「丙」"), "二");
    diag_stop_at_cap(&f.diag);
    diag_stop_at_cap(&f.diag);  /* once */
    const char *text = strbuf_cstr(&f.diag.text);
    const char *notice = strstr(text, "yusec: note: 错误过多，只报告前 2 条");
    assert_non_null(notice);
    assert_null(strstr(notice + strlen("yusec: note: 错误过多"), "错误过多"));
    diag_fixture_free(&f);
}

/* The listener (libyusec's structured diagnostics) hears each diagnostic and note once, with
 * its message alone and the plain text rendered for it. */
typedef struct Heard {
    int count;
    DiagLevel levels[4];
    char messages[4][64];
    bool positioned[4];
} Heard;

static void hear(void *user, const DiagRecord *record) {
    Heard *heard = user;
    if (heard->count == 4) return;
    heard->levels[heard->count] = record->level;
    snprintf(heard->messages[heard->count], sizeof heard->messages[0], "%s", record->message);
    heard->positioned[heard->count] = record->file != NULL && record->rendered_len > 0;
    heard->count++;
}

static void listener_hears_every_part(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, TEXT);
    Heard heard = {0};
    f.diag.listener = hear;
    f.diag.listener_user = &heard;
    diag_error(&f.diag, Y_UNDEFINED_NAME, span_of(&f, "「乙」"), "错");
    diag_note(&f.diag, span_of(&f, "「甲」"), "这里");
    diag_error_path(&f.diag, Y_UNREADABLE_FILE, "x.yir", "读不了");
    assert_int_equal(heard.count, 3);
    assert_int_equal(heard.levels[1], DIAG_NOTE);
    assert_string_equal(heard.messages[1], "这里");
    assert_true(heard.positioned[0]);
    assert_false(heard.positioned[2]);
    diag_fixture_free(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distance_counts_characters_not_bytes),
        cmocka_unit_test(suggestion_threshold_and_ties),
        cmocka_unit_test(json_escapes_awkward_strings),
        cmocka_unit_test(records_hold_places_and_notes),
        cmocka_unit_test(json_renderer),
        cmocka_unit_test(text_renderer_colours_like_clang),
        cmocka_unit_test(color_choice),
        cmocka_unit_test(werror_and_w),
        cmocka_unit_test(stop_at_cap_prints_the_notice),
        cmocka_unit_test(listener_hears_every_part),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
