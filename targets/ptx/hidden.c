/* The hidden parameters of each function (internal.h): the slots of the resources, private
 * variables and buffer lengths it reaches, then the module's textures, in slot order. The
 * reach of every function comes from one ir_reach_each, linear in the module. */
#include "internal.h"

static uint32_t count_slots(PtxCtx *px, IrGlobalSet uses, IrGlobalSet lengths) {
    uint32_t n = px->textures.texture_count;
    for (uint32_t i = 0; i < uses.count; i++) n += px->hidden_index[uses.ids[i]] != IR_NONE;
    for (uint32_t i = 0; i < lengths.count; i++) n += px->length_hidden[lengths.ids[i]] != IR_NONE;
    return n;
}

/* Resource slots were numbered in global order, then length slots, then textures, so
 * appending them kind by kind keeps the list ascending. */
static PtxHidden hidden_of(PtxCtx *px, IrGlobalSet uses, IrGlobalSet lengths) {
    uint32_t n = count_slots(px, uses, lengths), k = 0;
    uint32_t *slots = arena_alloc_array(&px->arena, n + 1, sizeof *slots);
    for (uint32_t i = 0; i < uses.count; i++)
        if (px->hidden_index[uses.ids[i]] != IR_NONE) slots[k++] = px->hidden_index[uses.ids[i]];
    for (uint32_t i = 0; i < lengths.count; i++)
        if (px->length_hidden[lengths.ids[i]] != IR_NONE) slots[k++] = px->length_hidden[lengths.ids[i]];
    for (uint32_t t = 0; t < px->textures.texture_count; t++) slots[k++] = px->texture_hidden + t;
    return (PtxHidden){slots, k};
}

static void name_slots(PtxCtx *px) {
    uint32_t ng = ir_global_count(px->m);
    px->slot_of = arena_alloc_array(&px->arena, px->hidden_count + 1, sizeof *px->slot_of);
    for (uint32_t g = 0; g < ng; g++) {
        if (px->hidden_index[g] != IR_NONE) px->slot_of[px->hidden_index[g]] = (PtxSlot){PTX_SLOT_RESOURCE, g};
        if (px->length_hidden[g] != IR_NONE) px->slot_of[px->length_hidden[g]] = (PtxSlot){PTX_SLOT_LENGTH, g};
    }
    for (uint32_t t = 0; t < px->textures.texture_count; t++)
        px->slot_of[px->texture_hidden + t] = (PtxSlot){PTX_SLOT_TEXTURE, t};
}

void ptx_plan_hidden(PtxCtx *px, const bool *funcs) {
    uint32_t nf = ir_function_count(px->m);
    IrGlobalSet *uses = arena_alloc_array(&px->arena, nf + 1, sizeof *uses);
    IrGlobalSet *lengths = arena_alloc_array(&px->arena, nf + 1, sizeof *lengths);
    ir_reach_each(&px->arena, px->m, uses, lengths);
    px->hidden = arena_alloc_array(&px->arena, nf + 1, sizeof *px->hidden);
    for (uint32_t f = 0; f < nf; f++)
        if (funcs[f]) px->hidden[f] = hidden_of(px, uses[f], lengths[f]);
    name_slots(px);
}

LLVMValueRef ptx_hidden_param(FnCtx *fc, uint32_t slot, Span span) {
    const PtxHidden *h = &fc->px->hidden[fc->f->id];
    uint32_t lo = 0, hi = h->count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (h->slots[mid] < slot) lo = mid + 1;
        else hi = mid;
    }
    if (lo < h->count && h->slots[lo] == slot) return fc->hidden_vals[lo];
    ptx_fail(fc->px, Y_TARGET_INTERNAL, span, ptx_ascii(fc->px, "internal error: function %s lacks hidden parameter %u", fc->f->name, slot),
             "PTX 目标内部错误：函数「%s」没有第 %u 个隐含参数", fc->f->name, slot);
    return NULL;
}
