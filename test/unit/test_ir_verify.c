/* The YIR verifier: each rule rejects a module that breaks it (modules written as YIR text,
 * which the reader accepts without verifying), and the good ones pass. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"

typedef struct Ctx {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
} Ctx;

/* Reads `text` (must parse) and returns whether it verified; diagnostics stay in c->diag. */
static bool verify_text(Ctx *c, const char *text) {
    arena_init(&c->arena);
    source_map_init(&c->sources, &c->arena);
    diag_init(&c->diag, &c->sources, NULL);
    SourceFile *file = source_add(&c->sources, "验.yir", text, strlen(text));
    IrModule *m = ir_read(&c->diag, file);
    if (!m) fail_msg("text did not read:\n%s", strbuf_cstr(&c->diag.text));
    bool ok = ir_verify(m, &c->diag);
    ir_module_free(m);
    return ok;
}

static void ctx_free(Ctx *c) {
    diag_free(&c->diag);
    arena_free(&c->arena);
}

static void expect_ok(const char *text) {
    Ctx c;
    if (!verify_text(&c, text)) fail_msg("unexpected errors:\n%s", strbuf_cstr(&c.diag.text));
    ctx_free(&c);
}

static void expect_error(const char *text, const char *message) {
    Ctx c;
    if (verify_text(&c, text)) fail_msg("expected an error containing \"%s\"", message);
    const char *out = strbuf_cstr(&c.diag.text);
    if (!strstr(out, message)) fail_msg("expected \"%s\" in:\n%s", message, out);
    ctx_free(&c);
}

#define STORAGE "var<storage_read_write> @数据: array<u32> @group(0) @binding(0)\n"

static void test_well_formed_module_passes(void **state) {
    (void)state;
    expect_ok(STORAGE
              "fn @f(%0:vec3<u32>) {\n"
              "  %1:u32 = extract %0, 0\n"
              "  %2:ptr<storage_read_write, array<u32>> = global @数据\n"
              "  %3:ptr<storage_read_write, u32> = access %2, %1\n"
              "  %4:u32 = load %3\n"
              "  %5:bool = gt %4, %1\n"
              "  %6:u32 = if %5 {\n"
              "    yield %4\n"
              "  } else {\n"
              "    yield %1\n"
              "  }\n"
              "  store %3, %6\n"
              "  return\n"
              "}\n"
              "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(global_invocation_id))\n");
}

static void test_operand_types_are_checked(void **state) {
    (void)state;
    expect_error("fn @f() {\n  %0:u32 = const 1u\n  %1:f32 = const 1.0f\n  %2:u32 = add %0, %1\n  return\n}\n",
                 "验.yir:4:3: error: 函数「f」：指令“add”的操作数或结果类型不对");
    expect_error("fn @f() {\n  %0:u32 = const 1u\n  %1:u32 = lt %0, %0\n  return\n}\n", "“lt”的操作数或结果类型不对");
    expect_error("fn @f() {\n  %0:u32 = const 1u\n  %1:u32 = sqrt %0\n  return\n}\n", "“sqrt”");
    expect_error("fn @f() {\n  %0:u32 = const 1u\n  %1:f32 = extract %0, 0\n  return\n}\n", "“extract”");
    expect_error("fn @f() -> u32 {\n  %0:f32 = const 1.0f\n  return %0\n}\n", "返回值与函数的返回类型不符");
    expect_error("fn @g(%0:u32) {\n  return\n}\nfn @f() {\n  %0:f32 = const 1.0f\n  call @g(%0)\n  return\n}\n",
                 "“call”的操作数或结果类型不对");
    expect_error("fn @f() {\n  %0:u32 = const 1u\n  if %0 {\n    yield\n  } else {\n    yield\n  }\n  return\n}\n",
                 "if 的条件须是 bool");
}

static void test_struct_access_needs_constant_index(void **state) {
    (void)state;
    expect_error("type $s = struct { a: u32, b: f32 }\n"
                 "fn @f(%0:u32) {\n"
                 "  %1:ptr<function, $s> = var\n"
                 "  %2:ptr<function, u32> = access %1, %0\n"
                 "  return\n"
                 "}\n",
                 "结构成员的序号须是常量");
}

static void test_use_must_be_dominated(void **state) {
    (void)state;
    /* %2 is defined inside the then-block and used after the if. */
    expect_error("fn @f() -> u32 {\n"
                 "  %0:bool = const true\n"
                 "  if %0 {\n"
                 "    %2:u32 = const 1u\n"
                 "    yield\n"
                 "  } else {\n"
                 "    yield\n"
                 "  }\n"
                 "  return %2\n"
                 "}\n",
                 "验.yir:9:3: error: 函数「f」：指令“return”用到的值在此处不可见");
    /* a loop parameter is not visible after the loop */
    expect_error("fn @f() -> u32 {\n"
                 "  %0:u32 = const 0u\n"
                 "  loop (%1:u32 = %0) {\n"
                 "    break\n"
                 "  }\n"
                 "  return %1\n"
                 "}\n",
                 "不可见");
}

static void test_blocks_end_in_terminators(void **state) {
    (void)state;
    expect_error("fn @f() {\n  %0:u32 = const 0u\n}\n", "块没有以终结指令");
    expect_error("fn @f() {\n  return\n  %0:u32 = const 0u\n  return\n}\n", "终结指令“return”之后还有指令");
    expect_error("fn @f() {\n  loop {\n    yield\n  }\n  return\n}\n", "“yield”只能结束 if 的分支");
    expect_error("fn @f() {\n  break\n}\n", "“break”只能出现在循环里");
    expect_error("fn @f() {\n  %0:bool = const true\n  %1:u32 = if %0 {\n    yield\n  } else {\n"
                 "    %2:u32 = const 1u\n    yield %2\n  }\n  return\n}\n",
                 "“yield”传出的值与if 的结果的个数或类型不符");
    expect_error("fn @f() {\n  %0:u32 = const 0u\n  loop (%1:u32 = %0) {\n    %2:f32 = const 1.0f\n"
                 "    continue %2\n  }\n  return\n}\n",
                 "“continue”传出的值与循环参数的个数或类型不符");
}

static void test_no_store_through_read_only_pointers(void **state) {
    (void)state;
    expect_error("var<storage_read> @只读: array<u32> @group(0) @binding(0)\n"
                 "fn @f() {\n"
                 "  %0:ptr<storage_read, array<u32>> = global @只读\n"
                 "  %1:u32 = const 0u\n"
                 "  %2:ptr<storage_read, u32> = access %0, %1\n"
                 "  store %2, %1\n"
                 "  return\n"
                 "}\n",
                 "验.yir:6:3: error: 函数「f」：不能经只读的指针（地址空间 storage_read）写入");
    expect_error("var<uniform> @参: u32 @group(0) @binding(0)\n"
                 "fn @f() {\n"
                 "  %0:ptr<uniform, u32> = global @参\n"
                 "  %1:u32 = const 0u\n"
                 "  store %0, %1\n"
                 "  return\n"
                 "}\n",
                 "地址空间 uniform");
    expect_error("var<storage_read> @计: atomic<u32> @group(0) @binding(0)\n", "原子变量「计」只能在");
}

static void test_workgroup_variables_only_in_compute(void **state) {
    (void)state;
    const char *text = "var<workgroup> @共享: array<f32, 4>\n"
                       "fn @辅(%0:u32) -> f32 {\n"
                       "  %1:ptr<workgroup, array<f32, 4>> = global @共享\n"
                       "  %2:ptr<workgroup, f32> = access %1, %0\n"
                       "  %3:f32 = load %2\n"
                       "  return %3\n"
                       "}\n"
                       "fn @片(%0:u32) -> vec4<f32> {\n"
                       "  %1:f32 = call @辅(%0)\n"
                       "  %2:vec4<f32> = construct %1\n"
                       "  return %2\n"
                       "}\n"
                       "entry @片入口 = fragment @片 (location(0, flat)) -> location(0)\n";
    expect_error(text, "函数「辅」：工作组变量「共享」只能用于计算入口");
    expect_error(text, "note: 此函数由fragment入口「片入口」调用");
    expect_error("var<workgroup> @w: u32 @group(0) @binding(3)\n", "不能有绑定");
}

static void test_discard_only_in_fragment(void **state) {
    (void)state;
    expect_error("fn @f() {\n  discard\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) ()\n",
                 "函数「f」：discard 只能用于片元入口");
    expect_ok("fn @f() {\n  discard\n}\nentry @e = fragment @f ()\n");
}

static void test_module_objects_are_checked(void **state) {
    (void)state;
    expect_error("var<storage_read_write> @a: u32\n", "资源「a」缺少 @group/@binding");
    expect_error("var<storage_read_write> @a: u32 @group(0) @binding(1)\n"
                 "var<storage_read_write> @b: u32 @group(0) @binding(1)\n",
                 "资源「b」与「a」的组号与绑定号相同");
    expect_error("var<uniform> @t: texture_depth_2d @group(0) @binding(0)\n", "handle 地址空间");
    expect_error("fn @f(%0:u32) {\n  return\n}\nentry @e = compute @f workgroup_size(1, 1, 1) (location(0))\n",
                 "入口「e」的第 1 个参数绑定不对");
    expect_error("fn @f() {\n  return\n}\nentry @e = compute @f workgroup_size(0, 1, 1) ()\n",
                 "工作组大小须大于零");
}

/* issue 30 item 2: each builtin has one type (the WGSL table, ir/io_builtins.c); a u32
 * builtin bound to a vec3<u32> parameter crashed the PTX target. */
static void test_builtin_types_are_checked(void **state) {
    (void)state;
    expect_error("fn @f(%0:vec3<u32>) {\n  return\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index))\n",
                 "验.yir:4:7: error: 入口「e」的第 1 个参数绑定不对：@builtin(local_invocation_index) 的类型须是 u32，这里是 vec3<u32>");
    expect_error("fn @f(%0:vec3<u32>) {\n  return\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(subgroup_invocation_id))\n",
                 "@builtin(subgroup_invocation_id) 的类型须是 u32，这里是 vec3<u32>");
    expect_error("fn @f(%0:u32) {\n  return\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(global_invocation_id))\n",
                 "@builtin(global_invocation_id) 的类型须是 vec3<u32>，这里是 u32");
    expect_error("fn @f() -> vec4<f32> {\n  %0:f32 = const 0.5f\n  %1:vec4<f32> = construct %0\n  return %1\n}\n"
                 "entry @e = fragment @f () -> builtin(frag_depth)\n",
                 "入口「e」的返回值绑定不对：@builtin(frag_depth) 的类型须是 f32，这里是 vec4<f32>");
    expect_error("fn @f(%0:u32) {\n  return\n}\nentry @e = fragment @f (builtin(front_facing))\n",
                 "@builtin(front_facing) 的类型须是 bool，这里是 u32");
    expect_ok("fn @f(%0:u32, %1:u32, %2:vec3<u32>) {\n  return\n}\n"
              "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index), "
              "builtin(subgroup_invocation_id), builtin(num_workgroups))\n");
}

#define VERTEX_FN "fn @v(%0:u32) -> vec4<f32> {\n  %1:f32 = const 0.0f\n  %2:vec4<f32> = construct %1\n  return %2\n}\n"

/* issue 30 item 3: builtins and locations against the entry's stage and direction. */
static void test_entry_io_follows_the_stage(void **state) {
    (void)state;
    expect_error("fn @f(%0:vec4<f32>) {\n  return\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(position))\n",
                 "入口「e」的第 1 个参数绑定不对：@builtin(position) 不能作计算入口的输入");
    expect_error("fn @f(%0:u32) {\n  return\n}\nentry @e = fragment @f (builtin(vertex_index))\n",
                 "@builtin(vertex_index) 不能作片元入口的输入");
    expect_error(VERTEX_FN "entry @e = vertex @v (builtin(vertex_index)) -> builtin(frag_depth)\n",
                 "@builtin(frag_depth) 不能作顶点入口的输出");
    expect_error("fn @f() -> u32 {\n  %0:u32 = const 1u\n  return %0\n}\n"
                 "entry @e = fragment @f () -> builtin(front_facing)\n",
                 "@builtin(front_facing) 不能作片元入口的输出");
    expect_error("fn @f(%0:vec4<f32>) {\n  return\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (location(0))\n",
                 "计算入口不能用 @location");
    /* a vertex entry must write the position */
    expect_error("fn @v(%0:u32) -> vec4<f32> {\n  %1:f32 = const 0.0f\n  %2:vec4<f32> = construct %1\n  return %2\n}\n"
                 "entry @e = vertex @v (builtin(vertex_index)) -> location(0)\n",
                 "顶点入口「e」须输出 @builtin(position)");
    expect_error("fn @v() {\n  return\n}\nentry @e = vertex @v ()\n", "顶点入口「e」须输出 @builtin(position)");
    expect_ok(VERTEX_FN "entry @e = vertex @v (builtin(vertex_index)) -> builtin(position)\n");
    /* subgroup builtins are fragment inputs too (WGSL subgroups) */
    expect_ok("fn @f(%0:u32, %1:vec4<f32>) {\n  return\n}\n"
              "entry @e = fragment @f (builtin(subgroup_size), builtin(position))\n");
}

static void test_entry_io_is_unique_and_bounded(void **state) {
    (void)state;
    expect_error("fn @f(%0:f32, %1:f32) {\n  return\n}\nentry @e = fragment @f (location(0), location(0))\n",
                 "入口「e」的第 2 个参数绑定不对：@location(0) 在输入里重复");
    expect_error("fn @f(%0:u32, %1:u32) {\n  return\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index), "
                 "builtin(local_invocation_index))\n",
                 "@builtin(local_invocation_index) 在输入里重复");
    /* a struct field and a parameter in one direction */
    expect_error("type $入 = struct { 甲: vec4<f32>, 乙: f32 }\n"
                 "fn @f(%0:$入, %1:vec4<f32>) {\n  return\n}\n"
                 "entry @e = fragment @f (struct(builtin(position), location(1)), builtin(position))\n",
                 "入口「e」的第 2 个参数绑定不对：@builtin(position) 在输入里重复");
    expect_error("fn @f(%0:f32) {\n  return\n}\nentry @e = fragment @f (location(4294967295))\n",
                 "@location(4294967295) 超出上限：顶点输出与片元输入的位置须小于 16");
    expect_error("fn @f() -> vec4<f32> {\n  %0:f32 = const 0.5f\n  %1:vec4<f32> = construct %0\n  return %1\n}\n"
                 "entry @e = fragment @f () -> location(8)\n",
                 "@location(8) 超出上限：片元输出（颜色目标）的位置须小于 8");
    expect_error(VERTEX_FN "entry @e = vertex @v (location(16)) -> builtin(position)\n",
                 "@location(16) 超出上限：顶点输入的位置须小于 16");
    /* the same location in the other direction is fine */
    expect_ok("fn @f(%0:vec4<f32>) -> vec4<f32> {\n  return %0\n}\nentry @e = fragment @f (location(0)) -> location(0)\n");
}

static void test_location_types_and_interpolation(void **state) {
    (void)state;
    expect_error("fn @f(%0:bool) {\n  return\n}\nentry @e = fragment @f (location(0, flat))\n",
                 "@location(0) 的类型须是数值标量或向量，这里是 bool");
    expect_error("fn @f(%0:mat2x2<f32>) {\n  return\n}\nentry @e = fragment @f (location(0))\n",
                 "@location(0) 的类型须是数值标量或向量");
    expect_error(VERTEX_FN "entry @e = vertex @v (location(0, flat)) -> builtin(position)\n",
                 "@location(0) 的 flat 插值只用于顶点输出与片元输入");
    expect_error("fn @f() -> vec4<f32> {\n  %0:f32 = const 0.5f\n  %1:vec4<f32> = construct %0\n  return %1\n}\n"
                 "entry @e = fragment @f () -> location(0, flat)\n",
                 "flat 插值只用于顶点输出与片元输入");
    expect_error("fn @f(%0:u32) {\n  return\n}\nentry @e = fragment @f (none)\n", "第 1 个参数绑定不对：缺少绑定");
    expect_error("fn @f(%0:u32) -> u32 {\n  return %0\n}\n"
                 "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index)) -> location(0)\n",
                 "入口「e」的返回值绑定不对：计算入口不能有返回值");
}

/* issue 30 item 3: a runtime-sized array only in storage. */
static void test_runtime_arrays_only_in_storage(void **state) {
    (void)state;
    expect_error("var<uniform> @参: array<u32> @group(0) @binding(0)\n",
                 "验.yir:1:14: error: 全局变量「参」含长度在运行时才定的数组：只有 storage 地址空间的变量可以（这里是 uniform）");
    expect_error("type $s = struct { n: u32, a: array<f32> }\nvar<uniform> @参: $s @group(0) @binding(0)\n",
                 "全局变量「参」含长度在运行时才定的数组");
    expect_error("var<workgroup> @共: array<u32>\n", "这里是 workgroup");
    expect_error("fn @f(%0:u32) {\n  %1:ptr<function, array<u32>> = var\n  return\n}\n",
                 "验.yir:2:3: error: 函数「f」：函数里的变量不能含长度在运行时才定的数组");
    expect_ok("type $s = struct { n: u32, a: array<f32> }\nvar<storage_read> @参: $s @group(0) @binding(0)\n");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_well_formed_module_passes),
        cmocka_unit_test(test_operand_types_are_checked),
        cmocka_unit_test(test_struct_access_needs_constant_index),
        cmocka_unit_test(test_use_must_be_dominated),
        cmocka_unit_test(test_blocks_end_in_terminators),
        cmocka_unit_test(test_no_store_through_read_only_pointers),
        cmocka_unit_test(test_workgroup_variables_only_in_compute),
        cmocka_unit_test(test_discard_only_in_fragment),
        cmocka_unit_test(test_module_objects_are_checked),
        cmocka_unit_test(test_builtin_types_are_checked),
        cmocka_unit_test(test_entry_io_follows_the_stage),
        cmocka_unit_test(test_entry_io_is_unique_and_bounded),
        cmocka_unit_test(test_location_types_and_interpolation),
        cmocka_unit_test(test_runtime_arrays_only_in_storage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
