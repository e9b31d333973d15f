/* Per-value state of the function walk, shared by text_emit.c and text_emit_body.c only. */
#ifndef YUSEC_TARGETS_TEXT_EMIT_INTERNAL_H
#define YUSEC_TARGETS_TEXT_EMIT_INTERNAL_H

#include "text_emit.h"

typedef enum TeMode {
    TM_NONE,
    TM_INLINE,  /* spelled at every use: literals, module constants, references */
    TM_DEFER,   /* nested into its single user (pending until then) */
    TM_LET,     /* `let 名 = …;` */
    TM_VAR,     /* a declared variable (var op, if/loop results, loop parameters, insert) */
    TM_SKIP,    /* unused and without effects: not written */
    TM_STMT,    /* unused with effects: written as an expression statement */
} TeMode;

typedef enum TeState { TS_UNDEF, TS_PENDING, TS_READY } TeState;

#define TE_MULTI_BLOCK 0xFFFFFFFEu

struct TeValue {
    uint8_t mode, state;
    uint32_t uses;
    IrBlockId use_block;  /* effective block of the uses, TE_MULTI_BLOCK when several */
    TeExpr expr;
};

#endif
