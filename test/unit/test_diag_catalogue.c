/* base/diagnostics.def and base/diag_catalogue.c: every row is well formed (a unique stable
 * number in its stage's hundred, the kebab-case name of its ID, a summary, an explanation),
 * codes and names are found, the -W flags act on warnings only, and the engine keeps each
 * diagnostic's entry and origin. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "diag_fixture.h"

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"

static const char *const ID_SPELLINGS[] = {
    "",
#define DIAGNOSTIC(id, number, severity, name, summary, explanation) #id,
#include "base/diagnostics.def"
#undef DIAGNOSTIC
};

static void rows_are_well_formed(void **state) {
    (void)state;
    assert_null(diag_info(Y_NONE));
    assert_null(diag_info(Y_DIAG_COUNT));
    for (int id = Y_NONE + 1; id < Y_DIAG_COUNT; id++) {
        const DiagInfo *info = diag_info((DiagId)id);
        assert_non_null(info);
        assert_int_equal(info->id, id);
        /* the name is the ID in kebab case */
        const char *spelled = ID_SPELLINGS[id];
        assert_int_equal(strlen(info->name), strlen(spelled));
        for (size_t i = 0; spelled[i]; i++)
            assert_int_equal(info->name[i], spelled[i] == '_' ? '-' : tolower((unsigned char)spelled[i]));
        assert_true(info->number > 0 && info->number < 10000);
        assert_true(strlen(info->summary) > 0);
        assert_true(strlen(info->explanation) > strlen(info->summary));
        for (int other = Y_NONE + 1; other < id; other++) {
            assert_int_not_equal(diag_info((DiagId)other)->number, info->number);
            /* the stage's hundreds ascend in the file */
            assert_true(diag_info((DiagId)other)->number / 100 <= info->number / 100);
        }
    }
}

static void codes_and_names_are_found(void **state) {
    (void)state;
    char code[DIAG_CODE_SIZE];
    diag_code(Y_UNDEFINED_NAME, code);
    assert_string_equal(code, "Y0303");
    diag_code(Y_BIDI_CHARS, code);
    assert_string_equal(code, "Y0003");
    diag_code(Y_NONE, code);
    assert_string_equal(code, "");
    assert_ptr_equal(diag_info_find("Y0303"), diag_info(Y_UNDEFINED_NAME));
    assert_ptr_equal(diag_info_find("y0303"), diag_info(Y_UNDEFINED_NAME));
    assert_ptr_equal(diag_info_find("undefined-name"), diag_info(Y_UNDEFINED_NAME));
    assert_null(diag_info_find("Y9999"));
    assert_null(diag_info_find("undefined"));
    assert_null(diag_info_find(""));
    assert_int_equal(diag_info(Y_MISLEADING_INDENTATION)->level, DIAG_DEFAULT_WARNING);
    assert_int_equal(diag_info(Y_UNDEFINED_NAME)->level, DIAG_DEFAULT_ERROR);
}

static void warning_flags_apply_in_order(void **state) {
    (void)state;
    DiagWarningFlags flags;
    memset(&flags, 0, sizeof flags);
    const char *name;
    assert_int_equal(diag_warning_flag_apply(&flags, "no-bidi-chars", &name), DIAG_FLAG_OK);
    assert_string_equal(name, "bidi-chars");
    assert_true(flags.per_id[Y_BIDI_CHARS] & DIAG_WARN_OFF);
    assert_int_equal(diag_warning_flag_apply(&flags, "all", &name), DIAG_FLAG_OK);
    assert_false(flags.per_id[Y_BIDI_CHARS] & DIAG_WARN_OFF);
    assert_int_equal(diag_warning_flag_apply(&flags, "error=shadowed-builtin", &name), DIAG_FLAG_OK);
    assert_true(flags.per_id[Y_SHADOWED_BUILTIN] & DIAG_WARN_ERROR);
    assert_int_equal(diag_warning_flag_apply(&flags, "no-error=shadowed-builtin", &name), DIAG_FLAG_OK);
    assert_false(flags.per_id[Y_SHADOWED_BUILTIN] & DIAG_WARN_ERROR);
    assert_true(flags.per_id[Y_SHADOWED_BUILTIN] & DIAG_WARN_NO_ERROR);
    assert_int_equal(diag_warning_flag_apply(&flags, "error", &name), DIAG_FLAG_OK);
    assert_true(flags.all_as_errors);
    assert_int_equal(diag_warning_flag_apply(&flags, "no-misleading-indentaton", &name), DIAG_FLAG_UNKNOWN);
    assert_string_equal(name, "misleading-indentaton");
    assert_string_equal(diag_warning_suggest(name), "misleading-indentation");
    assert_int_equal(diag_warning_flag_apply(&flags, "no-undefined-name", &name), DIAG_FLAG_NOT_WARNING);
    assert_int_equal(diag_warning_flag_apply(&flags, "bogus", &name), DIAG_FLAG_UNKNOWN);
    assert_null(diag_warning_suggest("bogus"));
}

/* ---- the engine keeps the entry and the origin, and applies the flags ---- */

typedef struct Heard {
    DiagId ids[4];
    DiagOrigin origins[4];
    int count;
} Heard;

static void hear(void *user, const DiagRecord *record) {
    Heard *heard = user;
    if (heard->count < 4) {
        heard->ids[heard->count] = record->id;
        heard->origins[heard->count++] = record->origin;
    }
}

static void records_carry_entry_and_origin(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, "「甲」者\n");
    Heard heard = {0};
    f.diag.listener = hear;
    f.diag.listener_user = &heard;
    Span span = span_make(f.file->id, 0, 3);
    diag_error(&f.diag, Y_UNDEFINED_NAME, span, "一");
    diag_note(&f.diag, span, "附注");
    diag_set_origin(&f.diag, 3);
    diag_warning_path(&f.diag, Y_UNUSED_RUN_INPUT, "yusec", "二");
    diag_set_origin(&f.diag, DIAG_ORIGIN_FRONT_END);
    assert_int_equal(f.diag.record_count, 2);
    assert_int_equal(f.diag.records[0].id, Y_UNDEFINED_NAME);
    assert_int_equal(f.diag.records[0].origin, DIAG_ORIGIN_FRONT_END);
    assert_int_equal(f.diag.records[1].id, Y_UNUSED_RUN_INPUT);
    assert_int_equal(f.diag.records[1].origin, 3);
    assert_int_equal(heard.count, 3);
    assert_int_equal(heard.ids[0], Y_UNDEFINED_NAME);
    assert_int_equal(heard.ids[1], Y_NONE);  /* the note */
    assert_int_equal(heard.ids[2], Y_UNUSED_RUN_INPUT);
    assert_int_equal(heard.origins[2], 3);
    diag_fixture_free(&f);
}

static void per_warning_flags_in_the_engine(void **state) {
    (void)state;
    Fixture f;
    diag_fixture_init(&f, "「甲」者\n");
    DiagOptions options;
    diag_options_init(&options);
    const char *name;
    diag_warning_flag_apply(&options.warnings, "no-shadowed-builtin", &name);
    diag_warning_flag_apply(&options.warnings, "error=bidi-chars", &name);
    diag_configure(&f.diag, &options, false, NULL);
    Span span = span_make(f.file->id, 0, 3);
    diag_warning(&f.diag, Y_SHADOWED_BUILTIN, span, "关掉的");
    diag_note(&f.diag, span, "随它不见");
    diag_warning(&f.diag, Y_BIDI_CHARS, span, "成了错误");
    diag_warning(&f.diag, Y_MISLEADING_INDENTATION, span, "照旧");
    assert_int_equal(f.diag.record_count, 2);
    assert_int_equal(f.diag.records[0].level, DIAG_ERROR);
    assert_int_equal(f.diag.records[1].level, DIAG_WARNING);
    assert_int_equal(f.diag.error_count, 1);
    assert_int_equal(f.diag.warning_count, 1);
    assert_null(strstr(strbuf_cstr(&f.diag.text), "随它不见"));
    diag_fixture_free(&f);

    /* -Werror with -Wno-error=<name>: that one stays a warning */
    diag_fixture_init(&f, "「甲」者\n");
    diag_options_init(&options);
    diag_warning_flag_apply(&options.warnings, "error", &name);
    diag_warning_flag_apply(&options.warnings, "no-error=bidi-chars", &name);
    diag_configure(&f.diag, &options, false, NULL);
    diag_warning(&f.diag, Y_BIDI_CHARS, span, "警告");
    diag_warning(&f.diag, Y_SHADOWED_BUILTIN, span, "错误");
    assert_int_equal(f.diag.records[0].level, DIAG_WARNING);
    assert_int_equal(f.diag.records[1].level, DIAG_ERROR);
    diag_fixture_free(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_are_well_formed),
        cmocka_unit_test(codes_and_names_are_found),
        cmocka_unit_test(warning_flags_apply_in_order),
        cmocka_unit_test(records_carry_entry_and_origin),
        cmocka_unit_test(per_warning_flags_in_the_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
