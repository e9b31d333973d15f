/* The PTX target's loader side and plugin: mangling, the capability table, the diagnostic
 * for a missing plugin, the seed example's PTX and entry table, the options that reach LLVM,
 * and that libLLVM is loaded only by ptx_emit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "test/unit/emit_lines.h"
#include "ir/ir.h"
#include "targets/ptx.h"

#include "seed_ir.h"
#include "tensor_run_yir.h"


/* a·b + c on floats, for the contraction switch. */
static const char fma_yir[] =
    "var<storage_read_write> @数: array<f32> @group(0) @binding(0)\n"
    "fn @乘加(%号.0:vec3<u32>) {\n"
    "  %i.1:u32 = extract %号.0, 0\n"
    "  %2:ptr<storage_read_write, array<f32>> = global @数\n"
    "  %3:ptr<storage_read_write, f32> = access %2, %i.1\n"
    "  %4:f32 = load %3\n"
    "  %5:f32 = mul %4, %4\n"
    "  %6:f32 = add %5, %4\n"
    "  store %3, %6\n"
    "  return\n"
    "}\n"
    "entry @乘加入口 = compute @乘加 workgroup_size(256, 1, 1) (builtin(global_invocation_id))\n";

typedef struct Run {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    IrModule *module;
    PtxOptions options;
    PtxFailure failure;
    StrBuf out, table;
    char plugin[4096];
} Run;

/* build/test/test_ptx → build/libyusec-ptx.so */
static void plugin_path(char *out, size_t size) {
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    out[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    strncat(out, "/../libyusec-ptx.so", size - strlen(out) - 1);
}

static void run_init(Run *r, const char *yir) {
    arena_init(&r->arena);
    source_map_init(&r->sources, &r->arena);
    diag_init(&r->diag, &r->sources, NULL);
    SourceFile *file = source_add(&r->sources, "测.yir", yir, strlen(yir));
    r->module = ir_read(&r->diag, file);
    if (!r->module || !ir_verify(r->module, &r->diag)) fail_msg("%s", strbuf_cstr(&r->diag.text));
    ptx_options_init(&r->options);
    memset(&r->failure, 0, sizeof r->failure);
    plugin_path(r->plugin, sizeof r->plugin);
    r->options.plugin_path = r->plugin;
    strbuf_init(&r->out);
    strbuf_init(&r->table);
}

/* Without LLVM (-DYUSEC_WITH_LLVM=OFF) there is no plugin: those tests say 跳过. */
static void need_plugin(void) {
    char path[4096];
    plugin_path(path, sizeof path);
    if (access(path, R_OK) != 0) {
        printf("跳过：没有 %s\n", path);
        skip();
    }
}

static bool run_emit(Run *r) {
    return emit_with_lines(YUSEC_TARGET_PTX, r->module, &r->options, &r->out, &r->table, &r->failure, &r->diag);
}

static void run_free(Run *r) {
    ir_module_free(r->module);
    strbuf_free(&r->out);
    strbuf_free(&r->table);
    diag_free(&r->diag);
    arena_free(&r->arena);
}

static void expect_in(const char *text, const char *needle) {
    if (!strstr(text, needle)) fail_msg("expected \"%s\" in:\n%s", needle, text);
}

static void test_mangling_follows_the_seed(void **state) {
    (void)state;
    StrBuf b;
    strbuf_init(&b);
    ptx_mangle(&b, PTX_ENTRY_PREFIX, "加倍");
    assert_string_equal(strbuf_cstr(&b), "yy_e5_8a_a0_e5_80_8d");
    strbuf_clear(&b);
    ptx_mangle(&b, PTX_SHARED_PREFIX, "a_Z9-");
    assert_string_equal(strbuf_cstr(&b), "ysa_5fZ9_2d");  /* `_` is escaped too */
    strbuf_clear(&b);
    ptx_mangle(&b, "yy", "");
    assert_string_equal(strbuf_cstr(&b), "yy");
    strbuf_free(&b);
}

/* -lineinfo's .file paths: ptxas takes printable ASCII only and no escapes, so the rest, and
 * `%`, `"` and `\`, become %HH of each UTF-8 byte (docs/targets.md § Line information). */
static void test_path_encoding_is_printable_ascii(void **state) {
    (void)state;
    StrBuf b;
    strbuf_init(&b);
    ptx_encode_path(&b, "/src/加倍。着色器。豫");
    assert_string_equal(strbuf_cstr(&b), "/src/%E5%8A%A0%E5%80%8D%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB");
    strbuf_clear(&b);
    ptx_encode_path(&b, "a b/50%\\\"q\"\t.yir");
    assert_string_equal(strbuf_cstr(&b), "a b/50%25%5C%22q%22%09.yir");
    strbuf_clear(&b);
    ptx_encode_path(&b, "");
    assert_string_equal(strbuf_cstr(&b), "");
    strbuf_free(&b);
}

static void expect_option_error(const char *arch, const char *version, int level, const char *message) {
    DiagEngine diag;
    diag_init(&diag, NULL, NULL);
    PtxOptions o;
    ptx_options_init(&o);
    o.arch = arch;
    o.ptx_version = version;
    o.opt_level = level;
    assert_false(ptx_check_options(&o, &diag));
    expect_in(strbuf_cstr(&diag.text), message);
    diag_free(&diag);
}

static void test_capability_table_gates_options(void **state) {
    (void)state;
    DiagEngine diag;
    diag_init(&diag, NULL, NULL);
    PtxOptions o;
    ptx_options_init(&o);
    assert_true(ptx_check_options(&o, &diag));
    assert_string_equal(ptx_cpu_name(&o), "sm_80");
    assert_string_equal(ptx_feature_string(&o), "+ptx80");
    o.arch = "sm_90a";
    o.ptx_version = "8.5";
    assert_true(ptx_check_options(&o, &diag));
    assert_string_equal(ptx_feature_string(&o), "+ptx85");
    diag_free(&diag);
    expect_option_error("sm_75", "8.0", 3, "不支持的千手架构「sm_75」");
    expect_option_error("sm_80", "9.0", 3, "不支持的 PTX 版本「9.0」");
    expect_option_error("sm_80", "8.0", 4, "优化级别须是 0 至 3");
    expect_option_error("", "8", 3, "不支持的千手架构「」");
}

static void test_missing_plugin_is_a_clear_diagnostic(void **state) {
    (void)state;
    Run r;
    run_init(&r, SEED_IR);
    r.options.plugin_path = "/nonexistent/libyusec-ptx.so";
    assert_false(run_emit(&r));
    expect_in(strbuf_cstr(&r.diag.text), "此 yusec 构建没有 PTX 目标（缺少 libyusec-ptx.so；需要 LLVM 19）");
    expect_in(strbuf_cstr(&r.diag.text), "/nonexistent/libyusec-ptx.so");
    assert_true(r.failure.set);
    assert_string_equal(r.failure.reason, "this yusec has no PTX target (libyusec-ptx.so not found; it needs LLVM 19)");
    run_free(&r);
}

static void test_foreign_library_is_not_a_plugin(void **state) {
    (void)state;
    Run r;
    run_init(&r, SEED_IR);
    r.options.plugin_path = "libm.so.6";
    assert_false(run_emit(&r));
    expect_in(strbuf_cstr(&r.diag.text), "插件里没有入口 yusec_ptx_plugin_v1");
    assert_string_equal(r.failure.reason, "libyusec-ptx.so is not the PTX plugin of this yusec build");
    run_free(&r);
}

/* libLLVM, or the plugin that carries LLVM's static components. */
static bool llvm_loaded(void) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return false;
    char line[4096];
    bool found = false;
    while (fgets(line, sizeof line, f))
        if (strstr(line, "libLLVM") || strstr(line, "libyusec-ptx")) found = true;
    fclose(f);
    return found;
}

static void test_seed_example_ptx(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, SEED_IR);
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    const char *ptx = strbuf_cstr(&r.out);
    expect_in(ptx, ".version 8.0\n");
    expect_in(ptx, ".target sm_80\n");
    expect_in(ptx, ".address_size 64\n");
    expect_in(ptx, ".visible .entry yy_e5_8a_a0_e5_80_8d(");
    expect_in(ptx, ".reqntid 4, 1, 1\n");
    expect_in(ptx, "(\n\t.param .u64 p_g0_b0\n)");  /* 着十: p_g<组号>_b<绑定号> */
    expect_in(ptx, "\tld.param.u64 \t%rd1, [p_g0_b0];\n\tcvta.to.global.u64 \t%rd2, %rd1;\n");
    assert_null(strstr(ptx, "_param_"));
    for (const unsigned char *p = (const unsigned char *)ptx; *p; p++) assert_true(*p < 0x80);
    assert_string_equal(strbuf_cstr(&r.table), "加倍入口\t加倍\tcompute\tyy_e5_8a_a0_e5_80_8d\t4\n");
    run_free(&r);
}

static void test_llvm_is_loaded_only_for_ptx(void **state) {
    (void)state;
    /* This runs first: nothing linked into the test may pull libLLVM in at start-up. */
    assert_false(llvm_loaded());
}

static void test_arch_and_version_reach_llvm(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, SEED_IR);
    r.options.arch = "sm_90a";
    r.options.ptx_version = "8.5";
    r.options.opt_level = 0;
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    expect_in(strbuf_cstr(&r.out), ".version 8.5\n");
    expect_in(strbuf_cstr(&r.out), ".target sm_90a\n");
    assert_null(strstr(strbuf_cstr(&r.out), ".func"));  /* inlined even at -O0 */
    run_free(&r);
}

static void test_fma_contraction_switch(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, fma_yir);
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    expect_in(strbuf_cstr(&r.out), "fma.rn.f32");
    run_free(&r);
    run_init(&r, fma_yir);
    r.options.fma_contract = false;
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    assert_null(strstr(strbuf_cstr(&r.out), "fma.rn.f32"));
    expect_in(strbuf_cstr(&r.out), "mul.rn.f32");
    run_free(&r);
}

static void test_two_entries_of_one_function_collide(void **state) {
    (void)state;
    need_plugin();
    char text[2048];
    snprintf(text, sizeof text, "%sentry @又一入口 = compute @加倍 workgroup_size(8, 1, 1) "
             "(builtin(global_invocation_id))\n", SEED_IR);
    Run r;
    run_init(&r, text);
    assert_false(run_emit(&r));
    expect_in(strbuf_cstr(&r.diag.text), "两个计算入口用同一个函数「加倍」");
    assert_string_equal(r.failure.reason,
                        "two compute entries use one function: both would be named yy_e5_8a_a0_e5_80_8d");
    run_free(&r);
}

static void test_entry_name_mangles_the_wgsl_name(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, "fn @loop(%0:u32) {\n  return\n}\n"
                 "entry @e = compute @loop workgroup_size(2, 1, 1) (builtin(local_invocation_index))\n");
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    /* WGSL writes 豫_loop (a reserved word); PTX mangles that. */
    expect_in(strbuf_cstr(&r.out), ".visible .entry yy_e8_b1_ab_5floop(");
    assert_string_equal(strbuf_cstr(&r.table), "e\t豫_loop\tcompute\tyy_e8_b1_ab_5floop\t2\n");
    run_free(&r);
}

/* Two kernels, one reading binding 0 and writing binding 2 (binding 1 a placeholder), one
 * writing binding 2 only (placeholders 0 and 1). */
static const char two_kernels_yir[] =
    "var<storage_read> @入: array<u32> @group(0) @binding(0)\n"
    "var<storage_read_write> @出: array<u32> @group(0) @binding(2)\n"
    "fn @搬(%号.0:vec3<u32>) {\n"
    "  %i.1:u32 = extract %号.0, 0\n"
    "  %2:ptr<storage_read, array<u32>> = global @入\n"
    "  %3:ptr<storage_read, u32> = access %2, %i.1\n"
    "  %4:u32 = load %3\n"
    "  %5:ptr<storage_read_write, array<u32>> = global @出\n"
    "  %6:ptr<storage_read_write, u32> = access %5, %i.1\n"
    "  store %6, %4\n"
    "  return\n"
    "}\n"
    "fn @清(%号.0:vec3<u32>) {\n"
    "  %i.1:u32 = extract %号.0, 0\n"
    "  %2:ptr<storage_read_write, array<u32>> = global @出\n"
    "  %3:ptr<storage_read_write, u32> = access %2, %i.1\n"
    "  %4:u32 = const 0u\n"
    "  store %3, %4\n"
    "  return\n"
    "}\n"
    "entry @搬入口 = compute @搬 workgroup_size(32, 1, 1) (builtin(global_invocation_id))\n"
    "entry @清入口 = compute @清 workgroup_size(32, 1, 1) (builtin(global_invocation_id))\n";

/* The text of `.visible .entry kernel(` up to the next entry (or the end). */
static const char *kernel_text(const char *ptx, const char *kernel, StrBuf *out) {
    char head[128];
    snprintf(head, sizeof head, ".visible .entry %s(", kernel);
    const char *start = strstr(ptx, head);
    if (!start) fail_msg("no %s in:\n%s", head, ptx);
    const char *end = strstr(start + 1, ".visible .entry");
    strbuf_clear(out);
    strbuf_append(out, start, end ? (size_t)(end - start) : strlen(start));
    return strbuf_cstr(out);
}

/* `ld.param.u64 %rdN, [param];` followed (somewhere) by `cvta.to.global.u64 %rdM, %rdN;`. */
static void expect_param_converted(const char *kernel, const char *param) {
    char load[64];
    snprintf(load, sizeof load, ", [%s];", param);
    const char *hit = strstr(kernel, load);
    if (!hit) fail_msg("no ld.param of %s in:\n%s", param, kernel);
    const char *reg = hit;
    while (reg > kernel && reg[-1] != '%') reg--;
    char cvta[64];
    snprintf(cvta, sizeof cvta, ", %%%.*s;", (int)(hit - reg), reg);
    static const char CVTA[] = "\tcvta.to.global.u64 \t";
    const char *conv = strstr(hit, cvta);
    if (!conv) fail_msg("no use of the register loaded from %s in:\n%s", param, kernel);
    const char *line = conv;
    while (line > kernel && line[-1] != '\n') line--;
    if (strncmp(line, CVTA, strlen(CVTA)) != 0)
        fail_msg("%s is not converted by cvta in:\n%s", param, kernel);
}

static void test_params_are_named_by_binding(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, two_kernels_yir);
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    const char *ptx = strbuf_cstr(&r.out);
    assert_null(strstr(ptx, "_param_"));
    StrBuf k;
    strbuf_init(&k);
    const char *move = kernel_text(ptx, "yy_e6_90_ac", &k);
    expect_in(move, "(\n\t.param .u64 p_g0_b0,\n\t.param .u64 p_g0_b1,\n\t.param .u64 p_g0_b2\n)");
    expect_param_converted(move, "p_g0_b0");
    expect_param_converted(move, "p_g0_b2");
    assert_null(strstr(move, "[p_g0_b1]"));         /* the placeholder is never loaded */
    expect_in(move, "ld.global.nc.u32");            /* read-only buffer: the non-coherent path */
    const char *clear = kernel_text(ptx, "yy_e6_b8_85", &k);
    expect_in(clear, "(\n\t.param .u64 p_g0_b0,\n\t.param .u64 p_g0_b1,\n\t.param .u64 p_g0_b2\n)");
    expect_param_converted(clear, "p_g0_b2");
    assert_null(strstr(clear, "ld.global.nc"));
    strbuf_free(&k);
    run_free(&r);
}

/* Element addresses keep their scale in the GEP (types.c ptx_element_gep), so a constant part
 * of an index reaches the address as an immediate: the A fragment at start + 16 is loaded from
 * the same register as the one at start, 32 bytes on ([%rdN+32]), instead of an add and a
 * zero-extension of its own (a byte offset multiplied first became a shift that LLVM's
 * SeparateConstOffsetFromGEP cannot look through). */
static const char offset_yir[] =
    "var<storage_read> @参: array<u32> @group(0) @binding(0)\n"
    "var<storage_read_write> @出: array<f32> @group(0) @binding(1)\n"
    "var<workgroup> @块: array<f16, 4608>\n"
    "fn @片(%序.0:u32) {\n"
    "  %1:ptr<storage_read, array<u32>> = global @参\n"
    "  %2:u32 = const 0u\n"
    "  %3:ptr<storage_read, u32> = access %1, %2\n"
    "  %4:u32 = load %3\n"
    "  %5:u32 = const 255u\n"
    "  %6:u32 = bit_and %4, %5\n"
    "  %7:u32 = const 16u\n"
    "  %起.8:u32 = mul %6, %7\n"
    "  %9:ptr<workgroup, array<f16, 4608>> = global @块\n"
    "  %10:u32 = const 24u\n"
    "  %甲.11:frag_a_f16 = frag_load %9, %起.8, %10\n"
    "  %12:u32 = add %起.8, %7\n"
    "  %甲二.13:frag_a_f16 = frag_load %9, %12, %10\n"
    "  %乙.14:frag_b_f16 = frag_load %9, %起.8, %10\n"
    "  %15:frag_acc_f32 = frag_zero\n"
    "  %16:frag_acc_f32 = frag_mma %甲.11, %乙.14, %15\n"
    "  %17:frag_acc_f32 = frag_mma %甲二.13, %乙.14, %16\n"
    "  %18:ptr<storage_read_write, array<f32>> = global @出\n"
    "  frag_store %18, %2, %7, %17\n"
    "  return\n"
    "}\n"
    "entry @片入口 = compute @片 workgroup_size(32, 1, 1) (builtin(local_invocation_index))\n";

static void test_constant_index_parts_become_address_offsets(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, offset_yir);
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    const char *ptx = strbuf_cstr(&r.out);
    const char *second = strstr(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
    if (second) second = strstr(second + 1, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
    if (!second) fail_msg("two ldmatrix expected in:\n%s", ptx);
    const char *end = strchr(second, '\n');
    const char *offset = strstr(second, "+32];");
    if (!end || !offset || offset > end) fail_msg("the second ldmatrix should address [%%rdN+32]:\n%s", ptx);
    run_free(&r);
}

/* A counted loop summing one row: 甲[row·n + k] (WALK "row"), one column: 甲[k·n + row]
 * ("column"), or the row with a workgroup barrier in the loop ("barrier"). */
static char *counted_loop_yir(const char *walk) {
    bool column = strcmp(walk, "column") == 0, barrier = strcmp(walk, "barrier") == 0;
    StrBuf y;
    strbuf_init(&y);
    strbuf_printf(&y,
        "var<storage_read> @甲: array<f32> @group(0) @binding(0)\n"
        "var<storage_read_write> @乙: array<f32> @group(0) @binding(1)\n"
        "fn @行和(%%号.0:vec3<u32>) {\n"
        "  %%row.1:u32 = extract %%号.0, 0\n"
        "  %%2:u32 = const 1u\n"
        "  %%3:ptr<storage_read, array<f32>> = global @甲\n"
        "  %%4:ptr<storage_read, f32> = access %%3, %%2\n"
        "  %%5:f32 = load %%4\n"
        "  %%n.6:u32 = bitcast %%5\n"
        "  %%7:f32 = const 0.0f\n"
        "  %%8:f32 = loop (%%k.9:u32 = %%row.1, %%sum.10:f32 = %%7) {\n"
        "    %%11:bool = lt %%k.9, %%n.6\n"
        "    if %%11 {\n"
        "      %%12:u32 = const 1u\n"
        "      %%13:u32 = add %%k.9, %%12\n"
        "      %%14:u32 = mul %s, %%n.6\n"
        "      %%15:u32 = add %%14, %s\n"
        "      %%16:ptr<storage_read, array<f32>> = global @甲\n"
        "      %%17:ptr<storage_read, f32> = access %%16, %%15\n"
        "      %%18:f32 = load %%17\n"
        "      %%19:f32 = add %%sum.10, %%18\n"
        "%s"
        "      continue %%13, %%19\n"
        "    } else {\n"
        "      break %%sum.10\n"
        "    }\n"
        "    unreachable\n"
        "  }\n"
        "  %%20:ptr<storage_read_write, array<f32>> = global @乙\n"
        "  %%21:ptr<storage_read_write, f32> = access %%20, %%row.1\n"
        "  store %%21, %%8\n"
        "  return\n"
        "}\n"
        "entry @行和入口 = compute @行和 workgroup_size(64, 1, 1) (builtin(global_invocation_id))\n",
        column ? "%k.9" : "%row.1", column ? "%row.1" : "%k.9", barrier ? "      workgroup_barrier\n" : "");
    char *text = strdup(strbuf_cstr(&y));
    strbuf_free(&y);
    return text;
}

static void emit_counted_loop(const char *walk, int opt_level, StrBuf *ptx) {
    char *yir = counted_loop_yir(walk);
    Run r;
    run_init(&r, yir);
    r.options.opt_level = opt_level;
    r.options.arch = "sm_90";
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    strbuf_puts(ptx, strbuf_cstr(&r.out));
    run_free(&r);
    free(yir);
}

/* Wrap-free indices (ir/wide_index.h, targets/ptx/wide.c): a row walk gets a 64-bit copy
 * behind one test that (row·n + k) stays below 2^32 — its loads off one pointer with
 * immediate offsets — and the u32 loop as written otherwise; a column walk (runtime stride), a
 * loop with a barrier (invocations could take different copies) and -O0 get no copy. */
static void test_counted_row_walk_gets_a_wrap_free_copy(void **state) {
    (void)state;
    need_plugin();
    StrBuf ptx;
    strbuf_init(&ptx);
    emit_counted_loop("row", 3, &ptx);
    expect_in(strbuf_cstr(&ptx), "setp.lt.u64");
    expect_in(strbuf_cstr(&ptx), "4294967296;");
    expect_in(strbuf_cstr(&ptx), "+4];");           /* the 64-bit copy: [%rd + 4·j] */
    expect_in(strbuf_cstr(&ptx), "mul.wide.u32");    /* the u32 copy: one IMAD.WIDE per load */
    const char *copies[] = {"column", "barrier"};
    for (size_t i = 0; i < 2; i++) {
        strbuf_clear(&ptx);
        emit_counted_loop(copies[i], 3, &ptx);
        if (strstr(strbuf_cstr(&ptx), "4294967296")) fail_msg("%s walk: no wrap test expected:\n%s", copies[i], strbuf_cstr(&ptx));
    }
    strbuf_clear(&ptx);
    emit_counted_loop("row", 0, &ptx);
    if (strstr(strbuf_cstr(&ptx), "4294967296")) fail_msg("-O0: no wrap test expected:\n%s", strbuf_cstr(&ptx));
    strbuf_free(&ptx);
}

/* .reqntid fixes the block size: ntid is a constant and tid is 0 on an axis of size 1, so the
 * flattened local index of a (64, 1, 1) workgroup is just %tid.x. */
static void test_exact_workgroup_size_folds_ntid(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, "var<storage_read_write> @数: array<u32> @group(0) @binding(0)\n"
                 "fn @序(%i.0:u32, %g.1:vec3<u32>) {\n"
                 "  %2:u32 = extract %g.1, 0\n"
                 "  %3:ptr<storage_read_write, array<u32>> = global @数\n"
                 "  %4:ptr<storage_read_write, u32> = access %3, %2\n"
                 "  store %4, %i.0\n"
                 "  return\n"
                 "}\n"
                 "entry @序入口 = compute @序 workgroup_size(64, 1, 1) "
                 "(builtin(local_invocation_index), builtin(global_invocation_id))\n");
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    const char *ptx = strbuf_cstr(&r.out);
    if (strstr(ptx, "%ntid") || strstr(ptx, "%tid.y") || strstr(ptx, "%tid.z"))
        fail_msg("a (64, 1, 1) kernel should read neither %%ntid nor %%tid.y/z:\n%s", ptx);
    expect_in(ptx, "shl.b32");  /* ctaid·64 */
    run_free(&r);
}

/* A 3-D workgroup (4, 2, 3): .reqntid 4, 2, 3; the flattened local index reads tid.x, tid.y and
 * tid.z with ntid folded to the constants 4 and 2 (no %ntid read). */
static void test_3d_workgroup_reqntid_and_index(void **state) {
    (void)state;
    need_plugin();
    Run r;
    run_init(&r, "var<storage_read_write> @数: array<u32> @group(0) @binding(0)\n"
                 "fn @序(%i.0:u32, %l.1:vec3<u32>) {\n"
                 "  %2:u32 = extract %l.1, 2\n"
                 "  %3:ptr<storage_read_write, array<u32>> = global @数\n"
                 "  %4:ptr<storage_read_write, u32> = access %3, %i.0\n"
                 "  store %4, %2\n"
                 "  return\n"
                 "}\n"
                 "entry @序入口 = compute @序 workgroup_size(4, 2, 3) "
                 "(builtin(local_invocation_index), builtin(local_invocation_id))\n");
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    const char *ptx = strbuf_cstr(&r.out);
    expect_in(ptx, ".reqntid 4, 2, 3");
    expect_in(ptx, "%tid.x");
    expect_in(ptx, "%tid.y");
    expect_in(ptx, "%tid.z");
    if (strstr(ptx, "%ntid")) fail_msg("a (4, 2, 3) kernel should not read %%ntid:\n%s", ptx);
    run_free(&r);
}

/* 着十: a failed translation says why in ASCII too (the first error only), for the generated
 * module's comment; the diagnostic stays Chinese. */
static void test_failure_reason_is_ascii(void **state) {
    (void)state;
    need_plugin();
    Run r;
    /* 数组长度 goes through the lengths buffer (ir/abi.h), which names buffers, not pointers:
     * a pointer parameter (not inlined here, no passes run) is an error. */
    run_init(&r, "var<storage_read_write> @数: array<u32> @group(0) @binding(0)\n"
                 "fn @量(%p.0:ptr<storage_read_write, array<u32>>) -> u32 {\n"
                 "  %1:u32 = array_length %p.0\n"
                 "  return %1\n"
                 "}\n"
                 "fn @长(%号.0:vec3<u32>) {\n"
                 "  %1:ptr<storage_read_write, array<u32>> = global @数\n"
                 "  %2:u32 = call @量(%1)\n"
                 "  %3:u32 = const 0u\n"
                 "  %4:ptr<storage_read_write, u32> = access %1, %3\n"
                 "  store %4, %2\n"
                 "  return\n"
                 "}\n"
                 "entry @长入口 = compute @长 workgroup_size(1, 1, 1) (builtin(global_invocation_id))\n");
    assert_false(run_emit(&r));
    expect_in(strbuf_cstr(&r.diag.text), "「数组长度」的实参须直接是存储缓冲");
    assert_true(r.failure.set);
    assert_string_equal(r.failure.reason, "array_length of something other than a storage buffer");
    run_free(&r);
    run_init(&r, SEED_IR);
    r.options.arch = "sm_99";
    assert_false(run_emit(&r));
    assert_string_equal(r.failure.reason, "PTX options rejected (-arch=sm_99 -ptx-version=8.0 -O3)");
    run_free(&r);
    run_init(&r, "fn @大(%0:u32) {\n  return\n}\n"
                 "entry @大入口 = compute @大 workgroup_size(2048, 1, 1) (builtin(local_invocation_index))\n");
    assert_false(run_emit(&r));
    expect_in(r.failure.reason, "a limit of the PTX target is exceeded");
    run_free(&r);
    PtxFailure f = {0};
    ptx_failure_set(&f, "%s", "名 \x01 x");
    ptx_failure_set(&f, "second");  /* the first reason stays */
    assert_string_equal(f.reason, "??? ? x");
}

/* A run of 张量片异步乘加 (ir/tensor_run.h) is one wgmma m64n(64·count)k16 a K step over the
 * run's accumulators; anything else stays m64n64k16. Waits in a row for one count are one. */
static unsigned count_of(const char *text, const char *needle) {
    unsigned n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static void expect_wgmma(const char *yir, unsigned n64, unsigned n128, unsigned n256, unsigned waits) {
    Run r;
    run_init(&r, yir);
    r.options.arch = "sm_90a";
    if (!run_emit(&r)) fail_msg("%s", strbuf_cstr(&r.diag.text));
    const char *ptx = strbuf_cstr(&r.out);
    assert_int_equal(count_of(ptx, "wgmma.mma_async.sync.aligned.m64n64k16."), n64);
    assert_int_equal(count_of(ptx, "wgmma.mma_async.sync.aligned.m64n128k16."), n128);
    assert_int_equal(count_of(ptx, "wgmma.mma_async.sync.aligned.m64n256k16."), n256);
    assert_int_equal(count_of(ptx, "wgmma.wait_group.sync.aligned"), waits);
    run_free(&r);
}

static void test_async_mma_run_is_one_wide_wgmma(void **state) {
    (void)state;
    need_plugin();
    Yir y;
    Member four[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, NULL, false, 0, NULL}, {0, 8192, 0, NULL, false, 0, NULL}, {0, 12288, 0, NULL, false, 0, NULL}};
    expect_wgmma(build(&y, four, 4), 0, 0, 4, 1);  /* the four waits for 0 pending: one */
    Member two_runs[] = {{0, 0, 0, NULL, false, 1, NULL}, {0, 4096, 0, NULL, false, 1, NULL},
                         {0, 0, 0, "workgroup_barrier", false, 0, NULL}, {0, 4096, 0, NULL, false, 0, NULL}};
    expect_wgmma(build(&y, two_runs, 4), 0, 8, 0, 2);
    Member apart[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 8192, 0, NULL, false, 0, "workgroup_barrier"}};
    expect_wgmma(build(&y, apart, 2), 8, 0, 0, 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_llvm_is_loaded_only_for_ptx),
        cmocka_unit_test(test_mangling_follows_the_seed),
        cmocka_unit_test(test_path_encoding_is_printable_ascii),
        cmocka_unit_test(test_capability_table_gates_options),
        cmocka_unit_test(test_missing_plugin_is_a_clear_diagnostic),
        cmocka_unit_test(test_foreign_library_is_not_a_plugin),
        cmocka_unit_test(test_seed_example_ptx),
        cmocka_unit_test(test_arch_and_version_reach_llvm),
        cmocka_unit_test(test_fma_contraction_switch),
        cmocka_unit_test(test_two_entries_of_one_function_collide),
        cmocka_unit_test(test_entry_name_mangles_the_wgsl_name),
        cmocka_unit_test(test_params_are_named_by_binding),
        cmocka_unit_test(test_failure_reason_is_ascii),
        cmocka_unit_test(test_constant_index_parts_become_address_offsets),
        cmocka_unit_test(test_counted_row_walk_gets_a_wrap_free_copy),
        cmocka_unit_test(test_exact_workgroup_size_folds_ntid),
        cmocka_unit_test(test_3d_workgroup_reqntid_and_index),
        cmocka_unit_test(test_async_mma_run_is_one_wide_wgmma),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
