/* YIR types: interning gives handle equality; layout follows WGSL storage rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ir/ir.h"

static void test_interning_gives_handle_equality(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    assert_int_equal(ir_type_u32(t), ir_type_scalar(t, IR_UINT, 32));
    assert_int_not_equal(ir_type_u32(t), ir_type_i32(t));
    assert_int_not_equal(ir_type_f16(t), ir_type_f32(t));
    IrTypeId v3 = ir_type_vector(t, ir_type_u32(t), 3);
    assert_int_equal(v3, ir_type_vector(t, ir_type_u32(t), 3));
    assert_int_not_equal(v3, ir_type_vector(t, ir_type_u32(t), 4));
    IrTypeId p1 = ir_type_pointer(t, IR_SPACE_STORAGE_READ, ir_type_runtime_array(t, ir_type_u32(t)));
    IrTypeId p2 = ir_type_pointer(t, IR_SPACE_STORAGE_READ_WRITE, ir_type_runtime_array(t, ir_type_u32(t)));
    assert_int_not_equal(p1, p2);  /* the address space is part of the type */
    assert_int_equal(p1, ir_type_pointer(t, IR_SPACE_STORAGE_READ, ir_type_runtime_array(t, ir_type_u32(t))));
    IrField a[] = {{"位置", ir_type_vector(t, ir_type_f32(t), 4)}, {"颜色", ir_type_f32(t)}};
    IrField b[] = {{"位置", ir_type_vector(t, ir_type_f32(t), 4)}, {"颜色", ir_type_u32(t)}};
    IrTypeId s1 = ir_type_struct(t, "顶点", a, 2);
    assert_int_equal(s1, ir_type_struct(t, "顶点", a, 2));
    assert_int_not_equal(s1, ir_type_struct(t, "顶点", b, 2));
    assert_int_not_equal(s1, ir_type_struct(t, "其他", a, 2));
    /* many types force the hash table to grow; old handles stay valid */
    for (uint32_t n = 1; n < 200; n++) ir_type_array(t, ir_type_f32(t), n);
    assert_int_equal(ir_type_array(t, ir_type_f32(t), 7), ir_type_array(t, ir_type_f32(t), 7));
    assert_int_equal(s1, ir_type_struct(t, "顶点", a, 2));
    ir_module_free(m);
}

static void test_invalid_combinations_are_rejected(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    assert_int_equal(ir_type_scalar(t, IR_SINT, 16), IR_NO_TYPE);  /* no i16 in WGSL */
    assert_int_equal(ir_type_vector(t, ir_type_f32(t), 5), IR_NO_TYPE);
    assert_int_equal(ir_type_matrix(t, ir_type_u32(t), 2, 2), IR_NO_TYPE);
    assert_int_equal(ir_type_atomic(t, ir_type_f32(t)), IR_NO_TYPE);
    assert_int_equal(ir_type_array(t, ir_type_sampler(t), 4), IR_NO_TYPE);
    IrTypeId rt = ir_type_runtime_array(t, ir_type_u32(t));
    assert_int_equal(ir_type_array(t, rt, 2), IR_NO_TYPE);  /* runtime arrays only last in a struct */
    IrField bad[] = {{"甲", rt}, {"乙", ir_type_u32(t)}};
    assert_int_equal(ir_type_struct(t, "坏", bad, 2), IR_NO_TYPE);
    IrField good[] = {{"乙", ir_type_u32(t)}, {"甲", rt}};
    assert_int_not_equal(ir_type_struct(t, "好", good, 2), IR_NO_TYPE);
    assert_int_equal(ir_type_pointer(t, IR_SPACE_FUNCTION, ir_type_void(t)), IR_NO_TYPE);
    ir_module_free(m);
}

static void test_scalar_and_vector_layout(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    IrTypeId f16 = ir_type_f16(t), f32 = ir_type_f32(t);
    assert_int_equal(ir_type_align(t, f16), 2);
    assert_int_equal(ir_type_size(t, f16), 2);
    assert_int_equal(ir_type_align(t, f32), 4);
    assert_int_equal(ir_type_align(t, ir_type_vector(t, f32, 2)), 8);
    assert_int_equal(ir_type_size(t, ir_type_vector(t, f32, 2)), 8);
    assert_int_equal(ir_type_align(t, ir_type_vector(t, f32, 3)), 16);  /* vec3 aligns like vec4 */
    assert_int_equal(ir_type_size(t, ir_type_vector(t, f32, 3)), 12);
    assert_int_equal(ir_type_align(t, ir_type_vector(t, f32, 4)), 16);
    assert_int_equal(ir_type_size(t, ir_type_vector(t, f32, 4)), 16);
    assert_int_equal(ir_type_align(t, ir_type_vector(t, f16, 3)), 8);
    assert_int_equal(ir_type_size(t, ir_type_vector(t, f16, 3)), 6);
    assert_int_equal(ir_type_align(t, ir_type_atomic(t, ir_type_u32(t))), 4);
    ir_module_free(m);
}

static void test_matrix_array_struct_layout(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    IrTypeId f32 = ir_type_f32(t), f16 = ir_type_f16(t);
    IrTypeId m33 = ir_type_matrix(t, f32, 3, 3);
    assert_int_equal(ir_type_align(t, m33), 16);
    assert_int_equal(ir_type_size(t, m33), 48);  /* three vec3 columns with stride 16 */
    assert_int_equal(ir_type_size(t, ir_type_matrix(t, f32, 4, 4)), 64);
    assert_int_equal(ir_type_size(t, ir_type_matrix(t, f32, 2, 2)), 16);
    assert_int_equal(ir_type_align(t, ir_type_matrix(t, f16, 2, 2)), 4);
    assert_int_equal(ir_type_size(t, ir_type_matrix(t, f16, 3, 3)), 24);
    IrTypeId v3 = ir_type_vector(t, f32, 3);
    assert_int_equal(ir_type_member(t, m33, 1), v3);  /* a matrix column is its vector */

    IrTypeId arr = ir_type_array(t, v3, 4);
    assert_int_equal(ir_type_array_stride(t, arr), 16);
    assert_int_equal(ir_type_size(t, arr), 64);
    assert_int_equal(ir_type_align(t, arr), 16);
    IrTypeId rt = ir_type_runtime_array(t, f32);
    assert_int_equal(ir_type_array_stride(t, rt), 4);
    assert_int_equal(ir_type_size(t, rt), 0);

    IrField fields[] = {{"甲", f32}, {"乙", v3}, {"丙", f16}, {"丁", ir_type_vector(t, f32, 2)}};
    IrTypeId s = ir_type_struct(t, "布局", fields, 4);
    assert_int_equal(ir_struct_field_offset(t, s, 0), 0);
    assert_int_equal(ir_struct_field_offset(t, s, 1), 16);
    assert_int_equal(ir_struct_field_offset(t, s, 2), 28);
    assert_int_equal(ir_struct_field_offset(t, s, 3), 32);
    assert_int_equal(ir_type_align(t, s), 16);
    assert_int_equal(ir_type_size(t, s), 48);  /* 40 rounded up to the struct's alignment */
    assert_int_equal(ir_type_array_stride(t, ir_type_array(t, s, 2)), 48);
    ir_module_free(m);
}

/* Sizes in 64 bits (issue 30): the 32-bit ir_type_size wraps for these; the wide size is
 * exact, saturates instead of wrapping, and ir_type_layout_fits_32 says when the 32-bit
 * queries may be trusted. */
static void test_wide_sizes(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    IrTypeId u32 = ir_type_u32(t), v4 = ir_type_vector(t, u32, 4);
    IrTypeId almost = ir_type_array(t, v4, 268435455u);  /* 4 GiB − 16 B */
    assert_int_equal(ir_type_size_wide(t, almost), 4294967280ull);
    assert_true(ir_type_layout_fits_32(t, almost));
    IrTypeId four = ir_type_array(t, u32, 1073741824u);   /* 4 GiB: 0 in 32 bits */
    assert_int_equal(ir_type_size(t, four), 0);
    assert_int_equal(ir_type_size_wide(t, four), 4294967296ull);
    assert_false(ir_type_layout_fits_32(t, four));
    IrTypeId sixteen = ir_type_array(t, v4, 4294967295u);
    assert_int_equal(ir_type_size_wide(t, sixteen), 68719476720ull);
    IrField fields[] = {{"大", four}, {"尾", u32}};
    IrTypeId s = ir_type_struct(t, "四吉", fields, 2);
    assert_int_equal(ir_type_size(t, s), 4);  /* wrapped */
    assert_int_equal(ir_type_size_wide(t, s), 4294967300ull);
    assert_false(ir_type_layout_fits_32(t, ir_type_runtime_array(t, four)));  /* its element */
    IrTypeId huge = ir_type_array(t, ir_type_array(t, sixteen, 4294967295u), 4294967295u);
    assert_true(ir_type_size_wide(t, huge) == UINT64_MAX);  /* saturates */
    ir_module_free(m);
}

static void test_type_printing(void **state) {
    (void)state;
    IrModule *m = ir_module_new();
    IrTypeTable *t = &m->types;
    StrBuf out;
    strbuf_init(&out);
    IrTypeId p = ir_type_pointer(t, IR_SPACE_STORAGE_READ_WRITE,
                                 ir_type_runtime_array(t, ir_type_vector(t, ir_type_u32(t), 4)));
    ir_print_type(&out, t, p);
    strbuf_puts(&out, " ");
    ir_print_type(&out, t, ir_type_matrix(t, ir_type_f32(t), 4, 3));
    strbuf_puts(&out, " ");
    ir_print_type(&out, t, ir_type_array(t, ir_type_atomic(t, ir_type_i32(t)), 8));
    strbuf_puts(&out, " ");
    ir_print_type(&out, t, ir_type_texture_2d(t, ir_type_f32(t)));
    assert_string_equal(strbuf_cstr(&out),
                        "ptr<storage_read_write, array<vec4<u32>>> mat4x3<f32> array<atomic<i32>, 8> "
                        "texture_2d<f32>");
    strbuf_free(&out);
    ir_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interning_gives_handle_equality),
        cmocka_unit_test(test_invalid_combinations_are_rejected),
        cmocka_unit_test(test_scalar_and_vector_layout),
        cmocka_unit_test(test_matrix_array_struct_layout),
        cmocka_unit_test(test_wide_sizes),
        cmocka_unit_test(test_type_printing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
