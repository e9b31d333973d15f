/* Subgroup matrix fragments (spec 着十二): which memory a fragment op reads or writes and
 * which (op, memory, fragment) combinations exist. One table, read by the verifier and by
 * every target that picks an instruction sequence per combination. */
#ifndef YUSEC_IR_FRAGMENT_H
#define YUSEC_IR_FRAGMENT_H

#include <stdbool.h>
#include <stdint.h>

#include "ir.h"

/* The memory operand of frag_load… / frag_store…: a pointer to one of these arrays. */
typedef enum IrFragMemory {
    IR_FRAG_MEM_NONE,           /* not a fragment memory operand */
    IR_FRAG_MEM_WORKGROUP_F16,  /* ptr<workgroup, array<f16, N>> */
    IR_FRAG_MEM_WORKGROUP_F32,  /* ptr<workgroup, array<f32, N>> */
    IR_FRAG_MEM_WORKGROUP_U32,  /* ptr<workgroup, array<u32, N>>: four s8 (A/B) or one s32 a word */
    IR_FRAG_MEM_STORAGE_U32,    /* ptr<storage_*, array<u32>>: two f16 a word, low half first */
    IR_FRAG_MEM_STORAGE_F32,    /* ptr<storage_read_write, array<f32>> */
} IrFragMemory;

/* Start and stride of fragment ops count elements of the array and must be multiples of
 * this (ldmatrix wants 16-byte aligned rows). */
#define IR_FRAG_ALIGN_ELEMENTS 8u

IrFragMemory ir_fragment_memory(const IrTypeTable *types, IrTypeId pointer);

/* Whether `op` (a frag_load* or frag_store* op) may move a fragment of `kind` through
 * `memory`. */
bool ir_fragment_access_ok(IrOp op, IrFragMemory memory, IrFragmentKind kind);

/* The accumulator kind that frag_mma gives for an A operand of `a`; IR_FRAG_KIND_COUNT when
 * `a` is not an A kind. Its B kind is ir_fragment_b_of(a). */
IrFragmentKind ir_fragment_acc_of(IrFragmentKind a);
IrFragmentKind ir_fragment_b_of(IrFragmentKind a);

/* The element operations on an f32 accumulator (frag_scale … frag_mask_upper, SIG_FRAG_ELEMENT):
 * their operands after the accumulator, as a string of 'a' (another f32 accumulator), 'f'
 * (an f32) and 'i' (an i32); NULL for any other op. */
const char *ir_fragment_element_operands(IrOp op);
/* The 点染 builtin an element operation or the workgroup transposing load comes from (for
 * diagnostics); "" for any other op. */
const char *ir_fragment_element_builtin(IrOp op);
/* The fragment an element operation makes: the A fragment for frag_to_a, else the
 * accumulator. */
IrFragmentKind ir_fragment_element_result(IrOp op);

/* True for the ops that move or compute fragments (frag_*). */
bool ir_op_is_fragment(IrOp op);
/* Operand positions of start and stride in a frag_load… / frag_store… op. */
#define IR_FRAG_ARG_MEMORY 0u
#define IR_FRAG_ARG_START 1u
#define IR_FRAG_ARG_STRIDE 2u
#define IR_FRAG_ARG_STORED 3u

/* async_copy moves 16 bytes: its workgroup element index (f16) is a multiple of 8, its
 * storage word index a multiple of 4. */
#define IR_ASYNC_COPY_DST_ALIGN 8u
#define IR_ASYNC_COPY_SRC_ALIGN 4u

/* 着十三's tensor tile ops (tensor_zero, tensor_mma, tensor_store), which only Metal translates;
 * the 点染 builtin each one comes from, for the other targets' diagnostics. */
bool ir_op_is_tensor(IrOp op);
const char *ir_tensor_builtin_name(IrOp op);
/* B of tensor_mma: a 64 × 32 f16 tile ([n][k], k fastest) at the start of its workgroup array. */
#define IR_TENSOR_B_ELEMENTS (64u * 32u)

/* tensor_mma_shared (PTX sm_90a only: ir_tensor_op_is_ptx_only): A (64 rows m) and B (64 rows n)
 * are 64 × 64 f16 tiles (K = 64) in one workgroup array, each at its start (in f16 elements, a
 * multiple of IR_TENSOR_SHARED_ALIGN), in wgmma's no-swizzle K-major core-matrix layout: element
 * (row, k) at start + ir_tensor_core_index(row, k) — 8 × 8 core matrices of 64 elements (row % 8
 * at 8 elements each), core matrix (row / 8, k / 8) at 64·(8·(row / 8) + k / 8). */
#define IR_TENSOR_SHARED_K 64u
#define IR_TENSOR_SHARED_ELEMENTS (64u * IR_TENSOR_SHARED_K)
#define IR_TENSOR_SHARED_ALIGN 8u
bool ir_tensor_op_is_ptx_only(IrOp op);
uint32_t ir_tensor_core_index(uint32_t row, uint32_t k);

/* Warpgroup ops (PTX sm_90a only): tensor_mma_async, tensor_commit, tensor_wait, register_inc,
 * register_dec. tensor_mma_async's layout is IR_TENSOR_LAYOUT_CORE (ir_tensor_core_index) or
 * IR_TENSOR_LAYOUT_SWIZZLE128: row r of 128 bytes at element start + 64·r, its 16-byte chunk c
 * (k 8c … 8c + 7) at chunk c XOR (r mod 8) — what a TMA load with 128-byte swizzle writes;
 * start a multiple of IR_TENSOR_SWIZZLE_ALIGN elements (1024 bytes). */
#define IR_WARPGROUP_SIZE 128u
#define IR_TENSOR_LAYOUT_CORE 0u
#define IR_TENSOR_LAYOUT_SWIZZLE128 128u
#define IR_TENSOR_SWIZZLE_ALIGN 512u
#define IR_TENSOR_MAX_PENDING 7u
#define IR_MIN_MAX_REGISTERS 24u
#define IR_MAX_MAX_REGISTERS 256u
bool ir_tensor_op_is_async(IrOp op);
/* The tensor ops one warpgroup runs together (all but warpgroup_id). */
bool ir_tensor_op_is_collective(IrOp op);
/* Whether `value` is allowed for the op's constant operand (layout, wait count, register
 * count); the rule in words for the diagnostic. */
bool ir_tensor_constant_ok(IrOp op, uint32_t value);
const char *ir_tensor_constant_rule(IrOp op);
uint32_t ir_tensor_swizzle_index(uint32_t row, uint32_t k);

/* When `value` is a u32 `const` or module constant: its value in *out, true. */
bool ir_value_known_u32(const IrModule *module, const IrFunction *func, IrValueId value, uint32_t *out);

#endif
