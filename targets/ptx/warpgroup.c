/* 着十三's tensor tiles on sm_90a through warpgroup MMA (docs/targets.md § Warpgroup MMA).
 * A workgroup of k × 128 threads is k warpgroups (flat index ÷ 128), each holding its own
 * tiles; with k = 1 the synchronous ops order the whole block (bar.sync 0), with k > 1 only
 * their warpgroup (barrier.sync 1 + w, 128) and 张量片乘加 copies B into the warpgroup's own
 * part of the scratch. A warpgroup's 64 × 64 f32 tile is the
 * accumulator of wgmma.mma_async.m64n64k16, 32 f32 registers a thread. LLVM 19 has no
 * intrinsic for any wgmma instruction, so each is one inline-asm call, and the module is
 * written for sm_90a (ptx_arch_for_module) before LLVM sees it.
 *
 * Layouts, with warp w = (flat thread index / 32) % 4, g = lane / 4 and t = lane % 4:
 *   accumulator register i (0–31): row 16w + g + 8·((i >> 1) & 1), column 8·(i >> 2) + 2t + (i & 1)
 *                                  (four stacked m16n8 fragments a warp);
 *   A from registers (m64k16 f16, the mma.sync A layout): word r (0–3) holds row
 *                                  16w + g + 8·(r & 1), columns k0 + 2t + 8·(r >> 1) and one more,
 *                                  low half first — each element read from the device f32 tensor
 *                                  and rounded to f16 (cvt.rn), rows ≥ 行数 as 0;
 *   B ([n][k], k fastest, 64 × 32 f16 at the start of the workgroup array) is copied by the
 *     whole workgroup into ys_tensor_b, a 4 KiB shared array in wgmma's no-swizzle K-major
 *     layout: 8 × 8 core matrices of 128 bytes (row n % 8 at 16 bytes each), core matrix
 *     (n / 8, k / 8) at (4·(n / 8) + k / 8)·128 bytes. Its matrix descriptor: start address
 *     >> 4 (+ 256 bytes for the second K16 step), leading byte offset 128 (the K-direction
 *     stride between core matrices), stride byte offset 512 (the N-direction stride), no swizzle.
 * One 张量片乘加 is: bar.sync; the copy; fence.proxy.async.shared::cta (ordinary stores that
 * the tensor cores read next); bar.sync; A into registers; wgmma.fence; two wgmma (K 0–15,
 * 16–31); wgmma.commit_group; wgmma.wait_group 0. The 32 accumulators are tied operands
 * (output i and input "i") of the fence, both wgmma and the wait, and nothing touches them in
 * between: otherwise LLVM may move them, or ptxas serialises the wgmmas (warning C7515). */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#include "../../ir/fragment.h"
#include "../../ir/tensor_run.h"

enum {
    ACC_REGS = 32,             /* f32 accumulators a thread */
    MAX_ACC_REGS = ACC_REGS * IR_TENSOR_RUN_MAX,  /* a run of async MMAs as one m64n256 */
    TILE_N = 64, TILE_K = 32,  /* B: 64 rows n of 32 k */
    K_STEP = 16,               /* one wgmma */
    A_WORDS = 4,               /* f16 pairs of A a thread and K16 step */
    WARPGROUP = 128,
    CORE_BYTES = 128,          /* one 8 × 8 f16 core matrix */
    CHUNK_BYTES = 16,          /* one core-matrix row */
    LEADING_BYTES = CORE_BYTES,                     /* next core matrix along K */
    STRIDE_BYTES = CORE_BYTES * (TILE_K / 8),       /* next core matrix along N */
    SCRATCH_BYTES = TILE_N * TILE_K * 2,
};

#define SCRATCH_NAME "ys_tensor_b"  /* mangled names (ptx_mangle) never hold "_t" */

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }
static LLVMValueRef u32c(FnCtx *fc, uint32_t v) { return LLVMConstInt(ptx_i32(fc->px), v, false); }
static LLVMValueRef add(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAdd(B(fc), a, b, ""); }
static LLVMValueRef mul(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildMul(B(fc), a, b, ""); }
static LLVMTypeRef f32t(FnCtx *fc) { return LLVMFloatTypeInContext(fc->px->ctx); }

LLVMTypeRef ptx_tensor_acc_type(PtxCtx *px) { return LLVMVectorType(LLVMFloatTypeInContext(px->ctx), ACC_REGS); }

/* Where a thread sits in the warpgroup. */
typedef struct Thread {
    LLVMValueRef flat, warp, g, t;
    LLVMValueRef member, group;  /* index in the warpgroup (0–127), the warpgroup (flat ÷ 128) */
} Thread;

static bool several_warpgroups(const FnCtx *fc) { return fc->px->tensor_warpgroups > 1; }

static LLVMValueRef sreg(FnCtx *fc, const char *name, Span span) {
    return ptx_intrinsic(fc, name, NULL, 0, NULL, 0, span);
}

static bool thread_of(FnCtx *fc, Span span, Thread *th) {
    LLVMValueRef x = sreg(fc, "llvm.nvvm.read.ptx.sreg.tid.x", span), y = sreg(fc, "llvm.nvvm.read.ptx.sreg.tid.y", span);
    LLVMValueRef z = sreg(fc, "llvm.nvvm.read.ptx.sreg.tid.z", span);
    LLVMValueRef nx = sreg(fc, "llvm.nvvm.read.ptx.sreg.ntid.x", span);
    LLVMValueRef ny = sreg(fc, "llvm.nvvm.read.ptx.sreg.ntid.y", span);
    LLVMValueRef lane = sreg(fc, "llvm.nvvm.read.ptx.sreg.laneid", span);
    if (!x || !y || !z || !nx || !ny || !lane) return false;
    th->flat = add(fc, x, mul(fc, nx, add(fc, y, mul(fc, ny, z))));
    th->warp = LLVMBuildAnd(B(fc), LLVMBuildLShr(B(fc), th->flat, u32c(fc, 5), ""), u32c(fc, 3), "");
    th->g = LLVMBuildLShr(B(fc), lane, u32c(fc, 2), "");
    th->t = LLVMBuildAnd(B(fc), lane, u32c(fc, 3), "");
    th->member = several_warpgroups(fc) ? LLVMBuildAnd(B(fc), th->flat, u32c(fc, WARPGROUP - 1), "") : th->flat;
    th->group = LLVMBuildLShr(B(fc), th->flat, u32c(fc, 7), "");
    return true;
}

/* Row and column of accumulator register i. */
static void acc_place(FnCtx *fc, const Thread *th, uint32_t i, LLVMValueRef *row, LLVMValueRef *col) {
    *row = add(fc, add(fc, mul(fc, th->warp, u32c(fc, 16)), th->g), u32c(fc, 8 * ((i >> 1) & 1)));
    *col = add(fc, add(fc, mul(fc, th->t, u32c(fc, 2)), u32c(fc, 8 * (i >> 2))), u32c(fc, i & 1));
}

/* Element start + row·stride + col of a storage f32 array. */
static LLVMValueRef f32_address(FnCtx *fc, LLVMValueRef base, LLVMValueRef start, LLVMValueRef stride,
                                LLVMValueRef row, LLVMValueRef col) {
    LLVMValueRef index = add(fc, add(fc, start, mul(fc, row, stride)), col);
    return ptx_element_gep(fc, base, LLVMBuildZExt(B(fc), index, ptx_i64(fc->px), ""), 4);
}

/* ---- inline asm with any number of operands ---- */

static LLVMValueRef call_asm(FnCtx *fc, LLVMTypeRef result, const char *text, const char *constraints,
                             LLVMValueRef *args, unsigned count) {
    LLVMTypeRef params[MAX_ACC_REGS + 8];
    for (unsigned i = 0; i < count; i++) params[i] = LLVMTypeOf(args[i]);
    LLVMTypeRef type = LLVMFunctionType(result, params, count, false);
    LLVMValueRef as = LLVMGetInlineAsm(type, (char *)text, strlen(text), (char *)constraints, strlen(constraints),
                                       true, false, LLVMInlineAsmDialectATT, false);
    return LLVMBuildCall2(B(fc), type, as, args, count, "");
}

static void plain_asm(FnCtx *fc, const char *text) {
    call_asm(fc, LLVMVoidTypeInContext(fc->px->ctx), text, "~{memory}", NULL, 0);
}

/* `text` with `regs` accumulators as outputs $0… tied to inputs $regs…, and `extra` more
 * inputs ($2·regs…) of `extra_constraints`; acc[] is replaced by the outputs. */
static void tied_asm_n(FnCtx *fc, LLVMValueRef *acc, unsigned regs, const char *text, const char *extra_constraints,
                       LLVMValueRef *extra, unsigned extra_count) {
    char constraints[8 * MAX_ACC_REGS + 64];  /* "=f," and "NNN," a register */
    size_t n = 0;
    for (unsigned i = 0; i < regs; i++) n += (size_t)snprintf(constraints + n, sizeof constraints - n, "=f,");
    for (unsigned i = 0; i < regs; i++) n += (size_t)snprintf(constraints + n, sizeof constraints - n, "%u,", i);
    snprintf(constraints + n, sizeof constraints - n, "%s~{memory}", extra_constraints);
    LLVMTypeRef fields[MAX_ACC_REGS];
    LLVMValueRef args[MAX_ACC_REGS + 8];
    for (unsigned i = 0; i < regs; i++) {
        fields[i] = f32t(fc);
        args[i] = acc[i];
    }
    for (unsigned i = 0; i < extra_count; i++) args[regs + i] = extra[i];
    LLVMTypeRef result = LLVMStructTypeInContext(fc->px->ctx, fields, regs, false);
    LLVMValueRef out = call_asm(fc, result, text, constraints, args, regs + extra_count);
    for (unsigned i = 0; i < regs; i++) acc[i] = LLVMBuildExtractValue(B(fc), out, i, "");
}

/* tied_asm_n with one tile's 32 accumulators. */
static void tied_asm(FnCtx *fc, LLVMValueRef *acc, const char *text, const char *extra_constraints,
                     LLVMValueRef *extra, unsigned extra_count) {
    tied_asm_n(fc, acc, ACC_REGS, text, extra_constraints, extra, extra_count);
}

/* The asm of one wgmma.mma_async m64`n`k16 f32 += `types` (f16.f16 or bf16.bf16): the n/2
 * accumulators $0… (tied), then `operands` (A and B, the scale-d predicate p, the scales and
 * transposes). */
static void wgmma_text(char *text, size_t size, unsigned n_cols, const char *types, const char *operands) {
    size_t n = (size_t)snprintf(text, size,
                                "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                                "wgmma.mma_async.sync.aligned.m64n%uk16.f32.%s {", n_cols, types);
    for (unsigned i = 0; i < n_cols / 2; i++) n += (size_t)snprintf(text + n, size - n, i ? ", $%u" : "$%u", i);
    snprintf(text + n, size - n, "}, %s;\n}", operands);
}

/* wgmma.mma_async m64n64k16 f32 += f16 (A: four words in $64–$67) · f16 (B: descriptor $68). */
static void wgmma(FnCtx *fc, LLVMValueRef *acc, LLVMValueRef *a_words, LLVMValueRef descriptor) {
    char text[1024];
    wgmma_text(text, sizeof text, TILE_N, "f16.f16", "{$64, $65, $66, $67}, $68, p, 1, 1, 0");
    LLVMValueRef extra[A_WORDS + 1] = {a_words[0], a_words[1], a_words[2], a_words[3], descriptor};
    tied_asm(fc, acc, text, "r,r,r,r,l,", extra, A_WORDS + 1);
}

/* ---- operands ---- */

/* Loads `count` f32 values of one row (0 when row ≥ rows) through one guarded block. */
static void load_row(FnCtx *fc, LLVMValueRef *args, LLVMValueRef row, LLVMValueRef *cols, uint32_t count,
                     LLVMValueRef *out) {
    LLVMValueRef inside = LLVMBuildICmp(B(fc), LLVMIntULT, row, args[4], "");
    LLVMBasicBlockRef from = LLVMGetInsertBlock(B(fc));
    LLVMBasicBlockRef load_bb = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.a");
    LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.a.join");
    LLVMBuildCondBr(B(fc), inside, load_bb, join);
    LLVMPositionBuilderAtEnd(B(fc), load_bb);
    LLVMValueRef loaded[2 * 2 * A_WORDS];
    for (uint32_t i = 0; i < count; i++) {
        loaded[i] = LLVMBuildLoad2(B(fc), f32t(fc), f32_address(fc, args[1], args[2], args[3], row, cols[i]), "");
        LLVMSetAlignment(loaded[i], 4);
    }
    LLVMBuildBr(B(fc), join);
    LLVMPositionBuilderAtEnd(B(fc), join);
    LLVMValueRef zero = LLVMConstNull(f32t(fc));
    for (uint32_t i = 0; i < count; i++) {
        out[i] = LLVMBuildPhi(B(fc), f32t(fc), "");
        LLVMValueRef values[2] = {loaded[i], zero};
        LLVMBasicBlockRef blocks[2] = {load_bb, from};
        LLVMAddIncoming(out[i], values, blocks, 2);
    }
}

/* Two f32 → one word of two f16 (round to nearest even), the first in the low half. */
static LLVMValueRef pack_half2(FnCtx *fc, LLVMValueRef lo, LLVMValueRef hi) {
    LLVMTypeRef h = LLVMHalfTypeInContext(fc->px->ctx), h2 = LLVMVectorType(h, 2);
    LLVMValueRef v = LLVMGetUndef(h2);
    v = LLVMBuildInsertElement(B(fc), v, LLVMBuildFPTrunc(B(fc), lo, h, ""), u32c(fc, 0), "");
    v = LLVMBuildInsertElement(B(fc), v, LLVMBuildFPTrunc(B(fc), hi, h, ""), u32c(fc, 1), "");
    return LLVMBuildBitCast(B(fc), v, ptx_i32(fc->px), "");
}

/* A of both K16 steps: words[4·s + r] (see the layout above). */
static void load_a(FnCtx *fc, const Thread *th, LLVMValueRef *args, LLVMValueRef *words) {
    for (uint32_t half = 0; half < 2; half++) {  /* rows g and g + 8 */
        LLVMValueRef row = add(fc, add(fc, mul(fc, th->warp, u32c(fc, 16)), th->g), u32c(fc, 8 * half));
        LLVMValueRef cols[2 * 2 * A_WORDS], values[2 * 2 * A_WORDS];
        /* per step s and column block c (k0 + 2t + 8c): two columns */
        for (uint32_t i = 0; i < 8; i++) {
            uint32_t step = i >> 2, block = (i >> 1) & 1, odd = i & 1;
            cols[i] = add(fc, mul(fc, th->t, u32c(fc, 2)), u32c(fc, K_STEP * step + 8 * block + odd));
        }
        load_row(fc, args, row, cols, 8, values);
        for (uint32_t step = 0; step < 2; step++)
            for (uint32_t block = 0; block < 2; block++)
                words[A_WORDS * step + 2 * block + half] =
                    pack_half2(fc, values[4 * step + 2 * block], values[4 * step + 2 * block + 1]);
    }
}

static LLVMValueRef scratch(FnCtx *fc) {
    PtxCtx *px = fc->px;
    LLVMValueRef g = LLVMGetNamedGlobal(px->mod, SCRATCH_NAME);
    if (g) return g;
    uint32_t parts = px->tensor_warpgroups > 1 ? px->tensor_warpgroups : 1;
    LLVMTypeRef t = LLVMArrayType(LLVMInt8TypeInContext(px->ctx), SCRATCH_BYTES * parts);
    g = LLVMAddGlobalInAddressSpace(px->mod, t, SCRATCH_NAME, PTX_AS_SHARED);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetInitializer(g, LLVMGetUndef(t));
    LLVMSetAlignment(g, CORE_BYTES);
    return g;
}

/* The warpgroup's part of the scratch (the whole of it with one warpgroup). */
static LLVMValueRef scratch_part(FnCtx *fc, const Thread *th) {
    if (!several_warpgroups(fc)) return scratch(fc);
    LLVMValueRef offset = LLVMBuildZExt(B(fc), mul(fc, th->group, u32c(fc, SCRATCH_BYTES)), ptx_i64(fc->px), "");
    return LLVMBuildGEP2(B(fc), LLVMInt8TypeInContext(fc->px->ctx), scratch(fc), &offset, 1, "");
}

/* B ([n][k] at the start of its workgroup array) into the scratch's core matrices: 256
 * chunks of 16 bytes (8 k of one n), chunk c = 4n + k/8 at byte 16c of B; two a thread. */
static void copy_b(FnCtx *fc, const Thread *th, LLVMValueRef b) {
    LLVMTypeRef chunk = LLVMVectorType(ptx_i32(fc->px), 4);
    LLVMValueRef to = scratch_part(fc, th);
    for (uint32_t k = 0; k < SCRATCH_BYTES / CHUNK_BYTES / WARPGROUP; k++) {
        LLVMValueRef c = add(fc, th->member, u32c(fc, WARPGROUP * k));
        LLVMValueRef from = ptx_element_gep(fc, b, LLVMBuildZExt(B(fc), c, ptx_i64(fc->px), ""), CHUNK_BYTES);
        LLVMValueRef v = LLVMBuildLoad2(B(fc), chunk, from, "");
        LLVMSetAlignment(v, CHUNK_BYTES);
        LLVMValueRef n = LLVMBuildLShr(B(fc), c, u32c(fc, 2), "");
        LLVMValueRef core = add(fc, mul(fc, LLVMBuildLShr(B(fc), n, u32c(fc, 3), ""), u32c(fc, TILE_K / 8)),
                                LLVMBuildAnd(B(fc), c, u32c(fc, 3), ""));
        LLVMValueRef index = add(fc, mul(fc, core, u32c(fc, CORE_BYTES / CHUNK_BYTES)),
                                 LLVMBuildAnd(B(fc), n, u32c(fc, 7), ""));
        LLVMValueRef dst = ptx_element_gep(fc, to, LLVMBuildZExt(B(fc), index, ptx_i64(fc->px), ""), CHUNK_BYTES);
        LLVMSetAlignment(LLVMBuildStore(B(fc), v, dst), CHUNK_BYTES);
    }
}

/* The shared-memory matrix descriptor of K16 step `step` of the scratch. */
static LLVMValueRef descriptor(FnCtx *fc, const Thread *th, uint32_t step) {
    LLVMTypeRef i64 = ptx_i64(fc->px);
    LLVMValueRef address = LLVMBuildPtrToInt(B(fc), scratch_part(fc, th), ptx_i32(fc->px), "");
    address = add(fc, address, u32c(fc, step * (K_STEP / 8) * CORE_BYTES));
    LLVMValueRef start = LLVMBuildAnd(B(fc), LLVMBuildLShr(B(fc), address, u32c(fc, 4), ""), u32c(fc, 0x3FFF), "");
    uint64_t fixed = ((uint64_t)(LEADING_BYTES >> 4) << 16) | ((uint64_t)(STRIDE_BYTES >> 4) << 32);
    return LLVMBuildOr(B(fc), LLVMBuildZExt(B(fc), start, i64, ""), LLVMConstInt(i64, fixed, false), "");
}

/* Orders the warpgroup's threads: bar.sync 0 with one warpgroup, else its named barrier. */
static bool barrier(FnCtx *fc, Span span) {
    if (!several_warpgroups(fc)) return ptx_intrinsic(fc, "llvm.nvvm.barrier0", NULL, 0, NULL, 0, span) != NULL;
    Thread th;
    if (!thread_of(fc, span, &th)) return false;
    LLVMValueRef id = add(fc, th.group, u32c(fc, 1));
    call_asm(fc, LLVMVoidTypeInContext(fc->px->ctx), "barrier.sync $0, 128;", "r,~{memory}", &id, 1);
    return true;
}

/* acc + A·Bᵀ: args acc, A, start, stride, rows, B. */
static LLVMValueRef tensor_mma(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    Thread th;
    if (!thread_of(fc, inst->span, &th) || !barrier(fc, inst->span)) return NULL;
    copy_b(fc, &th, args[5]);
    plain_asm(fc, "fence.proxy.async.shared::cta;");
    if (!barrier(fc, inst->span)) return NULL;
    LLVMValueRef words[2 * A_WORDS];
    load_a(fc, &th, args, words);
    LLVMValueRef acc[ACC_REGS];
    for (uint32_t i = 0; i < ACC_REGS; i++) acc[i] = LLVMBuildExtractElement(B(fc), args[0], u32c(fc, i), "");
    LLVMValueRef d0 = descriptor(fc, &th, 0), d1 = descriptor(fc, &th, 1);
    tied_asm(fc, acc, "wgmma.fence.sync.aligned;", "", NULL, 0);
    wgmma(fc, acc, words, d0);
    wgmma(fc, acc, words + A_WORDS, d1);
    plain_asm(fc, "wgmma.commit_group.sync.aligned;");
    tied_asm(fc, acc, "wgmma.wait_group.sync.aligned 0;", "", NULL, 0);
    LLVMValueRef out = LLVMGetUndef(ptx_tensor_acc_type(fc->px));
    for (uint32_t i = 0; i < ACC_REGS; i++) out = LLVMBuildInsertElement(B(fc), out, acc[i], u32c(fc, i), "");
    return out;
}

/* ---- 张量片共享乘加: both tiles in workgroup memory (ir/fragment.h's core-matrix layout) ---- */

/* The descriptor of a 64 × 64 f16 tile at element `start` of the workgroup array `base`, K16
 * step `step`: leading byte offset 128 (next core matrix along K), stride byte offset 1024
 * (next 8 rows: the 8 core matrices of a row block), +256 bytes a step. */
static LLVMValueRef shared_descriptor(FnCtx *fc, LLVMValueRef base, LLVMValueRef start, uint32_t step) {
    LLVMTypeRef i64 = ptx_i64(fc->px);
    LLVMValueRef address = LLVMBuildPtrToInt(B(fc), base, ptx_i32(fc->px), "");
    address = add(fc, add(fc, address, mul(fc, start, u32c(fc, 2))), u32c(fc, step * (K_STEP / 8) * CORE_BYTES));
    LLVMValueRef field = LLVMBuildAnd(B(fc), LLVMBuildLShr(B(fc), address, u32c(fc, 4), ""), u32c(fc, 0x3FFF), "");
    uint64_t fixed = ((uint64_t)(CORE_BYTES >> 4) << 16) |
                     ((uint64_t)((IR_TENSOR_SHARED_K / 8) * CORE_BYTES >> 4) << 32);
    return LLVMBuildOr(B(fc), LLVMBuildZExt(B(fc), field, i64, ""), LLVMConstInt(i64, fixed, false), "");
}

/* wgmma m64`n`k16 of `types` (n/2 accumulators) with A and B through descriptors. */
static void wgmma_ss_n(FnCtx *fc, LLVMValueRef *acc, unsigned n_cols, const char *types, LLVMValueRef a,
                       LLVMValueRef b) {
    char text[16 * MAX_ACC_REGS], operands[64];
    unsigned regs = n_cols / 2;
    snprintf(operands, sizeof operands, "$%u, $%u, p, 1, 1, 0, 0", 2 * regs, 2 * regs + 1);
    wgmma_text(text, sizeof text, n_cols, types, operands);
    LLVMValueRef extra[2] = {a, b};
    tied_asm_n(fc, acc, regs, text, "l,l,", extra, 2);
}

static void wgmma_ss(FnCtx *fc, LLVMValueRef *acc, const char *types, LLVMValueRef a, LLVMValueRef b) {
    wgmma_ss_n(fc, acc, TILE_N, types, a, b);
}

/* acc + A·Bᵀ over k 0–63: args acc, the workgroup array, A start, B start. Every thread's own
 * stores go to the async proxy (fence.proxy.async) before the barrier that orders everybody's. */
static LLVMValueRef tensor_mma_shared(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    plain_asm(fc, "fence.proxy.async.shared::cta;");
    if (!barrier(fc, inst->span)) return NULL;
    LLVMValueRef a[IR_TENSOR_SHARED_K / K_STEP], b[IR_TENSOR_SHARED_K / K_STEP];
    for (uint32_t s = 0; s < IR_TENSOR_SHARED_K / K_STEP; s++) {
        a[s] = shared_descriptor(fc, args[1], args[2], s);
        b[s] = shared_descriptor(fc, args[1], args[3], s);
    }
    LLVMValueRef acc[ACC_REGS];
    for (uint32_t i = 0; i < ACC_REGS; i++) acc[i] = LLVMBuildExtractElement(B(fc), args[0], u32c(fc, i), "");
    tied_asm(fc, acc, "wgmma.fence.sync.aligned;", "", NULL, 0);
    for (uint32_t s = 0; s < IR_TENSOR_SHARED_K / K_STEP; s++) wgmma_ss(fc, acc, "f16.f16", a[s], b[s]);
    plain_asm(fc, "wgmma.commit_group.sync.aligned;");
    tied_asm(fc, acc, "wgmma.wait_group.sync.aligned 0;", "", NULL, 0);
    LLVMValueRef out = LLVMGetUndef(ptx_tensor_acc_type(fc->px));
    for (uint32_t i = 0; i < ACC_REGS; i++) out = LLVMBuildInsertElement(B(fc), out, acc[i], u32c(fc, i), "");
    return out;
}

/* ---- 张量片异步乘加, 提交张量片乘加, 等待张量片乘加 ---- */

/* The descriptor of K16 step `step` of a 64 × 64 f16 tile at element `start` of `base` in the
 * 128-byte-swizzle layout (row r at byte 128·r, its 16-byte chunk c at c XOR (r mod 8)): start
 * address + 32 bytes a step, leading byte offset 1 (unused with swizzling), stride byte offset
 * 1024 (next 8 rows), swizzle mode 128B (bits 62–63 = 1). */
static LLVMValueRef swizzle_descriptor(FnCtx *fc, LLVMValueRef base, LLVMValueRef start, uint32_t step) {
    LLVMTypeRef i64 = ptx_i64(fc->px);
    LLVMValueRef address = LLVMBuildPtrToInt(B(fc), base, ptx_i32(fc->px), "");
    address = add(fc, add(fc, address, mul(fc, start, u32c(fc, 2))), u32c(fc, step * K_STEP * 2));
    LLVMValueRef field = LLVMBuildAnd(B(fc), LLVMBuildLShr(B(fc), address, u32c(fc, 4), ""), u32c(fc, 0x3FFF), "");
    uint64_t fixed = (1ull << 16) | ((uint64_t)(8 * IR_TENSOR_SHARED_K * 2 >> 4) << 32) | (1ull << 62);
    return LLVMBuildOr(B(fc), LLVMBuildZExt(B(fc), field, i64, ""), LLVMConstInt(i64, fixed, false), "");
}

/* A constant operand (the layout, the wait count, the register count) after inlining. */
static bool constant_arg(FnCtx *fc, const IrInst *inst, uint32_t arg, uint32_t *out) {
    if (ir_value_known_u32(fc->px->m, fc->f, inst->args[arg], out) && ir_tensor_constant_ok(inst->op, *out))
        return true;
    ptx_fail(fc->px, Y_UNSUPPORTED_BY_TARGET, inst->span, "a constant operand of a warpgroup op is not a valid constant",
             "「%s」的%s", ir_tensor_builtin_name(inst->op), ir_tensor_constant_rule(inst->op));
    return false;
}

static LLVMValueRef acc_value(FnCtx *fc, const LLVMValueRef *acc) {
    LLVMValueRef out = LLVMGetUndef(ptx_tensor_acc_type(fc->px));
    for (uint32_t i = 0; i < ACC_REGS; i++) out = LLVMBuildInsertElement(B(fc), out, acc[i], u32c(fc, i), "");
    return out;
}

static uint32_t position_in_block(const IrFunction *f, const IrBlock *block, const IrInst *inst) {
    uint32_t i = 0;
    while (i + 1 < block->inst_count && ir_inst(f, block->insts[i]) != inst) i++;
    return i;
}

/* Runs (ir/tensor_run.h): the first member issues the whole run; the later members' results
 * are kept in fc->tensor_run and handed out as their turn comes in this emission of the block
 * (a block may be emitted twice: wide.c's copy of a loop). */

/* `inst`'s result when it is the next later member of the run issued last; else NULL, and
 * *run is the run that starts at `inst`. */
static LLVMValueRef run_of(FnCtx *fc, const IrInst *inst, IrTensorRun *run) {
    const IrBlock *block = ir_block(fc->f, inst->parent);
    uint32_t position = position_in_block(fc->f, block, inst);
    if (fc->tensor_run.next < fc->tensor_run.count && fc->tensor_run.members[fc->tensor_run.next] == block->insts[position])
        return fc->tensor_run.results[fc->tensor_run.next++];
    fc->tensor_run.count = fc->tensor_run.next = 0;
    *run = ir_tensor_run(fc->px->m, fc->f, block, position);
    return NULL;
}

/* The run's accumulators side by side: the first member's `first`, the others' operand 0. */
static unsigned run_accumulators(FnCtx *fc, const IrTensorRun *run, LLVMValueRef first, LLVMValueRef *acc) {
    for (uint32_t j = 0; j < run->count; j++) {
        LLVMValueRef tile = j ? ptx_val(fc, ir_inst(fc->f, run->members[j])->args[0]) : first;
        for (uint32_t i = 0; i < ACC_REGS; i++)
            acc[j * ACC_REGS + i] = LLVMBuildExtractElement(B(fc), tile, u32c(fc, i), "");
    }
    return run->count * ACC_REGS;
}

/* Keeps the later members' accumulators; the first member's result. */
static LLVMValueRef run_results(FnCtx *fc, const IrTensorRun *run, const LLVMValueRef *acc) {
    for (uint32_t j = 1; j < run->count; j++) {
        fc->tensor_run.members[j - 1] = run->members[j];
        fc->tensor_run.results[j - 1] = acc_value(fc, acc + j * ACC_REGS);
    }
    fc->tensor_run.count = run->count - 1;
    return acc_value(fc, acc);
}

/* acc + A·Bᵀ over k 0–63 left pending: args acc, the workgroup array, A start, B start, layout
 * (tensor_mma_async_bf16: bf16 in a u32 array, the same byte layout and descriptors).
 * wgmma.fence and four wgmma, the accumulators tied through all of them; no commit, no wait.
 * A run is issued as one m64n(64·count)k16 a K step over its accumulators side by side (B's
 * descriptor is the first's: the other tiles follow it at the same row-block stride). */
static LLVMValueRef tensor_mma_async(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    IrTensorRun run;
    LLVMValueRef issued = run_of(fc, inst, &run);
    if (issued) return issued;
    uint32_t layout = 0;
    if (!constant_arg(fc, inst, 4, &layout)) return NULL;
    LLVMValueRef a[IR_TENSOR_SHARED_K / K_STEP], b[IR_TENSOR_SHARED_K / K_STEP];
    for (uint32_t s = 0; s < IR_TENSOR_SHARED_K / K_STEP; s++) {
        bool swizzled = layout == IR_TENSOR_LAYOUT_SWIZZLE128;
        a[s] = swizzled ? swizzle_descriptor(fc, args[1], args[2], s) : shared_descriptor(fc, args[1], args[2], s);
        b[s] = swizzled ? swizzle_descriptor(fc, args[1], args[3], s) : shared_descriptor(fc, args[1], args[3], s);
    }
    LLVMValueRef acc[MAX_ACC_REGS];
    unsigned regs = run_accumulators(fc, &run, args[0], acc);
    tied_asm_n(fc, acc, regs, "wgmma.fence.sync.aligned;", "", NULL, 0);
    const char *types = inst->op == IR_OP_TENSOR_MMA_ASYNC_BF16 ? "bf16.bf16" : "f16.f16";
    for (uint32_t s = 0; s < IR_TENSOR_SHARED_K / K_STEP; s++) wgmma_ss_n(fc, acc, run.count * TILE_N, types, a[s], b[s]);
    return run_results(fc, &run, acc);
}

/* wgmma.wait_group N with the accumulators tied in and out: args acc, N; a run of waits is
 * one wait with all their accumulators. */
static LLVMValueRef tensor_wait(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    IrTensorRun run;
    LLVMValueRef issued = run_of(fc, inst, &run);
    if (issued) return issued;
    uint32_t n = 0;
    if (!constant_arg(fc, inst, 1, &n)) return NULL;
    char text[64];
    snprintf(text, sizeof text, "wgmma.wait_group.sync.aligned %u;", n);
    LLVMValueRef acc[MAX_ACC_REGS];
    unsigned regs = run_accumulators(fc, &run, args[0], acc);
    tied_asm_n(fc, acc, regs, text, "", NULL, 0);
    return run_results(fc, &run, acc);
}

/* setmaxnreg.inc / .dec with the constant count. */
static void set_max_registers(FnCtx *fc, const IrInst *inst) {
    uint32_t n = 0;
    if (!constant_arg(fc, inst, 0, &n)) return;
    char text[64];
    snprintf(text, sizeof text, "setmaxnreg.%s.sync.aligned.u32 %u;", inst->op == IR_OP_REGISTER_INC ? "inc" : "dec", n);
    plain_asm(fc, text);
}

static LLVMValueRef warpgroup_id(FnCtx *fc, const IrInst *inst) {
    Thread th;
    return thread_of(fc, inst->span, &th) ? th.group : NULL;
}

/* Stores of accumulator registers i … i + width − 1 of `step` apart (width 1: one f32; 2: an
 * f32 pair, the columns col and col + 1, as one 8-byte store) where col < columns and
 * row < rows. */
static void store_elements(FnCtx *fc, const Thread *th, LLVMValueRef *args, uint32_t width) {
    for (uint32_t i = 0; i < ACC_REGS; i += width) {
        LLVMValueRef row, col;
        acc_place(fc, th, i, &row, &col);
        LLVMValueRef inside = LLVMBuildAnd(B(fc), LLVMBuildICmp(B(fc), LLVMIntULT, col, args[4], ""),
                                           LLVMBuildICmp(B(fc), LLVMIntULT, row, args[5], ""), "");
        LLVMBasicBlockRef store_bb = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.store");
        LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.store.join");
        LLVMBuildCondBr(B(fc), inside, store_bb, join);
        LLVMPositionBuilderAtEnd(B(fc), store_bb);
        LLVMValueRef v = LLVMBuildExtractElement(B(fc), args[0], u32c(fc, i), "");
        if (width == 2) {
            LLVMValueRef pair = LLVMGetUndef(LLVMVectorType(f32t(fc), 2));
            pair = LLVMBuildInsertElement(B(fc), pair, v, u32c(fc, 0), "");
            v = LLVMBuildInsertElement(B(fc), pair, LLVMBuildExtractElement(B(fc), args[0], u32c(fc, i + 1), ""),
                                       u32c(fc, 1), "");
        }
        LLVMSetAlignment(LLVMBuildStore(B(fc), v, f32_address(fc, args[1], args[2], args[3], row, col)), 4 * width);
        LLVMBuildBr(B(fc), join);
        LLVMPositionBuilderAtEnd(B(fc), join);
    }
}

/* args acc, D, start, stride, columns, rows: element (row, col) to D[start + row·stride + col]
 * when col < columns and row < rows. A thread's registers 2j and 2j + 1 are columns col and
 * col + 1 (col even) of one row: when D[start] is 8-byte aligned and stride and columns are
 * even, every pair is one 8-byte store (st.global.v2.f32: half the store instructions) and
 * both or neither of its columns are inside; otherwise one store an element. */
static bool tensor_store(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    Thread th;
    if (!thread_of(fc, inst->span, &th)) return false;
    LLVMValueRef first = LLVMBuildPtrToInt(B(fc), f32_address(fc, args[1], args[2], u32c(fc, 0), u32c(fc, 0), u32c(fc, 0)),
                                           ptx_i64(fc->px), "");
    LLVMValueRef odd = LLVMBuildOr(B(fc), LLVMBuildTrunc(B(fc), first, ptx_i32(fc->px), ""),
                                   LLVMBuildShl(B(fc), LLVMBuildOr(B(fc), args[3], args[4], ""), u32c(fc, 2), ""), "");
    LLVMValueRef paired = LLVMBuildICmp(B(fc), LLVMIntEQ, LLVMBuildAnd(B(fc), odd, u32c(fc, 7), ""), u32c(fc, 0), "");
    LLVMBasicBlockRef pairs = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.store.pairs");
    LLVMBasicBlockRef singles = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.store.singles");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, "tensor.store.done");
    LLVMBuildCondBr(B(fc), paired, pairs, singles);
    LLVMPositionBuilderAtEnd(B(fc), pairs);
    store_elements(fc, &th, args, 2);
    LLVMBuildBr(B(fc), done);
    LLVMPositionBuilderAtEnd(B(fc), singles);
    store_elements(fc, &th, args, 1);
    LLVMBuildBr(B(fc), done);
    LLVMPositionBuilderAtEnd(B(fc), done);
    return true;
}

LLVMValueRef ptx_tensor(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    switch (inst->op) {
    case IR_OP_TENSOR_ZERO: return LLVMConstNull(ptx_tensor_acc_type(fc->px));
    case IR_OP_TENSOR_MMA: return tensor_mma(fc, inst, args);
    case IR_OP_TENSOR_MMA_SHARED: return tensor_mma_shared(fc, inst, args);
    case IR_OP_WARPGROUP_ID: return warpgroup_id(fc, inst);
    case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16: return tensor_mma_async(fc, inst, args);
    case IR_OP_TENSOR_COMMIT: plain_asm(fc, "wgmma.commit_group.sync.aligned;"); return NULL;
    case IR_OP_TENSOR_WAIT: return tensor_wait(fc, inst, args);
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC: set_max_registers(fc, inst); return NULL;
    default: tensor_store(fc, inst, args); return NULL;
    }
}

bool ptx_function_uses_tensor(const IrFunction *f) {
    for (uint32_t k = 0; k < f->inst_count; k++)
        if (ir_op_is_tensor(f->insts[k].op)) return true;
    return false;
}

static bool entry_uses_tensor(const PtxCtx *px, const uint32_t *funcs, uint32_t func_count) {
    for (uint32_t k = 0; k < func_count; k++)
        if (ptx_function_uses_tensor(ir_function(px->m, funcs[k]))) return true;
    return false;
}

static uint64_t invocations(const IrEntry *e) {
    return (uint64_t)e->workgroup_size[0] * e->workgroup_size[1] * e->workgroup_size[2];
}

void ptx_plan_warpgroups(PtxCtx *px, const IrEntry *e, const uint32_t *funcs, uint32_t func_count) {
    if (e->stage != IR_STAGE_COMPUTE || !entry_uses_tensor(px, funcs, func_count)) return;
    uint64_t groups = (invocations(e) + WARPGROUP - 1) / WARPGROUP;
    if (groups > px->tensor_warpgroups && groups <= IR_MAX_WORKGROUP_INVOCATIONS / WARPGROUP)
        px->tensor_warpgroups = (uint32_t)groups;
}

bool ptx_check_tensor_entry(PtxCtx *px, const IrEntry *e, const uint32_t *funcs, uint32_t func_count) {
    uint64_t size = invocations(e);
    if (size % WARPGROUP == 0 && size <= IR_MAX_WORKGROUP_INVOCATIONS) return true;
    if (!entry_uses_tensor(px, funcs, func_count)) return true;
    ptx_fail(px, Y_TARGET_ENTRY, e->span,
             ptx_ascii(px, "a compute entry that uses tensor tiles needs a multiple of 128 invocations, not %llu",
                       (unsigned long long)size),
             "计算入口「%s」用到张量片，工作组大小须是 128 的倍数（每 128 个线程一个线程束组，着十三），现为 %llu", e->name,
             (unsigned long long)size);
    return false;
}
