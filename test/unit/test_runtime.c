/* The runtime's host-side logic: buffer, grid and flag parsing, result formatting, the
 * parameter plan (着十's (group, binding) order with the dense group-0 rule), reading an
 * entry back from PTX text, and the plan agreeing with every PTX golden in test/ptx. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/diag.h"
#include "base/source.h"
#include "ir/ir.h"
#include "lib/entries.h"
#include "runtime/buffers.h"
#include "runtime/plan.h"
#include "driver/run_args.h"
#include "lib/run_inputs.h"

#ifndef YUSEC_TEST_PTX_DIR
#define YUSEC_TEST_PTX_DIR "test/ptx"
#endif

/* ---- buffers ---- */

static uint32_t word_at(const void *data, size_t i) {
    uint32_t w;
    memcpy(&w, (const char *)data + 4 * i, 4);
    return w;
}

static void test_values_list_and_repeat(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    void *data;
    size_t bytes;
    assert_true(rt_parse_values(&arena, RT_SCALAR_U32, "1,2,3*7,0x10", &data, &bytes, &error));
    assert_int_equal(bytes, 6 * 4);
    uint32_t want[] = {1, 2, 7, 7, 7, 16};
    for (size_t i = 0; i < 6; i++) assert_int_equal(word_at(data, i), want[i]);
    assert_true(rt_parse_values(&arena, RT_SCALAR_I32, "-5,2147483647,-2147483648,010", &data, &bytes, &error));
    assert_int_equal((int32_t)word_at(data, 0), -5);
    assert_int_equal((int32_t)word_at(data, 2), INT32_MIN);
    assert_int_equal((int32_t)word_at(data, 3), 10);  /* decimal, not octal */
    assert_true(rt_parse_values(&arena, RT_SCALAR_F32, "0.5,-2,1e3,1024*0", &data, &bytes, &error));
    assert_int_equal(bytes, 1027 * 4);
    float f;
    uint32_t w = word_at(data, 0);
    memcpy(&f, &w, 4);
    assert_true(f == 0.5f);
    strbuf_free(&error);
    arena_free(&arena);
}

static void expect_bad_values(RtScalar type, const char *text, const char *phrase) {
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    void *data;
    size_t bytes;
    assert_false(rt_parse_values(&arena, type, text, &data, &bytes, &error));
    if (!strstr(strbuf_cstr(&error), phrase)) fail_msg("'%s': %s", text, strbuf_cstr(&error));
    strbuf_free(&error);
    arena_free(&arena);
}

static void test_values_rejected(void **state) {
    (void)state;
    expect_bad_values(RT_SCALAR_U32, "-1", "不是 u32 值");
    expect_bad_values(RT_SCALAR_U32, "4294967296", "不是 u32 值");
    expect_bad_values(RT_SCALAR_I32, "2147483648", "不是 i32 值");
    expect_bad_values(RT_SCALAR_F32, "1.5x", "不是 f32 值");
    expect_bad_values(RT_SCALAR_F32, "1e99", "不是 f32 值");
    expect_bad_values(RT_SCALAR_U32, "1,,2", "不是 u32 值");
    expect_bad_values(RT_SCALAR_U32, "x*3", "不是 u32 值");
    expect_bad_values(RT_SCALAR_U32, "0*3", "空的");
    expect_bad_values(RT_SCALAR_U32, "268435456*1,1", "值太多");
    expect_bad_values(RT_SCALAR_U32, "@/不存在/文件", "无法打开文件");
}

static void test_values_from_file(void **state) {
    (void)state;
    char path[] = "/tmp/yusec_rt_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    uint32_t words[3] = {7, 8, 0xffffffffu};
    fwrite(words, 4, 3, f);
    fclose(f);
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    void *data;
    size_t bytes;
    char at[64];
    snprintf(at, sizeof at, "@%s", path);
    assert_true(rt_parse_values(&arena, RT_SCALAR_U32, at, &data, &bytes, &error));
    assert_int_equal(bytes, 12);
    assert_int_equal(word_at(data, 2), 0xffffffffu);
    /* a path that is not a value list is a file too */
    assert_true(rt_parse_values(&arena, RT_SCALAR_U32, path, &data, &bytes, &error));
    assert_int_equal(word_at(data, 1), 8);
    f = fopen(path, "wb");
    fwrite(words, 1, 5, f);
    fclose(f);
    assert_false(rt_parse_values(&arena, RT_SCALAR_U32, at, &data, &bytes, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "4 的正整数倍"));
    remove(path);
    strbuf_free(&error);
    arena_free(&arena);
}

static void test_buffer_spec(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    RtBufferSpec spec;
    assert_true(rt_parse_buffer_spec(&arena, "1:12=f32:1.5,2", &spec, &error));
    assert_int_equal(spec.group, 1);
    assert_int_equal(spec.binding, 12);
    assert_int_equal(spec.type, RT_SCALAR_F32);
    assert_int_equal(spec.bytes, 8);
    static const char *const bad[] = {"0=u32:1", "0:1:u32:1", "0:1=u64:1", "0:1=u32", "a:1=u32:1", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        strbuf_clear(&error);
        assert_false(rt_parse_buffer_spec(&arena, bad[i], &spec, &error));
        assert_true(error.len > 0);
    }
    strbuf_clear(&error);
    assert_false(rt_parse_buffer_spec(&arena, "0:3=i32:1,z", &spec, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "缓冲 0:3："));
    strbuf_free(&error);
    arena_free(&arena);
}

static void test_grid(void **state) {
    (void)state;
    StrBuf error;
    strbuf_init(&error);
    uint32_t g[3];
    assert_true(rt_parse_grid("8", g, &error));
    assert_true(g[0] == 8 && g[1] == 1 && g[2] == 1);
    assert_true(rt_parse_grid("2,3,4", g, &error));
    assert_true(g[0] == 2 && g[1] == 3 && g[2] == 4);
    static const char *const bad[] = {"", "0", "1,0", "1,2,3,4", "1,", "x", "-1", "99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) assert_false(rt_parse_grid(bad[i], g, &error));
    strbuf_free(&error);
}

static void test_format(void **state) {
    (void)state;
    StrBuf out;
    strbuf_init(&out);
    float fs[] = {192.0f, 0.1f, -0.5f, 1e-7f, 16777217.0f};
    rt_format_values(&out, RT_SCALAR_F32, fs, sizeof fs);
    assert_string_equal(strbuf_cstr(&out), "192, 0.1, -0.5, 1e-07, 16777216");
    strbuf_clear(&out);
    int32_t is[] = {-3, 7};
    rt_format_values(&out, RT_SCALAR_I32, is, sizeof is);
    assert_string_equal(strbuf_cstr(&out), "-3, 7");
    strbuf_clear(&out);
    uint32_t us[] = {4294967295u};
    rt_format_values(&out, RT_SCALAR_U32, us, 6);  /* partial trailing word ignored */
    assert_string_equal(strbuf_cstr(&out), "4294967295");
    strbuf_free(&out);
}

/* ---- run's flags ---- */

static void test_run_args(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    char *argv[] = {"yusec", "run", "-arch=sm_90", "加倍。着色器。豫", "--entry", "加倍入口",
                    "--grid=4,2", "--buffer", "0:0=u32:1,2", "--buffer=0:1=f32:3*0.5",
                    "--out", "0:1=/tmp/x", "--dry-run", "-O2", "--device=1", NULL};
    int argc = 15;
    assert_true(run_args_is_run(argc, argv));
    RunArgs args;
    assert_true(run_args_extract(&arena, &argc, argv, &args, &error));
    assert_int_equal(argc, 5);
    assert_string_equal(argv[1], "run");
    assert_string_equal(argv[2], "-arch=sm_90");
    assert_string_equal(argv[3], "加倍。着色器。豫");
    assert_string_equal(argv[4], "-O2");
    assert_null(argv[5]);
    assert_string_equal(args.entry, "加倍入口");
    assert_true(args.grid[0] == 4 && args.grid[1] == 2 && args.grid[2] == 1);
    assert_int_equal(args.inputs->buffer_count, 2);
    assert_int_equal(args.inputs->buffers[1].binding, 1);
    assert_int_equal(args.inputs->buffers[1].bytes, 12);
    assert_int_equal(args.out_count, 1);
    assert_string_equal(args.outs[0].path, "/tmp/x");
    assert_true(args.dry_run);
    assert_int_equal(args.device, 1);
    strbuf_free(&error);
    arena_free(&arena);
}

/* The whole run line in one call (driver/run_args.c): run's flags and the ordinary options
 * together, and the checks between them. */
static RunArgsStatus parse_run_line(int argc, char **argv, RunArgs *args, Options *options, StrBuf *err_text) {
    Arena arena;
    arena_init(&arena);
    char *text = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&text, &len);
    RunArgsStatus status = run_args_parse(&arena, argc, argv, args, options, err);
    fclose(err);
    strbuf_puts(err_text, text ? text : "");
    free(text);
    arena_free(&arena);
    return status;
}

static void test_run_line_parsed_in_one_place(void **state) {
    (void)state;
    StrBuf err;
    strbuf_init(&err);
    RunArgs args;
    Options options;
    char *ok[] = {"yusec", "run", "-v", "f.yir", "--device=cpu", "--subgroup-size=8", "-O2", NULL};
    assert_int_equal(parse_run_line(7, ok, &args, &options, &err), RUN_ARGS_OK);
    assert_string_equal(options.input, "f.yir");
    assert_int_equal(options.opt_level, 2);
    assert_int_equal(args.subgroup_size, 8);
    assert_true(args.verbose);  /* -v, an ordinary option, implies run's --verbose */
    char *with_output[] = {"yusec", "run", "f.yir", "-o", "x", NULL};
    assert_int_equal(parse_run_line(5, with_output, &args, &options, &err), RUN_ARGS_USAGE);
    assert_non_null(strstr(strbuf_cstr(&err), "run 不用 -o"));
    char *gpu_steps[] = {"yusec", "run", "f.yir", "--max-steps=5", NULL};
    assert_int_equal(parse_run_line(4, gpu_steps, &args, &options, &err), RUN_ARGS_USAGE);
    assert_non_null(strstr(strbuf_cstr(&err), "--max-steps 只用于 CPU"));
    char *help[] = {"yusec", "run", "--help", NULL};
    assert_int_equal(parse_run_line(3, help, &args, &options, &err), RUN_ARGS_HELP);
    strbuf_free(&err);
}

static void expect_bad_args(const char *a, const char *b, const char *phrase) {
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    char *argv[] = {"yusec", "run", "f.yir", (char *)a, (char *)b, NULL};
    int argc = b ? 5 : 4;
    RunArgs args;
    assert_false(run_args_extract(&arena, &argc, argv, &args, &error));
    if (!strstr(strbuf_cstr(&error), phrase)) fail_msg("%s: %s", a, strbuf_cstr(&error));
    strbuf_free(&error);
    arena_free(&arena);
}

static void test_run_args_rejected(void **state) {
    (void)state;
    expect_bad_args("--grid", NULL, "--grid 后面缺少参数");
    expect_bad_args("--grid", "0", "网格");
    expect_bad_args("--out", "0:1", "组:绑定=文件");
    expect_bad_args("--device", "x", "--device");
    expect_bad_args("--buffer", "0:0=q32:1", "u32、i32 或 f32");
    char *argv[] = {"yusec", "run", "--buffer", "0:0=u32:1", "--buffer", "0:0=u32:2", NULL};
    int argc = 6;
    Arena arena;
    arena_init(&arena);
    StrBuf error;
    strbuf_init(&error);
    RunArgs args;
    assert_false(run_args_extract(&arena, &argc, argv, &args, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "缓冲 0:0 给了两次"));
    strbuf_free(&error);
    arena_free(&arena);
    char *other[] = {"yusec", "-emit-ptx", "f.yir", NULL};
    assert_false(run_args_is_run(3, other));
}

/* ---- the plan ---- */

typedef struct Yir {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    IrModule *module;
} Yir;

static void yir_open(Yir *y, const char *text) {
    arena_init(&y->arena);
    source_map_init(&y->sources, &y->arena);
    diag_init(&y->diag, &y->sources, stderr);
    const SourceFile *file = source_add(&y->sources, "t.yir", text, strlen(text));
    y->module = ir_read(&y->diag, file);
    assert_non_null(y->module);
    assert_true(ir_verify(y->module, &y->diag));
}

/* The entry's PTX name as the compiler's typed entry table gives it (the runtime takes it
 * from there and mangles nothing itself). */
static const char *kernel_of(Yir *y, const IrEntry *e) {
    LibEntryTable table;
    lib_entries_init(&table, &y->arena);
    lib_entries_build(&table, y->module);
    for (uint32_t i = 0; i < ir_entry_count(y->module); i++)
        if (ir_entry(y->module, i) == e) return table.rows[i].ptx_name;
    return NULL;
}

static void yir_close(Yir *y) {
    ir_module_free(y->module);
    diag_free(&y->diag);
    arena_free(&y->arena);
}

/* Two used group-0 buffers at bindings 0 and 2, one unused at 5, a uniform through a call. */
static const char dense_yir[] =
    "type $参 = struct { 倍: u32, 偏: u32 }\n"
    "var<storage_read> @入: array<u32> @group(0) @binding(2)\n"
    "var<storage_read_write> @出: array<vec4<f32>> @group(0) @binding(0)\n"
    "var<storage_read_write> @闲: array<u32> @group(0) @binding(5)\n"
    "var<uniform> @参数: $参 @group(0) @binding(3)\n"
    "fn @取倍() -> u32 {\n"
    "  %0:ptr<uniform, $参> = global @参数\n"
    "  %1:u32 = const 0u\n"
    "  %2:ptr<uniform, u32> = access %0, %1\n"
    "  %3:u32 = load %2\n"
    "  return %3\n"
    "}\n"
    "fn @算(%号.0:vec3<u32>) {\n"
    "  %i.1:u32 = extract %号.0, 0\n"
    "  %2:ptr<storage_read, array<u32>> = global @入\n"
    "  %3:ptr<storage_read, u32> = access %2, %i.1\n"
    "  %4:u32 = load %3\n"
    "  %5:u32 = call @取倍()\n"
    "  %6:u32 = mul %4, %5\n"
    "  %7:f32 = convert %6\n"
    "  %8:vec4<f32> = construct %7, %7, %7, %7\n"
    "  %9:ptr<storage_read_write, array<vec4<f32>>> = global @出\n"
    "  %10:ptr<storage_read_write, vec4<f32>> = access %9, %i.1\n"
    "  store %10, %8\n"
    "  return\n"
    "}\n"
    "entry @算入口 = compute @算 workgroup_size(64, 1, 1) (builtin(global_invocation_id))\n";

static void test_plan_dense_group0(void **state) {
    (void)state;
    Yir y;
    yir_open(&y, dense_yir);
    StrBuf error;
    strbuf_init(&error);
    const IrEntry *e = rt_find_entry(y.module, NULL, &error);  /* the only compute entry */
    assert_non_null(e);
    assert_non_null(rt_find_entry(y.module, "算", &error));  /* by function name too */
    RtPlan plan;
    assert_true(rt_plan_entry(&y.arena, y.module, e, kernel_of(&y, e), &plan, &error));
    assert_string_equal(plan.kernel, "yy_e7_ae_97");
    assert_true(plan.block[0] == 64 && plan.block[1] == 1 && plan.block[2] == 1);
    /* bindings 0..3: 出, placeholder 1, 入, 参数; the unused binding 5 takes no slot */
    assert_int_equal(plan.slot_count, 4);
    assert_string_equal(plan.slots[0].name, "出");
    assert_int_equal(plan.slots[0].stride, 16);
    assert_int_equal(plan.slots[0].min_bytes, 16);
    assert_int_equal(plan.slots[1].global, IR_NONE);
    assert_int_equal(plan.slots[1].binding, 1);
    assert_string_equal(plan.slots[1].param_name, "p_g0_b1");  /* 着十: placeholders too */
    assert_string_equal(plan.slots[0].param_name, "p_g0_b0");
    assert_string_equal(plan.slots[3].param_name, "p_g0_b3");
    assert_string_equal(plan.slots[2].name, "入");
    assert_string_equal(plan.slots[3].name, "参数");
    assert_int_equal(plan.slots[3].space, IR_SPACE_UNIFORM);
    assert_int_equal(plan.slots[3].min_bytes, 8);
    assert_int_equal(plan.slots[3].stride, 0);
    strbuf_free(&error);
    yir_close(&y);
}

static void test_plan_sorted_groups(void **state) {
    (void)state;
    Yir y;
    yir_open(&y,
             "var<storage_read> @甲: array<u32> @group(1) @binding(3)\n"
             "var<storage_read_write> @乙: array<u32> @group(0) @binding(7)\n"
             "var<uniform> @丙: vec4<u32> @group(1) @binding(0)\n"
             "fn @搬(%号.0:vec3<u32>) {\n"
             "  %i.1:u32 = extract %号.0, 0\n"
             "  %2:ptr<storage_read, array<u32>> = global @甲\n"
             "  %3:ptr<storage_read, u32> = access %2, %i.1\n"
             "  %4:u32 = load %3\n"
             "  %5:ptr<uniform, vec4<u32>> = global @丙\n"
             "  %6:ptr<storage_read_write, array<u32>> = global @乙\n"
             "  %7:ptr<storage_read_write, u32> = access %6, %i.1\n"
             "  store %7, %4\n"
             "  return\n"
             "}\n"
             "entry @搬入口 = compute @搬 workgroup_size(8, 2, 1) (builtin(global_invocation_id))\n");
    StrBuf error;
    strbuf_init(&error);
    const IrEntry *e = rt_find_entry(y.module, "搬入口", &error);
    RtPlan plan;
    assert_true(rt_plan_entry(&y.arena, y.module, e, kernel_of(&y, e), &plan, &error));
    assert_int_equal(plan.slot_count, 3);  /* no placeholders outside group 0 */
    assert_string_equal(plan.slots[0].name, "乙");
    assert_string_equal(plan.slots[1].name, "丙");
    assert_string_equal(plan.slots[2].name, "甲");
    assert_string_equal(plan.slots[0].param_name, "p_g0_b7");
    assert_string_equal(plan.slots[1].param_name, "p_g1_b0");
    assert_string_equal(plan.slots[2].param_name, "p_g1_b3");
    assert_true(plan.block[0] == 8 && plan.block[1] == 2);
    strbuf_free(&error);
    yir_close(&y);
}

static void test_find_entry_errors(void **state) {
    (void)state;
    Yir y;
    yir_open(&y, dense_yir);
    StrBuf error;
    strbuf_init(&error);
    assert_null(rt_find_entry(y.module, "没有", &error));
    assert_non_null(strstr(strbuf_cstr(&error), "没有名为「没有」的入口；计算入口有：「算入口」"));
    strbuf_free(&error);
    yir_close(&y);
}

/* ---- PTX scanning ---- */

static const char two_entries_ptx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry yy_ab(\n\t.param .u64 p_g0_b0,\n\t.param .u64 p_g0_b1\n)\n"
    ".reqntid 64, 1, 1\n{\n\tret;\n}\n"
    ".visible .entry yy_a()\n.maxntid 32, 1, 1\n{\n\tret;\n}\n"
    "// yy_c: vertex entry omitted\n";

static void test_ptx_scan(void **state) {
    (void)state;
    RtPtxEntry e;
    assert_true(rt_ptx_scan_entry(two_entries_ptx, "yy_ab", &e));
    assert_int_equal(e.param_count, 2);
    assert_true(e.has_reqntid);
    assert_true(e.reqntid[0] == 64 && e.reqntid[1] == 1 && e.reqntid[2] == 1);
    assert_true(rt_ptx_scan_entry(two_entries_ptx, "yy_a", &e));  /* not the prefix of yy_ab */
    assert_int_equal(e.param_count, 0);
    assert_false(e.has_reqntid);
    StrBuf name;
    strbuf_init(&name);
    assert_true(rt_ptx_scan_entry(two_entries_ptx, "yy_ab", &e));
    assert_true(rt_ptx_param_name(&e, 0, &name));
    assert_string_equal(strbuf_cstr(&name), "p_g0_b0");
    assert_true(rt_ptx_param_name(&e, 1, &name));
    assert_string_equal(strbuf_cstr(&name), "p_g0_b1");
    assert_false(rt_ptx_param_name(&e, 2, &name));
    strbuf_free(&name);
    assert_false(rt_ptx_scan_entry(two_entries_ptx, "yy_c", &e));
    assert_false(rt_ptx_scan_entry("", "yy_a", &e));
    assert_false(rt_ptx_scan_entry(".entry yy_a(", "yy_a", &e));  /* unterminated */
}

static void test_plan_check_ptx(void **state) {
    (void)state;
    RtSlot slots[2] = {{.param_name = "p_g0_b0"}, {.param_name = "p_g0_b1"}};
    IrEntry entry = {.name = "甲入口"};
    RtPlan plan = {&entry, "yy_ab", {64, 1, 1}, slots, 2, NULL, 0, 0, NULL, 0};
    StrBuf error;
    strbuf_init(&error);
    assert_true(rt_plan_check_ptx(&plan, two_entries_ptx, &error));
    strcpy(slots[1].param_name, "p_g1_b0");  /* the PTX expects another binding there */
    assert_false(rt_plan_check_ptx(&plan, two_entries_ptx, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "第 2 个参数是 p_g0_b1，按参数约定应是 p_g1_b0"));
    strcpy(slots[1].param_name, "p_g0_b1");
    strbuf_clear(&error);
    plan.slot_count = 3;
    assert_false(rt_plan_check_ptx(&plan, two_entries_ptx, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "有 2 个参数，按参数约定应有 3 个"));
    plan.slot_count = 2;
    plan.block[0] = 32;
    strbuf_clear(&error);
    assert_false(rt_plan_check_ptx(&plan, two_entries_ptx, &error));
    assert_non_null(strstr(strbuf_cstr(&error), ".reqntid 是 64, 1, 1"));
    plan.kernel = "yy_zz";
    strbuf_clear(&error);
    assert_false(rt_plan_check_ptx(&plan, two_entries_ptx, &error));
    assert_non_null(strstr(strbuf_cstr(&error), "PTX 里没有入口 yy_zz"));
    strbuf_free(&error);
}

/* Every compute entry of every test/ptx/NAME.yir with a NAME.ptx golden: the plan matches
 * the parameter count and names and .reqntid the PTX plugin emitted (the host contract,
 * both sides). */
static void check_golden(const char *dir, const char *stem) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.yir", dir, stem);
    Yir y;
    arena_init(&y.arena);
    source_map_init(&y.sources, &y.arena);
    diag_init(&y.diag, &y.sources, stderr);
    const char *why = NULL;
    const SourceFile *file = source_load(&y.sources, path, &why);
    assert_non_null(file);
    y.module = ir_read(&y.diag, file);
    assert_non_null(y.module);
    Arena text_arena;
    arena_init(&text_arena);
    snprintf(path, sizeof path, "%s/%s.ptx", dir, stem);
    const SourceFile *ptx = source_load(&y.sources, path, &why);
    assert_non_null(ptx);
    char *ptx_text = arena_strndup(&text_arena, ptx->text, ptx->len);
    StrBuf error;
    strbuf_init(&error);
    for (uint32_t i = 0; i < ir_entry_count(y.module); i++) {
        const IrEntry *e = ir_entry(y.module, i);
        if (e->stage != IR_STAGE_COMPUTE) continue;
        RtPlan plan;
        assert_true(rt_plan_entry(&y.arena, y.module, e, kernel_of(&y, e), &plan, &error));
        if (!rt_plan_check_ptx(&plan, ptx_text, &error)) fail_msg("%s: %s", stem, strbuf_cstr(&error));
    }
    strbuf_free(&error);
    arena_free(&text_arena);
    yir_close(&y);
}

static void test_plan_matches_ptx_goldens(void **state) {
    (void)state;
    DIR *dir = opendir(YUSEC_TEST_PTX_DIR);
    assert_non_null(dir);
    int checked = 0;
    for (struct dirent *d; (d = readdir(dir));) {
        size_t len = strlen(d->d_name);
        if (len < 5 || strcmp(d->d_name + len - 4, ".ptx") != 0) continue;
        char stem[512];
        snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), d->d_name);
        check_golden(YUSEC_TEST_PTX_DIR, stem);
        checked++;
    }
    closedir(dir);
    assert_true(checked >= 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_list_and_repeat),
        cmocka_unit_test(test_values_rejected),
        cmocka_unit_test(test_values_from_file),
        cmocka_unit_test(test_buffer_spec),
        cmocka_unit_test(test_grid),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_run_args),
        cmocka_unit_test(test_run_args_rejected),
        cmocka_unit_test(test_run_line_parsed_in_one_place),
        cmocka_unit_test(test_plan_dense_group0),
        cmocka_unit_test(test_plan_sorted_groups),
        cmocka_unit_test(test_find_entry_errors),
        cmocka_unit_test(test_ptx_scan),
        cmocka_unit_test(test_plan_check_ptx),
        cmocka_unit_test(test_plan_matches_ptx_goldens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
