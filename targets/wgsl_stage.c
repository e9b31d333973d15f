/* WGSL allows some builtins in fragment shaders only (textureSample, textureSampleCompare,
 * dpdx, dpdy, discard: WGSL § 17 "only valid in the fragment stage"). 豫言 accepts them in
 * any entry (PTX samples level 0 in a compute entry, docs/targets.md), so WGSL reports each
 * use that a compute or vertex entry reaches, at the use, naming the entry. */
#include "wgsl_internal.h"

#include "../ir/abi.h"

static bool fragment_only(IrOp op) {
    return op == IR_OP_TEXTURE_SAMPLE || op == IR_OP_TEXTURE_SAMPLE_COMPARE || op == IR_OP_DPDX ||
           op == IR_OP_DPDY || op == IR_OP_DISCARD;
}

static const char *op_spelling(IrOp op) {
    return op == IR_OP_DISCARD ? "discard" : wgsl_spelling[op];
}

/* The first fragment-only use in the functions one entry reaches (NULL: none), by function
 * id and then instruction. */
static const IrInst *first_use(const IrReach *reach, const IrFunction **where) {
    for (uint32_t k = 0; k < reach->func_count; k++) {
        const IrFunction *f = ir_function(reach->module, reach->func_list[k]);
        for (uint32_t i = 0; i < f->inst_count; i++)
            if (fragment_only(f->insts[i].op)) {
                *where = f;
                return &f->insts[i];
            }
    }
    return NULL;
}

bool wgsl_reject_stage_ops(TextEmitter *em, const IrModule *m) {
    bool found = false;
    IrReach reach;
    ir_reach_init(&reach, &em->arena, m);
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage == IR_STAGE_FRAGMENT) continue;
        ir_reach_from(&reach, e->func);
        const IrFunction *f = NULL;
        const IrInst *use = first_use(&reach, &f);
        if (!use) continue;
        te_error(em, Y_TARGET_ENTRY, use->span, "函数「%s」：WGSL 的 %s 只能用在片元入口，%s入口「%s」却用到它", f->name,
                 op_spelling(use->op), e->stage == IR_STAGE_COMPUTE ? "计算" : "顶点", e->name);
        found = true;
    }
    return found;
}
