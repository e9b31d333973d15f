/* Implicit type arguments (着八, lifted), literal adaptation, operators, 若, cells. */
#include "check_fixture.h"

#define BUFFERS                                                                                 \
    PRELUDE                                                                                     \
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"                                    \
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n" \
    "「浮数」乃「存储缓冲」于（「数组」于「浮三二」）也。\n"                                    \
    "「浮数」者「绑定」于（「组值」【「组」者「零」也，「号」者「一」也，「访问」者「读写」也】）也。\n"
#define KERNEL(body)                                                                            \
    BUFFERS "「核」乃化「全局调用号」为「有」者也。\n"                                          \
    "「核」者得「号」而令「序」为「号」中「零」而\n" body "\n也。\n"

static SemaExpr *function_body(CheckedProgram *p, const char *name) {
    return find_def(p, name)->as.function.body;
}

/* The seed could not infer 转换's target from a compound argument (着八); we can. */
static void conversion_target_from_context(void **state) {
    Fixture *f = *state;
    expect_ok(f, KERNEL("「写数组」于「浮数」于「序」于（「转换」于（「读数组」于「数据」于「序」））"));
}

static void conversion_target_from_operand(void **state) {
    Fixture *f = *state;
    expect_ok(f, KERNEL("令「x」为「读数组」于「浮数」于「序」而\n"
                        "「写数组」于「浮数」于「序」于（（「转换」于「序」）加「x」）"));
}

static void conversion_with_type_argument(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, KERNEL("令「y」为「转换」以「浮三二」于「序」而「元」"));
    SemaExpr *let = function_body(p, "核")->as.let.body;  /* 令「序」… 而 令「y」… */
    assert_int_equal(let->kind, SEXPR_LET);
    assert_true(fe_type_equal(let->as.let.value->type, p->types->f32));
    assert_int_equal(let->as.let.value->as.call.type_arg_count, 2);
}

static void conversion_with_annotation(void **state) {
    Fixture *f = *state;
    expect_ok(f, KERNEL("令「y」为「浮三二」也（「转换」于「序」）而「元」"));
}

static void truly_undetermined(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「y」为「转换」于「序」而「元」"), "函数应用的隐式参数无法完全确定");
    assert_non_null(strstr(diag_text(f), "note: 可以用「以」给出类型实参"));
    assert_non_null(strstr(diag_text(f), "（在顶层定义「核」中）"));
}

static void literal_takes_operand_type(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, KERNEL("「写数组」于「数据」于「序」于（「序」加「一」）"));
    SemaExpr *call = function_body(p, "核")->as.let.body;
    SemaExpr *sum = call->as.call.args[2];
    assert_int_equal(sum->kind, SEXPR_BINARY);
    assert_int_equal(sum->as.binary.right->kind, SEXPR_LITERAL);
    assert_true(fe_type_equal(sum->as.binary.right->type, p->types->u32));
    assert_false(sum->as.binary.right->as.literal.constructed);
}

static void abstract_literal_default(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE "「叁」者「三」也。\n「半」者「0.5」也。\n");
    assert_int_equal(fe_type_prune(find_def(p, "叁")->type)->kind, TYPE_ABSTRACT_INT);
    assert_int_equal(fe_type_prune(find_def(p, "半")->type)->kind, TYPE_ABSTRACT_FLOAT);
}

static void abstract_constant_adapts(void **state) {
    Fixture *f = *state;
    expect_ok(f, "「倍数」者「二」也。\n" KERNEL("「写数组」于「数据」于「序」于（「序」乘「倍数」）；"
                                            "「写数组」于「浮数」于「序」于（「读数组」于「浮数」于「序」乘「倍数」）"));
}

static void vector_scalar_mixing(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE
        "「放大」乃化「三维浮」为「三维浮」者也。\n「放大」者得「v」而「v」乘「二」也。\n"
        "「缩」乃化「三维浮」又化「浮三二」为「三维浮」者也。\n「缩」者得「v」又得「s」而「s」乘「v」也。\n"
        "「变」乃化「四阶浮」又化「四维浮」为「四维浮」者也。\n「变」者得「m」又得「p」而「m」乘「p」也。\n"
        "「比」乃化「三维浮」又化「三维浮」为「三维爻」者也。\n「比」者得「a」又得「b」而「a」小于「b」也。\n");
    assert_non_null(p);
}

static void mixing_widths_is_an_error(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「混」乃化「浮三二」又化「浮十六」为「浮三二」者也。\n"
                            "「混」者得「a」又得「b」而「a」加「b」也。\n",
                 "「加」两边的类型不符：左边是 「浮三二」，右边是 「浮十六」");
}

static void mixing_signedness_is_an_error(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「混」乃化「整三二」又化「无三二」为「整三二」者也。\n"
                            "「混」者得「a」又得「b」而「a」乘「b」也。\n",
                 "「乘」两边的类型不符");
}

static void decimal_literal_is_not_integer(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("「写数组」于「数据」于「序」于「0.5」"), "期望 「无三二」，得到 「小数」");
}

static void constraint_violation(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「真」乃「爻」也。\n「真」者「零」等于「零」也。\n"
                            "「大」者「最大」于「真」于「真」也。\n",
                 "「最大」用在 「爻」 上，但它只接受数值标量或向量");
}

static void float_builtin_takes_integer_literal(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE "「根」者「平方根」于「四」也。\n");
    assert_int_equal(fe_type_prune(find_def(p, "根")->type)->kind, TYPE_ABSTRACT_FLOAT);
}

static void literal_range(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「负」者「新无三二」于「负一」也。\n", "负数「负一」不能是「无三二」");
}

static void if_forms(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, KERNEL(
        "令「值」为若「序」小于「八」则「序」否则「八」而\n"
        "若「值」等于「零」则「写数组」于「数据」于「序」于「一」；\n"
        "「写数组」于「数据」于「序」于「值」"));
    assert_non_null(p);
}

static void if_branches_must_agree(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「值」为若「序」小于「八」则「序」否则「0.5」而「元」"),
                 "「若」两支的类型不同");
}

static void if_condition_is_bool(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("若「序」则「元」否则「元」"), "「若」的条件类型不符：期望 「爻」");
}

static void cells(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, KERNEL(
        "令「和」为「新格」于（「新无三二」于「零」）而\n"
        "「写格」于「和」于（「读格」于「和」加「序」）；\n"
        "「写数组」于「数据」于「序」于（「读格」于「和」）"));
    SemaExpr *let = function_body(p, "核")->as.let.body;
    assert_true(fe_type_is_con(let->as.let.local->type, TCON_CELL));
}

static void cell_type_mismatch(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("令「和」为「新格」于（「新无三二」于「零」）而\n"
                           "「写格」于「和」于（「新浮三二」于「一」）"),
                 "「写格」的第二个实参类型不符");
}

/* Element writes to fixed arrays outside workgroup memory (着八's TODO): 写格元素 on a cell
 * of a 定长数组, 写数组元素 on a buffer whose elements are 定长数组. */
#define BLOCKS                                                                                  \
    "「块」乃「存储缓冲」于（「数组」于（「定长数组」于「无三二」于「四」））也。\n"              \
    "「块」者「绑定」于（「组值」【「组」者「零」也，「号」者「二」也，「访问」者「读写」也】）也。\n" \
    "「表」乃「存储缓冲」于（「数组」于（「定长数组」于「无三二」于「四」））也。\n"              \
    "「表」者「绑定」于（「组值」【「组」者「零」也，「号」者「三」也，「访问」者「只读」也】）也。\n"
#define BLOCK_KERNEL(body)                                                                      \
    BUFFERS BLOCKS "「核」乃化「全局调用号」为「有」者也。\n"                                   \
    "「核」者得「号」而令「序」为「号」中「零」而\n" body "\n也。\n"

static void fixed_array_element_writes(void **state) {
    Fixture *f = *state;
    expect_ok(f, BLOCK_KERNEL("令「格」为「新格」于（「读数组」于「块」于「序」）而\n"
                              "「写格元素」于「格」于「序」于（「读格元素」于「格」于「零」加「一」）；\n"
                              "「写数组元素」于「块」于「序」于「二」于（「读数组元素」于「表」于「序」于「一」）；\n"
                              "「写数组」于「数据」于「序」于（「读格元素」于「格」于「三」）"));
}

static void cell_element_needs_a_fixed_array(void **state) {
    Fixture *f = *state;
    expect_error(f, BLOCK_KERNEL("令「格」为「新格」于「序」而「写格元素」于「格」于「零」于「序」"),
                 "「写格元素」的第一个实参类型不符");
}

static void cell_element_type_mismatch(void **state) {
    Fixture *f = *state;
    expect_error(f, BLOCK_KERNEL("令「格」为「新格」于（「读数组」于「块」于「序」）而\n"
                                 "「写格元素」于「格」于「零」于（「新浮三二」于「一」）"),
                 "「写格元素」的第三个实参类型不符");
}

static void array_element_write_to_read_only(void **state) {
    Fixture *f = *state;
    expect_error(f, BLOCK_KERNEL("「写数组元素」于「表」于「序」于「零」于「序」"),
                 "「表」是只读存储缓冲，「写数组元素」不能写入它");
}

static void array_element_needs_fixed_elements(void **state) {
    Fixture *f = *state;
    expect_error(f, BLOCK_KERNEL("「写数组元素」于「数据」于「序」于「零」于「序」"),
                 "「写数组元素」的第一个实参类型不符");
}

/* A function declared to return 「有」 whose body ends in a value discards it: the last
 * expression is checked with no expected type (issue 11 item 6), so 原子加's type variable is
 * fixed by its arguments, not by 「有」. */
static void unit_result_discards_last_value(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(
        f, PRELUDE
        "「计数」乃「存储缓冲」于（「数组」于（「原子」于「无三二」））也。\n"
        "「计数」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
        "「核」乃化「全局调用号」为「有」者也。\n"
        "「核」者得「号」而「原子加」于「计数」于（「号」中「零」）于（「新无三二」于「一」）也。\n");
    SemaExpr *body = function_body(p, "核");
    assert_int_equal(body->kind, SEXPR_CALL);
    assert_true(fe_type_equal(body->type, p->types->u32));
}

static void unit_result_value_of_a_let_chain(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, KERNEL("「读数组」于「数据」于「序」"));
    assert_true(fe_type_equal(function_body(p, "核")->as.let.body->type, p->types->u32));
}

/* Only 「有」 relaxes the result: any other declared result still has to match. */
static void other_results_must_match(void **state) {
    Fixture *f = *state;
    expect_error(f, BUFFERS "「取」乃化「无三二」为「浮三二」者也。\n「取」者得「序」而「序」也。\n",
                 "函数「取」的返回值类型不符");
}

/* 点积's result is the element type of its vectors: 浮三二, 整三二 or 无三二 (着八's TODO). */
static void dot_result_is_the_element_type(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE "「向」乃「二维整」也。\n"
                                          "「向」者（「新整三二」于「二」）与（「新整三二」于「负三」）也。\n"
                                          "「整点」者「点积」于「向」于「向」也。\n"
                                          "「浮点」者「点积」于（「新浮三二」于「一」与「新浮三二」于「二」）于（「新浮三二」于「三」与「新浮三二」于「四」）也。\n");
    Type *i = fe_type_prune(find_def(p, "整点")->type), *fl = fe_type_prune(find_def(p, "浮点")->type);
    assert_int_equal(i->kind, TYPE_SCALAR);
    assert_int_equal(i->as.scalar.kind, SCALAR_SINT);
    assert_int_equal(fl->kind, TYPE_SCALAR);
    assert_int_equal(fl->as.scalar.kind, SCALAR_FLOAT);
}

static void dot_result_flows_to_its_use(void **state) {
    Fixture *f = *state;
    expect_ok(f, KERNEL("令「点」为「点积」于（「序」与「序」与「序」）于（「序」与「一」与「二」）而\n"
                        "「写数组」于「数据」于「序」于（「点」加「一」）"));
}

static void dot_result_mismatch(void **state) {
    Fixture *f = *state;
    expect_error(f, KERNEL("「写数组」于「浮数」于「序」于（「点积」于（「序」与「序」）于（「序」与「序」））"),
                 "「点积」的结果是向量分量的类型 「无三二」，这里却要 「浮三二」");
}

static void dot_rejects_half_vectors(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「向」乃「二维半」也。\n"
                            "「向」者（「新浮十六」于「一」）与（「新浮十六」于「二」）也。\n"
                            "「点」者「点积」于「向」于「向」也。\n",
                 "但它只接受「浮三二」「整三二」或「无三二」的二、三、四维向量");
}

int main(void) {
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, check_setup, check_teardown)
        T(conversion_target_from_context), T(conversion_target_from_operand),
        T(conversion_with_type_argument), T(conversion_with_annotation), T(truly_undetermined),
        T(literal_takes_operand_type), T(abstract_literal_default), T(abstract_constant_adapts),
        T(vector_scalar_mixing), T(mixing_widths_is_an_error), T(mixing_signedness_is_an_error),
        T(decimal_literal_is_not_integer), T(constraint_violation),
        T(float_builtin_takes_integer_literal), T(literal_range), T(if_forms),
        T(if_branches_must_agree), T(if_condition_is_bool), T(cells), T(cell_type_mismatch),
        T(unit_result_discards_last_value), T(unit_result_value_of_a_let_chain),
        T(other_results_must_match), T(dot_result_is_the_element_type),
        T(dot_result_flows_to_its_use), T(dot_result_mismatch), T(dot_rejects_half_vectors),
        T(fixed_array_element_writes), T(cell_element_needs_a_fixed_array),
        T(cell_element_type_mismatch), T(array_element_write_to_read_only),
        T(array_element_needs_fixed_elements),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
