#include <metal_stdlib>
using namespace metal;

[[max_total_threads_per_threadgroup(64)]] kernel void 归约(uint 局 [[thread_index_in_threadgroup]], uint3 组 [[threadgroup_position_in_grid]], const device uint* 数据 [[buffer(0)]], device uint* 和 [[buffer(1)]]) {
  threadgroup array<uint, 64> 共享;
  const auto _1 = 组.x;
  const auto 全 = _1 * 64u + 局;
  共享[局] = 数据[全];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  uint 步 = 32u;
  while (true) {
    if (步 == 0u) {
      break;
    }
    if (局 < 步) {
      共享[局] = 共享[局] + 共享[局 + 步];
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    步 = 步 >> 1u;
  }
  if (局 == 0u) {
    和[_1] = 共享[局];
  }
}
