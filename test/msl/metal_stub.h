// A small stand-in for <metal_stdlib>, so that clang (C++17, -fsyntax-only) can check the MSL
// that yusec emits where no Metal compiler exists (test/msl/syntax_check.sh). It declares
// what the MSL target uses, following the Metal spec chapters in ../shared/seeds (000 data
// types, 002 address spaces): scalar, vector and matrix types with their constructors and
// operators, metal::array, atomics with the *_explicit functions, textures and samplers,
// barriers, the math functions and SIMD-group matrices. Declarations only: nothing here is
// ever run.
//
// Faithfulness over convenience, so that the check catches slips in the emitter:
//  * vectors convert from scalars implicitly (broadcast) but from other vectors only
//    explicitly (spec 2.22); a vector constructor must get exactly N components (2.2);
//  * % & | ^ << >> ~ take integers only, && || ! booleans only (the operator table);
//  * sizeof(float3) == 16 and sizeof(half2) == 4 (table 2.3), so as_type checks sizes;
//  * textures: read takes uint2/ushort2 coordinates, depth textures are depth2d<float>.
// Address spaces are accepted and dropped (macros); attributes become [[clang::annotate]]
// (compile with -Werror=unknown-attributes so a misspelt attribute is an error), and the
// slot attributes check their index range (buffer ≤ 30, texture ≤ 127, sampler ≤ 15).
#ifndef YUSEC_METAL_STUB_H
#define YUSEC_METAL_STUB_H

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wuser-defined-literals"

// ---- address spaces (spec 4) and function qualifiers ----
#define device
#define constant
#define threadgroup
#define thread
#define kernel [[clang::annotate("kernel")]]
#define vertex [[clang::annotate("vertex")]]
#define fragment [[clang::annotate("fragment")]]

// ---- attributes ----
template <int N, int MAX> struct __metal_slot {
    static_assert(N >= 0 && N <= MAX, "Metal argument table index out of range");
    static constexpr int value = N;
};
enum __metal_depth { __metal_depth_any, __metal_depth_greater, __metal_depth_less };
#define buffer(n) clang::annotate("buffer", __metal_slot<(n), 30>::value)
#define texture(n) clang::annotate("texture", __metal_slot<(n), 127>::value)
#define sampler(n) clang::annotate("sampler", __metal_slot<(n), 15>::value)
#define attribute(n) clang::annotate("attribute", __metal_slot<(n), 30>::value)
#define color(n) clang::annotate("color", __metal_slot<(n), 7>::value)
#define user(name) clang::annotate("user", #name)
#define depth(kind) clang::annotate("depth", __metal_depth_##kind)
#define max_total_threads_per_threadgroup(n) clang::annotate("max_total_threads_per_threadgroup", __metal_slot<(n), 1024>::value)
#define stage_in clang::annotate("stage_in")
#define flat clang::annotate("flat")
#define position clang::annotate("position")
#define front_facing clang::annotate("front_facing")
#define sample_id clang::annotate("sample_id")
#define sample_mask clang::annotate("sample_mask")
#define vertex_id clang::annotate("vertex_id")
#define instance_id clang::annotate("instance_id")
#define thread_position_in_grid clang::annotate("thread_position_in_grid")
#define thread_position_in_threadgroup clang::annotate("thread_position_in_threadgroup")
#define thread_index_in_threadgroup clang::annotate("thread_index_in_threadgroup")
#define threadgroup_position_in_grid clang::annotate("threadgroup_position_in_grid")
#define threadgroups_per_grid clang::annotate("threadgroups_per_grid")
#define thread_index_in_simdgroup clang::annotate("thread_index_in_simdgroup")
#define threads_per_simdgroup clang::annotate("threads_per_simdgroup")

namespace metal {

typedef decltype(sizeof(0)) size_t;
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;

// ---- helpers (not Metal names) ----
template <bool B, class T = void> struct __enable_if {};
template <class T> struct __enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using __enable_if_t = typename __enable_if<B, T>::type;
template <class T> struct __identity { typedef T type; };
template <class T> using __id = typename __identity<T>::type;
template <class A, class B> struct __same { static constexpr bool value = false; };
template <class A> struct __same<A, A> { static constexpr bool value = true; };

// ---- half (IEEE binary16, spec 2.1): 2 bytes, converts to and from the other scalars ----
struct half {
    unsigned short __bits;
    half() = default;
    half(float);
    operator float() const;
};
half operator""h(long double);
half operator""h(unsigned long long);
// half op half is half; with float it is float; integers convert to half (usual arithmetic
// conversions, spec 2.22).
#define __METAL_HALF_OP(op)                                                                        \
    half operator op(half, half); float operator op(half, float); float operator op(float, half);  \
    half operator op(half, int); half operator op(int, half); half operator op(half, unsigned int); \
    half operator op(unsigned int, half);
#define __METAL_HALF_CMP(op)                                                                       \
    bool operator op(half, half); bool operator op(half, float); bool operator op(float, half);    \
    bool operator op(half, int); bool operator op(int, half);
__METAL_HALF_OP(+) __METAL_HALF_OP(-) __METAL_HALF_OP(*) __METAL_HALF_OP(/)
__METAL_HALF_CMP(<) __METAL_HALF_CMP(<=) __METAL_HALF_CMP(>) __METAL_HALF_CMP(>=)
__METAL_HALF_CMP(==) __METAL_HALF_CMP(!=)
half operator-(half);
#undef __METAL_HALF_OP
#undef __METAL_HALF_CMP

template <class T> struct __scalar { static constexpr bool value = false; };
template <> struct __scalar<bool> { static constexpr bool value = true; };
template <> struct __scalar<int> { static constexpr bool value = true; };
template <> struct __scalar<uint> { static constexpr bool value = true; };
template <> struct __scalar<short> { static constexpr bool value = true; };
template <> struct __scalar<ushort> { static constexpr bool value = true; };
template <> struct __scalar<float> { static constexpr bool value = true; };
template <> struct __scalar<half> { static constexpr bool value = true; };
template <class T> struct __integer { static constexpr bool value = false; };
template <> struct __integer<int> { static constexpr bool value = true; };
template <> struct __integer<uint> { static constexpr bool value = true; };
template <> struct __integer<short> { static constexpr bool value = true; };
template <> struct __integer<ushort> { static constexpr bool value = true; };
template <class T> struct __floating { static constexpr bool value = false; };
template <> struct __floating<float> { static constexpr bool value = true; };
template <> struct __floating<half> { static constexpr bool value = true; };
template <class T> struct __numeric { static constexpr bool value = __integer<T>::value || __floating<T>::value; };

// ---- vectors (spec 2.2): .x .y .z .w, [i], size and alignment of table 2.3 ----
template <class T, int N> struct __vec_fields;
template <class T> struct __vec_fields<T, 2> { T x, y; };
template <class T> struct __vec_fields<T, 3> { T x, y, z; };
template <class T> struct __vec_fields<T, 4> { T x, y, z, w; };

template <class T, int N> struct vec;
template <class T> struct __lanes { static constexpr int value = __scalar<T>::value ? 1 : -1000; };
template <class T, int N> struct __lanes<vec<T, N>> { static constexpr int value = N; };
template <class T, class A> struct __fits { static constexpr bool value = __scalar<A>::value; };
template <class T, class U, int M> struct __fits<T, vec<U, M>> { static constexpr bool value = __same<T, U>::value; };
template <class T, class... A> struct __all_fit { static constexpr bool value = true; };
template <class T, class A, class... R> struct __all_fit<T, A, R...> {
    static constexpr bool value = __fits<T, A>::value && __all_fit<T, R...>::value;
};

template <class T, int N> struct alignas(sizeof(T) * (N == 3 ? 4 : N)) vec : __vec_fields<T, N> {
    static_assert(__scalar<T>::value, "vector of a non-scalar type");
    vec() = default;
    template <class S, class = __enable_if_t<__scalar<S>::value>> vec(S broadcast);
    template <class A, class B, class... R,
              class = __enable_if_t<__lanes<A>::value + __lanes<B>::value + (0 + ... + __lanes<R>::value) == N &&
                                    __all_fit<T, A, B, R...>::value>>
    vec(A a, B b, R... rest);
    template <class U, class = __enable_if_t<!__same<U, T>::value>> explicit vec(vec<U, N> other);
    T &operator[](uint i);
    const T &operator[](uint i) const;
};

#define __METAL_VEC_TYPES(T)                                                                       \
    typedef vec<T, 2> T##2;                                                                        \
    typedef vec<T, 3> T##3;                                                                        \
    typedef vec<T, 4> T##4;
__METAL_VEC_TYPES(bool)
__METAL_VEC_TYPES(int)
__METAL_VEC_TYPES(uint)
__METAL_VEC_TYPES(short)
__METAL_VEC_TYPES(ushort)
__METAL_VEC_TYPES(float)
__METAL_VEC_TYPES(half)
#undef __METAL_VEC_TYPES

// ---- packed vectors (spec 2.2.3, table 2.4): n·sizeof(T) bytes, aligned as T; assignment
// from and explicit construction to the aligned vector (float3(p)), components and [i] ----
template <class T, int N> struct packed_vec : __vec_fields<T, N> {
    static_assert(__scalar<T>::value, "packed vector of a non-scalar type");
    packed_vec() = default;
    packed_vec(vec<T, N> aligned);
    operator vec<T, N>() const;
    T &operator[](uint i);
    const T &operator[](uint i) const;
};
#define __METAL_PACKED_TYPES(T)                                                                    \
    typedef packed_vec<T, 2> packed_##T##2;                                                        \
    typedef packed_vec<T, 3> packed_##T##3;                                                        \
    typedef packed_vec<T, 4> packed_##T##4;
__METAL_PACKED_TYPES(int)
__METAL_PACKED_TYPES(uint)
__METAL_PACKED_TYPES(short)
__METAL_PACKED_TYPES(ushort)
__METAL_PACKED_TYPES(float)
__METAL_PACKED_TYPES(half)
#undef __METAL_PACKED_TYPES

template <class T> struct __vector { static constexpr bool value = false; };
template <class T, int N> struct __vector<vec<T, N>> { static constexpr bool value = true; };
template <class T> struct __elem { typedef T type; };
template <class T, int N> struct __elem<vec<T, N>> { typedef T type; };
template <class T> using __elem_t = typename __elem<T>::type;
// Scalar or vector of float/half, of integers, of numbers.
template <class T> constexpr bool __fp = __floating<__elem_t<T>>::value;
template <class T> constexpr bool __int = __integer<__elem_t<T>>::value;
template <class T> constexpr bool __num = __numeric<__elem_t<T>>::value;

#define __METAL_BINARY(op, test)                                                                   \
    template <class T, int N, class = __enable_if_t<test<T>::value>> vec<T, N> operator op(vec<T, N>, vec<T, N>); \
    template <class T, int N, class = __enable_if_t<test<T>::value>> vec<T, N> operator op(vec<T, N>, __id<T>);   \
    template <class T, int N, class = __enable_if_t<test<T>::value>> vec<T, N> operator op(__id<T>, vec<T, N>);
__METAL_BINARY(+, __numeric)
__METAL_BINARY(-, __numeric)
__METAL_BINARY(*, __numeric)
__METAL_BINARY(/, __numeric)
__METAL_BINARY(%, __integer)
__METAL_BINARY(&, __integer)
__METAL_BINARY(|, __integer)
__METAL_BINARY(^, __integer)
__METAL_BINARY(<<, __integer)
__METAL_BINARY(>>, __integer)
#undef __METAL_BINARY
#define __METAL_COMPARE(op, test)                                                                  \
    template <class T, int N, class = __enable_if_t<test<T>::value>> vec<bool, N> operator op(vec<T, N>, vec<T, N>); \
    template <class T, int N, class = __enable_if_t<test<T>::value>> vec<bool, N> operator op(vec<T, N>, __id<T>);   \
    template <class T, int N, class = __enable_if_t<test<T>::value>> vec<bool, N> operator op(__id<T>, vec<T, N>);
__METAL_COMPARE(<, __numeric)
__METAL_COMPARE(<=, __numeric)
__METAL_COMPARE(>, __numeric)
__METAL_COMPARE(>=, __numeric)
__METAL_COMPARE(==, __scalar)
__METAL_COMPARE(!=, __scalar)
#undef __METAL_COMPARE
template <int N> vec<bool, N> operator&&(vec<bool, N>, vec<bool, N>);
template <int N> vec<bool, N> operator||(vec<bool, N>, vec<bool, N>);
template <int N> vec<bool, N> operator!(vec<bool, N>);
template <class T, int N, class = __enable_if_t<__numeric<T>::value>> vec<T, N> operator-(vec<T, N>);
template <class T, int N, class = __enable_if_t<__integer<T>::value>> vec<T, N> operator~(vec<T, N>);

// ---- matrices (spec 2.3): C columns of R-vectors, m[c] is a column ----
template <class T, int C, int R> struct matrix {
    static_assert(__floating<T>::value, "matrices hold float or half");
    vec<T, R> __columns[C];
    matrix() = default;
    explicit matrix(T diagonal);
    template <class... V, class = __enable_if_t<sizeof...(V) == C && (... && __same<V, vec<T, R>>::value)>>
    matrix(V... columns);
    template <class... S, class = __enable_if_t<sizeof...(S) == C * R && (... && __scalar<S>::value)>, class = void>
    matrix(S... scalars);
    vec<T, R> &operator[](uint column);
    const vec<T, R> &operator[](uint column) const;
};
template <class T, int C, int R> vec<T, R> operator*(matrix<T, C, R>, vec<T, C>);
template <class T, int C, int R> vec<T, C> operator*(vec<T, R>, matrix<T, C, R>);
template <class T, int C, int R, int K> matrix<T, K, R> operator*(matrix<T, C, R>, matrix<T, K, C>);
template <class T, int C, int R> matrix<T, C, R> operator*(matrix<T, C, R>, __id<T>);
template <class T, int C, int R> matrix<T, C, R> operator*(__id<T>, matrix<T, C, R>);
template <class T, int C, int R> matrix<T, C, R> operator+(matrix<T, C, R>, matrix<T, C, R>);
template <class T, int C, int R> matrix<T, C, R> operator-(matrix<T, C, R>, matrix<T, C, R>);
template <class T, int C, int R> matrix<T, C, R> operator-(matrix<T, C, R>);
#define __METAL_MAT_TYPES(T)                                                                       \
    typedef matrix<T, 2, 2> T##2x2; typedef matrix<T, 2, 3> T##2x3; typedef matrix<T, 2, 4> T##2x4; \
    typedef matrix<T, 3, 2> T##3x2; typedef matrix<T, 3, 3> T##3x3; typedef matrix<T, 3, 4> T##3x4; \
    typedef matrix<T, 4, 2> T##4x2; typedef matrix<T, 4, 3> T##4x3; typedef matrix<T, 4, 4> T##4x4;
__METAL_MAT_TYPES(float)
__METAL_MAT_TYPES(half)
#undef __METAL_MAT_TYPES

// Sizes and alignments of seed 000 (tables 2.3, 2.4; matrices are arrays of columns), which
// the layout test (test/msl/layout_check.sh) relies on.
static_assert(sizeof(float3) == 16 && alignof(float3) == 16, "table 2.3: float3");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "table 2.3: float2");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "table 2.3: float4");
static_assert(sizeof(half3) == 8 && alignof(half3) == 8, "table 2.3: half3");
static_assert(sizeof(half2) == 4 && alignof(half2) == 4, "table 2.3: half2");
static_assert(sizeof(uint3) == 16 && alignof(uint3) == 16, "table 2.3: uint3");
static_assert(sizeof(packed_float3) == 12 && alignof(packed_float3) == 4, "table 2.4: packed_float3");
static_assert(sizeof(packed_half3) == 6 && alignof(packed_half3) == 2, "table 2.4: packed_half3");
static_assert(sizeof(packed_uint3) == 12 && alignof(packed_uint3) == 4, "table 2.4: packed_uint3");
static_assert(sizeof(float3x3) == 48 && alignof(float3x3) == 16, "float3x3: three float3 columns");
static_assert(sizeof(float2x2) == 16 && alignof(float2x2) == 8, "float2x2: two float2 columns");
static_assert(sizeof(float4x3) == 64 && alignof(float4x3) == 16, "float4x3: four float3 columns");
static_assert(sizeof(half3x3) == 24 && alignof(half3x3) == 8, "half3x3: three half3 columns");

// ---- arrays (spec 2.12): an aggregate, array<T, N>{…} ----
template <class T, size_t N> struct array {
    T __elems[N];
    T &operator[](size_t i);
    const T &operator[](size_t i) const;
    constexpr size_t size() const { return N; }
};

// ---- atomics (spec 2.6) and their functions; Metal orders relaxed only ----
template <class T> struct atomic {
    static_assert(__same<T, int>::value || __same<T, uint>::value, "atomic<int> and atomic<uint> only");
    atomic() = default;
    atomic(const atomic &) = delete;
    atomic &operator=(const atomic &) = delete;
    T __value;
};
typedef atomic<int> atomic_int;
typedef atomic<uint> atomic_uint;
enum memory_order { memory_order_relaxed };
template <class T> T atomic_load_explicit(const volatile atomic<T> *object, memory_order order);
template <class T> void atomic_store_explicit(volatile atomic<T> *object, __id<T> desired, memory_order order);
template <class T> T atomic_exchange_explicit(volatile atomic<T> *object, __id<T> desired, memory_order order);
template <class T>
bool atomic_compare_exchange_weak_explicit(volatile atomic<T> *object, __id<T> *expected, __id<T> desired,
                                           memory_order succ, memory_order fail);
#define __METAL_FETCH(name)                                                                        \
    template <class T> T name(volatile atomic<T> *object, __id<T> operand, memory_order order);
__METAL_FETCH(atomic_fetch_add_explicit)
__METAL_FETCH(atomic_fetch_sub_explicit)
__METAL_FETCH(atomic_fetch_max_explicit)
__METAL_FETCH(atomic_fetch_min_explicit)
__METAL_FETCH(atomic_fetch_and_explicit)
__METAL_FETCH(atomic_fetch_or_explicit)
__METAL_FETCH(atomic_fetch_xor_explicit)
#undef __METAL_FETCH

// ---- synchronisation ----
enum class mem_flags { mem_none = 0, mem_device = 1, mem_threadgroup = 2, mem_texture = 4 };
void threadgroup_barrier(mem_flags flags);
void simdgroup_barrier(mem_flags flags);
void discard_fragment();

// ---- textures and samplers (spec 2.9, 2.10) ----
enum class access { sample, read, write, read_write };
struct sampler {};  // no constructors: `sampler` is also the slot attribute's macro
struct level {
    explicit level(float lod);
};
template <class T, access A = access::sample> struct texture2d {
    static_assert(__same<T, float>::value || __same<T, half>::value || __same<T, int>::value ||
                      __same<T, uint>::value || __same<T, short>::value || __same<T, ushort>::value,
                  "texture2d<T>: T is half, float, short, ushort, int or uint");
    vec<T, 4> sample(sampler s, float2 coord, int2 offset = int2(0)) const;
    vec<T, 4> sample(sampler s, float2 coord, level options, int2 offset = int2(0)) const;
    vec<T, 4> read(uint2 coord, uint lod = 0) const;
    vec<T, 4> read(ushort2 coord, ushort lod = 0) const;
    uint get_width(uint lod = 0) const;
    uint get_height(uint lod = 0) const;
};
template <class T, access A = access::sample> struct depth2d {
    static_assert(__same<T, float>::value, "depth2d<T>: T is float");
    T sample(sampler s, float2 coord, int2 offset = int2(0)) const;
    T sample(sampler s, float2 coord, level options, int2 offset = int2(0)) const;
    T sample_compare(sampler s, float2 coord, float compare_value, int2 offset = int2(0)) const;
    T sample_compare(sampler s, float2 coord, float compare_value, level options, int2 offset = int2(0)) const;
    T read(uint2 coord, uint lod = 0) const;
    T read(ushort2 coord, ushort lod = 0) const;
    uint get_width(uint lod = 0) const;
    uint get_height(uint lod = 0) const;
};

// ---- conversions (spec 2.22) ----
template <class To, class From, class = __enable_if_t<sizeof(To) == sizeof(From)>> To as_type(From value);

// ---- math: float/half scalars and vectors unless said otherwise ----
#define __METAL_FP1(name) template <class T, class = __enable_if_t<__fp<T>>> T name(T x);
#define __METAL_FP2(name) template <class T, class = __enable_if_t<__fp<T>>> T name(T x, T y);
#define __METAL_FP3(name) template <class T, class = __enable_if_t<__fp<T>>> T name(T x, T y, T z);
__METAL_FP1(sqrt) __METAL_FP1(rsqrt) __METAL_FP1(exp) __METAL_FP1(exp2) __METAL_FP1(log)
__METAL_FP1(log2) __METAL_FP1(sin) __METAL_FP1(cos) __METAL_FP1(tan) __METAL_FP1(tanh)
__METAL_FP1(asin) __METAL_FP1(acos) __METAL_FP1(atan) __METAL_FP1(floor) __METAL_FP1(ceil)
__METAL_FP1(trunc) __METAL_FP1(fract) __METAL_FP1(rint) __METAL_FP1(round) __METAL_FP1(saturate)
__METAL_FP1(sign) __METAL_FP1(dfdx) __METAL_FP1(dfdy) __METAL_FP1(fwidth) __METAL_FP1(normalize)
__METAL_FP2(pow) __METAL_FP2(atan2) __METAL_FP2(fmod) __METAL_FP2(step) __METAL_FP2(reflect)
__METAL_FP3(mix) __METAL_FP3(smoothstep) __METAL_FP3(fma)
#undef __METAL_FP1
#undef __METAL_FP2
#undef __METAL_FP3
template <class T, int N, class = __enable_if_t<__floating<T>::value>> vec<T, N> mix(vec<T, N> x, vec<T, N> y, __id<T> a);
template <class T, int N, class = __enable_if_t<__floating<T>::value>> vec<T, N> step(__id<T> edge, vec<T, N> x);
template <class T, int N, class = __enable_if_t<__floating<T>::value>> T dot(vec<T, N> x, vec<T, N> y);
template <class T, class = __enable_if_t<__floating<T>::value>> vec<T, 3> cross(vec<T, 3> x, vec<T, 3> y);
template <class T, int N, class = __enable_if_t<__floating<T>::value>> T length(vec<T, N> x);
template <class T, int N, class = __enable_if_t<__floating<T>::value>> T distance(vec<T, N> x, vec<T, N> y);
template <class T, class = __enable_if_t<__num<T>>> T abs(T x);
template <class T, class = __enable_if_t<__num<T>>> T min(T x, T y);
template <class T, class = __enable_if_t<__num<T>>> T max(T x, T y);
template <class T, class = __enable_if_t<__num<T>>> T clamp(T x, T low, T high);
// Integer functions (metal_integer): per component.
template <class T, class = __enable_if_t<__num<T>>> T popcount(T x);
template <class T, class = __enable_if_t<__num<T>>> T reverse_bits(T x);
// select(a, b, c): per component c ? b : a.
template <class T, int N> vec<T, N> select(vec<T, N> a, vec<T, N> b, vec<bool, N> c);
template <class T, class = __enable_if_t<__scalar<T>::value || __vector<T>::value>> T select(T a, T b, bool c);

// ---- SIMD-groups (着十一, spec 6.9.2): numeric scalars and vectors (float, half, int, uint) ----
template <class T, class = __enable_if_t<__num<T>>> T simd_shuffle(T data, ushort lane);
template <class T, class = __enable_if_t<__num<T>>> T simd_shuffle_xor(T data, ushort mask);
template <class T, class = __enable_if_t<__num<T>>> T simd_shuffle_up(T data, ushort delta);
template <class T, class = __enable_if_t<__num<T>>> T simd_shuffle_down(T data, ushort delta);
template <class T, class = __enable_if_t<__num<T>>> T simd_sum(T data);
template <class T, class = __enable_if_t<__num<T>>> T simd_max(T data);
template <class T, class = __enable_if_t<__num<T>>> T simd_min(T data);
template <class T, class = __enable_if_t<__num<T>>> T simd_prefix_exclusive_sum(T data);
template <class T, class = __enable_if_t<__num<T>>> T simd_prefix_inclusive_sum(T data);
template <class T, class = __enable_if_t<__num<T>>> T simd_prefix_exclusive_product(T data);
template <class T, class = __enable_if_t<__num<T>>> T simd_prefix_inclusive_product(T data);
// A ballot is a simd_vote: one bit per lane in a 64-bit vote_t, read only through an explicit
// conversion (so a missing cast in the emitter is an error here).
typedef unsigned long ulong;
static_assert(sizeof(ulong) == 8, "Metal's ulong has 64 bits");
class simd_vote {
public:
    typedef ulong vote_t;
    explicit simd_vote(vote_t v = 0);
    explicit operator vote_t() const;
    bool all() const;
    bool any() const;
};
simd_vote simd_ballot(bool expr);
bool simd_all(bool expr);
bool simd_any(bool expr);
bool simd_is_first();

// ---- names user code must not take (着九's naming TODO; sample 金属重名) ----
// Metal's headers also declare the library functions for each concrete type, so a user
// function with the same name and parameter types makes its calls ambiguous; these
// exact-type overloads give clang that behaviour for the names yusec's reserved table covers.
float sin(float x);
float cos(float x);
uint min(uint x, uint y);
uint max(uint x, uint y);
uint max3(uint x, uint y, uint z);
uint min3(uint x, uint y, uint z);
uint median3(uint x, uint y, uint z);
float length_squared(float2 x);
float distance_squared(float2 x, float2 y);
bool isnormal(float x);
int ilogb(float x);
float acospi(float x);
float asinpi(float x);
float atanpi(float x);

// ---- SIMD-group matrices (spec 2.4; <metal_simdgroup_matrix>): 8×8 tiles held by a whole
// SIMD group. Loads and stores take a threadgroup or device pointer (address spaces are
// dropped here), elements per row, an origin (column, row) and whether to transpose; the
// multiply-accumulate may mix half operands with a float accumulator. ----
struct __metal_ulong2 {
    __metal_ulong2(ulong x, ulong y);
};
typedef __metal_ulong2 ulong2;
template <class T, int Cols, int Rows> struct simdgroup_matrix {
    static_assert(__floating<T>::value, "simdgroup_matrix of a non-float type");
    simdgroup_matrix();
    // The two elements this thread holds (MSL 3.1: a reference into the matrix).
    thread vec<T, 2> &thread_elements();
};
typedef simdgroup_matrix<half, 8, 8> simdgroup_half8x8;
typedef simdgroup_matrix<float, 8, 8> simdgroup_float8x8;
template <class T, int Cols, int Rows> simdgroup_matrix<T, Cols, Rows> make_filled_simdgroup_matrix(T value);
template <class T, int Cols, int Rows>
void simdgroup_load(thread simdgroup_matrix<T, Cols, Rows> &d, const T *src, ulong elements_per_row = Cols,
                    ulong2 matrix_origin = ulong2(0, 0), bool transpose_matrix = false);
template <class T, int Cols, int Rows>
void simdgroup_store(simdgroup_matrix<T, Cols, Rows> a, T *dst, ulong elements_per_row = Cols,
                     ulong2 matrix_origin = ulong2(0, 0), bool transpose_matrix = false);
template <class TD, class TA, class TB, class TC, int Cols, int Rows, int K>
void simdgroup_multiply_accumulate(thread simdgroup_matrix<TD, Cols, Rows> &d,
                                   thread const simdgroup_matrix<TA, K, Rows> &a,
                                   thread const simdgroup_matrix<TB, Cols, K> &b,
                                   thread const simdgroup_matrix<TC, Cols, Rows> &c);

}  // namespace metal

// Math constants and numeric limits of <metal_stdlib> are macros (Metal spec, math
// functions): a user constant spelt like one is rewritten by the preprocessor.
#define MAXFLOAT 0x1.fffffep+127f
#define HUGE_VALF __builtin_huge_valf()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define M_PI_F 3.14159265358979323846264338327950288f
#define M_E_F 2.71828182845904523536028747135266250f
#define M_SQRT2_F 1.41421356237309504880168872420969808f
#define FLT_MAX 0x1.fffffep+127f
#define FLT_EPSILON 0x1p-23f
#define UINT_MAX 4294967295u
#define INT_MAX 2147483647

#pragma clang diagnostic pop
#endif
