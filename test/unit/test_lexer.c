/* Lexer tests: keywords by longest match, names, numerals, strings, comments, punctuation,
 * invalid input, and the positions of the diagnostics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend/token.h"

typedef struct Fixture {
    Arena arena;
    SourceMap map;
    DiagEngine diag;
    TokenList tokens;
} Fixture;

static int setup(void **state) {
    Fixture *f = calloc(1, sizeof *f);
    arena_init(&f->arena);
    source_map_init(&f->map, &f->arena);
    diag_init(&f->diag, &f->map, NULL);
    f->diag.max_errors = 0;
    *state = f;
    return 0;
}

static int teardown(void **state) {
    Fixture *f = *state;
    diag_free(&f->diag);
    arena_free(&f->arena);
    free(f);
    return 0;
}

static TokenList lex_bytes(Fixture *f, const char *text, size_t len) {
    SourceFile *file = source_add(&f->map, "t", text, len);
    f->tokens = fe_lex_file(&f->arena, file, &f->diag);
    assert_true(f->tokens.count >= 1);
    assert_int_equal(f->tokens.items[f->tokens.count - 1].kind, TOK_EOF);
    return f->tokens;
}

static TokenList lex(Fixture *f, const char *text) { return lex_bytes(f, text, strlen(text)); }

/* Checks the token kinds, ending with TOK_EOF (which the list may leave out). */
#define assert_kinds(f, ...)                                                          \
    do {                                                                              \
        const TokenKind expected_[] = {__VA_ARGS__, TOK_EOF};                         \
        size_t n_ = sizeof expected_ / sizeof expected_[0];                           \
        if (expected_[n_ - 2] == TOK_EOF) n_--;                                       \
        for (size_t i_ = 0; i_ < n_ && i_ < (f)->tokens.count; i_++) {                \
            if ((f)->tokens.items[i_].kind != expected_[i_])                          \
                print_error("token %zu: got %s, want %s\n", i_,                       \
                            fe_token_kind_spelling((f)->tokens.items[i_].kind),          \
                            fe_token_kind_spelling(expected_[i_]));                      \
            assert_int_equal((f)->tokens.items[i_].kind, expected_[i_]);              \
        }                                                                             \
        assert_int_equal((f)->tokens.count, n_);                                      \
    } while (0)

static void assert_diag_has(Fixture *f, const char *needle) {
    const char *text = strbuf_cstr(&f->diag.text);
    if (!strstr(text, needle)) print_error("diagnostics lack \"%s\":\n%s\n", needle, text);
    assert_non_null(strstr(text, needle));
}

static void assert_no_errors(Fixture *f) {
    if (f->diag.error_count) print_error("%s\n", strbuf_cstr(&f->diag.text));
    assert_int_equal(f->diag.error_count, 0);
}

static const Token *tok(Fixture *f, uint32_t i) {
    assert_true(i < f->tokens.count);
    return &f->tokens.items[i];
}

/* ---- keywords: longest match ---- */

static void test_keyword_traps(void **state) {
    Fixture *f = *state;
    lex(f, "「甲」等于「乙」");
    assert_kinds(f, TOK_NAME, TOK_KW_DENGYU, TOK_NAME);
    lex(f, "于等于于");
    assert_kinds(f, TOK_KW_YU, TOK_KW_DENGYU, TOK_KW_YU);
    lex(f, "否则则");
    assert_kinds(f, TOK_KW_FOUZE, TOK_KW_ZE);
    lex(f, "寻观寻观");
    assert_kinds(f, TOK_KW_XUNGUAN, TOK_KW_XUNGUAN);
    lex(f, "寻「甲」观");
    assert_kinds(f, TOK_KW_XUN, TOK_NAME, TOK_KW_GUAN);
    lex(f, "之「点染本」之书之");
    assert_kinds(f, TOK_KW_ZHI, TOK_NAME, TOK_KW_ZHISHU, TOK_KW_ZHI);
    lex(f, "不等于等于不小于小于不大于大于");
    assert_kinds(f, TOK_KW_BUDENGYU, TOK_KW_DENGYU, TOK_KW_BUXIAOYU, TOK_KW_XIAOYU,
                 TOK_KW_BUDAYU, TOK_KW_DAYU);
    lex(f, "递归令令");
    assert_kinds(f, TOK_KW_DIGUILING, TOK_KW_LING);
    lex(f, "又化而令者也乃化");
    assert_kinds(f, TOK_KW_YOU, TOK_KW_HUA, TOK_KW_ER, TOK_KW_LING, TOK_KW_ZHE, TOK_KW_YE,
                 TOK_KW_NAI, TOK_KW_HUA);
    lex(f, "递归虑虑授以以");
    assert_kinds(f, TOK_KW_OLD_DIGUILV, TOK_KW_OLD_LV, TOK_KW_OLD_SHOUYI, TOK_KW_YI);
    assert_no_errors(f);
}

static void test_keyword_token_fields(void **state) {
    Fixture *f = *state;
    lex(f, "乃不等于");
    assert_string_equal(tok(f, 0)->text, "乃");
    assert_int_equal(tok(f, 1)->span.start, 3);
    assert_int_equal(tok(f, 1)->span.end, 12);
    assert_string_equal(tok(f, 1)->text, "不等于");
    assert_int_equal(tok(f, 1)->text_len, 9);
    assert_int_equal(tok(f, 2)->span.start, 12);
}

/* ---- names ---- */

static void test_name_text_and_span(void **state) {
    Fixture *f = *state;
    lex(f, "「工作组 大小」乃「有」也。");
    assert_kinds(f, TOK_NAME, TOK_KW_NAI, TOK_NAME, TOK_KW_YE, TOK_PERIOD);
    assert_string_equal(tok(f, 0)->text, "工作组 大小");
    assert_int_equal(tok(f, 0)->text_len, strlen("工作组 大小"));
    assert_int_equal(tok(f, 0)->span.start, 0);
    assert_int_equal(tok(f, 0)->span.end, strlen("「工作组 大小」"));
    assert_string_equal(tok(f, 2)->text, "有");
    assert_no_errors(f);
}

static void test_name_unterminated_at_line_end(void **state) {
    Fixture *f = *state;
    lex(f, "乃\n　「甲\n也");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:2:2: error: 名字未闭合");
    assert_int_equal(f->diag.error_count, 1);
}

static void test_name_unterminated_at_eof(void **state) {
    Fixture *f = *state;
    lex(f, "乃「甲");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR);
    assert_diag_has(f, "t:1:2: error: 名字未闭合");
}

static void test_name_with_inner_open_quote(void **state) {
    Fixture *f = *state;
    lex(f, "「甲 乃「整数」也");
    assert_kinds(f, TOK_ERROR, TOK_NAME, TOK_KW_YE);
    assert_diag_has(f, "t:1:1: error: 名字未闭合");
    assert_diag_has(f, "t:1:5: note:");
    assert_string_equal(tok(f, 1)->text, "整数");
}

static void test_name_empty(void **state) {
    Fixture *f = *state;
    lex(f, "乃「」也");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:1:2: error: 名字不能为空");
}

/* ---- numerals ---- */

static const Token *lex_one_numeral(Fixture *f, const char *text) {
    lex(f, text);
    assert_no_errors(f);
    assert_kinds(f, TOK_NUMERAL);
    return tok(f, 0);
}

static void test_numerals_chinese_digits(void **state) {
    Fixture *f = *state;
    const Token *t = lex_one_numeral(f, "「三二」");
    assert_int_equal(t->numeral.int_value, 32);
    assert_string_equal(t->numeral.ascii, "32");
    assert_string_equal(t->text, "三二");
    assert_false(t->numeral.is_decimal);
    t = lex_one_numeral(f, "「八一九二」");
    assert_int_equal(t->numeral.int_value, 8192);
    t = lex_one_numeral(f, "「四零」");
    assert_int_equal(t->numeral.int_value, 40);
    assert_string_equal(t->numeral.ascii, "40");
    t = lex_one_numeral(f, "「零」");
    assert_int_equal(t->numeral.int_value, 0);
    assert_string_equal(t->numeral.ascii, "0");
    t = lex_one_numeral(f, "「一二三四五六七八九零」");
    assert_int_equal(t->numeral.int_value, 1234567890u);
    t = lex_one_numeral(f, "「3二」");
    assert_string_equal(t->numeral.ascii, "32");
    /* WGSL rejects leading zeros in integers, so the spelling drops them. */
    t = lex_one_numeral(f, "「零零七」");
    assert_string_equal(t->numeral.ascii, "7");
    assert_int_equal(t->numeral.int_value, 7);
}

static void test_numerals_decimal_negative_hex(void **state) {
    Fixture *f = *state;
    const Token *t = lex_one_numeral(f, "「0.5」");
    assert_true(t->numeral.is_decimal);
    assert_string_equal(t->numeral.ascii, "0.5");
    assert_true(t->numeral.float_value == 0.5);
    t = lex_one_numeral(f, "「三点五」");
    assert_true(t->numeral.is_decimal);
    assert_string_equal(t->numeral.ascii, "3.5");
    assert_true(t->numeral.float_value == 3.5);
    t = lex_one_numeral(f, "「一点零」");
    assert_string_equal(t->numeral.ascii, "1.0");
    t = lex_one_numeral(f, "「负一」");
    assert_true(t->numeral.is_negative);
    assert_false(t->numeral.is_decimal);
    assert_int_equal(t->numeral.int_value, 1);
    assert_string_equal(t->numeral.ascii, "-1");
    assert_true(t->numeral.float_value == -1.0);
    t = lex_one_numeral(f, "「负零点二五」");
    assert_string_equal(t->numeral.ascii, "-0.25");
    assert_true(t->numeral.float_value == -0.25);
    t = lex_one_numeral(f, "「0x4B400000」");
    assert_true(t->numeral.is_hex);
    assert_int_equal(t->numeral.int_value, 0x4B400000u);
    assert_string_equal(t->numeral.ascii, "0x4B400000");
    t = lex_one_numeral(f, "「0Xff」");
    assert_int_equal(t->numeral.int_value, 255);
    assert_string_equal(t->numeral.ascii, "0Xff");
    t = lex_one_numeral(f, "「0x00000000000000001」");
    assert_false(t->numeral.overflow);
    assert_int_equal(t->numeral.int_value, 1);
}

/* The scientific form 1.5×10⁻³ read aloud: 「一点五乘十的负三次方」 (always a decimal). */
static void test_numerals_exponent(void **state) {
    Fixture *f = *state;
    const Token *t = lex_one_numeral(f, "「一点五乘十的负三次方」");
    assert_true(t->numeral.is_decimal);
    assert_false(t->numeral.is_negative);
    assert_string_equal(t->numeral.ascii, "1.5e-3");
    assert_true(t->numeral.float_value == 1.5e-3);
    t = lex_one_numeral(f, "「负三点四零二八二三五乘十的三八次方」");
    assert_true(t->numeral.is_negative);
    assert_string_equal(t->numeral.ascii, "-3.4028235e38");
    assert_true(t->numeral.float_value == -3.4028235e38);
    t = lex_one_numeral(f, "「1乘十的30次方」");
    assert_true(t->numeral.is_decimal);
    assert_string_equal(t->numeral.ascii, "1e30");
    assert_true(t->numeral.float_value == 1e30);
    t = lex_one_numeral(f, "「零零二乘十的零三次方」");
    assert_string_equal(t->numeral.ascii, "2e3");
    assert_true(t->numeral.float_value == 2000.0);
    t = lex_one_numeral(f, "「一乘十的负四五次方」");
    assert_true(t->numeral.float_value == 1e-45);
    assert_false(fe_numeral_written_zero(&t->numeral));
    t = lex_one_numeral(f, "「零点零乘十的五次方」");
    assert_true(fe_numeral_written_zero(&t->numeral));
    assert_no_errors(f);
    /* Past the double range: reported where it stands. */
    lex(f, "\n 「一乘十的四零零次方」");
    assert_true(tok(f, 0)->numeral.overflow);
    assert_diag_has(f, "t:2:2: error: 数字超出范围：「一乘十的四零零次方」");
}

/* 乘十的 and 次方 are numeral words only whole; names around them stay names. */
static void test_numerals_exponent_words_in_names(void **state) {
    Fixture *f = *state;
    const char *names[] = {"十", "十一", "三次", "乘十", "十的三次方", "第五点", "一乘十的三次幂",
                           "一乘以十的三次方", "乘十的", "次方", "一e3", "1e3", "-3.5", "1.5E-3"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "「%s」", names[i]);
        lex(f, quoted);
        assert_kinds(f, TOK_NAME);
    }
    assert_no_errors(f);
}

/* Each of `bad` in 「」 is one 数字格式错误 and still a numeral token (so the parser does not
 * report more). */
static void assert_malformed_numerals(Fixture *f, const char *const *bad, size_t count) {
    for (size_t i = 0; i < count; i++) {
        char quoted[128], message[192];
        snprintf(quoted, sizeof quoted, "乃「%s」", bad[i]);
        snprintf(message, sizeof message, "t:1:2: error: 数字格式错误：「%s」", bad[i]);
        int before = f->diag.error_count;
        lex(f, quoted);
        assert_int_equal(f->diag.error_count, before + 1);
        assert_diag_has(f, message);
        assert_kinds(f, TOK_KW_NAI, TOK_NUMERAL);
    }
}

static void test_numerals_exponent_malformed(void **state) {
    Fixture *f = *state;
    const char *bad[] = {"一乘十的次方", "一乘十的三", "乘十的三次方", "一乘十的负次方",
                         "一乘十的三次方次方", "一乘十的三点五次方", "一乘十的负负三次方",
                         "一次方", "负乘十的三次方", "一点乘十的三次方", "0x1乘十的三次方",
                         "一乘十的三次方乘十的二次方", "一乘十的三负次方"};
    assert_malformed_numerals(f, bad, sizeof bad / sizeof bad[0]);
}

static void test_numerals_not_numerals(void **state) {
    Fixture *f = *state;
    const char *names[] = {"十", "百", "二十", "０", "１２", "负", "点", "负点", "负数", "x0",
                           "一号", "〇"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        NumeralInfo info;
        assert_false(fe_numeral_parse(&f->arena, names[i], (uint32_t)strlen(names[i]), &info));
        char quoted[64];
        snprintf(quoted, sizeof quoted, "「%s」", names[i]);
        lex(f, quoted);
        assert_kinds(f, TOK_NAME);
        assert_string_equal(tok(f, 0)->text, names[i]);
    }
    assert_no_errors(f);
}

static void test_numeral_parse_api(void **state) {
    Fixture *f = *state;
    NumeralInfo info;
    assert_true(fe_numeral_parse(&f->arena, "八一九二", (uint32_t)strlen("八一九二"), &info));
    assert_int_equal(info.int_value, 8192);
    /* Only the given bytes are read: "12" of "123". */
    assert_true(fe_numeral_parse(&f->arena, "123", 2, &info));
    assert_int_equal(info.int_value, 12);
    assert_false(fe_numeral_parse(&f->arena, "一点点二", (uint32_t)strlen("一点点二"), &info));
}

static void test_numerals_malformed(void **state) {
    Fixture *f = *state;
    const char *bad[] = {"一点点二", "1.2.3", "一负", "负负一", "点五", ".5", "五点", "5.",
                         "0x", "0xG1", "0x1.5", "负点五"};
    assert_malformed_numerals(f, bad, sizeof bad / sizeof bad[0]);
}

static void test_numerals_overflow(void **state) {
    Fixture *f = *state;
    const Token *t = lex_one_numeral(f, "「18446744073709551615」");
    assert_true(t->numeral.int_value == UINT64_MAX);
    assert_false(t->numeral.overflow);
    lex(f, "\n「18446744073709551616」");
    assert_kinds(f, TOK_NUMERAL);
    assert_true(tok(f, 0)->numeral.overflow);
    assert_diag_has(f, "t:2:1: error: 数字超出范围：「18446744073709551616」");
    lex(f, "「0x10000000000000000」");
    assert_true(tok(f, 0)->numeral.overflow);
    assert_int_equal(f->diag.error_count, 2);
    char big[700] = "「1";
    for (int i = 0; i < 400; i++) strcat(big, "0");
    strcat(big, ".5」");
    lex(f, big);
    assert_true(tok(f, 0)->numeral.overflow);
    assert_int_equal(f->diag.error_count, 3);
}

/* ---- strings ---- */

static void test_string_escapes(void **state) {
    Fixture *f = *state;
    lex(f, "『甲「：换行：」乙「：制表：」丙「：』：」丁「：「：：」戊「己』");
    assert_no_errors(f);
    assert_kinds(f, TOK_STRING);
    assert_string_equal(tok(f, 0)->text, "甲\n乙\t丙』丁「戊「己");
    assert_int_equal(tok(f, 0)->text_len, strlen("甲\n乙\t丙』丁「戊「己"));
    assert_int_equal(tok(f, 0)->span.start, 0);
    lex(f, "『』");
    assert_kinds(f, TOK_STRING);
    assert_string_equal(tok(f, 0)->text, "");
}

static void test_string_unknown_escape(void **state) {
    Fixture *f = *state;
    lex(f, "『甲「：回车：」乙』也");
    assert_kinds(f, TOK_STRING, TOK_KW_YE);
    assert_diag_has(f, "t:1:3: error: 未知的转义「：回车：」");
    assert_string_equal(tok(f, 0)->text, "甲乙");
    assert_int_equal(f->diag.error_count, 1);
    lex(f, "『「：：」』");
    assert_diag_has(f, "未知的转义「：：」");
    lex(f, "『「：乙』");
    assert_diag_has(f, "t:1:2: error: 转义未闭合");
    assert_kinds(f, TOK_STRING);
}

static void test_string_unterminated(void **state) {
    Fixture *f = *state;
    lex(f, "乃\n  『甲乙\n也");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:2:3: error: 字符串未闭合");
    lex(f, "『甲「：』：」");
    assert_kinds(f, TOK_ERROR);
    assert_diag_has(f, "t:1:1: error: 字符串未闭合");
}

/* ---- comments ---- */

static void test_comments_nest(void **state) {
    Fixture *f = *state;
    lex(f, "乃「：外「：内：」仍在注释里：」也");
    assert_kinds(f, TOK_KW_NAI, TOK_KW_YE);
    lex(f, "「：一「：二「：三：」：」\n：」者");
    assert_kinds(f, TOK_KW_ZHE);
    lex(f, "「：：」");
    assert_kinds(f, TOK_EOF);
    assert_no_errors(f);
}

static void test_comment_with_quotes_inside(void **state) {
    Fixture *f = *state;
    lex(f, "「：含」与『与「与』与(：」即");
    assert_kinds(f, TOK_KW_JI);
    assert_no_errors(f);
}

static void test_comment_unterminated(void **state) {
    Fixture *f = *state;
    lex(f, "乃\n也「：外「：内：」\n者");
    assert_kinds(f, TOK_KW_NAI, TOK_KW_YE);
    assert_diag_has(f, "t:2:2: error: 注释未闭合");
    assert_int_equal(f->diag.error_count, 1);
}

static void test_stray_closers(void **state) {
    Fixture *f = *state;
    lex(f, "乃」也』者：」即");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE, TOK_ERROR, TOK_KW_ZHE, TOK_ERROR,
                 TOK_KW_JI);
    assert_diag_has(f, "t:1:2: error: 多余的「」」");
    assert_diag_has(f, "t:1:4: error: 多余的「』」");
    assert_diag_has(f, "t:1:6: error: 多余的注释结尾");
}

/* ---- white space, BOM, punctuation ---- */

static void test_whitespace(void **state) {
    Fixture *f = *state;
    lex(f, "　乃\t也\r\n者\v即\f立\u00a0寻\u2003观\u3000之\u2028中\u205f得");
    assert_kinds(f, TOK_KW_NAI, TOK_KW_YE, TOK_KW_ZHE, TOK_KW_JI, TOK_KW_LI, TOK_KW_XUN,
                 TOK_KW_GUAN, TOK_KW_ZHI, TOK_KW_ZHONG, TOK_KW_DE);
    assert_int_equal(tok(f, 0)->span.start, 3);
    assert_no_errors(f);
}

static void test_bom(void **state) {
    Fixture *f = *state;
    lex(f, "\xEF\xBB\xBF乃");
    assert_kinds(f, TOK_KW_NAI);
    assert_int_equal(tok(f, 0)->span.start, 3);
    assert_no_errors(f);
    lex(f, "乃\xEF\xBB\xBF");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR);
    assert_diag_has(f, "t:1:2: error: 无法识别的字符");
}

static void test_punctuation(void **state) {
    Fixture *f = *state;
    lex(f, "（）【】，。；");
    assert_kinds(f, TOK_LPAREN, TOK_RPAREN, TOK_LBRACKET, TOK_RBRACKET, TOK_COMMA, TOK_PERIOD,
                 TOK_SEMI);
    assert_int_equal(tok(f, 6)->span.start, 18);
    assert_int_equal(tok(f, 6)->span.end, 21);
    assert_no_errors(f);
}

static void test_ascii_parens(void **state) {
    Fixture *f = *state;
    lex(f, "乃(「甲」)");
    /* Reported, then read as the full-width form so that the parser goes on quietly. */
    assert_kinds(f, TOK_KW_NAI, TOK_LPAREN, TOK_NAME, TOK_RPAREN);
    assert_diag_has(f, "t:1:2: error: 不可用半角括号「(」，请写全角括号「（」");
    assert_diag_has(f, "t:1:6: error: 不可用半角括号「)」，请写全角括号「）」");
    assert_int_equal(f->diag.error_count, 2);
}

static void test_ascii_and_enum_comma(void **state) {
    Fixture *f = *state;
    lex(f, "「甲」、「乙」");
    assert_kinds(f, TOK_NAME, TOK_COMMA, TOK_NAME);
    assert_diag_has(f, "t:1:4: error: 不可用顿号「、」");
    lex(f, "也,也.也;");
    assert_kinds(f, TOK_KW_YE, TOK_COMMA, TOK_KW_YE, TOK_PERIOD, TOK_KW_YE, TOK_SEMI);
    assert_diag_has(f, "「,」，请写全角逗号「，」");
    assert_diag_has(f, "「.」，请写全角句号「。」");
    assert_diag_has(f, "「;」，请写全角分号「；」");
    assert_int_equal(f->diag.error_count, 4);
}

/* ---- unknown characters ---- */

static void test_unknown_characters(void **state) {
    Fixture *f = *state;
    lex(f, "乃abc也");
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:1:2: error: 无法识别的字符「abc」");
    assert_diag_has(f, "note: 名字与数字都要写在「」之中");
    assert_string_equal(tok(f, 1)->text, "abc");
    assert_int_equal(f->diag.error_count, 1);
    /* 不 alone is no keyword, but 不等于 is. */
    lex(f, "不不等于");
    assert_kinds(f, TOK_ERROR, TOK_KW_BUDENGYU);
    assert_diag_has(f, "无法识别的字符「不」");
    lex(f, "乃\n　　也x？");
    assert_diag_has(f, "t:2:4: error: 无法识别的字符「x？」");
    assert_int_equal(f->diag.error_count, 3);
}

/* ---- invalid input ---- */

static void test_invalid_utf8(void **state) {
    Fixture *f = *state;
    lex(f, "乃\xE4\xB9也");  /* truncated 3-byte sequence */
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:1:2: error: 无效的 UTF-8 字节");
    assert_int_equal(f->diag.error_count, 1);
    lex(f, "\n乃\xC0\xAF\xC1\xBF也");  /* overlong encodings: one run */
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:2:2: error: 无效的 UTF-8 字节");
    assert_int_equal(f->diag.error_count, 2);
    lex(f, "\x80乃\xBF");  /* lone continuation bytes */
    assert_kinds(f, TOK_ERROR, TOK_KW_NAI, TOK_ERROR);
    assert_int_equal(f->diag.error_count, 4);
    lex(f, "乃\xED\xA0\x80\xF4\x90\x80\x80");  /* surrogate, beyond U+10FFFF */
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR);
    assert_int_equal(f->diag.error_count, 5);
    lex(f, "乃\xE4");  /* cut off at the end of the file */
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR);
    assert_int_equal(f->diag.error_count, 6);
}

static void test_invalid_utf8_inside_quotes(void **state) {
    Fixture *f = *state;
    lex(f, "「甲\xFF\xFE乙」『\xC3』「：\x80：」");
    assert_kinds(f, TOK_NAME, TOK_STRING);
    assert_string_equal(tok(f, 0)->text, "甲\xEF\xBF\xBD乙");
    assert_int_equal(f->diag.error_count, 3);
    assert_diag_has(f, "t:1:3: error: 无效的 UTF-8 字节");
}

static void test_control_characters(void **state) {
    Fixture *f = *state;
    lex_bytes(f, "乃\0\x01也", 8);
    assert_kinds(f, TOK_KW_NAI, TOK_ERROR, TOK_KW_YE);
    assert_diag_has(f, "t:1:2: error: 不可见的控制字符 U+0000");
    assert_int_equal(f->diag.error_count, 1);
    lex_bytes(f, "「甲\0」\x7f", 11);
    assert_kinds(f, TOK_NAME, TOK_ERROR);
    assert_int_equal(f->diag.error_count, 3);
    lex(f, "「甲\t乙」");
    assert_kinds(f, TOK_NAME);
    assert_int_equal(f->diag.error_count, 3);
}

/* ---- whole files ---- */

static void test_empty_file(void **state) {
    Fixture *f = *state;
    lex(f, "");
    assert_kinds(f, TOK_EOF);
    assert_int_equal(tok(f, 0)->span.start, 0);
    lex(f, "　\n「：注：」\n");
    assert_kinds(f, TOK_EOF);
    assert_int_equal(tok(f, 0)->span.start, strlen("　\n「：注：」\n"));
    assert_no_errors(f);
}

static void test_seed_example(void **state) {
    Fixture *f = *state;
    lex(f, "寻观「点染」之「点染本」之书。\n"
           "「加倍」者得「号」而\n"
           "　令「序」为「号」中「零」而\n"
           "　「写数组」于「数据」于「序」于（（「读数组」于「数据」于「序」）乘（「新无三二」于「二」））\n"
           "也。");
    assert_no_errors(f);
    assert_kinds(f, TOK_KW_XUNGUAN, TOK_NAME, TOK_KW_ZHI, TOK_NAME, TOK_KW_ZHISHU, TOK_PERIOD,
                 TOK_NAME, TOK_KW_ZHE, TOK_KW_DE, TOK_NAME, TOK_KW_ER,
                 TOK_KW_LING, TOK_NAME, TOK_KW_WEI, TOK_NAME, TOK_KW_ZHONG, TOK_NUMERAL, TOK_KW_ER,
                 TOK_NAME, TOK_KW_YU, TOK_NAME, TOK_KW_YU, TOK_NAME, TOK_KW_YU, TOK_LPAREN,
                 TOK_LPAREN, TOK_NAME, TOK_KW_YU, TOK_NAME, TOK_KW_YU, TOK_NAME, TOK_RPAREN,
                 TOK_KW_CHENG, TOK_LPAREN, TOK_NAME, TOK_KW_YU, TOK_NUMERAL, TOK_RPAREN,
                 TOK_RPAREN, TOK_KW_YE, TOK_PERIOD);
}

/* Pathological inputs stay linear: a line of unclosed escape openers, deep comments. */
static void test_pathological_inputs(void **state) {
    Fixture *f = *state;
    size_t reps = 100000, unit = strlen("「：");
    char *text = malloc(reps * unit + 16);
    strcpy(text, "『");
    for (size_t i = 0; i < reps; i++) memcpy(text + 3 + i * unit, "「：", unit);
    text[3 + reps * unit] = '\0';
    f->diag.max_errors = 5;
    lex(f, text);
    assert_kinds(f, TOK_ERROR);
    /* The same bytes without the 『 are 100000 nested comment openers. */
    lex(f, text + 3);
    assert_kinds(f, TOK_EOF);
    free(text);
}

static void test_token_kind_spelling(void **state) {
    (void)state;
    assert_string_equal(fe_token_kind_spelling(TOK_NAME), "「名字」");
    assert_string_equal(fe_token_kind_spelling(TOK_NUMERAL), "数字");
    assert_string_equal(fe_token_kind_spelling(TOK_STRING), "字符串");
    assert_string_equal(fe_token_kind_spelling(TOK_EOF), "文件结尾");
    assert_string_equal(fe_token_kind_spelling(TOK_LPAREN), "（");
    assert_string_equal(fe_token_kind_spelling(TOK_SEMI), "；");
    assert_string_equal(fe_token_kind_spelling(TOK_KW_NAI), "乃");
    assert_string_equal(fe_token_kind_spelling(TOK_KW_DIGUILING), "递归令");
    assert_string_equal(fe_token_kind_spelling(TOK_KW_OLD_XUN), "循");
    for (int k = 0; k < TOK_KIND_COUNT; k++) assert_non_null(fe_token_kind_spelling((TokenKind)k));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void) {
    const struct CMUnitTest tests[] = {
        T(test_keyword_traps),
        T(test_keyword_token_fields),
        T(test_name_text_and_span),
        T(test_name_unterminated_at_line_end),
        T(test_name_unterminated_at_eof),
        T(test_name_with_inner_open_quote),
        T(test_name_empty),
        T(test_numerals_chinese_digits),
        T(test_numerals_decimal_negative_hex),
        T(test_numerals_exponent),
        T(test_numerals_exponent_words_in_names),
        T(test_numerals_exponent_malformed),
        T(test_numerals_not_numerals),
        T(test_numeral_parse_api),
        T(test_numerals_malformed),
        T(test_numerals_overflow),
        T(test_string_escapes),
        T(test_string_unknown_escape),
        T(test_string_unterminated),
        T(test_comments_nest),
        T(test_comment_with_quotes_inside),
        T(test_comment_unterminated),
        T(test_stray_closers),
        T(test_whitespace),
        T(test_bom),
        T(test_punctuation),
        T(test_ascii_parens),
        T(test_ascii_and_enum_comma),
        T(test_unknown_characters),
        T(test_invalid_utf8),
        T(test_invalid_utf8_inside_quotes),
        T(test_control_characters),
        T(test_empty_file),
        T(test_seed_example),
        T(test_pathological_inputs),
        T(test_token_kind_spelling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
