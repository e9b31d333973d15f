@group(0) @binding(0) var<storage, read> 入: array<u32>;
@group(0) @binding(1) var<storage, read_write> 出: array<u32>;

@compute @workgroup_size(4)
fn 比较(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 值 = 入[序];
  let 小 = select(序, 值, 序 < (值 >> 序));
  let 等 = select(0u, 100u, 值 == (序 << 1u));
  出[序] = 小 + 等;
}
