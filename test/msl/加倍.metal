#include <metal_stdlib>
using namespace metal;

[[max_total_threads_per_threadgroup(4)]] kernel void 加倍(uint3 号 [[thread_position_in_grid]], device uint* 数据 [[buffer(0)]]) {
  const auto 序 = 号.x;
  数据[序] = 数据[序] * 2u;
}
