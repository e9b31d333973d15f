@group(0) @binding(0) var<storage, read> 数据: array<u32>;
@group(0) @binding(1) var<storage, read_write> 和: array<u32>;
var<workgroup> 共享: array<u32, 64>;

@compute @workgroup_size(64)
fn 归约(@builtin(local_invocation_index) 局: u32, @builtin(workgroup_id) 组: vec3<u32>) {
  let _1 = 组.x;
  let 全 = _1 * 64u + 局;
  共享[局] = 数据[全];
  workgroupBarrier();
  var 步 = 32u;
  loop {
    if 步 == 0u {
      break;
    }
    if 局 < 步 {
      共享[局] = 共享[局] + 共享[局 + 步];
    }
    workgroupBarrier();
    步 = 步 >> 1u;
  }
  if 局 == 0u {
    和[_1] = 共享[局];
  }
}
