/* The rejection rules of 着四 rule 6 and 着五, and the shape rules of resources and entries;
 * every message names the top-level definition. */
#include "check_fixture.h"

#define DATA                                                                                    \
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"                                    \
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
#define KERNEL(body)                                                                            \
    PRELUDE DATA "「核」乃化「全局调用号」为「有」者也。\n"                                     \
    "「核」者得「号」而令「序」为「号」中「零」而\n" body "\n也。\n"

static void li_is_rejected(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「系数」立「浮三二」也。\n", "着色源不能用「立」声明（着四）（在顶层定义「系数」中）");
}

static void bare_expression(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「一」加「二」。\n", "顶层不能有裸表达式");
}

static void forall_in_shader(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「恒等」乃凡「甲」而化「甲」为「甲」者也。\n「恒等」者得「x」而「x」也。\n",
                 "着色源不能声明多态函数（凡）");
    assert_int_equal(f->diag.error_count, 1);  /* no follow-on error about the body */
}

static void top_level_self_call(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「阶乘」乃化「无三二」为「无三二」者也。\n"
                            "「阶乘」者得「n」而若「n」等于「零」则「一」否则「n」乘（「阶乘」于（「n」减「一」））也。\n",
                 "顶层函数「阶乘」调用自身");
    assert_non_null(strstr(diag_text(f), "（在顶层定义「阶乘」中）"));
}

static void top_level_mutual_recursion(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「甲」乃化「无三二」为「无三二」者也。\n「甲」者得「n」而「乙」于「n」也。\n"
                            "「乙」乃化「无三二」为「无三二」者也。\n「乙」者得「n」而「甲」于「n」也。\n",
                 "间接调用自身");
}

static void local_tail_recursion(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, KERNEL(
        "递归令「求和」其化「无三二」又化「无三二」为「无三二」者为得「n」又得「和」而\n"
        "　若「n」等于「零」则「和」否则「求和」于（「n」减「一」）于（「和」加「n」）\n"
        "而「写数组」于「数据」于「序」于（「求和」于「序」于「零」）"));
    SemaExpr *rec = find_def(p, "核")->as.function.body->as.let.body;
    assert_int_equal(rec->kind, SEXPR_LETREC);
    SemaExpr *self = rec->as.letrec.function_body->as.if_.else_branch;
    assert_int_equal(self->kind, SEXPR_CALL);
    assert_true(self->as.call.is_tail);
    assert_int_equal(rec->as.letrec.param_count, 2);
}

static void local_non_tail_recursion(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL(
        "递归令「三角」其化「无三二」为「无三二」者为得「n」而\n"
        "　若「n」等于「零」则「零」否则「n」加（「三角」于（「n」减「一」））\n"
        "而「写数组」于「数据」于「序」于（「三角」于「序」）"),
                 "不支持其他递归（着五）：局部递归函数「三角」只能在尾位置调用自身");
}

static void closure(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「加一」为得「x」而「x」加「序」而「元」"), "闭包或匿名函数");
}

static void function_as_value(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「平方」乃化「无三二」为「无三二」者也。\n「平方」者得「x」而「x」乘「x」也。\n"
                            "「别名」者「平方」也。\n",
                 "不能把函数「平方」当作值（着五）");
}

static void builtin_function_as_value(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「读」为「读数组」而「元」"), "不能把函数「读数组」当作值");
}

static void match_string(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「标签」为『调试』而「元」"), "着色源不能用字符串（着五）（在顶层定义「核」中）");
}

static void undefined_name(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("「写数组」于「数剧」于「序」于「一」"), "未定义的名字「数剧」");
}

static void signature_without_definition(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「孤」乃「浮三二」也。\n", "「孤」只有类型签名（乃），没有定义（者）");
}

static void duplicate_definition(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「甲」者「一」也。\n「甲」者「二」也。\n", "「甲」重复定义");
}

static void function_needs_signature(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「平方」者得「x」而「x」乘「x」也。\n", "顶层函数「平方」须有类型签名");
}

static void read_only_buffer_write(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「入」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
                            "「入」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「只读」也】）也。\n"
                            "「核」乃化「全局调用号」为「有」者也。\n"
                            "「核」者得「号」而「写数组」于「入」于（「号」中「零」）于「一」也。\n",
                 "「入」是只读存储缓冲，「写数组」不能写入它");
}

static void binding_numbers_are_literals(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「几」者「零」也。\n「入」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
                            "「入」者「绑定」于（「组值」【「组」者「几」也，「号」者「零」也，「访问」者「只读」也】）也。\n",
                 "组号须写成非负整数字面量");
}

static void binding_clash(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE DATA "「别」乃「均匀缓冲」于「无三二」也。\n"
                                 "「别」者「均匀绑定」于（「组值」【「组」者「零」也，「号」者「零」也】）也。\n",
                 "用了同一个组号 0 与绑定号 0");
}

static void binding_only_in_resources(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「b」为「绑定」于（「组值」【「组」者「零」也，「号」者「一」也，「访问」者「读写」也】）而「元」"),
                 "「绑定」只能作顶层资源定义的值");
}

static void resources_and_uniform_reads(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE DATA
        "「参数」即「组类」【「系数」乃「无三二」也，「偏移」乃「无三二」也】也。\n"
        "「常量」乃「均匀缓冲」于「参数」也。\n"
        "「常量」者「均匀绑定」于（「组值」【「组」者「一」也，「号」者「二」也】）也。\n"
        "「暂存」乃「工作组变量」于（「定长数组」于「无三二」于「六四」）也。\n"
        "「暂存」者「工作组共享」于「元」也。\n"
        "「核」乃化「局部调用序」为「有」者也。\n"
        "「核」者得「i」而「写共享数组」于「暂存」于「i」于（「常量」中「系数」）；\n"
        "　「工作组屏障」于「元」；\n"
        "　「写数组」于「数据」于「i」于（「读共享数组」于「暂存」于「i」加「常量」中「偏移」）也。\n"
        "「核入口」乃「计算入口」也。\n"
        "「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「六四」也】）也。\n");
    SemaDef *u = find_def(p, "常量");
    assert_int_equal(u->as.resource.kind, RESOURCE_UNIFORM);
    assert_int_equal(u->as.resource.group, 1);
    assert_int_equal(u->as.resource.binding, 2);
    assert_int_equal(find_def(p, "暂存")->as.resource.kind, RESOURCE_WORKGROUP);
    assert_int_equal(find_def(p, "核")->as.function.params[0]->io, IO_LOCAL_INVOCATION_INDEX);
}

static void runtime_array_as_value(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「全」为「数据」而「元」"), "「数据」是运行期数组");
}

static void compute_entry_inputs(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「核」乃化「无三二」为「有」者也。\n「核」者得「i」而「元」也。\n"
                            "「核入口」乃「计算入口」也。\n"
                            "「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「四」也】）也。\n",
                 "计算入口的参数只能是内建输入或由它们组成的结构");
}

static void workgroup_size_literal(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「大小」者「四」也。\n「核」乃化「全局调用号」为「有」者也。\n「核」者得「i」而「元」也。\n"
                            "「核入口」乃「计算入口」也。\n"
                            "「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「大小」也】）也。\n",
                 "工作组大小须写成非负整数字面量");
}

/* 2-D and 3-D sizes (「八」与「四」与「二」): each error at the value or item it is about. The
 * entry's definition is line 5; its size starts at column 33. */
#define SIZED_ENTRY(size)                                                                      \
    PRELUDE "「大小」者「四」也。\n「核」乃化「局部调用号」为「有」者也。\n「核」者得「号」而「元」也。\n" \
            "「核入口」乃「计算入口」也。\n"                                                   \
            "「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者" size "也】）也。\n"

static void workgroup_size_four_values(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「八」与「四」与「二」与「一」"),
                 "测试。着色器。豫:6:33: error: 工作组大小至多三维（x、y、z），这里写了 4 个值");
    assert_int_equal(f->diag.error_count, 1);  /* no type mismatch besides */
}

static void workgroup_size_zero_dimension(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「八」与「零」"), "测试。着色器。豫:6:37: error: 工作组大小的 y 维须在 1 到 1024 之间");
    assert_int_equal(f->diag.error_count, 1);
}

static void workgroup_size_dimension_over_limit(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「一」与「一」与「二零四八」"),
                 "测试。着色器。豫:6:41: error: 工作组大小的 z 维须在 1 到 1024 之间");
}

static void workgroup_size_product_over_limit(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「六四」与「三二」"),
                 "测试。着色器。豫:6:33: error: 工作组大小各维之积（每个工作组的调用数）须不超过 1024，这里是 2048");
}

static void workgroup_size_item_not_literal(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「八」与「大小」"), "测试。着色器。豫:6:37: error: 工作组大小须写成非负整数字面量（着三）");
    assert_int_equal(f->diag.error_count, 1);
}

static void workgroup_size_item_wrong_type(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「八」与「0.5」"), "字段「工作组大小」的类型不符");
    assert_non_null(strstr(diag_text(f), "测试。着色器。豫:6:37: error: 工作组大小须写成非负整数字面量"));
}

static void workgroup_size_one_integer_unchanged(void **state) {
    Fixture *f = *state;
    expect_error(f, SIZED_ENTRY("「二零四八」"), "测试。着色器。豫:6:33: error: 工作组大小须在 1 到 1024 之间");
}

static void vertex_needs_position(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「顶」乃化「顶点序号」为「四维浮」者也。\n"
                            "「顶」者得「i」而（「新浮三二」于「零」）与「零」与「零」与「一」也。\n"
                            "「顶入口」乃「顶点入口」也。\n「顶入口」者「顶点入口项」于「顶」也。\n",
                 "顶点入口须输出「裁剪位置」");
}

static void record_fields_checked(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「对」即「组类」【「甲」乃「无三二」也，「乙」乃「无三二」也】也。\n"
                            "「值」乃「对」也。\n「值」者「组值」【「甲」者「一」也】也。\n",
                 "缺少字段「乙」");
}

static void projection_errors(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「w」为「号」中「三」而「元」"), "只有 3 项，没有第「三」项");
}

static void no_crash_on_half_parsed(void **state) {
    Fixture *f = *state;
    static const char *const inputs[] = {
        PRELUDE "「核」乃化「全局调用号」为「有」者也。\n「核」者得「号」而（也。\n",
        PRELUDE "「核」乃化为也。\n「核」者也。\n",
        PRELUDE "「甲」即「甲」也。\n「乙」乃「甲」也。\n「乙」者「一」也。\n",
        PRELUDE "「甲」者「乙」也。\n「乙」者「甲」也。\n",
        PRELUDE "「甲」乃「数组」也。\n「甲」者「一」也。\n",
        PRELUDE "「甲」乃「定长数组」于「无三二」于「0.5」也。\n",
        PRELUDE "「入口」乃「计算入口」也。\n「入口」者「计算入口项」于「没有」于「零」也。\n",
        "「核」者「读数组」于「一」于「二」也。\n",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        Fixture *g = calloc(1, sizeof *g);
        arena_init(&g->arena);
        source_map_init(&g->sources, &g->arena);
        diag_init(&g->diag, &g->sources, NULL);
        CheckedProgram *p = check_text(g, inputs[i]);
        (void)p;  /* may be non-NULL when only the parser complained (the driver stops there) */
        assert_true(g->diag.error_count > 0);
        diag_free(&g->diag);
        arena_free(&g->arena);
        free(g);
    }
    (void)f;
}

/* Each builtin once per direction of an entry (issue 11 item 9); 片元坐标 and 裁剪位置 are
 * both @builtin(position). */
#define FRAGMENT_WITH(params, body)                                                             \
    PRELUDE "「片入」即「组类」【「位置」乃「裁剪位置」也，「颜色」乃「四维浮」也】也。\n"       \
    "「着色」乃化" params "为「片元颜色」者也。\n「着色」者" body "也。\n"                      \
    "「着色入口」乃「片元入口」也。\n「着色入口」者「片元入口项」于「着色」也。\n"

static void entry_builtins_once(void **state) {
    Fixture *f = *state;
    expect_ok(f, FRAGMENT_WITH("「片入」又化「正面朝向」", "得「入」又得「正面」而「入」中「颜色」"));
}

static void entry_builtin_twice(void **state) {
    Fixture *f = *state;
    expect_error(f, FRAGMENT_WITH("「片入」又化「片元坐标」", "得「入」又得「坐标」而「入」中「颜色」"),
                 "入口的输入里 @builtin(position) 重复：参数「坐标」是「片元坐标」");
    assert_non_null(strstr(diag_text(f), "note: @builtin(position) 先前在这里：结构「片入」的字段「位置」"));
}

static void entry_struct_twice(void **state) {
    Fixture *f = *state;
    expect_error(f, FRAGMENT_WITH("「片入」又化「片入」", "得「甲」又得「乙」而「乙」中「颜色」"),
                 "结构「片入」在入口的输入里用了两次（参数「乙」）");
}

/* 着十一: subgroup values are 浮三二 整三二 无三二 浮十六 and their vectors; 爻 is not one. */
static void subgroup_operand_types(void **state) {
    Fixture *f = *state;
    expect_ok(f, KERNEL("令「和」为「子组和」于（（「新浮十六」于「1.0」）与（「新浮十六」于「2.0」））而\n"
                        "令「移」为「子组上移洗牌」于（「序」与「序」与「序」）于「一」而\n"
                        "「写数组」于「数据」于「序」于（「移」中「零」）"));
    expect_error(f, KERNEL("「写数组」于「数据」于「序」于（若「子组最大」于（「序」等于「一」）则「一」否则「零」）"),
                 "「子组最大」用在 「爻」 上，但它只接受「浮三二」「整三二」「无三二」「浮十六」或其二、三、四维向量（着十一）");
}

int main(void) {
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, check_setup, check_teardown)
        T(li_is_rejected), T(bare_expression), T(forall_in_shader), T(top_level_self_call),
        T(top_level_mutual_recursion), T(local_tail_recursion), T(local_non_tail_recursion),
        T(closure), T(function_as_value), T(builtin_function_as_value), T(match_string),
        T(undefined_name), T(signature_without_definition), T(duplicate_definition),
        T(function_needs_signature), T(read_only_buffer_write), T(binding_numbers_are_literals),
        T(binding_clash), T(binding_only_in_resources), T(resources_and_uniform_reads),
        T(runtime_array_as_value), T(compute_entry_inputs), T(workgroup_size_literal),
        T(workgroup_size_four_values), T(workgroup_size_zero_dimension), T(workgroup_size_dimension_over_limit),
        T(workgroup_size_product_over_limit), T(workgroup_size_item_not_literal), T(workgroup_size_item_wrong_type),
        T(workgroup_size_one_integer_unchanged),
        T(vertex_needs_position), T(record_fields_checked), T(projection_errors),
        T(no_crash_on_half_parsed), T(entry_builtins_once), T(entry_builtin_twice),
        T(entry_struct_twice), T(subgroup_operand_types),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
