/* How the Metal Shading Language spells the YIR operations (spec 着九, seed 000 and 003): the
 * table the shared re-emitter reads through msl_lang.spelling (atomics and texture methods
 * are also read by msl_lang.c), and the ops deliberately left out of it. */
#include "msl_internal.h"

const char *const msl_spelling[IR_OP_COUNT] = {
    [IR_OP_ADD]                    = "+",
    [IR_OP_SUB]                    = "-",
    [IR_OP_MUL]                    = "*",
    [IR_OP_DIV]                    = "/",
    [IR_OP_REM]                    = "%",
    [IR_OP_NEG]                    = "-",
    [IR_OP_EQ]                     = "==",
    [IR_OP_NE]                     = "!=",
    [IR_OP_LT]                     = "<",
    [IR_OP_LE]                     = "<=",
    [IR_OP_GT]                     = ">",
    [IR_OP_GE]                     = ">=",
    [IR_OP_AND]                    = "&&",
    [IR_OP_OR]                     = "||",
    [IR_OP_NOT]                    = "!",
    [IR_OP_BIT_AND]                = "&",
    [IR_OP_BIT_OR]                 = "|",
    [IR_OP_BIT_XOR]                = "^",
    [IR_OP_BIT_NOT]                = "~",
    [IR_OP_COUNT_ONE_BITS]         = "popcount",
    [IR_OP_REVERSE_BITS]           = "reverse_bits",
    [IR_OP_SHL]                    = "<<",
    [IR_OP_SHR]                    = ">>",
    [IR_OP_BITCAST]                = "as_type",
    [IR_OP_SELECT]                 = "select",
    [IR_OP_ABS]                    = "abs",
    [IR_OP_MIN]                    = "min",
    [IR_OP_MAX]                    = "max",
    [IR_OP_CLAMP]                  = "clamp",
    [IR_OP_SIGN]                   = "sign",
    [IR_OP_SQRT]                   = "sqrt",
    [IR_OP_INVERSE_SQRT]           = "rsqrt",
    [IR_OP_EXP]                    = "exp",
    [IR_OP_EXP2]                   = "exp2",
    [IR_OP_LOG]                    = "log",
    [IR_OP_LOG2]                   = "log2",
    [IR_OP_POW]                    = "pow",
    [IR_OP_SIN]                    = "sin",
    [IR_OP_COS]                    = "cos",
    [IR_OP_TAN]                    = "tan",
    [IR_OP_TANH]                   = "tanh",
    [IR_OP_ASIN]                   = "asin",
    [IR_OP_ACOS]                   = "acos",
    [IR_OP_ATAN]                   = "atan",
    [IR_OP_ATAN2]                  = "atan2",
    [IR_OP_FLOOR]                  = "floor",
    [IR_OP_CEIL]                   = "ceil",
    [IR_OP_TRUNC]                  = "trunc",
    [IR_OP_FRACT]                  = "fract",
    [IR_OP_ROUND]                  = "rint",
    [IR_OP_MIX]                    = "mix",
    [IR_OP_STEP]                   = "step",
    [IR_OP_SMOOTHSTEP]             = "smoothstep",
    [IR_OP_FMA]                    = "fma",
    [IR_OP_SATURATE]               = "saturate",
    [IR_OP_DOT]                    = "dot",
    [IR_OP_CROSS]                  = "cross",
    [IR_OP_LENGTH]                 = "length",
    [IR_OP_DISTANCE]               = "distance",
    [IR_OP_NORMALIZE]              = "normalize",
    [IR_OP_REFLECT]                = "reflect",
    [IR_OP_DPDX]                   = "dfdx",
    [IR_OP_DPDY]                   = "dfdy",
    [IR_OP_WORKGROUP_BARRIER]      = "threadgroup_barrier(mem_flags::mem_threadgroup)",
    [IR_OP_STORAGE_BARRIER]        = "threadgroup_barrier(mem_flags::mem_device)",
    [IR_OP_ATOMIC_LOAD]            = "atomic_load_explicit",
    [IR_OP_ATOMIC_STORE]           = "atomic_store_explicit",
    [IR_OP_ATOMIC_ADD]             = "atomic_fetch_add_explicit",
    [IR_OP_ATOMIC_SUB]             = "atomic_fetch_sub_explicit",
    [IR_OP_ATOMIC_MAX]             = "atomic_fetch_max_explicit",
    [IR_OP_ATOMIC_MIN]             = "atomic_fetch_min_explicit",
    [IR_OP_ATOMIC_EXCHANGE]        = "atomic_exchange_explicit",
    [IR_OP_TEXTURE_SAMPLE]         = "sample",
    [IR_OP_TEXTURE_SAMPLE_LEVEL]   = "sample",
    [IR_OP_TEXTURE_LOAD]           = "read",
    [IR_OP_TEXTURE_SAMPLE_COMPARE] = "sample_compare",
    [IR_OP_SUBGROUP_SHUFFLE]       = "simd_shuffle",
    [IR_OP_SUBGROUP_SHUFFLE_XOR]   = "simd_shuffle_xor",
    [IR_OP_SUBGROUP_SHUFFLE_UP]    = "simd_shuffle_up",
    [IR_OP_SUBGROUP_SHUFFLE_DOWN]  = "simd_shuffle_down",
    [IR_OP_SUBGROUP_ADD]           = "simd_sum",
    [IR_OP_SUBGROUP_MAX]           = "simd_max",
    [IR_OP_SUBGROUP_MIN]           = "simd_min",
    [IR_OP_SUBGROUP_EXCLUSIVE_ADD] = "simd_prefix_exclusive_sum",
    [IR_OP_SUBGROUP_INCLUSIVE_ADD] = "simd_prefix_inclusive_sum",
    [IR_OP_SUBGROUP_EXCLUSIVE_MUL] = "simd_prefix_exclusive_product",
    [IR_OP_SUBGROUP_INCLUSIVE_MUL] = "simd_prefix_inclusive_product",
    [IR_OP_SUBGROUP_ALL]           = "simd_all",
    [IR_OP_SUBGROUP_ANY]           = "simd_any",
    [IR_OP_SUBGROUP_ELECT]         = "simd_is_first",
    [IR_OP_DISCARD]                = "discard_fragment()",
};

/* Written whole by msl_lang.c (数组长度 from the lengths buffer, pack/unpack through half2,
 * the compare-exchange helper, get_width/get_height, the ballot's vote_t), msl_fragment.c
 * (着十二) and msl_tensor.c (着十三); asynchronous copies are PTX only and reported. */
bool msl_op_unspelled(IrOp op) {
    switch (op) {
    case IR_OP_ARRAY_LENGTH: case IR_OP_PACK2X16FLOAT: case IR_OP_UNPACK2X16FLOAT:
    case IR_OP_ATOMIC_COMPARE_EXCHANGE: case IR_OP_TEXTURE_DIMENSIONS: case IR_OP_SUBGROUP_BALLOT:
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

const char *msl_op_spelling(IrOp op) { return (unsigned)op < IR_OP_COUNT ? msl_spelling[op] : NULL; }
