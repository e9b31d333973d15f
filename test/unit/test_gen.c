/* The generated module (-emit-gen), depfiles and warnings of driver/gen.c (issue 8). The
 * strings are checked by lexing the generated source back: the escapes must round-trip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/json.h"
#include "driver/depfile.h"
#include "lib/generated.h"
#include "lib/manifest.h"
#include "frontend/token.h"

/* Lexes `source` and returns the decoded text of its string number `index` (arena-owned). */
static const char *string_token(Arena *arena, const char *source, int index, int *errors) {
    SourceMap map;
    DiagEngine diag;
    source_map_init(&map, arena);
    diag_init(&diag, &map, NULL);
    SourceFile *file = source_add(&map, "生成。着色生成。豫", source, strlen(source));
    TokenList tokens = fe_lex_file(arena, file, &diag);
    *errors = diag.error_count;
    diag_free(&diag);
    for (uint32_t i = 0; i < tokens.count; i++)
        if (tokens.items[i].kind == TOK_STRING && index-- == 0) return tokens.items[i].text;
    return NULL;
}

static void test_escape_round_trips(void **state) {
    (void)state;
    static const char *const TEXTS[] = {
        "a\nb\tc", "『』「」", "「：注：」 and ：」 and 「：", "fn 加倍() {\n}\n", "", "\\n \"x\"",
    };
    for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++) {
        StrBuf src;
        strbuf_init(&src);
        strbuf_puts(&src, "「甲」者『");
        gen_escape_string(&src, TEXTS[i], strlen(TEXTS[i]));
        strbuf_puts(&src, "』也。\n");
        Arena arena;
        arena_init(&arena);
        int errors;
        const char *back = string_token(&arena, strbuf_cstr(&src), 0, &errors);
        assert_int_equal(errors, 0);
        assert_non_null(back);
        assert_string_equal(back, TEXTS[i]);
        /* One line: the only line break is the one after 也。 */
        assert_ptr_equal(strchr(strbuf_cstr(&src), '\n'), strbuf_cstr(&src) + src.len - 1);
        arena_free(&arena);
        strbuf_free(&src);
    }
}

static void set_target(GenTarget *t, bool ok, const char *text, const char *diagnostics) {
    gen_target_init(t);
    t->ok = ok;
    strbuf_puts(&t->text, text);
    strbuf_puts(&t->diagnostics, diagnostics);
}

/* A compute entry (with its PTX name) and a vertex entry, as lib/entries.c builds them. */
static LibEntryTable two_entries(LibEntry rows[2], const char *compute_item, const char *compute_fn,
                                 const char *ptx_name, const char *vertex_item, const char *vertex_fn) {
    rows[0] = (LibEntry){compute_item, compute_fn, IR_STAGE_COMPUTE, {32, 1, 1}, ptx_name};
    rows[1] = (LibEntry){vertex_item, vertex_fn, IR_STAGE_VERTEX, {0, 0, 0}, NULL};
    return (LibEntryTable){NULL, rows, 2};
}

static void free_targets(GenTarget *t) {
    for (int i = 0; i < YUSEC_TARGET_COUNT; i++) gen_target_free(&t[i]);
}

/* The manifest's strings are escaped as the JSON diagnostics' are (one escaper, base/json.c):
 * short escapes for newline and tab, DEL as \u007f, a byte that is no UTF-8 as U+FFFD, U+2028
 * raw. A source path may hold any of them; the manifest stays valid JSON. */
static void test_manifest_escapes_as_diagnostics(void **state) {
    (void)state;
    static const char PATH[] = "目录\n制表\t回车\r引号\"斜杠\\删\x7f坏\xff\xc0\x80行分隔\xe2\x80\xa8。着色器。豫";
    Arena arena;
    arena_init(&arena);
    LibEntryTable entries;
    lib_entries_init(&entries, &arena);
    LibAbi abi = {0};
    StrBuf manifest, expected;
    strbuf_init(&manifest);
    strbuf_init(&expected);
    lib_manifest_json(&manifest, PATH, &entries, &abi);
    strbuf_puts(&expected, "{\n  \"source\": ");
    json_append_string(&expected, PATH);
    strbuf_puts(&expected, ",\n");
    assert_memory_equal(strbuf_cstr(&manifest), strbuf_cstr(&expected), strlen(strbuf_cstr(&expected)));
    assert_non_null(strstr(strbuf_cstr(&manifest),
                           "\"目录\\n制表\\t回车\\u000d引号\\\"斜杠\\\\删\\u007f坏\xef\xbf\xbd\xef\xbf\xbd"
                           "\xef\xbf\xbd行分隔\xe2\x80\xa8。着色器。豫\","));
    strbuf_free(&expected);
    strbuf_free(&manifest);
    arena_free(&arena);
}

/* WGSL fails: its constant is one comment line naming the first diagnostic; the entry
 * constants and the PTX names (compute entries only) come from the entry table. */
static void test_failed_target_is_a_comment(void **state) {
    (void)state;
    GenTarget t[YUSEC_TARGET_COUNT];
    set_target(&t[YUSEC_TARGET_WGSL], false, "",
               "甲。着色器。豫:3:1: error: WGSL 没有子组矩阵片\n  line\n  ^\n");
    set_target(&t[YUSEC_TARGET_MSL], true, "kernel void 乘();\n", "");
    set_target(&t[YUSEC_TARGET_PTX], true, ".entry yy_x\n", "");
    LibEntry rows[2];
    LibEntryTable entries = two_entries(rows, "乘入口", "乘", "yy_e4_b9_98", "画入口", "画");
    StrBuf out;
    strbuf_init(&out);
    assert_true(gen_module_source(&out, t, &entries));
    const char *text = strbuf_cstr(&out);
    assert_non_null(strstr(text, "「着色源」者『// WGSL 译不出：甲。着色器。豫:3:1: error: "
                                 "WGSL 没有子组矩阵片』也。\n"));
    assert_non_null(strstr(text, "「金属源」者『kernel void 乘();「：换行：」』也。\n"));
    assert_non_null(strstr(text, "「并线汇编源」者『.entry yy_x「：换行：」』也。\n"));
    assert_non_null(strstr(text, "「乘入口」者『乘』也。\n「画入口」者『画』也。\n"
                                 "「乘入口并线汇编名」者『yy_e4_b9_98』也。\n"));
    assert_null(strstr(text, "画入口并线汇编名"));
    Arena arena;
    arena_init(&arena);
    int errors;
    assert_string_equal(string_token(&arena, text, 1, &errors), "kernel void 乘();\n");
    assert_int_equal(errors, 0);
    arena_free(&arena);
    strbuf_free(&out);
    free_targets(t);
}

/* 「并线汇编架构」 follows 「并线汇编源」 only when the PTX needs an arch above -arch (sm_90a for
 * warpgroup MMA), and only when PTX succeeded. */
static void test_ptx_arch_constant(void **state) {
    (void)state;
    GenTarget t[YUSEC_TARGET_COUNT];
    set_target(&t[YUSEC_TARGET_WGSL], true, "fn f() {}\n", "");
    set_target(&t[YUSEC_TARGET_MSL], true, "kernel void f();\n", "");
    set_target(&t[YUSEC_TARGET_PTX], true, ".target sm_90a\n", "");
    t[YUSEC_TARGET_PTX].ptx_arch = "sm_90a";
    LibEntry rows[2];
    LibEntryTable entries = two_entries(rows, "乘入口", "乘", "yy_e4_b9_98", "画入口", "画");
    StrBuf out;
    strbuf_init(&out);
    assert_true(gen_module_source(&out, t, &entries));
    assert_non_null(strstr(strbuf_cstr(&out), "「并线汇编源」者『.target sm_90a「：换行：」』也。\n"
                                              "「并线汇编架构」者『sm_90a』也。\n「乘入口」者『乘』也。\n"));
    strbuf_clear(&out);
    t[YUSEC_TARGET_PTX].ptx_arch = NULL;
    assert_true(gen_module_source(&out, t, &entries));
    assert_null(strstr(strbuf_cstr(&out), "并线汇编架构"));
    strbuf_clear(&out);
    t[YUSEC_TARGET_PTX].ok = false;
    t[YUSEC_TARGET_PTX].ptx_arch = "sm_90a";
    assert_true(gen_module_source(&out, t, &entries));
    assert_null(strstr(strbuf_cstr(&out), "并线汇编架构"));
    strbuf_free(&out);
    free_targets(t);
}

static void test_all_failed(void **state) {
    (void)state;
    GenTarget t[YUSEC_TARGET_COUNT];
    for (int i = 0; i < YUSEC_TARGET_COUNT; i++) set_target(&t[i], false, "", "x: error: y\n");
    LibEntry rows[2];
    LibEntryTable entries = two_entries(rows, "甲入口", "甲", "yy_e7_94_b2", "画入口", "画");
    StrBuf out;
    strbuf_init(&out);
    assert_false(gen_module_source(&out, t, &entries));
    assert_int_equal(out.len, 0);
    strbuf_free(&out);
    free_targets(t);
}

/* The decoded text of the 「并线汇编源」 constant (string number 2) of a generated module. */
static void expect_ascii_ptx_comment(const char *module, const char *want) {
    Arena arena;
    arena_init(&arena);
    int errors;
    const char *ptx = string_token(&arena, module, 2, &errors);
    assert_int_equal(errors, 0);
    assert_non_null(ptx);
    assert_string_equal(ptx, want);
    for (const unsigned char *p = (const unsigned char *)ptx; *p; p++) assert_true(*p >= 0x20 && *p < 0x7f);
    arena_free(&arena);
}

/* 着二: PTX fails, yet 「入口项并线汇编名」 is there (it does not depend on the translation),
 * and the failure comment is ASCII (着十), saying what failed and where. */
static void test_ptx_names_without_ptx(void **state) {
    (void)state;
    GenTarget t[YUSEC_TARGET_COUNT];
    set_target(&t[YUSEC_TARGET_WGSL], true, "w", "");
    set_target(&t[YUSEC_TARGET_MSL], true, "m", "");
    set_target(&t[YUSEC_TARGET_PTX], false, "",
               "甲。着色器。豫:3:7: error: PTX 目标：纹理与采样器的实参须直接是模块的绑定（宿主按绑定传纹理对象）\n");
    LibEntry rows[2];
    LibEntryTable entries = two_entries(rows, "甲入口", "甲", "yy_e7_94_b2", "画入口", "画");
    t[YUSEC_TARGET_PTX].ptx_failure = (GenPtxFailure){true, false, 3, 7, "a texture operand is not a binding"};
    StrBuf out;
    strbuf_init(&out);
    assert_true(gen_module_source(&out, t, &entries));
    const char *text = strbuf_cstr(&out);
    assert_non_null(strstr(text, "「甲入口」者『甲』也。\n「画入口」者『画』也。\n"
                                 "「甲入口并线汇编名」者『yy_e7_94_b2』也。\n"));
    assert_null(strstr(text, "画入口并线汇编名"));
    expect_ascii_ptx_comment(text, "// PTX translation failed at line 3, column 7: a texture operand is not a binding");
    strbuf_clear(&out);
    t[YUSEC_TARGET_PTX].ptx_failure.imported = true;
    assert_true(gen_module_source(&out, t, &entries));
    expect_ascii_ptx_comment(strbuf_cstr(&out), "// PTX translation failed at line 3, column 7 of an "
                                                "imported shader file: a texture operand is not a binding");
    strbuf_clear(&out);
    /* The PTX pipeline failed before the plugin (no reason, no place): still ASCII. */
    t[YUSEC_TARGET_PTX].ptx_failure = (GenPtxFailure){0};
    assert_true(gen_module_source(&out, t, &entries));
    expect_ascii_ptx_comment(strbuf_cstr(&out), "// PTX translation failed: an error before code "
                                                "generation (yusec -emit-ptx shows it)");
    strbuf_free(&out);
    free_targets(t);
}

static void test_depfile(void **state) {
    (void)state;
    StrBuf out;
    strbuf_init(&out);
    gen_depfile(&out, "out dir/加倍.gen", "加倍。着色器。豫\n/lib/点染 本#1$.豫\n");
    assert_string_equal(strbuf_cstr(&out), "out\\ dir/加倍.gen: \\\n  加倍。着色器。豫 \\\n"
                                           "  /lib/点染\\ 本\\#1$$.豫\n");
    strbuf_free(&out);
}

/* -emit=LIST -o-dir: one rule for every output of the command. */
static void test_depfile_of_several_outputs(void **state) {
    (void)state;
    StrBuf out;
    strbuf_init(&out);
    gen_depfile(&out, "d/加倍.wgsl\nd/加倍 1.h\n", "加倍。着色器。豫\n");
    assert_string_equal(strbuf_cstr(&out), "d/加倍.wgsl d/加倍\\ 1.h: \\\n  加倍。着色器。豫\n");
    strbuf_free(&out);
}

/* -MP: one empty rule per dependency, escaped as the rule's paths are. */
static void test_depfile_phony(void **state) {
    (void)state;
    StrBuf out;
    strbuf_init(&out);
    gen_depfile_phony(&out, "/lib/点染 本.豫\n模块。着色器。豫\n");
    assert_string_equal(strbuf_cstr(&out), "\n/lib/点染\\ 本.豫:\n\n模块。着色器。豫:\n");
    strbuf_free(&out);
}

static const char *clean(StrBuf *out, const char *path) {
    strbuf_clear(out);
    depfile_clean_path(out, path);
    return strbuf_cstr(out);
}

/* Depfile paths without "." and "DIR/.." (issue 29 item 11), the same file: a directory's
 * ".." is dropped, a symbolic link's or a missing one's is kept. */
static void test_depfile_clean_path(void **state) {
    (void)state;
    char dir[] = "/tmp/yusec_depfile_XXXXXX";
    assert_non_null(mkdtemp(dir));
    StrBuf path, out;
    strbuf_init(&path);
    strbuf_init(&out);
    strbuf_printf(&path, "%s/bin", dir);
    assert_int_equal(mkdir(strbuf_cstr(&path), 0700), 0);
    strbuf_clear(&path);
    strbuf_printf(&path, "%s/bin/../share/./库//点染本.豫", dir);
    const char *got = clean(&out, strbuf_cstr(&path));
    strbuf_clear(&path);
    strbuf_printf(&path, "%s/share/库/点染本.豫", dir);
    assert_string_equal(got, strbuf_cstr(&path));
    strbuf_clear(&path);
    strbuf_printf(&path, "%s/link", dir);
    assert_int_equal(symlink("/usr/lib", strbuf_cstr(&path)), 0);
    strbuf_clear(&path);
    strbuf_printf(&path, "%s/link/../x", dir);
    assert_string_equal(clean(&out, strbuf_cstr(&path)), strbuf_cstr(&path));
    strbuf_clear(&path);
    strbuf_printf(&path, "%s/missing/../x", dir);
    assert_string_equal(clean(&out, strbuf_cstr(&path)), strbuf_cstr(&path));
    assert_string_equal(clean(&out, "../a/./b.豫"), "../a/b.豫");
    assert_string_equal(clean(&out, "/../a"), "/a");
    assert_string_equal(clean(&out, "./"), ".");
    strbuf_clear(&path);
    strbuf_printf(&path, "rm -rf '%s'", dir);
    assert_int_equal(system(strbuf_cstr(&path)), 0);
    strbuf_free(&path);
    strbuf_free(&out);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depfile_phony),
        cmocka_unit_test(test_depfile_clean_path),
        cmocka_unit_test(test_depfile_of_several_outputs),
        cmocka_unit_test(test_escape_round_trips),
        cmocka_unit_test(test_manifest_escapes_as_diagnostics),
        cmocka_unit_test(test_failed_target_is_a_comment),
        cmocka_unit_test(test_all_failed),
        cmocka_unit_test(test_ptx_arch_constant),
        cmocka_unit_test(test_ptx_names_without_ptx),
        cmocka_unit_test(test_depfile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
