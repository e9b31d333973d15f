/* The "layouts" of the --entries=json manifest (docs/generated.md): each buffer type's memory
 * layout, from the one layout of ir/types.h (WGSL's rules, which every target follows), once
 * per type. */
#ifndef YUSEC_LIB_LAYOUT_JSON_H
#define YUSEC_LIB_LAYOUT_JSON_H

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

/* JSON string with quotes; UTF-8 stays as is. */
void json_put_string(StrBuf *out, const char *text);

/* The type of a buffer as the manifest names it (YIR's spelling, e.g. "array<$粒子>"). */
void layout_type_name(StrBuf *out, const IrModule *module, IrTypeId type);

/* `"layouts": [...]`: the type of every storage and uniform buffer and the structs and arrays
 * inside it, each once: size, alignment, array stride, field offsets and sizes; a field's and
 * a struct's "msl" is its name in the MSL (names_legalise). */
void layout_put_json(StrBuf *out, Arena *arena, const IrModule *module);

#endif
