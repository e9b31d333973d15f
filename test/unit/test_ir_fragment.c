/* Subgroup matrix fragments in YIR (着十二): the six types print and read back, the verifier
 * accepts every (op, memory, fragment) combination of the interface and rejects the others,
 * misaligned constant starts/strides, stores through read-only buffers and fragment globals;
 * fragments may be loop-carried, passed to functions and kept in function-space variables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ir/fragment.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/registry.h"

typedef struct Ctx {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    IrModule *m;
} Ctx;

static bool read_verify(Ctx *c, const char *text) {
    arena_init(&c->arena);
    source_map_init(&c->sources, &c->arena);
    diag_init(&c->diag, &c->sources, NULL);
    SourceFile *file = source_add(&c->sources, "片.yir", text, strlen(text));
    c->m = ir_read(&c->diag, file);
    if (!c->m) fail_msg("text did not read:\n%s", strbuf_cstr(&c->diag.text));
    return ir_verify(c->m, &c->diag);
}

static void ctx_free(Ctx *c) {
    if (c->m) ir_module_free(c->m);
    diag_free(&c->diag);
    arena_free(&c->arena);
}

/* Must verify and print back byte for byte. */
static void expect_round_trip(const char *text) {
    Ctx c;
    if (!read_verify(&c, text)) fail_msg("unexpected errors:\n%s", strbuf_cstr(&c.diag.text));
    StrBuf out;
    strbuf_init(&out);
    ir_print_module(&out, c.m);
    if (strcmp(strbuf_cstr(&out), text) != 0) fail_msg("printed:\n%s\nexpected:\n%s", strbuf_cstr(&out), text);
    strbuf_free(&out);
    ctx_free(&c);
}

static void expect_error(const char *text, const char *message) {
    Ctx c;
    if (read_verify(&c, text)) fail_msg("expected an error containing \"%s\" for:\n%s", message, text);
    const char *out = strbuf_cstr(&c.diag.text);
    if (!strstr(out, message)) fail_msg("expected \"%s\" in:\n%s", message, out);
    ctx_free(&c);
}

#define GLOBALS                                                                  \
    "var<storage_read> @半: array<u32> @group(0) @binding(0)\n"                  \
    "var<storage_read_write> @出: array<f32> @group(0) @binding(1)\n"            \
    "var<storage_read> @只读: array<f32> @group(0) @binding(2)\n"                \
    "var<workgroup> @甲乙: array<f16, 512>\n"                                    \
    "var<workgroup> @累: array<f32, 512>\n"                                      \
    "var<workgroup> @整: array<u32, 512>\n"                                      \
    "\n"

static void test_every_interface_combination_round_trips(void **state) {
    (void)state;
    expect_round_trip(GLOBALS
        "fn @f() {\n"
        "  %0:u32 = const 16u\n"
        "  %1:u32 = const 0u\n"
        "  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
        "  %3:frag_a_f16 = frag_load %2, %1, %0\n"
        "  %4:frag_b_f16 = frag_load %2, %0, %0\n"
        "  %5:frag_a_f16 = frag_load_rows8 %2, %1, %0\n"
        "  %6:ptr<storage_read, array<u32>> = global @半\n"
        "  %7:frag_a_f16 = frag_load %6, %1, %0\n"
        "  %8:frag_b_f16 = frag_load %6, %1, %0\n"
        "  %9:frag_b_f16 = frag_load_transposed %6, %1, %0\n"
        "  %10:ptr<workgroup, array<f32, 512>> = global @累\n"
        "  %11:frag_acc_f32 = frag_load %10, %1, %0\n"
        "  %12:frag_acc_f32 = frag_load_rows8 %10, %1, %0\n"
        "  %13:frag_acc_f32 = frag_zero\n"
        "  %14:frag_acc_f32 = frag_mma %3, %4, %13\n"
        "  frag_store %10, %1, %0, %14\n"
        "  frag_store_rows8 %10, %1, %0, %12\n"
        "  %15:ptr<storage_read_write, array<f32>> = global @出\n"
        "  frag_store %15, %1, %0, %11\n"
        "  %16:ptr<workgroup, array<u32, 512>> = global @整\n"
        "  %17:frag_a_s8 = frag_load %16, %1, %0\n"
        "  %18:frag_b_s8 = frag_load %16, %0, %0\n"
        "  %19:u32 = const 1262485504u\n"
        "  %20:frag_acc_s32 = frag_fill %19\n"
        "  %21:frag_acc_s32 = frag_mma %17, %18, %20\n"
        "  frag_store %16, %1, %0, %21\n"
        "  return\n"
        "}\n"
        "\n"
        "entry @e = compute @f workgroup_size(32, 1, 1) ()\n");
}

static void test_fragments_are_values(void **state) {
    (void)state;
    /* A parameter, a result, a loop-carried value and a function-space variable. */
    expect_round_trip(GLOBALS
        "fn @加(%0:frag_a_f16, %1:frag_b_f16, %2:frag_acc_f32) -> frag_acc_f32 {\n"
        "  %3:frag_acc_f32 = frag_mma %0, %1, %2\n"
        "  return %3\n"
        "}\n"
        "\n"
        "fn @f() {\n"
        "  %0:u32 = const 16u\n"
        "  %1:u32 = const 0u\n"
        "  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
        "  %3:frag_a_f16 = frag_load %2, %1, %0\n"
        "  %4:frag_b_f16 = frag_load %2, %0, %0\n"
        "  %5:frag_acc_f32 = frag_zero\n"
        "  %6:ptr<function, frag_acc_f32> = var %5\n"
        "  %7:frag_acc_f32 = loop (%8:u32 = %1, %9:frag_acc_f32 = %5) {\n"
        "    %10:bool = ge %8, %0\n"
        "    if %10 {\n"
        "      break %9\n"
        "    } else {\n"
        "      yield\n"
        "    }\n"
        "    %11:frag_acc_f32 = call @加(%3, %4, %9)\n"
        "    %12:u32 = const 1u\n"
        "    %13:u32 = add %8, %12\n"
        "    continue %13, %11\n"
        "  }\n"
        "  store %6, %7\n"
        "  %14:frag_acc_f32 = load %6\n"
        "  %15:ptr<workgroup, array<f32, 512>> = global @累\n"
        "  frag_store %15, %1, %0, %14\n"
        "  return\n"
        "}\n"
        "\n"
        "entry @e = compute @f workgroup_size(32, 1, 1) ()\n");
}

#define BODY(lines)                                            \
    GLOBALS "fn @f() {\n"                                      \
            "  %0:u32 = const 16u\n"                           \
            "  %1:u32 = const 0u\n" lines "  return\n"         \
            "}\n"

static void test_wrong_combinations_are_rejected(void **state) {
    (void)state;
    const char *why = "指令“frag_load”的操作数或结果类型不对";
    /* an accumulator from f16 memory, an A fragment from f32 memory */
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:frag_acc_f32 = frag_load %2, %1, %0\n"), why);
    expect_error(BODY("  %2:ptr<workgroup, array<f32, 512>> = global @累\n"
                      "  %3:frag_a_f16 = frag_load %2, %1, %0\n"), why);
    /* only B loads transposed; rows8 has no B */
    expect_error(BODY("  %2:ptr<storage_read, array<u32>> = global @半\n"
                      "  %3:frag_a_f16 = frag_load_transposed %2, %1, %0\n"),
                 "指令“frag_load_transposed”的操作数或结果类型不对");
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:frag_b_f16 = frag_load_rows8 %2, %1, %0\n"),
                 "指令“frag_load_rows8”的操作数或结果类型不对");
    /* s8 fragments only from workgroup words; a u32 start */
    expect_error(BODY("  %2:ptr<storage_read, array<u32>> = global @半\n"
                      "  %3:frag_a_s8 = frag_load %2, %1, %0\n"), why);
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:i32 = const 0i\n"
                      "  %4:frag_a_f16 = frag_load %2, %3, %0\n"), why);
    /* mma: f16 A with s8 B, a mismatched accumulator */
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:frag_a_f16 = frag_load %2, %1, %0\n"
                      "  %4:ptr<workgroup, array<u32, 512>> = global @整\n"
                      "  %5:frag_b_s8 = frag_load %4, %1, %0\n"
                      "  %6:frag_acc_f32 = frag_zero\n"
                      "  %7:frag_acc_f32 = frag_mma %3, %5, %6\n"),
                 "指令“frag_mma”的操作数或结果类型不对");
    expect_error(BODY("  %2:u32 = const 0u\n"
                      "  %3:frag_acc_f32 = frag_fill %2\n"),
                 "指令“frag_fill”的操作数或结果类型不对");
    /* the s32 accumulator only to workgroup words */
    expect_error(BODY("  %2:u32 = const 0u\n"
                      "  %3:frag_acc_s32 = frag_fill %2\n"
                      "  %4:ptr<workgroup, array<f32, 512>> = global @累\n"
                      "  frag_store %4, %1, %0, %3\n"),
                 "指令“frag_store”的操作数或结果类型不对");
}

/* The accumulator element operations take an f32 accumulator, then f32 scalars, i32 offsets or
 * accumulators as docs/builtins.md lists; frag_to_a makes an A fragment; the transposing load
 * also comes from f16 workgroup memory (载入矩阵片乙自转置), never into an A fragment. */
static void test_element_operations_are_typed(void **state) {
    (void)state;
    expect_round_trip(BODY("  %2:frag_acc_f32 = frag_zero\n"
                   "  %3:f32 = const 0.5f\n"
                   "  %4:i32 = const -1i\n"
                   "  %5:frag_acc_f32 = frag_scale %2, %3\n"
                   "  %6:frag_acc_f32 = frag_sub %5, %2\n"
                   "  %7:frag_acc_f32 = frag_row_sum %6\n"
                   "  %8:frag_acc_f32 = frag_mask_upper %7, %4, %3\n"
                   "  %9:frag_a_f16 = frag_to_a %8\n"
                   "  %10:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                   "  %11:frag_b_f16 = frag_load_transposed %10, %1, %0\n") "\n");
    expect_error(BODY("  %2:frag_acc_f32 = frag_zero\n"
                      "  %3:frag_acc_f32 = frag_mask_upper %2, %0, %0\n"),
                 "指令“frag_mask_upper”的操作数或结果类型不对");
    expect_error(BODY("  %2:frag_acc_f32 = frag_zero\n"
                      "  %3:frag_acc_f32 = frag_to_a %2\n"),
                 "指令“frag_to_a”的操作数或结果类型不对");
    expect_error(BODY("  %2:frag_acc_f32 = frag_zero\n"
                      "  %3:f32 = const 0.5f\n"
                      "  %4:frag_acc_f32 = frag_add %2, %3\n"),
                 "指令“frag_add”的操作数或结果类型不对");
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:frag_a_f16 = frag_load %2, %1, %0\n"
                      "  %4:frag_a_f16 = frag_exp2 %3\n"),
                 "指令“frag_exp2”的操作数或结果类型不对");
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:frag_a_f16 = frag_load_transposed %2, %1, %0\n"),
                 "指令“frag_load_transposed”的操作数或结果类型不对");
}

static void test_read_only_and_globals_are_rejected(void **state) {
    (void)state;
    expect_error(BODY("  %2:ptr<storage_read, array<f32>> = global @只读\n"
                      "  %3:frag_acc_f32 = frag_zero\n"
                      "  frag_store %2, %1, %0, %3\n"),
                 "指令“frag_store”的操作数或结果类型不对");
    expect_error("var<private> @p: frag_acc_f32\n", "全局变量「p」：子组矩阵片只能是值或函数里的变量");
}

static void test_misaligned_constants_are_located(void **state) {
    (void)state;
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:u32 = const 12u\n"
                      "  %4:frag_a_f16 = frag_load %2, %3, %0\n"),
                 "子组矩阵片的「起」按元素算，须是 8 的倍数（着十二），此处是 12");
    expect_error(BODY("  %2:ptr<workgroup, array<f32, 512>> = global @累\n"
                      "  %3:u32 = const 20u\n"
                      "  %4:frag_acc_f32 = frag_zero\n"
                      "  frag_store %2, %1, %3, %4\n"),
                 "子组矩阵片的「步」按元素算，须是 8 的倍数（着十二），此处是 20");
}

static void test_async_copy_rules(void **state) {
    (void)state;
    expect_round_trip(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                           "  %3:ptr<storage_read, array<u32>> = global @半\n"
                           "  %4:u32 = const 4u\n"
                           "  async_copy %2, %0, %3, %4\n"
                           "  async_commit\n"
                           "  async_wait %1\n") "\n" "entry @e = compute @f workgroup_size(32, 1, 1) ()\n");
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:ptr<storage_read, array<u32>> = global @半\n"
                      "  %4:u32 = const 12u\n"
                      "  async_copy %2, %4, %3, %1\n"),
                 "「异步拷贝」的工作组元素序须是 8 的倍数（十六字节对齐），此处是 12");
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:ptr<storage_read, array<u32>> = global @半\n"
                      "  %4:u32 = const 6u\n"
                      "  async_copy %2, %1, %3, %4\n"),
                 "「异步拷贝」的存储字序须是 4 的倍数（十六字节对齐），此处是 6");
    /* into f32 workgroup memory, or from a storage array of f32: not this op */
    expect_error(BODY("  %2:ptr<workgroup, array<f32, 512>> = global @累\n"
                      "  %3:ptr<storage_read, array<u32>> = global @半\n"
                      "  async_copy %2, %1, %3, %1\n"),
                 "指令“async_copy”的操作数或结果类型不对");
    expect_error(BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                      "  %3:ptr<storage_read, array<f32>> = global @只读\n"
                      "  async_copy %2, %1, %3, %1\n"),
                 "指令“async_copy”的操作数或结果类型不对");
}

static void test_fragment_table(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *T = &m->types;
    IrTypeId f16_wg = ir_type_pointer(T, IR_SPACE_WORKGROUP, ir_type_array(T, ir_type_f16(T), 256));
    IrTypeId f32_rt = ir_type_pointer(T, IR_SPACE_STORAGE_READ, ir_type_runtime_array(T, ir_type_f32(T)));
    assert_int_equal(ir_fragment_memory(T, f16_wg), IR_FRAG_MEM_WORKGROUP_F16);
    assert_int_equal(ir_fragment_memory(T, f32_rt), IR_FRAG_MEM_NONE);  /* stores need read_write */
    assert_true(ir_fragment_access_ok(IR_OP_FRAG_LOAD, IR_FRAG_MEM_WORKGROUP_F16, IR_FRAG_B_F16));
    assert_false(ir_fragment_access_ok(IR_OP_FRAG_STORE, IR_FRAG_MEM_WORKGROUP_F16, IR_FRAG_ACC_F32));
    assert_int_equal(ir_fragment_acc_of(IR_FRAG_A_S8), IR_FRAG_ACC_S32);
    assert_int_equal(ir_fragment_b_of(IR_FRAG_A_F16), IR_FRAG_B_F16);
    assert_int_equal(ir_fragment_acc_of(IR_FRAG_B_F16), IR_FRAG_KIND_COUNT);
    /* hash-consed, and not storable in arrays */
    assert_int_equal(ir_type_fragment(T, IR_FRAG_ACC_F32), ir_type_fragment(T, IR_FRAG_ACC_F32));
    assert_int_equal(ir_type_array(T, ir_type_fragment(T, IR_FRAG_ACC_F32), 2), IR_NO_TYPE);
    ir_module_free(m);
}

/* Runs `pipeline` on a verified module; returns whether it succeeded, the module printed. */
static bool run_passes(Ctx *c, const char *text, const char *pipeline, StrBuf *printed) {
    if (!read_verify(c, text)) fail_msg("input: %s", strbuf_cstr(&c->diag.text));
    PassContext ctx;
    pass_context_init(&ctx, c->m, &c->diag, target_descriptor(YUSEC_TARGET_PTX)->inline_policy);
    ctx.verify_each = true;
    bool ok = pass_run_pipeline(&ctx, pipeline);
    ir_print_module(printed, c->m);
    return ok;
}

#define LANE_BRANCH(cond_def)                                                     \
    GLOBALS "fn @f(%0:u32) {\n"                                                  \
            "  %1:u32 = const 16u\n"                                             \
            "  %2:u32 = const 0u\n" cond_def                                     \
            "  if %3 {\n"                                                        \
            "    %4:ptr<workgroup, array<f32, 512>> = global @累\n"              \
            "    %5:frag_acc_f32 = frag_zero\n"                                  \
            "    frag_store %4, %2, %1, %5\n"                                    \
            "    yield\n"                                                        \
            "  } else {\n"                                                       \
            "    yield\n"                                                        \
            "  }\n"                                                              \
            "  return\n"                                                         \
            "}\n"                                                                \
            "\n"                                                                 \
            "entry @e = compute @f workgroup_size(32, 1, 1) (builtin(local_invocation_index))\n"

static void test_uniformity_requires_subgroup_uniform_control_flow(void **state) {
    (void)state;
    Ctx c;
    StrBuf printed;
    strbuf_init(&printed);
    /* under a branch on the invocation index: rejected */
    assert_false(run_passes(&c, LANE_BRANCH("  %3:bool = eq %0, %2\n"), "uniformity", &printed));
    if (!strstr(strbuf_cstr(&c.diag.text), "（frag_zero）须在子组一致控制流里执行"))
        fail_msg("%s", strbuf_cstr(&c.diag.text));
    ctx_free(&c);
    /* under a branch on a reduction of a uniform value (subgroup-uniform only): accepted */
    strbuf_clear(&printed);
    if (!run_passes(&c, LANE_BRANCH("  %6:u32 = subgroup_add %1\n  %3:bool = eq %6, %2\n"), "uniformity", &printed))
        fail_msg("%s", strbuf_cstr(&c.diag.text));
    ctx_free(&c);
    strbuf_free(&printed);
}

static void test_passes_keep_fragment_ops(void **state) {
    (void)state;
    Ctx c;
    StrBuf printed;
    strbuf_init(&printed);
    /* an unused load and a product of constants stay: they are collective and effectful */
    assert_true(run_passes(&c, BODY("  %2:ptr<workgroup, array<f16, 512>> = global @甲乙\n"
                                    "  %3:frag_a_f16 = frag_load %2, %1, %0\n"
                                    "  %4:frag_b_f16 = frag_load %2, %0, %0\n"
                                    "  %5:frag_acc_f32 = frag_zero\n"
                                    "  %6:frag_acc_f32 = frag_mma %3, %4, %5\n"),
                           "fold,dce", &printed));
    const char *text = strbuf_cstr(&printed);
    if (!strstr(text, "frag_mma") || !strstr(text, "frag_zero") || !strstr(text, "frag_load %"))
        fail_msg("fragment ops were removed:\n%s", text);
    ctx_free(&c);
    strbuf_free(&printed);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_interface_combination_round_trips),
        cmocka_unit_test(test_fragments_are_values),
        cmocka_unit_test(test_wrong_combinations_are_rejected),
        cmocka_unit_test(test_element_operations_are_typed),
        cmocka_unit_test(test_read_only_and_globals_are_rejected),
        cmocka_unit_test(test_misaligned_constants_are_located),
        cmocka_unit_test(test_async_copy_rules),
        cmocka_unit_test(test_fragment_table),
        cmocka_unit_test(test_uniformity_requires_subgroup_uniform_control_flow),
        cmocka_unit_test(test_passes_keep_fragment_ops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
