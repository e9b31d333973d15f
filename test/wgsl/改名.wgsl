struct 豫_struct {
  豫_var: u32,
  号: f32,
}

@group(0) @binding(0) var<storage, read_write> 豫_loop: array<u32>;
var<private> 值: u32;

fn 豫_float(豫_let: u32) -> u32 {
  let x = 1u;
  let x_2 = 豫_let + x;
  let x_3 = x_2 * x_2;
  let 值_2 = x_3 + x;
  let 豫_2号 = 值_2 + x_3;
  值 = 豫_2号;
  return 豫_2号;
}

@compute @workgroup_size(1)
fn 豫_main(@builtin(global_invocation_id) 号: vec3<u32>) {
  let _1 = 豫_float(豫_loop[号.x]);
  豫_loop[号.x] = 豫_struct(_1, f32(_1)).豫_var;
}
