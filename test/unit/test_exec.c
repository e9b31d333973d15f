/* The YIR executor (exec/, docs/exec.md): each semantic rule on its own — integer
 * wrap-around, WGSL's division and shift rules (and agreement with the shared evaluator's
 * run-time mode wherever that computes a value), f16 rounding, float→integer saturation,
 * barriers (invocations wait for each other), partial subgroups (missing lanes are
 * inactive) and a configurable subgroup size, and out-of-bounds accesses reported at the
 * access instead of touching memory; control flow that is not uniform is a fault too.
 * Subgroup matrix fragments (着十二) and 异步拷贝: every op's values, the documented order of
 * the f32 sums, and the faults (part of a subgroup, operands that differ per lane, a start
 * not a multiple of 8, memory out of bounds). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "exec/exec.h"
#include "exec/internal.h"
#include "ir/ir.h"

/* ---- scalar rules ---- */

static void integers_wrap(void **state) {
    (void)state;
    assert_int_equal(ex_scalar(IR_OP_ADD, IR_LANE_I32, IR_LANE_I32, 0x7FFFFFFFu, 1, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_SUB, IR_LANE_U32, IR_LANE_U32, 0, 1, 0), 0xFFFFFFFFu);
    assert_int_equal(ex_scalar(IR_OP_MUL, IR_LANE_U32, IR_LANE_U32, 0x10000u, 0x10000u, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_NEG, IR_LANE_I32, IR_LANE_I32, 0x80000000u, 0, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_ABS, IR_LANE_I32, IR_LANE_I32, 0x80000000u, 0, 0), 0x80000000u);
}

static void wgsl_division_and_shifts(void **state) {
    (void)state;
    assert_int_equal(ex_scalar(IR_OP_DIV, IR_LANE_U32, IR_LANE_U32, 7, 0, 0), 7);          /* e / 0 = e */
    assert_int_equal(ex_scalar(IR_OP_REM, IR_LANE_U32, IR_LANE_U32, 7, 0, 0), 0);          /* e % 0 = 0 */
    assert_int_equal(ex_scalar(IR_OP_DIV, IR_LANE_I32, IR_LANE_I32, 0x80000000u, 0xFFFFFFFFu, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_REM, IR_LANE_I32, IR_LANE_I32, 0x80000000u, 0xFFFFFFFFu, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_DIV, IR_LANE_I32, IR_LANE_I32, (uint32_t)-7, 2, 0), (uint32_t)-3);  /* truncates */
    assert_int_equal(ex_scalar(IR_OP_REM, IR_LANE_I32, IR_LANE_I32, (uint32_t)-7, 2, 0), (uint32_t)-1);
    assert_int_equal(ex_scalar(IR_OP_SHL, IR_LANE_U32, IR_LANE_U32, 1, 33, 0), 2);          /* amount mod 32 */
    assert_int_equal(ex_scalar(IR_OP_SHR, IR_LANE_I32, IR_LANE_I32, 0x80000000u, 31, 0), 0xFFFFFFFFu);
    assert_int_equal(ex_scalar(IR_OP_SHR, IR_LANE_U32, IR_LANE_U32, 0x80000000u, 63, 0), 1);
}

/* Wherever the shared evaluator's run-time mode computes an integer result, ours agrees. */
static void agrees_with_const_eval(void **state) {
    (void)state;
    static const uint32_t values[] = {0, 1, 2, 3, 7, 31, 32, 33, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xFFFFFFF9u};
    static const IrOp ops[] = {IR_OP_ADD, IR_OP_SUB, IR_OP_MUL, IR_OP_DIV, IR_OP_REM, IR_OP_SHL, IR_OP_SHR,
                               IR_OP_MIN, IR_OP_MAX, IR_OP_BIT_AND, IR_OP_BIT_XOR, IR_OP_LT, IR_OP_GE};
    IrModule *m = ir_module_new();
    IrTypeId types[2] = {ir_type_i32(&m->types), ir_type_u32(&m->types)};
    IrTypeId boolean = ir_type_bool(&m->types);
    IrConstEval eval = {&m->types, &m->arena, IR_EVAL_RUNTIME};
    uint32_t compared = 0;
    for (int t = 0; t < 2; t++)
        for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
            for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
                for (size_t j = 0; j < sizeof values / sizeof values[0]; j++) {
                    bool cmp = ops[o] == IR_OP_LT || ops[o] == IR_OP_GE;
                    IrTypeId rhs = ops[o] == IR_OP_SHL || ops[o] == IR_OP_SHR ? types[1] : types[t];
                    IrLiteral args[2] = {{types[t], values[i], NULL, 0}, {rhs, values[j], NULL, 0}}, out;
                    if (ir_const_eval(&eval, ops[o], cmp ? boolean : types[t], args, 2, &out) != IR_EVAL_OK) continue;
                    IrLane lane = t == 0 ? IR_LANE_I32 : IR_LANE_U32;
                    assert_int_equal(ex_scalar(ops[o], lane, cmp ? IR_LANE_BOOL : lane, values[i], values[j], 0),
                                     (uint32_t)out.bits);
                    compared++;
                }
    assert_true(compared > 1000);
    ir_module_free(m);
}

static void f16_rounds_to_nearest_even(void **state) {
    (void)state;
    uint32_t big = ex_bits(2048.0f), one = ex_bits(1.0f), three = ex_bits(3.0f);
    assert_true(ex_f32(ex_scalar(IR_OP_ADD, IR_LANE_F16, IR_LANE_F16, big, one, 0)) == 2048.0f);   /* 2049: tie, even */
    assert_true(ex_f32(ex_scalar(IR_OP_ADD, IR_LANE_F16, IR_LANE_F16, big, three, 0)) == 2052.0f); /* 2051: tie, even */
    assert_true(ex_f32(ex_scalar(IR_OP_ADD, IR_LANE_F32, IR_LANE_F32, big, one, 0)) == 2049.0f);
    assert_true(isinf(ex_f32(ex_scalar(IR_OP_MUL, IR_LANE_F16, IR_LANE_F16, ex_bits(300.0f), ex_bits(300.0f), 0))));
    assert_true(ex_f32(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_F16, ex_bits(0.1f), 0, 0)) == (float)ir_f16_nearest(0.1f));
    assert_true(ex_f32(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_F16, ex_bits(0.1f), 0, 0)) != 0.1f);
}

static void float_to_integer_saturates(void **state) {
    (void)state;
    assert_int_equal(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_I32, ex_bits(3e9f), 0, 0), 0x7FFFFFFFu);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_I32, ex_bits(-3e9f), 0, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_U32, ex_bits(-1.5f), 0, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_U32, ex_bits(NAN), 0, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, IR_LANE_F32, IR_LANE_I32, ex_bits(-2.75f), 0, 0), (uint32_t)-2);
    assert_true(ex_scalar(IR_OP_NE, IR_LANE_F32, IR_LANE_BOOL, ex_bits(NAN), ex_bits(NAN), 0) == 1);
    assert_true(ex_scalar(IR_OP_EQ, IR_LANE_F32, IR_LANE_BOOL, ex_bits(NAN), ex_bits(NAN), 0) == 0);
}

/* ---- kernels ---- */

typedef struct Kernel {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    IrModule *m;
    ExFault fault;
    uint64_t max_steps;  /* 0: the executor's default */
} Kernel;

static void load(Kernel *k, const char *text) {
    arena_init(&k->arena);
    source_map_init(&k->sources, &k->arena);
    diag_init(&k->diag, &k->sources, NULL);
    SourceFile *file = source_add(&k->sources, "核.yir", text, strlen(text));
    k->m = ir_read(&k->diag, file);
    if (!k->m || !ir_verify(k->m, &k->diag)) fail_msg("bad YIR:\n%s", strbuf_cstr(&k->diag.text));
    memset(&k->fault, 0, sizeof k->fault);
    strbuf_init(&k->fault.message);
    k->max_steps = 0;
}

static bool run(Kernel *k, uint32_t groups, uint32_t subgroup_size, ExBuffer *buffers, uint32_t count) {
    ExLaunch l = {k->m, ir_entry(k->m, 0), {groups, 1, 1}, buffers, count, subgroup_size, k->max_steps, NULL, 0};
    return ex_run(&l, &k->fault);
}

static void unload(Kernel *k) {
    strbuf_free(&k->fault.message);
    ir_module_free(k->m);
    diag_free(&k->diag);
    arena_free(&k->arena);
}

/* Each invocation writes its slot, waits, then reads its neighbour's: without the barrier
 * (an invocation run to its end before the next starts) the neighbours read zeros. */
static const char BARRIER[] =
    "var<storage_read_write> @out: array<u32> @group(0) @binding(0)\n"
    "var<workgroup> @tmp: array<u32, 4>\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:ptr<workgroup, array<u32, 4>> = global @tmp\n"
    "  %2:ptr<workgroup, u32> = access %1, %0\n"
    "  %3:u32 = const 10u\n"
    "  %4:u32 = add %0, %3\n"
    "  store %2, %4\n"
    "  workgroup_barrier\n"
    "  %5:u32 = const 1u\n"
    "  %6:u32 = add %0, %5\n"
    "  %7:u32 = const 3u\n"
    "  %8:u32 = bit_and %6, %7\n"
    "  %9:ptr<workgroup, u32> = access %1, %8\n"
    "  %10:u32 = load %9\n"
    "  %11:ptr<storage_read_write, array<u32>> = global @out\n"
    "  %12:ptr<storage_read_write, u32> = access %11, %0\n"
    "  store %12, %10\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(local_invocation_index))\n";

static void barrier_waits_for_the_workgroup(void **state) {
    (void)state;
    Kernel k;
    load(&k, BARRIER);
    uint32_t out[4] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    assert_true(run(&k, 1, 0, &b, 1));
    assert_int_equal(out[0], 11);
    assert_int_equal(out[1], 12);
    assert_int_equal(out[2], 13);
    assert_int_equal(out[3], 10);
    unload(&k);
}

/* subgroup_add of 1 in a workgroup of 48: 32 in the full subgroup, 16 in the short one. */
static const char PARTIAL[] =
    "var<storage_read_write> @out: array<u32> @group(0) @binding(0)\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 1u\n"
    "  %2:u32 = subgroup_add %1\n"
    "  %3:ptr<storage_read_write, array<u32>> = global @out\n"
    "  %4:ptr<storage_read_write, u32> = access %3, %0\n"
    "  store %4, %2\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(48, 1, 1) (builtin(local_invocation_index))\n";

static void partial_subgroup_counts_active_lanes(void **state) {
    (void)state;
    Kernel k;
    load(&k, PARTIAL);
    uint32_t out[48] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    assert_true(run(&k, 1, 0, &b, 1));
    assert_int_equal(out[0], 32);
    assert_int_equal(out[31], 32);
    assert_int_equal(out[32], 16);
    assert_int_equal(out[47], 16);
    assert_true(run(&k, 1, 16, &b, 1));  /* --subgroup-size 16: three full subgroups */
    assert_int_equal(out[0], 16);
    assert_int_equal(out[47], 16);
    unload(&k);
}

/* Writes out[index + 8]: past the end of a 4-element buffer. */
static const char OUT_OF_BOUNDS[] =
    "var<storage_read_write> @数据: array<u32> @group(0) @binding(0)\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 8u\n"
    "  %2:u32 = add %0, %1\n"
    "  %3:ptr<storage_read_write, array<u32>> = global @数据\n"
    "  %4:ptr<storage_read_write, u32> = access %3, %2\n"
    "  store %4, %1\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index))\n";

static void out_of_bounds_is_reported_at_the_access(void **state) {
    (void)state;
    Kernel k;
    load(&k, OUT_OF_BOUNDS);
    uint32_t memory[8] = {1, 2, 3, 4, 0xAAAAAAAAu, 0xAAAAAAAAu, 0xAAAAAAAAu, 0xAAAAAAAAu};
    ExBuffer b = {0, 0, memory, 4 * sizeof *memory};
    assert_false(run(&k, 1, 0, &b, 1));
    assert_true(k.fault.located);
    const char *text = strstr(OUT_OF_BOUNDS, "access %3, %2");
    const char *line_start = strstr(OUT_OF_BOUNDS, "  %4:ptr<storage_read_write, u32>");
    assert_true(k.fault.span.start >= (uint32_t)(line_start - OUT_OF_BOUNDS));
    assert_true(k.fault.span.start <= (uint32_t)(text - OUT_OF_BOUNDS));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "越界访问：下标 8 超出「数据」的长度 4"));
    for (int i = 4; i < 8; i++) assert_int_equal(memory[i], 0xAAAAAAAAu);  /* untouched */
    unload(&k);
}

/* A subgroup op that part of a subgroup skips (the other part waits at a barrier) is a fault. */
static const char DIVERGENT_SUBGROUP[] =
    "var<storage_read_write> @out: array<u32> @group(0) @binding(0)\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 2u\n"
    "  %2:bool = lt %0, %1\n"
    "  %3:u32 = if %2 {\n"
    "    %4:u32 = subgroup_add %1\n"
    "    yield %4\n"
    "  } else {\n"
    "    workgroup_barrier\n"
    "    yield %1\n"
    "  }\n"
    "  %5:ptr<storage_read_write, array<u32>> = global @out\n"
    "  %6:ptr<storage_read_write, u32> = access %5, %0\n"
    "  store %6, %3\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(local_invocation_index))\n";

static void non_uniform_subgroup_op_is_a_fault(void **state) {
    (void)state;
    Kernel k;
    load(&k, DIVERGENT_SUBGROUP);
    uint32_t out[4] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    assert_false(run(&k, 1, 0, &b, 1));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "子组运算须在一致控制流里执行"));
    unload(&k);
}

static void missing_buffer_is_a_fault(void **state) {
    (void)state;
    Kernel k;
    load(&k, PARTIAL);
    assert_false(run(&k, 1, 0, NULL, 0));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "没有给出它的内容"));
    unload(&k);
}

/* ---- limits (issue 30: items 1, 10) ---- */

static void load_formatted(Kernel *k, char *buffer, size_t size, const char *format, uint64_t count) {
    snprintf(buffer, size, format, (unsigned long long)count, (unsigned long long)count);
    load(k, buffer);
}

/* 268,435,455 vec4<u32> of workgroup memory: 4 GiB − 16 B, whose 32-bit size + 16 wrapped to
 * 0 (a heap overflow through the bounds check that saw 4 GiB). */
static const char HUGE_WORKGROUP[] =
    "var<storage_read_write> @out: array<u32> @group(0) @binding(0)\n"
    "var<workgroup> @大: array<vec4<u32>, %llu>\n"
    "\n"
    "fn @f(%%0:u32) {\n"
    "  %%1:u32 = const 200000000u\n"
    "  %%2:ptr<workgroup, array<vec4<u32>, %llu>> = global @大\n"
    "  %%3:ptr<workgroup, vec4<u32>> = access %%2, %%1\n"
    "  %%4:vec4<u32> = construct %%0\n"
    "  store %%3, %%4\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index))\n";

static void huge_workgroup_memory_is_refused(void **state) {
    (void)state;
    char text[1024];
    Kernel k;
    load_formatted(&k, text, sizeof text, HUGE_WORKGROUP, 268435455u);
    assert_false(run(&k, 1, 0, NULL, 0));
    assert_true(k.fault.located);
    assert_int_equal(k.fault.span.start, (uint32_t)(strstr(text, "@大") - text));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message),
                           "工作组变量「大」使工作组内存达到 4294967280 字节，超过 CPU 执行器的上限 1048576 字节"));
    unload(&k);
}

/* Private arrays of 4, 8 and 16 GiB: refused with their real size (their 32-bit sizes
 * wrapped to 0, so each access was "out of bounds of 0 bytes"). */
static const char HUGE_PRIVATE[] =
    "var<private> @大: array<u32, %llu>\n"
    "\n"
    "fn @f(%%0:u32) {\n"
    "  %%1:u32 = const 100000000u\n"
    "  %%2:ptr<private, array<u32, %llu>> = global @大\n"
    "  %%3:ptr<private, u32> = access %%2, %%1\n"
    "  store %%3, %%0\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(local_invocation_index))\n";

static void huge_private_arrays_are_refused_with_their_size(void **state) {
    (void)state;
    static const struct { uint64_t count; const char *bytes; } cases[] = {
        {1073741824u, "达到 4294967296 字节"}, {2147483648u, "达到 8589934592 字节"},
        {4294967295u, "达到 17179869180 字节"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        Kernel k;
        load_formatted(&k, text, sizeof text, HUGE_PRIVATE, cases[i].count);
        assert_false(run(&k, 1, 0, NULL, 0));
        assert_true(k.fault.located);
        const char *message = strbuf_cstr(&k.fault.message);
        assert_non_null(strstr(message, "私有变量「大」使每个调用的私有与函数变量"));
        assert_non_null(strstr(message, cases[i].bytes));
        assert_null(strstr(message, "0 字节，却要"));
        unload(&k);
    }
}

/* ---- atomics (item 17) ---- */

/* Every invocation exchanges 0 for 7 in its own element of a 4-element buffer: the last one
 * is in bounds (the atomic is 4 bytes; the 8-byte result pair is not in memory). */
static const char COMPARE_EXCHANGE[] =
    "type $结果 = struct { old_value: u32, exchanged: bool }\n"
    "var<storage_read_write> @计数: array<atomic<u32>> @group(0) @binding(0)\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:ptr<storage_read_write, array<atomic<u32>>> = global @计数\n"
    "  %2:ptr<storage_read_write, atomic<u32>> = access %1, %0\n"
    "  %3:u32 = const 0u\n"
    "  %4:u32 = const 7u\n"
    "  %5:$结果 = atomic_compare_exchange %2, %3, %4\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(local_invocation_index))\n";

static void compare_exchange_on_the_last_element(void **state) {
    (void)state;
    Kernel k;
    load(&k, COMPARE_EXCHANGE);
    uint32_t memory[4] = {0, 0, 0, 0};
    ExBuffer b = {0, 0, memory, sizeof memory};
    assert_true(run(&k, 1, 0, &b, 1));
    for (int i = 0; i < 4; i++) assert_int_equal(memory[i], 7);
    unload(&k);
}

/* ---- the step budget (item 5) ---- */

static const char ENDLESS[] =
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 1u\n"
    "  %2:u32 = loop (%x.3:u32 = %0) {\n"
    "    %4:u32 = add %x.3, %1\n"
    "    continue %4\n"
    "  }\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index))\n";

static void step_budget_stops_an_endless_loop(void **state) {
    (void)state;
    Kernel k;
    load(&k, ENDLESS);
    k.max_steps = 1000;
    assert_false(run(&k, 1, 0, NULL, 0));
    assert_true(k.fault.located);
    uint32_t add = (uint32_t)(strstr(ENDLESS, "    %4:u32 = add") - ENDLESS);
    uint32_t end = (uint32_t)(strstr(ENDLESS, "  }\n  return") - ENDLESS);
    assert_true(k.fault.span.start >= add && k.fault.span.start < end);  /* an instruction of the loop */
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "执行步数超过上限 1000"));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "（工作组 (0, 0, 0)，局部调用序 0）"));
    unload(&k);
}

/* The budget is the whole dispatch's: one workgroup of BARRIER fits in 1000 steps, a grid
 * of 100 does not. */
static void step_budget_counts_the_whole_dispatch(void **state) {
    (void)state;
    Kernel k;
    load(&k, BARRIER);
    uint32_t out[4] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    k.max_steps = 1000;
    assert_true(run(&k, 1, 0, &b, 1));
    assert_false(run(&k, 100, 0, &b, 1));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "执行步数超过上限 1000"));
    unload(&k);
}

/* ---- barrier instances (item 11) ---- */

/* Invocation i passes the barrier in the loop i + 1 times (the uniformity check would
 * reject this source; the executor must not run it as if the barriers matched). With
 * `bound` in place of the index, every invocation loops equally often: fine. */
static const char BARRIER_LOOP[] =
    "var<storage_read_write> @out: array<u32> @group(0) @binding(0)\n"
    "\n"
    "fn @f(%%0:u32) {\n"
    "  %%1:u32 = const 1u\n"
    "  %%2:u32 = const 0u\n"
    "  %%b.9:u32 = const 2u\n"
    "  %%3:u32 = loop (%%i.4:u32 = %%2) {\n"
    "    %%5:bool = gt %%i.4, %s\n"
    "    if %%5 {\n"
    "      break %%i.4\n"
    "    } else {\n"
    "      yield\n"
    "    }\n"
    "    workgroup_barrier\n"
    "    %%6:u32 = add %%i.4, %%1\n"
    "    continue %%6\n"
    "  }\n"
    "  %%7:ptr<storage_read_write, array<u32>> = global @out\n"
    "  %%8:ptr<storage_read_write, u32> = access %%7, %%0\n"
    "  store %%8, %%3\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(local_invocation_index))\n";

static void barrier_in_a_loop_of_varying_trip_count_is_a_fault(void **state) {
    (void)state;
    char text[2048];
    uint32_t out[4] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    Kernel k;
    snprintf(text, sizeof text, BARRIER_LOOP, "%b.9");
    load(&k, text);
    assert_true(run(&k, 1, 0, &b, 1));
    for (int i = 0; i < 4; i++) assert_int_equal(out[i], 3);
    unload(&k);
    snprintf(text, sizeof text, BARRIER_LOOP, "%0");
    load(&k, text);
    assert_false(run(&k, 1, 0, &b, 1));
    assert_true(k.fault.located);
    assert_int_equal(k.fault.span.start, (uint32_t)(strstr(text, "workgroup_barrier") - text));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "工作组屏障须在一致控制流里执行"));
    unload(&k);
}

/* One barrier instruction in a function called from both arms of a branch: the invocations
 * meet at the same instruction, but through different calls. */
static const char BARRIER_CALLS[] =
    "var<storage_read_write> @out: array<u32> @group(0) @binding(0)\n"
    "\n"
    "fn @wait() {\n"
    "  workgroup_barrier\n"
    "  return\n"
    "}\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 2u\n"
    "  %2:bool = lt %0, %1\n"
    "  if %2 {\n"
    "    call @wait()\n"
    "    yield\n"
    "  } else {\n"
    "    call @wait()\n"
    "    yield\n"
    "  }\n"
    "  %3:ptr<storage_read_write, array<u32>> = global @out\n"
    "  %4:ptr<storage_read_write, u32> = access %3, %0\n"
    "  store %4, %1\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(4, 1, 1) (builtin(local_invocation_index))\n";

static void barrier_reached_through_different_calls_is_a_fault(void **state) {
    (void)state;
    Kernel k;
    load(&k, BARRIER_CALLS);
    uint32_t out[4] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    assert_false(run(&k, 1, 0, &b, 1));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "工作组屏障须在一致控制流里执行"));
    unload(&k);
}

/* ---- subgroup matrix fragments (着十二) and asynchronous copies ---- */

static uint32_t half_pair(float lo, float hi) {
    return (uint32_t)ir_f16_bits(lo) | (uint32_t)ir_f16_bits(hi) << 16;
}

/* Every f16 fragment op in one subgroup of 32. 半: A (16 × 16 f16, words 0–127), a K × N
 * matrix for the transposed load (f16 elements 256–511), and A2, B2 (elements 512–767,
 * 768–1023). A reaches workgroup memory through 异步拷贝 (16 bytes per invocation). 出 gets
 * five tiles: 0 = P = A·Aᵀ in workgroup memory with rows 0–7 then overwritten by zeros
 * (存矩阵片累前八行), loaded back; 1 = the
 * first eight rows of P loaded back from workgroup memory (the rest zero); 2 = P + A·BT
 * (B from the transposed load, C loaded from workgroup memory); 3 = A's first eight rows
 * times Aᵀ; 4 = A2·B2ᵀ, whose sums show the documented order. */
static const char FRAG_F16[] =
    "var<storage_read> @半: array<u32> @group(0) @binding(0)\n"
    "var<storage_read_write> @出: array<f32> @group(0) @binding(1)\n"
    "var<workgroup> @甲乙: array<f16, 256>\n"
    "var<workgroup> @累: array<f32, 256>\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 0u\n"
    "  %2:u32 = const 16u\n"
    "  %3:u32 = const 8u\n"
    "  %4:u32 = const 4u\n"
    "  %5:u32 = mul %0, %3\n"
    "  %6:u32 = mul %0, %4\n"
    "  %7:ptr<workgroup, array<f16, 256>> = global @甲乙\n"
    "  %8:ptr<storage_read, array<u32>> = global @半\n"
    "  async_copy %7, %5, %8, %6\n"
    "  async_commit\n"
    "  async_wait %1\n"
    "  workgroup_barrier\n"
    "  %9:frag_a_f16 = frag_load %7, %1, %2\n"
    "  %10:frag_b_f16 = frag_load %8, %1, %2\n"
    "  %11:frag_acc_f32 = frag_zero\n"
    "  %12:frag_acc_f32 = frag_mma %9, %10, %11\n"
    "  %13:ptr<storage_read_write, array<f32>> = global @出\n"
    "  frag_store %13, %1, %2, %12\n"
    "  %14:ptr<workgroup, array<f32, 256>> = global @累\n"
    "  frag_store %14, %1, %2, %12\n"
    "  %15:frag_acc_f32 = frag_load_rows8 %14, %1, %2\n"
    "  %16:u32 = const 256u\n"
    "  frag_store %13, %16, %2, %15\n"
    "  %17:frag_b_f16 = frag_load_transposed %8, %16, %2\n"
    "  %18:frag_acc_f32 = frag_load %14, %1, %2\n"
    "  %19:frag_acc_f32 = frag_mma %9, %17, %18\n"
    "  %20:u32 = const 512u\n"
    "  frag_store %13, %20, %2, %19\n"
    "  %21:frag_a_f16 = frag_load_rows8 %7, %1, %2\n"
    "  %22:frag_acc_f32 = frag_mma %21, %10, %11\n"
    "  %23:u32 = const 768u\n"
    "  frag_store %13, %23, %2, %22\n"
    "  %24:frag_a_f16 = frag_load %8, %20, %2\n"
    "  %25:frag_b_f16 = frag_load %8, %23, %2\n"
    "  %26:frag_acc_f32 = frag_mma %24, %25, %11\n"
    "  %27:u32 = const 1024u\n"
    "  frag_store %13, %27, %2, %26\n"
    "  frag_store_rows8 %14, %1, %2, %11\n"
    "  %28:frag_acc_f32 = frag_load %14, %1, %2\n"
    "  frag_store %13, %1, %2, %28\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(32, 1, 1) (builtin(local_invocation_index))\n";

static float a_of(uint32_t m, uint32_t k) { return (float)((int)((m + 2 * k) % 7) - 3); }
static float bt_of(uint32_t k, uint32_t n) { return (float)((int)((3 * k + n) % 5) - 2); }

static void fill_halves(uint32_t *words, uint32_t first_element, float (*value)(uint32_t, uint32_t)) {
    for (uint32_t e = 0; e < 256; e += 2)
        words[(first_element + e) / 2] = half_pair(value(e / 16, e % 16), value((e + 1) / 16, (e + 1) % 16));
}

static void fragment_f16_ops_compute_the_documented_products(void **state) {
    (void)state;
    Kernel k;
    load(&k, FRAG_F16);
    static uint32_t in[512];
    static float out[5 * 256];
    memset(in, 0, sizeof in);
    fill_halves(in, 0, a_of);
    fill_halves(in, 256, bt_of);
    /* A2 row 0 = (4096, 1, -4096), B2 row 0 = (4096, 1, 4096): products 2^24, 1, -2^24. Added
     * from k = 0 up with each sum rounded to f32, 2^24 + 1 is 2^24, and the result is 0. */
    in[256] = half_pair(4096.0f, 1.0f), in[257] = half_pair(-4096.0f, 0.0f);
    in[384] = half_pair(4096.0f, 1.0f), in[385] = half_pair(4096.0f, 0.0f);
    for (uint32_t i = 0; i < 5 * 256; i++) out[i] = -1.0f;
    ExBuffer b[2] = {{0, 0, in, sizeof in}, {0, 1, out, sizeof out}};
    if (!run(&k, 1, 0, b, 2)) fail_msg("%s", strbuf_cstr(&k.fault.message));
    for (uint32_t m = 0; m < 16; m++)
        for (uint32_t n = 0; n < 16; n++) {
            float p = 0, q = 0;
            for (uint32_t kk = 0; kk < 16; kk++) p += a_of(m, kk) * a_of(n, kk), q += a_of(m, kk) * bt_of(kk, n);
            uint32_t i = m * 16 + n;
            assert_true(out[i] == (m < 8 ? 0.0f : p));
            assert_true(out[256 + i] == (m < 8 ? p : 0.0f));
            assert_true(out[512 + i] == p + q);
            assert_true(out[768 + i] == (m < 8 ? p : 0.0f));
            assert_true(out[1024 + i] == 0.0f);
        }
    unload(&k);
}

/* s8: 256 invocations write 256 words of four s8 to workgroup memory; A = words 0–127, B =
 * words 128–255 (rows of 8 words); C starts as 0x4B400000 (満整矩阵片累) and the result goes
 * through workgroup memory (存回整矩阵片累) to 出. Eight subgroups do the same. */
static const char FRAG_S8[] =
    "var<storage_read_write> @出: array<u32> @group(0) @binding(0)\n"
    "var<workgroup> @整: array<u32, 512>\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 16842753u\n"
    "  %2:u32 = mul %0, %1\n"
    "  %3:u32 = const 2164227841u\n"
    "  %4:u32 = bit_xor %2, %3\n"
    "  %5:ptr<workgroup, array<u32, 512>> = global @整\n"
    "  %6:ptr<workgroup, u32> = access %5, %0\n"
    "  store %6, %4\n"
    "  workgroup_barrier\n"
    "  %7:u32 = const 0u\n"
    "  %8:u32 = const 8u\n"
    "  %9:u32 = const 128u\n"
    "  %10:frag_a_s8 = frag_load %5, %7, %8\n"
    "  %11:frag_b_s8 = frag_load %5, %9, %8\n"
    "  %12:u32 = const 1262485504u\n"
    "  %13:frag_acc_s32 = frag_fill %12\n"
    "  %14:frag_acc_s32 = frag_mma %10, %11, %13\n"
    "  %15:u32 = const 256u\n"
    "  %16:u32 = const 16u\n"
    "  frag_store %5, %15, %16, %14\n"
    "  workgroup_barrier\n"
    "  %17:u32 = add %0, %15\n"
    "  %18:ptr<workgroup, u32> = access %5, %17\n"
    "  %19:u32 = load %18\n"
    "  %20:ptr<storage_read_write, array<u32>> = global @出\n"
    "  %21:ptr<storage_read_write, u32> = access %20, %0\n"
    "  store %21, %19\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(256, 1, 1) (builtin(local_invocation_index))\n";

static int32_t s8_of(uint32_t word_index, uint32_t k) {
    uint32_t w = (word_index * 16842753u) ^ 2164227841u;
    return (int8_t)(uint8_t)(w >> (8 * (k % 4)));
}

static void fragment_s8_ops_compute_the_documented_products(void **state) {
    (void)state;
    Kernel k;
    load(&k, FRAG_S8);
    uint32_t out[256] = {0};
    ExBuffer b = {0, 0, out, sizeof out};
    if (!run(&k, 1, 0, &b, 1)) fail_msg("%s", strbuf_cstr(&k.fault.message));
    bool negative = false;
    for (uint32_t m = 0; m < 16; m++)
        for (uint32_t n = 0; n < 16; n++) {
            int32_t dot = 0;
            for (uint32_t kk = 0; kk < 32; kk++) dot += s8_of(m * 8 + kk / 4, kk) * s8_of(128 + n * 8 + kk / 4, kk);
            negative = negative || dot < 0;
            assert_int_equal(out[m * 16 + n], 0x4B400000u + (uint32_t)dot);
        }
    assert_true(negative);  /* signed bytes were read as signed */
    unload(&k);
}

/* The accumulator element operations (docs/builtins.md): 源 (256 f32, row after row) is copied
 * to workgroup memory and loaded as C; 出 gets nine tiles: 0 = row sums (the documented tree),
 * 1 = row maxima, 2 = C masked where column − row > −3 with 9, 3 = 转甲 back through a product
 * with an identity B (C·2^-12 rounded to f16, some values subnormal there), 4 = C·0.5 + 1,
 * 5 = max(C, C·0.5), 6 = (C − C·0.5) ÷ C, 7 = 2^(max(C, −4)) · C, 8 = max(C, 0.25) + C. */
static const char FRAG_ELEMENTS[] =
    "var<storage_read> @源: array<f32> @group(0) @binding(0)\n"
    "var<storage_read_write> @出: array<f32> @group(0) @binding(1)\n"
    "var<storage_read> @单位: array<u32> @group(0) @binding(2)\n"
    "var<workgroup> @累: array<f32, 256>\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 0u\n"
    "  %2:u32 = const 16u\n"
    "  %3:u32 = const 32u\n"
    "  %4:u32 = const 256u\n"
    "  %5:ptr<storage_read, array<f32>> = global @源\n"
    "  %6:ptr<workgroup, array<f32, 256>> = global @累\n"
    "  %7:u32 = loop (%8:u32 = %0) {\n"
    "    %9:bool = ge %8, %4\n"
    "    if %9 {\n"
    "      break %8\n"
    "    } else {\n"
    "      yield\n"
    "    }\n"
    "    %10:ptr<storage_read, f32> = access %5, %8\n"
    "    %11:f32 = load %10\n"
    "    %12:ptr<workgroup, f32> = access %6, %8\n"
    "    store %12, %11\n"
    "    %13:u32 = add %8, %3\n"
    "    continue %13\n"
    "  }\n"
    "  workgroup_barrier\n"
    "  %14:frag_acc_f32 = frag_load %6, %1, %2\n"
    "  %15:ptr<storage_read_write, array<f32>> = global @出\n"
    "  %16:frag_acc_f32 = frag_row_sum %14\n"
    "  frag_store %15, %1, %2, %16\n"
    "  %17:frag_acc_f32 = frag_row_max %14\n"
    "  frag_store %15, %4, %2, %17\n"
    "  %18:i32 = const -3i\n"
    "  %19:f32 = const 9.0f\n"
    "  %20:frag_acc_f32 = frag_mask_upper %14, %18, %19\n"
    "  %21:u32 = const 512u\n"
    "  frag_store %15, %21, %2, %20\n"
    "  %47:f32 = const 0.000244140625f\n"
    "  %48:frag_acc_f32 = frag_scale %14, %47\n"
    "  %22:frag_a_f16 = frag_to_a %48\n"
    "  %23:ptr<storage_read, array<u32>> = global @单位\n"
    "  %24:frag_b_f16 = frag_load %23, %1, %2\n"
    "  %25:frag_acc_f32 = frag_zero\n"
    "  %26:frag_acc_f32 = frag_mma %22, %24, %25\n"
    "  %27:u32 = const 768u\n"
    "  frag_store %15, %27, %2, %26\n"
    "  %28:f32 = const 0.5f\n"
    "  %29:f32 = const 1.0f\n"
    "  %30:frag_acc_f32 = frag_scale %14, %28\n"
    "  %31:frag_acc_f32 = frag_add_scalar %30, %29\n"
    "  %32:u32 = const 1024u\n"
    "  frag_store %15, %32, %2, %31\n"
    "  %33:frag_acc_f32 = frag_max %14, %30\n"
    "  %34:u32 = const 1280u\n"
    "  frag_store %15, %34, %2, %33\n"
    "  %35:frag_acc_f32 = frag_sub %14, %30\n"
    "  %36:frag_acc_f32 = frag_div %35, %14\n"
    "  %37:u32 = const 1536u\n"
    "  frag_store %15, %37, %2, %36\n"
    "  %38:f32 = const -4.0f\n"
    "  %39:frag_acc_f32 = frag_max_scalar %14, %38\n"
    "  %40:frag_acc_f32 = frag_exp2 %39\n"
    "  %41:frag_acc_f32 = frag_mul %40, %14\n"
    "  %42:u32 = const 1792u\n"
    "  frag_store %15, %42, %2, %41\n"
    "  %43:f32 = const 0.25f\n"
    "  %44:frag_acc_f32 = frag_max_scalar %14, %43\n"
    "  %45:frag_acc_f32 = frag_add %44, %14\n"
    "  %46:u32 = const 2048u\n"
    "  frag_store %15, %46, %2, %45\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(32, 1, 1) (builtin(local_invocation_index))\n";

/* Row r: 2^24 at column r, 1 at the other columns of its quad pair, small values elsewhere, so
 * summing from column 0 up would differ from the documented tree; f16 rounding cases in row 15. */
static float element_source(uint32_t r, uint32_t c) {
    if (c == r) return 16777216.0f;
    if (c / 2 == r / 2 || c == (r + 8) % 16) return 1.0f;
    return (float)((int)((r * 5 + c * 3) % 11) - 5) * 0.375f + (r == 15 ? 0.00048828125f : 0.0f);
}

static float tree_row_sum(const float *row) {
    float s[4];
    for (uint32_t t = 0; t < 4; t++) s[t] = (row[2 * t] + row[2 * t + 1]) + (row[8 + 2 * t] + row[9 + 2 * t]);
    return (s[0] + s[1]) + (s[2] + s[3]);
}

static void fragment_element_ops_follow_the_documented_semantics(void **state) {
    (void)state;
    Kernel k;
    load(&k, FRAG_ELEMENTS);
    static float src[256], out[9 * 256];
    static uint32_t identity[128];
    for (uint32_t i = 0; i < 256; i++) src[i] = element_source(i / 16, i % 16);
    for (uint32_t i = 0; i < 256; i += 2)
        identity[i / 2] = half_pair(i / 16 == i % 16 ? 1.0f : 0.0f, i / 16 == (i + 1) % 16 ? 1.0f : 0.0f);
    for (uint32_t i = 0; i < 9 * 256; i++) out[i] = -1.0f;
    ExBuffer b[3] = {{0, 0, src, sizeof src}, {0, 1, out, sizeof out}, {0, 2, identity, sizeof identity}};
    if (!run(&k, 1, 0, b, 3)) fail_msg("%s", strbuf_cstr(&k.fault.message));
    for (uint32_t r = 0; r < 16; r++) {
        const float *row = src + r * 16;
        float max = row[0];
        for (uint32_t c = 1; c < 16; c++) max = row[c] > max ? row[c] : max;
        for (uint32_t c = 0; c < 16; c++) {
            uint32_t i = r * 16 + c;
            float x = row[c], half = x * 0.5f;
            assert_true(out[i] == tree_row_sum(row));
            assert_true(out[256 + i] == max);
            assert_true(out[512 + i] == ((int)c - (int)r > -3 ? 9.0f : x));
            assert_true(out[768 + i] == ir_f16_value(ir_f16_bits(x * 0.000244140625f)));
            assert_true(out[1024 + i] == half + 1.0f);
            assert_true(out[1280 + i] == (x > half ? x : half));
            float quotient = (x - half) / x;  /* NaN where x is 0 */
            assert_true(out[1536 + i] == quotient || (isnan(quotient) && isnan(out[1536 + i])));
            assert_true(out[1792 + i] == exp2f(x > -4.0f ? x : -4.0f) * x);
            assert_true(out[2048 + i] == (x > 0.25f ? x : 0.25f) + x);
        }
    }
    /* the tree differs from a sum from column 0 up on row 0 (2^24 + 1 + 1 …) */
    float in_order = 0;
    for (uint32_t c = 0; c < 16; c++) in_order += src[c];
    assert_true(in_order != tree_row_sum(src));
    unload(&k);
}

/* A fragment as a parameter, a result, a loop-carried value and a function variable (格):
 * 16 products of A·Aᵀ summed in a loop through a call, kept in a var, stored. */
static const char FRAG_VALUES[] =
    "var<storage_read> @半: array<u32> @group(0) @binding(0)\n"
    "var<storage_read_write> @出: array<f32> @group(0) @binding(1)\n"
    "\n"
    "fn @加(%0:frag_a_f16, %1:frag_b_f16, %2:frag_acc_f32) -> frag_acc_f32 {\n"
    "  %3:frag_acc_f32 = frag_mma %0, %1, %2\n"
    "  return %3\n"
    "}\n"
    "\n"
    "fn @f() {\n"
    "  %0:u32 = const 16u\n"
    "  %1:u32 = const 0u\n"
    "  %2:ptr<storage_read, array<u32>> = global @半\n"
    "  %3:frag_a_f16 = frag_load %2, %1, %0\n"
    "  %4:frag_b_f16 = frag_load %2, %1, %0\n"
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
    "  %15:ptr<storage_read_write, array<f32>> = global @出\n"
    "  frag_store %15, %1, %0, %14\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(32, 1, 1) ()\n";

static void fragments_are_values_in_the_executor(void **state) {
    (void)state;
    Kernel k;
    load(&k, FRAG_VALUES);
    uint32_t in[128];
    float out[256];
    fill_halves(in, 0, a_of);
    ExBuffer b[2] = {{0, 0, in, sizeof in}, {0, 1, out, sizeof out}};
    if (!run(&k, 1, 0, b, 2)) fail_msg("%s", strbuf_cstr(&k.fault.message));
    for (uint32_t m = 0; m < 16; m++)
        for (uint32_t n = 0; n < 16; n++) {
            float p = 0;
            for (uint32_t kk = 0; kk < 16; kk++) p += a_of(m, kk) * a_of(n, kk);
            assert_true(out[m * 16 + n] == 16 * p);
        }
    unload(&k);
}

/* `continue %n, %b, %a` swaps two loop-carried fragments (words beyond any small buffer):
 * after one trip the second one is the zero tile again. */
static const char FRAG_SWAP[] =
    "var<storage_read> @半: array<u32> @group(0) @binding(0)\n"
    "var<storage_read_write> @出: array<f32> @group(0) @binding(1)\n"
    "\n"
    "fn @f() {\n"
    "  %0:u32 = const 16u\n"
    "  %1:u32 = const 0u\n"
    "  %2:u32 = const 1u\n"
    "  %3:ptr<storage_read, array<u32>> = global @半\n"
    "  %4:frag_a_f16 = frag_load %3, %1, %0\n"
    "  %5:frag_b_f16 = frag_load %3, %1, %0\n"
    "  %6:frag_acc_f32 = frag_zero\n"
    "  %7:frag_acc_f32 = frag_mma %4, %5, %6\n"
    "  %8:frag_acc_f32 = loop (%9:u32 = %1, %10:frag_acc_f32 = %6, %11:frag_acc_f32 = %7) {\n"
    "    %12:bool = ge %9, %2\n"
    "    if %12 {\n"
    "      break %11\n"
    "    } else {\n"
    "      yield\n"
    "    }\n"
    "    %13:u32 = add %9, %2\n"
    "    continue %13, %11, %10\n"
    "  }\n"
    "  %14:ptr<storage_read_write, array<f32>> = global @出\n"
    "  frag_store %14, %1, %0, %8\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(32, 1, 1) ()\n";

static void loop_swaps_fragments(void **state) {
    (void)state;
    Kernel k;
    load(&k, FRAG_SWAP);
    uint32_t in[128];
    float out[256];
    fill_halves(in, 0, a_of);
    for (int i = 0; i < 256; i++) out[i] = -1.0f;
    ExBuffer b[2] = {{0, 0, in, sizeof in}, {0, 1, out, sizeof out}};
    if (!run(&k, 1, 0, b, 2)) fail_msg("%s", strbuf_cstr(&k.fault.message));
    for (int i = 0; i < 256; i++) assert_true(out[i] == 0.0f);
    unload(&k);
}

/* One fragment load, its start and the workgroup size given per test: %0 is the local index,
 * %9 a value read from 参 (u32). */
static char *fragment_kernel(char *buf, size_t size, const char *start, uint32_t workgroup) {
    snprintf(buf, size,
             "var<storage_read> @半: array<u32> @group(0) @binding(0)\n"
             "var<storage_read> @参: array<u32> @group(0) @binding(1)\n"
             "var<storage_read_write> @出: array<f32> @group(0) @binding(2)\n"
             "\n"
             "fn @f(%%0:u32) {\n"
             "  %%1:u32 = const 0u\n"
             "  %%2:u32 = const 16u\n"
             "  %%3:u32 = const 8u\n"
             "  %%4:u32 = mul %%0, %%3\n"
             "  %%5:ptr<storage_read, array<u32>> = global @参\n"
             "  %%6:ptr<storage_read, u32> = access %%5, %%1\n"
             "  %%9:u32 = load %%6\n"
             "  %%7:ptr<storage_read, array<u32>> = global @半\n"
             "  %%8:frag_a_f16 = frag_load %%7, %s, %%2\n"
             "  %%10:frag_acc_f32 = frag_zero\n"
             "  %%11:frag_b_f16 = frag_load %%7, %%1, %%2\n"
             "  %%12:frag_acc_f32 = frag_mma %%8, %%11, %%10\n"
             "  %%13:ptr<storage_read_write, array<f32>> = global @出\n"
             "  frag_store %%13, %%1, %%2, %%12\n"
             "  return\n"
             "}\n"
             "\n"
             "entry @e = compute @f workgroup_size(%u, 1, 1) (builtin(local_invocation_index))\n",
             start, workgroup);
    return buf;
}

static const char *fragment_fault(Kernel *k, const char *start, uint32_t workgroup, uint32_t param,
                                  uint32_t half_words) {
    char text[2048];
    load(k, fragment_kernel(text, sizeof text, start, workgroup));
    static uint32_t in[128];
    static float out[256];
    uint32_t arg[1] = {param};
    ExBuffer b[3] = {{0, 0, in, half_words * 4}, {0, 1, arg, sizeof arg}, {0, 2, out, sizeof out}};
    assert_false(run(k, 1, 0, b, 3));
    assert_true(k->fault.located);
    return strbuf_cstr(&k->fault.message);
}

static void fragment_faults(void **state) {
    (void)state;
    Kernel k;
    /* the kernel runs as it is (start 0, a whole subgroup, memory in bounds) */
    char text[2048];
    load(&k, fragment_kernel(text, sizeof text, "%1", 32));
    uint32_t in[128] = {0}, arg[1] = {0};
    float out[256];
    ExBuffer b[3] = {{0, 0, in, sizeof in}, {0, 1, arg, sizeof arg}, {0, 2, out, sizeof out}};
    assert_true(run(&k, 1, 0, b, 3));
    unload(&k);
    /* a start that differs per lane */
    assert_non_null(strstr(fragment_fault(&k, "%4", 32, 0, 128), "子组矩阵片运算的操作数须在整个子组里相同"));
    unload(&k);
    /* a start that is not a multiple of 8 (only known at run time) */
    assert_non_null(strstr(fragment_fault(&k, "%9", 32, 12, 128), "子组矩阵片的「起」按元素算，须是 8 的倍数（着十二），此处是 12"));
    unload(&k);
    /* a region beyond the buffer: 16 rows of 16 f16 need 128 words, there are 100 */
    assert_non_null(strstr(fragment_fault(&k, "%1", 32, 0, 100), "越界访问：「半」只有 400 字节"));
    unload(&k);
    /* a workgroup of 48: the second subgroup has 16 of its 32 invocations */
    assert_non_null(strstr(fragment_fault(&k, "%1", 48, 0, 128), "子组矩阵片运算须由整个子组（32 个调用）一起执行：工作组的最后一个子组只有 16 个调用"));
    unload(&k);
}

/* Half of the subgroup takes the branch with the fragment op, the other half returns. */
static const char FRAG_DIVERGENT[] =
    "var<storage_read_write> @出: array<f32> @group(0) @binding(0)\n"
    "\n"
    "fn @f(%0:u32) {\n"
    "  %1:u32 = const 16u\n"
    "  %2:bool = lt %0, %1\n"
    "  if %2 {\n"
    "    %3:frag_acc_f32 = frag_zero\n"
    "    %4:ptr<storage_read_write, array<f32>> = global @出\n"
    "    %5:u32 = const 0u\n"
    "    frag_store %4, %5, %1, %3\n"
    "    yield\n"
    "  } else {\n"
    "    yield\n"
    "  }\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(32, 1, 1) (builtin(local_invocation_index))\n";

static void non_uniform_fragment_op_is_a_fault(void **state) {
    (void)state;
    Kernel k;
    load(&k, FRAG_DIVERGENT);
    float out[256];
    for (int i = 0; i < 256; i++) out[i] = 1.0f;
    ExBuffer b = {0, 0, out, sizeof out};
    assert_false(run(&k, 1, 0, &b, 1));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "子组矩阵片运算须由整个子组（32 个调用）一起执行：子组的第 16 个调用已经返回"));
    assert_true(out[0] == 1.0f);  /* nothing stored */
    unload(&k);
}

/* 异步拷贝 with the workgroup element index and the storage word index read from 参. */
static const char ASYNC[] =
    "var<storage_read> @源: array<u32> @group(0) @binding(0)\n"
    "var<storage_read> @参: array<u32> @group(0) @binding(1)\n"
    "var<storage_read_write> @出: array<u32> @group(0) @binding(2)\n"
    "var<workgroup> @暂: array<f16, 16>\n"
    "\n"
    "fn @f() {\n"
    "  %0:u32 = const 0u\n"
    "  %1:u32 = const 1u\n"
    "  %2:ptr<storage_read, array<u32>> = global @参\n"
    "  %3:ptr<storage_read, u32> = access %2, %0\n"
    "  %4:u32 = load %3\n"
    "  %5:ptr<storage_read, u32> = access %2, %1\n"
    "  %6:u32 = load %5\n"
    "  %7:ptr<workgroup, array<f16, 16>> = global @暂\n"
    "  %8:ptr<storage_read, array<u32>> = global @源\n"
    "  async_copy %7, %4, %8, %6\n"
    "  async_commit\n"
    "  async_wait %0\n"
    "  %9:ptr<workgroup, f16> = access %7, %4\n"
    "  %10:f16 = load %9\n"
    "  %11:u32 = convert %10\n"
    "  %12:ptr<storage_read_write, array<u32>> = global @出\n"
    "  %13:ptr<storage_read_write, u32> = access %12, %0\n"
    "  store %13, %11\n"
    "  return\n"
    "}\n"
    "\n"
    "entry @e = compute @f workgroup_size(1, 1, 1) ()\n";

static bool run_async(Kernel *k, uint32_t dst, uint32_t src, uint32_t *result) {
    uint32_t source[8] = {half_pair(1, 2), half_pair(3, 4), half_pair(5, 6), half_pair(7, 8),
                          half_pair(9, 10), half_pair(11, 12), half_pair(13, 14), half_pair(15, 16)};
    uint32_t arg[2] = {dst, src};
    ExBuffer b[3] = {{0, 0, source, sizeof source}, {0, 1, arg, sizeof arg}, {0, 2, result, 4}};
    strbuf_clear(&k->fault.message);
    return run(k, 1, 0, b, 3);
}

static void async_copy_moves_sixteen_bytes(void **state) {
    (void)state;
    Kernel k;
    load(&k, ASYNC);
    uint32_t result = 0;
    assert_true(run_async(&k, 8, 4, &result));
    assert_int_equal(result, 9);  /* element 8 of 暂 = the low half of word 4 */
    assert_false(run_async(&k, 12, 0, &result));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "「异步拷贝」的工作组元素序须是 8 的倍数（十六字节对齐），此处是 12"));
    assert_false(run_async(&k, 0, 2, &result));
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "「异步拷贝」的存储字序须是 4 的倍数（十六字节对齐），此处是 2"));
    assert_false(run_async(&k, 16, 0, &result));  /* 暂 has 16 elements: 16–23 are outside */
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "越界访问：「暂」只有 32 字节"));
    assert_false(run_async(&k, 0, 8, &result));   /* 源 has 8 words */
    assert_non_null(strstr(strbuf_cstr(&k.fault.message), "越界访问：「源」只有 32 字节"));
    unload(&k);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integers_wrap),
        cmocka_unit_test(wgsl_division_and_shifts),
        cmocka_unit_test(agrees_with_const_eval),
        cmocka_unit_test(f16_rounds_to_nearest_even),
        cmocka_unit_test(float_to_integer_saturates),
        cmocka_unit_test(barrier_waits_for_the_workgroup),
        cmocka_unit_test(partial_subgroup_counts_active_lanes),
        cmocka_unit_test(out_of_bounds_is_reported_at_the_access),
        cmocka_unit_test(non_uniform_subgroup_op_is_a_fault),
        cmocka_unit_test(missing_buffer_is_a_fault),
        cmocka_unit_test(huge_workgroup_memory_is_refused),
        cmocka_unit_test(huge_private_arrays_are_refused_with_their_size),
        cmocka_unit_test(compare_exchange_on_the_last_element),
        cmocka_unit_test(barrier_in_a_loop_of_varying_trip_count_is_a_fault),
        cmocka_unit_test(barrier_reached_through_different_calls_is_a_fault),
        cmocka_unit_test(step_budget_stops_an_endless_loop),
        cmocka_unit_test(step_budget_counts_the_whole_dispatch),
        cmocka_unit_test(fragment_f16_ops_compute_the_documented_products),
        cmocka_unit_test(fragment_s8_ops_compute_the_documented_products),
        cmocka_unit_test(fragments_are_values_in_the_executor),
        cmocka_unit_test(fragment_element_ops_follow_the_documented_semantics),
        cmocka_unit_test(loop_swaps_fragments),
        cmocka_unit_test(fragment_faults),
        cmocka_unit_test(non_uniform_fragment_op_is_a_fault),
        cmocka_unit_test(async_copy_moves_sixteen_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
