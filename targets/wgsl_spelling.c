/* How WGSL spells the YIR operations (spec 着四, 着八, 着十一): the table the shared
 * re-emitter reads through wgsl_lang.spelling, and the ops deliberately left out of it. */
#include "wgsl_internal.h"

const char *const wgsl_spelling[IR_OP_COUNT] = {
    [IR_OP_ADD]                     = "+",
    [IR_OP_SUB]                     = "-",
    [IR_OP_MUL]                     = "*",
    [IR_OP_DIV]                     = "/",
    [IR_OP_REM]                     = "%",
    [IR_OP_NEG]                     = "-",
    [IR_OP_EQ]                      = "==",
    [IR_OP_NE]                      = "!=",
    [IR_OP_LT]                      = "<",
    [IR_OP_LE]                      = "<=",
    [IR_OP_GT]                      = ">",
    [IR_OP_GE]                      = ">=",
    [IR_OP_AND]                     = "&&",
    [IR_OP_OR]                      = "||",
    [IR_OP_NOT]                     = "!",
    [IR_OP_BIT_AND]                 = "&",
    [IR_OP_BIT_OR]                  = "|",
    [IR_OP_BIT_XOR]                 = "^",
    [IR_OP_BIT_NOT]                 = "~",
    [IR_OP_SHL]                     = "<<",
    [IR_OP_SHR]                     = ">>",
#define IR_WGSL_BUILTIN(op, name) [op] = name,
#include "../ir/wgsl_builtins.def"
#undef IR_WGSL_BUILTIN
    [IR_OP_DISCARD]                 = "discard",
};

/* BITCAST is written whole by wgsl_lang.c (bitcast<T>(x) with the 着八 constant check) and the
 * fragment ops by wgsl_fragment.c (着十二: subgroupMatrixLoad<…>, …, or a diagnostic for the
 * 前八行 forms); WGSL has no asynchronous copies and no tensor tiles (着十三), which are
 * reported instead. */
bool wgsl_op_unspelled(IrOp op) {
    switch (op) {
    case IR_OP_BITCAST:
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_FILL: case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_ROWS8:
    case IR_OP_FRAG_LOAD_TRANSPOSED: case IR_OP_FRAG_MMA: case IR_OP_FRAG_STORE: case IR_OP_FRAG_STORE_ROWS8:
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_MAX_SCALAR: case IR_OP_FRAG_ADD:
    case IR_OP_FRAG_SUB: case IR_OP_FRAG_MUL: case IR_OP_FRAG_DIV: case IR_OP_FRAG_MAX: case IR_OP_FRAG_EXP2:
    case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_TO_A: case IR_OP_FRAG_MASK_UPPER:
    case IR_OP_ASYNC_COPY: case IR_OP_ASYNC_COMMIT: case IR_OP_ASYNC_WAIT:
    case IR_OP_TENSOR_ZERO: case IR_OP_TENSOR_MMA: case IR_OP_TENSOR_STORE: case IR_OP_TENSOR_MMA_SHARED:
    case IR_OP_WARPGROUP_ID: case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16: case IR_OP_TENSOR_COMMIT: case IR_OP_TENSOR_WAIT:
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC:  /* refused before (PTX sm_90a only) */
    case IR_OP_MBARRIER_INIT: case IR_OP_MBARRIER_ARRIVE: case IR_OP_MBARRIER_EXPECT_TX: case IR_OP_MBARRIER_WAIT:
    case IR_OP_FENCE_PROXY_ASYNC: case IR_OP_TMA_LOAD:
        return true;
    default:
        return false;
    }
}

const char *wgsl_op_spelling(IrOp op) { return (unsigned)op < IR_OP_COUNT ? wgsl_spelling[op] : NULL; }
