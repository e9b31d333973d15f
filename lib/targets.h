/* The target registry for the library's clients (the yusec command, the language server):
 * they name targets by yusec_target and read their descriptors here, never from targets/. */
#ifndef YUSEC_LIB_TARGETS_H
#define YUSEC_LIB_TARGETS_H

#include <stddef.h>

#include "../targets/registry.h"

/* The registry's rows in yusec_target order (targets/registry.h). */
const TargetDescriptor *lib_targets(size_t *count);
/* The row of `id`, or NULL. */
const TargetDescriptor *lib_target(yusec_target id);
/* The row whose command-line word is `word` ("wgsl"), or NULL. */
const TargetDescriptor *lib_target_word(const char *word);
/* `arch`, or the -arch a compile without one uses (PTX_DEFAULT_ARCH, targets/ptx.h). */
const char *lib_arch_or_default(const char *arch);
/* The arch `module`'s PTX is written for under -arch `arch` (NULL: the default):
 * ptx_arch_for_module (targets/ptx.h), "sm_90a" for warpgroup MMA. */
const char *lib_module_arch(const IrModule *module, const char *arch);
/* The words joined by `separator`, for messages ("wgsl、msl、ptx"), in `out`. */
void lib_target_words(StrBuf *out, const char *separator);

#endif
