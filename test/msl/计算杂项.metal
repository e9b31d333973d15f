#include <metal_stdlib>
using namespace metal;

struct 号组 {
  uint3 全;
  uint 局;
};

struct 交换 {
  int old_value;
  bool exchanged;
};

template <typename P>
交换 yy_atomic_compare_exchange(P p, int cmp, int v) {
  int old = cmp;
  const bool ok = atomic_compare_exchange_weak_explicit(p, &old, v, memory_order_relaxed, memory_order_relaxed);
  return 交换{old, ok};
}

void 写共享(uint i, float v, threadgroup array<float, 8>& 共享) {
  共享[i] = v;
}

void 加一(thread uint* p, thread uint& 计) {
  const auto _1 = *p + 1u;
  *p = _1;
  计 = _1;
}

[[max_total_threads_per_threadgroup(8)]] kernel void 主(uint3 号_全 [[thread_position_in_grid]], uint 号_局 [[thread_index_in_threadgroup]], device float4* 出 [[buffer(0)]], device int* 整 [[buffer(1)]], texture2d<float> 图 [[texture(3)]]) {
  threadgroup array<float, 8> 共享;
  threadgroup atomic_int 锁;
  uint 计 = {};
  const 号组 号 = 号组{号_全, 号_局};
  const auto _1 = 号.局;
  const auto _2 = float(_1);
  写共享(_1, _2, 共享);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  const auto _3 = yy_atomic_compare_exchange(&锁, int(0), int(1)).old_value;
  整[_1] = int(_3 > 0) - int(_3 < 0);
  uint 格 = _1;
  加一(&格, 计);
  const auto _4 = fmod(_2, 3.0f);
  const auto _5 = 图.read(uint2(图.get_width(0u), 图.get_height(0u)), 0u);
  const auto _6 = float4(_4, _4, _4, _4);
  出[号.全.x] = select(_6, _5, _5 < _6) * float(as_type<uint>(half2(float2(as_type<half2>(格)))));
}
