/* Lowering (frontend/lower*.c): the seed example gives exactly the IR of the round-trip
 * test, every valid sample lowers, verifies, reads back and survives the default
 * pipelines, and one test per rule (names, unit parameters, abstract constants,
 * short-circuit, local functions, spans, scalars WGSL lacks). */
#include <dirent.h>

#include "test/unit/emit_lines.h"
#include "lower_fixture.h"
#include "frontend/lower_internal.h"

#include "seed_ir.h"


static void seed_example_is_the_round_trip_ir(void **state) {
    (void)state;
    char root[4096], path[4400];
    repo_root(root, sizeof root);
    snprintf(path, sizeof path, "%s/examples/加倍。着色器。豫", root);
    LowerRun r;
    run_init(&r);
    IrModule *m = lower_path(&r, path);
    if (!m) fail_msg("%s", run_diags(&r));
    assert_true(ir_verify(m, &r.diag));
    char *text = module_text(m);
    assert_string_equal(text, SEED_IR);
    free(text);
    run_free(&r);
}

/* print -> read -> print is identical, the copy verifies and runs `target`'s pipeline. */
static void check_pipeline(const char *name, const char *text, yusec_target target) {
    LowerRun r;
    run_init(&r);
    SourceFile *file = source_add(&r.sources, "降级.yir", text, strlen(text));
    IrModule *m = ir_read(&r.diag, file);
    if (!m) fail_msg("%s: does not read back:\n%s", name, run_diags(&r));
    r.m = m;
    char *again = module_text(m);
    if (strcmp(again, text) != 0) fail_msg("%s: print/read/print differs", name);
    free(again);
    if (!ir_verify(m, &r.diag)) fail_msg("%s: copy does not verify:\n%s", name, run_diags(&r));
    PassContext ctx;
    pass_context_init(&ctx, m, &r.diag, target_descriptor(target)->inline_policy);
    ctx.verify_each = true;
    if (!pass_run_pipeline(&ctx, target_descriptor(target)->pipeline))
        fail_msg("%s: default pipeline (%s) failed:\n%s", name, target_descriptor(target)->pipeline, run_diags(&r));
    for (uint32_t i = 0; i < ir_function_count(m); i++)
        if (ir_function(m, i)->local_recursive) fail_msg("%s: a local recursion was not turned into a loop", name);
    run_free(&r);
}

/* YIR may not have count_one_bits/reverse_bits yet: then 位运算 must fail with a clear message. */
static bool ir_has_bit_count_ops(void) {
    IrOp op;
    return ir_op_from_name("count_one_bits", 14, &op) && ir_op_from_name("reverse_bits", 12, &op);
}

static void lower_sample(const char *dir, const char *file) {
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    LowerRun r;
    run_init(&r);
    IrModule *m = lower_path(&r, path);
    if (!m && strstr(file, "位运算") && !ir_has_bit_count_ops()) {
        assert_non_null(strstr(run_diags(&r), "YIR 还没有「置位计数」的运算"));
        print_message("%s: 跳过（YIR 还没有 count_one_bits/reverse_bits）\n", file);
        run_free(&r);
        return;
    }
    if (!m) fail_msg("%s:\n%s", file, run_diags(&r));
    if (!ir_verify(m, &r.diag)) fail_msg("%s: does not verify:\n%s", file, run_diags(&r));
    char *text = module_text(m);
    run_free(&r);
    check_pipeline(file, text, YUSEC_TARGET_WGSL);
    check_pipeline(file, text, YUSEC_TARGET_PTX);
    free(text);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void every_valid_sample_lowers(void **state) {
    (void)state;
    char root[4096], dir[4200];
    repo_root(root, sizeof root);
    snprintf(dir, sizeof dir, "%s/库/点染/测试/样例", root);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *names[512];
    size_t count = 0;
    const char *suffix = "。着色器。豫";
    for (struct dirent *ent; (ent = readdir(d)) && count < 512;) {
        size_t len = strlen(ent->d_name), slen = strlen(suffix);
        if (len <= slen || strcmp(ent->d_name + len - slen, suffix) != 0) continue;
        /* Negative samples have an expectation file (名。预期). */
        char expect[4600];
        snprintf(expect, sizeof expect, "%s/%.*s。预期", dir, (int)(len - slen), ent->d_name);
        if (access(expect, F_OK) == 0) continue;
        names[count++] = strdup(ent->d_name);
    }
    closedir(d);
    assert_true(count >= 15);
    qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        lower_sample(dir, names[i]);
        free(names[i]);
    }
}

static char *lower_ok(const char *source) {
    LowerRun r;
    run_init(&r);
    IrModule *m = lower_text(&r, source);
    if (!m) fail_msg("%s", run_diags(&r));
    if (!ir_verify(m, &r.diag)) fail_msg("does not verify:\n%s", run_diags(&r));
    char *text = module_text(m);
    run_free(&r);
    return text;
}

static void expect_in(const char *text, const char *part) {
    if (!strstr(text, part)) fail_msg("missing \"%s\" in:\n%s", part, text);
}

/* 令 names its value; 有 parameters and arguments are dropped; 有 results are void. */
static void let_names_and_unit_parameters(void **state) {
    (void)state;
    char *text = lower_ok(PRELUDE
                          "「二倍」乃化「有」又化「无三二」为「无三二」者也。\n"
                          "「二倍」者得「u」又得「x」而令「和」为「x」加「x」而「和」也。\n"
                          "「用」乃化「无三二」为「有」者也。\n"
                          "「用」者得「y」而令「z」为「二倍」于「元」于「y」而「元」也。\n");
    expect_in(text, "fn @二倍(%x.0:u32) -> u32 {\n  %和.1:u32 = add %x.0, %x.0\n  return %和.1\n}");
    expect_in(text, "fn @用(%y.0:u32) {\n  %z.1:u32 = call @二倍(%y.0)\n  return\n}");
    free(text);
}

/* A constant of 整数 stays i32 in YIR; used as 无三二 it becomes an abstract u32 literal (着三). */
static void abstract_constants_adapt(void **state) {
    (void)state;
    char *text = lower_ok(PRELUDE
                          "「四值」者「四」也。\n"
                          "「半」者「新浮十六」于「0.5」也。\n"
                          "「对」者「新无三二」于「一」与「新无三二」于「二」也。\n"
                          "「加四」乃化「无三二」为「无三二」者也。\n"
                          "「加四」者得「x」而「x」加「四值」加（「对」中「一」）也。\n");
    expect_in(text, "const @四值: i32 = 4i\n");
    expect_in(text, "const @半: f16 = 0.5h\n");
    expect_in(text, "const @对: vec2<u32> = {1u, 2u}\n");
    expect_in(text, "%1:u32 = const abstract 4u\n  %2:u32 = add %x.0, %1\n  %3:vec2<u32> = constant @对\n"
                    "  %4:u32 = extract %3, 1\n");
    free(text);
}

/* 且 keeps && for a plain right operand and short-circuits an effectful one as an if. */
static void short_circuit_logic(void **state) {
    (void)state;
    char *text = lower_ok(PRELUDE
                          "「数据」乃「存储缓冲」于（「数组」于（「原子」于「无三二」））也。\n"
                          "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
                          "「试」乃化「无三二」为「爻」者也。\n"
                          "「试」者得「x」而（「原子加」于「数据」于「x」于「x」）等于「x」也。\n"
                          "「与」乃化「爻」又化「爻」为「爻」者也。\n"
                          "「与」者得「a」又得「b」而（「a」且「b」）或（「试」于（「新无三二」于「一」））也。\n");
    expect_in(text, "%2:bool = and %a.0, %b.1\n  %3:bool = if %2 {\n    %4:bool = const true\n"
                    "    yield %4\n  } else {\n    %5:u32 = const 1u\n    %6:bool = call @试(%5)\n"
                    "    yield %6\n  }\n");
    free(text);
}

/* 递归令 becomes a local_recursive function taking its free locals (a 格 as a pointer);
 * the default pipeline turns it into a loop. */
static void local_functions_are_lifted(void **state) {
    (void)state;
    const char *source = PRELUDE
        "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
        "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
        "「求和」乃化「全局调用号」为「有」者也。\n"
        "「求和」者得「号」而\n"
        "　令「上」为「号」中「零」而\n"
        "　令「和」为「新格」于（「新无三二」于「零」）而\n"
        "　（递归令「累」其化「无三二」为「有」者为得「k」而\n"
        "　　若「k」小于「上」则（「写格」于「和」于（「读格」于「和」加「k」））；「累」于（「k」加（「新无三二」于「一」））\n"
        "　而「累」于（「新无三二」于「零」））；\n"
        "　「写数组」于「数据」于「上」于（「读格」于「和」）\n"
        "也。\n"
        "「求和入口」乃「计算入口」也。\n"
        "「求和入口」者「计算入口项」于「求和」于（「组值」【「工作组大小」者「一」也】）也。\n";
    char *text = lower_ok(source);
    expect_in(text, "fn @累(%k.0:u32, %上.1:u32, %和.2:ptr<function, u32>) local_recursive {\n");
    expect_in(text, "    call @累(%7, %上.1, %和.2)\n    yield\n");
    expect_in(text, "  call @累(%4, %上.1, %和.3)\n");
    check_pipeline("局部递归", text, YUSEC_TARGET_WGSL);
    free(text);
}

/* Pass diagnostics point at the source: a barrier under a divergent 若. */
static void pass_diagnostics_point_at_source(void **state) {
    (void)state;
    LowerRun r;
    run_init(&r);
    IrModule *m = lower_text(&r, PRELUDE
                             "「等」乃化「局部调用序」为「有」者也。\n"
                             "「等」者得「序」而\n"
                             "　若「序」小于（「新无三二」于「二」）则「工作组屏障」于「元」\n"
                             "也。\n"
                             "「等入口」乃「计算入口」也。\n"
                             "「等入口」者「计算入口项」于「等」于（「组值」【「工作组大小」者「四」也】）也。\n");
    if (!m) fail_msg("%s", run_diags(&r));
    PassContext ctx;
    pass_context_init(&ctx, m, &r.diag, target_descriptor(YUSEC_TARGET_WGSL)->inline_policy);
    assert_false(pass_run_pipeline(&ctx, target_descriptor(YUSEC_TARGET_WGSL)->pipeline));
    /* line 4, column 21: 「工作组屏障」于「元」; column 2: the 若 */
    expect_in(run_diags(&r), "测试。着色器。豫:4:21: error:");
    expect_in(run_diags(&r), "测试。着色器。豫:4:2: note:");
    run_free(&r);
}

/* A scalar WGSL does not have is reported where the type is used. */
static void scalar_widths_wgsl_lacks(void **state) {
    (void)state;
    LowerRun r;
    run_init(&r);
    TypeContext types;
    fe_type_context_init(&types, &r.arena);
    Lowerer l;
    memset(&l, 0, sizeof l);
    l.diag = &r.diag;
    l.m = ir_module_new();
    l.types = &l.m->types;
    arena_init(&l.scratch);
    Span span = {0, 0, 0};
    assert_int_equal(fe_lower_type(&l, fe_type_scalar(&types, SCALAR_SINT, 16), span), IR_NO_TYPE);
    assert_true(l.failed);
    expect_in(run_diags(&r), "WGSL 没有");
    expect_in(run_diags(&r), "一六");
    assert_int_equal(fe_lower_type(&l, fe_type_scalar(&types, SCALAR_FLOAT, 16), span), ir_type_f16(l.types));
    arena_free(&l.scratch);
    ir_module_free(l.m);
    run_free(&r);
}

/* The lowering of 「除」 = `body` in a function of 「x」 (u32) and 「v」 (四维整) after the
 * constants 「零无」 and 「一无」: its diagnostics, "" when it lowered. */
static char *lower_division(const char *body) {
    char source[2048];
    snprintf(source, sizeof source, PRELUDE
             "「零无」者「新无三二」于「零」也。\n「一无」者「新无三二」于「一」也。\n"
             "「除」乃化「无三二」又化「四维整」又化「浮三二」为「无三二」者也。\n"
             "「除」者得「x」又得「v」又得「f」而%s也。\n", body);
    LowerRun r;
    run_init(&r);
    IrModule *m = lower_text(&r, source);
    char *diags = strdup(m ? "" : run_diags(&r));
    run_free(&r);
    return diags;
}

static void expect_division_error(const char *body, const char *position, const char *what) {
    char *diags = lower_division(body);
    expect_in(diags, position);
    expect_in(diags, what);
    expect_in(diags, "除数是值为零的常量表达式");
    free(diags);
}

static void expect_division_lowers(const char *body) {
    char *diags = lower_division(body);
    if (*diags) fail_msg("%s: %s", body, diags);
    free(diags);
}

/* An integer divisor that is a constant expression of value zero (a literal, a constant, a
 * folded expression, one lane of a vector) is an error at the divisor (WGSL rejects it);
 * float division by zero and run-time divisors are not. */
static void constant_zero_divisor(void **state) {
    (void)state;
    expect_division_error("「x」除（「新无三二」于「0」）", "测试。着色器。豫:5:25: error:", "整数除以零");
    expect_division_error("「x」余「零无」", "测试。着色器。豫:5:24: error:", "整数对零取余");
    expect_division_error("「x」除（「一无」减「一无」）", "测试。着色器。豫:5:25: error:", "整数除以零");
    expect_division_error("「转换」以「无三二」于（（「v」余（（「新整三二」于「一」）与（「新整三二」于「零」）"
                          "与（「新整三二」于「二」）与（「新整三二」于「三」）））中「零」）",
                          "error:", "整数对零取余");
    expect_division_lowers("「x」除「一无」");
    expect_division_lowers("「x」除「x」");
    expect_division_lowers("「x」余（「x」减「x」）");
    expect_division_lowers("「转换」以「无三二」于（「f」除（「新浮三二」于「零」））");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_example_is_the_round_trip_ir),
        cmocka_unit_test(every_valid_sample_lowers),
        cmocka_unit_test(let_names_and_unit_parameters),
        cmocka_unit_test(abstract_constants_adapt),
        cmocka_unit_test(short_circuit_logic),
        cmocka_unit_test(local_functions_are_lifted),
        cmocka_unit_test(pass_diagnostics_point_at_source),
        cmocka_unit_test(scalar_widths_wgsl_lacks),
        cmocka_unit_test(constant_zero_divisor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
