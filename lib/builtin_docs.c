#include "builtin_docs.h"

#include <string.h>

#include "../frontend/lower.h"
#include "../include/yusec/yusec.h"
#include "../targets/registry.h"

const LibBuiltinDoc *lib_builtin_doc(const char *name) {
    for (size_t i = 0; i < lib_builtin_doc_count; i++)
        if (strcmp(lib_builtin_docs[i].name, name) == 0) return &lib_builtin_docs[i];
    return NULL;
}

bool yusec_builtin_describe(const char *name, yusec_builtin_info *info) {
    memset(info, 0, sizeof *info);
    const LibBuiltinDoc *doc = name ? lib_builtin_doc(name) : NULL;
    if (!doc) return false;
    info->declaration = doc->declaration;
    info->meaning = doc->meaning;
    IrOp op = fe_lower_builtin_op(fe_intrinsic_lookup(name));
    const char *column[YUSEC_TARGET_COUNT] = {doc->wgsl, doc->msl, doc->ptx};  /* docs/builtins.md's */
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        const TargetDescriptor *target = target_descriptor((yusec_target)t);
        const char *table = target->op_spelling ? target->op_spelling(op) : NULL;
        info->from_spelling_table[t] = table != NULL;
        info->spelling[t] = table ? table : column[t];
    }
    return true;
}
