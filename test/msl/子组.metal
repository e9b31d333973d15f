#include <metal_stdlib>
using namespace metal;

[[max_total_threads_per_threadgroup(32)]] kernel void 主(uint3 号 [[thread_position_in_grid]], uint 道 [[thread_index_in_simdgroup]], uint 宽 [[threads_per_simdgroup]], device float* 数据 [[buffer(0)]], device half* 半数 [[buffer(1)]]) {
  const auto _1 = 号.x;
  const auto 值 = 数据[_1];
  const auto 和 = simd_sum(值);
  const auto _2 = simd_max(simd_shuffle(simd_shuffle_xor(和, 1u), 道 ^ 1u)) + float(宽);
  数据[_1] = _2;
  半数[_1] = half(_2);
}
