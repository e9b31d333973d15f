@group(0) @binding(0) var<storage, read> 入: array<u32>;
@group(0) @binding(1) var<storage, read_write> 出: array<u32>;

@compute @workgroup_size(4)
fn 核(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let x = 入[序];
  let z = 0u;
  let 移 = x << 31u;
  let 商 = x / 1u;
  let 余数 = x % (z * 序 - z);
  出[序] = 移 + 商 + 余数;
}
