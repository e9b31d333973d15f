/* Positions as the Language Server Protocol counts them (yusec_position: 0-based line, column
 * in UTF-16 code units) against byte offsets into a source file. */
#ifndef YUSEC_LIB_POSITIONS_H
#define YUSEC_LIB_POSITIONS_H

#include <stdint.h>

#include "../base/source.h"
#include "../include/yusec/yusec.h"

yusec_position lib_position_of(const SourceFile *file, uint32_t offset);
yusec_range lib_range_of(const SourceFile *file, Span span);
/* The byte offset of `position` (a column past the line's end: the line's end; a line past
 * the file's end: the file's end). */
uint32_t lib_offset_of(const SourceFile *file, yusec_position position);

#endif
