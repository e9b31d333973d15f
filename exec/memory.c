/* Register words <-> memory in the WGSL layout, with the layout facts of ir/types.c: f16
 * takes 2 bytes (its value in registers is the f32 of the same value), bool 4, every other
 * scalar 4; vectors are packed; matrices are arrays of columns; arrays use
 * ir_type_array_stride, structs ir_struct_field_offset. */
#include <string.h>

#include "internal.h"

static uint64_t type_words_wide(const IrTypeTable *types, IrTypeId type) {
    const IrType *t = ir_type(types, type);
    if (!t) return 0;
    switch (t->kind) {
    case IR_TYPE_BOOL: case IR_TYPE_SCALAR: case IR_TYPE_ATOMIC: return 1;
    case IR_TYPE_VECTOR: return t->count;
    case IR_TYPE_MATRIX: return (uint64_t)t->count * t->cols;
    case IR_TYPE_ARRAY: {
        uint64_t elem = type_words_wide(types, t->elem);
        return elem && t->count > UINT64_MAX / elem ? UINT64_MAX : t->count * elem;
    }
    case IR_TYPE_POINTER: return 2;
    case IR_TYPE_FRAGMENT:
        return t->fragment == IR_FRAG_TENSOR_ACC_F32 ? EX_TENSOR_WORDS : ex_fragment_words(t->fragment);
    case IR_TYPE_STRUCT: {
        uint64_t n = 0;
        for (uint32_t i = 0; i < t->field_count; i++) {
            uint64_t w = type_words_wide(types, t->fields[i].type);
            if (!w) return 0;
            n = n > UINT64_MAX - w ? UINT64_MAX : n + w;
        }
        return n;
    }
    default: return 0;
    }
}

uint32_t ex_type_words(const IrTypeTable *types, IrTypeId type) {
    uint64_t words = type_words_wide(types, type);
    return words > UINT32_MAX ? UINT32_MAX : (uint32_t)words;
}

uint64_t ex_memory_bytes(const IrTypeTable *types, IrTypeId type) {
    const IrType *t = ir_type(types, type);
    if (t && t->kind == IR_TYPE_FRAGMENT) return (uint64_t)ex_type_words(types, type) * 4;
    return ir_type_size_wide(types, type);
}

static bool is_half(const IrType *t) { return t->kind == IR_TYPE_SCALAR && t->width == 16; }

/* The stride of a member that repeats (vector lane, matrix column, array element) and how
 * many there are; false for scalars and structs. */
static bool repeated(const IrTypeTable *types, IrTypeId type, IrTypeId *member, uint32_t *stride,
                     uint32_t *count) {
    const IrType *t = ir_type(types, type);
    switch (t->kind) {
    case IR_TYPE_VECTOR:
        *member = t->elem;
        *stride = ir_type_size(types, t->elem);
        *count = t->count;
        return true;
    case IR_TYPE_MATRIX:
        *member = t->column;
        *stride = ir_type_size(types, type) / t->cols;
        *count = t->cols;
        return true;
    case IR_TYPE_ARRAY:
        *member = t->elem;
        *stride = ir_type_array_stride(types, type);
        *count = t->count;
        return true;
    default:
        return false;
    }
}

/* An array of 32-bit scalars with a 4-byte stride: its memory is exactly its words. */
static bool packed_words(const IrTypeTable *types, IrTypeId member, uint32_t stride, uint32_t words) {
    const IrType *m = ir_type(types, member);
    return stride == 4 && words == 1 && !is_half(m) &&
           (m->kind == IR_TYPE_SCALAR || m->kind == IR_TYPE_BOOL || m->kind == IR_TYPE_ATOMIC);
}

void ex_mem_load(const IrTypeTable *types, IrTypeId type, const uint8_t *mem, uint32_t *words) {
    const IrType *t = ir_type(types, type);
    if (t->kind == IR_TYPE_FRAGMENT) {  /* a 格 of a fragment: its register words */
        memcpy(words, mem, ex_type_words(types, type) * 4u);
        return;
    }
    if (t->kind == IR_TYPE_SCALAR || t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_ATOMIC) {
        if (is_half(t)) {
            uint16_t h;
            memcpy(&h, mem, sizeof h);
            words[0] = ex_bits(ir_f16_value(h));
        } else {
            memcpy(words, mem, 4);
        }
        return;
    }
    IrTypeId member;
    uint32_t stride, count;
    if (repeated(types, type, &member, &stride, &count)) {
        uint32_t w = ex_type_words(types, member);
        if (packed_words(types, member, stride, w)) {
            memcpy(words, mem, (size_t)count * 4);  /* 32-bit lanes, no padding: one copy */
            return;
        }
        for (uint32_t i = 0; i < count; i++) ex_mem_load(types, member, mem + (size_t)i * stride, words + i * w);
        return;
    }
    uint32_t at = 0;
    for (uint32_t i = 0; i < t->field_count; i++) {
        ex_mem_load(types, t->fields[i].type, mem + ir_struct_field_offset(types, type, i), words + at);
        at += ex_type_words(types, t->fields[i].type);
    }
}

void ex_mem_store(const IrTypeTable *types, IrTypeId type, uint8_t *mem, const uint32_t *words) {
    const IrType *t = ir_type(types, type);
    if (t->kind == IR_TYPE_FRAGMENT) {  /* a 格 of a fragment: its register words */
        memcpy(mem, words, ex_type_words(types, type) * 4u);
        return;
    }
    if (t->kind == IR_TYPE_SCALAR || t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_ATOMIC) {
        if (is_half(t)) {
            uint16_t h = ir_f16_bits(ex_f32(words[0]));
            memcpy(mem, &h, sizeof h);
        } else {
            memcpy(mem, words, 4);
        }
        return;
    }
    IrTypeId member;
    uint32_t stride, count;
    if (repeated(types, type, &member, &stride, &count)) {
        uint32_t w = ex_type_words(types, member);
        if (packed_words(types, member, stride, w)) {
            memcpy(mem, words, (size_t)count * 4);
            return;
        }
        for (uint32_t i = 0; i < count; i++) ex_mem_store(types, member, mem + (size_t)i * stride, words + i * w);
        return;
    }
    uint32_t at = 0;
    for (uint32_t i = 0; i < t->field_count; i++) {
        ex_mem_store(types, t->fields[i].type, mem + ir_struct_field_offset(types, type, i), words + at);
        at += ex_type_words(types, t->fields[i].type);
    }
}
