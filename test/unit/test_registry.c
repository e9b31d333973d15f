/* The target registry (targets/registry.h, issue 31 item 1): one row per yusec_target with its
 * words, suffix, limits, default pipeline and inline policy, and emitters that return typed
 * entry names instead of TAB text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test/unit/yir_fixture.h"

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/registry.h"

static void test_one_row_per_id(void **state) {
    (void)state;
    size_t count;
    const TargetDescriptor *rows = target_registry(&count);
    assert_int_equal(count, YUSEC_TARGET_COUNT);
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(rows[i].id, (yusec_target)i);
        assert_ptr_equal(target_descriptor((yusec_target)i), &rows[i]);
        assert_ptr_equal(target_find_word(rows[i].word), &rows[i]);
        assert_non_null(rows[i].limits);
        assert_non_null(rows[i].emit);
        assert_true(rows[i].suffix[0] == '.');
        for (size_t k = 0; k < i; k++) {
            assert_string_not_equal(rows[k].word, rows[i].word);
            assert_string_not_equal(rows[k].suffix, rows[i].suffix);
            assert_string_not_equal(rows[k].generated_constant, rows[i].generated_constant);
        }
    }
    assert_null(target_descriptor(YUSEC_TARGET_COUNT));
    assert_null(target_find_word("spirv"));
    assert_null(target_find_word(NULL));
    StrBuf words;
    strbuf_init(&words);
    target_list_words(&words, "、");
    assert_string_equal(strbuf_cstr(&words), "wgsl、msl、ptx");
    strbuf_free(&words);
}

/* The descriptors name their pipelines (passes/ knows no target): every name is a pass, only
 * the inlining target inlines, and uniformity runs last everywhere. */
static void test_pipelines_and_policies(void **state) {
    (void)state;
    size_t count;
    const TargetDescriptor *rows = target_registry(&count);
    for (size_t i = 0; i < count; i++) {
        const char *list = rows[i].pipeline;
        for (const char *p = list; *p;) {
            size_t len = strcspn(p, ",");
            if (!pass_find(p, len)) fail_msg("%s: no pass %.*s", rows[i].word, (int)len, p);
            p += len + (p[len] == ',');
        }
        assert_true(strlen(list) >= strlen("uniformity") &&
                    strcmp(list + strlen(list) - strlen("uniformity"), "uniformity") == 0);
        assert_int_equal(strstr(list, "inline") != NULL, rows[i].inline_policy == INLINE_ALL);
    }
    assert_int_equal(target_descriptor(YUSEC_TARGET_PTX)->inline_policy, INLINE_ALL);
    assert_int_equal(target_descriptor(YUSEC_TARGET_WGSL)->inline_policy, INLINE_NONE);
    assert_true(target_descriptor(YUSEC_TARGET_PTX)->caps & TARGET_CAP_KERNEL_NAMES);
    /* one default -arch: the options' default is PTX_DEFAULT_ARCH, and the limits' row is its */
    PtxOptions ptx;
    ptx_options_init(&ptx);
    assert_string_equal(ptx.arch, PTX_DEFAULT_ARCH);
    uint64_t shared;
    const char *why;
    ptx_shared_limit(&ptx, NULL, &shared, &why);
    assert_int_equal(shared, target_descriptor(YUSEC_TARGET_PTX)->limits->workgroup_storage_bytes);
    assert_false(target_descriptor(YUSEC_TARGET_MSL)->caps & TARGET_CAP_KERNEL_NAMES);
}

static const char MODULE[] =
    "fn @loop(%0:u32) {\n  return\n}\n"
    "entry @e = compute @loop workgroup_size(2, 3, 1) (builtin(local_invocation_index))\n";

/* WGSL and MSL through their descriptors: the text, and the entry names as written (the
 * reserved word loop is 豫_loop in the text and in the names), no kernel names. */
static void test_emit_returns_typed_entry_names(void **state) {
    (void)state;
    Ctx c;
    ctx_init(&c);
    IrModule *m = ctx_read_verified(&c, "t.yir", MODULE, strlen(MODULE));
    yusec_target text_targets[] = {YUSEC_TARGET_WGSL, YUSEC_TARGET_MSL};
    for (size_t t = 0; t < 2; t++) {
        const TargetDescriptor *target = target_descriptor(text_targets[t]);
        StrBuf text;
        strbuf_init(&text);
        TargetOutput output;
        target_output_init(&output, &c.arena, &text);
        TargetEmitOptions options = {NULL};
        if (!target->emit(m, &options, &output, &c.diag)) fail_msg("%s: %s", target->word, strbuf_cstr(&c.diag.text));
        assert_non_null(strstr(strbuf_cstr(&text), "豫_loop"));
        assert_int_equal(output.entry_count, 1);
        assert_string_equal(output.entries[0].item, "e");
        assert_string_equal(output.entries[0].function, "豫_loop");
        assert_int_equal(output.entries[0].stage, IR_STAGE_COMPUTE);
        assert_int_equal(output.entries[0].workgroup_size[1], 3);
        assert_null(output.entries[0].kernel);
        assert_false(output.failure.set);
        strbuf_free(&text);
    }
    /* Before emitting: the same function name and PTX's kernel name. */
    TargetOutput names;
    target_output_init(&names, &c.arena, NULL);
    target_name_entries(&names, m, NULL, true);
    assert_int_equal(names.entry_count, 1);
    assert_string_equal(names.entries[0].function, "豫_loop");
    assert_string_equal(names.entries[0].kernel, "yy_e8_b1_ab_5floop");
    ir_module_free(m);
    ctx_free(&c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_row_per_id),
        cmocka_unit_test(test_pipelines_and_policies),
        cmocka_unit_test(test_emit_returns_typed_entry_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
