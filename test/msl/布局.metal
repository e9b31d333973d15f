#include <metal_stdlib>
using namespace metal;

struct 粒子 {
  alignas(16) packed_float3 位置;
  float 质量;
  alignas(16) packed_float3 速度;
  uint 活;
};

struct 宽 {
  uint 甲;
  float3 向;
  float3x3 阵;
  alignas(8) packed_half3 半;
  half 尾;
};

[[max_total_threads_per_threadgroup(64)]] kernel void 动(uint3 号 [[thread_position_in_grid]], device 粒子* 粒子们 [[buffer(0)]], const device 宽* 宽们 [[buffer(1)]], device float3* 出 [[buffer(2)]]) {
  const auto 序 = 号.x;
  const auto _1 = 粒子们[序];
  粒子们[序].位置 = float3(_1.位置) + float3(_1.速度) * _1.质量;
  出[序] = 宽们[序].阵 * 宽们[序].向 + float3(half3(宽们[序].半));
}
