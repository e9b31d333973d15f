@group(0) @binding(0) var<storage, read> 源: array<u32>;
@group(0) @binding(1) var<storage, read_write> 汇: array<u32>;

@compute @workgroup_size(16)
fn 搬(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let _1 = min(序, arrayLength(&源) - 1u);
  let _2 = min(序, arrayLength(&汇) - 1u);
  汇[_2] = 源[_1] + 100u;
}
