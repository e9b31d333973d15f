#include <metal_stdlib>
using namespace metal;

struct 参数 {
  float 倍数;
  float 偏移;
  uint 个数;
};

[[max_total_threads_per_threadgroup(64)]] kernel void 缩放(uint3 号 [[thread_position_in_grid]], const device float* 输入 [[buffer(0)]], device float* 输出 [[buffer(1)]], constant 参数& 参 [[buffer(2)]]) {
  const auto i = 号.x;
  if (i < 参.个数) {
    输出[i] = 输入[i] * 参.倍数 + 参.偏移;
  }
}
