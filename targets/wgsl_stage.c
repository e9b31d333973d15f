/* WGSL allows some builtins in fragment shaders only (textureSample, textureSampleCompare,
 * dpdx, dpdy, discard: WGSL § 17 "only valid in the fragment stage"). 豫言 accepts them in
 * any entry (PTX samples level 0 in a compute entry, docs/targets.md), so WGSL reports each
 * use that a compute or vertex entry reaches, at the use, naming the entry. */
#include "wgsl_internal.h"

#include <string.h>

#include "../ir/abi.h"

static bool fragment_only(IrOp op) {
    return op == IR_OP_TEXTURE_SAMPLE || op == IR_OP_TEXTURE_SAMPLE_COMPARE || op == IR_OP_DPDX ||
           op == IR_OP_DPDY || op == IR_OP_DISCARD;
}

static const char *op_spelling(IrOp op) {
    return op == IR_OP_DISCARD ? "discard" : wgsl_spelling[op];
}

/* The first fragment-only use in the functions one entry reaches (NULL: none). */
static const IrInst *first_use(const IrModule *m, const bool *funcs, const IrFunction **where) {
    for (uint32_t fi = 0; fi < ir_function_count(m); fi++) {
        if (!funcs[fi]) continue;
        const IrFunction *f = ir_function(m, fi);
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
    bool *funcs = arena_alloc_array(&em->arena, ir_function_count(m) + 1, sizeof *funcs);
    bool *globals = arena_alloc_array(&em->arena, ir_global_count(m) + 1, sizeof *globals);
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage == IR_STAGE_FRAGMENT) continue;
        memset(funcs, 0, ir_function_count(m) * sizeof *funcs);
        memset(globals, 0, ir_global_count(m) * sizeof *globals);
        ir_reach(m, e->func, funcs, globals);
        const IrFunction *f = NULL;
        const IrInst *use = first_use(m, funcs, &f);
        if (!use) continue;
        te_error(em, use->span, "函数「%s」：WGSL 的 %s 只能用在片元入口，%s入口「%s」却用到它", f->name,
                 op_spelling(use->op), e->stage == IR_STAGE_COMPUTE ? "计算" : "顶点", e->name);
        found = true;
    }
    return found;
}
