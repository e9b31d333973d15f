#include "fragment.h"

IrFragMemory ir_fragment_memory(const IrTypeTable *types, IrTypeId pointer) {
    const IrType *p = ir_type(types, pointer);
    if (!p || p->kind != IR_TYPE_POINTER) return IR_FRAG_MEM_NONE;
    const IrType *array = ir_type(types, p->elem);
    if (!array || array->kind != IR_TYPE_ARRAY) return IR_FRAG_MEM_NONE;
    const IrType *elem = ir_type(types, array->elem);
    if (!elem || elem->kind != IR_TYPE_SCALAR) return IR_FRAG_MEM_NONE;
    bool f16 = elem->scalar == IR_FLOAT && elem->width == 16;
    bool f32 = elem->scalar == IR_FLOAT && elem->width == 32;
    bool u32 = elem->scalar == IR_UINT;
    if (p->space == IR_SPACE_WORKGROUP && array->count != 0) {
        if (f16) return IR_FRAG_MEM_WORKGROUP_F16;
        if (f32) return IR_FRAG_MEM_WORKGROUP_F32;
        if (u32) return IR_FRAG_MEM_WORKGROUP_U32;
        return IR_FRAG_MEM_NONE;
    }
    bool storage = p->space == IR_SPACE_STORAGE_READ || p->space == IR_SPACE_STORAGE_READ_WRITE;
    if (!storage || array->count != 0) return IR_FRAG_MEM_NONE;
    if (u32) return IR_FRAG_MEM_STORAGE_U32;
    if (f32 && p->space == IR_SPACE_STORAGE_READ_WRITE) return IR_FRAG_MEM_STORAGE_F32;
    return IR_FRAG_MEM_NONE;
}

static bool load_ok(IrFragMemory memory, IrFragmentKind kind) {
    switch (memory) {
    case IR_FRAG_MEM_WORKGROUP_F16: /* 载入矩阵片甲/乙 */
    case IR_FRAG_MEM_STORAGE_U32:   /* 载矩阵片甲/乙自存储 */
        return kind == IR_FRAG_A_F16 || kind == IR_FRAG_B_F16;
    case IR_FRAG_MEM_WORKGROUP_F32: return kind == IR_FRAG_ACC_F32;          /* 载入矩阵片累 */
    case IR_FRAG_MEM_WORKGROUP_U32: return kind == IR_FRAG_A_S8 || kind == IR_FRAG_B_S8;
    default: return false;
    }
}

bool ir_fragment_access_ok(IrOp op, IrFragMemory memory, IrFragmentKind kind) {
    switch (op) {
    case IR_OP_FRAG_LOAD: return load_ok(memory, kind);
    case IR_OP_FRAG_LOAD_ROWS8: /* 载矩阵片甲前八行, 载入矩阵片累前八行 */
        return (memory == IR_FRAG_MEM_WORKGROUP_F16 && kind == IR_FRAG_A_F16) ||
               (memory == IR_FRAG_MEM_WORKGROUP_F32 && kind == IR_FRAG_ACC_F32);
    case IR_OP_FRAG_LOAD_TRANSPOSED: /* 载矩阵片乙自转置存储, 载入矩阵片乙自转置 */
        return (memory == IR_FRAG_MEM_STORAGE_U32 || memory == IR_FRAG_MEM_WORKGROUP_F16) && kind == IR_FRAG_B_F16;
    case IR_OP_FRAG_STORE: /* 存回矩阵片累, 存矩阵片累到存储, 存回整矩阵片累 */
        return ((memory == IR_FRAG_MEM_WORKGROUP_F32 || memory == IR_FRAG_MEM_STORAGE_F32) &&
                kind == IR_FRAG_ACC_F32) ||
               (memory == IR_FRAG_MEM_WORKGROUP_U32 && kind == IR_FRAG_ACC_S32);
    case IR_OP_FRAG_STORE_ROWS8: /* 存矩阵片累前八行 */
        return memory == IR_FRAG_MEM_WORKGROUP_F32 && kind == IR_FRAG_ACC_F32;
    default: return false;
    }
}

IrFragmentKind ir_fragment_acc_of(IrFragmentKind a) {
    if (a == IR_FRAG_A_F16) return IR_FRAG_ACC_F32;
    if (a == IR_FRAG_A_S8) return IR_FRAG_ACC_S32;
    return IR_FRAG_KIND_COUNT;
}

IrFragmentKind ir_fragment_b_of(IrFragmentKind a) {
    if (a == IR_FRAG_A_F16) return IR_FRAG_B_F16;
    if (a == IR_FRAG_A_S8) return IR_FRAG_B_S8;
    return IR_FRAG_KIND_COUNT;
}

const char *ir_fragment_element_operands(IrOp op) {
    switch (op) {
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_MAX_SCALAR: return "f";
    case IR_OP_FRAG_ADD: case IR_OP_FRAG_SUB: case IR_OP_FRAG_MUL: case IR_OP_FRAG_DIV: case IR_OP_FRAG_MAX:
        return "a";
    case IR_OP_FRAG_EXP2: case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_TO_A: return "";
    case IR_OP_FRAG_MASK_UPPER: return "if";
    default: return NULL;
    }
}

const char *ir_fragment_element_builtin(IrOp op) {
    switch (op) {
    case IR_OP_FRAG_SCALE: return "矩阵片累乘数";
    case IR_OP_FRAG_ADD_SCALAR: return "矩阵片累加数";
    case IR_OP_FRAG_MAX_SCALAR: return "矩阵片累取大数";
    case IR_OP_FRAG_ADD: return "矩阵片累相加";
    case IR_OP_FRAG_SUB: return "矩阵片累相减";
    case IR_OP_FRAG_MUL: return "矩阵片累相乘";
    case IR_OP_FRAG_DIV: return "矩阵片累相除";
    case IR_OP_FRAG_MAX: return "矩阵片累取大";
    case IR_OP_FRAG_EXP2: return "矩阵片累二之幂";
    case IR_OP_FRAG_ROW_MAX: return "矩阵片累行最大";
    case IR_OP_FRAG_ROW_SUM: return "矩阵片累行和";
    case IR_OP_FRAG_TO_A: return "矩阵片累转甲";
    case IR_OP_FRAG_MASK_UPPER: return "矩阵片累遮右上";
    default: return "";
    }
}

IrFragmentKind ir_fragment_element_result(IrOp op) {
    return op == IR_OP_FRAG_TO_A ? IR_FRAG_A_F16 : IR_FRAG_ACC_F32;
}

bool ir_op_is_fragment(IrOp op) {
    switch (op) {
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_FILL: case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_ROWS8:
    case IR_OP_FRAG_LOAD_TRANSPOSED: case IR_OP_FRAG_MMA: case IR_OP_FRAG_STORE:
    case IR_OP_FRAG_STORE_ROWS8:
        return true;
    default: return ir_fragment_element_operands(op) != NULL;
    }
}

bool ir_op_is_tensor(IrOp op) {
    return op == IR_OP_TENSOR_ZERO || op == IR_OP_TENSOR_MMA || op == IR_OP_TENSOR_STORE ||
           op == IR_OP_TENSOR_MMA_SHARED || op == IR_OP_WARPGROUP_ID || ir_tensor_op_is_async(op);
}

bool ir_tensor_op_is_async(IrOp op) {
    return op == IR_OP_TENSOR_MMA_ASYNC || op == IR_OP_TENSOR_MMA_ASYNC_BF16 || op == IR_OP_TENSOR_COMMIT || op == IR_OP_TENSOR_WAIT ||
           op == IR_OP_REGISTER_INC || op == IR_OP_REGISTER_DEC;
}

bool ir_tensor_op_is_ptx_only(IrOp op) {
    return op == IR_OP_TENSOR_MMA_SHARED || op == IR_OP_WARPGROUP_ID || ir_tensor_op_is_async(op);
}

bool ir_tensor_op_is_collective(IrOp op) { return ir_op_is_tensor(op) && op != IR_OP_WARPGROUP_ID; }

bool ir_tensor_constant_ok(IrOp op, uint32_t value) {
    switch (op) {
    case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16:
        return value == IR_TENSOR_LAYOUT_CORE || value == IR_TENSOR_LAYOUT_SWIZZLE128;
    case IR_OP_TENSOR_WAIT: return value <= IR_TENSOR_MAX_PENDING;
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC:
        return value % 8 == 0 && value >= IR_MIN_MAX_REGISTERS && value <= IR_MAX_MAX_REGISTERS;
    default: return true;
    }
}

const char *ir_tensor_constant_rule(IrOp op) {
    switch (op) {
    case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16: return "布局须是常量零（核心矩阵）或一二八（128 字节交错）";
    case IR_OP_TENSOR_WAIT: return "组数须是 0 至 7 的常量（PTX 的 wgmma.wait_group 只收立即数）";
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC:
        return "寄存器数须是 24 至 256 之间 8 的倍数的常量（PTX 的 setmaxnreg 只收立即数）";
    default: return "";
    }
}

uint32_t ir_tensor_swizzle_index(uint32_t row, uint32_t k) {
    return row * IR_TENSOR_SHARED_K + (((k / 8) ^ (row % 8)) * 8) + k % 8;
}

uint32_t ir_tensor_core_index(uint32_t row, uint32_t k) {
    return ((row / 8) * (IR_TENSOR_SHARED_K / 8) + k / 8) * 64 + (row % 8) * 8 + k % 8;
}

const char *ir_tensor_builtin_name(IrOp op) {
    switch (op) {
    case IR_OP_TENSOR_ZERO: return "零张量片累";
    case IR_OP_TENSOR_MMA: return "张量片乘加";
    case IR_OP_TENSOR_STORE: return "存回张量片累";
    case IR_OP_TENSOR_MMA_SHARED: return "张量片共享乘加";
    case IR_OP_WARPGROUP_ID: return "线程束组号";
    case IR_OP_TENSOR_MMA_ASYNC: return "张量片异步乘加";
    case IR_OP_TENSOR_MMA_ASYNC_BF16: return "张量片脑浮异步乘加";
    case IR_OP_TENSOR_COMMIT: return "提交张量片乘加";
    case IR_OP_TENSOR_WAIT: return "等待张量片乘加";
    case IR_OP_REGISTER_INC: return "增寄存器";
    case IR_OP_REGISTER_DEC: return "减寄存器";
    default: return "";
    }
}

bool ir_value_known_u32(const IrModule *module, const IrFunction *func, IrValueId value, uint32_t *out) {
    const IrValue *v = ir_value(func, value);
    if (!v || v->kind != IR_VALUE_RESULT) return false;
    const IrInst *def = ir_inst(func, v->def);
    const IrType *t = ir_type(&module->types, v->type);
    if (!def || !t || t->kind != IR_TYPE_SCALAR || t->scalar != IR_UINT) return false;
    if (def->op == IR_OP_CONST) {
        *out = (uint32_t)def->literal;
        return true;
    }
    if (def->op != IR_OP_CONSTANT) return false;
    const IrConstant *c = ir_constant(module, def->symbol);
    if (!c || c->value.elem_count) return false;
    *out = (uint32_t)c->value.bits;
    return true;
}
