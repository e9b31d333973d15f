// A workgroup array read before a barrier and its value stored after it. WGSL: out[i] is
// (i + 1) % 64 + 100 for every invocation. Mesa 22.3.6's GLSL compiler (llvmpipe through
// Dawn's GLES backend) moves the read past the barrier (tree grafting), so some invocations
// read a neighbour's already-updated slot.
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> s: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  s[i] = i;
  workgroupBarrier();
  let v = s[(i + 1u) % 64u];
  workgroupBarrier();
  s[i] = v + 100u;
  workgroupBarrier();
  out[i] = s[i];
}
