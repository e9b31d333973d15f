#include <metal_stdlib>
using namespace metal;

[[max_total_threads_per_threadgroup(4)]] kernel void 取(uint3 号 [[thread_position_in_grid]], const device int* 数据 [[buffer(0)]], device int* 结果 [[buffer(1)]], constant uint* yy_长度 [[buffer(30)]]) {
  const auto i = 号.x;
  const auto 值 = 数据[i];
  const auto 绝对 = (值 < int(0) ? -值 : 值);
  const auto _1 = i + 1u;
  int 邻 = {};
  if (_1 < yy_长度[0] / 4u) {
    邻 = 数据[_1];
  } else {
    邻 = int(0);
  }
  const auto _2 = 绝对 + 邻;
  const auto _3 = _2 >= int(0);
  结果[i] = ((_3 ? _3 : !_3) ? (_3 ? _2 * int(1) : int(0)) : int(0));
}
