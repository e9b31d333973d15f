/* The reserved-word table shared by the WGSL and MSL targets, name legalisation, and the
 * per-scope sets that give repeated names _2, _3, …. */
#include "names.h"

#include <stdio.h>
#include <string.h>

#include "../base/strbuf.h"
#include "../base/utf8.h"
#include "ident_chars.h"

/* One table for both targets, so that names agree across them (spec 着九). Order is free:
 * lookups scan the few hundred short strings per emitted name, comparing the first two
 * bytes before the whole string (every word has at least two). */
static const char *const reserved_words[] = {
    /* WGSL keywords */
    "alias", "break", "case", "const", "const_assert", "continue", "continuing", "default",
    "diagnostic", "discard", "else", "enable", "false", "fn", "for", "if", "let", "loop",
    "override", "requires", "return", "struct", "switch", "true", "var", "while",
    /* WGSL reserved words */
    "NULL", "Self", "abstract", "active", "alignas", "alignof", "as", "asm", "asm_fragment",
    "async", "attribute", "auto", "await", "become", "binding_array", "cast", "catch", "class",
    "co_await", "co_return", "co_yield", "coherent", "column_major", "common", "compile",
    "compile_fragment", "concept", "const_cast", "consteval", "constexpr", "constinit", "crate",
    "debugger", "decltype", "delete", "demote", "demote_to_helper", "do", "dynamic_cast", "enum",
    "explicit", "export", "extends", "extern", "external", "fallthrough", "filter", "final",
    "finally", "friend", "from", "fxgroup", "get", "goto", "groupshared", "highp", "impl",
    "implements", "import", "inline", "instanceof", "interface", "layout", "lowp", "macro",
    "macro_rules", "match", "mediump", "meta", "mod", "module", "move", "mut", "mutable",
    "namespace", "new", "nil", "noexcept", "noinline", "nointerpolation", "noperspective", "null",
    "nullptr", "of", "operator", "package", "packoffset", "partition", "pass", "patch",
    "pixelfragment", "precise", "precision", "premerge", "priv", "protected", "pub", "public",
    "readonly", "ref", "regardless", "register", "reinterpret_cast", "require", "resource",
    "restrict", "self", "set", "shared", "sizeof", "smooth", "snorm", "static", "static_assert",
    "static_cast", "std", "subroutine", "super", "target", "template", "this", "thread_local",
    "throw", "trait", "try", "type", "typedef", "typeid", "typename", "typeof", "union", "unless",
    "unorm", "unsafe", "unsized", "use", "using", "varying", "virtual", "volatile", "wgsl",
    "where", "with", "writeonly", "yield",
    /* WGSL predeclared types and enumerants (shadowing them would break our own output) */
    "bool", "f16", "f32", "i32", "u32", "vec2", "vec3", "vec4", "mat2x2", "mat2x3", "mat2x4",
    "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4", "array", "atomic", "ptr",
    "sampler", "sampler_comparison", "texture_1d", "texture_2d", "texture_2d_array",
    "texture_3d", "texture_cube", "texture_cube_array", "texture_multisampled_2d",
    "texture_depth_2d", "texture_depth_2d_array", "texture_depth_cube",
    "texture_depth_cube_array", "texture_depth_multisampled_2d", "texture_external",
    "texture_storage_1d", "texture_storage_2d", "texture_storage_2d_array", "texture_storage_3d",
    "vec2f", "vec3f", "vec4f", "vec2i", "vec3i", "vec4i", "vec2u", "vec3u", "vec4u", "vec2h",
    "vec3h", "vec4h", "mat2x2f", "mat2x3f", "mat2x4f", "mat3x2f", "mat3x3f", "mat3x4f",
    "mat4x2f", "mat4x3f", "mat4x4f", "mat2x2h", "mat2x3h", "mat2x4h", "mat3x2h", "mat3x3h",
    "mat3x4h", "mat4x2h", "mat4x3h", "mat4x4h", "function", "private", "workgroup", "uniform",
    "storage", "handle", "read", "write", "read_write", "flat", "linear", "perspective",
    "center", "centroid", "sample", "first", "either", "position", "vertex_index",
    "instance_index", "front_facing", "frag_depth", "sample_index", "sample_mask",
    "local_invocation_id", "local_invocation_index", "global_invocation_id", "workgroup_id",
    "num_workgroups", "subgroup_invocation_id", "subgroup_size", "subgroups", "shader_f16",
    "rgba8unorm", "rgba8snorm", "rgba8uint", "rgba8sint", "rgba16uint", "rgba16sint",
    "rgba16float", "r32uint", "r32sint", "r32float", "rg32uint", "rg32sint", "rg32float",
    "rgba32uint", "rgba32sint", "rgba32float", "bgra8unorm",
    /* WGSL builtin functions */
    "abs", "acos", "acosh", "all", "any", "arrayLength", "asin", "asinh", "atan", "atan2",
    "atanh", "atomicAdd", "atomicAnd", "atomicCompareExchangeWeak", "atomicExchange",
    "atomicLoad", "atomicMax", "atomicMin", "atomicOr", "atomicStore", "atomicSub", "atomicXor",
    "bitcast", "ceil", "clamp", "cos", "cosh", "countLeadingZeros", "countOneBits",
    "countTrailingZeros", "cross", "degrees", "determinant", "distance", "dot", "dot4I8Packed",
    "dot4U8Packed", "dpdx", "dpdxCoarse", "dpdxFine", "dpdy", "dpdyCoarse", "dpdyFine", "exp",
    "exp2", "extractBits", "faceForward", "firstLeadingBit", "firstTrailingBit", "floor", "fma",
    "fract", "frexp", "fwidth", "fwidthCoarse", "fwidthFine", "insertBits", "inverseSqrt",
    "ldexp", "length", "log", "log2", "max", "min", "mix", "modf", "normalize", "pack2x16float",
    "pack2x16snorm", "pack2x16unorm", "pack4x8snorm", "pack4x8unorm", "pack4xI8",
    "pack4xI8Clamp", "pack4xU8", "pack4xU8Clamp", "pow", "quantizeToF16", "radians", "reflect",
    "refract", "reverseBits", "round", "saturate", "select", "sign", "sin", "sinh", "smoothstep",
    "sqrt", "step", "storageBarrier", "subgroupAdd", "subgroupAll", "subgroupAnd",
    "subgroupAny", "subgroupBallot", "subgroupBroadcast", "subgroupBroadcastFirst",
    "subgroupElect", "subgroupExclusiveAdd", "subgroupExclusiveMul", "subgroupInclusiveAdd",
    "subgroupInclusiveMul", "subgroupMax", "subgroupMin", "subgroupMul", "subgroupOr",
    "subgroupShuffle", "subgroupShuffleDown", "subgroupShuffleUp", "subgroupShuffleXor",
    "subgroupXor", "tan", "tanh", "textureBarrier", "textureDimensions", "textureGather",
    "textureGatherCompare", "textureLoad", "textureNumLayers", "textureNumLevels",
    "textureNumSamples", "textureSample", "textureSampleBaseClampToEdge", "textureSampleBias",
    "textureSampleCompare", "textureSampleCompareLevel", "textureSampleGrad",
    "textureSampleLevel", "textureStore", "transpose", "trunc", "unpack2x16float",
    "unpack2x16snorm", "unpack2x16unorm", "unpack4x8snorm", "unpack4x8unorm", "unpack4xI8",
    "unpack4xU8", "workgroupBarrier", "workgroupUniformLoad",
    /* C++ keywords and alternative tokens (MSL is C++) */
    "and", "and_eq", "bitand", "bitor", "char", "char8_t", "char16_t", "char32_t", "compl",
    "double", "float", "int", "long", "not", "not_eq", "or", "or_eq", "short", "signed",
    "unsigned", "void", "wchar_t", "xor", "xor_eq", "main",
    /* Metal keywords, address spaces, attributes and types */
    "kernel", "vertex", "fragment", "device", "constant", "threadgroup",
    "threadgroup_imageblock", "thread", "ray_data", "object_data", "stage_in", "visible",
    "metal", "half", "uint", "ushort", "uchar", "size_t", "ptrdiff_t", "half2", "half3", "half4",
    "float2", "float3", "float4", "int2", "int3", "int4", "uint2", "uint3", "uint4", "bool2",
    "bool3", "bool4", "half2x2", "half2x3", "half2x4", "half3x2", "half3x3", "half3x4",
    "half4x2", "half4x3", "half4x4", "float2x2", "float2x3", "float2x4", "float3x2", "float3x3",
    "float3x4", "float4x2", "float4x3", "float4x4", "texture2d", "depth2d", "atomic_int",
    "atomic_uint", "packed_float3", "simdgroup_matrix", "access", "filter", "address",
    "mem_flags", "mem_threadgroup", "mem_device", "mem_none", "memory_order_relaxed",
    "memory_order", "level", "bias", "gradient2d", "coord", "compare_func", "stage_in",
    /* Metal builtin functions */
    "rsqrt", "rint", "dfdx", "dfdy", "fwidth", "fmod", "fmin", "fmax", "fabs", "as_type",
    "threadgroup_barrier", "simdgroup_barrier", "discard_fragment", "atomic_load_explicit",
    "atomic_store_explicit", "atomic_exchange_explicit", "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit", "atomic_fetch_max_explicit", "atomic_fetch_min_explicit",
    "atomic_fetch_and_explicit", "atomic_fetch_or_explicit", "atomic_fetch_xor_explicit",
    "atomic_compare_exchange_weak_explicit", "simd_shuffle", "simd_shuffle_xor", "simd_sum",
    "simd_max", "simd_min", "simd_broadcast", "simd_prefix_inclusive_sum",
    "simd_prefix_exclusive_sum", "precise", "fast", "isnan", "isinf", "isfinite", "signbit",
    "copysign", "popcount", "clz", "ctz", "extract_bits", "insert_bits", "reverse_bits",
    "mad", "trunc", "select", "powr", "exp10", "log10", "sincos", "cospi", "sinpi", "tanpi",
    "fdim", "fmax3", "fmin3", "median3", "absdiff", "addsat", "subsat", "hadd", "rhadd",
    "madsat", "mulhi", "mul24", "mad24", "rotate", "divide", "isordered", "isunordered",
    "nextafter", "faceforward", "simd_shuffle_up", "simd_shuffle_down",
    "simd_shuffle_and_fill_up", "simd_shuffle_and_fill_down", "simd_broadcast_first",
    "simd_ballot", "simd_all", "simd_any", "simd_is_first", "simd_product", "simd_and",
    "simd_or", "simd_xor", "quad_shuffle", "quad_broadcast", "quad_sum",
    "simdgroup_load", "simdgroup_store", "simdgroup_multiply_accumulate",
    "atomic_thread_fence", "is_null_texture", "get_width", "get_height",
    /* more of Metal's standard library functions (math, integer, relational, geometric,
     * pack/unpack) and its constant templates: a user function of the same name and
     * parameter types would make every call ambiguous (着九's naming TODO) */
    "acospi", "asinpi", "atanpi", "atan2pi", "ilogb", "isnormal", "distance_squared",
    "length_squared", "fmedian3", "max3", "min3", "madhi", "numeric_limits",
    "pack_float_to_snorm4x8", "pack_float_to_unorm4x8", "pack_float_to_snorm2x16",
    "pack_float_to_unorm2x16", "pack_half_to_snorm4x8", "pack_half_to_unorm4x8",
    "pack_float_to_srgb_unorm4x8", "unpack_snorm4x8_to_float", "unpack_unorm4x8_to_float",
    "unpack_snorm2x16_to_float", "unpack_unorm2x16_to_float", "unpack_snorm4x8_to_half",
    "unpack_unorm4x8_to_half", "unpack_snorm2x16_to_half", "unpack_unorm2x16_to_half",
    "unpack_unorm4x8_srgb_to_float", "unpack_unorm4x8_srgb_to_half",
    /* macros of <metal_stdlib> (math constants and numeric limits): a name spelt like one
     * would be replaced by the preprocessor */
    "MAXFLOAT", "HUGE_VALF", "INFINITY", "NAN", "MAXHALF", "HUGE_VALH", "M_E_F", "M_LOG2E_F",
    "M_LOG10E_F", "M_LN2_F", "M_LN10_F", "M_PI_F", "M_PI_2_F", "M_PI_4_F", "M_1_PI_F",
    "M_2_PI_F", "M_2_SQRTPI_F", "M_SQRT2_F", "M_SQRT1_2_F", "M_E_H", "M_LOG2E_H", "M_LOG10E_H",
    "M_LN2_H", "M_LN10_H", "M_PI_H", "M_PI_2_H", "M_PI_4_H", "M_1_PI_H", "M_2_PI_H",
    "M_2_SQRTPI_H", "M_SQRT2_H", "M_SQRT1_2_H", "FP_ILOGB0", "FP_ILOGBNAN", "FLT_DIG",
    "FLT_MANT_DIG", "FLT_MAX_10_EXP", "FLT_MAX_EXP", "FLT_MIN_10_EXP", "FLT_MIN_EXP",
    "FLT_RADIX", "FLT_MAX", "FLT_MIN", "FLT_EPSILON", "HALF_DIG", "HALF_MANT_DIG",
    "HALF_MAX_10_EXP", "HALF_MAX_EXP", "HALF_MIN_10_EXP", "HALF_MIN_EXP", "HALF_RADIX",
    "HALF_MAX", "HALF_MIN", "HALF_EPSILON", "CHAR_BIT", "SCHAR_MAX", "SCHAR_MIN", "UCHAR_MAX",
    "CHAR_MAX", "CHAR_MIN", "USHRT_MAX", "SHRT_MAX", "SHRT_MIN", "UINT_MAX", "INT_MAX",
    "INT_MIN", "ULONG_MAX", "LONG_MAX", "LONG_MIN",
    /* Metal types and templates not listed above (a user name must not shadow them) */
    "vec", "matrix", "packed_vec", "array_ref", "bfloat", "ulong", "short2", "short3",
    "short4", "ushort2", "ushort3", "ushort4", "char2", "char3", "char4", "uchar2", "uchar3",
    "uchar4", "long2", "long3", "long4", "ulong2", "ulong3", "ulong4", "int8_t", "uint8_t",
    "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "atomic_bool",
    "atomic_float", "atomic_ulong", "texture1d", "texture1d_array", "texture2d_array",
    "texture3d", "texturecube", "texturecube_array", "texture2d_ms", "texture2d_ms_array",
    "texture_buffer", "depth2d_array", "depthcube", "depthcube_array", "depth2d_ms",
    "depth2d_ms_array", "packed_float2", "packed_float4", "packed_half2", "packed_half3",
    "packed_half4", "packed_int2", "packed_int3", "packed_int4", "packed_uint2",
    "packed_uint3", "packed_uint4", "simdgroup_float8x8", "simdgroup_half8x8", "tensor",
    "cooperative_tensor", "uniform", "visible_function_table", "imageblock",
    /* Metal attributes written without arguments (the syntax-check header defines them as
     * macros, and they read best kept apart from user names) */
    "thread_position_in_grid", "thread_position_in_threadgroup", "thread_index_in_threadgroup",
    "threadgroup_position_in_grid", "threadgroups_per_grid", "threads_per_threadgroup",
    "thread_index_in_simdgroup", "threads_per_simdgroup", "simdgroup_index_in_threadgroup",
    "vertex_id", "instance_id", "sample_id", "primitive_id", "point_size", "clip_distance",
    "render_target_array_index", "viewport_array_index", "max_total_threads_per_threadgroup",
};

bool names_is_reserved(const char *name) {
    /* Every reserved word is ASCII and starts with a letter or '_': most source names (CJK)
     * are settled by their first byte without scanning the table. */
    unsigned char first = (unsigned char)name[0];
    if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_')) return false;
    for (size_t i = 0; i < sizeof reserved_words / sizeof reserved_words[0]; i++) {
        const char *word = reserved_words[i];
        if (word[0] == name[0] && word[1] == name[1] && strcmp(word, name) == 0) return true;
    }
    return false;
}

/* ---- legalisation (docs/targets.md, "Names") ----
 * Characters that are not identifier characters (ident_chars.h) are written as escapes:
 * _uXXXX (U+0000…U+FFFF), _UXXXXXX (above), _xXX (a byte that is not UTF-8), hex digits in
 * upper case. A '_' of the source that would read as the start of an escape is itself
 * escaped (_u005F), and a body that starts with 豫_ gets the prefix too, so two different
 * source names never give the same target name. */

static bool upper_hex_digits(const char *text, size_t len, size_t count) {
    if (len < count) return false;
    for (size_t i = 0; i < count; i++)
        if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'A' && text[i] <= 'F'))) return false;
    return true;
}

/* True when text[0..len) (starting at a '_') reads as one of the escapes. */
static bool looks_like_escape(const char *text, size_t len) {
    if (len < 2 || text[0] != '_') return false;
    switch (text[1]) {
    case 'u': return upper_hex_digits(text + 2, len - 2, 4);
    case 'U': return upper_hex_digits(text + 2, len - 2, 6);
    case 'x': return upper_hex_digits(text + 2, len - 2, 2);
    default: return false;
    }
}

static void put_escape(StrBuf *out, uint32_t cp) {
    if (cp <= 0xFFFF) strbuf_printf(out, "_u%04X", (unsigned)cp);
    else strbuf_printf(out, "_U%06X", (unsigned)cp);
}

/* The name with every character that cannot stand in an identifier escaped. */
static void escape_body(StrBuf *out, const char *text, size_t len) {
    for (size_t i = 0; i < len;) {
        size_t width = 1;
        uint32_t cp = utf8_decode(text + i, len - i, &width);
        if (cp == UTF8_INVALID) {
            strbuf_printf(out, "_x%02X", (unsigned char)text[i]);
            width = 1;
        } else if (ident_char_class(cp) == IDENT_NONE || looks_like_escape(text + i, len - i)) {
            put_escape(out, cp);
        } else {
            strbuf_append(out, text + i, width);
        }
        i += width;
    }
}

/* Whether an escaped body needs 豫_ in front: it is empty, "_", starts with "__" or with _
 * and an upper-case letter (reserved in C++), starts with a character that may not start an
 * identifier (a digit, a combining mark, …), starts with 豫_ itself, or is a reserved word. */
static bool needs_prefix(const char *body) {
    size_t len = strlen(body);
    if (len == 0 || strcmp(body, "_") == 0 || strncmp(body, "__", 2) == 0) return true;
    if (body[0] == '_') return body[1] >= 'A' && body[1] <= 'Z';
    if (strncmp(body, NAMES_PREFIX, strlen(NAMES_PREFIX)) == 0) return true;
    size_t width = 1;
    if (ident_char_class(utf8_decode(body, len, &width)) != IDENT_START) return true;
    return names_is_reserved(body);
}

const char *names_legalise(Arena *arena, const char *name) {
    const char *text = name ? name : "";
    StrBuf body;
    strbuf_init(&body);
    escape_body(&body, text, strlen(text));
    const char *legal = strbuf_cstr(&body);
    const char *result = needs_prefix(legal) ? arena_printf(arena, NAMES_PREFIX "%s", legal)
                                             : arena_strdup(arena, legal);
    strbuf_free(&body);
    return result;
}

static uint32_t hash_name(const char *name) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) h = (h ^ *p) * 16777619u;
    return h;
}

void name_set_init(NameSet *set, Arena *arena) {
    name_set_init_nested(set, arena, NULL);
}

void name_set_init_nested(NameSet *set, Arena *arena, const NameSet *outer) {
    set->arena = arena;
    set->outer = outer;
    set->cap = 16;
    set->count = 0;
    set->slots = arena_alloc_array(arena, set->cap, sizeof *set->slots);
}

static uint32_t find_slot(const NameSet *set, const char *name) {
    uint32_t i = hash_name(name) & (set->cap - 1);
    while (set->slots[i] && strcmp(set->slots[i], name) != 0) i = (i + 1) & (set->cap - 1);
    return i;
}

bool name_set_has(const NameSet *set, const char *name) {
    for (; set; set = set->outer)
        if (set->slots[find_slot(set, name)]) return true;
    return false;
}

void name_set_add(NameSet *set, const char *name) {
    if ((set->count + 1) * 2 > set->cap) {
        const char **old = set->slots;
        uint32_t old_cap = set->cap;
        set->cap *= 2;
        set->slots = arena_alloc_array(set->arena, set->cap, sizeof *set->slots);
        for (uint32_t i = 0; i < old_cap; i++)
            if (old[i]) set->slots[find_slot(set, old[i])] = old[i];
    }
    uint32_t slot = find_slot(set, name);
    if (set->slots[slot]) return;  /* a name only `outer` has is added here: the caller chose it */
    set->slots[slot] = name;
    set->count++;
}

const char *name_set_claim(NameSet *set, const char *name) {
    const char *legal = names_legalise(set->arena, name);
    const char *chosen = legal;
    for (uint32_t n = 2; name_set_has(set, chosen); n++)
        chosen = arena_printf(set->arena, "%s_%u", legal, n);
    name_set_add(set, chosen);
    return chosen;
}
