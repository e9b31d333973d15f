@group(0) @binding(0) var<storage, read_write> 权重: array<f32>;
@group(0) @binding(1) var<storage, read_write> 距离表: array<f32>;

const 中心: f32 = 7.0f;
const 两倍方差: f32 = 18.0f;
const 满分: f32 = 256.0f;
const 半: f32 = 0.5f;
const 零浮: f32 = 0.0f;
const 核半径: f32 = 5.0f;

fn 高斯(d: f32) -> f32 {
  return exp(-(d * d / 两倍方差));
}

@compute @workgroup_size(16)
fn 算权重(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let d = f32(序) - 中心;
  let w = round(满分 * 高斯(d));
  权重[序] = w;
  let 距 = sqrt(d * d);
  let 半距 = floor(d * 半) + ceil(d * 半);
  let 截 = clamp(距, 零浮, 核半径);
  距离表[序] = 截 * 满分 + min(abs(半距), 满分);
}
