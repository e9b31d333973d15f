/* What the YIR fuzzers share: the input bytes as a .yir file through the reader and the
 * verifier; a module that verifies goes to the fuzzer's own stage. */
#ifndef YUSEC_FUZZ_YIR_INPUT_H
#define YUSEC_FUZZ_YIR_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "ir/ir.h"

typedef struct FuzzYirStage {
    /* a module that verified, with the input's arena and diagnostics */
    void (*verified)(IrModule *module, Arena *arena, DiagEngine *diag, void *user);
    /* the input was rejected by the reader or the verifier (NULL: nothing to do) */
    void (*rejected)(DiagEngine *diag, void *user);
    void *user;
} FuzzYirStage;

void fuzz_yir_input(const uint8_t *data, size_t size, const FuzzYirStage *stage);

#endif
