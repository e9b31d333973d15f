#include <metal_stdlib>
using namespace metal;

constant half 半 = 0.5h;

[[max_total_threads_per_threadgroup(1)]] kernel void 主(uint3 号 [[thread_position_in_grid]], device half* 数据 [[buffer(0)]]) {
  const auto _1 = half2(数据[号.x], 1.5h) * 半;
  数据[号.x] = half(sqrt(float(_1.x + _1.y)));
}
