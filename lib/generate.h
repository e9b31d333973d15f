/* Building the generated module (-emit-gen, YUSEC_WANT_GEN): the front end once, then each
 * target's passes on its own copy of the module (WGSL and MSL share one copy when their
 * passes agree, so their pass diagnostics come once), every target's emitter, and the
 * module text from the results (lib/generated.c). */
#ifndef YUSEC_LIB_GENERATE_H
#define YUSEC_LIB_GENERATE_H

#include "abi.h"
#include "generated.h"
#include "pipeline.h"

typedef struct LibGenerated {
    Arena *arena;                         /* entries and abi live here */
    GenTarget targets[YUSEC_TARGET_COUNT];  /* each target's text, or its diagnostics */
    LibEntryTable entries;                /* once the module was built */
    LibAbi abi;                           /* of the PTX pipeline's module, when built */
    bool has_abi;
    uint32_t first_target_record;         /* diag.records before the first target's (each
                                             target's carry its origin, lib/compile.h) */
    bool made;                            /* `text` holds the module */
    StrBuf text;
} LibGenerated;

/* `arena` holds the entry table and the ABI (the session's, or a result's). */
void lib_generated_init(LibGenerated *generated, Arena *arena);
void lib_generated_free(LibGenerated *generated);

/* Builds every target and the module. The front end's diagnostics stay errors; a failing
 * target's are demoted to warnings when the module is still made (some target succeeded).
 * Returns LIB_OK when the module was made. */
LibStatus lib_generate(LibSession *session, LibGenerated *generated);

#endif
