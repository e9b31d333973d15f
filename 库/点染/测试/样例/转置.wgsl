@group(0) @binding(0) var<storage, read> 输入: array<f32>;
@group(0) @binding(1) var<storage, read_write> 输出: array<f32>;
@group(0) @binding(2) var<storage, read_write> 序记: array<u32>;
var<workgroup> 块: array<f32, 272>;

const 宽: u32 = 40u;
const 高: u32 = 24u;
const 边: u32 = 16u;
const 行距: u32 = 17u;
const 零无: u32 = 0u;

@compute @workgroup_size(16, 16)
fn 转置(@builtin(local_invocation_id) 局部号: vec3<u32>, @builtin(local_invocation_index) 局部序: u32, @builtin(workgroup_id) 组号: vec3<u32>) {
  let x = 局部号.x;
  let y = 局部号.y;
  let 列 = 组号.x * 边 + x;
  let 行 = 组号.y * 边 + y;
  if 列 < 宽 && 行 < 高 {
    块[y * 行距 + x] = 输入[行 * 宽 + 列];
  }
  workgroupBarrier();
  let 出行 = 组号.x * 边 + y;
  let 出列 = 组号.y * 边 + x;
  if 出行 < 宽 && 出列 < 高 {
    输出[出行 * 高 + 出列] = 块[x * 行距 + y];
  }
  if 组号.x == 零无 && 组号.y == 零无 {
    序记[y * 边 + x] = 局部序;
  }
}
