/* The YIR executor (exec/, docs/exec.md): each semantic rule on its own — integer
 * wrap-around, WGSL's division and shift rules (and agreement with the shared evaluator's
 * run-time mode wherever that computes a value), f16 rounding, float→integer saturation,
 * barriers (invocations wait for each other), partial subgroups (missing lanes are
 * inactive) and a configurable subgroup size, and out-of-bounds accesses reported at the
 * access instead of touching memory; control flow that is not uniform is a fault too. */
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
    assert_int_equal(ex_scalar(IR_OP_ADD, EX_I32, EX_I32, 0x7FFFFFFFu, 1, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_SUB, EX_U32, EX_U32, 0, 1, 0), 0xFFFFFFFFu);
    assert_int_equal(ex_scalar(IR_OP_MUL, EX_U32, EX_U32, 0x10000u, 0x10000u, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_NEG, EX_I32, EX_I32, 0x80000000u, 0, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_ABS, EX_I32, EX_I32, 0x80000000u, 0, 0), 0x80000000u);
}

static void wgsl_division_and_shifts(void **state) {
    (void)state;
    assert_int_equal(ex_scalar(IR_OP_DIV, EX_U32, EX_U32, 7, 0, 0), 7);          /* e / 0 = e */
    assert_int_equal(ex_scalar(IR_OP_REM, EX_U32, EX_U32, 7, 0, 0), 0);          /* e % 0 = 0 */
    assert_int_equal(ex_scalar(IR_OP_DIV, EX_I32, EX_I32, 0x80000000u, 0xFFFFFFFFu, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_REM, EX_I32, EX_I32, 0x80000000u, 0xFFFFFFFFu, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_DIV, EX_I32, EX_I32, (uint32_t)-7, 2, 0), (uint32_t)-3);  /* truncates */
    assert_int_equal(ex_scalar(IR_OP_REM, EX_I32, EX_I32, (uint32_t)-7, 2, 0), (uint32_t)-1);
    assert_int_equal(ex_scalar(IR_OP_SHL, EX_U32, EX_U32, 1, 33, 0), 2);          /* amount mod 32 */
    assert_int_equal(ex_scalar(IR_OP_SHR, EX_I32, EX_I32, 0x80000000u, 31, 0), 0xFFFFFFFFu);
    assert_int_equal(ex_scalar(IR_OP_SHR, EX_U32, EX_U32, 0x80000000u, 63, 0), 1);
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
                    ExLane lane = t == 0 ? EX_I32 : EX_U32;
                    assert_int_equal(ex_scalar(ops[o], lane, cmp ? EX_BOOL : lane, values[i], values[j], 0),
                                     (uint32_t)out.bits);
                    compared++;
                }
    assert_true(compared > 1000);
    ir_module_free(m);
}

static void f16_rounds_to_nearest_even(void **state) {
    (void)state;
    uint32_t big = ex_bits(2048.0f), one = ex_bits(1.0f), three = ex_bits(3.0f);
    assert_true(ex_f32(ex_scalar(IR_OP_ADD, EX_F16, EX_F16, big, one, 0)) == 2048.0f);   /* 2049: tie, even */
    assert_true(ex_f32(ex_scalar(IR_OP_ADD, EX_F16, EX_F16, big, three, 0)) == 2052.0f); /* 2051: tie, even */
    assert_true(ex_f32(ex_scalar(IR_OP_ADD, EX_F32, EX_F32, big, one, 0)) == 2049.0f);
    assert_true(isinf(ex_f32(ex_scalar(IR_OP_MUL, EX_F16, EX_F16, ex_bits(300.0f), ex_bits(300.0f), 0))));
    assert_true(ex_f32(ex_scalar(IR_OP_CONVERT, EX_F32, EX_F16, ex_bits(0.1f), 0, 0)) == (float)ir_f16_nearest(0.1f));
    assert_true(ex_f32(ex_scalar(IR_OP_CONVERT, EX_F32, EX_F16, ex_bits(0.1f), 0, 0)) != 0.1f);
}

static void float_to_integer_saturates(void **state) {
    (void)state;
    assert_int_equal(ex_scalar(IR_OP_CONVERT, EX_F32, EX_I32, ex_bits(3e9f), 0, 0), 0x7FFFFFFFu);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, EX_F32, EX_I32, ex_bits(-3e9f), 0, 0), 0x80000000u);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, EX_F32, EX_U32, ex_bits(-1.5f), 0, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, EX_F32, EX_U32, ex_bits(NAN), 0, 0), 0);
    assert_int_equal(ex_scalar(IR_OP_CONVERT, EX_F32, EX_I32, ex_bits(-2.75f), 0, 0), (uint32_t)-2);
    assert_true(ex_scalar(IR_OP_NE, EX_F32, EX_BOOL, ex_bits(NAN), ex_bits(NAN), 0) == 1);
    assert_true(ex_scalar(IR_OP_EQ, EX_F32, EX_BOOL, ex_bits(NAN), ex_bits(NAN), 0) == 0);
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
    ExLaunch l = {k->m, ir_entry(k->m, 0), {groups, 1, 1}, buffers, count, subgroup_size, k->max_steps};
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
