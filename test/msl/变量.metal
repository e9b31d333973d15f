#include <metal_stdlib>
using namespace metal;

[[max_total_threads_per_threadgroup(1)]] kernel void 主(uint3 号 [[thread_position_in_grid]], device float4* 数据 [[buffer(0)]]) {
  const auto _1 = 号.x;
  const auto _2 = 数据[_1];
  float 和 = {};
  和 = 0.0f;
  和 = 和 + _2.x;
  const auto _3 = 和;
  和 = 2.0f;
  float4 _4 = _2;
  _4.w = _3;
  数据[_1].z = 和;
  const auto _5 = 数据[_1][_1] + 1.0f;
  数据[_1] = _4;
  数据[_1].y = _5;
}
