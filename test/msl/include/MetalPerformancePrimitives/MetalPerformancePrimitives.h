// <MetalPerformancePrimitives/MetalPerformancePrimitives.h> for the clang syntax check: the
// matmul2d TensorOp of seed 004 (7.2.1) — the descriptor with its constructor's parameters and
// defaults, matmul2d<Desc, Scope> with get_destination_cooperative_tensor and run. Checked:
// the descriptor's arguments and mode, the scope type, run's operands (two rank-2 tensors and
// a tensor or this matmul's destination cooperative tensor of the requested element type).
// Not checked (run-time facts): that all threads of the scope call run, the element-type table
// 7.3, how M/N/K meet the operands' extents, relaxed precision, the results. Class-type
// template parameters need C++20 in clang (check_sample.sh compiles such MSL with -std=c++20).
#ifndef YUSEC_MPP_STUB_H
#define YUSEC_MPP_STUB_H
#include <metal_tensor>

namespace mpp {
namespace tensor_ops {
template <class T> constexpr T dynamic_length_v = T(-1);

struct matmul2d_descriptor {
    enum class mode { multiply, multiply_accumulate };
    int m, n, k;
    bool transpose_left, transpose_right, relaxed_precision;
    mode matmul_mode;
    constexpr matmul2d_descriptor(int M, int N, int K = dynamic_length_v<int>, bool transpose_left = false,
                                  bool transpose_right = false, bool relaxed_precision = false,
                                  mode matmul_mode = mode::multiply)
        : m(M), n(N), k(K), transpose_left(transpose_left), transpose_right(transpose_right),
          relaxed_precision(relaxed_precision), matmul_mode(matmul_mode) {}
};

template <class Scope> struct __is_scope { static constexpr bool value = false; };
template <> struct __is_scope<metal::execution_simdgroup> { static constexpr bool value = true; };
template <> struct __is_scope<metal::execution_thread> { static constexpr bool value = true; };
template <int N> struct __is_scope<metal::execution_simdgroups<N>> { static constexpr bool value = true; };

template <matmul2d_descriptor Desc, class Scope> struct __destination_layout {};

template <matmul2d_descriptor Desc, class Scope, class... Args> struct matmul2d {
    static_assert(__is_scope<Scope>::value, "matmul2d: the scope is an execution_* type");
    static_assert(Desc.m > 0 && Desc.n > 0, "matmul2d_descriptor: M and N are positive");
    template <class Left, class Right, class ElementType, class CoordType = int>
    using destination_t = metal::cooperative_tensor<ElementType, metal::dextents<CoordType, 2>,
                                                  __destination_layout<Desc, Scope>>;

    template <class Left, class Right, class ElementType, class CoordType = int>
    destination_t<Left, Right, ElementType, CoordType> get_destination_cooperative_tensor() const;

    template <class Left, class Right, class Destination>
    void run(thread Left &left, thread Right &right, thread Destination &result) const {
        static_assert(metal::__is_tensor<Left>::value && Left::rank == 2, "matmul2d::run: left is a rank-2 tensor");
        static_assert(metal::__is_tensor<Right>::value && Right::rank == 2, "matmul2d::run: right is a rank-2 tensor");
        static_assert(metal::__is_tensor<Destination>::value ||
                          metal::__same<Destination, destination_t<Left, Right, typename Destination::element_type>>::value,
                      "matmul2d::run: the destination is a tensor or this matmul's destination cooperative tensor");
    }
};
}  // namespace tensor_ops
}  // namespace mpp
#endif
