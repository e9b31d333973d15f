@group(0) @binding(0) var<storage, read> 输入: array<f32>;
@group(0) @binding(1) var<storage, read_write> 部分和: array<f32>;
var<workgroup> 暂存: array<f32, 64>;

const 零无: u32 = 0u;
const 二无: u32 = 2u;
const 半宽: u32 = 32u;

@compute @workgroup_size(64)
fn 归约(@builtin(global_invocation_id) 全局号: vec3<u32>, @builtin(local_invocation_index) 局部序: u32, @builtin(workgroup_id) 组号: vec3<u32>) {
  暂存[局部序] = 输入[全局号.x];
  workgroupBarrier();
  折半(半宽, 局部序);
  if 局部序 == 零无 {
    部分和[组号.x] = 暂存[零无];
  }
}

fn 折半(步: u32, 局部序: u32) {
  var 步_2 = 步;
  loop {
    if 步_2 > 零无 {
      if 局部序 < 步_2 {
        暂存[局部序] = 暂存[局部序] + 暂存[局部序 + 步_2];
      }
      workgroupBarrier();
      步_2 = 步_2 / 二无;
      continue;
    } else {
      break;
    }
  }
}
