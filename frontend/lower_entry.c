/* Lowering, entries (着四 rules 1 and 3): stage, function, workgroup size, and how every
 * parameter and the result meet the pipeline: @builtin for builtin IO types, structs field
 * by field, @location numbered in order (one counter for the inputs, fields in field
 * order), flat for integer vertex outputs and fragment inputs. */
#include <string.h>

#include "lower_internal.h"

static IrBuiltin ir_builtin(IoBuiltin io) {
    switch (io) {
    case IO_GLOBAL_INVOCATION_ID: return IR_BUILTIN_GLOBAL_INVOCATION_ID;
    case IO_LOCAL_INVOCATION_ID: return IR_BUILTIN_LOCAL_INVOCATION_ID;
    case IO_LOCAL_INVOCATION_INDEX: return IR_BUILTIN_LOCAL_INVOCATION_INDEX;
    case IO_WORKGROUP_ID: return IR_BUILTIN_WORKGROUP_ID;
    case IO_NUM_WORKGROUPS: return IR_BUILTIN_NUM_WORKGROUPS;
    case IO_SUBGROUP_INVOCATION_ID: return IR_BUILTIN_SUBGROUP_INVOCATION_ID;
    case IO_SUBGROUP_SIZE: return IR_BUILTIN_SUBGROUP_SIZE;
    case IO_VERTEX_INDEX: return IR_BUILTIN_VERTEX_INDEX;
    case IO_INSTANCE_INDEX: return IR_BUILTIN_INSTANCE_INDEX;
    case IO_FRONT_FACING: return IR_BUILTIN_FRONT_FACING;
    case IO_SAMPLE_INDEX: return IR_BUILTIN_SAMPLE_INDEX;
    case IO_SAMPLE_MASK: return IR_BUILTIN_SAMPLE_MASK;
    case IO_FRAG_DEPTH: return IR_BUILTIN_FRAG_DEPTH;
    case IO_FRAG_COORD: case IO_CLIP_POSITION: default: return IR_BUILTIN_POSITION;
    }
}

typedef struct IoCtx {
    Lowerer *l;
    IrStage stage;
    bool input;
    uint32_t location;
} IoCtx;

static bool is_integer(Lowerer *l, Type *type, Span span) {
    return ir_type_is_integer(l->types, fe_lower_type(l, type, span));
}

static void set_io(IoCtx *c, IrIo *io, IoBuiltin builtin, Type *type, Span span) {
    Type *t = fe_type_prune(type);
    if (builtin != IO_NONE) {
        io->kind = IR_IO_BUILTIN;
        io->builtin = ir_builtin(builtin);
        return;
    }
    if (t->kind == TYPE_RECORD) {
        IrIo *fields = ir_io_struct(c->l->m, io, t->as.record.count);
        for (uint32_t i = 0; i < t->as.record.count; i++) {
            const RecordField *f = &t->as.record.fields[i];
            set_io(c, &fields[i], f->io, f->type, f->span);
        }
        return;
    }
    io->kind = IR_IO_LOCATION;
    io->location = c->location++;
    bool interpolated = (c->stage == IR_STAGE_VERTEX && !c->input) || (c->stage == IR_STAGE_FRAGMENT && c->input);
    io->flat = interpolated && is_integer(c->l, t, span);
}

void fe_lower_entry(Lowerer *l, const SemaDef *def) {
    const SemaDef *fn = def->as.entry.function;
    if (!fn || l->func_of[fn->index] == IR_NONE) return;
    IrStage stage = def->as.entry.stage == STAGE_COMPUTE  ? IR_STAGE_COMPUTE
                    : def->as.entry.stage == STAGE_VERTEX ? IR_STAGE_VERTEX
                                                          : IR_STAGE_FRAGMENT;
    IrEntry *entry = ir_module_add_entry(l->m, def->output_name, stage, l->func_of[fn->index], def->span);
    if (stage == IR_STAGE_COMPUTE)
        memcpy(entry->workgroup_size, def->as.entry.workgroup_size, sizeof entry->workgroup_size);
    IoCtx in = {l, stage, true, 0};
    uint32_t k = 0;
    for (uint32_t i = 0; i < fn->as.function.param_count && k < entry->param_count; i++) {
        const SemaLocal *p = fn->as.function.params[i];
        if (fe_lower_type_is_unit(p->type)) continue;
        set_io(&in, &entry->params[k++], p->io, p->type, p->span);
    }
    if (fe_lower_type_is_unit(fn->as.function.result)) return;
    IoCtx out = {l, stage, false, 0};
    set_io(&out, &entry->result, fn->as.function.result_io, fn->as.function.result, fn->span);
}
