/* YIR functions → LLVM functions: structured control flow becomes blocks and phis. */
#include <string.h>

#include "internal.h"

LLVMValueRef ptx_val(FnCtx *fc, IrValueId id) {
    return id < fc->f->value_count ? fc->vals[id] : NULL;
}

static LLVMTypeRef value_type(FnCtx *fc, IrValueId id) {
    const IrValue *v = ir_value(fc->f, id);
    return v ? ptx_reg_type(fc->px, v->type, v->span) : NULL;
}

static LLVMTypeRef slot_type(PtxCtx *px, uint32_t slot) {
    PtxSlot what = px->slot_of[slot];
    if (what.kind == PTX_SLOT_RESOURCE) return ptx_ptr(px, ptx_space(ir_global(px->m, what.index)->space));
    if (what.kind == PTX_SLOT_LENGTH) return ptx_i32(px);
    return ptx_texture_param_type(px, &px->textures.textures[what.index]);
}

LLVMValueRef ptx_declare_function(PtxCtx *px, const IrFunction *f) {
    const PtxHidden *h = &px->hidden[f->id];
    uint32_t n = f->param_count + h->count;
    LLVMTypeRef *params = arena_alloc_array(&px->arena, n + 1, sizeof *params);
    for (uint32_t i = 0; i < f->param_count; i++) {
        const IrValue *v = ir_value(f, f->params[i]);
        if (!(params[i] = ptx_reg_type(px, v->type, v->span))) return NULL;
    }
    for (uint32_t i = 0; i < h->count; i++) params[f->param_count + i] = slot_type(px, h->slots[i]);
    LLVMTypeRef ret = ptx_reg_type(px, f->return_type, f->span);
    if (!ret) return NULL;
    StrBuf name;
    strbuf_init(&name);
    ptx_mangle(&name, "yf", f->name);
    LLVMValueRef fn = LLVMAddFunction(px->mod, strbuf_cstr(&name), LLVMFunctionType(ret, params, n, false));
    strbuf_free(&name);
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    /* A function the inline pass kept (over its budget) stays a .func: LLVM must not undo
     * the budget by inlining it after all. */
    const char *inlining = f->not_inlined ? "noinline" : "alwaysinline";
    unsigned kind = LLVMGetEnumAttributeKindForName(inlining, strlen(inlining));
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(px->ctx, kind, 0));
    return fn;
}

static void emit_block(FnCtx *fc, IrBlockId id, const FlowTarget *ft);

static LLVMBasicBlockRef new_block(FnCtx *fc, const char *name) {
    return LLVMAppendBasicBlockInContext(fc->px->ctx, fc->fn, name);
}

static LLVMValueRef *make_phis(FnCtx *fc, LLVMBasicBlockRef bb, const IrValueId *values, uint32_t n) {
    LLVMValueRef *phis = arena_alloc_array(&fc->px->arena, n + 1, sizeof *phis);
    LLVMBasicBlockRef saved = LLVMGetInsertBlock(fc->px->b);
    LLVMPositionBuilderAtEnd(fc->px->b, bb);
    for (uint32_t i = 0; i < n; i++) {
        LLVMTypeRef t = value_type(fc, values[i]);
        if (!t) return NULL;
        phis[i] = LLVMBuildPhi(fc->px->b, t, "");
        fc->vals[values[i]] = phis[i];
    }
    LLVMPositionBuilderAtEnd(fc->px->b, saved);
    return phis;
}

/* Adds the current block's incoming values to `phis` and branches to `target`. */
static void jump_with(FnCtx *fc, const IrInst *inst, LLVMBasicBlockRef target, LLVMValueRef *phis,
                      uint32_t phi_count) {
    if (!target) {
        ptx_fail(fc->px, Y_TARGET_INTERNAL, inst->span, ptx_ascii(fc->px, "internal error: %s outside its if or loop", ir_op_info(inst->op)->name),
                 "PTX 目标：「%s」不在相应的 if 或 loop 里", ir_op_info(inst->op)->name);
        return;
    }
    LLVMBasicBlockRef here = LLVMGetInsertBlock(fc->px->b);
    for (uint32_t i = 0; i < phi_count && i < inst->arg_count; i++) {
        LLVMValueRef v = ptx_val(fc, inst->args[i]);
        if (v) LLVMAddIncoming(phis[i], &v, &here, 1);
    }
    LLVMBuildBr(fc->px->b, target);
}

/* A block that only yields nothing: its branch can go straight to the merge block. */
static bool only_yields(FnCtx *fc, IrBlockId id) {
    const IrBlock *block = ir_block(fc->f, id);
    if (block->inst_count != 1) return false;
    const IrInst *last = ir_inst(fc->f, block->insts[0]);
    return last->op == IR_OP_YIELD && last->arg_count == 0;
}

/* `tail`: the if has no results and its block yields nothing right after it, so it merges
 * into the enclosing if's merge block. Neither an empty else block nor a merge block that
 * only branches on is made: 10,000 nested 若 made a chain of 10,000 such blocks, which
 * SimplifyCFG removed one at a time, each step walking every predecessor of the block they
 * all led to (quadratic: 2.2 s at 10,000). */
static void emit_if(FnCtx *fc, const IrInst *inst, const FlowTarget *outer, bool tail) {
    LLVMBasicBlockRef then_bb = new_block(fc, "then");
    bool empty_else = inst->result_count == 0 && only_yields(fc, inst->blocks[1]);
    LLVMBasicBlockRef else_bb = empty_else ? NULL : new_block(fc, "else");
    LLVMBasicBlockRef merge = tail ? outer->if_merge : new_block(fc, "endif");
    LLVMBuildCondBr(fc->px->b, ptx_val(fc, inst->args[0]), then_bb, empty_else ? merge : else_bb);
    FlowTarget ft = *outer;
    ft.if_merge = merge;
    ft.if_phi_count = inst->result_count;
    ft.if_phis = make_phis(fc, merge, inst->results, inst->result_count);
    if (!ft.if_phis) return;
    LLVMPositionBuilderAtEnd(fc->px->b, then_bb);
    emit_block(fc, inst->blocks[0], &ft);
    if (!empty_else) {
        LLVMPositionBuilderAtEnd(fc->px->b, else_bb);
        emit_block(fc, inst->blocks[1], &ft);
    }
    if (!tail) LLVMPositionBuilderAtEnd(fc->px->b, merge);
}

/* An if that ends its block before a yield of nothing, inside an if whose merge takes no
 * values: emit_if's tail case. */
static bool is_tail_if(FnCtx *fc, const IrBlock *block, uint32_t i, const FlowTarget *ft) {
    const IrInst *inst = ir_inst(fc->f, block->insts[i]);
    if (inst->op != IR_OP_IF || inst->result_count != 0 || i + 2 != block->inst_count) return false;
    const IrInst *next = ir_inst(fc->f, block->insts[i + 1]);
    return next->op == IR_OP_YIELD && next->arg_count == 0 && ft->if_merge && ft->if_phi_count == 0;
}

static void emit_counted_loop(FnCtx *fc, const IrInst *inst, const FlowTarget *outer) {
    const IrBlock *body = ir_block(fc->f, inst->blocks[0]);
    LLVMBasicBlockRef header = new_block(fc, "loop"), exit = new_block(fc, "endloop");
    FlowTarget ft = *outer;
    ft.loop_header = header;
    ft.loop_exit = exit;
    ft.loop_phi_count = body->param_count;
    ft.exit_phi_count = inst->result_count;
    ft.loop_phis = make_phis(fc, header, body->params, body->param_count);
    ft.exit_phis = make_phis(fc, exit, inst->results, inst->result_count);
    if (!ft.loop_phis || !ft.exit_phis) return;
    jump_with(fc, inst, header, ft.loop_phis, ft.loop_phi_count);  /* the inits */
    LLVMPositionBuilderAtEnd(fc->px->b, header);
    emit_block(fc, inst->blocks[0], &ft);
    LLVMPositionBuilderAtEnd(fc->px->b, exit);
}

/* One copy of the loop into `from`, then a branch to `merge`; the loop's results and the
 * block they come from are recorded for merge's phis. */
static void emit_copy(FnCtx *fc, const IrInst *inst, const FlowTarget *outer, LLVMBasicBlockRef from,
                      LLVMBasicBlockRef merge, LLVMValueRef *results, LLVMBasicBlockRef *end) {
    LLVMPositionBuilderAtEnd(fc->px->b, from);
    emit_counted_loop(fc, inst, outer);
    for (uint32_t i = 0; i < inst->result_count; i++) results[i] = ptx_val(fc, inst->results[i]);
    *end = LLVMGetInsertBlock(fc->px->b);
    LLVMBuildBr(fc->px->b, merge);
}

/* A loop with wrap-free indices (wide.c): the 64-bit copy when the test before it holds, the
 * loop as written otherwise, their results merged. */
static void emit_loop(FnCtx *fc, const IrInst *inst, const FlowTarget *outer) {
    const PtxWidePlan *plan = fc->wide ? NULL : ptx_wide_plan(fc, inst);
    if (!plan) {
        emit_counted_loop(fc, inst, outer);
        return;
    }
    LLVMBasicBlockRef wide = new_block(fc, "wide"), narrow = new_block(fc, "narrow"), merge = new_block(fc, "endwide");
    LLVMBuildCondBr(fc->px->b, ptx_wide_test(fc, plan), wide, narrow);
    uint32_t n = inst->result_count;
    LLVMValueRef *wide_results = arena_alloc_array(&fc->px->arena, n + 1, sizeof *wide_results);
    LLVMValueRef *narrow_results = arena_alloc_array(&fc->px->arena, n + 1, sizeof *narrow_results);
    LLVMBasicBlockRef ends[2];
    fc->wide = plan;
    emit_copy(fc, inst, outer, wide, merge, wide_results, &ends[0]);
    fc->wide = NULL;
    emit_copy(fc, inst, outer, narrow, merge, narrow_results, &ends[1]);
    LLVMPositionBuilderAtEnd(fc->px->b, merge);
    for (uint32_t i = 0; i < n && !fc->px->failed; i++) {
        LLVMValueRef phi = LLVMBuildPhi(fc->px->b, LLVMTypeOf(narrow_results[i]), "");
        LLVMValueRef incoming[2] = {wide_results[i], narrow_results[i]};
        LLVMAddIncoming(phi, incoming, ends, 2);
        fc->vals[inst->results[i]] = phi;
    }
}

static void emit_return(FnCtx *fc, const IrInst *inst) {
    if (inst->arg_count == 0) LLVMBuildRetVoid(fc->px->b);
    else LLVMBuildRet(fc->px->b, ptx_val(fc, inst->args[0]));
}

static LLVMValueRef emit_var(FnCtx *fc, const IrInst *inst) {
    PtxCtx *px = fc->px;
    const IrType *p = ptx_ty(px, ir_value_type(fc->f, inst->results[0]));
    IrTypeId t = p->elem;
    uint32_t size = ptx_memory_size(px, t), align = ptx_memory_align(px, t);
    if (align < 4) align = 4;
    LLVMBasicBlockRef here = LLVMGetInsertBlock(px->b);
    LLVMMetadataRef loc = LLVMGetCurrentDebugLocation2(px->b);  /* -lineinfo: kept across the move */
    LLVMPositionBuilderBefore(px->b, fc->entry_alloca_point);
    LLVMValueRef slot = LLVMBuildAlloca(px->b, LLVMArrayType2(LLVMInt8TypeInContext(px->ctx), size ? size : 1), "");
    LLVMSetAlignment(slot, align);
    LLVMPositionBuilderAtEnd(px->b, here);
    LLVMSetCurrentDebugLocation2(px->b, loc);
    if (inst->arg_count == 1) {
        ptx_store(fc, slot, ptx_val(fc, inst->args[0]), t, 0, inst->span);
    } else {  /* WGSL zero-initialises */
        LLVMValueRef zero = LLVMConstInt(LLVMInt8TypeInContext(px->ctx), 0, false);
        LLVMBuildMemSet(px->b, slot, zero, LLVMConstInt(ptx_i64(px), size, false), align);
    }
    return slot;
}

/* Pointer arithmetic of `access`: struct members by constant offset, the rest by index. */
static LLVMValueRef emit_access(FnCtx *fc, const IrInst *inst) {
    PtxCtx *px = fc->px;
    LLVMValueRef ptr = ptx_val(fc, inst->args[0]);
    IrTypeId cur = ptx_ty(px, ir_value_type(fc->f, inst->args[0]))->elem;
    for (uint32_t i = 1; i < inst->arg_count && ptr; i++) {
        const IrType *ct = ptx_ty(px, cur);
        const IrValue *iv = ir_value(fc->f, inst->args[i]);
        if (ct->kind == IR_TYPE_STRUCT) {
            const IrInst *def = ir_inst(fc->f, iv->def);
            uint32_t field = (uint32_t)def->literal;
            ptr = ptx_byte_gep(fc, ptr, LLVMConstInt(ptx_i64(px), ir_struct_field_offset(px->types, cur, field), false));
            cur = ir_type_member(px->types, cur, field);
            continue;
        }
        uint32_t stride;
        if (ct->kind == IR_TYPE_ARRAY) stride = ir_type_array_stride(px->types, cur);
        else if (ct->kind == IR_TYPE_MATRIX)
            stride = (ir_type_size(px->types, ct->column) + ir_type_align(px->types, ct->column) - 1) /
                     ir_type_align(px->types, ct->column) * ir_type_align(px->types, ct->column);
        else stride = ir_type_size(px->types, ct->elem);
        bool is_signed = ptx_ty(px, iv->type)->scalar == IR_SINT;
        LLVMValueRef idx = ptx_wide_index(fc, inst->args[i]);
        if (!idx)
            idx = is_signed ? LLVMBuildSExt(px->b, ptx_val(fc, inst->args[i]), ptx_i64(px), "")
                            : LLVMBuildZExt(px->b, ptx_val(fc, inst->args[i]), ptx_i64(px), "");
        ptr = ptx_element_gep(fc, ptr, idx, stride);
        cur = ir_type_member(px->types, cur, 0);
    }
    return ptr;
}

static LLVMValueRef emit_global(FnCtx *fc, const IrInst *inst) {
    PtxCtx *px = fc->px;
    const IrGlobal *g = ir_global(px->m, inst->symbol);
    if (g->space == IR_SPACE_WORKGROUP) return px->shared[inst->symbol];
    /* Textures and samplers: texture.c finds their objects from the binding itself. */
    if (g->space == IR_SPACE_HANDLE) return LLVMConstPointerNull(ptx_ptr(px, PTX_AS_GENERIC));
    return ptx_hidden_param(fc, px->hidden_index[inst->symbol], inst->span);
}

/* The callee's hidden slots are a subset of the caller's (it reaches less), both ascending:
 * one merge walk finds each in the caller's parameters. */
static LLVMValueRef emit_call(FnCtx *fc, const IrInst *inst) {
    PtxCtx *px = fc->px;
    LLVMValueRef callee = px->funcs[inst->symbol];
    const IrFunction *cf = ir_function(px->m, inst->symbol);
    const PtxHidden *mine = &px->hidden[fc->f->id], *theirs = &px->hidden[cf->id];
    uint32_t n = inst->arg_count + theirs->count;
    LLVMValueRef *args = arena_alloc_array(&px->arena, n + 1, sizeof *args);
    for (uint32_t i = 0; i < inst->arg_count; i++) args[i] = ptx_val(fc, inst->args[i]);
    for (uint32_t i = 0, k = 0; i < theirs->count; i++) {
        while (k < mine->count && mine->slots[k] < theirs->slots[i]) k++;
        if (k == mine->count || mine->slots[k] != theirs->slots[i]) {
            args[inst->arg_count + i] = ptx_hidden_param(fc, theirs->slots[i], inst->span);  /* reports */
            return NULL;
        }
        args[inst->arg_count + i] = fc->hidden_vals[k];
    }
    return LLVMBuildCall2(px->b, LLVMGlobalGetValueType(callee), callee, args, n, "");
}

/* One instruction; returns false when it ended the block. */
static bool emit_inst(FnCtx *fc, const IrInst *inst, const FlowTarget *ft) {
    PtxCtx *px = fc->px;
    LLVMValueRef result = NULL;
    ptx_debug_at(fc, inst->span);
    switch (inst->op) {
    case IR_OP_IF: emit_if(fc, inst, ft, false); return true;
    case IR_OP_LOOP: emit_loop(fc, inst, ft); return true;
    case IR_OP_YIELD: jump_with(fc, inst, ft->if_merge, ft->if_phis, ft->if_phi_count); return false;
    case IR_OP_BREAK: jump_with(fc, inst, ft->loop_exit, ft->exit_phis, ft->exit_phi_count); return false;
    case IR_OP_CONTINUE:
        jump_with(fc, inst, ft->loop_header, ft->loop_phis, ft->loop_phi_count);
        return false;
    case IR_OP_RETURN: emit_return(fc, inst); return false;
    case IR_OP_UNREACHABLE: LLVMBuildUnreachable(px->b); return false;
    case IR_OP_DISCARD:
        ptx_fail(px, Y_TARGET_ENTRY, inst->span, "discard in a compute entry", "函数「%s」：计算入口里不能「discard」", fc->f->name);
        LLVMBuildUnreachable(px->b);
        return false;
    case IR_OP_VAR: result = emit_var(fc, inst); break;
    case IR_OP_ACCESS: result = emit_access(fc, inst); break;
    case IR_OP_GLOBAL: result = emit_global(fc, inst); break;
    case IR_OP_CALL: result = emit_call(fc, inst); break;
    case IR_OP_LOAD: {
        IrTypeId t = ir_value_type(fc->f, inst->results[0]);
        if (ptx_is_handle(px, t)) result = LLVMGetUndef(ptx_reg_type(px, t, inst->span));  /* texture.c */
        else result = ptx_load(fc, ptx_val(fc, inst->args[0]), t, 0, inst->span);
        break;
    }
    case IR_OP_STORE: {
        IrTypeId t = ir_value_type(fc->f, inst->args[1]);
        ptx_store(fc, ptx_val(fc, inst->args[0]), ptx_val(fc, inst->args[1]), t, 0, inst->span);
        return true;
    }
    default: result = ptx_op(fc, inst); break;
    }
    if (inst->result_count == 1) fc->vals[inst->results[0]] = result;
    if (inst->result_count == 1 && !result && !px->failed)
        ptx_fail(px, Y_UNSUPPORTED_BY_TARGET, inst->span, ptx_ascii(px, "YIR operation %s is not supported", ir_op_info(inst->op)->name),
                 "PTX 目标不支持「%s」", ir_op_info(inst->op)->name);
    return true;
}

static void emit_block(FnCtx *fc, IrBlockId id, const FlowTarget *ft) {
    const IrBlock *block = ir_block(fc->f, id);
    for (uint32_t i = 0; i < block->inst_count && !fc->px->failed; i++) {
        if (is_tail_if(fc, block, i, ft)) {
            emit_if(fc, ir_inst(fc->f, block->insts[i]), ft, true);  /* its branches end the block */
            break;
        }
        if (!emit_inst(fc, ir_inst(fc->f, block->insts[i]), ft)) return;
    }
    if (fc->px->failed) LLVMBuildUnreachable(fc->px->b);
}

void ptx_emit_body(FnCtx *fc) {
    LLVMBasicBlockRef entry = LLVMGetInsertBlock(fc->px->b);
    /* Before the block's first instruction (where LLVM's inliner puts a callee's allocas);
     * an empty block gets a branch to the body to hold them. */
    fc->entry_alloca_point = LLVMGetFirstInstruction(entry);
    if (!fc->entry_alloca_point) {
        LLVMBasicBlockRef body = new_block(fc, "body");
        fc->entry_alloca_point = LLVMBuildBr(fc->px->b, body);
        LLVMPositionBuilderAtEnd(fc->px->b, body);
    }
    FlowTarget ft;
    memset(&ft, 0, sizeof ft);
    emit_block(fc, fc->f->body, &ft);
}

void ptx_define_function(PtxCtx *px, const IrFunction *f) {
    FnCtx fc = {.px = px, .f = f, .fn = px->funcs[f->id], .full_warps = px->full_warps[f->id]};
    const PtxHidden *h = &px->hidden[f->id];
    fc.vals = arena_alloc_array(&px->arena, f->value_count + 1, sizeof *fc.vals);
    fc.hidden_vals = arena_alloc_array(&px->arena, h->count + 1, sizeof *fc.hidden_vals);
    for (uint32_t i = 0; i < f->param_count; i++) fc.vals[f->params[i]] = LLVMGetParam(fc.fn, i);
    for (uint32_t i = 0; i < h->count; i++) fc.hidden_vals[i] = LLVMGetParam(fc.fn, f->param_count + i);
    LLVMPositionBuilderAtEnd(px->b, new_block(&fc, "entry"));
    ptx_debug_enter(&fc, f->span);
    ptx_emit_body(&fc);
    ptx_debug_leave(&fc);
}
