/* The host contract of compute entries (spec 着十), shared by the PTX plugin, the runtime
 * (yusec run) and the ABI manifest (--entries=json): which buffers an entry reaches and the
 * order of its kernel parameters. One definition, so the three cannot drift apart. */
#ifndef YUSEC_IR_ABI_H
#define YUSEC_IR_ABI_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "ir.h"

/* Placeholder parameters are made for group-0 bindings up to this number, no further. */
#define IR_ABI_MAX_DENSE_BINDING 4096u

/* Marks in `funcs` the functions reachable from `func` (itself included) and in `globals`
 * the globals they name. Both arrays are indexed by id and must start cleared. */
void ir_reach(const IrModule *module, IrFuncId func, bool *funcs, bool *globals);

/* ---- one function's reach after another (ir/reach.c) ----
 * ir_reach + ir_reach_lengths for one entry function after another, without a pass over the
 * whole module each time: ir_reach_from clears the last call's marks through its lists, so a
 * call costs what the function reaches (the instructions of the functions it reaches), not the
 * module's size, and N entries of one function each cost N, not N × functions. The marks are
 * those of ir_reach and ir_reach_lengths; the lists ascend by id. Iterative (a call chain of
 * any depth). */
typedef struct IrReach {
    const IrModule *module;
    bool *funcs;              /* by function id: reached by the last ir_reach_from */
    bool *globals;            /* by global id: named by a reached function */
    bool *lengths;            /* by global id: a buffer whose 数组长度 a reached function takes */
    IrFuncId *func_list;      /* the marked functions, ascending */
    IrGlobalId *global_list;  /* the marked globals, ascending */
    IrGlobalId *length_list;  /* the marked buffers of `lengths`, ascending */
    uint32_t func_count, global_count, length_count;
    uint64_t steps;           /* instructions scanned and marks cleared, over all calls */
} IrReach;

void ir_reach_init(IrReach *reach, Arena *arena, const IrModule *module);
void ir_reach_from(IrReach *reach, IrFuncId func);

/* A set of globals as ids in ascending order. */
typedef struct IrGlobalSet {
    const IrGlobalId *ids;
    uint32_t count;
} IrGlobalSet;

/* ir_reach and ir_reach_lengths for every function at once: uses[f] the globals function f
 * names directly or through the functions it calls, lengths[f] the buffers whose 数组长度 it
 * so takes (both arrays of ir_function_count entries, filled here, lists in `arena`). Each
 * function's sets are the union of its own and its callees' (in post-order of the call graph),
 * so the time is linear in the module plus the sets' total size, where one ir_reach per
 * function was quadratic in the number of functions; a module whose calls form a cycle (YIR
 * text only: the front end rejects recursion) falls back to ir_reach per function. */
void ir_reach_each(Arena *arena, const IrModule *module, IrGlobalSet *uses, IrGlobalSet *lengths);

/* Storage and uniform buffers are kernel parameters (device pointers). */
bool ir_global_is_buffer(const IrGlobal *global);

/* ---- runtime array lengths (数组长度; the seed's 待办事项 of 着九 and 着十) ----
 * WGSL knows a binding's size; MSL and PTX do not, so the host passes them: one small
 * buffer of u32 per entry, element k = the size in BYTES of the k-th buffer of the entry's
 * length list (IrBufferParams.lengths), the runtime-sized buffers whose length the entry
 * takes, sorted by (group, binding). The targets turn bytes into elements with the layout
 * (ir_runtime_array_extent). PTX: the kernel's last parameter, a device pointer named
 * IR_ABI_LENGTHS_PARAM; MSL: [[buffer(IR_ABI_MSL_LENGTHS_INDEX)]]. Only entries that take a
 * length have it. */
#define IR_ABI_LENGTHS_PARAM "p_lengths"
#define IR_ABI_MSL_LENGTHS_INDEX 30u

/* The buffer global whose runtime array `array_length` (inst) measures: the operand is the
 * global itself or an access of its last struct field. IR_NONE when it is anything else
 * (e.g. a pointer parameter). */
IrGlobalId ir_length_target(const IrFunction *func, const IrInst *inst);

/* Marks in `lengths` (by global id, cleared by the caller) the buffers whose length a
 * function marked in `funcs` takes. */
void ir_reach_lengths(const IrModule *module, const bool *funcs, bool *lengths);

/* Where the runtime-sized array of a buffer type starts and its element stride: the type
 * itself (offset 0) or the last field of a struct. False for a fixed-size type. The length in
 * elements of a buffer of `bytes` is (bytes - offset) / stride, 0 when bytes < offset. */
bool ir_runtime_array_extent(const IrTypeTable *types, IrTypeId type, uint32_t *offset,
                             uint32_t *stride);

/* One kernel parameter: the buffer's (group, binding), which also names the parameter. */
typedef struct IrBufferParam {
    IrGlobalId global;    /* IR_NONE for a placeholder binding or the lengths buffer */
    uint32_t group, binding;
    bool lengths;         /* the lengths buffer (last, only when the entry takes a length) */
} IrBufferParam;

/* ---- textures and samplers on PTX (着十's 待办事项; docs/targets.md § Textures) ----
 * CUDA binds the sampler state into the texture object, so the kernel takes, after the
 * buffers and the lengths buffer, one parameter per texture use:
 *   TEXELS   .param .u64 p_tex_g<g>_b<b>: a texture object of the texture with normalized
 *            coordinates, point filtering and clamp addressing, for 读纹素 and 纹理尺寸;
 *   SAMPLED  .param .u64 p_tex_g<g>_b<b>_g<sg>_b<sb>: one texture object per (texture, sampler)
 *            pair that 采样纹理, 按层采样纹理 or 比较采样 uses, with the sampler's addressing,
 *            filtering and normalized coordinates (a comparison sampler: point filtering);
 *   COMPARE  .param .u32 p_cmp_g<sg>_b<sb>: a comparison sampler's compare function, numbered
 *            as WebGPU's GPUCompareFunction (1 never … 8 always; IrCompareFunction), which
 *            PTX has no instruction for: the kernel compares the fetched depth itself.
 * Textures by (group, binding), each with TEXELS before its SAMPLED pairs (by sampler group,
 * binding); then the COMPARE parameters by (group, binding). The prefixes keep the names
 * apart from a group-0 placeholder p_g<g>_b<b> at a texture's or sampler's binding. */
typedef enum IrTextureParamKind {
    IR_TEXTURE_PARAM_TEXELS,
    IR_TEXTURE_PARAM_SAMPLED,
    IR_TEXTURE_PARAM_COMPARE,
} IrTextureParamKind;

typedef struct IrTextureParam {
    IrTextureParamKind kind;
    IrGlobalId texture;   /* TEXELS, SAMPLED; IR_NONE for COMPARE */
    IrGlobalId sampler;   /* SAMPLED, COMPARE; IR_NONE for TEXELS */
} IrTextureParam;

/* WebGPU's GPUCompareFunction, in its order (the COMPARE parameter's value). */
typedef enum IrCompareFunction {
    IR_COMPARE_NEVER = 1, IR_COMPARE_LESS, IR_COMPARE_EQUAL, IR_COMPARE_LESS_EQUAL,
    IR_COMPARE_GREATER, IR_COMPARE_NOT_EQUAL, IR_COMPARE_GREATER_EQUAL, IR_COMPARE_ALWAYS,
} IrCompareFunction;

typedef struct IrBufferParams {
    IrBufferParam *params;  /* in order */
    uint32_t count;
    uint32_t too_large_binding;  /* set when the dense rule would exceed the cap (count 0) */
    IrGlobalId *lengths;    /* the length list: lengths buffer element k measures lengths[k] */
    uint32_t length_count;
    IrTextureParam *textures;  /* kernel parameters count … count + texture_count - 1 */
    uint32_t texture_count;
} IrBufferParams;

/* The parameters of a kernel whose reach marked `used` globals and `lengths` (NULL: none)
 * buffers whose length it takes: when every used buffer is in group 0, bindings 0…max each
 * take one (unused ones as placeholders); otherwise the used buffers by (group, binding);
 * then the lengths buffer when the length list is not empty. Returns false (count 0) when a
 * group-0 binding is above IR_ABI_MAX_DENSE_BINDING. */
bool ir_buffer_params(Arena *arena, const IrModule *module, const bool *used, const bool *lengths,
                      IrBufferParams *out);

/* ir_buffer_params from sets (ascending ids): the same parameters, in time of the sets'
 * sizes, not of the module's globals. */
bool ir_buffer_params_of(Arena *arena, const IrModule *module, IrGlobalSet used, IrGlobalSet lengths,
                         IrBufferParams *out);

/* The texture (index 0) or sampler (index 1) global that operand `index` of texture op `inst`
 * names: the operand is a load of the global itself. IR_NONE otherwise (e.g. a parameter). */
IrGlobalId ir_texture_operand(const IrFunction *func, const IrInst *inst, uint32_t index);

/* Fills out->textures with the texture parameters of the functions marked in `funcs`, in the
 * order above (any previous list is replaced). False when a texture op's texture or sampler
 * is not a module binding, with *bad set to that op (its span locates the diagnostic). */
bool ir_texture_params(Arena *arena, const IrModule *module, const bool *funcs, IrBufferParams *out,
                       const IrInst **bad);

/* ir_texture_params over a list of functions (ascending ids, e.g. IrReach's func_list). */
bool ir_texture_params_of(Arena *arena, const IrModule *module, const IrFuncId *funcs, uint32_t func_count,
                          IrBufferParams *out, const IrInst **bad);

/* The position of `want` in out->textures (kind, texture, sampler equal); IR_NONE if absent. */
uint32_t ir_texture_slot(const IrBufferParams *params, IrTextureParam want);

/* The position of `global` in the length list; IR_NONE when it is not there. */
uint32_t ir_length_slot(const IrBufferParams *params, IrGlobalId global);

/* 着十: a parameter is named p_g<group>_b<binding> (placeholders too; the lengths buffer
 * IR_ABI_LENGTHS_PARAM). The longest name fits
 * IR_ABI_PARAM_NAME_MAX bytes with its NUL. */
#define IR_ABI_PARAM_NAME_MAX 64u
void ir_buffer_param_name(const IrBufferParam *param, char name[IR_ABI_PARAM_NAME_MAX]);
/* The name of a texture parameter (above). */
void ir_texture_param_name(const IrModule *module, const IrTextureParam *param,
                           char name[IR_ABI_PARAM_NAME_MAX]);
/* Kernel parameter `index` (buffers, lengths, then textures): its name; false past the end. */
bool ir_kernel_param_name(const IrModule *module, const IrBufferParams *params, uint32_t index,
                          char name[IR_ABI_PARAM_NAME_MAX]);

/* ---- workgroup memory on PTX (着十's host contract, docs/targets.md) ----
 * Static .shared is capped at 48 KiB per kernel. A module whose workgroup variables together
 * need more has all of them in one dynamic `.extern .shared` array (IR_ABI_DYNAMIC_SHARED):
 * each variable at a fixed offset, in declaration order, 16-byte aligned (1024 for the
 * destinations of TMA loads and warpgroup MMA arrays, ir_shared_align). An entry of such a
 * module is launched with sharedMemBytes = the end of the last workgroup variable it reaches,
 * after cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) to that size; the
 * manifest gives it as "dynamic_shared_bytes" and yusec run does both. */
#define IR_ABI_STATIC_SHARED_MAX 49152u
#define IR_ABI_DYNAMIC_SHARED "yy_dynamic_shared"

/* Bytes one workgroup variable takes (its type's size, rounded up to 16). */
uint64_t ir_workgroup_bytes(const IrModule *module, IrGlobalId global);

/* True when the module's workgroup variables need more than IR_ABI_STATIC_SHARED_MAX. */
bool ir_shared_is_dynamic(const IrModule *module);

/* The alignment of workgroup variable `global` in shared memory: 1024 bytes for the destination
 * of a TMA load or the array of warpgroup MMA (ir_global_needs_1024_alignment), else 16. */
uint32_t ir_shared_align(const IrModule *module, IrGlobalId global);
/* The dynamic array's alignment: the largest ir_shared_align of the module's variables. */
uint32_t ir_shared_base_align(const IrModule *module);
/* The offset of workgroup variable `global` in the dynamic array (a multiple of its alignment;
 * the array itself is aligned to ir_shared_base_align). */
uint64_t ir_shared_offset(const IrModule *module, IrGlobalId global);

/* The dynamic shared bytes of the entry whose reach marked `used` globals: 0 for a module in
 * static .shared, else the end of the last workgroup variable it uses. */
uint64_t ir_entry_dynamic_shared_bytes(const IrModule *module, const bool *used);
/* The same from a set (ascending ids), the module scanned only when the entry uses a
 * workgroup variable. */
uint64_t ir_entry_dynamic_shared_bytes_of(const IrModule *module, IrGlobalSet used);

#endif
