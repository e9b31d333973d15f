/* Inside the PTX plugin: YIR → LLVM IR. One PtxCtx per emit call (no global state); one
 * FnCtx per translated function. Every YIR function becomes an internal, always-inlined LLVM
 * function that takes, after its own parameters, hidden parameters: one pointer per resource
 * and private variable it reaches (itself or through its callees), one i32 per buffer length
 * it takes, and the module's texture parameters. The module numbers all of these (hidden
 * slots); each function takes the slots it reaches, in slot order (PtxHidden), so a module
 * of N buffers and N functions does not make N² parameters. Each entry becomes a ptx_kernel
 * that computes its builtins from special registers and its hidden slots' values, then holds
 * the entry function's body (module.c), or calls it where other functions call it too. */
#ifndef YUSEC_TARGETS_PTX_INTERNAL_H
#define YUSEC_TARGETS_PTX_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "../ptx.h"
#include "../../base/hash.h"
#include "../../ir/abi.h"
#include "../../ir/tensor_run.h"

/* LLVM address spaces of NVPTX. */
enum { PTX_AS_GENERIC = 0, PTX_AS_GLOBAL = 1, PTX_AS_SHARED = 3 };

/* One emitted kernel: its PTX name, parameters (ir/abi.c's order) and workgroup size. */
typedef struct PtxKernel {
    const char *name;
    IrBufferParams params;
    uint32_t workgroup_size[3];  /* its .reqntid (launch.c) */
} PtxKernel;

/* The hidden slots one function takes, ascending: its LLVM parameter param_count + i is
 * slot slots[i]. */
typedef struct PtxHidden {
    const uint32_t *slots;
    uint32_t count;
} PtxHidden;

/* What a hidden slot carries. */
typedef enum PtxSlotKind { PTX_SLOT_RESOURCE, PTX_SLOT_LENGTH, PTX_SLOT_TEXTURE } PtxSlotKind;

typedef struct PtxSlot {
    PtxSlotKind kind;
    uint32_t index;              /* the IrGlobalId, or the texture parameter's index */
} PtxSlot;

typedef struct PtxCtx {
    const IrModule *m;
    const IrTypeTable *types;
    const PtxOptions *options;
    DiagEngine *diag;
    PtxFailure *failure;         /* the first error's ASCII reason (may be NULL) */
    Arena arena;                 /* scratch for this translation */
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    LLVMTargetDataRef td;
    LLVMBuilderRef b;
    LLVMTypeRef *reg_types;      /* per IrTypeId, NULL until made */
    uint32_t reg_type_count;
    LLVMValueRef *funcs;         /* per IrFuncId, NULL when not reachable from compute */
    LLVMValueRef *shared;        /* per IrGlobalId: workgroup variables */
    uint32_t *hidden_index;      /* per IrGlobalId: hidden parameter slot, or IR_NONE */
    uint32_t *length_hidden;     /* per IrGlobalId: hidden i32 slot of its size in bytes, or IR_NONE */
    uint32_t hidden_count;
    PtxSlot *slot_of;            /* per hidden slot: what it carries (ptx_plan_hidden) */
    PtxHidden *hidden;           /* per IrFuncId: the slots the function takes */
    IrBufferParams textures;     /* the texture parameters of all kernels (texture.c) */
    uint32_t texture_hidden;     /* hidden slot of textures.textures[0] */
    bool *full_warps;            /* per IrFuncId: only reached from workgroup sizes 32·k */
    bool *called;                /* per IrFuncId: some reached function calls it (else it is only
                                    an entry's function, emitted right into its kernel) */
    uint32_t largest_function;   /* most YIR instructions of one translated function */
    uint32_t tensor_warpgroups;  /* most warpgroups (128 threads) of an entry that uses tensor
                                    tiles; up to 1 the tensor ops sync the whole block (warpgroup.c) */
    PtxKernel *kernels;          /* the kernels emitted so far */
    uint32_t kernel_count;
    StrMap kernel_names;         /* PTX name → its PtxKernel in `kernels` (params.c) */
    /* -lineinfo / -g (lineinfo.c): NULL dib when the options ask for no line information */
    LLVMDIBuilderRef dib;
    LLVMMetadataRef debug_unit;  /* the compile unit (debug directives only) */
    LLVMMetadataRef *debug_files;  /* per source file: its DIFile, NULL until made */
    bool failed;
} PtxCtx;

typedef struct PtxWidePlan PtxWidePlan;

typedef struct FnCtx {
    PtxCtx *px;
    const IrFunction *f;
    LLVMValueRef fn;
    LLVMValueRef *vals;          /* per IrValueId */
    LLVMValueRef *hidden_vals;   /* per PtxHidden index of f: the value of that hidden slot */
    LLVMValueRef entry_alloca_point;
    bool full_warps;             /* every entry reaching f runs whole warps (subgroup.c) */
    const PtxWidePlan *wide;     /* while the 64-bit copy of a counted loop is emitted (wide.c) */
    const uint32_t *workgroup_size; /* in a kernel: its entry's workgroup size, which .reqntid makes
                                       the only block size it can be launched with: ntid is
                                       constant and tid has exact ranges (module.c) */
    /* warpgroup.c: the run of async MMAs issued at its first member (ir/tensor_run.h) and the
     * accumulators it gave the later members, handed out as their turn comes in this
     * emission of the block (a loop body may be emitted twice: wide.c's copy). */
    struct {
        IrInstId members[IR_TENSOR_RUN_MAX];
        LLVMValueRef results[IR_TENSOR_RUN_MAX];
        uint32_t count, next;
    } tensor_run;
    LLVMMetadataRef debug_scope;   /* -lineinfo: the function's DISubprogram (else NULL) */
    LLVMMetadataRef *debug_scopes; /* per source file: the scope of a location in that file
                                      (the subprogram, or a lexical block file in it) */
} FnCtx;

/* Where structured terminators go while translating a block. */
typedef struct FlowTarget {
    LLVMBasicBlockRef if_merge;  /* yield */
    LLVMValueRef *if_phis;
    uint32_t if_phi_count;
    LLVMBasicBlockRef loop_header, loop_exit;  /* continue, break */
    LLVMValueRef *loop_phis, *exit_phis;
    uint32_t loop_phi_count, exit_phi_count;
} FlowTarget;

/* ---- widen.c ---- */
/* Rewrites every scalar i8/i16 umax/umin/smax/smin as ext → 32-bit min/max → trunc (after
 * optimisation: ptxas miscompiles a 16-bit max feeding setp.eq; widen.c says why). */
void ptx_widen_narrow_min_max(LLVMModuleRef mod);

/* ---- module.c ---- */
/* Reports the error `fmt` (Chinese, for the diagnostic) and, when it is the first, its ASCII
 * counterpart `ascii` for PtxFailure (着十: the generated module's comment must be ASCII). */
void ptx_fail(PtxCtx *px, DiagId id, Span span, const char *ascii, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* A formatted ASCII reason for ptx_fail, in the translation's arena. */
const char *ptx_ascii(PtxCtx *px, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An error without a source position (LLVM, internal), with its ASCII reason. */
void ptx_fail_path(DiagEngine *diag, DiagId id, PtxFailure *failure, const char *ascii, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
LLVMTypeRef ptx_i32(PtxCtx *px);
LLVMTypeRef ptx_i64(PtxCtx *px);
LLVMTypeRef ptx_ptr(PtxCtx *px, unsigned space);

/* ---- types.c ---- */
const IrType *ptx_ty(PtxCtx *px, IrTypeId id);
/* The register form of a YIR value type (bool as i1, vectors as LLVM vectors, matrices as
 * arrays of column vectors, structs as literal structs). NULL after a diagnostic. */
LLVMTypeRef ptx_reg_type(PtxCtx *px, IrTypeId id, Span span);
unsigned ptx_space(IrAddressSpace space);
/* Textures and samplers (values without registers of their own). */
bool ptx_is_handle(PtxCtx *px, IrTypeId id);
/* Memory access through byte offsets and the WGSL storage layout (fragments: LLVM's). */
uint32_t ptx_memory_align(PtxCtx *px, IrTypeId type);
uint32_t ptx_memory_size(PtxCtx *px, IrTypeId type);
LLVMValueRef ptx_load(FnCtx *fc, LLVMValueRef ptr, IrTypeId type, uint32_t align, Span span);
void ptx_store(FnCtx *fc, LLVMValueRef ptr, LLVMValueRef value, IrTypeId type, uint32_t align,
               Span span);
LLVMValueRef ptx_byte_gep(FnCtx *fc, LLVMValueRef ptr, LLVMValueRef offset);
/* ptr + index·stride bytes (index i64) as a GEP over `stride`-byte elements. The scale stays
 * in the GEP, so NVPTX's SeparateConstOffsetFromGEP can move the constant part of an index
 * (start + 16, row + 8…) into the address's immediate offset; a byte offset multiplied
 * beforehand becomes a shift that it cannot look through. */
LLVMValueRef ptx_element_gep(FnCtx *fc, LLVMValueRef ptr, LLVMValueRef index, uint32_t stride);
LLVMValueRef ptx_const_value(PtxCtx *px, const IrLiteral *lit, Span span);
LLVMValueRef ptx_literal(PtxCtx *px, IrTypeId type, uint64_t bits, Span span);

/* ---- hidden.c: which hidden slots each function takes ---- */
/* After the slots are numbered (layout, lengths, textures): each function in `funcs` takes
 * the resource and length slots of what it reaches (ir_reach_each) and every texture slot. */
void ptx_plan_hidden(PtxCtx *px, const bool *funcs);
/* The current function's parameter carrying hidden slot `slot`; NULL (after an internal
 * error) when it does not take it. */
LLVMValueRef ptx_hidden_param(FnCtx *fc, uint32_t slot, Span span);

/* ---- wide.c: wrap-free indices in counted loops (ir/wide_index.h) ---- */
/* The plan for a loop whose indices are worth a 64-bit copy; NULL when there is none (or -O0). */
PtxWidePlan *ptx_wide_plan(FnCtx *fc, const IrInst *loop);
/* At the current position, before the loop: true when no node of the plan wraps. */
LLVMValueRef ptx_wide_test(FnCtx *fc, const PtxWidePlan *plan);
/* In the 64-bit copy (fc->wide set): `index` as an i64 computed without wrapping, or NULL when
 * the plan leaves it to the usual zero extension. */
LLVMValueRef ptx_wide_index(FnCtx *fc, IrValueId index);

/* ---- func.c ---- */
LLVMValueRef ptx_declare_function(PtxCtx *px, const IrFunction *f);
void ptx_define_function(PtxCtx *px, const IrFunction *f);
/* fc->f's body into fc->fn from the builder's block on, with fc->vals holding the parameters
 * and fc->hidden_vals the hidden slots; that block gets the allocas, first and in order. */
void ptx_emit_body(FnCtx *fc);
LLVMValueRef ptx_val(FnCtx *fc, IrValueId id);

/* ---- ops.c: one instruction that is neither control flow nor memory ---- */
LLVMValueRef ptx_op(FnCtx *fc, const IrInst *inst);
/* Applies `op` lane by lane (scalarises vectors). */
typedef LLVMValueRef (*PtxLaneFn)(FnCtx *fc, LLVMValueRef *args, const IrInst *inst);
LLVMValueRef ptx_per_lane(FnCtx *fc, const IrInst *inst, LLVMValueRef *args, uint32_t count,
                          LLVMTypeRef result, PtxLaneFn fn);
LLVMValueRef ptx_splat(FnCtx *fc, LLVMValueRef scalar, LLVMTypeRef type);
LLVMValueRef ptx_float_const(PtxCtx *px, LLVMTypeRef type, double value);
void ptx_set_fast(FnCtx *fc, LLVMValueRef inst);
/* Σ a[i]·b[i] over the lanes of two vectors (fl: float arithmetic). */
LLVMValueRef ptx_dot(FnCtx *fc, LLVMValueRef a, LLVMValueRef b, bool fl);

/* ---- math.c ---- */
LLVMValueRef ptx_math(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);
/* ---- inverse_trig.c: asin, acos, atan, atan2 on f32 operands (NULL for other ops) ---- */
LLVMValueRef ptx_inverse_trig(FnCtx *fc, const IrInst *inst, LLVMValueRef *x);

/* ---- sync.c: barriers, atomics (subgroup ops go on to subgroup.c) ---- */
LLVMValueRef ptx_sync(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);
/* ---- subgroup.c: shfl.sync, vote.sync, redux.sync (着十一) ---- */
LLVMValueRef ptx_subgroup(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);

/* ---- fragment.c: subgroup matrix fragments (着十二): ldmatrix, mma.sync, lane loads ---- */
LLVMValueRef ptx_fragment(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);
/* The lane's g = laneid / 4 and t = laneid % 4 of the mma layouts. */
bool ptx_fragment_lane(FnCtx *fc, Span span, LLVMValueRef *g, LLVMValueRef *t);
/* ---- fragment_elements.c: accumulator element operations in registers ---- */
LLVMValueRef ptx_fragment_element(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);

/* ---- warpgroup.c: 着十三's tensor tiles through wgmma.mma_async (sm_90a) ---- */
/* The register form of a tensor tile: the 32 f32 accumulators a thread holds. */
LLVMTypeRef ptx_tensor_acc_type(PtxCtx *px);
LLVMValueRef ptx_tensor(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);
bool ptx_function_uses_tensor(const IrFunction *f);
/* False (after a diagnostic) when compute entry `e`, which reaches `funcs`, uses a tensor tile
 * without a multiple of 128 invocations (whole warpgroups). */
bool ptx_check_tensor_entry(PtxCtx *px, const IrEntry *e, const uint32_t *funcs, uint32_t func_count);
/* Counts the warpgroups of compute entry `e` into px->tensor_warpgroups when it uses tensor tiles. */
void ptx_plan_warpgroups(PtxCtx *px, const IrEntry *e, const uint32_t *funcs, uint32_t func_count);

/* ---- async.c: cp.async into workgroup memory ---- */
LLVMValueRef ptx_async(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);
/* ---- mbarrier.c: asynchronous barriers and fence.proxy.async (sm_90a) ---- */
LLVMValueRef ptx_mbarrier(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);

/* ---- intrin.c: the only way an intrinsic reaches LLVM ---- */
/* Calls a known intrinsic by name, overloaded on `overloads` (none when not overloaded).
 * NULL after a diagnostic when LLVM does not know it. */
LLVMValueRef ptx_intrinsic(FnCtx *fc, const char *name, LLVMTypeRef *overloads, unsigned overload_count,
                           LLVMValueRef *args,
                           unsigned count, Span span);
/* Overloaded on the operand type: llvm.NAME(x) and llvm.NAME(x, y). */
LLVMValueRef ptx_intrinsic1(FnCtx *fc, const char *name, LLVMValueRef x, Span span);
LLVMValueRef ptx_intrinsic2(FnCtx *fc, const char *name, LLVMValueRef x, LLVMValueRef y, Span span);
/* One-instruction inline PTX (for instructions LLVM 19 has no intrinsic for), with at most
 * PTX_ASM_MAX_OPERANDS operands (NULL beyond). */
#define PTX_ASM_MAX_OPERANDS 8u
LLVMValueRef ptx_asm(FnCtx *fc, LLVMTypeRef result, const char *text, const char *constraints,
                     LLVMValueRef *args, unsigned count, bool side_effects);

/* ---- lineinfo.c: -lineinfo / -g as LLVM debug info (docs/targets.md § Line information) ---- */
/* Without options->line_info.sources these do nothing, and the module gets no debug info. */
/* The DIBuilder, the compile unit (emission kind: debug directives only) and the module flags. */
void ptx_debug_begin(PtxCtx *px);
/* Finalises and disposes of the DIBuilder (before the module is verified). */
void ptx_debug_finish(PtxCtx *px);
/* fc->fn's DISubprogram, at `span` (the YIR function's), and the builder's location there;
 * each function's code is emitted between this and ptx_debug_leave. */
void ptx_debug_enter(FnCtx *fc, Span span);
/* The builder's location for what is emitted next: `span`'s line and column (code points,
 * 1-based). A span outside the source map keeps the location there is. */
void ptx_debug_at(FnCtx *fc, Span span);
void ptx_debug_leave(FnCtx *fc);

/* ---- module.c: the module, entries and the pipeline ---- */
bool ptx_translate(PtxCtx *px);

/* ---- lengths.c: 数组长度 through the host's lengths buffer (ir/abi.h) ---- */
/* Gives every buffer whose length a function in `funcs` takes a hidden i32 slot. */
void ptx_plan_lengths(PtxCtx *px, const bool *funcs);
/* In a kernel: the size in bytes of `global` from its lengths parameter (0 when the kernel
 * does not measure it). */
LLVMValueRef ptx_kernel_length(PtxCtx *px, LLVMValueRef kernel, const IrBufferParams *kp, IrGlobalId global);
LLVMValueRef ptx_array_length(FnCtx *fc, const IrInst *inst);

/* ---- texture.c: textures and samplers (ir/abi.h's texture parameters) ---- */
/* Gives every texture parameter of the functions in `funcs` a hidden slot. */
void ptx_plan_textures(PtxCtx *px, const bool *funcs);
LLVMTypeRef ptx_texture_param_type(PtxCtx *px, const IrTextureParam *param);
/* In a kernel: module texture parameter `index` from the kernel's own (0 when it has none). */
LLVMValueRef ptx_kernel_texture(PtxCtx *px, LLVMValueRef kernel, const IrBufferParams *kp, uint32_t index);
LLVMValueRef ptx_texture(FnCtx *fc, const IrInst *inst, LLVMValueRef *args);

/* ---- params.c ---- */
/* Copies LLVM's PTX `text` to `out` with each kernel parameter <kernel>_param_<n> (LLVM's
 * naming, whatever the IR arguments are called) renamed p_g<group>_b<binding> (着十). False
 * (after a diagnostic) when a kernel's parameter is not declared under LLVM's name. */
bool ptx_name_params(PtxCtx *px, const char *text, size_t len, StrBuf *out);

/* ---- launch.c ---- */
/* Copies `text` to `out` with `.reqntid X, Y, Z` (the workgroup size) before the body of
 * each kernel. The module has no nvvm.annotations (kernels are ptx_kernel by calling
 * convention), as LLVM 19 scans that whole list once per function: N kernels, N² (launch.c).
 * False (after a diagnostic) when a kernel's header is not found. */
bool ptx_write_launch_bounds(PtxCtx *px, const char *text, size_t len, StrBuf *out);

#endif
