#include <metal_stdlib>
using namespace metal;

struct 对 {
  uint 甲;
  float 乙;
};

constant float 半 = 0.5f;
constant float 四十 = 40.0f;
constant float3 方向 = float3(1.0f, -2.0f, 0.25f);
constant array<uint, 4> 表 = array<uint, 4>{1u, 2u, 3u, 5u};
constant 对 一对 = 对{7u, 1.5f};
constant float2x2 单位 = float2x2(float2(1.0f, 0.0f), float2(0.0f, 1.0f));
constant int 负 = int(-3);

[[max_total_threads_per_threadgroup(1)]] kernel void 主(uint3 号 [[thread_position_in_grid]], device float* 数据 [[buffer(0)]]) {
  数据[号.x] = (半 * 四十 + 方向.y + 一对.乙) * 单位[1].y + float(负);
}
