#include <metal_stdlib>
using namespace metal;

struct 顶点入 {
  uint 序;
  uint 例;
};

struct 顶点出 {
  float4 位置 [[position]];
  float4 色 [[user(loc0)]];
  uint 号 [[user(loc1)]];
  float2 光 [[user(loc2)]];
};

struct 片元出 {
  float4 色 [[color(0)]];
  float4 辉 [[color(1)]];
  float 深 [[depth(any)]];
  uint 掩 [[sample_mask]];
};

struct yy_顶点_入 {
  float3 坐标 [[attribute(0)]];
  float2 光 [[attribute(1)]];
};

vertex 顶点出 顶点(uint 入_序 [[vertex_id]], uint 入_例 [[instance_id]], yy_顶点_入 yy_入 [[stage_in]], constant float4x4& 变换 [[buffer(0)]], const device float4* 色表 [[buffer(18)]]) {
  const 顶点入 入 = 顶点入{入_序, 入_例};
  const float3 坐标 = yy_入.坐标;
  const float2 光 = yy_入.光;
  return 顶点出{变换 * float4(坐标, 1.0f), 色表[入.序], 入.例, 光};
}

vertex float4 只位置(uint 序 [[vertex_id]]) {
  return float4(float(序), 0.0f, 0.0f, 1.0f);
}

struct yy_片元_入 {
  float4 色 [[user(loc0)]];
  uint 号 [[user(loc1)]] [[flat]];
  float2 光 [[user(loc2)]];
};

fragment 片元出 片元(float4 入_位置 [[position]], bool 正 [[front_facing]], uint 掩 [[sample_mask]], yy_片元_入 yy_入 [[stage_in]]) {
  const 顶点出 入 = 顶点出{入_位置, yy_入.色, yy_入.号, yy_入.光};
  const auto _1 = 入.色;
  return 片元出{_1, (正 ? _1 : _1 * 入.光.x), 入.位置.z, 掩};
}
