/* Texture parameters of a kernel (ir/abi.h § textures and samplers on PTX): which texture
 * objects and compare functions the host passes, found from the texture ops the kernel's
 * functions contain, in one order for the PTX plugin, the runtime and the manifest. */
#include <stdio.h>

#include "abi.h"

static const IrInst *def_inst(const IrFunction *f, IrValueId v) {
    const IrValue *value = ir_value(f, v);
    return value && value->kind == IR_VALUE_RESULT ? ir_inst(f, value->def) : NULL;
}

static bool is_texture_op(IrOp op) {
    return op == IR_OP_TEXTURE_SAMPLE || op == IR_OP_TEXTURE_SAMPLE_LEVEL || op == IR_OP_TEXTURE_LOAD ||
           op == IR_OP_TEXTURE_DIMENSIONS || op == IR_OP_TEXTURE_SAMPLE_COMPARE;
}

static bool takes_sampler(IrOp op) {
    return op == IR_OP_TEXTURE_SAMPLE || op == IR_OP_TEXTURE_SAMPLE_LEVEL || op == IR_OP_TEXTURE_SAMPLE_COMPARE;
}

IrGlobalId ir_texture_operand(const IrFunction *f, const IrInst *inst, uint32_t index) {
    if (!is_texture_op(inst->op) || index >= inst->arg_count) return IR_NONE;
    const IrInst *load = def_inst(f, inst->args[index]);
    if (!load || load->op != IR_OP_LOAD || load->arg_count != 1) return IR_NONE;
    const IrInst *global = def_inst(f, load->args[0]);
    if (!global || global->op != IR_OP_GLOBAL || global->symbol >= ir_global_count(f->module)) return IR_NONE;
    return ir_global(f->module, global->symbol)->space == IR_SPACE_HANDLE ? global->symbol : IR_NONE;
}

static bool same_param(IrTextureParam a, IrTextureParam b) {
    return a.kind == b.kind && a.texture == b.texture && a.sampler == b.sampler;
}

uint32_t ir_texture_slot(const IrBufferParams *params, IrTextureParam want) {
    for (uint32_t i = 0; i < params->texture_count; i++)
        if (same_param(params->textures[i], want)) return i;
    return IR_NONE;
}

static void add_unique(IrTextureParam *list, uint32_t *count, IrTextureParam p) {
    for (uint32_t i = 0; i < *count; i++)
        if (same_param(list[i], p)) return;
    list[(*count)++] = p;
}

/* (group, binding) of a global, IR_NONE sorting last. */
static uint64_t binding_key(const IrModule *m, IrGlobalId g) {
    if (g == IR_NONE) return UINT64_MAX;
    const IrGlobal *gl = ir_global(m, g);
    return (uint64_t)gl->group << 32 | gl->binding;
}

/* The order of ir/abi.h: COMPARE last; textures by binding, TEXELS first, pairs by sampler. */
static bool param_before(const IrModule *m, IrTextureParam a, IrTextureParam b) {
    bool ca = a.kind == IR_TEXTURE_PARAM_COMPARE, cb = b.kind == IR_TEXTURE_PARAM_COMPARE;
    if (ca != cb) return cb;
    if (ca) return binding_key(m, a.sampler) < binding_key(m, b.sampler);
    if (a.texture != b.texture) return binding_key(m, a.texture) < binding_key(m, b.texture);
    if (a.kind != b.kind) return a.kind == IR_TEXTURE_PARAM_TEXELS;
    return binding_key(m, a.sampler) < binding_key(m, b.sampler);
}

static void sort_params(const IrModule *m, IrTextureParam *list, uint32_t n) {
    for (uint32_t i = 1; i < n; i++)  /* insertion sort: few textures */
        for (uint32_t j = i; j > 0 && param_before(m, list[j], list[j - 1]); j--) {
            IrTextureParam t = list[j];
            list[j] = list[j - 1];
            list[j - 1] = t;
        }
}

/* The parameters one texture op needs; false when an operand is not a binding. */
static bool op_params(const IrFunction *f, const IrInst *inst, IrTextureParam *list, uint32_t *count) {
    IrGlobalId texture = ir_texture_operand(f, inst, 0);
    if (texture == IR_NONE) return false;
    if (!takes_sampler(inst->op)) {
        add_unique(list, count, (IrTextureParam){IR_TEXTURE_PARAM_TEXELS, texture, IR_NONE});
        return true;
    }
    IrGlobalId sampler = ir_texture_operand(f, inst, 1);
    if (sampler == IR_NONE) return false;
    add_unique(list, count, (IrTextureParam){IR_TEXTURE_PARAM_SAMPLED, texture, sampler});
    if (inst->op == IR_OP_TEXTURE_SAMPLE_COMPARE)
        add_unique(list, count, (IrTextureParam){IR_TEXTURE_PARAM_COMPARE, IR_NONE, sampler});
    return true;
}

bool ir_texture_params_of(Arena *arena, const IrModule *m, const IrFuncId *funcs, uint32_t func_count,
                          IrBufferParams *out, const IrInst **bad) {
    uint32_t cap = 0, count = 0;
    for (uint32_t k = 0; k < func_count; k++) {
        const IrFunction *f = ir_function(m, funcs[k]);
        for (uint32_t i = 0; i < f->inst_count; i++) cap += is_texture_op(f->insts[i].op) ? 2 : 0;
    }
    IrTextureParam *list = arena_alloc_array(arena, cap + 1, sizeof *list);
    out->textures = list;
    out->texture_count = 0;
    for (uint32_t k = 0; k < func_count; k++) {
        const IrFunction *f = ir_function(m, funcs[k]);
        for (uint32_t i = 0; i < f->inst_count; i++) {
            const IrInst *inst = &f->insts[i];
            if (is_texture_op(inst->op) && !op_params(f, inst, list, &count)) {
                if (bad) *bad = inst;
                return false;
            }
        }
    }
    sort_params(m, list, count);
    out->texture_count = count;
    return true;
}

bool ir_texture_params(Arena *arena, const IrModule *m, const bool *funcs, IrBufferParams *out,
                       const IrInst **bad) {
    uint32_t count = 0;
    IrFuncId *list = arena_alloc_array(arena, ir_function_count(m) + 1, sizeof *list);
    for (uint32_t f = 0; f < ir_function_count(m); f++)
        if (funcs[f]) list[count++] = f;
    return ir_texture_params_of(arena, m, list, count, out, bad);
}

void ir_texture_param_name(const IrModule *m, const IrTextureParam *p, char name[IR_ABI_PARAM_NAME_MAX]) {
    const IrGlobal *t = p->texture != IR_NONE ? ir_global(m, p->texture) : NULL;
    const IrGlobal *s = p->sampler != IR_NONE ? ir_global(m, p->sampler) : NULL;
    switch (p->kind) {
    case IR_TEXTURE_PARAM_TEXELS: snprintf(name, IR_ABI_PARAM_NAME_MAX, "p_tex_g%u_b%u", t->group, t->binding); return;
    case IR_TEXTURE_PARAM_SAMPLED:
        snprintf(name, IR_ABI_PARAM_NAME_MAX, "p_tex_g%u_b%u_g%u_b%u", t->group, t->binding, s->group, s->binding);
        return;
    case IR_TEXTURE_PARAM_COMPARE: snprintf(name, IR_ABI_PARAM_NAME_MAX, "p_cmp_g%u_b%u", s->group, s->binding); return;
    }
}

bool ir_kernel_param_name(const IrModule *m, const IrBufferParams *params, uint32_t index,
                          char name[IR_ABI_PARAM_NAME_MAX]) {
    if (index < params->count) {
        ir_buffer_param_name(&params->params[index], name);
        return true;
    }
    if (index - params->count >= params->texture_count) return false;
    ir_texture_param_name(m, &params->textures[index - params->count], name);
    return true;
}
