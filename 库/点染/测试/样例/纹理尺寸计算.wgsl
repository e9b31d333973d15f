@group(0) @binding(0) var 图: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> 尺寸表: array<vec2<u32>>;

@compute @workgroup_size(1)
fn 量尺寸(@builtin(global_invocation_id) 号: vec3<u32>) {
  尺寸表[号.x] = textureDimensions(图);
}
