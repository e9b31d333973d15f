/* Runs of asynchronous warpgroup MMAs (ir/tensor_run.h): which calls after a 张量片异步乘加 one
 * wider MMA may compute with it — B tiles proven 4096 elements apart through chains of adds,
 * one A, one array, one layout, nothing in between that writes memory, accumulators defined
 * before the run — and which waits are one. (test_ptx: the PTX of a run.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "yir_fixture.h"
#include "tensor_run_yir.h"

#include "ir/ops.h"
#include "ir/tensor_run.h"

/* The run from the first instruction of `op` in @乘加 of `text`. */
static uint32_t run_length_of(const char *text, IrOp op) {
    Ctx c;
    ctx_init(&c);
    IrModule *m = ctx_read_verified(&c, "块.yir", text, strlen(text));
    const IrFunction *f = ir_function(m, ir_module_find_function(m, "乘加"));
    const IrBlock *body = ir_block(f, f->body);
    uint32_t position = 0;
    while (ir_inst(f, body->insts[position])->op != op) position++;
    IrTensorRun run = ir_tensor_run(m, f, body, position);
    ir_module_free(m);
    ctx_free(&c);
    return run.count;
}

static uint32_t run_of(const Member *members, unsigned count) {
    Yir y;
    return run_length_of(build(&y, members, count), IR_OP_TENSOR_MMA_ASYNC);
}

static uint32_t wait_run_of(const Member *members, unsigned count) {
    Yir y;
    return run_length_of(build(&y, members, count), IR_OP_TENSOR_WAIT);
}

static void test_four_tiles_one_after_another_are_one_run(void **state) {
    (void)state;
    Member four[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, NULL, false, 0, NULL}, {0, 8192, 0, NULL, false, 0, NULL}, {0, 12288, 0, NULL, false, 0, NULL}};
    assert_int_equal(run_of(four, 4), 4);
    Member two[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, NULL, false, 0, NULL}};
    assert_int_equal(run_of(two, 2), 2);
}

static void test_offsets_are_proven_through_chains_of_adds(void **state) {
    (void)state;
    /* 乙 + 8192 in two adds of 4096, then 乙 + 12288 in three of 4096, …: still tile by tile. */
    Member chained[] = {{0, 4096, 1, NULL, false, 0, NULL}, {0, 8192, 2, NULL, false, 0, NULL}, {0, 12288, 3, NULL, false, 0, NULL}};
    assert_int_equal(run_of(chained, 3), 3);
}

static void test_at_most_four_tiles(void **state) {
    (void)state;
    Member five[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, NULL, false, 0, NULL}, {0, 8192, 0, NULL, false, 0, NULL},
                     {0, 12288, 0, NULL, false, 0, NULL}, {0, 16384, 0, NULL, false, 0, NULL}};
    assert_int_equal(run_of(five, 5), 4);
}

static void test_anything_else_ends_the_run(void **state) {
    (void)state;
    Member gap[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 8192, 0, NULL, false, 0, NULL}};  /* not the next tile */
    assert_int_equal(run_of(gap, 2), 1);
    Member backwards[] = {{0, 4096, 0, NULL, false, 0, NULL}, {0, 0, 0, NULL, false, 0, NULL}};
    assert_int_equal(run_of(backwards, 2), 1);
    Member other_a[] = {{0, 0, 0, NULL, false, 0, NULL}, {4096, 4096, 0, NULL, false, 0, NULL}};
    assert_int_equal(run_of(other_a, 2), 1);
    Member barrier[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, "workgroup_barrier", false, 0, NULL}};
    assert_int_equal(run_of(barrier, 2), 1);
    Member chained_acc[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, NULL, true, 0, NULL}};  /* needs the first's result */
    assert_int_equal(run_of(chained_acc, 2), 1);
    Member committed[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, "tensor_commit", false, 0, NULL}};
    assert_int_equal(run_of(committed, 2), 1);
}

/* Waits one after another for the same number of pending groups are one wait (whatever their
 * accumulators); another count or a write between ends the run. */
static void test_waits_for_the_same_count_are_one_run(void **state) {
    (void)state;
    Member four[] = {{0, 0, 0, NULL, false, 1, NULL}, {0, 8192, 0, NULL, false, 1, NULL},
                     {4096, 0, 0, NULL, false, 1, NULL}, {0, 0, 0, NULL, false, 1, NULL}};
    assert_int_equal(wait_run_of(four, 4), 4);
    Member counts[] = {{0, 0, 0, NULL, false, 1, NULL}, {0, 4096, 0, NULL, false, 0, NULL}};
    assert_int_equal(wait_run_of(counts, 2), 1);
    Member barrier[] = {{0, 0, 0, NULL, false, 0, NULL}, {0, 4096, 0, NULL, false, 0, "workgroup_barrier"}};
    assert_int_equal(wait_run_of(barrier, 2), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_four_tiles_one_after_another_are_one_run),
        cmocka_unit_test(test_offsets_are_proven_through_chains_of_adds),
        cmocka_unit_test(test_at_most_four_tiles),
        cmocka_unit_test(test_anything_else_ends_the_run),
        cmocka_unit_test(test_waits_for_the_same_count_are_one_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
