/* Lowering, types: sema types into interned YIR types (着三). Vectors and matrices come
 * from the tuple aliases; other tuples and records become structs, named records keeping
 * their source name and the rest getting generated ones. */
#include <string.h>

#include "../ir/hopper.h"
#include "lower_internal.h"

bool fe_lower_type_is_unit(Type *type) {
    return type && fe_type_prune(type)->kind == TYPE_UNIT;
}

static IrTypeId scalar_type(Lowerer *l, Type *t, Span span) {
    uint32_t width = t->as.scalar.width;
    switch (t->as.scalar.kind) {
    case SCALAR_FLOAT:
        if (width == 16 || width == 32) return ir_type_scalar(l->types, IR_FLOAT, width);
        break;
    case SCALAR_SINT:
        if (width == 32) return ir_type_i32(l->types);
        break;
    case SCALAR_UINT:
        if (width == 32) return ir_type_u32(l->types);
        break;
    }
    fe_lower_error(l, Y_UNSUPPORTED_SCALAR, span,
                "WGSL 没有 %s 这种标量（只有「定长小数」于「三二」/「一六」、「定长整数」于「三二」"
                "与「定长无符号」于「三二」）",
                fe_type_to_string(&l->scratch, t));
    return IR_NO_TYPE;
}

static IrTypeId find_struct(const Lowerer *l, Type *t) {
    for (uint32_t i = 0; i < l->struct_count; i++)
        if (l->structs[i].type == t || fe_type_equal(l->structs[i].type, t)) return l->structs[i].ir;
    return IR_NO_TYPE;
}

static void remember_struct(Lowerer *l, Type *t, IrTypeId ir) {
    if (l->struct_count == l->struct_cap) {
        uint32_t cap = l->struct_cap ? l->struct_cap * 2 : 16;
        TypeMapEntry *grown = arena_alloc_array(&l->scratch, cap, sizeof *grown);
        if (l->struct_count) memcpy(grown, l->structs, l->struct_count * sizeof *grown);
        l->structs = grown;
        l->struct_cap = cap;
    }
    l->structs[l->struct_count++] = (TypeMapEntry){t, ir};
}

/* A record, or a tuple that is neither a vector nor a matrix. */
static IrTypeId struct_type(Lowerer *l, Type *t, Span span) {
    IrTypeId known = find_struct(l, t);
    if (known != IR_NO_TYPE) return known;
    bool record = t->kind == TYPE_RECORD;
    uint32_t count = record ? t->as.record.count : t->as.tuple.count;
    IrField *fields = arena_alloc_array(&l->scratch, count + 1, sizeof *fields);
    for (uint32_t i = 0; i < count; i++) {
        Type *ft = record ? t->as.record.fields[i].type : t->as.tuple.items[i];
        if (fe_lower_type_is_unit(ft)) {
            fe_lower_error(l, Y_TYPE_NOT_STORABLE, span, "结构的字段不能是「有」：%s", fe_type_to_string(&l->scratch, t));
            return IR_NO_TYPE;
        }
        fields[i].type = fe_lower_type(l, ft, span);
        if (fields[i].type == IR_NO_TYPE) return IR_NO_TYPE;
        fields[i].name = record ? t->as.record.fields[i].name : arena_printf(&l->scratch, "_%u", i);
    }
    const char *name = record ? t->as.record.name : NULL;
    if (!name) {
        l->anon_count++;
        name = fe_lower_unique_name(l, arena_printf(&l->scratch, "%s%u", record ? "组值" : "元组", l->anon_count));
    }
    IrTypeId ir = ir_type_struct(l->types, name, fields, count);
    remember_struct(l, t, ir);
    return ir;
}

static IrTypeId tuple_type(Lowerer *l, Type *t, Span span) {
    Type *elem = NULL, *column = NULL;
    uint32_t count = 0, cols = 0, rows = 0;
    if (fe_type_is_vector(t, &elem, &count)) {
        IrTypeId e = fe_lower_type(l, elem, span);
        return e == IR_NO_TYPE ? IR_NO_TYPE : ir_type_vector(l->types, e, count);
    }
    if (fe_type_is_matrix(t, &column, &cols, &rows)) {
        IrTypeId c = fe_lower_type(l, column, span);
        const IrType *ct = ir_type(l->types, c);
        return ct ? ir_type_matrix(l->types, ct->elem, cols, rows) : IR_NO_TYPE;
    }
    return struct_type(l, t, span);
}

static IrTypeId fixed_array_type(Lowerer *l, Type *t, Span span) {
    Type *len = fe_type_prune(t->as.con.args[1]);
    if (len->kind != TYPE_NAT || len->as.nat == 0 || len->as.nat > IR_ARRAY_MAX_LENGTH) {
        fe_lower_error(l, Y_ARRAY_LENGTH, span, "定长数组的长度须在类型里写成正的整数字面量（着八）：%s",
                    fe_type_to_string(&l->scratch, t));
        return IR_NO_TYPE;
    }
    IrTypeId elem = fe_lower_type(l, t->as.con.args[0], span);
    return elem == IR_NO_TYPE ? IR_NO_TYPE : ir_type_array(l->types, elem, (uint32_t)len->as.nat);
}

static IrTypeId con_type(Lowerer *l, Type *t, Span span) {
    IrTypeTable *T = l->types;
    IrTypeId arg = IR_NO_TYPE;
    switch (t->as.con.con) {
    case TCON_ARRAY: case TCON_ATOMIC: case TCON_CELL: case TCON_TEXTURE_2D:
        arg = fe_lower_type(l, t->as.con.args[0], span);
        if (arg == IR_NO_TYPE) return IR_NO_TYPE;
        break;
    default: break;
    }
    switch (t->as.con.con) {
    case TCON_ARRAY: return ir_type_runtime_array(T, arg);
    case TCON_FIXED_ARRAY: return fixed_array_type(l, t, span);
    case TCON_ATOMIC: return ir_type_atomic(T, arg);
    case TCON_CELL: return ir_type_pointer(T, IR_SPACE_FUNCTION, arg);
    case TCON_TEXTURE_2D: return ir_type_texture_2d(T, arg);
    case TCON_SAMPLER: return ir_type_sampler(T);
    case TCON_DEPTH_TEXTURE_2D: return ir_type_texture_depth_2d(T);
    case TCON_SAMPLER_COMPARISON: return ir_type_sampler_comparison(T);
    case TCON_SUBGROUP_MATRIX_A: return ir_type_fragment(T, IR_FRAG_A_F16);
    case TCON_SUBGROUP_MATRIX_B: return ir_type_fragment(T, IR_FRAG_B_F16);
    case TCON_SUBGROUP_MATRIX_ACC: return ir_type_fragment(T, IR_FRAG_ACC_F32);
    case TCON_INT8_MATRIX_A: return ir_type_fragment(T, IR_FRAG_A_S8);
    case TCON_INT8_MATRIX_B: return ir_type_fragment(T, IR_FRAG_B_S8);
    case TCON_INT_MATRIX_ACC: return ir_type_fragment(T, IR_FRAG_ACC_S32);
    case TCON_TENSOR_ACC: return ir_type_fragment(T, IR_FRAG_TENSOR_ACC_F32);
    case TCON_ASYNC_BARRIER:
        fe_lower_error(l, Y_ASYNC_BARRIER_PLACE, span, "「异步屏障」只能作「工作组变量」里「定长数组」的元素，"
                       "只经「初始化异步屏障」等内置量使用：%s", fe_type_to_string(&l->scratch, t));
        return IR_NO_TYPE;
    default:
        fe_lower_error(l, Y_TYPE_NOT_STORABLE, span, "%s 不能当作值的类型", fe_type_to_string(&l->scratch, t));
        return IR_NO_TYPE;
    }
}

IrTypeId fe_lower_type(Lowerer *l, Type *type, Span span) {
    if (!type) return IR_NO_TYPE;
    Type *t = fe_type_prune(type);
    IrTypeId result = IR_NO_TYPE;
    switch (t->kind) {
    case TYPE_UNIT: return ir_type_void(l->types);
    case TYPE_BOOL: return ir_type_bool(l->types);
    case TYPE_ABSTRACT_INT: return ir_type_i32(l->types);
    case TYPE_ABSTRACT_FLOAT: return ir_type_f32(l->types);
    case TYPE_SCALAR: return scalar_type(l, t, span);
    case TYPE_TUPLE: result = tuple_type(l, t, span); break;
    case TYPE_RECORD: result = struct_type(l, t, span); break;
    case TYPE_CON: result = con_type(l, t, span); break;
    case TYPE_VAR:
        /* A literal variable left unbound stands for its abstract type. */
        if (t->as.var.lit == LIT_INT) return ir_type_i32(l->types);
        if (t->as.var.lit == LIT_FLOAT) return ir_type_f32(l->types);
        fe_lower_error(l, Y_LOWERING_INTERNAL, span, "翻译的内部错误：类型 %s 无法译成 YIR", fe_type_to_string(&l->scratch, t));
        return IR_NO_TYPE;
    default:
        fe_lower_error(l, Y_LOWERING_INTERNAL, span, "翻译的内部错误：类型 %s 无法译成 YIR", fe_type_to_string(&l->scratch, t));
        return IR_NO_TYPE;
    }
    if (result == IR_NO_TYPE && !l->failed)
        fe_lower_error(l, Y_LOWERING_INTERNAL, span, "YIR 没有这种类型：%s", fe_type_to_string(&l->scratch, t));
    return result;
}

IrAddressSpace fe_lower_resource_space(const SemaDef *def) {
    switch (def->as.resource.kind) {
    case RESOURCE_STORAGE:
        return def->as.resource.read_only ? IR_SPACE_STORAGE_READ : IR_SPACE_STORAGE_READ_WRITE;
    case RESOURCE_UNIFORM: return IR_SPACE_UNIFORM;
    case RESOURCE_WORKGROUP: return IR_SPACE_WORKGROUP;
    case RESOURCE_TENSOR_MAP: return IR_SPACE_STORAGE_READ;  /* the tensor's data; PTX: the CUtensorMap */
    default: return IR_SPACE_HANDLE;
    }
}

/* A workgroup 「定长数组」 of 「异步屏障」: an array of vec2<u32> (ir/hopper.h); IR_NO_TYPE when
 * the content is something else. */
static IrTypeId async_barrier_array(Lowerer *l, const SemaDef *def) {
    Type *t = fe_type_prune(def->as.resource.content);
    if (t->kind != TYPE_CON || t->as.con.con != TCON_FIXED_ARRAY) return IR_NO_TYPE;
    Type *elem = fe_type_prune(t->as.con.args[0]), *len = fe_type_prune(t->as.con.args[1]);
    if (elem->kind != TYPE_CON || elem->as.con.con != TCON_ASYNC_BARRIER) return IR_NO_TYPE;
    if (len->kind != TYPE_NAT || len->as.nat == 0 || len->as.nat > IR_ARRAY_MAX_LENGTH) return IR_NO_TYPE;
    return ir_type_array(l->types, ir_type_async_barrier(l->types), (uint32_t)len->as.nat);
}

IrTypeId fe_lower_resource_type(Lowerer *l, const SemaDef *def) {
    switch (def->as.resource.kind) {
    case RESOURCE_WORKGROUP: {
        IrTypeId barriers = async_barrier_array(l, def);
        return barriers != IR_NO_TYPE ? barriers : fe_lower_type(l, def->as.resource.content, def->span);
    }
    case RESOURCE_STORAGE: case RESOURCE_UNIFORM:
        return fe_lower_type(l, def->as.resource.content, def->span);
    case RESOURCE_TEXTURE_2D: {
        IrTypeId elem = fe_lower_type(l, def->as.resource.content, def->span);
        return elem == IR_NO_TYPE ? IR_NO_TYPE : ir_type_texture_2d(l->types, elem);
    }
    case RESOURCE_SAMPLER: return ir_type_sampler(l->types);
    case RESOURCE_DEPTH_TEXTURE_2D: return ir_type_texture_depth_2d(l->types);
    case RESOURCE_SAMPLER_COMPARISON: return ir_type_sampler_comparison(l->types);
    case RESOURCE_TENSOR_MAP: {
        IrTypeId elem = fe_lower_type(l, def->as.resource.content, def->span);
        return elem == IR_NO_TYPE ? IR_NO_TYPE : ir_type_runtime_array(l->types, elem);
    }
    }
    return IR_NO_TYPE;
}
