/* YIR types: interned (hash-consed) per module, so two types are equal exactly when
 * their handles are equal. Layout queries follow WGSL's host-shareable rules. */
#ifndef YUSEC_IR_TYPES_H
#define YUSEC_IR_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"

typedef uint32_t IrTypeId;
#define IR_NO_TYPE 0xFFFFFFFFu

typedef enum IrTypeKind {
    IR_TYPE_VOID,
    IR_TYPE_BOOL,
    IR_TYPE_SCALAR,      /* f16 f32 i32 u32 */
    IR_TYPE_VECTOR,      /* 2..4 of bool or scalar */
    IR_TYPE_MATRIX,      /* cols x rows of f16/f32 */
    IR_TYPE_ARRAY,       /* length 0 = runtime-sized */
    IR_TYPE_STRUCT,
    IR_TYPE_ATOMIC,      /* of i32/u32 */
    IR_TYPE_TEXTURE_2D,  /* texture_2d<elem> */
    IR_TYPE_TEXTURE_DEPTH_2D,
    IR_TYPE_SAMPLER,
    IR_TYPE_SAMPLER_COMPARISON,
    IR_TYPE_POINTER,
    IR_TYPE_FRAGMENT,    /* subgroup matrix fragment (着十二): opaque, lives in registers */
} IrTypeKind;

/* The six fragment types of 着十二: a 16×16 f16 A or B operand (B held as [n][k]), a 16×16
 * f32 accumulator, a 16×32 s8 A or B operand (PTX only) and a 16×16 s32 accumulator. */
typedef enum IrFragmentKind {
    IR_FRAG_A_F16,
    IR_FRAG_B_F16,
    IR_FRAG_ACC_F32,
    IR_FRAG_A_S8,
    IR_FRAG_B_S8,
    IR_FRAG_ACC_S32,
    IR_FRAG_TENSOR_ACC_F32, /* 着十三: 64×64 f32 accumulator held by a whole workgroup of 128 (MSL) */
    IR_FRAG_KIND_COUNT
} IrFragmentKind;

typedef enum IrScalarKind { IR_FLOAT, IR_SINT, IR_UINT } IrScalarKind;

/* Every pointer carries where it points. Read-only spaces reject stores (verifier). */
typedef enum IrAddressSpace {
    IR_SPACE_FUNCTION,
    IR_SPACE_PRIVATE,
    IR_SPACE_WORKGROUP,
    IR_SPACE_STORAGE_READ,
    IR_SPACE_STORAGE_READ_WRITE,
    IR_SPACE_UNIFORM,
    IR_SPACE_HANDLE,
    IR_SPACE_COUNT
} IrAddressSpace;

typedef struct IrField {
    const char *name;   /* UTF-8 source name */
    IrTypeId type;
} IrField;

typedef struct IrType {
    IrTypeKind kind;
    IrScalarKind scalar;  /* SCALAR */
    uint32_t width;       /* SCALAR: 16 or 32 */
    IrTypeId elem;        /* VECTOR, MATRIX (column scalar), ARRAY, ATOMIC, TEXTURE_2D, POINTER */
    uint32_t count;       /* VECTOR: lanes; MATRIX: rows; ARRAY: length (0 = runtime) */
    uint32_t cols;        /* MATRIX */
    IrTypeId column;      /* MATRIX: its column vector type */
    IrAddressSpace space; /* POINTER */
    IrFragmentKind fragment; /* FRAGMENT */
    const char *name;     /* STRUCT */
    IrField *fields;      /* STRUCT */
    uint32_t field_count;
} IrType;

/* The interning table; it lives inside a module and allocates from its arena. */
typedef struct IrTypeTable {
    Arena *arena;
    IrType *types;
    uint32_t count, cap;
    uint32_t *slots;      /* open addressing: type id + 1, 0 = empty */
    uint32_t slot_cap;
} IrTypeTable;

void ir_types_init(IrTypeTable *table, Arena *arena);
const IrType *ir_type(const IrTypeTable *table, IrTypeId id);

IrTypeId ir_type_void(IrTypeTable *table);
IrTypeId ir_type_bool(IrTypeTable *table);
IrTypeId ir_type_scalar(IrTypeTable *table, IrScalarKind kind, uint32_t width);
IrTypeId ir_type_f16(IrTypeTable *table);
IrTypeId ir_type_f32(IrTypeTable *table);
IrTypeId ir_type_i32(IrTypeTable *table);
IrTypeId ir_type_u32(IrTypeTable *table);
/* Returns IR_NO_TYPE when the combination is not a valid YIR type (e.g. vec5, atomic<f32>). */
IrTypeId ir_type_vector(IrTypeTable *table, IrTypeId elem, uint32_t lanes);
IrTypeId ir_type_matrix(IrTypeTable *table, IrTypeId elem, uint32_t cols, uint32_t rows);
/* The most elements a fixed array may have: 2^28 - 1 (the front end reports longer ones at
 * their length). */
#define IR_ARRAY_MAX_LENGTH 0xFFFFFFFu
IrTypeId ir_type_array(IrTypeTable *table, IrTypeId elem, uint32_t length);
IrTypeId ir_type_runtime_array(IrTypeTable *table, IrTypeId elem);
/* Fields are copied; the name is the struct's identity together with its fields. */
IrTypeId ir_type_struct(IrTypeTable *table, const char *name, const IrField *fields,
                        uint32_t field_count);
IrTypeId ir_type_atomic(IrTypeTable *table, IrTypeId elem);
IrTypeId ir_type_texture_2d(IrTypeTable *table, IrTypeId elem);
IrTypeId ir_type_texture_depth_2d(IrTypeTable *table);
IrTypeId ir_type_sampler(IrTypeTable *table);
IrTypeId ir_type_sampler_comparison(IrTypeTable *table);
IrTypeId ir_type_pointer(IrTypeTable *table, IrAddressSpace space, IrTypeId pointee);
IrTypeId ir_type_fragment(IrTypeTable *table, IrFragmentKind kind);

/* Fragments are values only: no array, struct field or global holds one (function-space
 * variables may). Textual names of the kinds (`frag_a_f16` …); from_name: false for none. */
const char *ir_fragment_kind_name(IrFragmentKind kind);
bool ir_fragment_kind_from_name(const char *name, size_t len, IrFragmentKind *kind);
/* True for a fragment type; `kind` (may be NULL) receives its kind. */
bool ir_type_is_fragment(const IrTypeTable *table, IrTypeId id, IrFragmentKind *kind);

/* Classification helpers (false for IR_NO_TYPE). */
bool ir_type_is_scalar_or_vector_of(const IrTypeTable *table, IrTypeId id, IrTypeKind kind);
IrTypeId ir_type_element_scalar(const IrTypeTable *table, IrTypeId id); /* scalar/bool of a scalar or vector */
uint32_t ir_type_lanes(const IrTypeTable *table, IrTypeId id);         /* 1 for scalars, N for vectors */
bool ir_type_is_float(const IrTypeTable *table, IrTypeId id);    /* float scalar or vector */
bool ir_type_is_integer(const IrTypeTable *table, IrTypeId id);  /* i32/u32 scalar or vector */
bool ir_type_is_signed(const IrTypeTable *table, IrTypeId id);
bool ir_type_is_numeric(const IrTypeTable *table, IrTypeId id);  /* float or integer */
bool ir_type_is_bool(const IrTypeTable *table, IrTypeId id);     /* bool scalar or vector */
/* Same shape as `shape_of` but with `scalar` as element (bool for comparisons, u32 for shifts). */
IrTypeId ir_type_with_element(IrTypeTable *table, IrTypeId shape_of, IrTypeId scalar);
/* Type reached by a constant member/element index (struct field, vector lane, matrix column,
 * array element); IR_NO_TYPE when out of range or not a composite. */
IrTypeId ir_type_member(const IrTypeTable *table, IrTypeId composite, uint32_t index);
/* Number of members for a fixed composite; 0 for runtime arrays and non-composites. */
uint32_t ir_type_member_count(const IrTypeTable *table, IrTypeId composite);

/* WGSL host-shareable layout (storage rules). Size 0 for runtime arrays and opaque types. */
uint32_t ir_type_align(const IrTypeTable *table, IrTypeId id);
uint32_t ir_type_size(const IrTypeTable *table, IrTypeId id);
uint32_t ir_type_array_stride(const IrTypeTable *table, IrTypeId array);
uint32_t ir_struct_field_offset(const IrTypeTable *table, IrTypeId strct, uint32_t field);
/* The same size in 64 bits, saturating at UINT64_MAX: ir_type_size's 32-bit result wraps
 * for an array of a hundred million vectors, so every size limit is checked against this. */
uint64_t ir_type_size_wide(const IrTypeTable *table, IrTypeId id);
/* True when every size and offset of the type's layout (the type, its members, a runtime
 * array's element) is below 2^32, so the 32-bit layout queries above are exact for it. */
bool ir_type_layout_fits_32(const IrTypeTable *table, IrTypeId id);
/* Bytes from a field's offset to the next field's (or the struct's end): what a target's own
 * type for the field may occupy without moving a later field (e.g. 12 for a vec3<f32>
 * followed by an f32, so Metal needs packed_float3 there). */
uint32_t ir_struct_field_room(const IrTypeTable *table, IrTypeId strct, uint32_t field);

const char *ir_space_name(IrAddressSpace space);
/* Returns false when the name is not an address space. */
bool ir_space_from_name(const char *name, size_t len, IrAddressSpace *space);
bool ir_space_is_writable(IrAddressSpace space);

#endif
