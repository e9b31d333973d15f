/* The executor's pre-decoded form and its pieces (not part of exec/'s API).
 *
 * Every value of every reachable function has a fixed place in an invocation's register
 * file: a run of 32-bit words (bool 0/1; i32/u32 bits; f32 bits; f16 as the bits of the
 * f32 of the same value, as in YIR literals; composites member after member; a pointer is
 * two words: region and byte offset). WGSL has no recursion, so one static frame per
 * function suffices. Memory (buffers, workgroup, private and function variables) keeps the
 * WGSL layout; a region is one global or one `var` instruction. */
#ifndef YUSEC_EXEC_INTERNAL_H
#define YUSEC_EXEC_INTERNAL_H

#include "../base/arena.h"
#include "../ir/fragment.h"
#include "exec.h"

/* ---- scalar semantics (scalar.c): ir/scalar.h's, the ones the constant evaluator uses ---- */
IrLane ex_lane_of(const IrTypeTable *types, IrTypeId type);  /* element of a scalar/vector/matrix */
float ex_f32(uint32_t bits);
uint32_t ex_bits(float value);
/* The result of `op` (a lane-wise scalar op of ir/scalar_ops.def) on one lane, operands in
 * instruction order (unused ones ignored). `lane` is the operands' lane, `out` the result's
 * (they differ for comparisons and convert). */
uint32_t ex_scalar(IrOp op, IrLane lane, IrLane out, uint32_t a, uint32_t b, uint32_t c);
/* Rounds a double to the lane's float type (f16 through ir_f16_nearest). */
uint32_t ex_round_float(IrLane lane, double value);

/* ---- decoded form (decode.c) ---- */
typedef enum ExRegionKind { EX_REGION_BUFFER, EX_REGION_WORKGROUP, EX_REGION_LOCAL } ExRegionKind;

typedef struct ExRegion {
    ExRegionKind kind;
    uint64_t offset;      /* WORKGROUP: in the workgroup block; LOCAL: in the invocation's */
    uint64_t size;        /* bytes (BUFFER: set at launch); within the executor's limits */
    uint8_t *data;        /* BUFFER: the host data */
    const char *name;     /* for messages */
    bool writable;
    uint32_t rows, cols;  /* BUFFER of a tensor map: the tensor's shape */
} ExRegion;

/* One step of an access chain: a fixed byte offset, or index × stride checked against a
 * length (count 0: a runtime-sized array, its length from the region's size). */
typedef struct ExStep {
    uint32_t index_word;  /* IR_NONE: constant index (offset only) */
    uint32_t offset;
    uint32_t stride, count;
} ExStep;

typedef enum ExMulKind { EX_MUL_LANES, EX_MUL_MAT_VEC, EX_MUL_VEC_MAT, EX_MUL_MAT_MAT } ExMulKind;

typedef struct ExInst {
    IrOp op;
    IrLane lane, out_lane;   /* operand 0's element, the result's element */
    uint32_t lanes;          /* result words (lane-wise ops) */
    uint32_t arg_count, result_count;
    uint32_t *args;          /* register word of each operand */
    uint32_t *arg_lanes;     /* words of each operand (1: splat over `lanes`) */
    uint32_t *results;       /* register word of each result */
    uint32_t words;          /* words of result 0 (extract/insert: of the member) */
    uint32_t offset;         /* extract/insert: member word offset; const: pool word */
    IrTypeId type;           /* result 0 (load: the pointee) */
    IrTypeId arg_type;       /* operand 0 */
    uint32_t blocks[2];      /* if: then, else; loop: body */
    uint32_t region;         /* global/var: region id */
    uint32_t func;           /* call: callee */
    ExStep *steps;           /* access */
    uint32_t step_count;
    ExMulKind mul;           /* mul */
    uint32_t rows, inner, cols;  /* mul of matrices/vectors: result rows, shared, cols */
    uint32_t cost;           /* steps: 1, and 1 per 256 bytes the instruction copies or zeroes */
    IrFragmentKind fragment; /* frag_*: the fragment it makes, stores or accumulates into */
    Span span;
} ExInst;

typedef struct ExBlock {
    ExInst *insts;
    uint32_t count;
    uint32_t owner;          /* index of the if/loop in the parent block's function; IR_NONE */
    uint32_t parent;         /* block holding the owner; IR_NONE for the body */
    uint32_t owner_pos;      /* position of the owner in `parent` */
    bool loop_body;
    uint32_t *params;        /* loop body parameter words */
    uint32_t param_count;
} ExBlock;

typedef struct ExFunc {
    const IrFunction *ir;
    bool reached;
    ExBlock *blocks;
    uint32_t block_count;
    uint32_t body;
    uint32_t *params;        /* parameter words */
    uint32_t param_count;
    uint32_t ctl_base, ctl_depth;  /* this function's control stack in the invocation's */
} ExFunc;

typedef struct ExProgram {
    Arena arena;
    const IrModule *module;
    const IrTypeTable *types;
    ExFunc *funcs;
    uint32_t func_count;
    ExRegion *regions;       /* globals by id, then one per var instruction */
    uint32_t region_count;
    uint32_t *pool;          /* constant words */
    uint32_t words;          /* register file size */
    uint32_t ctl_words;      /* control stack entries */
    uint64_t local_bytes;    /* per invocation: private globals and vars */
    uint64_t private_bytes;  /* the private globals at the start of it (zeroed per workgroup) */
    uint64_t workgroup_bytes;
    uint32_t entry_func;
    uint32_t move_words;     /* the most words one call, loop, yield, break or continue passes on */
    bool uses_subgroups;
} ExProgram;

/* Decodes what the entry reaches. False with the fault (unsupported op or type, a
 * recursive call, a missing buffer, memory or values beyond the executor's limits). */
bool ex_decode(ExProgram *prog, const ExLaunch *launch, ExFault *fault);
void ex_program_free(ExProgram *prog);
/* 0 when not a value type; saturates at UINT32_MAX (callers check EX_MAX_VALUE_WORDS). */
uint32_t ex_type_words(const IrTypeTable *types, IrTypeId type);

/* ---- memory (memory.c): register words <-> WGSL layout ---- */
/* Bytes of a value of `type` in memory: its WGSL size; a fragment (only a function variable
 * holds one) its register words. */
uint64_t ex_memory_bytes(const IrTypeTable *types, IrTypeId type);
void ex_mem_load(const IrTypeTable *types, IrTypeId type, const uint8_t *mem, uint32_t *words);
void ex_mem_store(const IrTypeTable *types, IrTypeId type, uint8_t *mem, const uint32_t *words);

/* ---- invocations (interp.c) ---- */
/* EX_AT_TENSOR: at a warpgroup tensor op (ExInvocation.barrier) until its warpgroup arrives;
 * EX_AT_ASYNC_BARRIER: at 等待异步屏障 (ExInvocation.barrier) until its phase completes. */
typedef enum ExState {
    EX_RUNNING, EX_AT_BARRIER, EX_AT_TENSOR, EX_AT_SUBGROUP, EX_AT_ASYNC_BARRIER, EX_DONE, EX_FAULTED
} ExState;

typedef struct ExCtl {
    uint32_t block, pc;
} ExCtl;

typedef struct ExCall {
    uint32_t func;
    const ExInst *call;      /* the call instruction in the caller (NULL for the entry) */
} ExCall;

typedef struct ExInvocation {
    uint32_t *regs;
    uint8_t *local;          /* private globals and function variables */
    ExCtl *ctl;              /* per function at ExFunc.ctl_base */
    uint32_t *ctl_top;       /* per function: depth */
    ExCall *calls;
    uint32_t call_depth;
    ExState state;
    const ExInst *pending;   /* AT_SUBGROUP: the subgroup op waiting for its subgroup */
    const ExInst *barrier;   /* AT_BARRIER: the barrier; AT_TENSOR: the tensor op; AT_ASYNC_BARRIER: the wait */
    uint64_t barriers;       /* barriers passed: equal for every invocation of a workgroup */
    uint64_t tensor_ops;     /* tensor ops passed: equal for every invocation of a warpgroup */
    uint32_t local_index, subgroup_lane;
} ExInvocation;

/* 128 invocations (local index 128·w … 128·w + 127) hold their own tensor tiles. */
#define EX_WARPGROUP 128u
#define EX_MAX_WARPGROUPS (IR_MAX_WORKGROUP_INVOCATIONS / EX_WARPGROUP)

/* A warpgroup's asynchronous MMA groups (张量片异步乘加): `committed` groups closed so far,
 * the first `complete` of them known finished (by a wait). */
typedef struct ExWarpgroup {
    uint32_t committed, complete;
} ExWarpgroup;

/* One 「异步屏障」's state (async_barrier.c). */
typedef struct ExAsyncBarrier {
    bool initialised;
    uint32_t expected, pending;  /* arrivals a phase, arrivals still pending */
    int64_t tx;                  /* bytes expected minus bytes completed */
    uint32_t phase;
} ExAsyncBarrier;

typedef struct ExWorkgroup {
    const ExProgram *prog;
    uint8_t *memory;         /* workgroup variables */
    ExAsyncBarrier *async_barriers;  /* one per 8 bytes of `memory` */
    uint64_t async_barrier_count;
    uint32_t *scratch;       /* prog->move_words: values passed on go through it (they may swap) */
    ExFault *fault;
    uint64_t steps;          /* spent over the whole dispatch */
    uint64_t max_steps;      /* the budget */
    ExWarpgroup warpgroups[EX_MAX_WARPGROUPS];  /* asynchronous MMA groups (tensor.c) */
} ExWorkgroup;

/* Runs until the invocation returns, reaches a barrier or subgroup op, or faults. */
void ex_invocation_run(ExWorkgroup *wg, ExInvocation *inv);
/* The host address of `bytes` at pointer (region, offset); NULL (with the fault reported
 * at `span`) when out of the region. */
uint8_t *ex_address(ExWorkgroup *wg, ExInvocation *inv, uint32_t region, uint64_t offset,
                    uint64_t bytes, Span span);
void ex_fault(ExFault *fault, DiagId id, Span span, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* ---- subgroups (subgroup.c) ---- */
/* Executes the subgroup op every live lane of one subgroup waits at; `lanes` holds the
 * subgroup's invocations by lane (NULL for lanes that have returned or do not exist). */
void ex_subgroup_execute(const ExProgram *prog, const ExInst *inst, ExInvocation **lanes,
                         uint32_t size);

/* ---- fragments and asynchronous copies (fragment.c) ---- */
/* Register words of a fragment value (0: not in the executor, 着十三's tensor tiles). */
uint32_t ex_fragment_words(IrFragmentKind kind);
/* The accumulator element operations (fragment_elements.c): the result tile of `inst` from
 * the operands in `regs` (the subgroup's, the same on every lane). */
void ex_fragment_element(const ExInst *inst, const uint32_t *regs, uint32_t *out);
/* Executes the fragment op (frag_*) every live lane of one subgroup waits at (`existing` of
 * its `size` lanes are in the workgroup); false with the fault when a lane has returned or
 * does not exist, the lanes' operands differ, or memory is out of bounds. */
bool ex_fragment_execute(ExWorkgroup *wg, const ExInst *inst, ExInvocation **lanes, uint32_t size,
                         uint32_t existing);
/* async_copy, done at once; false with the fault (misaligned index, out of bounds). */
bool ex_async_copy(ExWorkgroup *wg, ExInvocation *inv, const ExInst *inst);

/* ---- asynchronous barriers (async_barrier.c) ---- */
/* mbarrier_* and fence_proxy_async; false with the fault, or with the invocation waiting
 * (EX_AT_ASYNC_BARRIER) at a wait whose phase has not completed. */
bool ex_async_barrier(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in);
/* For an invocation waiting at a wait: whether its phase has completed now. */
bool ex_async_barrier_ready(ExWorkgroup *wg, ExInvocation *inv);
/* The initialised barrier of operands array_arg and index_arg of `in`; NULL with the fault. */
ExAsyncBarrier *ex_async_barrier_at(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t array_arg,
                                    uint32_t index_arg);
/* An asynchronous copy of `bytes` completed on the barrier. */
void ex_async_barrier_complete_tx(ExAsyncBarrier *b, uint64_t bytes);
/* The fault of a wait that nothing can satisfy any more. */
void ex_async_barrier_deadlock(ExWorkgroup *wg, const ExInvocation *inv);
/* tma_load (tma.c): the box copied at once, zero outside the tensor, swizzled; its bytes
 * completed on the barrier. False with the fault. */
bool ex_tma_load(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in);

/* ---- tensor tiles (tensor.c) ---- */
/* Register words of a tensor tile: its 64 × 64 f32, row after row. */
/* A tile: 64 × 64 f32, row after row, then its tag: the asynchronous MMA group (1-based,
 * counted per warpgroup) that wrote it, 0 when no pending MMA did (tensor.c). */
#define EX_TENSOR_WORDS (64u * 64u + 1u)
#define EX_TENSOR_TAG (64u * 64u)
/* Executes the tensor op (tensor_*) that all `count` invocations of the workgroup wait at,
 * once; false with the fault when the workgroup is not exactly 128 invocations, their operands
 * differ, or memory is out of bounds. */
/* Runs tensor op `inst` for one warpgroup (`count` invocations from invs) of a workgroup of
 * `group_count`; false after a fault. */
bool ex_tensor_execute(ExWorkgroup *wg, const ExInst *inst, ExInvocation *invs, uint32_t count, uint32_t group_count);

#endif
