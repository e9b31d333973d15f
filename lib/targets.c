#include "targets.h"

const TargetDescriptor *lib_targets(size_t *count) { return target_registry(count); }

const TargetDescriptor *lib_target(yusec_target id) { return target_descriptor(id); }

const TargetDescriptor *lib_target_word(const char *word) { return target_find_word(word); }

void lib_target_words(StrBuf *out, const char *separator) { target_list_words(out, separator); }

const char *lib_arch_or_default(const char *arch) { return arch ? arch : PTX_DEFAULT_ARCH; }

const char *lib_module_arch(const IrModule *module, const char *arch) {
    return ptx_arch_for_module(module, lib_arch_or_default(arch));
}
