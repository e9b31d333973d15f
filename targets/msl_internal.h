/* Shared between the files of the MSL target only (spec 着九). */
#ifndef YUSEC_TARGETS_MSL_INTERNAL_H
#define YUSEC_TARGETS_MSL_INTERNAL_H

#include "target.h"
#include "text_emit.h"
#include "../ir/abi.h"

/* Names of the tensor tile declarations (着十三, msl_tensor.c); all NULL when unused. */
typedef struct MslTensorNames {
    const char *matmul, *a, *b, *acc, *zero, *mma, *store;
} MslTensorNames;

/* What the MSL emitter knows about the module; TextEmitter.user points here. */
typedef struct MslState {
    IrGlobalSet *uses;            /* per function: globals used directly or through calls (ir_reach_each) */
    IrGlobalSet *measures;        /* per function: buffers whose 数组长度 it takes, directly or through calls */
    const char **length_names;    /* per measured global: a helper's parameter holding its size in bytes */
    const char *lengths_buffer;   /* an entry's lengths buffer parameter (ir/abi.h) */
    IrBufferParams **entry_lengths;  /* per entry function: the length list (ir_buffer_params) */
    const IrIo **out_io;          /* per type id: IO of a struct returned by an entry */
    IrStage *out_stage;           /* per type id: the stage returning it */
    bool *binding_reported;       /* per global: a slot-limit diagnostic was given */
    bool *in_buffer;              /* per type id: inside a storage or uniform buffer's type */
    const char **cmpxchg;         /* per type id (compare-exchange result struct): helper name */
    const char **prologue;        /* lines written at the top of the current function body */
    uint32_t prologue_count, prologue_cap;
    MslTensorNames tensor;
} MslState;

extern const TeLang msl_lang;
/* msl_spelling.c: the op table of msl_lang and the ops deliberately not in it. */
extern const char *const msl_spelling[IR_OP_COUNT];
bool msl_op_unspelled(IrOp op);

/* Whether a global is passed to functions (resources, workgroup and private variables). */
bool msl_global_is_passed(const IrGlobal *g);
/* `device T* 名`, `constant T& 名`, `texture2d<float> 名`, … for a global as a parameter. */
void msl_global_param(TextEmitter *em, StrBuf *out, IrGlobalId id);

/* One memory layout on every target (WGSL's): a vec3 field followed within 12 bytes (6 for
 * f16) by the next field or the struct's end is `alignas(16) packed_float3` in MSL, since
 * Metal's float3 takes 16 bytes (seed 000, table 2.3). Only structs inside a storage or
 * uniform buffer's type: other structs never meet the host. */
bool msl_field_is_packed(const TextEmitter *em, IrTypeId strct, uint32_t field);

/* The size in bytes of measured buffer `global` in the function being emitted: an element of
 * the entry's lengths buffer, or the helper's parameter. */
const char *msl_length_bytes(TextEmitter *em, IrGlobalId global);
/* ---- msl_tensor.c: tensor tiles (着十三) ---- */
bool msl_uses_tensor(const IrModule *m);
bool msl_function_uses_tensor(const IrFunction *f);
/* Claims the helper names when the module uses tensor ops. */
void msl_plan_tensor(TextEmitter *em, MslState *st);
/* Every compute entry reaching a tensor op has 128 invocations; else diagnostics, false. */
bool msl_check_tensor_entries(TextEmitter *em, const MslState *st);
/* False (after one error per function) when the module uses a tensor op only PTX has. */
bool msl_check_ptx_only_tensor_ops(TextEmitter *em);
/* The two #include lines (first in the file) and the declarations after `using namespace metal;`. */
void msl_tensor_includes(const MslState *st, StrBuf *out);
void msl_tensor_prelude(const MslState *st, StrBuf *out);
/* tensor_zero / tensor_mma / tensor_store as calls of the helpers. */
TeExpr msl_tensor_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args);

/* msl_fragment.c (着十二): the 整八 check (true when any fragment is used), the 金矩阵片序幕,
 * fragment type names and fragment op expressions. */
bool msl_check_fragments(TextEmitter *em);
void msl_fragment_prelude(StrBuf *out);
/* msl_fragment_elements.c: whether the module uses an accumulator element operation or the
 * transposing workgroup load, their prelude (after the 金矩阵片序幕), and each op's helper
 * (NULL for other ops). */
bool msl_uses_fragment_elements(const IrModule *module);
void msl_fragment_element_prelude(StrBuf *out);
const char *msl_fragment_element_helper(IrOp op);
const char *msl_fragment_type(IrFragmentKind kind);
bool msl_fragment_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out);

#endif
