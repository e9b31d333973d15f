#include <metal_stdlib>
using namespace metal;

uint 向量数(const device float3* 向量们, uint yy_向量们_字节数) {
  return yy_向量们_字节数 / 16u;
}

[[max_total_threads_per_threadgroup(1)]] kernel void 长(uint3 号 [[thread_position_in_grid]], device uint* 数 [[buffer(0)]], const device float3* 向量们 [[buffer(18)]], constant uint* yy_长度 [[buffer(30)]]) {
  数[0u] = yy_长度[0] / 4u + 向量数(向量们, yy_长度[1]);
}

[[max_total_threads_per_threadgroup(1)]] kernel void 只向量(uint3 号 [[thread_position_in_grid]], device uint* 数 [[buffer(0)]], const device float3* 向量们 [[buffer(18)]], constant uint* yy_长度 [[buffer(30)]]) {
  数[1u] = 向量数(向量们, yy_长度[0]);
}

[[max_total_threads_per_threadgroup(1)]] kernel void 不量(uint3 号 [[thread_position_in_grid]], device uint* 数 [[buffer(0)]], const device uint* 未量 [[buffer(1)]]) {
  数[2u] = 未量[0u];
}
