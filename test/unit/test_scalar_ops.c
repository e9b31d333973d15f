/* The lane-wise scalar ops (ir/scalar_ops.def, ir/scalar.h): one definition shared by the CPU
 * executor and the constant evaluator. A differential check runs every op on every lane it
 * takes through the executor (one YIR kernel per op and lane, one invocation per operand
 * tuple) and through ir_const_eval in both modes, over edge values (NaN, ±0, ±∞, i32_min and
 * -1, shifts by 32 and more, f16 ties and overflow, an fma whose double rounding differs, a
 * float % of a large quotient): wherever the evaluator gives a value, the executor's bits
 * are the same, and each op and lane is compared at least once. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "test/unit/yir_fixture.h"

#include "exec/exec.h"
#include "ir/ir.h"

/* ---- edge values ---- */

static uint32_t bits_of(float f) {
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static const float FLOATS[] = {
    NAN, 0.0f, -0.0f, INFINITY, -INFINITY, 1.0f, -1.0f, 0.5f, 2.5f, -2.5f, 3.0f, 0.1f, 0.7f,
    1e30f, 65504.0f, 65520.0f, 2049.0f, 1e-8f,
    1.0f + 0x1p-12f, 0x1p-70f,  /* fma(1+2^-12, 1+2^-12, 2^-70): one rounding gives 1+2^-11+2^-23 */
};
static const uint32_t I32S[] = {0, 1, 0xFFFFFFFFu, 2, 7, (uint32_t)-7, 31, 32, 33, 0x7FFFFFFFu, 0x80000000u,
                                0x40000000u};
static const uint32_t U32S[] = {0, 1, 2, 7, 31, 32, 33, 0x10000u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu,
                                0xFFFFFFF9u};
static const uint32_t BOOLS[] = {0, 1};

typedef struct Values {
    uint32_t bits[32];
    uint32_t count;
} Values;

/* f16 lanes hold the f32 of an f16 value: the nearest to each float edge value. */
static Values values_of(IrLane lane) {
    Values v = {{0}, 0};
    const uint32_t *ints = lane == IR_LANE_I32 ? I32S : lane == IR_LANE_U32 ? U32S : BOOLS;
    size_t n = lane == IR_LANE_I32 ? sizeof I32S / sizeof *I32S
               : lane == IR_LANE_U32 ? sizeof U32S / sizeof *U32S : sizeof BOOLS / sizeof *BOOLS;
    if (lane == IR_LANE_F32 || lane == IR_LANE_F16) {
        for (size_t i = 0; i < sizeof FLOATS / sizeof *FLOATS; i++)
            v.bits[v.count++] = bits_of(lane == IR_LANE_F16 ? (float)ir_f16_nearest(FLOATS[i]) : FLOATS[i]);
        return v;
    }
    for (size_t i = 0; i < n; i++) v.bits[v.count++] = ints[i];
    return v;
}

static const char *type_name(IrLane lane) {
    static const char *const NAMES[] = {"bool", "i32", "u32", "f32", "f16"};
    return NAMES[lane];
}

static IrTypeId type_of(IrTypeTable *t, IrLane lane) {
    switch (lane) {
    case IR_LANE_BOOL: return ir_type_bool(t);
    case IR_LANE_I32: return ir_type_i32(t);
    case IR_LANE_U32: return ir_type_u32(t);
    case IR_LANE_F32: return ir_type_f32(t);
    default: return ir_type_f16(t);
    }
}

/* The lane of operand k: a select's condition is a bool, a shift's amount a u32. */
static IrLane operand_lane(IrScalarOp op, IrLane lane, uint32_t k) {
    if (op == IR_SCALAR_SELECT && k == 0) return IR_LANE_BOOL;
    if ((op == IR_SCALAR_SHL || op == IR_SCALAR_SHR) && k == 1) return IR_LANE_U32;
    return lane;
}

/* ---- the kernel: invocation i reads words 4i..4i+2 of @io as the operands, writes 4i+3 ---- */

typedef struct Kernel {
    StrBuf text;
    uint32_t next;  /* the next value number */
} Kernel;

__attribute__((format(printf, 2, 3))) static uint32_t emit(Kernel *k, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    strbuf_printf(&k->text, "  %%%u", k->next);
    strbuf_vprintf(&k->text, format, ap);
    strbuf_putc(&k->text, '\n');
    va_end(ap);
    return k->next++;
}

/* Word `slot` of the invocation's four, as a value of `lane`. */
static uint32_t emit_operand(Kernel *k, uint32_t base, uint32_t slot, IrLane lane) {
    uint32_t offset = emit(k, ":u32 = const %uu", slot);
    uint32_t index = emit(k, ":u32 = add %%%u, %%%u", base, offset);
    uint32_t io = emit(k, ":ptr<storage_read_write, array<u32>> = global @io");
    uint32_t at = emit(k, ":ptr<storage_read_write, u32> = access %%%u, %%%u", io, index);
    uint32_t word = emit(k, ":u32 = load %%%u", at);
    switch (lane) {
    case IR_LANE_U32: return word;
    case IR_LANE_BOOL: {
        uint32_t zero = emit(k, ":u32 = const 0u");
        return emit(k, ":bool = ne %%%u, %%%u", word, zero);
    }
    case IR_LANE_F16: {
        uint32_t f = emit(k, ":f32 = bitcast %%%u", word);
        return emit(k, ":f16 = convert %%%u", f);
    }
    default: return emit(k, ":%s = bitcast %%%u", type_name(lane), word);
    }
}

/* A value of `lane` as the u32 written back (f16 as its f32's bits, bool as 0 or 1). */
static uint32_t emit_result_word(Kernel *k, uint32_t value, IrLane lane) {
    switch (lane) {
    case IR_LANE_U32: return value;
    case IR_LANE_BOOL: return emit(k, ":u32 = convert %%%u", value);
    case IR_LANE_F16: {
        uint32_t f = emit(k, ":f32 = convert %%%u", value);
        return emit(k, ":u32 = bitcast %%%u", f);
    }
    default: return emit(k, ":u32 = bitcast %%%u", value);
    }
}

static void kernel_text(Kernel *k, IrScalarOp op, IrLane lane, IrLane out) {
    strbuf_init(&k->text);
    k->next = 1;
    strbuf_puts(&k->text, "var<storage_read_write> @io: array<u32> @group(0) @binding(0)\n\nfn @f(%0:vec3<u32>) {\n");
    uint32_t id = emit(k, ":u32 = extract %%0, 0");
    uint32_t four = emit(k, ":u32 = const 4u");
    uint32_t base = emit(k, ":u32 = mul %%%u, %%%u", id, four);
    uint32_t args[3];
    uint32_t arity = ir_scalar_arity(op);
    for (uint32_t i = 0; i < arity; i++) args[i] = emit_operand(k, base, i, operand_lane(op, lane, i));
    StrBuf operands;
    strbuf_init(&operands);
    for (uint32_t i = 0; i < arity; i++) strbuf_printf(&operands, "%s%%%u", i ? ", " : "", args[i]);
    uint32_t result = emit(k, ":%s = %s %s", type_name(out), ir_op_info(ir_scalar_ir_op(op))->name,
                           strbuf_cstr(&operands));
    strbuf_free(&operands);
    uint32_t word = emit_result_word(k, result, out);
    uint32_t three = emit(k, ":u32 = const 3u");
    uint32_t index = emit(k, ":u32 = add %%%u, %%%u", base, three);
    uint32_t io = emit(k, ":ptr<storage_read_write, array<u32>> = global @io");
    uint32_t at = emit(k, ":ptr<storage_read_write, u32> = access %%%u, %%%u", io, index);
    strbuf_printf(&k->text, "  store %%%u, %%%u\n  return\n}\n\n"
                            "entry @e = compute @f workgroup_size(64, 1, 1) (builtin(global_invocation_id))\n",
                  at, word);
}

/* ---- one op on one lane ---- */

typedef struct Tuples {
    Values operand[3];
    uint32_t arity, count;
} Tuples;

static void tuple(const Tuples *t, uint32_t i, uint32_t *out) {
    for (uint32_t k = 0; k < t->arity; k++) {
        out[k] = t->operand[k].bits[i % t->operand[k].count];
        i /= t->operand[k].count;
    }
}

/* Runs the kernel over every tuple; the words come back in `io` (4 per tuple). */
static void run_on_executor(IrScalarOp op, IrLane lane, IrLane out, const Tuples *t, uint32_t *io,
                            uint32_t groups) {
    Kernel k;
    kernel_text(&k, op, lane, out);
    Ctx c;
    ctx_init(&c);
    IrModule *m = ctx_read_verified(&c, "标量.yir", strbuf_cstr(&k.text), k.text.len);
    for (uint32_t i = 0; i < t->count; i++) tuple(t, i, &io[4 * i]);
    ExBuffer buffer = {0, 0, io, (size_t)groups * 64 * 4 * sizeof *io};
    ExLaunch launch = {m, ir_entry(m, 0), {groups, 1, 1}, &buffer, 1, 0, 0, NULL, 0};
    ExFault fault;
    memset(&fault, 0, sizeof fault);
    strbuf_init(&fault.message);
    if (!ex_run(&launch, &fault)) fail_msg("%s on %s: %s", ir_op_info(ir_scalar_ir_op(op))->name, type_name(lane),
                                           strbuf_cstr(&fault.message));
    strbuf_free(&fault.message);
    ir_module_free(m);
    ctx_free(&c);
    strbuf_free(&k.text);
}

/* The evaluator's answer for each tuple in both modes against the executor's word; returns
 * how many values were compared. */
static uint32_t compare_with_const_eval(IrScalarOp op, IrLane lane, IrLane out, const Tuples *t,
                                        const uint32_t *io) {
    IrModule *m = ir_module_new();
    IrTypeId result_type = type_of(&m->types, out);
    IrConstEval modes[2] = {{&m->types, &m->arena, IR_EVAL_CONST_EXPR}, {&m->types, &m->arena, IR_EVAL_RUNTIME}};
    uint32_t compared = 0;
    for (uint32_t i = 0; i < t->count; i++) {
        IrLiteral args[3];
        for (uint32_t k = 0; k < t->arity; k++) {
            args[k] = (IrLiteral){type_of(&m->types, operand_lane(op, lane, k)), io[4 * i + k], NULL, 0};
        }
        for (int mode = 0; mode < 2; mode++) {
            IrLiteral value;
            if (ir_const_eval(&modes[mode], ir_scalar_ir_op(op), result_type, args, t->arity, &value) != IR_EVAL_OK)
                continue;
            if ((uint32_t)value.bits != io[4 * i + 3])
                fail_msg("%s on %s, operands %08x %08x %08x (%s): evaluator %08x, executor %08x",
                         ir_op_info(ir_scalar_ir_op(op))->name, type_name(lane), io[4 * i], io[4 * i + 1],
                         io[4 * i + 2], mode ? "run time" : "constant expression", (uint32_t)value.bits,
                         io[4 * i + 3]);
            compared++;
        }
    }
    ir_module_free(m);
    return compared;
}

static uint32_t check_op(IrScalarOp op, IrLane lane, IrLane out) {
    Tuples t = {{{{0}, 0}}, ir_scalar_arity(op), 1};
    for (uint32_t k = 0; k < t.arity; k++) {
        t.operand[k] = values_of(operand_lane(op, lane, k));
        t.count *= t.operand[k].count;
    }
    uint32_t groups = (t.count + 63) / 64;
    uint32_t *io = test_calloc((size_t)groups * 64 * 4, sizeof *io);
    run_on_executor(op, lane, out, &t, io, groups);
    uint32_t compared = compare_with_const_eval(op, lane, out, &t, io);
    test_free(io);
    if (compared == 0)
        fail_msg("%s on %s: the evaluator gave no value to compare", ir_op_info(ir_scalar_ir_op(op))->name,
                 type_name(lane));
    return compared;
}

static void every_scalar_op_agrees_with_the_executor(void **state) {
    (void)state;
    uint32_t ops = 0, runs = 0;
    for (int o = 0; o < IR_OP_COUNT; o++) {
        IrScalarOp op = ir_scalar_op_of((IrOp)o);
        if (op == IR_SCALAR_NONE) continue;
        ops++;
        for (int lane = IR_LANE_BOOL; lane < IR_LANE_NONE; lane++) {
            if (!ir_scalar_takes(op, (IrLane)lane)) continue;
            if (op != IR_SCALAR_CONVERT) {
                check_op(op, (IrLane)lane, ir_scalar_result_lane(op, (IrLane)lane));
                runs++;
                continue;
            }
            for (int out = IR_LANE_BOOL; out < IR_LANE_NONE; out++, runs++) check_op(op, (IrLane)lane, (IrLane)out);
        }
    }
    assert_int_equal(ops, IR_SCALAR_COUNT);
    assert_true(runs > IR_SCALAR_COUNT);
}

/* scalar_ops.def names ops of ops.def with their operand counts. */
static void the_table_matches_ops_def(void **state) {
    (void)state;
    for (int s = 0; s < IR_SCALAR_COUNT; s++) {
        IrOp op = ir_scalar_ir_op((IrScalarOp)s);
        assert_true(op < IR_OP_COUNT);
        assert_int_equal(ir_scalar_op_of(op), s);
        assert_int_equal(ir_op_info(op)->min_args, ir_scalar_arity((IrScalarOp)s));
        assert_int_equal(ir_op_info(op)->max_args, ir_scalar_arity((IrScalarOp)s));
        assert_int_equal(ir_op_info(op)->effect, IR_PURE);
    }
    assert_int_equal(ir_scalar_op_of(IR_OP_DOT), IR_SCALAR_NONE);
    assert_false(ir_scalar_takes(IR_SCALAR_NEG, IR_LANE_U32));
    assert_true(ir_scalar_takes(IR_SCALAR_NEG, IR_LANE_I32));
}

/* The values the two paths used to compute differently, and a flag for each edge. */
static void edge_values_and_their_flags(void **state) {
    (void)state;
    float a = 1.0f + 0x1p-12f;
    IrScalarValue fma = ir_scalar_eval(IR_SCALAR_FMA, IR_LANE_F32, IR_LANE_F32, bits_of(a), bits_of(a), bits_of(0x1p-70f));
    assert_int_equal(fma.bits, bits_of(1.0f + 0x1p-11f + 0x1p-23f));  /* fmaf, not fma in double rounded again */
    IrScalarValue rem = ir_scalar_eval(IR_SCALAR_REM, IR_LANE_F32, IR_LANE_F32, bits_of(1e30f), bits_of(0.7f), 0);
    assert_int_equal(rem.bits, bits_of((float)fmod(1e30f, 0.7f)));   /* x − y·trunc(x/y) in double gave −2^47 */
    IrScalarValue div = ir_scalar_eval(IR_SCALAR_DIV, IR_LANE_I32, IR_LANE_I32, 0x80000000u, 0xFFFFFFFFu, 0);
    assert_int_equal(div.bits, 0x80000000u);
    assert_int_equal(div.flags, IR_SCALAR_OVERFLOW | IR_SCALAR_VARIES);
    IrScalarValue shl = ir_scalar_eval(IR_SCALAR_SHL, IR_LANE_U32, IR_LANE_U32, 1, 33, 0);
    assert_int_equal(shl.bits, 2);
    assert_int_equal(shl.flags, IR_SCALAR_SHIFT_RANGE | IR_SCALAR_VARIES);
    IrScalarValue tie = ir_scalar_eval(IR_SCALAR_ADD, IR_LANE_F16, IR_LANE_F16, bits_of(2048.0f), bits_of(1.0f), 0);
    assert_int_equal(tie.bits, bits_of(2048.0f));
    assert_int_equal(tie.flags, IR_SCALAR_VARIES);
    IrScalarValue nan = ir_scalar_eval(IR_SCALAR_SQRT, IR_LANE_F32, IR_LANE_F32, bits_of(-1.0f), 0, 0);
    assert_true(nan.flags & IR_SCALAR_NONFINITE);
    IrScalarValue zero = ir_scalar_eval(IR_SCALAR_MUL, IR_LANE_F32, IR_LANE_F32, bits_of(-0.0f), bits_of(1.0f), 0);
    assert_int_equal(zero.bits, 0x80000000u);
    assert_int_equal(zero.flags, 0);
    assert_int_equal(ir_scalar_eval(IR_SCALAR_SQRT, IR_LANE_I32, IR_LANE_I32, 4, 0, 0).flags, IR_SCALAR_UNDEFINED);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_table_matches_ops_def),
        cmocka_unit_test(edge_values_and_their_flags),
        cmocka_unit_test(every_scalar_op_agrees_with_the_executor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
