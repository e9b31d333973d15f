/* YIR text: modules built by hand print as expected, and print -> read -> print is
 * byte-identical; the reader reports bad text at file:line:col. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/deep_stack.h"
#include "ir/ir.h"

/* The seed example (spec 着六): 数据[序] = 数据[序] * 2u in compute entry 加倍. */
static IrModule *build_seed(void) {
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    Span none = {0, 0, 0};
    IrTypeId u32 = ir_type_u32(t);
    IrGlobalId data = ir_module_add_global(m, "数据", ir_type_runtime_array(t, u32),
                                           IR_SPACE_STORAGE_READ_WRITE, none);
    ir_global_set_binding(m, data, 0, 0);
    IrFunction *f = ir_function_new(m, "加倍", ir_type_void(t), none);
    IrValueId id = ir_function_add_param(f, ir_type_vector(t, u32, 3), "号", none);
    IrBuilder b;
    ir_builder_init(&b, f);
    uint32_t x = 0;
    IrValueId index = ir_build_extract(&b, id, &x, 1);
    ir_value_set_name(f, index, "序");
    IrValueId base = ir_build_global(&b, data);
    IrValueId elem = ir_build_access(&b, base, &index, 1);
    IrValueId old = ir_build_load(&b, elem);
    IrValueId doubled = ir_build_binary(&b, IR_OP_MUL, old, ir_build_u32(&b, 2));
    ir_build_store(&b, elem, doubled);
    ir_build_return(&b, IR_NONE);
    IrEntry *e = ir_module_add_entry(m, "加倍入口", IR_STAGE_COMPUTE, f->id, none);
    e->workgroup_size[0] = 4;
    e->params[0].kind = IR_IO_BUILTIN;
    e->params[0].builtin = IR_BUILTIN_GLOBAL_INVOCATION_ID;
    return m;
}

#include "seed_ir.h"


typedef struct Ctx {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
} Ctx;

static void ctx_init(Ctx *c) {
    arena_init(&c->arena);
    source_map_init(&c->sources, &c->arena);
    diag_init(&c->diag, &c->sources, NULL);
}

static void ctx_free(Ctx *c) {
    diag_free(&c->diag);
    arena_free(&c->arena);
}

static IrModule *read_text(Ctx *c, const char *text) {
    SourceFile *file = source_add(&c->sources, "测试.yir", text, strlen(text));
    return ir_read(&c->diag, file);
}

/* print -> read -> print must give the same bytes; the read module must verify, or, with
 * `verify_error`, be rejected by the verifier with that message. */
static void assert_round_trip_verifying(const IrModule *m, const char *expected, const char *verify_error) {
    StrBuf first, second;
    strbuf_init(&first);
    strbuf_init(&second);
    ir_print_module(&first, m);
    if (expected) assert_string_equal(strbuf_cstr(&first), expected);
    Ctx c;
    ctx_init(&c);
    IrModule *back = read_text(&c, strbuf_cstr(&first));
    if (!back) fail_msg("read failed:\n%s\n--- text ---\n%s", strbuf_cstr(&c.diag.text), strbuf_cstr(&first));
    ir_print_module(&second, back);
    assert_string_equal(strbuf_cstr(&second), strbuf_cstr(&first));
    bool verified = ir_verify(back, &c.diag);
    if (!verify_error && !verified) fail_msg("verify failed:\n%s", strbuf_cstr(&c.diag.text));
    if (verify_error && (verified || !strstr(strbuf_cstr(&c.diag.text), verify_error)))
        fail_msg("expected the verifier to say \"%s\", got:\n%s", verify_error, strbuf_cstr(&c.diag.text));
    ir_module_free(back);
    ctx_free(&c);
    strbuf_free(&first);
    strbuf_free(&second);
}

static void assert_round_trip(const IrModule *m, const char *expected) {
    assert_round_trip_verifying(m, expected, NULL);
}

static void test_seed_example_prints_and_round_trips(void **state) {
    (void)state;
    IrModule *m = build_seed();
    Ctx c;
    ctx_init(&c);
    assert_true(ir_verify(m, &c.diag));
    ctx_free(&c);
    assert_round_trip(m, SEED_IR);
    ir_module_free(m);
}

/* sum of 0..n-1 by a loop with parameters, capped by a value-yielding if. */
static IrModule *build_control_flow(void) {
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    Span none = {0, 0, 0};
    IrTypeId u32 = ir_type_u32(t);
    IrFunction *f = ir_function_new(m, "求和", u32, none);
    f->local_recursive = true;
    IrValueId n = ir_function_add_param(f, u32, "n", none);
    IrBuilder b;
    ir_builder_init(&b, f);
    IrValueId zero = ir_build_u32(&b, 0);
    IrValueId inits[2] = {zero, zero};
    IrInstId loop = ir_build_loop(&b, inits, 2, &u32, 1);
    IrBlockId body = ir_loop_body(f, loop);
    IrValueId i = ir_block_param(f, body, 0), acc = ir_block_param(f, body, 1);
    ir_value_set_name(f, i, "i");
    ir_value_set_name(f, acc, "acc");
    ir_builder_set_block(&b, body);
    IrValueId done = ir_build_binary(&b, IR_OP_GE, i, n);
    IrInstId exit_if = ir_build_if(&b, done, NULL, 0);
    ir_builder_set_block(&b, ir_if_then(f, exit_if));
    ir_build_break(&b, &acc, 1);
    ir_builder_set_block(&b, ir_if_else(f, exit_if));
    ir_build_yield(&b, NULL, 0);
    ir_builder_after(&b, exit_if);
    IrValueId next[2] = {ir_build_binary(&b, IR_OP_ADD, i, ir_build_u32(&b, 1)),
                         ir_build_binary(&b, IR_OP_ADD, acc, i)};
    ir_build_continue(&b, next, 2);
    ir_builder_after(&b, loop);
    IrValueId sum = ir_inst_result(f, loop, 0);
    IrValueId small = ir_build_binary(&b, IR_OP_LT, sum, ir_build_u32(&b, 100));
    IrInstId cap = ir_build_if(&b, small, &u32, 1);
    ir_builder_set_block(&b, ir_if_then(f, cap));
    ir_build_yield(&b, &sum, 1);
    ir_builder_set_block(&b, ir_if_else(f, cap));
    IrValueId hundred = ir_build_u32(&b, 100);
    ir_build_yield(&b, &hundred, 1);
    ir_builder_after(&b, cap);
    IrValueId result = ir_inst_result(f, cap, 0);
    ir_value_set_name(f, result, "结果");
    ir_value(f, result)->uniformity = IR_UNIFORM;
    ir_value(f, n)->uniformity = IR_SUBGROUP_UNIFORM;
    ir_value(f, i)->uniformity = IR_NON_UNIFORM;
    ir_build_return(&b, result);
    return m;
}

static const char control_text[] =
    "fn @求和(%n.0:u32 !subgroup_uniform) -> u32 local_recursive {\n"
    "  %1:u32 = const 0u\n"
    "  %2:u32 = loop (%i.3:u32 !non_uniform = %1, %acc.4:u32 = %1) {\n"
    "    %5:bool = ge %i.3, %n.0\n"
    "    if %5 {\n"
    "      break %acc.4\n"
    "    } else {\n"
    "      yield\n"
    "    }\n"
    "    %6:u32 = const 1u\n"
    "    %7:u32 = add %i.3, %6\n"
    "    %8:u32 = add %acc.4, %i.3\n"
    "    continue %7, %8\n"
    "  }\n"
    "  %9:u32 = const 100u\n"
    "  %10:bool = lt %2, %9\n"
    "  %结果.11:u32 !uniform = if %10 {\n"
    "    yield %2\n"
    "  } else {\n"
    "    %12:u32 = const 100u\n"
    "    yield %12\n"
    "  }\n"
    "  return %结果.11\n"
    "}\n"
    "\n";

static void test_if_and_loop_yield_values(void **state) {
    (void)state;
    IrModule *m = build_control_flow();
    Ctx c;
    ctx_init(&c);
    if (!ir_verify(m, &c.diag)) fail_msg("%s", strbuf_cstr(&c.diag.text));
    ctx_free(&c);
    assert_round_trip(m, control_text);
    ir_module_free(m);
}

/* Everything else the text can say: structs, constants, every address space, stages with
 * struct IO, float literals, odd names. */
static const char wide_text[] =
    "type $顶点输出 = struct { 位置: vec4<f32>, 色: vec4<f32>, 号: u32 }\n"
    "type $a\\20b = struct { 0: f32, 1: i32 }\n"
    "\n"
    "var<uniform> @参数: vec4<f32> @group(0) @binding(1)\n"
    "var<storage_read> @只读: array<vec4<f32>, 8> @group(0) @binding(2)\n"
    "var<handle> @纹: texture_2d<f32> @group(1) @binding(0)\n"
    "var<handle> @样: sampler @group(1) @binding(1)\n"
    "var<workgroup> @共享: array<atomic<u32>, 64>\n"
    "var<private> @私: f32\n"
    "\n"
    "const @半: f32 = 0.5f\n"
    "const @对: vec2<f16> = {1.5h, -2.0h}\n"
    "const @元: $a\\20b = {bits(0x7F800000), -7i}\n"
    "const @大: f32 = 1e+20f\n"
    "const @近半: f16 = 0.099975586h\n"
    "\n"
    "fn @顶点(%序.0:u32) -> $顶点输出 {\n"
    "  %1:f32 = const 0.1f\n"
    "  %2:vec4<f32> = construct %1, %1, %1, %1\n"
    "  %3:$顶点输出 = construct %2, %2, %序.0\n"
    "  %4:f32 = constant @半\n"
    "  %5:ptr<private, f32> = global @私\n"
    "  store %5, %4\n"
    "  %6:$顶点输出 = insert %3, %4, 1, 2\n"
    "  return %6\n"
    "}\n"
    "\n"
    "fn @片元(%入.0:$顶点输出) -> vec4<f32> {\n"
    "  %1:vec4<f32> = extract %入.0, 1\n"
    "  %2:ptr<handle, texture_2d<f32>> = global @纹\n"
    "  %3:texture_2d<f32> = load %2\n"
    "  %4:ptr<handle, sampler> = global @样\n"
    "  %5:sampler = load %4\n"
    "  %6:f32 = extract %入.0, 0, 0\n"
    "  %7:vec2<f32> = construct %6, %6\n"
    "  %8:vec4<f32> = texture_sample %3, %5, %7\n"
    "  %9:bool = const false\n"
    "  if %9 {\n"
    "    discard\n"
    "  } else {\n"
    "    yield\n"
    "  }\n"
    "  %10:vec4<f32> = call @辅助(%8, %1)\n"
    "  return %10\n"
    "}\n"
    "\n"
    "fn @辅助(%a.0:vec4<f32>, %b.1:vec4<f32>) -> vec4<f32> {\n"
    "  %2:vec4<f32> = mix %a.0, %b.1, %a.0\n"
    "  return %2\n"
    "}\n"
    "\n"
    "fn @计数(%本地.0:u32) {\n"
    "  %1:ptr<workgroup, array<atomic<u32>, 64>> = global @共享\n"
    "  %2:ptr<workgroup, atomic<u32>> = access %1, %本地.0\n"
    "  %3:u32 = const abstract 1u\n"
    "  %4:u32 = atomic_add %2, %3\n"
    "  workgroup_barrier\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @顶点入口 = vertex @顶点 (builtin(vertex_index)) -> struct(builtin(position), location(0), location(1, flat))\n"
    "entry @片元入口 = fragment @片元 (struct(builtin(position), location(0), location(1, flat))) -> location(0)\n"
    "entry @计数入口 = compute @计数 workgroup_size(64, 1, 1) (builtin(local_invocation_index))\n";

static void test_wide_module_reads_and_round_trips(void **state) {
    (void)state;
    Ctx c;
    ctx_init(&c);
    IrModule *m = read_text(&c, wide_text);
    if (!m) fail_msg("%s", strbuf_cstr(&c.diag.text));
    if (!ir_verify(m, &c.diag)) fail_msg("%s", strbuf_cstr(&c.diag.text));
    assert_int_equal(ir_entry_count(m), 3);
    assert_int_equal(ir_entry(m, 1)->params[0].fields[2].flat, true);
    assert_string_equal(ir_type(&m->types, ir_constant(m, 2)->type)->name, "a b");
    /* `const abstract` keeps the abstract-literal flag (着三); ordinary consts do not have it */
    const IrFunction *count = ir_function(m, ir_module_find_function(m, "计数"));
    const IrFunction *vertex = ir_function(m, ir_module_find_function(m, "顶点"));
    for (uint32_t i = 0; i < count->inst_count; i++)
        if (count->insts[i].op == IR_OP_CONST) assert_true(count->insts[i].abstract_literal);
    for (uint32_t i = 0; i < vertex->inst_count; i++)
        if (vertex->insts[i].op == IR_OP_CONST) assert_false(vertex->insts[i].abstract_literal);
    assert_round_trip(m, wide_text);
    ir_module_free(m);
    ctx_free(&c);
}

/* ir_module_clone: the copy prints like the original, verifies, and owns all its memory:
 * the original freed and a type interned anew, the copy still prints the same and changing
 * it leaves the original as it was. */
static void test_clone_is_deep(void **state) {
    (void)state;
    Ctx c;
    ctx_init(&c);
    IrModule *m = read_text(&c, wide_text);
    if (!m) fail_msg("%s", strbuf_cstr(&c.diag.text));
    IrModule *copy = ir_module_clone(m);
    IrTypeId u32 = ir_type_u32(&m->types);
    ir_module_free(m);
    assert_round_trip(copy, wide_text);
    assert_true(ir_verify(copy, &c.diag));
    assert_int_equal(ir_type_u32(&copy->types), u32);  /* the interning table came along */
    IrModule *again = ir_module_clone(copy);
    ir_entry(again, 0)->name = "改名";
    ir_function(again, 0)->insts[0].span.start = 99;
    assert_round_trip(copy, wide_text);
    ir_module_free(again);
    ir_module_free(copy);
    ctx_free(&c);
}

/* An h literal reads as the nearest f16 (ties to even), the one rounding of ir_f16_nearest. */
static void test_f16_literals_read_as_nearest_f16(void **state) {
    (void)state;
    Ctx c;
    ctx_init(&c);
    IrModule *m = read_text(&c, "const @甲: f16 = 0.1h\nconst @乙: f16 = 2049.0h\n");
    if (!m) fail_msg("%s", strbuf_cstr(&c.diag.text));
    assert_round_trip(m, "const @甲: f16 = 0.099975586h\nconst @乙: f16 = 2048.0h\n\n");
    ir_module_free(m);
    ctx_free(&c);
}

static void expect_read_error(const char *text, const char *message) {
    Ctx c;
    ctx_init(&c);
    IrModule *m = read_text(&c, text);
    assert_null(m);
    const char *out = strbuf_cstr(&c.diag.text);
    if (!strstr(out, message)) fail_msg("expected \"%s\" in:\n%s", message, out);
    ctx_free(&c);
}

static void test_reader_reports_position(void **state) {
    (void)state;
    expect_read_error("fn @f() {\n  %1:u32 = const 2u\n  return %9\n}\n", "测试.yir:3:10: error: 值未定义");
    expect_read_error("fn @f() {\n  %1:u32 = frobnicate\n}\n", "测试.yir:2:12: error: 未知的指令");
    expect_read_error("var<nowhere> @x: u32\n", "测试.yir:1:5: error: 未知的地址空间");
    expect_read_error("fn @f() {\n  %1:vec5<u32> = const 2u\n}\n", "未知的类型");
    expect_read_error("fn @f() {\n  %1:u32 = const 2i\n}\n", "无符号字面量");
    expect_read_error("fn @f() {\n  %1:u32 = const 4294967296u\n}\n", "数值超出范围");
    expect_read_error("fn @f() {\n  return\n", "块未闭合");
    expect_read_error("fn @f() {\n  %1:u32 = call @g()\n  return\n}\n", "函数未定义");
    expect_read_error("fn @f() {\n  %1:u32 = add %1, %1\n}\n", "值未定义");
    expect_read_error("fn @f() {\n  %1:u32 = const 1u\n  %1:u32 = const 2u\n}\n", "值重复定义");
    expect_read_error("fn @f(%0:u32) {\n  return\n}\nentry @e = compute @f workgroup_size(1, 1, 1) ()\n",
                      "入口的参数绑定少于函数参数");
    expect_read_error("fn @f() {\n  store\n}\n", "操作数个数不对");
    expect_read_error("\xff", "不是有效的 UTF-8");
    expect_read_error("fn @f() {\n  # \n}\n", "无法识别的字符");
    expect_read_error("type $s = struct { a: u32 }\ntype $s = struct { b: u32 }\n", "结构类型重复定义");
}

static void test_reader_survives_truncations(void **state) {
    (void)state;
    /* Every prefix of valid text either reads or fails with a diagnostic; never crashes. */
    size_t len = strlen(wide_text);
    for (size_t cut = 0; cut < len; cut += 7) {
        Ctx c;
        ctx_init(&c);
        SourceFile *file = source_add(&c.sources, "截断.yir", wide_text, cut);
        IrModule *m = ir_read(&c.diag, file);
        if (m) ir_module_free(m);
        else assert_true(diag_has_errors(&c.diag));
        ctx_free(&c);
    }
}

/* `depth` nested types and `depth` nested ifs. */
static void nested_texts(StrBuf *types, StrBuf *ifs, int depth) {
    strbuf_puts(types, "var<private> @x: ");
    for (int i = 0; i < depth; i++) strbuf_puts(types, "array<");
    strbuf_puts(types, "u32");
    for (int i = 0; i < depth; i++) strbuf_puts(types, ", 2>");
    strbuf_puts(types, "\n");
    strbuf_puts(ifs, "fn @f() {\n  %0:bool = const true\n");
    for (int i = 0; i < depth; i++) strbuf_puts(ifs, "if %0 {\n");
    for (int i = 0; i < depth; i++) strbuf_puts(ifs, "} else {\n}\n");
    strbuf_puts(ifs, "  return\n}\n");
}

static void expect_reads(const char *text) {
    Ctx c;
    ctx_init(&c);
    IrModule *m = read_text(&c, text);
    if (!m) fail_msg("%s", strbuf_cstr(&c.diag.text));
    ir_module_free(m);
    ctx_free(&c);
}

static void read_nesting_limits(void *unused) {
    (void)unused;
    StrBuf types, ifs;
    strbuf_init(&types);
    strbuf_init(&ifs);
    /* The front end's limit of 10,000 levels reads (what -emit-ir prints of it reads back) … */
    nested_texts(&types, &ifs, 10000 - 1);
    expect_reads(strbuf_cstr(&types));
    expect_reads(strbuf_cstr(&ifs));
    /* … and deeper is a diagnostic that states the limit, not a stack overflow. */
    strbuf_clear(&types);
    strbuf_clear(&ifs);
    nested_texts(&types, &ifs, 10001);
    expect_read_error(strbuf_cstr(&types), "嵌套过深（最多 10000 层）");
    expect_read_error(strbuf_cstr(&ifs), "嵌套过深（最多 10000 层）");
    strbuf_free(&types);
    strbuf_free(&ifs);
}

static void test_reader_bounds_nesting(void **state) {
    (void)state;
    /* on a deep stack, as the command and yusec_compile read YIR (base/deep_stack.h) */
    assert_true(deep_stack_run(DEEP_STACK_BYTES, read_nesting_limits, NULL));
}

/* The reader's lists have no fixed cap (they were 64 loop parameters and results, 256
 * operands and fields): a loop carrying 300 values, 300 results, a 300-field struct built
 * from 300 operands and an entry of 300 inputs round-trip (the verifier then bounds the
 * entry's locations). */
enum { WIDE = 300 };

static IrModule *build_wide_lists(void) {
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    Span none = {0, 0, 0};
    IrTypeId u32 = ir_type_u32(t);
    IrField fields[WIDE];
    IrTypeId types[WIDE];
    char names[WIDE][8];
    for (int i = 0; i < WIDE; i++) {
        snprintf(names[i], sizeof names[i], "f%d", i);
        fields[i] = (IrField){names[i], u32};
        types[i] = u32;
    }
    IrTypeId wide = ir_type_struct(t, "宽", fields, WIDE);
    IrFunction *f = ir_function_new(m, "宽", ir_type_vector(t, ir_type_f32(t), 4), none);
    IrValueId in = ir_function_add_param(f, wide, "入", none);
    IrBuilder b;
    ir_builder_init(&b, f);
    IrValueId inits[WIDE];
    for (uint32_t i = 0; i < WIDE; i++) inits[i] = ir_build_extract(&b, in, &i, 1);
    IrInstId loop = ir_build_loop(&b, inits, WIDE, types, WIDE);
    IrBlockId body = ir_loop_body(f, loop);
    IrValueId carried[WIDE];
    for (int i = 0; i < WIDE; i++) carried[i] = ir_block_param(f, body, (uint32_t)i);
    ir_builder_set_block(&b, body);
    ir_build_break(&b, carried, WIDE);
    ir_builder_after(&b, loop);
    IrValueId results[WIDE];
    for (int i = 0; i < WIDE; i++) results[i] = ir_inst_result(f, loop, (uint32_t)i);
    IrValueId rebuilt = ir_build_construct(&b, wide, results, WIDE);
    uint32_t last = WIDE - 1;
    IrValueId field = ir_build_extract(&b, rebuilt, &last, 1);
    IrTypeId f32 = ir_type_f32(t);
    IrValueId x = ir_inst_result(f, ir_build_inst(&b, IR_OP_CONVERT, &f32, 1, &field, 1), 0);
    IrValueId xs[4] = {x, x, x, x};
    ir_build_return(&b, ir_build_construct(&b, ir_type_vector(t, ir_type_f32(t), 4), xs, 4));
    IrEntry *e = ir_module_add_entry(m, "宽入口", IR_STAGE_FRAGMENT, f->id, none);
    IrIo *inputs = ir_io_struct(m, &e->params[0], WIDE);
    for (uint32_t i = 0; i < WIDE; i++) {
        inputs[i].kind = IR_IO_LOCATION;
        inputs[i].location = i;
        inputs[i].flat = true;
    }
    e->result.kind = IR_IO_LOCATION;
    return m;
}

static void test_reader_lists_have_no_cap(void **state) {
    (void)state;
    IrModule *m = build_wide_lists();
    /* the reader takes 300 inputs; no stage takes that many locations (ir/verify_io.h) */
    assert_round_trip_verifying(m, NULL, "@location(16) 超出上限：顶点输出与片元输入的位置须小于 16");
    ir_module_free(m);
}

/* The line of `text` (1-based) without its newline, into `line`; false past the end. */
static bool text_line(const char *text, uint32_t number, char *line, size_t size) {
    for (uint32_t i = 1; i < number; i++) {
        text = strchr(text, '\n');
        if (!text) return false;
        text++;
    }
    size_t len = strcspn(text, "\n");
    if (len >= size) return false;
    memcpy(line, text, len);
    line[len] = '\0';
    return true;
}

/* ir_print_module_located (-emit-ir -lineinfo/-g): each function and instruction line ends in
 * ` ; 文件:行:列`. On a module read from YIR text the place is the line it was read from, so
 * every commented line is, before its comment, that line of the text, and an instruction's
 * column is its first character; the reader skips the comments: read back, the module prints
 * as the text. */
static void test_located_print_points_at_the_source(void **state) {
    (void)state;
    Ctx c;
    ctx_init(&c);
    IrModule *m = read_text(&c, control_text);
    assert_non_null(m);
    StrBuf located;
    strbuf_init(&located);
    ir_print_module_located(&located, m, &c.sources);
    uint32_t comments = 0;
    for (const char *at = strbuf_cstr(&located); *at; at += strcspn(at, "\n") + 1) {
        char printed[512], source[512];
        assert_true(text_line(at, 1, printed, sizeof printed));
        char *comment = strstr(printed, " ; 测试.yir:");
        if (!comment) continue;
        unsigned line = 0, column = 0;
        assert_int_equal(sscanf(comment, " ; 测试.yir:%u:%u", &line, &column), 2);
        *comment = '\0';
        assert_true(text_line(control_text, line, source, sizeof source));
        assert_string_equal(printed, source);
        if (strncmp(printed, "fn ", 3) != 0) assert_int_equal(column, strspn(printed, " ") + 1);
        comments++;
    }
    assert_int_equal(comments, 1 + ir_function(m, 0)->inst_count);  /* the function, each instruction */
    Ctx back;
    ctx_init(&back);
    IrModule *again = read_text(&back, strbuf_cstr(&located));
    if (!again) fail_msg("%s", strbuf_cstr(&back.diag.text));
    StrBuf plain;
    strbuf_init(&plain);
    ir_print_module(&plain, again);
    assert_string_equal(strbuf_cstr(&plain), control_text);
    strbuf_free(&plain);
    strbuf_free(&located);
    ir_module_free(again);
    ir_module_free(m);
    ctx_free(&back);
    ctx_free(&c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_example_prints_and_round_trips),
        cmocka_unit_test(test_if_and_loop_yield_values),
        cmocka_unit_test(test_wide_module_reads_and_round_trips),
        cmocka_unit_test(test_clone_is_deep),
        cmocka_unit_test(test_f16_literals_read_as_nearest_f16),
        cmocka_unit_test(test_reader_reports_position),
        cmocka_unit_test(test_reader_survives_truncations),
        cmocka_unit_test(test_reader_bounds_nesting),
        cmocka_unit_test(test_reader_lists_have_no_cap),
        cmocka_unit_test(test_located_print_points_at_the_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
