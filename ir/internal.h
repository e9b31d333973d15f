/* Helpers shared by the files of ir/ only (not part of the public API). */
#ifndef YUSEC_IR_INTERNAL_H
#define YUSEC_IR_INTERNAL_H

#include "ir.h"

IrBlockId ir_function_new_block(IrFunction *func, IrInstId owner);
IrValueId ir_function_new_value(IrFunction *func, IrTypeId type, IrValueKind kind, uint32_t def,
                                uint32_t index, Span span);
IrInstId ir_function_new_inst(IrFunction *func, IrOp op, Span span);
void ir_block_append(IrFunction *func, IrBlockId block, IrInstId inst);

/* Value names and module symbols in the text: ASCII letters, digits, '_' and any non-ASCII
 * UTF-8 byte stand as they are; every other byte is written as \XX (two hex digits). */
void ir_print_name(StrBuf *out, const char *name);

#endif
