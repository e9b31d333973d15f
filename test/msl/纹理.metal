#include <metal_stdlib>
using namespace metal;

struct yy_片元_入 {
  float2 uv [[user(loc0)]];
};

fragment float4 片元(yy_片元_入 yy_入 [[stage_in]], texture2d<float> 图 [[texture(0)]], sampler 采 [[sampler(1)]], depth2d<float> 深 [[texture(2)]], sampler 比 [[sampler(3)]]) {
  const float2 uv = yy_入.uv;
  const auto 色 = 图.sample(采, uv);
  const auto 影 = 深.sample_compare(比, uv, 0.5f);
  return (色 + 图.sample(采, uv, level(0.0f)) + 图.read(uint2(int2(uint2(图.get_width(), 图.get_height())) - int2(int(1), int(1))), 0u)) * 影;
}
