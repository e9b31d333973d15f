/* Types and unification (frontend/types.c) and alias expansion through the interface. */
#include "check_fixture.h"

static void literal_variables(void **state) {
    Fixture *f = *state;
    TypeContext t;
    fe_type_context_init(&t, &f->arena);
    Type *i = fe_type_var(&t, LIT_INT);
    assert_true(fe_type_unify(&t, i, t.u32));
    assert_true(fe_type_equal(i, t.u32));
    Type *d = fe_type_var(&t, LIT_FLOAT);
    assert_false(fe_type_unify(&t, d, t.u32));   /* a decimal never becomes an integer */
    assert_true(fe_type_unify(&t, d, t.f16));
    Type *a = fe_type_var(&t, LIT_INT), *b = fe_type_var(&t, LIT_FLOAT);
    assert_true(fe_type_unify(&t, a, b));
    assert_false(fe_type_unify(&t, a, t.i32));   /* merged into a decimal literal */
    fe_type_default_literals(&t, a);
    assert_int_equal(fe_type_prune(a)->kind, TYPE_ABSTRACT_FLOAT);
    Type *plain = fe_type_var(&t, LIT_NONE);
    assert_true(fe_type_has_unbound(plain));
    assert_false(fe_type_has_unbound(fe_type_var(&t, LIT_INT)));
}

static void structural_unification(void **state) {
    Fixture *f = *state;
    TypeContext t;
    fe_type_context_init(&t, &f->arena);
    Type *v = fe_type_var(&t, LIT_NONE);
    Type *arr = fe_type_con1(&t, TCON_ARRAY, v);
    assert_true(fe_type_unify(&t, fe_type_con1(&t, TCON_STORAGE_BUFFER, arr),
                           fe_type_con1(&t, TCON_STORAGE_BUFFER, fe_type_con1(&t, TCON_ARRAY, t.u32))));
    assert_true(fe_type_equal(v, t.u32));
    assert_false(fe_type_unify(&t, fe_type_vector(&t, t.f32, 3), fe_type_vector(&t, t.f32, 4)));
    assert_false(fe_type_unify(&t, t.f32, t.f16));  /* widths are distinct types */
    assert_false(fe_type_unify(&t, t.i32, t.u32));  /* so is signedness */
    Type *w = fe_type_var(&t, LIT_NONE);
    assert_false(fe_type_unify(&t, w, fe_type_vector(&t, w, 2)));  /* occurs check */
}

static void records_by_field_name(void **state) {
    Fixture *f = *state;
    TypeContext t;
    fe_type_context_init(&t, &f->arena);
    RecordField named[2] = {{.name = "组", .type = t.abstract_int}, {.name = "号", .type = t.abstract_int}};
    RecordField anon[2] = {{.name = "号", .type = fe_type_var(&t, LIT_INT)},
                           {.name = "组", .type = fe_type_var(&t, LIT_INT)}};
    Type *a = fe_type_record(&t, "资源位", named, 2);
    Type *b = fe_type_record(&t, NULL, anon, 2);
    assert_true(fe_type_unify(&t, a, b));
    Type *other = fe_type_record(&t, "别的", named, 2);
    assert_false(fe_type_unify(&t, a, other));  /* two named records are two types */
}

static void printing(void **state) {
    Fixture *f = *state;
    TypeContext t;
    fe_type_context_init(&t, &f->arena);
    assert_string_equal(fe_type_to_string(&f->arena, fe_type_vector(&t, t.u32, 3)), "「三维无」");
    assert_string_equal(fe_type_to_string(&f->arena, fe_type_vector(&t, fe_type_vector(&t, t.f32, 4), 4)),
                        "「四阶浮」");
    Type *buf = fe_type_con1(&t, TCON_STORAGE_BUFFER, fe_type_con1(&t, TCON_ARRAY, t.f16));
    assert_string_equal(fe_type_to_string(&f->arena, buf), "「存储缓冲」于（「数组」于「浮十六」）");
    Type *fixed[2] = {t.f32, fe_type_nat(&t, 8192)};
    assert_string_equal(fe_type_to_string(&f->arena, fe_type_con(&t, TCON_FIXED_ARRAY, fixed, 2)),
                        "「定长数组」于「浮三二」于「八一九二」");
}

static void vector_and_matrix_aliases(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE
        "「点」乃「四维浮」也。\n"
        "「点」者（「新浮三二」于「一」）与「二」与「三」与「四」也。\n"
        "「阵」乃「二阶浮」也。\n"
        "「列甲」乃「二维浮」也。\n「列甲」者「一」与「零」也。\n"
        "「列乙」乃「二维浮」也。\n「列乙」者「零」与「一」也。\n"
        "「阵」者「列甲」与「列乙」也。\n"
        "「第二列」者「阵」中「一」也。\n"
        "「横」者「点」中「零」也。\n");
    SemaDef *d = find_def(p, "点");
    Type *elem;
    uint32_t n;
    assert_true(fe_type_is_vector(d->type, &elem, &n));
    assert_int_equal(n, 4);
    assert_true(fe_type_equal(elem, p->types->f32));
    uint32_t cols, rows;
    assert_true(fe_type_is_matrix(find_def(p, "阵")->type, NULL, &cols, &rows));
    assert_int_equal(cols, 2);
    assert_true(fe_type_is_vector(find_def(p, "第二列")->type, NULL, &n));
    assert_true(fe_type_equal(find_def(p, "横")->type, p->types->f32));
}

static void io_aliases_and_structs(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE
        "「位置」即「裁剪位置」也。\n"
        "「顶点出」即「组类」【「位」乃「位置」也，「色」乃「四维浮」也，「号」乃「无三二」也】也。\n"
        "「顶」乃化「顶点序号」为「顶点出」者也。\n"
        "「顶」者得「i」而「组值」【「位」者（「新浮三二」于「零」）与「零」与「零」与「一」也，"
        "「色」者（「新浮三二」于「一」）与「一」与「一」与「一」也，「号」者「i」也】也。\n"
        "「顶入口」乃「顶点入口」也。\n"
        "「顶入口」者「顶点入口项」于「顶」也。\n");
    SemaDef *s = find_def(p, "顶点出");
    assert_int_equal(s->kind, DEF_STRUCT);
    Type *r = fe_type_prune(s->type);
    assert_int_equal(r->as.record.count, 3);
    assert_int_equal(r->as.record.fields[0].io, IO_CLIP_POSITION);  /* through a user alias */
    assert_int_equal(r->as.record.fields[1].io, IO_NONE);
    assert_int_equal(find_def(p, "位置")->kind, DEF_ALIAS);
    SemaDef *fn = find_def(p, "顶");
    assert_int_equal(fn->as.function.params[0]->io, IO_VERTEX_INDEX);
    assert_string_equal(fn->as.function.params[0]->alias, "顶点序号");
    assert_int_equal(find_def(p, "顶入口")->as.entry.stage, STAGE_VERTEX);
}

static void width_indexed_scalars(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE
        "「我的浮」即「定长小数」于「三二」也。\n"
        "「甲」乃「我的浮」也。\n「甲」者「新浮三二」于「一」也。\n"
        "「乙」乃「浮三二」也。\n「乙」者「甲」加「甲」也。\n");
    assert_true(fe_type_equal(find_def(p, "乙")->type, p->types->f32));
}

static void width_errors(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「长」即「定长小数」于「六四」也。\n", "WGSL 没有「定长小数」于「六四」");
}

static void width_must_be_literal(void **state) {
    Fixture *f = *state;
    expect_error(f, PRELUDE "「宽」者「三二」也。\n「长」即「定长无符号」于「宽」也。\n",
                 "标量宽度须写成整数字面量");
}

/* A program's own 「三维无」 does not change what the interface's aliases mean. */
static void interface_ignores_program_names(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = expect_ok(f, PRELUDE "「三维无」即「浮三二」也。\n"
        "「核」乃化「全局调用号」为「有」者也。\n「核」者得「号」而「元」也。\n");
    Type *param = fe_type_prune(find_def(p, "核")->type)->as.func.params[0];
    uint32_t n;
    assert_true(fe_type_is_vector(param, NULL, &n));
    assert_int_equal(n, 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, check_setup, check_teardown)
        T(literal_variables), T(structural_unification), T(records_by_field_name), T(printing),
        T(vector_and_matrix_aliases), T(io_aliases_and_structs), T(width_indexed_scalars),
        T(width_errors), T(width_must_be_literal), T(interface_ignores_program_names),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
