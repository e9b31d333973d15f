/* ir_reach_each (ir/abi.h): for every function at once, the globals it reaches and the
 * buffers whose length it takes, equal to ir_reach + ir_reach_lengths per function — on a call
 * graph with a shared callee, a function called several times, one called by nobody and a
 * length taken two calls down; and on a cycle of calls (the exact fallback). IrReach
 * (ir_reach_from) equal to ir_reach + ir_reach_lengths, at the cost of what it reaches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ir/abi.h"

static const char DAG[] =
    "var<storage_read_write> @a: array<u32> @group(0) @binding(0)\n"
    "var<storage_read_write> @b: array<u32> @group(0) @binding(1)\n"
    "var<private> @p: u32\n"
    "var<workgroup> @w: u32\n"
    "fn @measure_b() -> u32 {\n"
    "  %0:ptr<storage_read_write, array<u32>> = global @b\n"
    "  %1:u32 = array_length %0\n"
    "  return %1\n"
    "}\n"
    "fn @mid() -> u32 {\n"
    "  %0:u32 = call @measure_b()\n"
    "  %1:u32 = call @measure_b()\n"
    "  %2:ptr<private, u32> = global @p\n"
    "  %3:u32 = load %2\n"
    "  return %3\n"
    "}\n"
    "fn @other() -> u32 {\n"
    "  %0:ptr<storage_read_write, array<u32>> = global @a\n"
    "  %1:u32 = array_length %0\n"
    "  return %1\n"
    "}\n"
    "fn @top() {\n"
    "  %0:u32 = call @mid()\n"
    "  %1:u32 = call @other()\n"
    "  %2:u32 = call @mid()\n"
    "  return\n"
    "}\n"
    "fn @alone() {\n"
    "  %0:ptr<workgroup, u32> = global @w\n"
    "  %1:u32 = load %0\n"
    "  return\n"
    "}\n";

/* Not valid 豫言 (no recursion there), but YIR text can say it. */
static const char CYCLE[] =
    "var<private> @p: u32\n"
    "var<private> @q: u32\n"
    "fn @f() {\n"
    "  %0:ptr<private, u32> = global @p\n"
    "  call @g()\n"
    "  return\n"
    "}\n"
    "fn @g() {\n"
    "  %0:ptr<private, u32> = global @q\n"
    "  call @f()\n"
    "  return\n"
    "}\n";

static IrModule *read_module(Arena *arena, const char *text) {
    SourceMap sources;
    source_map_init(&sources, arena);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    SourceFile *file = source_add(&sources, "reach.yir", text, strlen(text));
    IrModule *m = ir_read(&diag, file);
    if (!m) fail_msg("%s", strbuf_cstr(&diag.text));
    diag_free(&diag);
    return m;
}

/* The set as bools, beside what ir_reach and ir_reach_lengths mark. */
static void expect_set(const IrModule *m, const IrGlobalSet *set, const bool *expected) {
    uint32_t ng = ir_global_count(m), count = 0;
    for (uint32_t g = 0; g < ng; g++) count += expected[g];
    assert_int_equal(set->count, count);
    for (uint32_t k = 0; k < set->count; k++) {
        assert_true(set->ids[k] < ng);
        assert_true(expected[set->ids[k]]);
        if (k) assert_true(set->ids[k - 1] < set->ids[k]);
    }
}

/* What ir_reach + ir_reach_lengths give for f, the reference the other forms are held to:
 * marks over the functions, the globals and the buffers whose length is taken. */
typedef struct ReferenceReach {
    bool *funcs, *used, *measured;
} ReferenceReach;

static ReferenceReach reference_reach(Arena *arena, const IrModule *m, IrFuncId f) {
    uint32_t nf = ir_function_count(m), ng = ir_global_count(m);
    ReferenceReach r = {arena_alloc_array(arena, nf + 1, sizeof *r.funcs), arena_alloc_array(arena, ng + 1, sizeof *r.used),
                        arena_alloc_array(arena, ng + 1, sizeof *r.measured)};
    ir_reach(m, f, r.funcs, r.used);
    ir_reach_lengths(m, r.funcs, r.measured);
    return r;
}

static void expect_like_ir_reach(const char *text) {
    Arena arena;
    arena_init(&arena);
    IrModule *m = read_module(&arena, text);
    uint32_t nf = ir_function_count(m);
    IrGlobalSet *uses = arena_alloc_array(&arena, nf, sizeof *uses);
    IrGlobalSet *lengths = arena_alloc_array(&arena, nf, sizeof *lengths);
    ir_reach_each(&arena, m, uses, lengths);
    for (uint32_t f = 0; f < nf; f++) {
        ReferenceReach r = reference_reach(&arena, m, f);
        expect_set(m, &uses[f], r.used);
        expect_set(m, &lengths[f], r.measured);
    }
    ir_module_free(m);
    arena_free(&arena);
}

static void test_call_graph_sets(void **state) {
    (void)state;
    expect_like_ir_reach(DAG);
    /* and the sets are what the text says: @top reaches @b and @p through @mid, @a through
     * @other, and measures both buffers; @alone only @w */
    Arena arena;
    arena_init(&arena);
    IrModule *m = read_module(&arena, DAG);
    IrGlobalSet uses[5], lengths[5];
    ir_reach_each(&arena, m, uses, lengths);
    IrFuncId top = ir_module_find_function(m, "top"), alone = ir_module_find_function(m, "alone");
    assert_int_equal(uses[top].count, 3);
    assert_int_equal(lengths[top].count, 2);
    assert_int_equal(uses[alone].count, 1);
    assert_int_equal(lengths[alone].count, 0);
    ir_module_free(m);
    arena_free(&arena);
}

static void test_cycle_of_calls(void **state) {
    (void)state;
    expect_like_ir_reach(CYCLE);
}

/* The marks of `marks` are exactly the ids of `list` (count of them, ascending). */
static void expect_marks(const bool *marks, uint32_t n, const uint32_t *list, uint32_t count,
                         const bool *expected) {
    uint32_t want = 0;
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(marks[i], expected[i]);
        want += expected[i];
    }
    assert_int_equal(count, want);
    for (uint32_t k = 0; k < count; k++) {
        assert_true(expected[list[k]]);
        if (k) assert_true(list[k - 1] < list[k]);
    }
}

/* IrReach, one function after another with one object (marks of the last call cleared), is
 * ir_reach + ir_reach_lengths of each: functions, globals and lengths, as marks and as
 * ascending lists; the last call's cost is what it reached. */
static void expect_reach_from_like_ir_reach(const char *text) {
    Arena arena;
    arena_init(&arena);
    IrModule *m = read_module(&arena, text);
    uint32_t nf = ir_function_count(m), ng = ir_global_count(m);
    IrReach reach;
    ir_reach_init(&reach, &arena, m);
    for (uint32_t round = 0; round < 2; round++)
        for (uint32_t f = 0; f < nf; f++) {
            ReferenceReach r = reference_reach(&arena, m, f);
            uint64_t before = reach.steps, cleared = reach.func_count + reach.global_count + reach.length_count;
            ir_reach_from(&reach, f);
            expect_marks(reach.funcs, nf, reach.func_list, reach.func_count, r.funcs);
            expect_marks(reach.globals, ng, reach.global_list, reach.global_count, r.used);
            expect_marks(reach.lengths, ng, reach.length_list, reach.length_count, r.measured);
            uint64_t scanned = 0;
            for (uint32_t k = 0; k < reach.func_count; k++) scanned += ir_function(m, reach.func_list[k])->inst_count;
            assert_int_equal(reach.steps - before, cleared + scanned);
        }
    ir_reach_from(&reach, IR_NONE);  /* not a function: nothing reached, the marks cleared */
    assert_int_equal(reach.func_count + reach.global_count + reach.length_count, 0);
    for (uint32_t f = 0; f < nf; f++) assert_false(reach.funcs[f]);
    for (uint32_t g = 0; g < ng; g++) assert_false(reach.globals[g] || reach.lengths[g]);
    ir_module_free(m);
    arena_free(&arena);
}

static void test_reach_from_one_function_after_another(void **state) {
    (void)state;
    expect_reach_from_like_ir_reach(DAG);
    expect_reach_from_like_ir_reach(CYCLE);
}

/* A module of many independent entry functions: reaching each in turn costs each one's own
 * instructions (plus clearing its marks), not the module's size per call. */
static void test_reach_from_cost_is_what_is_reached(void **state) {
    (void)state;
    enum { FUNCTIONS = 500 };
    StrBuf text;
    strbuf_init(&text);
    strbuf_puts(&text, "var<private> @p: u32\n");
    for (int i = 0; i < FUNCTIONS; i++)
        strbuf_printf(&text, "fn @f%d() {\n  %%0:ptr<private, u32> = global @p\n  return\n}\n", i);
    Arena arena;
    arena_init(&arena);
    IrModule *m = read_module(&arena, strbuf_cstr(&text));
    IrReach reach;
    ir_reach_init(&reach, &arena, m);
    for (uint32_t f = 0; f < FUNCTIONS; f++) ir_reach_from(&reach, f);
    /* each call: 2 instructions, then 1 function and 1 global cleared by the next */
    assert_int_equal(reach.steps, FUNCTIONS * 2 + (FUNCTIONS - 1) * 2);
    ir_module_free(m);
    arena_free(&arena);
    strbuf_free(&text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_call_graph_sets),
        cmocka_unit_test(test_cycle_of_calls),
        cmocka_unit_test(test_reach_from_one_function_after_another),
        cmocka_unit_test(test_reach_from_cost_is_what_is_reached),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
