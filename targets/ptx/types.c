/* YIR types in LLVM: the register form of values, and memory access by byte offsets that
 * follow WGSL's storage layout (ir_type_size/align), which LLVM's own struct layout does not
 * always match (vec3 followed by a scalar). */
#include <string.h>

#include "internal.h"

const IrType *ptx_ty(PtxCtx *px, IrTypeId id) { return ir_type(px->types, id); }

unsigned ptx_space(IrAddressSpace space) {
    switch (space) {
    case IR_SPACE_WORKGROUP: return PTX_AS_SHARED;
    case IR_SPACE_STORAGE_READ: case IR_SPACE_STORAGE_READ_WRITE: case IR_SPACE_UNIFORM:
        return PTX_AS_GLOBAL;
    default: return PTX_AS_GENERIC;  /* function and private: allocas */
    }
}

static LLVMTypeRef scalar_type(PtxCtx *px, const IrType *t) {
    if (t->kind == IR_TYPE_BOOL) return LLVMInt1TypeInContext(px->ctx);
    if (t->scalar == IR_FLOAT)
        return t->width == 16 ? LLVMHalfTypeInContext(px->ctx) : LLVMFloatTypeInContext(px->ctx);
    return LLVMInt32TypeInContext(px->ctx);
}

static LLVMTypeRef make_reg_type(PtxCtx *px, IrTypeId id, Span span) {
    const IrType *t = ptx_ty(px, id);
    if (!t) return NULL;
    switch (t->kind) {
    case IR_TYPE_VOID: return LLVMVoidTypeInContext(px->ctx);
    case IR_TYPE_BOOL: case IR_TYPE_SCALAR: return scalar_type(px, t);
    case IR_TYPE_ATOMIC: return ptx_reg_type(px, t->elem, span);
    case IR_TYPE_VECTOR: {
        LLVMTypeRef elem = ptx_reg_type(px, t->elem, span);
        return elem ? LLVMVectorType(elem, t->count) : NULL;
    }
    case IR_TYPE_MATRIX: {
        LLVMTypeRef col = ptx_reg_type(px, t->column, span);
        return col ? LLVMArrayType2(col, t->cols) : NULL;
    }
    case IR_TYPE_ARRAY: {
        if (t->count == 0) {
            ptx_fail(px, Y_UNSUPPORTED_BY_TARGET, span, "a runtime-sized array cannot be a value", "PTX 目标不能把运行期数组当作值");
            return NULL;
        }
        LLVMTypeRef elem = ptx_reg_type(px, t->elem, span);
        return elem ? LLVMArrayType2(elem, t->count) : NULL;
    }
    case IR_TYPE_STRUCT: {
        LLVMTypeRef *fields = arena_alloc_array(&px->arena, t->field_count + 1, sizeof *fields);
        for (uint32_t i = 0; i < t->field_count; i++)
            if (!(fields[i] = ptx_reg_type(px, t->fields[i].type, span))) return NULL;
        return LLVMStructTypeInContext(px->ctx, fields, t->field_count, false);
    }
    case IR_TYPE_POINTER: return ptx_ptr(px, ptx_space(t->space));
    case IR_TYPE_FRAGMENT: /* four words of A/B, eight accumulator elements (fragment.c); a tensor
                              tile's 32 accumulators (warpgroup.c) */
        if (t->fragment == IR_FRAG_TENSOR_ACC_F32) return ptx_tensor_acc_type(px);
        if (t->fragment == IR_FRAG_ACC_F32) return LLVMVectorType(LLVMFloatTypeInContext(px->ctx), 8);
        return LLVMVectorType(ptx_i32(px), t->fragment == IR_FRAG_ACC_S32 ? 8 : 4);
    case IR_TYPE_TEXTURE_2D: case IR_TYPE_TEXTURE_DEPTH_2D: case IR_TYPE_SAMPLER: case IR_TYPE_SAMPLER_COMPARISON:
        return ptx_i64(px);  /* never used: texture.c takes the objects from the bindings */
    default:
        ptx_fail(px, Y_TARGET_INTERNAL, span, ptx_ascii(px, "internal error: type kind %d has no register form", (int)t->kind),
                 "PTX 目标内部错误：类型（种类 %d）没有寄存器形式", (int)t->kind);
        return NULL;
    }
}

bool ptx_is_handle(PtxCtx *px, IrTypeId id) {
    const IrType *t = ptx_ty(px, id);
    return t && (t->kind == IR_TYPE_TEXTURE_2D || t->kind == IR_TYPE_TEXTURE_DEPTH_2D ||
                 t->kind == IR_TYPE_SAMPLER || t->kind == IR_TYPE_SAMPLER_COMPARISON);
}

LLVMTypeRef ptx_reg_type(PtxCtx *px, IrTypeId id, Span span) {
    if (id >= px->reg_type_count) return NULL;
    if (!px->reg_types[id]) px->reg_types[id] = make_reg_type(px, id, span);
    return px->reg_types[id];
}

/* True when LLVM's layout of the register type is exactly WGSL's, so one load/store moves
 * the whole value. */
static bool layout_matches(PtxCtx *px, IrTypeId id) {
    const IrType *t = ptx_ty(px, id);
    LLVMTypeRef reg = ptx_reg_type(px, id, (Span){0, 0, 0});
    if (!t || !reg) return false;
    switch (t->kind) {
    case IR_TYPE_BOOL: return false;
    case IR_TYPE_SCALAR: case IR_TYPE_ATOMIC: case IR_TYPE_FRAGMENT: return true;
    case IR_TYPE_VECTOR: return ptx_ty(px, t->elem)->kind != IR_TYPE_BOOL;
    case IR_TYPE_MATRIX: return LLVMABISizeOfType(px->td, reg) == ir_type_size(px->types, id);
    case IR_TYPE_ARRAY:
        return t->count > 0 && layout_matches(px, t->elem) &&
               LLVMABISizeOfType(px->td, ptx_reg_type(px, t->elem, (Span){0, 0, 0})) ==
                   ir_type_array_stride(px->types, id);
    case IR_TYPE_STRUCT:
        for (uint32_t i = 0; i < t->field_count; i++)
            if (!layout_matches(px, t->fields[i].type) ||
                LLVMOffsetOfElement(px->td, reg, i) != ir_struct_field_offset(px->types, id, i))
                return false;
        return LLVMABISizeOfType(px->td, reg) == ir_type_size(px->types, id);
    default: return false;
    }
}

LLVMValueRef ptx_byte_gep(FnCtx *fc, LLVMValueRef ptr, LLVMValueRef offset) {
    LLVMTypeRef i8 = LLVMInt8TypeInContext(fc->px->ctx);
    return LLVMBuildInBoundsGEP2(fc->px->b, i8, ptr, &offset, 1, "");
}

LLVMValueRef ptx_element_gep(FnCtx *fc, LLVMValueRef ptr, LLVMValueRef index, uint32_t stride) {
    LLVMTypeRef i8 = LLVMInt8TypeInContext(fc->px->ctx);
    LLVMTypeRef element = stride == 1 ? i8 : LLVMArrayType2(i8, stride);
    return LLVMBuildInBoundsGEP2(fc->px->b, element, ptr, &index, 1, "");
}

static LLVMValueRef member_ptr(FnCtx *fc, LLVMValueRef ptr, uint32_t offset) {
    if (offset == 0) return ptr;
    return ptx_byte_gep(fc, ptr, LLVMConstInt(ptx_i64(fc->px), offset, false));
}

/* Byte offset of member i of a composite (struct field, array element, matrix column). */
static uint32_t member_offset(PtxCtx *px, IrTypeId id, uint32_t i) {
    const IrType *t = ptx_ty(px, id);
    if (t->kind == IR_TYPE_STRUCT) return ir_struct_field_offset(px->types, id, i);
    if (t->kind == IR_TYPE_ARRAY) return i * ir_type_array_stride(px->types, id);
    if (t->kind == IR_TYPE_MATRIX) {
        uint32_t col = ir_type_size(px->types, t->column), align = ir_type_align(px->types, t->column);
        return i * ((col + align - 1) / align * align);
    }
    return i * ir_type_size(px->types, t->elem);  /* vector lanes */
}

/* Aggregates that are copied member by member stay below this many members in total, so a
 * huge array value cannot blow up the translation. */
enum { PTX_MAX_MEMBERWISE = 4096 };

static bool too_many_members(PtxCtx *px, IrTypeId id, Span span) {
    uint32_t n = ir_type_member_count(px->types, id);
    if (n <= PTX_MAX_MEMBERWISE) return false;
    ptx_fail(px, Y_UNSUPPORTED_BY_TARGET, span, ptx_ascii(px, "a value too large to load or store whole (%u members)", n),
             "PTX 目标不能整体读写这么大的值（%u 个成员）", n);
    return true;
}

static LLVMValueRef bool_from_memory(FnCtx *fc, LLVMValueRef word) {
    return LLVMBuildICmp(fc->px->b, LLVMIntNE, word, LLVMConstNull(LLVMTypeOf(word)), "");
}

/* WGSL alignment; fragments (only ever in function-space variables) are LLVM vectors. */
uint32_t ptx_memory_align(PtxCtx *px, IrTypeId type) {
    return ir_type_is_fragment(px->types, type, NULL) ? 16 : ir_type_align(px->types, type);
}

uint32_t ptx_memory_size(PtxCtx *px, IrTypeId type) {
    if (!ir_type_is_fragment(px->types, type, NULL)) return ir_type_size(px->types, type);
    return (uint32_t)LLVMABISizeOfType(px->td, ptx_reg_type(px, type, (Span){0, 0, 0}));
}

LLVMValueRef ptx_load(FnCtx *fc, LLVMValueRef ptr, IrTypeId type, uint32_t align, Span span) {
    PtxCtx *px = fc->px;
    const IrType *t = ptx_ty(px, type);
    LLVMTypeRef reg = ptx_reg_type(px, type, span);
    if (!t || !reg) return NULL;
    if (!align) align = ptx_memory_align(px, type);
    if (layout_matches(px, type)) {
        LLVMValueRef v = LLVMBuildLoad2(px->b, reg, ptr, "");
        LLVMSetAlignment(v, align);
        return v;
    }
    if (t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_VECTOR) {  /* bools: 4 bytes each */
        LLVMTypeRef word = t->kind == IR_TYPE_BOOL ? ptx_i32(px) : LLVMVectorType(ptx_i32(px), t->count);
        LLVMValueRef v = LLVMBuildLoad2(px->b, word, ptr, "");
        LLVMSetAlignment(v, align);
        return bool_from_memory(fc, v);
    }
    if (too_many_members(px, type, span)) return NULL;
    LLVMValueRef agg = LLVMGetUndef(reg);
    uint32_t n = ir_type_member_count(px->types, type);
    for (uint32_t i = 0; i < n; i++) {
        IrTypeId mt = ir_type_member(px->types, type, i);
        LLVMValueRef m = ptx_load(fc, member_ptr(fc, ptr, member_offset(px, type, i)), mt, 0, span);
        if (!m) return NULL;
        agg = LLVMBuildInsertValue(px->b, agg, m, i, "");
    }
    return agg;
}

void ptx_store(FnCtx *fc, LLVMValueRef ptr, LLVMValueRef value, IrTypeId type, uint32_t align,
               Span span) {
    PtxCtx *px = fc->px;
    const IrType *t = ptx_ty(px, type);
    if (!t || !value) return;
    if (!align) align = ptx_memory_align(px, type);
    if (layout_matches(px, type)) {
        LLVMSetAlignment(LLVMBuildStore(px->b, value, ptr), align);
        return;
    }
    if (t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_VECTOR) {
        LLVMTypeRef word = t->kind == IR_TYPE_BOOL ? ptx_i32(px) : LLVMVectorType(ptx_i32(px), t->count);
        LLVMValueRef w = LLVMBuildZExt(px->b, value, word, "");
        LLVMSetAlignment(LLVMBuildStore(px->b, w, ptr), align);
        return;
    }
    if (too_many_members(px, type, span)) return;
    uint32_t n = ir_type_member_count(px->types, type);
    for (uint32_t i = 0; i < n; i++) {
        IrTypeId mt = ir_type_member(px->types, type, i);
        LLVMValueRef m = LLVMBuildExtractValue(px->b, value, i, "");
        ptx_store(fc, member_ptr(fc, ptr, member_offset(px, type, i)), m, mt, 0, span);
    }
}

LLVMValueRef ptx_literal(PtxCtx *px, IrTypeId type, uint64_t bits, Span span) {
    const IrType *t = ptx_ty(px, type);
    LLVMTypeRef reg = ptx_reg_type(px, type, span);
    if (!t || !reg) return NULL;
    if (t->kind == IR_TYPE_BOOL) return LLVMConstInt(reg, bits & 1, false);
    if (t->kind != IR_TYPE_SCALAR) {
        ptx_fail(px, Y_TARGET_INTERNAL, span, "internal error: a literal must be a scalar", "PTX 目标：字面量须是标量");
        return NULL;
    }
    LLVMValueRef word = LLVMConstInt(ptx_i32(px), (uint32_t)bits, false);
    if (t->scalar != IR_FLOAT) return word;
    if (t->width == 32) return LLVMConstBitCast(word, reg);
    float f;
    uint32_t b32 = (uint32_t)bits;
    memcpy(&f, &b32, sizeof f);
    return LLVMConstReal(reg, (double)f);  /* the f32 holds an exact f16 value */
}

LLVMValueRef ptx_const_value(PtxCtx *px, const IrLiteral *lit, Span span) {
    const IrType *t = ptx_ty(px, lit->type);
    LLVMTypeRef reg = ptx_reg_type(px, lit->type, span);
    if (!t || !reg) return NULL;
    if (t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_SCALAR)
        return ptx_literal(px, lit->type, lit->bits, span);
    uint32_t n = lit->elem_count;
    if (n != ir_type_member_count(px->types, lit->type)) {
        ptx_fail(px, Y_TARGET_INTERNAL, span, "internal error: a constant's element count does not match its type",
                 "PTX 目标：常量的元素个数与类型不符");
        return NULL;
    }
    LLVMValueRef *elems = arena_alloc_array(&px->arena, n + 1, sizeof *elems);
    for (uint32_t i = 0; i < n; i++)
        if (!(elems[i] = ptx_const_value(px, &lit->elems[i], span))) return NULL;
    switch (t->kind) {
    case IR_TYPE_VECTOR: return LLVMConstVector(elems, n);
    case IR_TYPE_STRUCT: return LLVMConstStructInContext(px->ctx, elems, n, false);
    default: return LLVMConstArray2(LLVMGetElementType(reg), elems, n);
    }
}
