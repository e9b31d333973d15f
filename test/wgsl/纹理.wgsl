@group(0) @binding(0) var 图: texture_2d<f32>;
@group(0) @binding(1) var 采: sampler;
@group(0) @binding(2) var 深: texture_depth_2d;
@group(0) @binding(3) var 比: sampler_comparison;

@fragment
fn 片元(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  let 色 = textureSample(图, 采, uv);
  let 影 = textureSampleCompare(深, 比, uv, 0.5f);
  return (色 + textureSampleLevel(图, 采, uv, 0.0f) + textureLoad(图, vec2<i32>(textureDimensions(图)) - vec2<i32>(1i, 1i), 0i)) * 影;
}
