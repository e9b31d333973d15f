/* The module level: which functions and buffers each compute entry reaches, workgroup
 * variables, the kernels with their parameter contract (着十), annotations, entry table. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../ir/hopper.h"
#include "../names.h"
#include "internal.h"
#include "../../ir/abi.h"

void ptx_fail(PtxCtx *px, DiagId id, Span span, const char *ascii, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_report(px->diag, id, DIAG_ERROR, span, fmt, args);
    va_end(args);
    ptx_failure_set_at(px->failure, span, ascii);
    px->failed = true;
}

const char *ptx_ascii(PtxCtx *px, const char *fmt, ...) {
    char text[PTX_FAILURE_REASON_MAX];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    return arena_strdup(&px->arena, text);
}

void ptx_fail_path(DiagEngine *diag, DiagId id, PtxFailure *failure, const char *ascii, const char *fmt, ...) {
    StrBuf message;
    strbuf_init(&message);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&message, fmt, args);
    va_end(args);
    diag_error_path(diag, id, "yusec", "%s", strbuf_cstr(&message));
    strbuf_free(&message);
    ptx_failure_set(failure, "%s", ascii);
}

LLVMTypeRef ptx_i32(PtxCtx *px) { return LLVMInt32TypeInContext(px->ctx); }
LLVMTypeRef ptx_i64(PtxCtx *px) { return LLVMInt64TypeInContext(px->ctx); }
LLVMTypeRef ptx_ptr(PtxCtx *px, unsigned space) { return LLVMPointerTypeInContext(px->ctx, space); }


/* What one compute entry reaches (IrReach), found once per entry in ptx_translate and kept
 * as ascending id lists: the union of all of them is what gets declared, the warp rule reads
 * them and each kernel's parameters come from its own — in time of the lists, never of the
 * module (N entries over a module of N functions would be N²). */
typedef struct EntryReach {
    uint32_t *funcs, func_count;
    uint32_t *globals, global_count;
    uint32_t *lengths, length_count;  /* buffers whose 数组长度 it takes */
} EntryReach;

/* The kernel's buffers in the host contract's order (ir/abi.c, shared with runtime/ and the
 * manifest): dense group-0 bindings 0..max (placeholders for unused ones) when every used
 * buffer is in group 0, else the used buffers by (group, binding). */
static IrBufferParams kernel_params(PtxCtx *px, const EntryReach *reach) {
    IrBufferParams params;
    IrGlobalSet used = {reach->globals, reach->global_count}, lengths = {reach->lengths, reach->length_count};
    if (!ir_buffer_params_of(&px->arena, px->m, used, lengths, &params)) {
        Span span = {0, 0, 0};
        for (uint32_t i = 0; i < reach->global_count; i++)
            if (ir_global(px->m, reach->globals[i])->binding == params.too_large_binding)
                span = ir_global(px->m, reach->globals[i])->span;
        ptx_fail(px, Y_BINDING_LIMIT, span, ptx_ascii(px, "binding %u is too large (group 0 allows at most %u)", params.too_large_binding,
                                     IR_ABI_MAX_DENSE_BINDING),
                 "PTX 目标：绑定号 %u 太大（组 0 的绑定号最多 %u）", params.too_large_binding,
                 IR_ABI_MAX_DENSE_BINDING);
    }
    ir_texture_params_of(&px->arena, px->m, reach->funcs, reach->func_count, &params, NULL);  /* ptx_plan_textures reported */
    return params;
}

static void add_param_attr(PtxCtx *px, LLVMValueRef fn, unsigned index, const char *name) {
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    LLVMAddAttributeAtIndex(fn, index + 1, LLVMCreateEnumAttribute(px->ctx, kind, 0));
}

/* A kernel runs only as blocks of its .reqntid (launch.c; CUDA refuses any other block size),
 * so ntid along an axis is the workgroup size there, a constant, and tid is in [0, size) — 0
 * on an axis of size 1. nvcc, which cannot know the block size, reads %ntid and keeps the
 * y and z terms of a flattened index; here they fold away (docs/targets.md, Builtins). */
static void add_tid_range(FnCtx *fc, LLVMValueRef call, unsigned axis) {
    uint64_t low = 0, high = fc->workgroup_size[axis];
    unsigned kind = LLVMGetEnumAttributeKindForName("range", 5);
    LLVMAddCallSiteAttribute(call, LLVMAttributeReturnIndex,
                             LLVMCreateConstantRangeAttribute(fc->px->ctx, kind, 32, &low, &high));
}

static LLVMValueRef sreg_axis(FnCtx *fc, const char *reg, unsigned axis, Span span) {
    bool tid = strcmp(reg, "tid") == 0;
    if (strcmp(reg, "ntid") == 0 || (tid && fc->workgroup_size[axis] == 1))
        return LLVMConstInt(ptx_i32(fc->px), tid ? 0 : fc->workgroup_size[axis], false);
    char name[64];
    snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[axis]);
    LLVMValueRef call = ptx_intrinsic(fc, name, NULL, 0, NULL, 0, span);
    if (call && tid) add_tid_range(fc, call, axis);
    return call;
}

static LLVMValueRef vec3_of(FnCtx *fc, LLVMValueRef *lanes) {
    LLVMValueRef v = LLVMGetUndef(LLVMVectorType(ptx_i32(fc->px), 3));
    for (unsigned i = 0; i < 3; i++)
        v = LLVMBuildInsertElement(fc->px->b, v, lanes[i], LLVMConstInt(ptx_i32(fc->px), i, false), "");
    return v;
}

/* 着十: builtin inputs from the special registers. */
static LLVMValueRef builtin_value(FnCtx *fc, IrBuiltin builtin, Span span) {
    LLVMBuilderRef b = fc->px->b;
    LLVMValueRef lanes[3];
    switch (builtin) {
    case IR_BUILTIN_GLOBAL_INVOCATION_ID:
        for (unsigned a = 0; a < 3; a++)
            lanes[a] = LLVMBuildAdd(b, LLVMBuildMul(b, sreg_axis(fc, "ctaid", a, span), sreg_axis(fc, "ntid", a, span), ""),
                                    sreg_axis(fc, "tid", a, span), "");
        return vec3_of(fc, lanes);
    case IR_BUILTIN_LOCAL_INVOCATION_ID: case IR_BUILTIN_WORKGROUP_ID: case IR_BUILTIN_NUM_WORKGROUPS: {
        const char *reg = builtin == IR_BUILTIN_LOCAL_INVOCATION_ID ? "tid"
                          : builtin == IR_BUILTIN_WORKGROUP_ID ? "ctaid" : "nctaid";
        for (unsigned a = 0; a < 3; a++) lanes[a] = sreg_axis(fc, reg, a, span);
        return vec3_of(fc, lanes);
    }
    case IR_BUILTIN_LOCAL_INVOCATION_INDEX: {  /* tid.x + ntid.x·(tid.y + ntid.y·tid.z) */
        LLVMValueRef yz = LLVMBuildAdd(b, sreg_axis(fc, "tid", 1, span),
                                       LLVMBuildMul(b, sreg_axis(fc, "ntid", 1, span), sreg_axis(fc, "tid", 2, span), ""), "");
        return LLVMBuildAdd(b, sreg_axis(fc, "tid", 0, span), LLVMBuildMul(b, sreg_axis(fc, "ntid", 0, span), yz, ""), "");
    }
    case IR_BUILTIN_SUBGROUP_INVOCATION_ID:
        return ptx_intrinsic(fc, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0, span);
    case IR_BUILTIN_SUBGROUP_SIZE: return LLVMConstInt(ptx_i32(fc->px), 32, false);
    default:
        ptx_fail(fc->px, Y_TARGET_ENTRY, span, ptx_ascii(fc->px, "compute entries have no builtin input %s", ir_builtin_name(builtin)),
                 "PTX 目标的计算入口没有内建输入 %s", ir_builtin_name(builtin));
        return NULL;
    }
}

static LLVMValueRef io_value(FnCtx *fc, const IrIo *io, IrTypeId type, Span span) {
    if (io->kind == IR_IO_BUILTIN) return builtin_value(fc, io->builtin, span);
    if (io->kind != IR_IO_STRUCT) {
        ptx_fail(fc->px, Y_TARGET_ENTRY, span, "compute entries take builtin inputs only", "PTX 目标的计算入口只收内建输入");
        return NULL;
    }
    LLVMTypeRef rt = ptx_reg_type(fc->px, type, span);
    if (!rt) return NULL;
    LLVMValueRef v = LLVMGetUndef(rt);
    for (uint32_t i = 0; i < io->field_count; i++) {
        LLVMValueRef field = io_value(fc, &io->fields[i], ir_type_member(fc->px->types, type, i), span);
        if (!field) return NULL;
        v = LLVMBuildInsertValue(fc->px->b, v, field, i, "");
    }
    return v;
}

/* The kernel's value of a hidden slot: its buffer parameter cast to global (着十:
 * cvta.to.global; null when the kernel has no such parameter), a fresh zeroed private
 * variable, a length from the lengths buffer, a texture parameter. */
static LLVMValueRef hidden_arg(PtxCtx *px, LLVMValueRef kernel, const IrBufferParams *kp, uint32_t slot) {
    PtxSlot what = px->slot_of[slot];
    if (what.kind == PTX_SLOT_LENGTH) return ptx_kernel_length(px, kernel, kp, what.index);
    if (what.kind == PTX_SLOT_TEXTURE) return ptx_kernel_texture(px, kernel, kp, what.index);
    const IrGlobal *gl = ir_global(px->m, what.index);
    LLVMTypeRef type = ptx_ptr(px, ptx_space(gl->space));
    if (gl->space == IR_SPACE_PRIVATE) {  /* per invocation, zero-initialised */
        uint32_t size = ir_type_size(px->types, gl->type), align = ir_type_align(px->types, gl->type);
        LLVMValueRef v = LLVMBuildAlloca(px->b, LLVMArrayType2(LLVMInt8TypeInContext(px->ctx), size ? size : 1), "");
        LLVMSetAlignment(v, align < 4 ? 4 : align);
        LLVMBuildMemSet(px->b, v, LLVMConstInt(LLVMInt8TypeInContext(px->ctx), 0, false),
                        LLVMConstInt(ptx_i64(px), size, false), align < 4 ? 4 : align);
        return v;
    }
    LLVMValueRef v = LLVMConstPointerNull(type);
    for (uint32_t k = 0; k < kp->count; k++)
        if (kp->params[k].global == what.index) v = LLVMBuildAddrSpaceCast(px->b, LLVMGetParam(kernel, k), type, "");
    return v;
}

/* The entry function's body right in the kernel (compute entries return nothing, verified,
 * so its returns are the kernel's). An LLVM function of its own cost NVPTX a scan of all of
 * nvvm.annotations at each of its launch-bound queries (LLVM 19 caches only functions with
 * annotations): quadratic in the number of entries. */
static void emit_entry_body(FnCtx *fc, LLVMValueRef *args) {
    const IrFunction *f = fc->f;
    fc->vals = arena_alloc_array(&fc->px->arena, f->value_count + 1, sizeof *fc->vals);
    for (uint32_t i = 0; i < f->param_count; i++) fc->vals[f->params[i]] = args[i];
    fc->hidden_vals = args + f->param_count;
    ptx_emit_body(fc);
}

/* The kernel's body: builtins, private variables, then the entry function — a call (inlined)
 * when other functions call it too, else its body (emit_entry_body). */
static void kernel_code(FnCtx *fc, const IrEntry *e, const IrBufferParams *kp) {
    PtxCtx *px = fc->px;
    const IrFunction *f = fc->f;
    const PtxHidden *h = &px->hidden[f->id];
    uint32_t n = f->param_count + h->count;
    LLVMValueRef *args = arena_alloc_array(&px->arena, n + 1, sizeof *args);
    for (uint32_t i = 0; i < f->param_count; i++)
        if (!(args[i] = io_value(fc, &e->params[i], ir_value_type(f, f->params[i]), e->span))) return;
    for (uint32_t i = 0; i < h->count; i++) args[f->param_count + i] = hidden_arg(px, fc->fn, kp, h->slots[i]);
    if (!px->called[f->id]) {
        emit_entry_body(fc, args);
        return;
    }
    LLVMValueRef callee = px->funcs[e->func];
    LLVMBuildCall2(px->b, LLVMGlobalGetValueType(callee), callee, args, n, "");
    LLVMBuildRetVoid(px->b);
}

/* The prologue (builtins, hidden values) is at the entry function's line (-lineinfo). */
static void kernel_body(PtxCtx *px, const IrEntry *e, LLVMValueRef kernel, const IrBufferParams *kp) {
    const IrFunction *f = ir_function(px->m, e->func);
    FnCtx fc = {.px = px, .f = f, .fn = kernel, .full_warps = px->full_warps[f->id],
                .workgroup_size = e->workgroup_size};
    LLVMPositionBuilderAtEnd(px->b, LLVMAppendBasicBlockInContext(px->ctx, kernel, "entry"));
    ptx_debug_enter(&fc, f->span);
    kernel_code(&fc, e, kp);
    ptx_debug_leave(&fc);
}

/* Kept for ptx_name_params, which gives LLVM's <kernel>_param_<n> the names of 着十. */
static void record_kernel(PtxCtx *px, const char *kernel, const IrBufferParams *params, const IrEntry *e) {
    PtxKernel *pk = &px->kernels[px->kernel_count++];
    *pk = (PtxKernel){arena_strdup(&px->arena, kernel), *params,
                      {e->workgroup_size[0], e->workgroup_size[1], e->workgroup_size[2]}};
    strmap_put_first(&px->kernel_names, pk->name, pk);
}

static uint32_t *copy_ids(PtxCtx *px, const uint32_t *ids, uint32_t count) {
    uint32_t *copy = arena_alloc_array(&px->arena, count + 1, sizeof *copy);
    if (count) memcpy(copy, ids, count * sizeof *copy);
    return copy;
}

/* Every compute entry's reach, one ir_reach_from each (it costs what the entry reaches).
 * Non-compute entries get an empty reach. */
static EntryReach *find_reaches(PtxCtx *px) {
    uint32_t count = ir_entry_count(px->m);
    EntryReach *reaches = arena_alloc_array(&px->arena, count + 1, sizeof *reaches);
    IrReach reach;
    ir_reach_init(&reach, &px->arena, px->m);
    for (uint32_t i = 0; i < count; i++) {
        const IrEntry *e = ir_entry(px->m, i);
        if (e->stage != IR_STAGE_COMPUTE) continue;
        ir_reach_from(&reach, e->func);
        reaches[i] = (EntryReach){copy_ids(px, reach.func_list, reach.func_count), reach.func_count,
                                  copy_ids(px, reach.global_list, reach.global_count), reach.global_count,
                                  copy_ids(px, reach.length_list, reach.length_count), reach.length_count};
    }
    return reaches;
}

/* noalias on every buffer (WGSL forbids aliasing writable bindings), readonly on those the
 * kernel cannot write (LLVM then loads them with ld.global.nc). A placeholder (着十's dense
 * group 0: a binding the entry does not use) also gets what LLVM would infer for it,
 * nocapture readnone: inferring it, PostOrderFunctionAttrs rebuilt the kernel's whole
 * attribute list once per parameter and kept every list, quadratic in the parameters (the
 * bindings shape at 1,000: 5.3 s, 1.4 GB; now 2.5–3.5 s, 103 MB). The optimised IR is the same. */
static void add_kernel_param_attrs(PtxCtx *px, LLVMValueRef kernel, const IrBufferParams *kp) {
    for (uint32_t i = 0; i < kp->count; i++) {
        add_param_attr(px, kernel, i, "noalias");
        IrGlobalId g = kp->params[i].global;
        if (kp->params[i].lengths || (g != IR_NONE && ir_global(px->m, g)->space != IR_SPACE_STORAGE_READ_WRITE))
            add_param_attr(px, kernel, i, "readonly");
        if (g == IR_NONE && !kp->params[i].lengths) {
            add_param_attr(px, kernel, i, "nocapture");
            add_param_attr(px, kernel, i, "readnone");
        }
    }
}

static void emit_kernel(PtxCtx *px, const IrEntry *e, const EntryReach *reach) {
    IrBufferParams kp = kernel_params(px, reach);
    uint32_t count = kp.count + kp.texture_count;
    LLVMTypeRef *params = arena_alloc_array(&px->arena, count + 1, sizeof *params);
    /* Generic pointers, cast to global in the body: the .param .u64 and cvta.to.global of 着十
     * (nvcc's form); then the texture objects and compare functions. */
    for (uint32_t i = 0; i < kp.count; i++) params[i] = ptx_ptr(px, PTX_AS_GENERIC);
    for (uint32_t i = 0; i < kp.texture_count; i++) params[kp.count + i] = ptx_texture_param_type(px, &kp.textures[i]);
    StrBuf name;
    strbuf_init(&name);
    ptx_entry_name(&name, &px->arena, px->m, e);
    if (LLVMGetNamedFunction(px->mod, strbuf_cstr(&name))) {
        ptx_fail(px, Y_TARGET_ENTRY, e->span, ptx_ascii(px, "two compute entries use one function: both would be named %s", strbuf_cstr(&name)),
                 "两个计算入口用同一个函数「%s」，PTX 入口名会重复", ir_function(px->m, e->func)->name);
        strbuf_free(&name);
        return;
    }
    LLVMValueRef kernel = LLVMAddFunction(px->mod, strbuf_cstr(&name),
                                          LLVMFunctionType(LLVMVoidTypeInContext(px->ctx), params, count, false));
    record_kernel(px, strbuf_cstr(&name), &kp, e);
    strbuf_free(&name);
    LLVMSetFunctionCallConv(kernel, LLVMPTXKernelCallConv);
    add_kernel_param_attrs(px, kernel, &kp);
    kernel_body(px, e, kernel, &kp);
}

static bool check_shared_size(PtxCtx *px, IrGlobalId id) {
    const IrGlobal *g = ir_global(px->m, id);
    if (ir_type_size(px->types, g->type) != 0) return true;
    ptx_fail(px, Y_TARGET_ENTRY, g->span, "a workgroup variable needs a fixed size", "工作组变量「%s」须有固定大小", g->name);
    return false;
}

static void make_shared(PtxCtx *px, IrGlobalId id) {
    const IrGlobal *g = ir_global(px->m, id);
    if (!check_shared_size(px, id)) return;
    StrBuf name;
    strbuf_init(&name);
    ptx_mangle(&name, PTX_SHARED_PREFIX, g->name);
    LLVMTypeRef t = LLVMArrayType2(LLVMInt8TypeInContext(px->ctx), ir_type_size(px->types, g->type));
    LLVMValueRef v = LLVMAddGlobalInAddressSpace(px->mod, t, strbuf_cstr(&name), PTX_AS_SHARED);
    strbuf_free(&name);
    LLVMSetInitializer(v, LLVMGetUndef(t));  /* .shared memory has no initialiser */
    LLVMSetLinkage(v, LLVMInternalLinkage);
    LLVMSetAlignment(v, ir_shared_align(px->m, id));  /* ldmatrix-ready, vec4 loads; 1024 for TMA/wgmma */
    px->shared[id] = v;
}

/* Beyond 48 KiB (ir/abi.h): one `.extern .shared .align 16 .b8 yy_dynamic_shared[]`, each
 * workgroup variable a constant offset into it. */
static void make_dynamic_shared(PtxCtx *px, IrGlobalId id, LLVMValueRef *base) {
    if (!check_shared_size(px, id)) return;
    LLVMTypeRef i8 = LLVMInt8TypeInContext(px->ctx);
    if (!*base) {
        LLVMTypeRef t = LLVMArrayType2(i8, 0);
        *base = LLVMAddGlobalInAddressSpace(px->mod, t, IR_ABI_DYNAMIC_SHARED, PTX_AS_SHARED);
        LLVMSetLinkage(*base, LLVMExternalLinkage);
        LLVMSetAlignment(*base, ir_shared_base_align(px->m));  /* keeps every ir_shared_align */
    }
    LLVMValueRef offset = LLVMConstInt(LLVMInt64TypeInContext(px->ctx), ir_shared_offset(px->m, id), false);
    px->shared[id] = LLVMConstGEP2(i8, *base, &offset, 1);
}

static void layout_globals(PtxCtx *px) {
    uint32_t n = ir_global_count(px->m);
    px->shared = arena_alloc_array(&px->arena, n + 1, sizeof *px->shared);
    px->hidden_index = arena_alloc_array(&px->arena, n + 1, sizeof *px->hidden_index);
    bool dynamic = ir_shared_is_dynamic(px->m);
    LLVMValueRef dynamic_base = NULL;
    for (uint32_t g = 0; g < n; g++) {
        const IrGlobal *gl = ir_global(px->m, g);
        px->hidden_index[g] = IR_NONE;
        if (gl->space == IR_SPACE_WORKGROUP && dynamic) make_dynamic_shared(px, g, &dynamic_base);
        else if (gl->space == IR_SPACE_WORKGROUP) make_shared(px, g);
        else if (ir_global_is_buffer(gl) || gl->space == IR_SPACE_PRIVATE) px->hidden_index[g] = px->hidden_count++;
    }
}

/* A function runs in whole warps when every compute entry reaching it has a workgroup of
 * 32·k invocations (warps take consecutive linear thread indices). */
static void mark_full_warps(PtxCtx *px, const EntryReach *reaches) {
    uint32_t nf = ir_function_count(px->m);
    px->full_warps = arena_alloc_array(&px->arena, nf + 1, sizeof *px->full_warps);
    for (uint32_t f = 0; f < nf; f++) px->full_warps[f] = true;
    for (uint32_t i = 0; i < ir_entry_count(px->m); i++) {
        const IrEntry *e = ir_entry(px->m, i);
        uint64_t size = (uint64_t)e->workgroup_size[0] * e->workgroup_size[1] * e->workgroup_size[2];
        if (e->stage != IR_STAGE_COMPUTE || size % 32 == 0) continue;
        for (uint32_t k = 0; k < reaches[i].func_count; k++) px->full_warps[reaches[i].funcs[k]] = false;
    }
}

/* px->called[f]: a function that some compute entry reaches calls f. */
static void mark_called(PtxCtx *px, const bool *funcs) {
    uint32_t nf = ir_function_count(px->m);
    px->called = arena_alloc_array(&px->arena, nf + 1, sizeof *px->called);
    for (uint32_t i = 0; i < nf; i++) {
        if (!funcs[i]) continue;
        const IrFunction *f = ir_function(px->m, i);
        for (uint32_t k = 0; k < f->inst_count; k++)
            if (f->insts[k].op == IR_OP_CALL && f->insts[k].symbol < nf) px->called[f->insts[k].symbol] = true;
    }
}

/* The LLVM functions: every reached function that something calls. Entry functions that
 * nothing calls are emitted into their kernels (kernel_body); they count for
 * largest_function all the same. */
static void define_functions(PtxCtx *px, const bool *funcs) {
    uint32_t nf = ir_function_count(px->m);
    for (uint32_t i = 0; i < nf && !px->failed; i++)
        if (funcs[i] && px->called[i] && !(px->funcs[i] = ptx_declare_function(px, ir_function(px->m, i))))
            px->failed = true;
    for (uint32_t i = 0; i < nf && !px->failed; i++) {
        if (!funcs[i]) continue;
        if (px->called[i]) ptx_define_function(px, ir_function(px->m, i));
        if (ir_function(px->m, i)->inst_count > px->largest_function) px->largest_function = ir_function(px->m, i)->inst_count;
    }
}

bool ptx_translate(PtxCtx *px) {
    const IrModule *m = px->m;
    uint32_t nf = ir_function_count(m);
    px->reg_type_count = px->types->count;
    px->reg_types = arena_alloc_array(&px->arena, px->reg_type_count + 1, sizeof *px->reg_types);
    px->funcs = arena_alloc_array(&px->arena, nf + 1, sizeof *px->funcs);
    bool *funcs = arena_alloc_array(&px->arena, nf + 1, sizeof *funcs);
    layout_globals(px);
    px->kernels = arena_alloc_array(&px->arena, ir_entry_count(m) + 1, sizeof *px->kernels);
    strmap_init(&px->kernel_names, &px->arena);
    ptx_debug_begin(px);
    EntryReach *reaches = find_reaches(px);
    for (uint32_t i = 0; i < ir_entry_count(m); i++)
        for (uint32_t k = 0; k < reaches[i].func_count; k++) funcs[reaches[i].funcs[k]] = true;
    ptx_plan_lengths(px, funcs);
    ptx_plan_textures(px, funcs);
    mark_full_warps(px, reaches);
    ptx_plan_hidden(px, funcs);
    mark_called(px, funcs);
    for (uint32_t i = 0; i < ir_entry_count(m); i++)
        ptx_plan_warpgroups(px, ir_entry(m, i), reaches[i].funcs, reaches[i].func_count);
    define_functions(px, funcs);
    for (uint32_t i = 0; i < ir_entry_count(m) && !px->failed; i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage == IR_STAGE_COMPUTE && ptx_check_tensor_entry(px, e, reaches[i].funcs, reaches[i].func_count))
            emit_kernel(px, e, &reaches[i]);
    }
    ptx_debug_finish(px);
    return !px->failed;
}
