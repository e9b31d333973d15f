/* TMA loads in the executor (docs/exec.md § Asynchronous barriers and TMA). The box of rows ×
 * cols elements whose top-left element is (行, 列) — signed 32-bit coordinates, as PTX's — is
 * copied when the load is issued: element (r, c) of the box is tensor element (行 + r, 列 + c),
 * zero outside the tensor, at byte o = (r·cols + c)·size from the destination's element 元素序,
 * swizzled as the hardware's shared-memory address bits are: with a swizzle of S bytes (32, 64,
 * 128), bits 4… of o are XORed with the bits 7… above them, log2(S / 16) of them (CUTLASS's
 * Swizzle<log2(S/16), 4, 3>); the destination is 1024-byte aligned, so this is the layout the
 * GPU writes. Then the box's bytes complete on the barrier (its transaction count). */
#include <string.h>

#include "../ir/hopper.h"
#include "internal.h"

static uint64_t swizzled(uint64_t offset, uint32_t swizzle) {
    if (swizzle == 0) return offset;
    uint64_t mask = (uint64_t)(swizzle / 16 - 1) << 7;
    return offset ^ ((offset & mask) >> 3);
}

static bool aligned(ExWorkgroup *wg, const ExInst *in, uint64_t index, uint32_t elem, uint32_t align, bool swizzle) {
    if (index * elem % align == 0) return true;
    ex_fault(wg->fault, Y_EXEC_ALIGNMENT, in->span, "「张量载入」的元素序须是 %u 的倍数（%u 字节对齐%s），此处是 %llu", align / elem,
             align, swizzle ? "，因为有交错" : "", (unsigned long long)index);
    return false;
}

bool ex_tma_load(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    const ExProgram *p = wg->prog;
    const uint32_t *regs = inv->regs, *map = regs + in->args[0], *dst = regs + in->args[1];
    if (map[0] >= p->region_count || map[0] >= ir_global_count(p->module) || !ir_global(p->module, map[0])->box_rows) {
        ex_fault(wg->fault, Y_EXEC_UNSUPPORTED, in->span, "「张量载入」的图须是张量映射");
        return false;
    }
    const IrGlobal *g = ir_global(p->module, map[0]);
    const ExRegion *tensor = &p->regions[map[0]];
    uint32_t elem = ir_type_size(p->types, ir_type(p->types, g->type)->elem);
    uint64_t index = regs[in->args[2]];
    if (!aligned(wg, in, index, elem, ir_tma_dst_align_bytes(g), g->box_swizzle != 0)) return false;
    uint64_t box_bytes = (uint64_t)g->box_rows * g->box_cols * elem;
    uint8_t *to = ex_address(wg, inv, dst[0], dst[1] + index * elem, box_bytes, in->span);
    if (!to) return false;
    ExAsyncBarrier *bar = ex_async_barrier_at(wg, inv, in, 3, 4);
    if (!bar) return false;
    int64_t row0 = (int32_t)regs[in->args[5]], col0 = (int32_t)regs[in->args[6]];
    for (uint32_t r = 0; r < g->box_rows; r++)
        for (uint32_t c = 0; c < g->box_cols; c++) {
            int64_t tr = row0 + r, tc = col0 + c;
            uint8_t *out = to + swizzled(((uint64_t)r * g->box_cols + c) * elem, g->box_swizzle);
            if (tr < 0 || tc < 0 || tr >= tensor->rows || tc >= tensor->cols) memset(out, 0, elem);
            else memcpy(out, tensor->data + ((uint64_t)tr * tensor->cols + (uint64_t)tc) * elem, elem);
        }
    ex_async_barrier_complete_tx(bar, box_bytes);
    return true;
}
