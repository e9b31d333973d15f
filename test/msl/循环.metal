#include <metal_stdlib>
using namespace metal;

uint 求和(uint n) {
  uint i = 0u;
  uint acc = 0u;
  uint _1 = {};
  while (true) {
    if (i >= n) {
      _1 = acc;
      break;
    }
    acc = acc + i;
    i = i + 1u;
  }
  const auto 结果 = (_1 < 100u ? _1 : 100u);
  return 结果;
}

[[max_total_threads_per_threadgroup(4)]] kernel void 主(uint3 号 [[thread_position_in_grid]], device uint* 数据 [[buffer(0)]]) {
  数据[号.x] = 求和(数据[号.x]);
}
