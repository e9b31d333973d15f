/* The type checker on whole programs: the seed example, definitions of every kind (着四),
 * and the dump the YIR lowering reads. */
#include "check_fixture.h"

#define SEED_EXAMPLE                                                                          \
    PRELUDE                                                                                   \
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"                                  \
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n" \
    "「加倍」乃化「全局调用号」为「有」者也。\n"                                              \
    "「加倍」者得「号」而\n"                                                                  \
    "　令「序」为「号」中「零」而\n"                                                          \
    "　「写数组」于「数据」于「序」于（（「读数组」于「数据」于「序」）乘（「新无三二」于「二」））\n" \
    "也。\n"                                                                                  \
    "「加倍入口」乃「计算入口」也。\n"                                                        \
    "「加倍入口」者「计算入口项」于「加倍」于（「组值」【「工作组大小」者「四」也】）也。\n"

static void seed_example(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, SEED_EXAMPLE);
    assert_int_equal(p->def_count, 3);
    SemaDef *data = find_def(p, "数据");
    assert_int_equal(data->kind, DEF_RESOURCE);
    assert_int_equal(data->as.resource.kind, RESOURCE_STORAGE);
    assert_false(data->as.resource.read_only);
    SemaDef *fn = find_def(p, "加倍");
    assert_int_equal(fn->kind, DEF_FUNCTION);
    assert_int_equal(fn->as.function.param_count, 1);
    assert_int_equal(fn->as.function.params[0]->io, IO_GLOBAL_INVOCATION_ID);
    SemaDef *entry = find_def(p, "加倍入口");
    assert_int_equal(entry->kind, DEF_ENTRY);
    assert_int_equal(entry->as.entry.stage, STAGE_COMPUTE);
    assert_ptr_equal(entry->as.entry.function, fn);
    assert_int_equal(entry->as.entry.workgroup_size[0], 4);  /* one integer: 4 × 1 × 1 */
    assert_int_equal(entry->as.entry.workgroup_size[1], 1);
    assert_int_equal(entry->as.entry.workgroup_size[2], 1);
    assert_int_equal(p->entry_count, 1);
    assert_int_equal(fn->as.function.local_count, 2);  /* 「号」 and 「序」 */
    assert_ptr_equal(fn->as.function.entry, entry);
    const char *text = dump(f, p);
    assert_non_null(strstr(text, "CallBuiltin 「写数组」 以 「无三二」 : 「有」"));
    assert_non_null(strstr(text, "Literal 2 constructed : 「无三二」"));
}

/* 「工作组大小」 written as a tuple, as vectors are: x 与 y (z = 1) and x 与 y 与 z; the
 * same in parentheses and with 着八's flattening. */
#define SIZED_ENTRY(size)                                                                     \
    PRELUDE "「核」乃化「局部调用号」为「有」者也。\n「核」者得「号」而「元」也。\n"             \
            "「核入口」乃「计算入口」也。\n"                                                  \
            "「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者" size "也】）也。\n"

static CheckedProgram *expect_size(Fixture *f, const char *text, uint32_t x, uint32_t y, uint32_t z) {
    CheckedProgram *p = expect_ok(f, text);
    SemaDef *entry = find_def(p, "核入口");
    assert_int_equal(entry->as.entry.workgroup_size[0], x);
    assert_int_equal(entry->as.entry.workgroup_size[1], y);
    assert_int_equal(entry->as.entry.workgroup_size[2], z);
    return p;
}

static void workgroup_size_2d(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_size(f, SIZED_ENTRY("「三二」与「八」"), 32, 8, 1);
    assert_non_null(strstr(dump(f, p), "workgroup_size=32,8,1"));
}

static void workgroup_size_3d(void **state) {
    expect_size(*state, SIZED_ENTRY("「八」与「四」与「二」"), 8, 4, 2);
}

static void workgroup_size_parenthesised(void **state) {
    expect_size(*state, SIZED_ENTRY("（「一六」与「一六」）"), 16, 16, 1);
}

static void workgroup_size_flattened(void **state) {
    expect_size(*state, SIZED_ENTRY("「四」与（「四」与「六四」）"), 4, 4, 64);
}

static void workgroup_size_one_integer_dump(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_size(f, SIZED_ENTRY("「二五六」"), 256, 1, 1);
    assert_non_null(strstr(dump(f, p), "workgroup_size=256\n"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(seed_example, check_setup, check_teardown),
        cmocka_unit_test_setup_teardown(workgroup_size_2d, check_setup, check_teardown),
        cmocka_unit_test_setup_teardown(workgroup_size_3d, check_setup, check_teardown),
        cmocka_unit_test_setup_teardown(workgroup_size_parenthesised, check_setup, check_teardown),
        cmocka_unit_test_setup_teardown(workgroup_size_flattened, check_setup, check_teardown),
        cmocka_unit_test_setup_teardown(workgroup_size_one_integer_dump, check_setup, check_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
