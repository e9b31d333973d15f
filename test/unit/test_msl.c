/* The MSL target: IR-in -> MSL-out golden files. Inputs are test/msl/NAME.yir and the WGSL
 * target's test/wgsl/NAME.yir (shared, not copied); the expectations for both live in
 * test/msl: NAME.metal (and NAME.入口 for the entry table) or NAME.错误 for the expected
 * diagnostics. YUSEC_UPDATE_GOLDEN=1 rewrites them (read the diff); YUSEC_MSL_DUMP=DIR also
 * writes every emitted MSL to DIR/NAME.metal (test/msl/syntax_check.sh). Unit tests cover the
 * spelling rules of 着九 and the slot-limit diagnostics. */
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

static bool emit_text(Ctx *c, const char *path, const char *text, StrBuf *msl, StrBuf *table) {
    return fixture_emit(c, YUSEC_TARGET_MSL, path, text, msl, table);
}

/* The function part of the output (after the two header lines and a blank line). */
static void check_emit(const char *yir, const char *expected) {
    Ctx c;
    ctx_init(&c);
    StrBuf out;
    strbuf_init(&out);
    if (!emit_text(&c, "测试.yir", yir, &out, NULL)) fail_msg("emit failed:\n%s", strbuf_cstr(&c.diag.text));
    const char *header = "#include <metal_stdlib>\nusing namespace metal;\n\n";
    const char *text = strbuf_cstr(&out);
    assert_true(strncmp(text, header, strlen(header)) == 0);
    assert_string_equal(text + strlen(header), expected);
    strbuf_free(&out);
    ctx_free(&c);
}

static void check_error(const char *yir, const char *message) {
    Ctx c;
    ctx_init(&c);
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    assert_false(emit_text(&c, "测试.yir", yir, &out, &table));
    assert_int_equal(out.len, 0);
    assert_int_equal(table.len, 0);
    if (!strstr(strbuf_cstr(&c.diag.text), message))
        fail_msg("expected \"%s\" in:\n%s", message, strbuf_cstr(&c.diag.text));
    strbuf_free(&out);
    strbuf_free(&table);
    ctx_free(&c);
}

/* ---- golden files ---- */


static void test_dir(char *buf, size_t size, const char *sub) {
    /* __FILE__ is test/unit/test_msl.c under the source tree. */
    snprintf(buf, size, "%s", __FILE__);
    char *slash = strrchr(buf, '/');
    if (slash) *slash = '\0';
    slash = strrchr(buf, '/');
    if (slash) *slash = '\0';
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "/%s", sub);
}

/* Compares `got` with the file, or rewrites it under YUSEC_UPDATE_GOLDEN=1. */
static int compare_file(const char *path, const char *got, const char *stem, const char *what, bool required) {
    const char *update = getenv("YUSEC_UPDATE_GOLDEN");
    if (update && strcmp(update, "1") == 0) {
        if (required || read_file(path)) write_file(path, got);
        return 0;
    }
    char *want = read_file(path);
    int failures = 0;
    if ((required && !want) || (want && strcmp(want, got) != 0)) {
        print_error("%s: %s differs from %s; got:\n%s", stem, what, path, got);
        failures++;
    }
    free(want);
    return failures;
}

static int check_golden(const char *in_dir, const char *out_dir, const char *stem, const char *dump) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.yir", in_dir, stem);
    char *yir = read_file(path);
    if (!yir) fail_msg("cannot read %s", path);
    Ctx c;
    ctx_init(&c);
    StrBuf msl, table;
    strbuf_init(&msl);
    strbuf_init(&table);
    char name[2048];
    snprintf(name, sizeof name, "%s.yir", stem);
    bool ok = emit_text(&c, name, yir, &msl, &table);
    int failures = 0;
    snprintf(path, sizeof path, "%s/%s.错误", out_dir, stem);
    char *want_error = read_file(path);
    if (want_error || !ok) {
        if (ok) {
            print_error("%s: expected diagnostics, emission succeeded", stem);
            failures++;
        } else {
            failures += compare_file(path, strbuf_cstr(&c.diag.text), stem, "diagnostics", true);
        }
    } else {
        snprintf(path, sizeof path, "%s/%s.metal", out_dir, stem);
        failures += compare_file(path, strbuf_cstr(&msl), stem, "MSL", true);
        snprintf(path, sizeof path, "%s/%s.入口", out_dir, stem);
        failures += compare_file(path, strbuf_cstr(&table), stem, "entry table", false);
        if (dump) {
            snprintf(path, sizeof path, "%s/%s.metal", dump, stem);
            write_file(path, strbuf_cstr(&msl));
        }
    }
    free(want_error);
    free(yir);
    strbuf_free(&msl);
    strbuf_free(&table);
    ctx_free(&c);
    return failures;
}

static int golden_dir_run(const char *in_dir, const char *out_dir, int *count) {
    DIR *d = opendir(in_dir);
    if (!d) fail_msg("cannot open %s", in_dir);
    const char *dump = getenv("YUSEC_MSL_DUMP");
    int failures = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (len < 5 || strcmp(ent->d_name + len - 4, ".yir") != 0) continue;
        char stem[1024];
        snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), ent->d_name);
        failures += check_golden(in_dir, out_dir, stem, dump);
        (*count)++;
    }
    closedir(d);
    return failures;
}

static void test_golden_files(void **state) {
    (void)state;
    char msl_dir[4096], wgsl_dir[4096];
    test_dir(msl_dir, sizeof msl_dir, "msl");
    test_dir(wgsl_dir, sizeof wgsl_dir, "wgsl");
    int count = 0, failures = 0;
    failures += golden_dir_run(msl_dir, msl_dir, &count);
    failures += golden_dir_run(wgsl_dir, msl_dir, &count);
    assert_true(count >= 18);
    assert_int_equal(failures, 0);
}

/* ---- spelling rules (着九) ---- */

static void test_literals_and_constants(void **state) {
    (void)state;
    check_emit("const @a: f32 = 40.0f\n"
               "const @b: f32 = -0.5f\n"
               "const @c: f32 = 1e+30f\n"
               "const @d: i32 = -2147483648i\n"
               "const @e: u32 = 4294967295u\n"
               "const @g: f16 = 1.0h\n"
               "const @h: i32 = 3i\n"
               "const @i: f32 = bits(0x7F800000)\n"
               "const @j: array<u32, 2> = {1u, 2u}\n"
               "const @k: mat2x2<f32> = {{1.0f, 0.0f}, {0.0f, 1.0f}}\n",
               "constant float a = 40.0f;\n"
               "constant float b = -0.5f;\n"
               "constant float c = 1.0e+30f;\n"
               "constant int d = int(-2147483647 - 1);\n"
               "constant uint e = 4294967295u;\n"
               "constant half g = 1.0h;\n"
               "constant int h = int(3);\n"
               "constant float i = as_type<float>(0x7F800000u);\n"
               "constant array<uint, 2> j = array<uint, 2>{1u, 2u};\n"
               "constant float2x2 k = float2x2(float2(1.0f, 0.0f), float2(0.0f, 1.0f));\n");
}

/* C++ precedence with the parentheses clang's -Wparentheses asks for. */
static void test_precedence(void **state) {
    (void)state;
    check_emit("fn @f(%a.0:i32, %b.1:i32, %c.2:bool, %d.3:bool, %e.4:bool, %s.14:u32) -> bool {\n"
               "  %5:i32 = add %a.0, %b.1\n"
               "  %15:u32 = add %s.14, %s.14\n"
               "  %6:i32 = shl %a.0, %15\n"
               "  %7:i32 = bit_and %6, %b.1\n"
               "  %8:i32 = bit_or %7, %a.0\n"
               "  %9:i32 = sub %a.0, %5\n"
               "  %10:bool = lt %8, %9\n"
               "  %11:bool = and %c.2, %d.3\n"
               "  %12:bool = or %11, %e.4\n"
               "  %13:bool = eq %10, %12\n"
               "  return %13\n"
               "}\n",
               "bool f(int a, int b, bool c, bool d, bool e, uint s) {\n"
               "  return ((((a << (s + s)) & b) | a) < a - (a + b)) == ((c && d) || e);\n"
               "}\n");
}

/* Statements: const auto, T 名 = 值;, T 名 = {}; for a variable without initialiser,
 * while (true), (void)(…), the ternary for select, S{…}. */
static void test_statements(void **state) {
    (void)state;
    check_emit("type $对 = struct { 甲: u32, 乙: f32 }\n"
               "fn @g() -> u32 {\n"
               "  %0:u32 = const 1u\n"
               "  return %0\n"
               "}\n"
               "fn @f(%n.0:u32, %c.1:bool) -> $对 {\n"
               "  %格.2:ptr<function, u32> = var\n"
               "  %3:u32 = call @g()\n"
               "  %4:u32 = const 2u\n"
               "  %5:u32 = add %3, %4\n"
               "  %甲.6:u32 = select %c.1, %n.0, %4\n"
               "  store %格.2, %甲.6\n"
               "  %7:u32 = load %格.2\n"
               "  %8:f32 = convert %7\n"
               "  %9:$对 = construct %7, %8\n"
               "  return %9\n"
               "}\n",
               "struct 对 {\n"
               "  uint 甲;\n"
               "  float 乙;\n"
               "};\n"
               "\n"
               "uint g() {\n"
               "  return 1u;\n"
               "}\n"
               "\n"
               "对 f(uint n, bool c) {\n"
               "  uint 格 = {};\n"
               "  (void)(g() + 2u);\n"
               "  const auto 甲 = (c ? n : 2u);\n"
               "  格 = 甲;\n"
               "  const auto _1 = 格;\n"
               "  return 对{_1, float(_1)};\n"
               "}\n");
}

/* The seed's unchecked limits (着九), now diagnostics: samplers only up to index 15,
 * buffers up to 30 (groups 0 and 1), bindings below 16. */
static void test_slot_limits(void **state) {
    (void)state;
    const char *body = "fn @f(%i.0:vec3<u32>) {\n"
                       "  %1:ptr<%s> = global @x\n"
                       "  return\n"
                       "}\n"
                       "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(global_invocation_id))\n";
    char yir[1024];
    snprintf(yir, sizeof yir, "var<storage_read_write> @x: array<u32> @group(2) @binding(0)\n%s", body);
    char *p = strstr(yir, "%s");
    assert_non_null(p);
    memmove(p + strlen("storage_read_write, array<u32>"), p + 2, strlen(p + 2) + 1);
    memcpy(p, "storage_read_write, array<u32>", strlen("storage_read_write, array<u32>"));
    check_error(yir, "金属序号 32 超过 30");
    check_error("var<handle> @x: sampler @group(1) @binding(0)\n"
                "fn @f(%i.0:vec4<f32>) -> vec4<f32> {\n"
                "  %1:ptr<handle, sampler> = global @x\n"
                "  return %i.0\n"
                "}\n"
                "entry @e = fragment @f (builtin(position)) -> location(0)\n",
                "采样器与比较采样器只能放在组 0");
    check_error("var<storage_read_write> @x: array<u32> @group(0) @binding(16)\n"
                "fn @f(%i.0:vec3<u32>) {\n"
                "  %1:ptr<storage_read_write, array<u32>> = global @x\n"
                "  return\n"
                "}\n"
                "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(global_invocation_id))\n",
                "绑定号 16 超过 15");
    /* Group 1, binding 14 is buffer 30: still fine. */
    check_emit("var<storage_read_write> @x: array<u32> @group(1) @binding(14)\n"
               "fn @f(%i.0:vec3<u32>) {\n"
               "  %1:ptr<storage_read_write, array<u32>> = global @x\n"
               "  return\n"
               "}\n"
               "entry @e = compute @f workgroup_size(2, 2, 1) (builtin(global_invocation_id))\n",
               "[[max_total_threads_per_threadgroup(4)]] kernel void f(uint3 i [[thread_position_in_grid]], "
               "device uint* x [[buffer(30)]]) {\n"
               "}\n");
}

/* Vertex and fragment returns Metal cannot take as they are (着九). */
static void test_entry_result_errors(void **state) {
    (void)state;
    /* a vertex entry returning a location alone: the verifier's (no position output) */
    check_error("fn @f(%p.0:vec4<f32>) -> vec4<f32> {\n"
                "  return %p.0\n"
                "}\n"
                "entry @e = fragment @f (builtin(position)) -> location(1)\n",
                "只能是位置 0");
    /* 数组长度's lengths buffer takes [[buffer(30)]] (ir/abi.h): group 1, binding 14 is taken. */
    check_error("var<storage_read> @a: array<u32> @group(1) @binding(14)\n"
                "fn @f(%i.0:vec3<u32>) {\n"
                "  %1:ptr<storage_read, array<u32>> = global @a\n"
                "  %2:u32 = array_length %1\n"
                "  return\n"
                "}\n"
                "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(global_invocation_id))\n",
                "缓冲「a」占了金属序号 30，而入口「e」用到「数组长度」：宿主在序号 30 传数组长度");
}

/* Names clashing with Metal builtins and C++ words get the prefix shared with WGSL. */
static void test_metal_names(void **state) {
    (void)state;
    Arena a;
    arena_init(&a);
    assert_string_equal(names_legalise(&a, "rsqrt"), "豫_rsqrt");
    assert_string_equal(names_legalise(&a, "matrix"), "豫_matrix");
    assert_string_equal(names_legalise(&a, "thread_position_in_grid"), "豫_thread_position_in_grid");
    assert_string_equal(names_legalise(&a, "_Tag"), "豫__Tag");
    assert_string_equal(names_legalise(&a, "_t"), "_t");
    arena_free(&a);
    check_emit("fn @rsqrt(%x.0:f32) -> f32 {\n"
               "  %1:f32 = inverse_sqrt %x.0\n"
               "  return %1\n"
               "}\n",
               "float 豫_rsqrt(float x) {\n"
               "  return rsqrt(x);\n"
               "}\n");
}

/* C++ declares before use: a callee written later in the source comes first. */
static void test_declaration_before_use(void **state) {
    (void)state;
    check_emit("fn @f() -> u32 {\n"
               "  %0:u32 = call @g()\n"
               "  return %0\n"
               "}\n"
               "fn @g() -> u32 {\n"
               "  %0:u32 = const 7u\n"
               "  return %0\n"
               "}\n",
               "uint g() {\n"
               "  return 7u;\n"
               "}\n"
               "\n"
               "uint f() {\n"
               "  return g();\n"
               "}\n");
}

/* te_collect_entries (shared with WGSL): an entry function is never called, one function
 * serves one entry. */
static void test_entry_function_rules(void **state) {
    (void)state;
    check_error("fn @e() {\n  return\n}\n"
                "fn @g() {\n  call @e()\n  return\n}\n"
                "entry @E = compute @e workgroup_size(1, 1, 1) ()\n",
                "函数「g」调用了入口函数「e」：金属的入口函数不能被调用");
    check_error("fn @e() {\n  return\n}\n"
                "entry @E = compute @e workgroup_size(1, 1, 1) ()\n"
                "entry @F = compute @e workgroup_size(2, 1, 1) ()\n",
                "函数「e」已由入口项「E」使用，金属里一个函数只能是一个入口");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_files),
        cmocka_unit_test(test_literals_and_constants),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_statements),
        cmocka_unit_test(test_slot_limits),
        cmocka_unit_test(test_entry_result_errors),
        cmocka_unit_test(test_metal_names),
        cmocka_unit_test(test_declaration_before_use),
        cmocka_unit_test(test_entry_function_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
