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

#include "ir/fragment.h"
#include "ir/wgsl_builtins.h"
#include "passes/pass.h"
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

/* WGSL's builtin names are one table (ir/wgsl_builtins.def): the WGSL target spells a call
 * with exactly that name, every call-like spelling of the target comes from it, and the
 * uniformity pass names an op with it. Two copies that drift apart fail here. */
static void test_wgsl_builtin_names_are_one_table(void **state) {
    (void)state;
    int shared = 0;
    for (int i = 0; i < IR_OP_COUNT; i++) {
        IrOp op = (IrOp)i;
        const char *builtin = ir_wgsl_builtin_name(op);
        const char *spelled = wgsl_lang.spelling[op];
        if (builtin) {
            shared++;
            assert_non_null(spelled);
            assert_string_equal(spelled, builtin);
            assert_string_equal(pass_uniformity_op_name(op), builtin);
        } else if (spelled && op != IR_OP_DISCARD) {
            if (spelled[0] >= 'a' && spelled[0] <= 'z')
                fail_msg("WGSL spells %s as the call %s outside ir/wgsl_builtins.def", ir_op_info(op)->name, spelled);
        }
        if (ir_op_needs_uniform(op) && !ir_op_is_fragment(op) && !ir_op_is_tensor(op) && !builtin)
            fail_msg("the uniformity pass has no WGSL name for %s", ir_op_info(op)->name);
    }
    assert_true(shared > 60);
    assert_null(ir_wgsl_builtin_name(IR_OP_ADD));
    assert_null(ir_wgsl_builtin_name((IrOp)IR_OP_COUNT));
    assert_string_equal(ir_wgsl_builtin_name(IR_OP_STORAGE_BARRIER), "storageBarrier");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_wgsl_op_is_spelled_or_left_out_on_purpose),
        cmocka_unit_test(test_every_msl_op_is_spelled_or_left_out_on_purpose),
        cmocka_unit_test(test_tables_are_keyed_by_op),
        cmocka_unit_test(test_wgsl_builtin_names_are_one_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
