/* The JSON manifest of yusec --entries=json (docs/generated.md), printed from the typed entry
 * table and ABI (lib/entries.h, lib/abi.h): each entry's and resource's ABI on the three
 * targets, and each buffer type's layout. */
#ifndef YUSEC_LIB_MANIFEST_H
#define YUSEC_LIB_MANIFEST_H

#include "../base/strbuf.h"
#include "abi.h"
#include "entries.h"

void lib_manifest_json(StrBuf *out, const char *source, const LibEntryTable *entries, const LibAbi *abi);

#endif
