#include <metal_stdlib>
using namespace metal;

uint 找(uint n, uint 目标) {
  uint i = 0u;
  uint _1 = {};
  while (true) {
    if (i >= n) {
      _1 = n;
      break;
    }
    uint j = 0u;
    uint 积 = 1u;
    uint _2 = {};
    while (true) {
      if (j >= i) {
        _2 = 积;
        break;
      }
      const auto _3 = j + 1u;
      j = _3;
      积 = 积 * _3;
    }
    if (_2 == 目标) {
      _1 = i;
      break;
    } else {
      i = i + 1u;
      continue;
    }
  }
  return _1;
}

int 分(int x) {
  if (!(x < int(0))) {
    return int(1);
  }
  if (x == int(-1)) {
    return x;
  } else {
    return -x;
  }
}

[[max_total_threads_per_threadgroup(4)]] kernel void 主(uint3 号 [[thread_position_in_grid]], device uint* 数据 [[buffer(0)]]) {
  数据[号.x] = as_type<uint>(分(int(3) - int(找(10u, 数据[号.x]))));
}

struct yy_片元_入 {
  float4 色 [[user(loc0)]];
};

fragment float4 片元(yy_片元_入 yy_入 [[stage_in]]) {
  const float4 色 = yy_入.色;
  if (色.w < 0.5f) {
    discard_fragment();
  }
  return 色;
}
