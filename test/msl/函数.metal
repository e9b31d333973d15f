#include <metal_stdlib>
using namespace metal;

float 平方(float x) {
  return x * x;
}

void 记(thread uint& 次数) {
  次数 = 次数 + 1u;
}

uint 计(float x, thread uint& 次数) {
  return 次数;
}

[[max_total_threads_per_threadgroup(2)]] kernel void 主(uint3 号 [[thread_position_in_grid]], device float* 数据 [[buffer(0)]]) {
  uint 次数 = {};
  const auto _1 = 平方(数据[号.x]) + 1.0f;
  数据[号.x] = _1;
  计(_1, 次数);
}
