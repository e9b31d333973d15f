/* Structured re-emission of YIR as C-like shader text, shared by the WGSL and MSL targets.
 *
 * The engine walks a function's structured blocks and decides how each SSA value appears:
 *   - literals, module constants, globals, access chains and handle loads are spelled at
 *     every use (pointer values print as the memory they name: 数据[序], s.f, v.x);
 *   - a value with a source name becomes `let 名 = …;` keeping the name;
 *   - an unnamed value used once, in the same block, is nested into its user — kept
 *     "pending" until then, and turned into a `let` (flushed) before any write that it must
 *     not be moved across, so a read never crosses a write and side effects keep their order;
 *   - everything else becomes a `let` with a fresh name (_1, _2, …);
 *   - if results become `var`s assigned in the branches, or `select(…)` when both branches
 *     are pure and only yield; loop parameters become `var`s updated before `continue`
 *     (ordered as a parallel move), loop results `var`s assigned before `break`.
 * The language supplies spelling through a TeLang table: types, literals, operator
 * precedence, per-op expressions and the few statement forms that differ. */
#ifndef YUSEC_TARGETS_TEXT_EMIT_H
#define YUSEC_TARGETS_TEXT_EMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"
#include "names.h"

/* Syntactic class of an expression, for minimal parentheses (see TeLang.needs_parens). */
typedef enum TeClass {
    TE_PRIMARY,  /* names, literals, calls, member and index access, parenthesised */
    TE_UNARY,    /* -x !x ~x *p &r */
    TE_MUL, TE_ADD, TE_SHIFT,
    TE_REL,      /* < <= > >= */
    TE_EQ,       /* == != */
    TE_BIT_AND, TE_BIT_XOR, TE_BIT_OR,
    TE_AND, TE_OR,
    TE_COND,     /* c ? a : b */
} TeClass;

enum {
    TE_READS = 1u,      /* reads memory that a later write could change */
    TE_EFFECTS = 2u,    /* has side effects (calls, atomics) */
    TE_UNIFORM = 4u,    /* contains an op that must run in uniform control flow */
    TE_CONST = 8u,      /* a constant expression of the target (literals, module constants) */
};

typedef struct TeExpr {
    const char *text;
    TeClass cls;
    uint32_t flags;
    uint64_t params;    /* loop-parameter variables read (bit = parameter ordinal mod 64) */
} TeExpr;

typedef struct TextEmitter TextEmitter;

/* How a language writes types (TeLang.types), for te_type: templates in which `$e` is the
 * element type (written by te_type in turn), `$n` the count (vector lanes, matrix rows,
 * array length) and `$c` a matrix's columns; the pointer and fragment types, which fit no
 * template, through hooks (NULL: "_"). */
typedef struct TeTypeSpelling {
    const char *unit;                       /* void: "" (WGSL writes no type) or "void" */
    const char *boolean, *f16, *f32, *i32, *u32;
    const char *vector, *matrix, *array, *runtime_array, *atomic, *texture_2d;
    const char *texture_depth_2d, *sampler, *sampler_comparison;
    void (*pointer)(TextEmitter *em, StrBuf *out, const IrType *pointer);
    void (*fragment)(TextEmitter *em, StrBuf *out, const IrType *fragment);
} TeTypeSpelling;

typedef struct TeLang {
    const char *name;                 /* "WGSL", "MSL": for messages */
    const char *prose_name;           /* in Chinese messages, before 里/的: "WGSL ", "金属" */
    /* The language's spelling of each op (IR_OP_COUNT entries, by op): an infix or prefix
     * operator ("+", "!"), a function or method name, or a whole expression
     * ("discard_fragment()"). NULL for the ops the engine writes itself
     * (te_engine_writes_op) and those `unspelled` names. */
    const char *const *spelling;
    /* The other ops without a spelling, on purpose: written whole by `expr`, or refused with
     * a diagnostic (the engine's "目标不支持指令"). test_spelling holds the two together. */
    bool (*unspelled)(IrOp op);
    /* Whether `child` needs parentheses as the left (right = false) or right operand of
     * `parent`; for unary parents right is false. */
    bool (*needs_parens)(TeClass parent, bool right, TeClass child);
    TeTypeSpelling types;
    /* A scalar literal; reports and returns false when the target cannot spell it. */
    bool (*literal)(TextEmitter *em, StrBuf *out, IrTypeId type, uint64_t bits, Span span);
    /* An abstract literal (着三: written without a constructor) where the engine found that
     * the context gives it its type: `beside_value` when an operand of a concrete value of
     * that type (x + 1, max(x, 1)), else in a typed slot (constructor, store, call argument,
     * texture level, index). Returns false to keep the concrete spelling of `literal`. */
    bool (*abstract_literal)(TextEmitter *em, StrBuf *out, IrTypeId type, uint64_t bits, bool beside_value);
    /* An instruction's expression; return false to use the engine's default. `args` are the
     * operand expressions (pointer operands as references). */
    bool (*expr)(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out);
    /* Statements (the engine indents and ends the line). */
    void (*let)(TextEmitter *em, StrBuf *out, const char *name, IrTypeId type, const char *value);
    void (*var)(TextEmitter *em, StrBuf *out, const char *name, IrTypeId type, const char *init);
    void (*phony)(TextEmitter *em, StrBuf *out, const char *value);  /* evaluate, drop value */
    const char *if_open, *if_close;   /* around the condition: "if " " {" / "if (" ") {" */
    const char *loop_open;            /* "loop {" / "while (true) {" */
    bool struct_braces;               /* composite literals of structs as S{…} (else S(…)) */
    bool array_braces;                /* the same for arrays (MSL: metal::array is an aggregate) */
    /* Optional: lines at the top of a function body (MSL rebuilds structs there). */
    void (*body_prologue)(TextEmitter *em, const IrFunction *func);
} TeLang;

/* Module-level target names (legalised, unique across module scope). */
typedef struct TeNames {
    NameSet module;                /* every module-scope name taken */
    const char **globals, **constants, **functions;
    const char **structs;          /* by type id; NULL for non-struct types */
    const char ***fields;          /* by type id: field names of a struct */
} TeNames;

/* A module object in output order. */
typedef enum TeItemKind { TE_ITEM_STRUCT, TE_ITEM_GLOBAL, TE_ITEM_CONSTANT, TE_ITEM_FUNCTION } TeItemKind;
typedef struct TeItem {
    TeItemKind kind;
    uint32_t id;                   /* type id, global, constant or function id */
} TeItem;

typedef struct TeValue TeValue;

struct TextEmitter {
    const TeLang *lang;
    const IrModule *m;
    DiagEngine *diag;
    Arena arena;                   /* everything the emission allocates */
    StrBuf *out;                   /* where statements go now */
    int depth;                     /* indentation, two spaces a level */
    TeNames names;
    const IrEntry **entry_of;      /* per function: the entry that uses it, or NULL (te_collect_entries) */
    void *user;                    /* the language's own state */
    /* the function being emitted */
    const IrFunction *f;
    TeValue *vals;
    uint8_t *select_if;            /* per instruction: an if emitted as select(…) */
    NameSet locals;
    uint32_t fresh, param_ordinal;
    IrValueId *pending;            /* unnamed single-use values waiting for their user */
    uint32_t pending_count;
    bool failed;                   /* a diagnostic was reported */
};

void te_init(TextEmitter *em, const TeLang *lang, const IrModule *m, DiagEngine *diag, StrBuf *out);
void te_free(TextEmitter *em);

/* Objects in source order: structs first (type-table order), then globals, constants and
 * functions merged by source position (files in order of first appearance, imports first as
 * the lowering adds them). Returns the count; *items is arena memory. */
uint32_t te_module_order(TextEmitter *em, TeItem **items);

/* Legalises and reserves module-scope names in `order`. */
void te_assign_module_names(TextEmitter *em, const TeItem *items, uint32_t count);

/* Fills em->entry_of. One function serves one entry and an entry function is never called
 * (WGSL and MSL alike): both are reported. `check` (may be NULL) sees each entry the first
 * time its function is taken, for the language's own checks. */
typedef void (*TeEntryCheck)(TextEmitter *em, const IrEntry *entry, const IrFunction *func);
void te_collect_entries(TextEmitter *em, TeEntryCheck check);
/* A location IO of `type` is not interpolated: declared flat, or an integer value between
 * the vertex and fragment stages (`interpolated`), which cannot be (着四 1, 3). */
bool te_io_is_flat(const TextEmitter *em, IrTypeId type, const IrIo *io, bool interpolated);
/* Two entry IOs bind alike: same kind, same builtin or location (flatness aside). */
bool te_io_binds_alike(const IrIo *a, const IrIo *b);

/* Function emission: begin (names the parameters), let the language write the signature
 * (ending in "{\n") with te_param_name, then te_emit_body writes the body lines at depth 1
 * and the closing "}" into `out` and ends the function. */
void te_begin_function(TextEmitter *em, const IrFunction *func);
const char *te_param_name(TextEmitter *em, uint32_t index);
void te_emit_body(TextEmitter *em, StrBuf *out);

/* The ops the engine writes without a spelling: literals, names, conversions, composites,
 * memory access, calls and control flow (text_emit_body.c). */
bool te_engine_writes_op(IrOp op);

/* Helpers for languages. */
/* A type as the language writes it (TeLang.types); "_" for an unknown id. */
void te_type(TextEmitter *em, StrBuf *out, IrTypeId type);
bool te_is_void(const TextEmitter *em, IrTypeId type);
/* Whether a composite of `type` is written T{…} (struct_braces, array_braces). */
bool te_braces(const TextEmitter *em, IrTypeId type);
const char *te_type_text(TextEmitter *em, IrTypeId type);
TeExpr te_make(TextEmitter *em, TeClass cls, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Operand text, parenthesised when it needs to be as `side` operand of `parent`. */
const char *te_operand(TextEmitter *em, TeClass parent, bool right, const TeExpr *child);
/* `&ref` for a reference expression (`*p` gives back `p`). */
const char *te_address_of(TextEmitter *em, const TeExpr *ref);
/* `name(a, b, …)` with flags combined from the operands. */
TeExpr te_call(TextEmitter *em, const char *name, const TeExpr *args, uint32_t count);
uint32_t te_combine_flags(const TeExpr *args, uint32_t count);
/* `l op r` with minimal parentheses. */
TeExpr te_binary(TextEmitter *em, TeClass cls, const char *op, const TeExpr *l, const TeExpr *r);
/* `base.field`, `base.x`, `base[i]` along a constant member path from a value of `type`. */
TeExpr te_extract_chain(TextEmitter *em, const TeExpr *base, IrTypeId type, const uint32_t *path,
                        uint32_t count);
/* A composite or scalar literal as a target expression (type constructors). */
const char *te_literal_text(TextEmitter *em, const IrLiteral *lit, Span span);
/* Known constant lanes of a value (CONST, CONSTANT, or CONSTRUCT of those); false if unknown. */
bool te_const_lanes(TextEmitter *em, IrValueId value, uint64_t *lanes, uint32_t max, uint32_t *count);
/* Emits `let _N = e;` now and gives back the name (to stop constant evaluation, or to keep
 * an expression from being duplicated). */
TeExpr te_materialise(TextEmitter *em, const TeExpr *e, IrTypeId type);
void te_line(TextEmitter *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void te_error(TextEmitter *em, DiagId id, Span span, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Hopper's asynchronous barriers, tensor maps and TMA (ir/hopper.h) are PTX sm_90a only: the
 * first such op of each function is an error naming its builtin (`target`: 金属, WGSL).
 * True when one was reported. */
bool te_reject_hopper(TextEmitter *em, const char *target);

#endif
