/* What the fuzzers share: the input bytes read as a .yir file (fuzz_yir_input.c) or as a
 * shader source (fuzz_source_input.c) into a verified module, which goes to the fuzzer's own
 * stage. */
#ifndef YUSEC_FUZZ_INPUT_H
#define YUSEC_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "ir/ir.h"

typedef struct FuzzStage {
    /* a module that verified, with the input's arena and diagnostics */
    void (*verified)(IrModule *module, Arena *arena, DiagEngine *diag, void *user);
    /* the input was rejected by the reader or the verifier (NULL: nothing to do) */
    void (*rejected)(DiagEngine *diag, void *user);
    void *user;
} FuzzStage;

/* How a fuzzer reads its bytes into a verified module: fuzz_yir_input or fuzz_source_input. */
typedef void FuzzReader(const uint8_t *data, size_t size, const FuzzStage *stage);

/* The bytes as a .yir file: the YIR reader, then the verifier. */
void fuzz_yir_input(const uint8_t *data, size_t size, const FuzzStage *stage);

/* The bytes as a shader source in a per-process file: module lookup with the real 点染
 * ($YUSEC_FUZZ_BUILTIN_DIR, else the one the fuzzer was built from), checking, lowering,
 * the verifier. */
void fuzz_source_input(const uint8_t *data, size_t size, const FuzzStage *stage);

#endif
