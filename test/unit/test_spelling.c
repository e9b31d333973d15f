/* Each text target owns its spelling of the YIR ops (targets/wgsl_spelling.c,
 * targets/msl_spelling.c): every op that the shared re-emitter does not write itself and that
 * the target does not write whole or refuse on purpose has a spelling, and no table entry is
 * dead. A new op in ir/ops.def without a spelling fails here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "targets/msl_internal.h"
#include "targets/wgsl_internal.h"

static int check_language(const TeLang *lang) {
    int problems = 0;
    for (int i = 0; i < IR_OP_COUNT; i++) {
        IrOp op = (IrOp)i;
        const char *spelled = lang->spelling[op];
        bool wanted = !te_engine_writes_op(op) && !lang->unspelled(op);
        if (wanted && (!spelled || !spelled[0])) {
            print_error("%s: op %s has no spelling\n", lang->name, ir_op_info(op)->name);
            problems++;
        } else if (!wanted && spelled) {
            print_error("%s: op %s has the unused spelling \"%s\"\n", lang->name, ir_op_info(op)->name, spelled);
            problems++;
        }
    }
    return problems;
}

static void test_every_wgsl_op_is_spelled_or_left_out_on_purpose(void **state) {
    (void)state;
    assert_int_equal(check_language(&wgsl_lang), 0);
}

static void test_every_msl_op_is_spelled_or_left_out_on_purpose(void **state) {
    (void)state;
    assert_int_equal(check_language(&msl_lang), 0);
}

/* The tables are keyed by op, not by position: a few spot checks of each. */
static void test_tables_are_keyed_by_op(void **state) {
    (void)state;
    assert_string_equal(wgsl_lang.spelling[IR_OP_COUNT_ONE_BITS], "countOneBits");
    assert_string_equal(msl_lang.spelling[IR_OP_COUNT_ONE_BITS], "popcount");
    assert_string_equal(wgsl_lang.spelling[IR_OP_INVERSE_SQRT], "inverseSqrt");
    assert_string_equal(msl_lang.spelling[IR_OP_INVERSE_SQRT], "rsqrt");
    assert_string_equal(wgsl_lang.spelling[IR_OP_DISCARD], "discard");
    assert_string_equal(msl_lang.spelling[IR_OP_DISCARD], "discard_fragment()");
    assert_null(wgsl_lang.spelling[IR_OP_CALL]);
    assert_null(msl_lang.spelling[IR_OP_TENSOR_MMA]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_wgsl_op_is_spelled_or_left_out_on_purpose),
        cmocka_unit_test(test_every_msl_op_is_spelled_or_left_out_on_purpose),
        cmocka_unit_test(test_tables_are_keyed_by_op),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
