#include "manifest.h"

#include "../base/json.h"
#include "../ir/abi.h"

static void put_lengths(StrBuf *out, const LibAbi *abi, const yusec_ptx_entry *e) {
    if (e->measured_count == 0) return;
    strbuf_printf(out, ", \"lengths\": {\"ptx_param\": \"%s\", \"msl_index\": %u, \"unit\": \"bytes\", "
                       "\"buffers\": [", IR_ABI_LENGTHS_PARAM, IR_ABI_MSL_LENGTHS_INDEX);
    for (size_t k = 0; k < e->measured_count; k++) {
        const yusec_resource *r = &abi->resources[e->measured[k]];
        strbuf_puts(out, k ? ", {\"name\": " : "{\"name\": ");
        json_append_string(out, r->name);
        strbuf_printf(out, ", \"group\": %u, \"binding\": %u}", r->group, r->binding);
    }
    strbuf_puts(out, "]}");
}

/* One "ptx_params" item: a buffer's name, null for a placeholder, {"lengths": true}, or a
 * texture parameter (ir/abi.h): {"texture": 名, "sampler": 名} for a (texture, sampler) pair,
 * {"texture": 名} for the texel object, {"compare": 名} for a comparison sampler's function. */
static void put_param(StrBuf *out, const LibAbi *abi, const yusec_ptx_param *p) {
    const char *name = p->resource != YUSEC_NONE ? abi->resources[p->resource].name : "";
    switch (p->kind) {
    case YUSEC_PTX_BUFFER: json_append_string(out, name); return;
    case YUSEC_PTX_PLACEHOLDER: strbuf_puts(out, "null"); return;
    case YUSEC_PTX_LENGTHS: strbuf_puts(out, "{\"lengths\": true}"); return;
    case YUSEC_PTX_COMPARE: strbuf_puts(out, "{\"compare\": "); break;
    case YUSEC_PTX_TEXELS:
    case YUSEC_PTX_SAMPLED: strbuf_puts(out, "{\"texture\": "); break;
    }
    json_append_string(out, name);
    if (p->kind == YUSEC_PTX_SAMPLED) {
        strbuf_puts(out, ", \"sampler\": ");
        json_append_string(out, p->sampler != YUSEC_NONE ? abi->resources[p->sampler].name : "");
    }
    strbuf_putc(out, '}');
}

/* "ptx_textures": each texture parameter with its kernel position, kind and bindings (the
 * generated C header's table; docs/generated.md). A compare function's are its sampler's. */
static void put_textures(StrBuf *out, const LibAbi *abi, const yusec_ptx_entry *e) {
    bool any = false;
    for (size_t s = 0; s < e->param_count; s++) {
        const yusec_ptx_param *p = &e->params[s];
        const char *kind = p->kind == YUSEC_PTX_TEXELS ? "texels" : p->kind == YUSEC_PTX_SAMPLED ? "sampled"
                           : p->kind == YUSEC_PTX_COMPARE ? "compare" : NULL;
        if (!kind) continue;
        strbuf_puts(out, any ? ", " : ", \"ptx_textures\": [");
        any = true;
        strbuf_printf(out, "{\"param\": %zu, \"kind\": \"%s\", \"group\": %u, \"binding\": %u", s, kind,
                      p->group, p->binding);
        if (p->kind == YUSEC_PTX_SAMPLED && p->sampler != YUSEC_NONE)
            strbuf_printf(out, ", \"sampler_group\": %u, \"sampler_binding\": %u", abi->resources[p->sampler].group,
                          abi->resources[p->sampler].binding);
        strbuf_putc(out, '}');
    }
    if (any) strbuf_putc(out, ']');
}

static void put_entry(StrBuf *out, const LibAbi *abi, const LibEntry *row, const yusec_ptx_entry *e) {
    strbuf_puts(out, "    {\"item\": ");
    json_append_string(out, row->item);
    strbuf_puts(out, ", \"function\": ");
    json_append_string(out, row->function);
    strbuf_printf(out, ", \"stage\": \"%s\"", ir_stage_name(row->stage));
    if (row->stage == IR_STAGE_COMPUTE && e) {
        strbuf_printf(out, ", \"workgroup_size\": [%u, %u, %u], \"ptx_name\": ", row->workgroup_size[0],
                      row->workgroup_size[1], row->workgroup_size[2]);
        json_append_string(out, row->ptx_name);
        strbuf_printf(out, ", \"dynamic_shared_bytes\": %u, \"ptx_params\": [", e->dynamic_shared_bytes);
        for (size_t s = 0; s < e->param_count; s++) {
            strbuf_puts(out, s ? ", " : "");
            put_param(out, abi, &e->params[s]);
        }
        strbuf_puts(out, "], \"ptx_param_names\": [");
        for (size_t s = 0; s < e->param_count; s++) {
            strbuf_puts(out, s ? ", " : "");
            json_append_string(out, e->params[s].name);
        }
        strbuf_putc(out, ']');
        put_lengths(out, abi, e);
        put_textures(out, abi, e);
    }
    strbuf_puts(out, "}");
}

/* "ptx_param": {entry item: parameter position} for each compute entry passing the buffer. */
static void put_ptx_positions(StrBuf *out, const LibEntryTable *entries, const LibAbi *abi, size_t resource) {
    strbuf_puts(out, ", \"ptx_param\": {");
    bool any = false;
    for (size_t i = 0; i < abi->entry_count && i < entries->count; i++) {
        const yusec_ptx_entry *e = abi->ptx_entries[i];
        for (size_t s = 0; e && s < e->param_count; s++) {
            if (e->params[s].kind != YUSEC_PTX_BUFFER || e->params[s].resource != resource) continue;
            strbuf_puts(out, any ? ", " : "");
            json_append_string(out, entries->rows[i].item);
            strbuf_printf(out, ": %zu", s);
            any = true;
        }
    }
    strbuf_putc(out, '}');
}

static void put_resources(StrBuf *out, const LibEntryTable *entries, const LibAbi *abi) {
    strbuf_puts(out, "  \"resources\": [");
    for (size_t i = 0; i < abi->resource_count; i++) {
        const yusec_resource *r = &abi->resources[i];
        const char *msl = lib_resource_msl_attribute(r->kind);
        strbuf_puts(out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
        json_append_string(out, r->name);
        strbuf_printf(out, ", \"kind\": \"%s\", \"group\": %u, \"binding\": %u, "
                           "\"msl\": \"%s\", \"msl_index\": %u",
                      lib_resource_kind_name(r->kind), r->group, r->binding, msl, r->msl_index);
        if (r->kind == YUSEC_RESOURCE_TENSOR_MAP)
            strbuf_printf(out, ", \"element\": \"%s\", \"rank\": 2, \"box\": [%u, %u], \"swizzle\": %u, "
                               "\"holds\": \"CUtensorMap in global memory\"",
                          r->element, r->box_rows, r->box_cols, r->box_swizzle);
        if (r->layout != YUSEC_NONE) {
            strbuf_puts(out, ", \"type\": ");
            json_append_string(out, abi->layouts[r->layout].type);  /* its layout is in "layouts" */
            put_ptx_positions(out, entries, abi, i);
        }
        strbuf_putc(out, '}');
    }
    strbuf_puts(out, abi->resource_count ? "\n  ],\n" : "],\n");
}

static void put_layouts(StrBuf *out, const LibAbi *abi) {
    strbuf_puts(out, "  \"layouts\": [");
    for (size_t i = 0; i < abi->layout_count; i++) {
        const yusec_layout *l = &abi->layouts[i];
        strbuf_puts(out, i ? ",\n    {\"type\": " : "\n    {\"type\": ");
        json_append_string(out, l->type);
        strbuf_printf(out, ", \"size\": %u, \"align\": %u", l->size, l->align);
        if (l->is_array) strbuf_printf(out, ", \"stride\": %u", l->stride);
        if (l->msl_name) {
            strbuf_puts(out, ", \"msl\": ");
            json_append_string(out, l->msl_name);
            strbuf_puts(out, ", \"fields\": [");
            for (size_t f = 0; f < l->field_count; f++) {
                strbuf_puts(out, f ? ", {\"name\": " : "{\"name\": ");
                json_append_string(out, l->fields[f].name);
                strbuf_puts(out, ", \"msl\": ");
                json_append_string(out, l->fields[f].msl_name);
                strbuf_printf(out, ", \"offset\": %u, \"size\": %u}", l->fields[f].offset, l->fields[f].size);
            }
            strbuf_putc(out, ']');
        }
        strbuf_putc(out, '}');
    }
    strbuf_puts(out, abi->layout_count ? "\n  ]" : "]");
}

void lib_manifest_json(StrBuf *out, const char *source, const LibEntryTable *entries, const LibAbi *abi) {
    strbuf_puts(out, "{\n  \"source\": ");
    json_append_string(out, source);
    if (abi->ptx_target) strbuf_printf(out, ",\n  \"ptx_target\": \"%s\"", abi->ptx_target);
    strbuf_puts(out, ",\n  \"entries\": [\n");
    for (uint32_t i = 0; i < entries->count; i++) {
        put_entry(out, abi, &entries->rows[i], i < abi->entry_count ? abi->ptx_entries[i] : NULL);
        strbuf_puts(out, i + 1 < entries->count ? ",\n" : "\n");
    }
    strbuf_puts(out, "  ],\n");
    put_resources(out, entries, abi);
    put_layouts(out, abi);
    strbuf_puts(out, "\n}\n");
}
