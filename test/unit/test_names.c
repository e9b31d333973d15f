/* Target names per UAX #31 (targets/names.c, targets/ident_chars.c): which characters are
 * kept, how the others are escaped, where 豫_ goes, and that different source names never
 * share a target name. test/names/sweep.sh checks every assigned BMP code point against Tint
 * and clang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/arena.h"
#include "targets/ident_chars.h"
#include "targets/names.h"

static void test_ident_classes(void **state) {
    (void)state;
    assert_int_equal(ident_char_class('a'), IDENT_START);
    assert_int_equal(ident_char_class('_'), IDENT_CONTINUE);
    assert_int_equal(ident_char_class('7'), IDENT_CONTINUE);
    assert_int_equal(ident_char_class('-'), IDENT_NONE);
    assert_int_equal(ident_char_class(0x6E29), IDENT_START);    /* 温 */
    assert_int_equal(ident_char_class(0x3007), IDENT_START);    /* 〇 (Nl) */
    assert_int_equal(ident_char_class(0x2103), IDENT_NONE);     /* ℃ */
    assert_int_equal(ident_char_class(0x2122), IDENT_NONE);     /* ™ */
    assert_int_equal(ident_char_class(0x2460), IDENT_NONE);     /* ① */
    assert_int_equal(ident_char_class(0x30FB), IDENT_NONE);     /* ・ (XID_Continue only from Unicode 15.1) */
    assert_int_equal(ident_char_class(0x00B7), IDENT_CONTINUE); /* · */
    assert_int_equal(ident_char_class(0x0301), IDENT_CONTINUE); /* combining acute */
    assert_int_equal(ident_char_class(0x00B2), IDENT_NONE);     /* ² (NFKC is not XID) */
    assert_int_equal(ident_char_class(0x0CF3), IDENT_NONE);     /* new in Unicode 15: Tint and clang 14 say no */
    assert_int_equal(ident_char_class(0x01C3), IDENT_NONE);     /* clang's homoglyph warning */
    assert_int_equal(ident_char_class(0x20000), IDENT_START);   /* CJK extension B */
    assert_int_equal(ident_char_class(0x1F600), IDENT_NONE);    /* emoji */
    assert_int_equal(ident_char_class(0x10FFFF), IDENT_NONE);
}

static void test_escapes(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    assert_string_equal(names_legalise(&a, "温度℃"), "温度_u2103");
    assert_string_equal(names_legalise(&a, "商标™"), "商标_u2122");
    assert_string_equal(names_legalise(&a, "第①"), "第_u2460");
    assert_string_equal(names_legalise(&a, "甲 乙"), "甲_u0020乙");
    assert_string_equal(names_legalise(&a, "角°"), "角_u00B0");
    assert_string_equal(names_legalise(&a, "笑😀"), "笑_U01F600");
    assert_string_equal(names_legalise(&a, "坏\xFF"), "坏_xFF");
    assert_string_equal(names_legalise(&a, "中・点"), "中_u30FB点");
    assert_string_equal(names_legalise(&a, "中·点"), "中·点");       /* kept: XID_Continue */
    assert_string_equal(names_legalise(&a, "𠀀"), "𠀀");            /* beyond the BMP, XID_Start */
    arena_free(&a);
}

static void test_prefix(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    assert_string_equal(names_legalise(&a, "３号"), "豫_３号");       /* full-width digit */
    assert_string_equal(names_legalise(&a, "·甲"), "豫_·甲");        /* continues, cannot start */
    assert_string_equal(names_legalise(&a, "\xCC\x81甲"), "豫_\xCC\x81甲");
    assert_string_equal(names_legalise(&a, "℃"), "_u2103");          /* '_' + lower case: fine */
    assert_string_equal(names_legalise(&a, "😀"), "豫__U01F600");     /* '_' + upper case: C++ */
    assert_string_equal(names_legalise(&a, "ೳ"), "_u0CF3");
    arena_free(&a);
}

/* Names of Metal's standard library (functions, the macros of its math constants and numeric
 * limits, the namespace) and C++ keywords are reserved for both text targets (着九's TODO). */
static void test_metal_and_cxx_names(void **state) {
    (void)state;
    static const char *const reserved[] = {
        "min", "sin", "max3", "median3", "length_squared", "distance_squared", "isnormal",
        "ilogb", "acospi", "atan2pi", "unpack_unorm4x8_to_float", "numeric_limits", "metal",
        "NAN", "INFINITY", "MAXFLOAT", "HUGE_VALF", "M_PI_F", "M_SQRT1_2_H", "FLT_MAX",
        "INT_MAX", "class", "template", "float", "namespace", "typename", "constexpr",
        "operator", "this", "kernel", "device", "threadgroup",
    };
    Arena a;
    arena_init(&a);
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        assert_true(names_is_reserved(reserved[i]));
        assert_string_equal(names_legalise(&a, reserved[i]), arena_printf(&a, "豫_%s", reserved[i]));
    }
    assert_false(names_is_reserved("minimum"));
    assert_false(names_is_reserved("nan"));
    arena_free(&a);
}

/* Pairs that a plain rewriting would merge: each pair must stay two names. */
static void test_one_to_one(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    static const char *const pairs[][2] = {
        {"a-b", "a_u002Db"},      {"℃", "_u2103"},     {"loop", "豫_loop"},
        {"3号", "豫_3号"},        {"😀", "_U01F600"},  {"坏\xFF", "坏_xFF"},
        {"_", "豫__"},            {"", "豫_"},         {"_u12", "_u1234"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const char *first = names_legalise(&a, pairs[i][0]);
        const char *second = names_legalise(&a, pairs[i][1]);
        if (strcmp(first, second) == 0) fail_msg("「%s」 and 「%s」 both give %s", pairs[i][0], pairs[i][1], first);
    }
    assert_string_equal(names_legalise(&a, "a_u002Db"), "a_u005Fu002Db");  /* '_' that reads as an escape */
    assert_string_equal(names_legalise(&a, "豫_loop"), "豫_豫_loop");
    assert_string_equal(names_legalise(&a, "_u12"), "_u12");              /* too short to read as one */
    assert_string_equal(names_legalise(&a, "x_uabcd"), "x_uabcd");        /* lower-case hex: not one */
    arena_free(&a);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ident_classes),
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_prefix),
        cmocka_unit_test(test_one_to_one),
        cmocka_unit_test(test_metal_and_cxx_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
