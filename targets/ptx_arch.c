/* Which PTX target a module is written for (docs/targets.md § Warpgroup MMA): the one fact
 * the PTX plugin (its LLVM cpu), the driver (ptxas -arch) and the manifest ("ptx_target") ask.
 * A module that uses warpgroup MMA (着十三's tensor tiles: wgmma.mma_async, which only the
 * arch-specific sm_90a target has) or Hopper's asynchronous barriers, tensor maps and TMA
 * (ir/hopper.h) is written for sm_90a whatever -arch asks for; every other
 * module keeps the -arch it was given. */
#include <string.h>

#include "../ir/fragment.h"
#include "../ir/hopper.h"
#include "ptx.h"

bool ptx_module_needs_sm90a(const IrModule *module) {
    for (uint32_t i = 0; module && i < ir_function_count(module); i++) {
        const IrFunction *f = ir_function(module, i);
        for (uint32_t k = 0; k < f->inst_count; k++)
            if (ir_op_is_tensor(f->insts[k].op) || ir_op_is_hopper(f->insts[k].op)) return true;
    }
    return false;
}

const char *ptx_arch_for_module(const IrModule *module, const char *requested) {
    return ptx_module_needs_sm90a(module) ? PTX_WARPGROUP_ARCH : requested;
}
