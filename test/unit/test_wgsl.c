/* The WGSL target: IR-in -> WGSL-out golden files in test/wgsl (NAME.yir with NAME.wgsl,
 * optionally NAME.入口 for the entry table or NAME.错误 for the expected diagnostics), plus
 * unit tests of the shared name table and the re-emitter's rules. With YUSEC_WGSL_DUMP=DIR
 * set, every emitted WGSL is also written to DIR/NAME.wgsl (test/wgsl/validate_all.sh). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "targets/names.h"
#include "targets/target.h"

#include "target_fixture.h"

static bool emit_text(Ctx *c, const char *path, const char *text, StrBuf *wgsl, StrBuf *table) {
    return fixture_emit(c, YUSEC_TARGET_WGSL, path, text, wgsl, table);
}

/* Emits a module given as text and compares with the expected WGSL. */
static void check_emit(const char *yir, const char *expected) {
    Ctx c;
    ctx_init(&c);
    StrBuf out;
    strbuf_init(&out);
    if (!emit_text(&c, "测试.yir", yir, &out, NULL)) fail_msg("emit failed:\n%s", strbuf_cstr(&c.diag.text));
    assert_string_equal(strbuf_cstr(&out), expected);
    strbuf_free(&out);
    ctx_free(&c);
}

/* Emission must fail with a diagnostic containing `message`. */
static void check_error(const char *yir, const char *message) {
    Ctx c;
    ctx_init(&c);
    StrBuf out;
    strbuf_init(&out);
    assert_false(emit_text(&c, "测试.yir", yir, &out, NULL));
    assert_int_equal(out.len, 0);
    if (!strstr(strbuf_cstr(&c.diag.text), message))
        fail_msg("expected \"%s\" in:\n%s", message, strbuf_cstr(&c.diag.text));
    strbuf_free(&out);
    ctx_free(&c);
}

/* ---- golden files ---- */


static const char *golden_dir(char *buf, size_t size) {
    /* __FILE__ is test/unit/test_wgsl.c under the source tree. */
    snprintf(buf, size, "%s", __FILE__);
    char *slash = strrchr(buf, '/');
    if (slash) *slash = '\0';
    slash = strrchr(buf, '/');
    if (slash) *slash = '\0';
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "/wgsl");
    return buf;
}

static int check_golden(const char *dir, const char *stem, const char *dump) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.yir", dir, stem);
    char *yir = read_file(path);
    if (!yir) fail_msg("cannot read %s", path);
    Ctx c;
    ctx_init(&c);
    StrBuf wgsl, table;
    strbuf_init(&wgsl);
    strbuf_init(&table);
    char name[1024];
    snprintf(name, sizeof name, "%s.yir", stem);
    bool ok = emit_text(&c, name, yir, &wgsl, &table);
    int failures = 0;
    snprintf(path, sizeof path, "%s/%s.错误", dir, stem);
    char *want_error = read_file(path);
    if (want_error) {
        if (ok || strcmp(strbuf_cstr(&c.diag.text), want_error) != 0) {
            print_error("%s: expected diagnostics\n%s--- got (%s) ---\n%s", stem, want_error,
                        ok ? "success" : "failure", strbuf_cstr(&c.diag.text));
            failures++;
        }
    } else if (!ok) {
        print_error("%s: emission failed:\n%s", stem, strbuf_cstr(&c.diag.text));
        failures++;
    } else {
        snprintf(path, sizeof path, "%s/%s.wgsl", dir, stem);
        char *want = read_file(path);
        if (!want || strcmp(want, strbuf_cstr(&wgsl)) != 0) {
            print_error("%s: WGSL differs from %s.wgsl; got:\n%s", stem, stem, strbuf_cstr(&wgsl));
            failures++;
        }
        free(want);
        snprintf(path, sizeof path, "%s/%s.入口", dir, stem);
        char *want_table = read_file(path);
        if (want_table && strcmp(want_table, strbuf_cstr(&table)) != 0) {
            print_error("%s: entry table differs; got:\n%s", stem, strbuf_cstr(&table));
            failures++;
        }
        free(want_table);
        if (dump) {
            snprintf(path, sizeof path, "%s/%s.wgsl", dump, stem);
            write_file(path, strbuf_cstr(&wgsl));
        }
    }
    free(want_error);
    free(yir);
    strbuf_free(&wgsl);
    strbuf_free(&table);
    ctx_free(&c);
    return failures;
}

static void test_golden_files(void **state) {
    (void)state;
    char dir[4096];
    golden_dir(dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d) fail_msg("cannot open %s", dir);
    const char *dump = getenv("YUSEC_WGSL_DUMP");
    int failures = 0, count = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (len < 5 || strcmp(ent->d_name + len - 4, ".yir") != 0) continue;
        char stem[1024];
        snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), ent->d_name);
        failures += check_golden(dir, stem, dump);
        count++;
    }
    closedir(d);
    assert_true(count >= 1);
    assert_int_equal(failures, 0);
}

/* ---- names ---- */

static void test_names_legalise(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    assert_string_equal(names_legalise(&a, "数据"), "数据");
    assert_string_equal(names_legalise(&a, "loop"), "豫_loop");
    assert_string_equal(names_legalise(&a, "float"), "豫_float");   /* MSL word: same in both */
    assert_string_equal(names_legalise(&a, "select"), "豫_select"); /* WGSL builtin */
    assert_string_equal(names_legalise(&a, "3号"), "豫_3号");
    assert_string_equal(names_legalise(&a, "__x"), "豫___x");
    assert_string_equal(names_legalise(&a, "_"), "豫__");
    assert_string_equal(names_legalise(&a, ""), "豫_");
    assert_string_equal(names_legalise(&a, "a-b"), "a_u002Db");
    assert_string_equal(names_legalise(&a, "甲，乙"), "甲_uFF0C乙");
    assert_true(names_is_reserved("var"));
    assert_true(names_is_reserved("kernel"));
    assert_false(names_is_reserved("号"));
    NameSet set;
    name_set_init(&set, &a);
    assert_string_equal(name_set_claim(&set, "值"), "值");
    assert_string_equal(name_set_claim(&set, "值"), "值_2");
    assert_string_equal(name_set_claim(&set, "值"), "值_3");
    assert_string_equal(name_set_claim(&set, "if"), "豫_if");
    assert_string_equal(name_set_claim(&set, "if"), "豫_if_2");
    for (int i = 0; i < 200; i++) name_set_claim(&set, "多");  /* growth keeps every name */
    assert_true(name_set_has(&set, "多_200"));
    arena_free(&a);
}

/* A function's scope sees the module's names through its outer scope (no copy): a local named
 * like a module name is renamed, the module set does not learn the local names, and a second
 * function's scope starts fresh. */
static void test_name_set_nested(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    NameSet module, first, second;
    name_set_init(&module, &a);
    name_set_claim(&module, "数据");
    name_set_init_nested(&first, &a, &module);
    assert_true(name_set_has(&first, "数据"));
    assert_string_equal(name_set_claim(&first, "数据"), "数据_2");
    assert_string_equal(name_set_claim(&first, "序"), "序");
    assert_false(name_set_has(&module, "序"));
    for (int i = 0; i < 100; i++) name_set_claim(&first, "多");  /* growth keeps the outer link */
    assert_true(name_set_has(&first, "多_100"));
    assert_true(name_set_has(&first, "数据"));
    name_set_init_nested(&second, &a, &module);
    assert_false(name_set_has(&second, "序"));
    assert_string_equal(name_set_claim(&second, "数据"), "数据_2");
    arena_free(&a);
}

/* ---- re-emitter rules ---- */

/* A read is not moved across a write: the load of 甲 before the store must be bound. */
static void test_read_not_moved_across_write(void **state) {
    (void)state;
    check_emit("var<storage_read_write> @甲: array<u32> @group(0) @binding(0)\n"
               "fn @f() {\n"
               "  %0:ptr<storage_read_write, array<u32>> = global @甲\n"
               "  %1:u32 = const 0u\n"
               "  %2:ptr<storage_read_write, u32> = access %0, %1\n"
               "  %3:u32 = load %2\n"
               "  %4:u32 = const 7u\n"
               "  store %2, %4\n"
               "  %5:u32 = const 1u\n"
               "  %6:ptr<storage_read_write, u32> = access %0, %5\n"
               "  %7:u32 = add %3, %5\n"
               "  store %6, %7\n"
               "  return\n"
               "}\n",
               "@group(0) @binding(0) var<storage, read_write> 甲: array<u32>;\n"
               "\n"
               "fn f() {\n"
               "  let _1 = 甲[0u];\n"
               "  甲[0u] = 7u;\n"
               "  甲[1u] = _1 + 1u;\n"
               "}\n");
}

/* Minimal parentheses under WGSL's grammar: (a + b) * c, x - (b - c), bitwise operands
 * must be unary expressions, (x & a) | b, and -(-x) so that no `--` token forms. */
static void test_precedence(void **state) {
    (void)state;
    check_emit("fn @f(%a.0:i32, %b.1:i32, %c.2:i32) -> i32 {\n"
               "  %3:i32 = add %a.0, %b.1\n"
               "  %4:i32 = mul %3, %c.2\n"
               "  %5:i32 = sub %b.1, %c.2\n"
               "  %6:i32 = sub %4, %5\n"
               "  %7:i32 = bit_and %6, %a.0\n"
               "  %8:i32 = bit_or %7, %b.1\n"
               "  %9:i32 = neg %8\n"
               "  %10:i32 = neg %9\n"
               "  %11:i32 = mul %a.0, %b.1\n"
               "  %12:i32 = add %11, %10\n"
               "  return %12\n"
               "}\n",
               "fn f(a: i32, b: i32, c: i32) -> i32 {\n"
               "  return a * b + -(-((((a + b) * c - (b - c)) & a) | b));\n"
               "}\n");
}

/* Loop parameters swap through a parallel move without losing a value. */
static void test_loop_parallel_move(void **state) {
    (void)state;
    check_emit("fn @f(%n.0:u32) -> u32 {\n"
               "  %1:u32 = const 0u\n"
               "  %2:u32 = const 1u\n"
               "  %3:u32 = loop (%a.4:u32 = %1, %b.5:u32 = %2, %i.6:u32 = %1) {\n"
               "    %7:bool = ge %i.6, %n.0\n"
               "    if %7 {\n"
               "      break %a.4\n"
               "    } else {\n"
               "      yield\n"
               "    }\n"
               "    %8:u32 = add %a.4, %b.5\n"
               "    %9:u32 = add %i.6, %2\n"
               "    continue %b.5, %8, %9\n"
               "  }\n"
               "  return %3\n"
               "}\n",
               "fn f(n: u32) -> u32 {\n"
               "  var a = 0u;\n"
               "  var b = 1u;\n"
               "  var i = 0u;\n"
               "  var _1: u32;\n"
               "  loop {\n"
               "    if i >= n {\n"
               "      _1 = a;\n"
               "      break;\n"
               "    }\n"
               "    i = i + 1u;\n"
               "    let _2 = a + b;\n"
               "    a = b;\n"
               "    b = _2;\n"
               "  }\n"
               "  return _1;\n"
               "}\n");
}

static void test_bitcast_nan_constant_is_an_error(void **state) {
    (void)state;
    check_error("fn @f() -> f32 {\n"
                "  %0:u32 = const 2139095040u\n"
                "  %1:f32 = bitcast %0\n"
                "  return %1\n"
                "}\n",
                "bitcast 一个常量位型得到 NaN 或无穷");
    /* A finite pattern is fine and stays a constant expression. */
    check_emit("fn @f() -> f32 {\n"
               "  %0:u32 = const 1065353216u\n"
               "  %1:f32 = bitcast %0\n"
               "  return %1\n"
               "}\n",
               "fn f() -> f32 {\n"
               "  return bitcast<f32>(1065353216u);\n"
               "}\n");
    /* A non-finite float literal cannot be written at all. */
    check_error("const @无穷: f32 = bits(0x7F800000)\n", "常量求值不许出现 NaN 与无穷");
}

static void test_literals(void **state) {
    (void)state;
    check_emit("const @a: f32 = 40.0f\n"
               "const @b: f32 = -0.5f\n"
               "const @c: f32 = 1e+30f\n"
               "const @d: i32 = -2147483648i\n"
               "const @e: u32 = 4294967295u\n"
               "const @g: f16 = 1.0h\n"
               "const @h: vec2<f32> = {1.0f, 2.5f}\n",
               "enable f16;\n"
               "\n"
               "const a: f32 = 40.0f;\n"
               "const b: f32 = -0.5f;\n"
               "const c: f32 = 1.0e+30f;\n"
               "const d: i32 = i32(-2147483648);\n"
               "const e: u32 = 4294967295u;\n"
               "const g: f16 = f16(1.0);\n"
               "const h: vec2<f32> = vec2<f32>(1.0f, 2.5f);\n");
}

static void test_entry_table_and_buffers_untouched_on_error(void **state) {
    (void)state;
    Ctx c;
    ctx_init(&c);
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    const char *yir = "fn @loop() {\n  return\n}\n"
                      "entry @入口 = compute @loop workgroup_size(8, 2, 1) ()\n";
    assert_true(emit_text(&c, "测试.yir", yir, &out, &table));
    assert_string_equal(strbuf_cstr(&out), "@compute @workgroup_size(8, 2)\nfn 豫_loop() {\n}\n");
    assert_string_equal(strbuf_cstr(&table), "入口\t豫_loop\tcompute\n");
    strbuf_free(&out);
    strbuf_free(&table);
    ctx_free(&c);
}


/* An older read is bound before a call that may write; a call's value nests into its use. */
static void test_effects_keep_their_order(void **state) {
    (void)state;
    check_emit("var<private> @p: i32\n"
               "fn @f() -> i32 {\n"
               "  %0:ptr<private, i32> = global @p\n"
               "  %1:i32 = const 5i\n"
               "  store %0, %1\n"
               "  return %1\n"
               "}\n"
               "fn @g() -> i32 {\n"
               "  %0:ptr<private, i32> = global @p\n"
               "  %1:i32 = load %0\n"
               "  %2:i32 = call @f()\n"
               "  %3:i32 = add %1, %2\n"
               "  %4:i32 = call @f()\n"
               "  %5:i32 = const 1i\n"
               "  %6:i32 = add %4, %5\n"
               "  return %3\n"
               "}\n",
               "var<private> p: i32;\n"
               "\n"
               "fn f() -> i32 {\n"
               "  p = 5i;\n"
               "  return 5i;\n"
               "}\n"
               "\n"
               "fn g() -> i32 {\n"
               "  let _1 = p;\n"
               "  let _2 = _1 + f();\n"
               "  _ = f() + 1i;\n"
               "  return _2;\n"
               "}\n");
}

/* The right side of && is evaluated only sometimes: a read there is bound first. */
static void test_short_circuit_operand_is_bound(void **state) {
    (void)state;
    check_emit("var<private> @p: u32\n"
               "fn @f(%x.0:u32) -> bool {\n"
               "  %1:u32 = const 4u\n"
               "  %2:bool = lt %x.0, %1\n"
               "  %3:ptr<private, u32> = global @p\n"
               "  %4:u32 = load %3\n"
               "  %5:bool = eq %4, %x.0\n"
               "  %6:bool = and %2, %5\n"
               "  return %6\n"
               "}\n",
               "var<private> p: u32;\n"
               "\n"
               "fn f(x: u32) -> bool {\n"
               "  let _1 = p == x;\n"
               "  return x < 4u && _1;\n"
               "}\n");
}

/* A derivative in a branch keeps the if (select would run it unconditionally). */
static void test_uniform_op_in_branch_keeps_if(void **state) {
    (void)state;
    check_emit("fn @f(%x.0:f32, %c.1:bool) -> f32 {\n"
               "  %2:f32 = if %c.1 {\n"
               "    %3:f32 = dpdx %x.0\n"
               "    yield %3\n"
               "  } else {\n"
               "    yield %x.0\n"
               "  }\n"
               "  return %2\n"
               "}\n",
               "fn f(x: f32, c: bool) -> f32 {\n"
               "  var _1: f32;\n"
               "  if c {\n"
               "    _1 = dpdx(x);\n"
               "  } else {\n"
               "    _1 = x;\n"
               "  }\n"
               "  return _1;\n"
               "}\n");
}

/* Integer vertex outputs and fragment inputs are flat even when the IR did not say so. */
static void test_integer_interstage_values_are_flat(void **state) {
    (void)state;
    check_emit("type $出 = struct { 位: vec4<f32>, 号: u32 }\n"
               "fn @v(%i.0:u32) -> $出 {\n"
               "  %1:f32 = const 0.0f\n"
               "  %2:vec4<f32> = construct %1, %1, %1, %1\n"
               "  %3:$出 = construct %2, %i.0\n"
               "  return %3\n"
               "}\n"
               "fn @f(%号.0:i32) -> vec4<f32> {\n"
               "  %1:f32 = convert %号.0\n"
               "  %2:vec4<f32> = construct %1\n"
               "  return %2\n"
               "}\n"
               "entry @V = vertex @v (location(0)) -> struct(builtin(position), location(0))\n"
               "entry @F = fragment @f (location(0)) -> location(0)\n",
               "struct 出 {\n"
               "  @builtin(position) 位: vec4<f32>,\n"
               "  @location(0) @interpolate(flat) 号: u32,\n"
               "}\n"
               "\n"
               "@vertex\n"
               "fn v(@location(0) i: u32) -> 出 {\n"
               "  return 出(vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f), i);\n"
               "}\n"
               "\n"
               "@fragment\n"
               "fn f(@location(0) @interpolate(flat) 号: i32) -> @location(0) vec4<f32> {\n"
               "  return vec4<f32>(f32(号));\n"
               "}\n");
}

static void test_calling_an_entry_is_an_error(void **state) {
    (void)state;
    check_error("fn @e() {\n  return\n}\n"
                "fn @g() {\n  call @e()\n  return\n}\n"
                "entry @E = compute @e workgroup_size(1, 1, 1) ()\n",
                "WGSL 的入口函数不能被调用");
}

/* te_collect_entries (shared with MSL): one function, one entry. */
static void test_function_of_two_entries_is_an_error(void **state) {
    (void)state;
    check_error("fn @e() {\n  return\n}\n"
                "entry @E = compute @e workgroup_size(1, 1, 1) ()\n"
                "entry @F = compute @e workgroup_size(2, 1, 1) ()\n",
                "函数「e」已由入口项「E」使用，WGSL 里一个函数只能是一个入口");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_files),
        cmocka_unit_test(test_names_legalise),
        cmocka_unit_test(test_name_set_nested),
        cmocka_unit_test(test_read_not_moved_across_write),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_loop_parallel_move),
        cmocka_unit_test(test_bitcast_nan_constant_is_an_error),
        cmocka_unit_test(test_literals),
        cmocka_unit_test(test_entry_table_and_buffers_untouched_on_error),
        cmocka_unit_test(test_effects_keep_their_order),
        cmocka_unit_test(test_short_circuit_operand_is_bound),
        cmocka_unit_test(test_uniform_op_in_branch_keeps_if),
        cmocka_unit_test(test_integer_interstage_values_are_flat),
        cmocka_unit_test(test_calling_an_entry_is_an_error),
        cmocka_unit_test(test_function_of_two_entries_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
