#include <metal_stdlib>
using namespace metal;

struct 豫_struct {
  uint 豫_var;
  float 号;
};

uint 豫_float(uint 豫_let, thread uint& 值) {
  const auto x = 1u;
  const auto x_2 = 豫_let + x;
  const auto x_3 = x_2 * x_2;
  const auto 值_2 = x_3 + x;
  const auto 豫_2号 = 值_2 + x_3;
  值 = 豫_2号;
  return 豫_2号;
}

[[max_total_threads_per_threadgroup(1)]] kernel void 豫_main(uint3 号 [[thread_position_in_grid]], device uint* 豫_loop [[buffer(0)]]) {
  uint 值 = {};
  const auto _1 = 豫_float(豫_loop[号.x], 值);
  豫_loop[号.x] = 豫_struct{_1, float(_1)}.豫_var;
}
