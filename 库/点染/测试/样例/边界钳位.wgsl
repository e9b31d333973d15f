@group(0) @binding(0) var<storage, read_write> 数据: array<i32>;

const 下限: i32 = -5i;
const 上限: i32 = 9i;

@compute @workgroup_size(64)
fn 钳位(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  if 序 < arrayLength(&数据) {
    let 值 = 数据[序];
    let 夹后 = select(min(值, 上限), 下限, 值 < 下限);
    数据[序] = max(夹后, -(-下限));
  }
}
