enable f16;

@group(0) @binding(0) var<storage, read> 输入: array<f32>;
@group(0) @binding(1) var<storage, read_write> 输出: array<f32>;

const 倍率: f16 = f16(1.5);
const 偏移: f16 = f16(0.25);
const 下限: f16 = f16(-4.0);
const 上限: f16 = f16(100.0);

fn 半精度乘加(h: f16) -> vec2<f16> {
  let 积 = h * 倍率 + 偏移;
  return vec2<f16>(积, max(h, 下限));
}

@compute @workgroup_size(16)
fn 半精度(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let h = f16(输入[序]);
  let 对 = 半精度乘加(h);
  let 和 = clamp(对.x + 对.y, 下限, 上限);
  输出[序] = f32(和);
}
