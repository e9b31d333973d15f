struct 豫_class {
  豫_float: f32,
  豫_template: u32,
}

@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;
@group(0) @binding(1) var<storage, read_write> 浮数: array<f32>;

const 豫_NAN: f32 = 0.5f;
const 豫_M_PI_F: u32 = 3u;

fn 豫_min(a: u32, b: u32) -> u32 {
  return min(a, b) + 1;
}

fn 豫_max3(a: u32, b: u32, c: u32) -> u32 {
  return max(a, max(b, c));
}

fn 豫_metal(x: u32) -> u32 {
  return x * 豫_M_PI_F;
}

fn 豫_sin(x: f32) -> f32 {
  return x * 豫_NAN;
}

fn 豫_length_squared(v: vec2<f32>) -> f32 {
  return dot(v, v);
}

fn 豫_template(p: 豫_class) -> f32 {
  return p.豫_float + f32(p.豫_template);
}

@compute @workgroup_size(8)
fn 豫_kernel(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 豫_float = 数据[序];
  let 豫_int = 豫_min(豫_float, 豫_max3(豫_float, 7, 12));
  let 豫_double = 浮数[序];
  let 豫_class_2 = 豫_class(豫_double, 豫_float);
  数据[序] = 豫_int + 豫_metal(豫_float);
  let _1 = 豫_sin(豫_double);
  let _2 = _1 + 豫_length_squared(vec2<f32>(豫_double, 豫_NAN));
  浮数[序] = _2 + 豫_template(豫_class_2);
}
