#include "abi.h"

#include <string.h>

#include "../runtime/plan.h"
#include "../targets/names.h"
#include "../targets/ptx.h"

static yusec_resource_kind resource_kind(const IrModule *m, const IrGlobal *g) {
    if (g->box_rows) return YUSEC_RESOURCE_TENSOR_MAP;
    switch (g->space) {
    case IR_SPACE_STORAGE_READ: return YUSEC_RESOURCE_STORAGE_READ;
    case IR_SPACE_STORAGE_READ_WRITE: return YUSEC_RESOURCE_STORAGE_READ_WRITE;
    case IR_SPACE_UNIFORM: return YUSEC_RESOURCE_UNIFORM;
    default: break;
    }
    const IrType *t = ir_type(&m->types, g->type);
    if (t && t->kind == IR_TYPE_SAMPLER) return YUSEC_RESOURCE_SAMPLER;
    if (t && t->kind == IR_TYPE_SAMPLER_COMPARISON) return YUSEC_RESOURCE_SAMPLER_COMPARISON;
    return t && t->kind == IR_TYPE_TEXTURE_DEPTH_2D ? YUSEC_RESOURCE_TEXTURE_DEPTH_2D
                                                     : YUSEC_RESOURCE_TEXTURE_2D;
}

const char *lib_resource_kind_name(yusec_resource_kind kind) {
    switch (kind) {
    case YUSEC_RESOURCE_STORAGE_READ: return "storage_read";
    case YUSEC_RESOURCE_STORAGE_READ_WRITE: return "storage_read_write";
    case YUSEC_RESOURCE_UNIFORM: return "uniform";
    case YUSEC_RESOURCE_TEXTURE_2D: return "texture_2d";
    case YUSEC_RESOURCE_TEXTURE_DEPTH_2D: return "texture_depth_2d";
    case YUSEC_RESOURCE_SAMPLER: return "sampler";
    case YUSEC_RESOURCE_SAMPLER_COMPARISON: return "sampler_comparison";
    case YUSEC_RESOURCE_TENSOR_MAP: return "tensor_map";
    }
    return "storage_read";
}

const char *lib_resource_msl_attribute(yusec_resource_kind kind) {
    switch (kind) {
    case YUSEC_RESOURCE_SAMPLER:
    case YUSEC_RESOURCE_SAMPLER_COMPARISON: return "sampler";
    case YUSEC_RESOURCE_TEXTURE_2D:
    case YUSEC_RESOURCE_TEXTURE_DEPTH_2D: return "texture";
    default: return "buffer";
    }
}

static bool is_buffer_space(IrAddressSpace space) {
    return space == IR_SPACE_STORAGE_READ || space == IR_SPACE_STORAGE_READ_WRITE ||
           space == IR_SPACE_UNIFORM;
}

/* Marks `type` and the structs and arrays inside it (fields, elements). */
static void mark_layouts(const IrTypeTable *types, IrTypeId type, bool *marked) {
    const IrType *t = ir_type(types, type);
    if (!t || marked[type]) return;
    marked[type] = true;
    if (t->kind == IR_TYPE_ARRAY) mark_layouts(types, t->elem, marked);
    if (t->kind == IR_TYPE_STRUCT)
        for (uint32_t i = 0; i < t->field_count; i++) mark_layouts(types, t->fields[i].type, marked);
}

static void fill_layout(yusec_layout *out, Arena *arena, const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    StrBuf name;
    strbuf_init(&name);
    ir_print_type(&name, types, id);
    out->type = arena_strdup(arena, strbuf_cstr(&name));
    strbuf_free(&name);
    out->size = ir_type_size(types, id);
    out->align = ir_type_align(types, id);
    out->is_array = t->kind == IR_TYPE_ARRAY;
    if (out->is_array) out->stride = ir_type_array_stride(types, id);
    if (t->kind != IR_TYPE_STRUCT) return;
    out->msl_name = names_legalise(arena, t->name);
    yusec_field *fields = arena_alloc_array(arena, t->field_count + 1, sizeof *fields);
    for (uint32_t i = 0; i < t->field_count; i++)
        fields[i] = (yusec_field){arena_strdup(arena, t->fields[i].name),
                                  names_legalise(arena, t->fields[i].name),
                                  ir_struct_field_offset(types, id, i),
                                  ir_type_size(types, t->fields[i].type)};
    out->fields = fields;
    out->field_count = t->field_count;
}

static void fill_scalar(LibShape *shape, const IrTypeTable *types, IrTypeId scalar) {
    const IrType *s = ir_type(types, scalar);
    if (!s || s->kind != IR_TYPE_SCALAR) {
        shape->kind = LIB_SHAPE_OPAQUE;
        return;
    }
    shape->scalar = s->scalar;
    shape->width = s->width;
}

/* The shape of `id`; arrays and structs name their parts' layouts (all marked). */
static void fill_shape(LibShape *shape, Arena *arena, const IrTypeTable *types, IrTypeId id,
                       const size_t *index_of) {
    const IrType *t = ir_type(types, id);
    memset(shape, 0, sizeof *shape);
    switch (t->kind) {
    case IR_TYPE_SCALAR: shape->kind = LIB_SHAPE_SCALAR; fill_scalar(shape, types, id); return;
    case IR_TYPE_VECTOR: shape->kind = LIB_SHAPE_VECTOR; shape->lanes = t->count; break;
    case IR_TYPE_MATRIX: shape->kind = LIB_SHAPE_MATRIX; shape->lanes = t->count; shape->cols = t->cols; break;
    case IR_TYPE_ATOMIC: shape->kind = LIB_SHAPE_ATOMIC; break;
    case IR_TYPE_ARRAY:
        shape->kind = LIB_SHAPE_ARRAY;
        shape->length = t->count;
        shape->elem = index_of[t->elem];
        return;
    case IR_TYPE_STRUCT: {
        shape->kind = LIB_SHAPE_STRUCT;
        size_t *fields = arena_alloc_array(arena, t->field_count + 1, sizeof *fields);
        for (uint32_t i = 0; i < t->field_count; i++) fields[i] = index_of[t->fields[i].type];
        shape->field_layouts = fields;
        return;
    }
    default: shape->kind = LIB_SHAPE_OPAQUE; return;
    }
    fill_scalar(shape, types, t->elem);
}

/* Every buffer type and what is inside it, once each, in type order; `index_of[type]` gets
 * its layout's index. */
static void build_layouts(LibAbi *abi, Arena *arena, const IrModule *m, size_t *index_of) {
    const IrTypeTable *types = &m->types;
    bool *marked = arena_alloc_array(arena, types->count + 1, sizeof *marked);
    for (uint32_t g = 0; g < ir_global_count(m); g++)
        if (is_buffer_space(ir_global(m, g)->space)) mark_layouts(types, ir_global(m, g)->type, marked);
    abi->layouts = arena_alloc_array(arena, types->count + 1, sizeof *abi->layouts);
    abi->shapes = arena_alloc_array(arena, types->count + 1, sizeof *abi->shapes);
    for (IrTypeId id = 0; id < types->count; id++) {
        index_of[id] = YUSEC_NONE;
        if (!marked[id]) continue;
        index_of[id] = abi->layout_count;
        fill_layout(&abi->layouts[abi->layout_count++], arena, types, id);
    }
    for (IrTypeId id = 0; id < types->count; id++)
        if (marked[id]) fill_shape(&abi->shapes[index_of[id]], arena, types, id, index_of);
}

/* Resource index of each global (YUSEC_NONE for globals without a binding). */
static void build_resources(LibAbi *abi, Arena *arena, const IrModule *m, const size_t *layout_of,
                            size_t *resource_of) {
    abi->resources = arena_alloc_array(arena, ir_global_count(m) + 1, sizeof *abi->resources);
    for (uint32_t g = 0; g < ir_global_count(m); g++) {
        const IrGlobal *gl = ir_global(m, g);
        resource_of[g] = YUSEC_NONE;
        if (!gl->has_binding) continue;
        yusec_resource *r = &abi->resources[abi->resource_count];
        r->name = arena_strdup(arena, gl->name);
        r->kind = resource_kind(m, gl);
        r->group = gl->group;
        r->binding = gl->binding;
        r->msl_index = gl->group * 16 + gl->binding;
        r->layout = is_buffer_space(gl->space) ? layout_of[gl->type] : YUSEC_NONE;
        if (gl->box_rows) {
            StrBuf elem;
            strbuf_init(&elem);
            ir_print_type(&elem, &m->types, ir_type(&m->types, gl->type)->elem);
            r->element = arena_strdup(arena, strbuf_cstr(&elem));
            strbuf_free(&elem);
            r->box_rows = gl->box_rows, r->box_cols = gl->box_cols, r->box_swizzle = gl->box_swizzle;
        }
        resource_of[g] = abi->resource_count++;
    }
}

static size_t resource_at(const LibAbi *abi, uint32_t group, uint32_t binding, bool sampler) {
    for (size_t i = 0; i < abi->resource_count; i++) {
        const yusec_resource *r = &abi->resources[i];
        bool is_sampler = r->kind == YUSEC_RESOURCE_SAMPLER || r->kind == YUSEC_RESOURCE_SAMPLER_COMPARISON;
        if (r->group == group && r->binding == binding && is_sampler == sampler) return i;
    }
    return YUSEC_NONE;
}

static yusec_ptx_param texture_param(const LibAbi *abi, Arena *arena, const RtTextureSlot *t) {
    yusec_ptx_param p = {arena_strdup(arena, t->param_name), YUSEC_PTX_TEXELS, YUSEC_NONE, YUSEC_NONE,
                         t->group, t->binding};
    switch (t->param.kind) {
    case IR_TEXTURE_PARAM_TEXELS: p.resource = resource_at(abi, t->group, t->binding, false); break;
    case IR_TEXTURE_PARAM_SAMPLED:
        p.kind = YUSEC_PTX_SAMPLED;
        p.resource = resource_at(abi, t->group, t->binding, false);
        p.sampler = resource_at(abi, t->sampler_group, t->sampler_binding, true);
        break;
    case IR_TEXTURE_PARAM_COMPARE:
        p.kind = YUSEC_PTX_COMPARE;
        p.resource = resource_at(abi, t->group, t->binding, true);
        break;
    }
    return p;
}

/* The PTX launch of one compute entry from its plan. */
static yusec_ptx_entry *ptx_entry(const LibAbi *abi, Arena *arena, const RtPlan *plan,
                                  const size_t *resource_of) {
    yusec_ptx_entry *e = arena_alloc(arena, sizeof *e);
    size_t count = plan->slot_count + plan->texture_count;
    yusec_ptx_param *params = arena_alloc_array(arena, count + 1, sizeof *params);
    for (uint32_t s = 0; s < plan->slot_count; s++) {
        const RtSlot *slot = &plan->slots[s];
        yusec_ptx_param *p = &params[s];
        p->name = arena_strdup(arena, slot->param_name);
        p->group = slot->group;
        p->binding = slot->binding;
        p->resource = slot->global == IR_NONE ? YUSEC_NONE : resource_of[slot->global];
        p->sampler = YUSEC_NONE;
        p->kind = slot->lengths ? YUSEC_PTX_LENGTHS : slot->global == IR_NONE ? YUSEC_PTX_PLACEHOLDER
                                                                             : YUSEC_PTX_BUFFER;
        if (slot->lengths) p->resource = YUSEC_NONE;
    }
    for (uint32_t t = 0; t < plan->texture_count; t++)
        params[plan->slot_count + t] = texture_param(abi, arena, &plan->textures[t]);
    size_t *measured = arena_alloc_array(arena, plan->measured_count + 1, sizeof *measured);
    for (uint32_t k = 0; k < plan->measured_count; k++)
        measured[k] = resource_of[plan->slots[plan->measured[k]].global];
    *e = (yusec_ptx_entry){params, count, plan->dynamic_shared_bytes, measured, plan->measured_count};
    return e;
}

void lib_abi_build(LibAbi *abi, Arena *arena, const IrModule *m, const LibEntryTable *entries) {
    memset(abi, 0, sizeof *abi);
    size_t *layout_of = arena_alloc_array(arena, m->types.count + 1, sizeof *layout_of);
    size_t *resource_of = arena_alloc_array(arena, ir_global_count(m) + 1, sizeof *resource_of);
    build_layouts(abi, arena, m, layout_of);
    build_resources(abi, arena, m, layout_of, resource_of);
    abi->entry_count = ir_entry_count(m);
    abi->ptx_target = ptx_module_needs_sm90a(m) ? PTX_WARPGROUP_ARCH : NULL;
    abi->ptx_entries = arena_alloc_array(arena, abi->entry_count + 1, sizeof *abi->ptx_entries);
    IrReach reach;
    ir_reach_init(&reach, arena, m);
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *entry = ir_entry(m, i);
        if (entry->stage != IR_STAGE_COMPUTE) continue;
        RtPlan plan;
        StrBuf error;
        strbuf_init(&error);
        const char *kernel = i < entries->count ? entries->rows[i].ptx_name : NULL;
        if (rt_plan_entry_with(&reach, arena, entry, kernel, &plan, &error))
            abi->ptx_entries[i] = ptx_entry(abi, arena, &plan, resource_of);
        strbuf_free(&error);
    }
}
