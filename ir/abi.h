/* The host contract of compute entries (spec 着十), shared by the PTX plugin, the runtime
 * (yusec run) and the ABI manifest (--entries=json): which buffers an entry reaches and the
 * order of its kernel parameters. One definition, so the three cannot drift apart. */
#ifndef YUSEC_IR_ABI_H
#define YUSEC_IR_ABI_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "ir.h"

/* Placeholder parameters are made for group-0 bindings up to this number, no further. */
#define IR_ABI_MAX_DENSE_BINDING 4096u

/* Marks in `funcs` the functions reachable from `func` (itself included) and in `globals`
 * the globals they name. Both arrays are indexed by id and must start cleared. */
void ir_reach(const IrModule *module, IrFuncId func, bool *funcs, bool *globals);

/* Storage and uniform buffers are kernel parameters (device pointers). */
bool ir_global_is_buffer(const IrGlobal *global);

/* One kernel parameter: the buffer's (group, binding), which also names the parameter. */
typedef struct IrBufferParam {
    IrGlobalId global;    /* IR_NONE for a placeholder binding the entry does not use */
    uint32_t group, binding;
} IrBufferParam;

typedef struct IrBufferParams {
    IrBufferParam *params;  /* in order */
    uint32_t count;
    uint32_t too_large_binding;  /* set when the dense rule would exceed the cap (count 0) */
} IrBufferParams;

/* The parameters of a kernel whose reach marked `used` globals: when every used buffer is in
 * group 0, bindings 0…max each take one (unused ones as placeholders); otherwise the used
 * buffers by (group, binding). Returns false (count 0) when a group-0 binding is above
 * IR_ABI_MAX_DENSE_BINDING. */
bool ir_buffer_params(Arena *arena, const IrModule *module, const bool *used, IrBufferParams *out);

/* 着十: a parameter is named p_g<group>_b<binding> (placeholders too). The longest name fits
 * IR_ABI_PARAM_NAME_MAX bytes with its NUL. */
#define IR_ABI_PARAM_NAME_MAX 32u
void ir_buffer_param_name(const IrBufferParam *param, char name[IR_ABI_PARAM_NAME_MAX]);

#endif
