/* Uniform buffers (spec 着十's 待办事项): yusec lays them out by the storage rules, like every
 * buffer (ir/types.h; the WGSL of Tint here accepts them: uniform_buffer_standard_layout).
 * The classic WGSL uniform rules are stricter; this finds what they would reject, so that
 * -fclassic-uniform-layout can report it naming the field. */
#ifndef YUSEC_IR_UNIFORM_LAYOUT_H
#define YUSEC_IR_UNIFORM_LAYOUT_H

#include "../base/arena.h"
#include "types.h"

typedef enum IrUniformRule {
    IR_UNIFORM_ARRAY_STRIDE,   /* an array's element stride is not a multiple of 16 */
    IR_UNIFORM_MEMBER_OFFSET,  /* an array or struct member does not start at a multiple of 16 */
    IR_UNIFORM_STRUCT_GAP,     /* after a struct member, the next starts before roundUp(16, size) */
} IrUniformRule;

typedef struct IrUniformProblem {
    IrUniformRule rule;
    const char *path;   /* the member, as 「甲」之「乙」 (empty for the buffer's type itself) */
    uint32_t value;     /* the stride, offset or gap in bytes */
    uint32_t needed;    /* 16, or the gap the rule needs */
} IrUniformProblem;

/* Every place where `type` (a uniform buffer's) breaks the classic 16-byte uniform rules;
 * returns the count, *problems in `arena`. */
uint32_t ir_classic_uniform_problems(Arena *arena, const IrTypeTable *types, IrTypeId type,
                                     IrUniformProblem **problems);

#endif
