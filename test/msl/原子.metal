#include <metal_stdlib>
using namespace metal;

struct 交换结果 {
  uint old_value;
  bool exchanged;
};

template <typename P>
交换结果 yy_atomic_compare_exchange(P p, uint cmp, uint v) {
  uint old = cmp;
  const bool ok = atomic_compare_exchange_weak_explicit(p, &old, v, memory_order_relaxed, memory_order_relaxed);
  return 交换结果{old, ok};
}

[[max_total_threads_per_threadgroup(8)]] kernel void 数(uint 本 [[thread_index_in_threadgroup]], device atomic_uint* 计数 [[buffer(0)]]) {
  threadgroup atomic_uint 局部;
  atomic_fetch_add_explicit(&局部, 1u, memory_order_relaxed);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  atomic_fetch_max_explicit(&计数[0u], atomic_load_explicit(&局部, memory_order_relaxed), memory_order_relaxed);
  const auto 旧 = atomic_fetch_add_explicit(&计数[1u], 本, memory_order_relaxed);
  if (yy_atomic_compare_exchange(&计数[2u], 0u, 100u).exchanged) {
    atomic_store_explicit(&计数[旧 + 3u], 本, memory_order_relaxed);
  }
}
