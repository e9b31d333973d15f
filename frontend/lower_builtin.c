/* Lowering, builtin calls (docs/builtins.md): arrays and atomics through access chains on
 * resource globals, cells as function-space variables, conversions, math, bits, barriers,
 * textures and subgroup operations as the matching YIR ops. */
#include <string.h>

#include "lower_internal.h"

#include "../ir/fragment.h"

#define TRY(v) \
    do {                          \
        if ((v) == IR_NONE) return IR_NONE; \
    } while (0)

IrOp fe_lower_builtin_op(Intrinsic in) {
    switch (in) {
    case INTRINSIC_ABS: return IR_OP_ABS;
    case INTRINSIC_NEGATE: return IR_OP_NEG;
    case INTRINSIC_SIGN: return IR_OP_SIGN;
    case INTRINSIC_SQRT: return IR_OP_SQRT;
    case INTRINSIC_INVERSE_SQRT: return IR_OP_INVERSE_SQRT;
    case INTRINSIC_EXP: return IR_OP_EXP;
    case INTRINSIC_EXP2: return IR_OP_EXP2;
    case INTRINSIC_LOG: return IR_OP_LOG;
    case INTRINSIC_LOG2: return IR_OP_LOG2;
    case INTRINSIC_SIN: return IR_OP_SIN;
    case INTRINSIC_COS: return IR_OP_COS;
    case INTRINSIC_TAN: return IR_OP_TAN;
    case INTRINSIC_TANH: return IR_OP_TANH;
    case INTRINSIC_ASIN: return IR_OP_ASIN;
    case INTRINSIC_ACOS: return IR_OP_ACOS;
    case INTRINSIC_ATAN: return IR_OP_ATAN;
    case INTRINSIC_FLOOR: return IR_OP_FLOOR;
    case INTRINSIC_CEIL: return IR_OP_CEIL;
    case INTRINSIC_TRUNC: return IR_OP_TRUNC;
    case INTRINSIC_FRACT: return IR_OP_FRACT;
    case INTRINSIC_ROUND: return IR_OP_ROUND;
    case INTRINSIC_SATURATE: return IR_OP_SATURATE;
    case INTRINSIC_DPDX: return IR_OP_DPDX;
    case INTRINSIC_DPDY: return IR_OP_DPDY;
    case INTRINSIC_MIN: return IR_OP_MIN;
    case INTRINSIC_MAX: return IR_OP_MAX;
    case INTRINSIC_POW: return IR_OP_POW;
    case INTRINSIC_ATAN2: return IR_OP_ATAN2;
    case INTRINSIC_STEP: return IR_OP_STEP;
    case INTRINSIC_CLAMP: return IR_OP_CLAMP;
    case INTRINSIC_MIX: return IR_OP_MIX;
    case INTRINSIC_FMA: return IR_OP_FMA;
    case INTRINSIC_SMOOTHSTEP: return IR_OP_SMOOTHSTEP;
    case INTRINSIC_DOT: return IR_OP_DOT;
    case INTRINSIC_LENGTH: return IR_OP_LENGTH;
    case INTRINSIC_DISTANCE: return IR_OP_DISTANCE;
    case INTRINSIC_CROSS: return IR_OP_CROSS;
    case INTRINSIC_NORMALIZE: return IR_OP_NORMALIZE;
    case INTRINSIC_REFLECT: return IR_OP_REFLECT;
    case INTRINSIC_BIT_AND: return IR_OP_BIT_AND;
    case INTRINSIC_BIT_OR: return IR_OP_BIT_OR;
    case INTRINSIC_BIT_XOR: return IR_OP_BIT_XOR;
    case INTRINSIC_BIT_NOT: return IR_OP_BIT_NOT;
    case INTRINSIC_SHIFT_LEFT: return IR_OP_SHL;
    case INTRINSIC_SHIFT_RIGHT: return IR_OP_SHR;
    case INTRINSIC_COUNT_ONE_BITS: return IR_OP_COUNT_ONE_BITS;
    case INTRINSIC_REVERSE_BITS: return IR_OP_REVERSE_BITS;
    case INTRINSIC_PACK_HALF2: return IR_OP_PACK2X16FLOAT;
    case INTRINSIC_UNPACK_HALF2: return IR_OP_UNPACK2X16FLOAT;
    case INTRINSIC_TEXTURE_SAMPLE: return IR_OP_TEXTURE_SAMPLE;
    case INTRINSIC_TEXTURE_SAMPLE_LEVEL: return IR_OP_TEXTURE_SAMPLE_LEVEL;
    case INTRINSIC_TEXTURE_LOAD: return IR_OP_TEXTURE_LOAD;
    case INTRINSIC_TEXTURE_DIMENSIONS: return IR_OP_TEXTURE_DIMENSIONS;
    case INTRINSIC_TEXTURE_SAMPLE_COMPARE: return IR_OP_TEXTURE_SAMPLE_COMPARE;
    /* 着十一: WGSL's subgroupBroadcast wants a constant lane, so broadcast is a shuffle. */
    case INTRINSIC_SUBGROUP_BROADCAST: return IR_OP_SUBGROUP_SHUFFLE;
    case INTRINSIC_SUBGROUP_SHUFFLE: return IR_OP_SUBGROUP_SHUFFLE;
    case INTRINSIC_SUBGROUP_SHUFFLE_XOR: return IR_OP_SUBGROUP_SHUFFLE_XOR;
    case INTRINSIC_SUBGROUP_ADD: return IR_OP_SUBGROUP_ADD;
    case INTRINSIC_SUBGROUP_MAX: return IR_OP_SUBGROUP_MAX;
    case INTRINSIC_SUBGROUP_MIN: return IR_OP_SUBGROUP_MIN;
    case INTRINSIC_SUBGROUP_EXCLUSIVE_ADD: return IR_OP_SUBGROUP_EXCLUSIVE_ADD;
    case INTRINSIC_SUBGROUP_INCLUSIVE_ADD: return IR_OP_SUBGROUP_INCLUSIVE_ADD;
    case INTRINSIC_SUBGROUP_EXCLUSIVE_MUL: return IR_OP_SUBGROUP_EXCLUSIVE_MUL;
    case INTRINSIC_SUBGROUP_INCLUSIVE_MUL: return IR_OP_SUBGROUP_INCLUSIVE_MUL;
    case INTRINSIC_SUBGROUP_SHUFFLE_UP: return IR_OP_SUBGROUP_SHUFFLE_UP;
    case INTRINSIC_SUBGROUP_SHUFFLE_DOWN: return IR_OP_SUBGROUP_SHUFFLE_DOWN;
    case INTRINSIC_SUBGROUP_BALLOT: return IR_OP_SUBGROUP_BALLOT;
    case INTRINSIC_SUBGROUP_ALL: return IR_OP_SUBGROUP_ALL;
    case INTRINSIC_SUBGROUP_ANY: return IR_OP_SUBGROUP_ANY;
    default: return IR_OP_COUNT;
    }
}

static bool lower_args(FnCtx *fc, const SemaExpr *e, IrValueId *out) {
    for (uint32_t i = 0; i < e->as.call.arg_count; i++) {
        out[i] = fe_lower_expr(fc, e->as.call.args[i]);
        if (out[i] == IR_NONE) return false;
    }
    return true;
}

static IrValueId lower_op_call(FnCtx *fc, const SemaExpr *e, IrOp op) {
    uint32_t n = e->as.call.arg_count;
    IrValueId *args = arena_alloc_array(&fc->l->scratch, n + 1, sizeof *args);
    if (!lower_args(fc, e, args)) return IR_NONE;
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    fe_lower_at(fc, e);
    if (op == IR_OP_SHL || op == IR_OP_SHR) {
        /* The amount has the value's lanes (u32 or vecN<u32>). */
        uint32_t lanes = ir_type_lanes(fc->l->types, type);
        if (lanes > 1 && ir_type_lanes(fc->l->types, ir_value_type(fc->f, args[1])) == 1)
            args[1] = fe_lower_splat(fc, args[1], ir_type_vector(fc->l->types, ir_type_u32(fc->l->types), lanes));
    }
    return ir_build_op(&fc->b, op, type, args, n);
}

/* 转换, 位转换, 新浮三二 …: the value itself when it already has the type. */
static IrValueId lower_conversion(FnCtx *fc, const SemaExpr *e, IrOp op) {
    const SemaExpr *arg = e->as.call.args[0];
    IrValueId v = fe_lower_expr(fc, arg);
    TRY(v);
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    if (ir_value_type(fc->f, v) == type) return v;
    fe_lower_at(fc, e);
    return ir_build_op(&fc->b, op, type, &v, 1);
}

/* &资源[序]: the element pointer of an array in a buffer or workgroup variable. */
static IrValueId element_ptr(FnCtx *fc, const SemaExpr *e, IrValueId index) {
    IrValueId base = fe_lower_resource_ptr(fc, e->as.call.args[0]);
    TRY(base);
    fe_lower_at(fc, e);
    return fe_lower_access(fc, base, index);
}

/* True (after the error) when the resource argument of e is a workgroup array of 「异步屏障」,
 * whose elements no ordinary read or write may touch. */
static bool async_barrier_element(FnCtx *fc, const SemaExpr *e) {
    Type *t = fe_type_prune(e->as.call.args[0]->type);
    if (t->kind == TYPE_CON && t->as.con.con == TCON_WORKGROUP_VAR) t = fe_type_prune(t->as.con.args[0]);
    if (t->kind != TYPE_CON || t->as.con.con != TCON_FIXED_ARRAY) return false;
    Type *elem = fe_type_prune(t->as.con.args[0]);
    if (elem->kind != TYPE_CON || elem->as.con.con != TCON_ASYNC_BARRIER) return false;
    fe_lower_error(fc->l, Y_ASYNC_BARRIER_PLACE, e->span, "「%s」不能读写「异步屏障」的值：它只经「初始化异步屏障」「到达异步屏障」"
                   "「期待异步字节」「等待异步屏障」使用", fe_intrinsic_name(e->as.call.intrinsic));
    return true;
}

static IrValueId lower_array(FnCtx *fc, const SemaExpr *e, bool write) {
    if (async_barrier_element(fc, e)) return IR_NONE;
    IrValueId index = fe_lower_expr(fc, e->as.call.args[1]);
    TRY(index);
    IrValueId value = IR_NONE;
    if (write) {
        value = fe_lower_expr(fc, e->as.call.args[2]);
        TRY(value);
    }
    IrValueId ptr = element_ptr(fc, e, index);
    TRY(ptr);
    fe_lower_at(fc, e);
    if (!write) return ir_build_load(&fc->b, ptr);
    ir_build_store(&fc->b, ptr, value);
    return LV_UNIT;
}

/* 取元素 of an array value: extract for a constant index, else through a variable. */
static IrValueId lower_element(FnCtx *fc, const SemaExpr *e) {
    IrValueId array = fe_lower_expr(fc, e->as.call.args[0]);
    TRY(array);
    IrValueId index = fe_lower_expr(fc, e->as.call.args[1]);
    TRY(index);
    fe_lower_at(fc, e);
    const IrValue *iv = ir_value(fc->f, index);
    const IrInst *def = iv && iv->kind == IR_VALUE_RESULT ? ir_inst(fc->f, iv->def) : NULL;
    uint32_t count = ir_type_member_count(fc->l->types, ir_value_type(fc->f, array));
    bool known = false;
    uint32_t path = 0;
    if (def && def->op == IR_OP_CONST) {
        known = true;
        path = (uint32_t)def->literal;
    } else if (def && def->op == IR_OP_CONSTANT) {
        const IrConstant *c = ir_constant(fc->l->m, def->symbol);
        known = c && !c->value.elem_count;
        path = known ? (uint32_t)c->value.bits : 0;
    }
    if (known && path < count) return ir_build_extract(&fc->b, array, &path, 1);
    /* One copy per array value: values do not change, and nothing writes the copy. */
    IrValueId var = fe_lower_value_var(fc, array);
    IrValueId elem = ir_build_access(&fc->b, var, &index, 1);
    return ir_build_load(&fc->b, elem);
}

static IrValueId lower_atomic(FnCtx *fc, const SemaExpr *e, IrOp op) {
    uint32_t n = e->as.call.arg_count;
    IrValueId *args = arena_alloc_array(&fc->l->scratch, n + 1, sizeof *args);
    for (uint32_t i = 1; i < n; i++) {
        args[i] = fe_lower_expr(fc, e->as.call.args[i]);
        TRY(args[i]);
    }
    IrValueId ptr = element_ptr(fc, e, args[1]);
    TRY(ptr);
    /* operands: the pointer, then the values after the index */
    args[1] = ptr;
    IrValueId *operands = args + 1;
    uint32_t count = n - 1;
    fe_lower_at(fc, e);
    if (op == IR_OP_ATOMIC_STORE) {
        ir_build_inst(&fc->b, op, NULL, 0, operands, count);
        return LV_UNIT;
    }
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    if (op != IR_OP_ATOMIC_COMPARE_EXCHANGE) return ir_build_op(&fc->b, op, type, operands, count);
    /* WGSL's __atomic_compare_exchange_result; 原子比较交换 gives its old value. */
    IrField fields[2] = {{"old_value", type}, {"exchanged", ir_type_bool(fc->l->types)}};
    bool is_signed = ir_type_is_signed(fc->l->types, type);
    const char *name = fe_lower_unique_name(fc->l, is_signed ? "原子比较交换结果_i32" : "原子比较交换结果");
    IrTypeId result = ir_type_struct(fc->l->types, name, fields, 2);
    IrValueId pair = ir_build_op(&fc->b, op, result, operands, count);
    uint32_t old = 0;
    return ir_build_extract(&fc->b, pair, &old, 1);
}

static IrValueId lower_cell(FnCtx *fc, const SemaExpr *e, Intrinsic in) {
    IrValueId args[2] = {IR_NONE, IR_NONE};
    if (!lower_args(fc, e, args)) return IR_NONE;
    fe_lower_at(fc, e);
    switch (in) {
    case INTRINSIC_CELL_NEW: return ir_build_var(&fc->b, ir_value_type(fc->f, args[0]), args[0]);
    case INTRINSIC_CELL_READ: return ir_build_load(&fc->b, args[0]);
    default: ir_build_store(&fc->b, args[0], args[1]); return LV_UNIT;
    }
}

/* 读格元素/写格元素: 格[序] of a cell holding a fixed array; 读数组元素/写数组元素:
 * 资源[序][分] of a buffer or workgroup array of fixed arrays. An access chain into the
 * variable or resource, then one load or store (WGSL `a[i] = v;`, PTX local or global
 * memory, registers once the indices are constant). */
static IrValueId lower_element_access(FnCtx *fc, const SemaExpr *e, Intrinsic in) {
    bool cell = in == INTRINSIC_CELL_ELEMENT_READ || in == INTRINSIC_CELL_ELEMENT_WRITE;
    bool write = in == INTRINSIC_CELL_ELEMENT_WRITE || in == INTRINSIC_ARRAY_ELEMENT_WRITE;
    uint32_t index_count = cell ? 1 : 2;
    IrValueId indices[2], value = IR_NONE;
    for (uint32_t i = 0; i < index_count; i++) {
        indices[i] = fe_lower_expr(fc, e->as.call.args[1 + i]);
        TRY(indices[i]);
    }
    if (write) {
        value = fe_lower_expr(fc, e->as.call.args[1 + index_count]);
        TRY(value);
    }
    IrValueId ptr;
    if (cell) {
        IrValueId var = fe_lower_expr(fc, e->as.call.args[0]);
        TRY(var);
        fe_lower_at(fc, e);
        ptr = fe_lower_access(fc, var, indices[0]);
    } else {
        ptr = element_ptr(fc, e, indices[0]);
        TRY(ptr);
        fe_lower_at(fc, e);
        ptr = fe_lower_access(fc, ptr, indices[1]);
    }
    TRY(ptr);
    if (!write) return ir_build_load(&fc->b, ptr);
    ir_build_store(&fc->b, ptr, value);
    return LV_UNIT;
}

static IrValueId lower_no_result(FnCtx *fc, const SemaExpr *e, IrOp op) {
    IrValueId args[1];
    if (e->as.call.arg_count > 1 || !lower_args(fc, e, args)) return IR_NONE;
    fe_lower_at(fc, e);
    if (op == IR_OP_DISCARD) {
        ir_build_discard(&fc->b);
        fc->dead = true;
        return IR_NONE;
    }
    ir_build_inst(&fc->b, op, NULL, 0, NULL, 0);
    return LV_UNIT;
}

/* 子组选一 于「元」: the unit argument is evaluated and dropped. */
static IrValueId lower_elect(FnCtx *fc, const SemaExpr *e) {
    IrValueId args[1];
    if (e->as.call.arg_count != 1 || !lower_args(fc, e, args)) return IR_NONE;
    fe_lower_at(fc, e);
    return ir_build_op(&fc->b, IR_OP_SUBGROUP_ELECT, ir_type_bool(fc->l->types), NULL, 0);
}

/* 着十二: the fragment builtins. Loads and stores take the array (a workgroup variable or a
 * storage buffer), start and stride, and for stores the fragment; the result type picks the
 * fragment a load makes. */
static IrOp fragment_element_op(Intrinsic in) {
    switch (in) {
    case INTRINSIC_MATRIX_ACC_SCALE: return IR_OP_FRAG_SCALE;
    case INTRINSIC_MATRIX_ACC_ADD_SCALAR: return IR_OP_FRAG_ADD_SCALAR;
    case INTRINSIC_MATRIX_ACC_MAX_SCALAR: return IR_OP_FRAG_MAX_SCALAR;
    case INTRINSIC_MATRIX_ACC_ADD: return IR_OP_FRAG_ADD;
    case INTRINSIC_MATRIX_ACC_SUB: return IR_OP_FRAG_SUB;
    case INTRINSIC_MATRIX_ACC_MUL: return IR_OP_FRAG_MUL;
    case INTRINSIC_MATRIX_ACC_DIV: return IR_OP_FRAG_DIV;
    case INTRINSIC_MATRIX_ACC_MAX: return IR_OP_FRAG_MAX;
    case INTRINSIC_MATRIX_ACC_EXP2: return IR_OP_FRAG_EXP2;
    case INTRINSIC_MATRIX_ACC_ROW_MAX: return IR_OP_FRAG_ROW_MAX;
    case INTRINSIC_MATRIX_ACC_ROW_SUM: return IR_OP_FRAG_ROW_SUM;
    case INTRINSIC_MATRIX_ACC_TO_A: return IR_OP_FRAG_TO_A;
    case INTRINSIC_MATRIX_ACC_MASK_UPPER: return IR_OP_FRAG_MASK_UPPER;
    default: return IR_OP_COUNT;
    }
}

static IrOp fragment_op(Intrinsic in) {
    switch (in) {
    case INTRINSIC_MATRIX_ZERO_ACC: return IR_OP_FRAG_ZERO;
    case INTRINSIC_INT_MATRIX_FILL_ACC: return IR_OP_FRAG_FILL;
    case INTRINSIC_MATRIX_LOAD_A: case INTRINSIC_MATRIX_LOAD_B: case INTRINSIC_MATRIX_LOAD_ACC:
    case INTRINSIC_MATRIX_LOAD_A_STORAGE: case INTRINSIC_MATRIX_LOAD_B_STORAGE:
    case INTRINSIC_INT8_MATRIX_LOAD_A: case INTRINSIC_INT8_MATRIX_LOAD_B:
        return IR_OP_FRAG_LOAD;
    case INTRINSIC_MATRIX_LOAD_ACC_TOP8: case INTRINSIC_MATRIX_LOAD_A_TOP8: return IR_OP_FRAG_LOAD_ROWS8;
    case INTRINSIC_MATRIX_LOAD_B_STORAGE_TRANSPOSED: case INTRINSIC_MATRIX_LOAD_B_TRANSPOSED:
        return IR_OP_FRAG_LOAD_TRANSPOSED;
    case INTRINSIC_MATRIX_MMA: case INTRINSIC_INT8_MATRIX_MMA: return IR_OP_FRAG_MMA;
    case INTRINSIC_MATRIX_STORE_ACC: case INTRINSIC_MATRIX_STORE_ACC_STORAGE:
    case INTRINSIC_INT_MATRIX_STORE_ACC:
        return IR_OP_FRAG_STORE;
    case INTRINSIC_MATRIX_STORE_ACC_TOP8: return IR_OP_FRAG_STORE_ROWS8;
    default: return fragment_element_op(in);
    }
}

static IrValueId lower_fragment(FnCtx *fc, const SemaExpr *e, IrOp op) {
    uint32_t n = e->as.call.arg_count;
    IrValueId args[4] = {IR_NONE, IR_NONE, IR_NONE, IR_NONE};
    if (n > 4) return IR_NONE;
    bool memory = op != IR_OP_FRAG_ZERO && op != IR_OP_FRAG_FILL && op != IR_OP_FRAG_MMA &&
                  !ir_fragment_element_operands(op);
    for (uint32_t i = memory ? 1 : 0; i < n; i++) {
        args[i] = fe_lower_expr(fc, e->as.call.args[i]);
        TRY(args[i]);
    }
    if (memory) {
        args[0] = fe_lower_resource_ptr(fc, e->as.call.args[0]);
        TRY(args[0]);
    }
    if (op == IR_OP_FRAG_ZERO) n = 0;  /* its one argument is the unit value */
    fe_lower_at(fc, e);
    if (op == IR_OP_FRAG_STORE || op == IR_OP_FRAG_STORE_ROWS8) {
        ir_build_inst(&fc->b, op, NULL, 0, args, n);
        return LV_UNIT;
    }
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    return ir_build_op(&fc->b, op, type, args, n);
}

/* 异步拷贝 于 工作组数组 于 元素序 于 存储缓冲 于 字序; 提交异步拷贝 于「元」; 等待异步拷贝 于 N. */
static IrValueId lower_async(FnCtx *fc, const SemaExpr *e, Intrinsic in) {
    IrValueId args[4] = {IR_NONE, IR_NONE, IR_NONE, IR_NONE};
    uint32_t n = 0;
    if (in == INTRINSIC_ASYNC_COPY) {
        if (e->as.call.arg_count != 4) return IR_NONE;
        args[0] = fe_lower_resource_ptr(fc, e->as.call.args[0]);
        TRY(args[0]);
        args[1] = fe_lower_expr(fc, e->as.call.args[1]);
        TRY(args[1]);
        args[2] = fe_lower_resource_ptr(fc, e->as.call.args[2]);
        TRY(args[2]);
        args[3] = fe_lower_expr(fc, e->as.call.args[3]);
        TRY(args[3]);
        n = 4;
    } else {
        if (e->as.call.arg_count != 1) return IR_NONE;
        args[0] = fe_lower_expr(fc, e->as.call.args[0]);  /* the count, or the unit value */
        TRY(args[0]);
        n = in == INTRINSIC_ASYNC_WAIT ? 1 : 0;
    }
    fe_lower_at(fc, e);
    IrOp op = in == INTRINSIC_ASYNC_COPY ? IR_OP_ASYNC_COPY : in == INTRINSIC_ASYNC_COMMIT ? IR_OP_ASYNC_COMMIT
                                                                                        : IR_OP_ASYNC_WAIT;
    ir_build_inst(&fc->b, op, NULL, 0, args, n);
    return LV_UNIT;
}

/* 着十三: 零张量片累 于「元」, 张量片乘加 累 甲 起 步 行数 乙, 存回张量片累 累 丙 起 步 列数 行数;
 * the arrays (甲, 丙: storage buffers, 乙: a workgroup variable) become pointers. */
static IrValueId lower_tensor(FnCtx *fc, const SemaExpr *e, IrOp op) {
    uint32_t n = e->as.call.arg_count;
    IrValueId args[6] = {IR_NONE, IR_NONE, IR_NONE, IR_NONE, IR_NONE, IR_NONE};
    if (op == IR_OP_TENSOR_ZERO) {
        if (n != 1 || !lower_args(fc, e, args)) return IR_NONE;  /* the unit argument */
        n = 0;
    } else if (op == IR_OP_TENSOR_MMA_SHARED) {  /* 累 数组 甲起 乙起 */
        if (n != 4) return IR_NONE;
        for (uint32_t i = 0; i < n; i++) {
            args[i] = i == 1 ? fe_lower_resource_ptr(fc, e->as.call.args[i]) : fe_lower_expr(fc, e->as.call.args[i]);
            TRY(args[i]);
        }
    } else {
        if (n != 6) return IR_NONE;
        bool is_store = op == IR_OP_TENSOR_STORE;
        for (uint32_t i = 0; i < n; i++) {
            bool resource = i == 1 || (i == 5 && !is_store);
            args[i] = resource ? fe_lower_resource_ptr(fc, e->as.call.args[i]) : fe_lower_expr(fc, e->as.call.args[i]);
            TRY(args[i]);
        }
    }
    fe_lower_at(fc, e);
    if (op == IR_OP_TENSOR_STORE) {
        ir_build_inst(&fc->b, op, NULL, 0, args, n);
        return LV_UNIT;
    }
    IrTypeId type = fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    return ir_build_op(&fc->b, op, type, args, n);
}

/* The warpgroup builtins (PTX sm_90a): 线程束组号 于「元」; 张量片异步乘加 / 张量片脑浮异步乘加 累 数组 甲起 乙起 布局;
 * 提交张量片乘加 于「元」; 等待张量片乘加 累 N; 增寄存器 / 减寄存器 N. */
static IrValueId lower_warpgroup(FnCtx *fc, const SemaExpr *e, Intrinsic in) {
    static const struct { Intrinsic in; IrOp op; uint32_t args; } OPS[] = {
        {INTRINSIC_WARPGROUP_ID, IR_OP_WARPGROUP_ID, 0}, {INTRINSIC_TENSOR_MMA_ASYNC, IR_OP_TENSOR_MMA_ASYNC, 5},
        {INTRINSIC_TENSOR_COMMIT, IR_OP_TENSOR_COMMIT, 0}, {INTRINSIC_TENSOR_WAIT, IR_OP_TENSOR_WAIT, 2},
        {INTRINSIC_REGISTER_INC, IR_OP_REGISTER_INC, 1}, {INTRINSIC_REGISTER_DEC, IR_OP_REGISTER_DEC, 1},
        {INTRINSIC_TENSOR_MMA_ASYNC_BF16, IR_OP_TENSOR_MMA_ASYNC_BF16, 5},
    };
    uint32_t k = 0;
    while (OPS[k].in != in) k++;
    uint32_t n = e->as.call.arg_count;
    IrValueId args[5] = {IR_NONE, IR_NONE, IR_NONE, IR_NONE, IR_NONE};
    if (n != (OPS[k].args ? OPS[k].args : 1)) return IR_NONE;  /* no operands: the unit argument */
    for (uint32_t i = 0; i < n; i++) {
        bool resource = OPS[k].args == 5 && i == 1;
        args[i] = resource ? fe_lower_resource_ptr(fc, e->as.call.args[i]) : fe_lower_expr(fc, e->as.call.args[i]);
        TRY(args[i]);
    }
    fe_lower_at(fc, e);
    IrOp op = OPS[k].op;
    if (op == IR_OP_TENSOR_COMMIT || op == IR_OP_REGISTER_INC || op == IR_OP_REGISTER_DEC) {
        ir_build_inst(&fc->b, op, NULL, 0, args, OPS[k].args);
        return LV_UNIT;
    }
    IrTypeId type = op == IR_OP_WARPGROUP_ID ? ir_type_u32(fc->l->types) : fe_lower_expr_type(fc, e);
    if (type == IR_NO_TYPE) return IR_NONE;
    return ir_build_op(&fc->b, op, type, args, OPS[k].args);
}

/* 初始化异步屏障 栏 序 到达数, 到达异步屏障 栏 序, 期待异步字节 栏 序 字节数, 等待异步屏障 栏 序 相位:
 * the barrier array becomes a pointer, the rest are u32 operands. */
static IrValueId lower_async_barrier(FnCtx *fc, const SemaExpr *e, IrOp op) {
    uint32_t n = e->as.call.arg_count;
    IrValueId args[3] = {IR_NONE, IR_NONE, IR_NONE};
    if (n < 2 || n > 3) return IR_NONE;
    for (uint32_t i = 0; i < n; i++) {
        args[i] = i == 0 ? fe_lower_resource_ptr(fc, e->as.call.args[i]) : fe_lower_expr(fc, e->as.call.args[i]);
        TRY(args[i]);
    }
    fe_lower_at(fc, e);
    ir_build_inst(&fc->b, op, NULL, 0, args, n);
    return LV_UNIT;
}

/* 张量载入 图 块 元素序 栏 栏序 行 列: the map, the destination and the barriers become pointers. */
static IrValueId lower_tensor_load(FnCtx *fc, const SemaExpr *e) {
    IrValueId args[7];
    if (e->as.call.arg_count != 7) return IR_NONE;
    for (uint32_t i = 0; i < 7; i++) {
        bool resource = i == 0 || i == 1 || i == 3;
        args[i] = resource ? fe_lower_resource_ptr(fc, e->as.call.args[i]) : fe_lower_expr(fc, e->as.call.args[i]);
        TRY(args[i]);
    }
    fe_lower_at(fc, e);
    ir_build_inst(&fc->b, IR_OP_TMA_LOAD, NULL, 0, args, 7);
    return LV_UNIT;
}

static IrValueId lower_special(FnCtx *fc, const SemaExpr *e, Intrinsic in) {
    if (in >= INTRINSIC_WARPGROUP_ID && in <= INTRINSIC_TENSOR_MMA_ASYNC_BF16) return lower_warpgroup(fc, e, in);
    if (in == INTRINSIC_ASYNC_COPY || in == INTRINSIC_ASYNC_COMMIT || in == INTRINSIC_ASYNC_WAIT)
        return lower_async(fc, e, in);
    IrOp fragment = fragment_op(in);
    if (fragment != IR_OP_COUNT) return lower_fragment(fc, e, fragment);
    if (in == INTRINSIC_TENSOR_ZERO_ACC) return lower_tensor(fc, e, IR_OP_TENSOR_ZERO);
    if (in == INTRINSIC_TENSOR_MMA) return lower_tensor(fc, e, IR_OP_TENSOR_MMA);
    if (in == INTRINSIC_TENSOR_STORE_ACC) return lower_tensor(fc, e, IR_OP_TENSOR_STORE);
    if (in == INTRINSIC_TENSOR_MMA_SHARED) return lower_tensor(fc, e, IR_OP_TENSOR_MMA_SHARED);
    switch (in) {
    case INTRINSIC_ASYNC_BARRIER_INIT: return lower_async_barrier(fc, e, IR_OP_MBARRIER_INIT);
    case INTRINSIC_ASYNC_BARRIER_ARRIVE: return lower_async_barrier(fc, e, IR_OP_MBARRIER_ARRIVE);
    case INTRINSIC_ASYNC_BARRIER_EXPECT: return lower_async_barrier(fc, e, IR_OP_MBARRIER_EXPECT_TX);
    case INTRINSIC_ASYNC_BARRIER_WAIT: return lower_async_barrier(fc, e, IR_OP_MBARRIER_WAIT);
    case INTRINSIC_FENCE_PROXY_ASYNC: return lower_no_result(fc, e, IR_OP_FENCE_PROXY_ASYNC);
    case INTRINSIC_TENSOR_LOAD: return lower_tensor_load(fc, e);
    case INTRINSIC_NEW_F32: case INTRINSIC_NEW_F16: case INTRINSIC_NEW_I32: case INTRINSIC_NEW_U32:
        /* A constructed literal is the literal itself (2u, 0.5f), else a conversion. */
    case INTRINSIC_CONVERT: return lower_conversion(fc, e, IR_OP_CONVERT);
    case INTRINSIC_BITCAST: return lower_conversion(fc, e, IR_OP_BITCAST);
    case INTRINSIC_ARRAY_READ: case INTRINSIC_SHARED_READ: return lower_array(fc, e, false);
    case INTRINSIC_ARRAY_WRITE: case INTRINSIC_SHARED_WRITE: return lower_array(fc, e, true);
    case INTRINSIC_ARRAY_LENGTH: {
        IrValueId ptr = fe_lower_resource_ptr(fc, e->as.call.args[0]);
        TRY(ptr);
        fe_lower_at(fc, e);
        return ir_build_op(&fc->b, IR_OP_ARRAY_LENGTH, ir_type_u32(fc->l->types), &ptr, 1);
    }
    case INTRINSIC_ELEMENT: return lower_element(fc, e);
    case INTRINSIC_CELL_NEW: case INTRINSIC_CELL_READ: case INTRINSIC_CELL_WRITE: return lower_cell(fc, e, in);
    case INTRINSIC_CELL_ELEMENT_READ: case INTRINSIC_CELL_ELEMENT_WRITE:
    case INTRINSIC_ARRAY_ELEMENT_READ: case INTRINSIC_ARRAY_ELEMENT_WRITE:
        return lower_element_access(fc, e, in);
    case INTRINSIC_WORKGROUP_BARRIER: return lower_no_result(fc, e, IR_OP_WORKGROUP_BARRIER);
    case INTRINSIC_STORAGE_BARRIER: return lower_no_result(fc, e, IR_OP_STORAGE_BARRIER);
    case INTRINSIC_DISCARD: return lower_no_result(fc, e, IR_OP_DISCARD);
    case INTRINSIC_SUBGROUP_ELECT: return lower_elect(fc, e);
    case INTRINSIC_ATOMIC_ADD: return lower_atomic(fc, e, IR_OP_ATOMIC_ADD);
    case INTRINSIC_ATOMIC_SUB: return lower_atomic(fc, e, IR_OP_ATOMIC_SUB);
    case INTRINSIC_ATOMIC_MAX: return lower_atomic(fc, e, IR_OP_ATOMIC_MAX);
    case INTRINSIC_ATOMIC_MIN: return lower_atomic(fc, e, IR_OP_ATOMIC_MIN);
    case INTRINSIC_ATOMIC_EXCHANGE: return lower_atomic(fc, e, IR_OP_ATOMIC_EXCHANGE);
    case INTRINSIC_ATOMIC_LOAD: return lower_atomic(fc, e, IR_OP_ATOMIC_LOAD);
    case INTRINSIC_ATOMIC_STORE: return lower_atomic(fc, e, IR_OP_ATOMIC_STORE);
    case INTRINSIC_ATOMIC_COMPARE_EXCHANGE: return lower_atomic(fc, e, IR_OP_ATOMIC_COMPARE_EXCHANGE);
    default: break;
    }
    fe_lower_error(fc->l, Y_LOWERING_INTERNAL, e->span, "YIR 还不能表示「%s」（在顶层定义「%s」中）", fe_intrinsic_name(in), fc->def->name);
    return IR_NONE;
}

IrValueId fe_lower_builtin_call(FnCtx *fc, const SemaExpr *e) {
    Intrinsic in = e->as.call.intrinsic;
    IrOp op = fe_lower_builtin_op(in);
    if (op != IR_OP_COUNT) return lower_op_call(fc, e, op);
    return lower_special(fc, e, in);
}
