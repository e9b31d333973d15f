@group(0) @binding(0) var<storage, read> 输入: array<u32>;
@group(0) @binding(1) var<storage, read_write> 出: array<u32>;
var<workgroup> 共享: array<u32, 64>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 四无: u32 = 4u;
const 六四无: u32 = 64u;

@compute @workgroup_size(64)
fn 邻和(@builtin(local_invocation_index) 序: u32) {
  轮(零无, 零无, 序);
}

fn 轮(kt: u32, 和: u32, 序: u32) {
  var kt_2 = kt;
  var 和_2 = 和;
  loop {
    if kt_2 < 四无 {
      共享[序] = 输入[序] * (kt_2 + 一无);
      workgroupBarrier();
      let 邻 = 共享[(序 + 一无) % 六四无];
      workgroupBarrier();
      kt_2 = kt_2 + 一无;
      和_2 = 和_2 + 邻;
      continue;
    } else {
      if 序 == 零无 {
        出[零无] = 和_2;
      }
      break;
    }
  }
}
