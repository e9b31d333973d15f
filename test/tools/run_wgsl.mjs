// Runs a compute shader through Dawn and compares the buffers with expected contents.
// Usage: node run_wgsl.mjs SHADER.wgsl SPEC.json
// SPEC: {"function": "加倍", "workgroups": [x, y, z],   ("entry" is used when no "function")
//        "needs": ["f16"|"subgroups"], "skip": {"wgsl": "why"},
//        "buffers": [{"group": 0, "binding": 0, "type": "u32"|"i32"|"f32",
//                     "init": [...], "expect": [...], "tolerance": 0}],
//        "textures": [{"group", "binding", "format": WebGPU format, "width", "height",
//                      "init": one word per channel (rgba8unorm: one u32 per texel)}],
//        "samplers": [{"group", "binding", "filter": "nearest"|"linear",
//                      "address": "clamp-to-edge"|…, "compare": "less"|…}]}
// A binding declared var<uniform> in the WGSL gets a uniform buffer, others storage.
// Backend (YUSEC_DAWN_BACKEND): "gles" (default: Mesa llvmpipe through Dawn's GLES backend, on
// the CPU) or "vulkan" (create([]): the machine's Vulkan driver, e.g. NVIDIA's on the H200;
// test/gpu/run_dawn_vulkan.sh). YUSEC_DAWN_DUMP=FILE also writes the buffers read back as JSON
// {"group:binding": [values]} (test/gpu/compare_backends.py compares them with the PTX run).
// Prints 跳过 and exits 0 when no adapter (or no adapter with the features the sample needs)
// is available; exit 1 on a mismatch. Dawn 0.6.2 can crash at exit when stdout is a pipe:
// callers redirect the output to a file.
import { readFileSync, writeFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
process.env.EGL_PLATFORM ??= 'surfaceless';

const [shaderPath, specPath] = process.argv.slice(2);
const code = readFileSync(shaderPath, 'utf8');
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const ARRAYS = { u32: Uint32Array, i32: Int32Array, f32: Float32Array };

function isUniform(group, binding) {
  const re = new RegExp(`@group\\(${group}\\)\\s*@binding\\(${binding}\\)\\s*var<uniform>`);
  return re.test(code);
}

const backend = process.env.YUSEC_DAWN_BACKEND ?? 'gles';
const FEATURES = { f16: 'shader-f16', subgroups: 'subgroups' };

// The device, or a string saying why there is none.
async function openDevice(needs) {
  if (backend === 'vulkan') {
    const gpu = create([]);
    const adapter = await gpu.requestAdapter();
    if (!adapter) return 'no Vulkan adapter';
    const wanted = needs.map((n) => FEATURES[n] ?? n);
    const missing = wanted.filter((f) => !adapter.features.has(f));
    if (missing.length) return `the Vulkan adapter lacks ${missing.join(', ')}`;
    return adapter.requestDevice({ requiredFeatures: wanted });
  }
  if (needs.length) {
    // llvmpipe through GLES has neither f16 nor subgroups. Vulkan lavapipe from
    // bookworm-backports (Mesa 25) offers both to Dawn, and a minimal dispatch + readback
    // works, but with these shaders Dawn 0.6.2 aborted in mapAsync (std::system_error,
    // futex/mutex assertions; seen 2026-11-29, output through a pipe), so these runs are skipped.
    return `needs ${needs.join(', ')} (no such adapter here)`;
  }
  const gpu = create(['backend=opengles']);
  const adapter = await gpu.requestAdapter({ featureLevel: 'compatibility' });
  return adapter ? adapter.requestDevice() : 'no llvmpipe (GLES) adapter';
}

async function main() {
  if (spec.skip?.wgsl) {
    console.log(`跳过: ${shaderPath}: ${spec.skip.wgsl}`);
    return 0;
  }
  const device = await openDevice(spec.needs ?? []);
  if (typeof device === 'string') {
    console.log(`跳过: ${shaderPath}: ${device}`);
    return 0;
  }
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code });
  const pipeline = device.createComputePipeline({
    layout: 'auto', compute: { module, entryPoint: spec.function ?? spec.entry } });
  const groups = new Map();
  const buffers = spec.buffers.map((b) => {
    const data = new ARRAYS[b.type](b.init);
    const size = Math.max(16, Math.ceil(data.byteLength / 16) * 16);
    const uniform = isUniform(b.group, b.binding);
    const buffer = device.createBuffer({ size, usage: (uniform ? GPUBufferUsage.UNIFORM :
      GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, data);
    if (!groups.has(b.group)) groups.set(b.group, []);
    groups.get(b.group).push({ binding: b.binding, resource: { buffer } });
    return { spec: b, buffer, size };
  });
  for (const t of spec.textures ?? []) {
    const texture = device.createTexture({ size: [t.width, t.height], format: t.format,
      usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
    const words = t.format.endsWith('float') ? new Float32Array(t.init) : new Uint32Array(t.init);
    device.queue.writeTexture({ texture }, words, { bytesPerRow: words.byteLength / t.height },
      [t.width, t.height]);
    if (!groups.has(t.group)) groups.set(t.group, []);
    groups.get(t.group).push({ binding: t.binding, resource: texture.createView() });
  }
  for (const s of spec.samplers ?? []) {
    const filter = s.filter ?? 'nearest', address = s.address ?? 'clamp-to-edge';
    const sampler = device.createSampler({ magFilter: filter, minFilter: filter, addressModeU: address,
      addressModeV: address, ...(s.compare ? { compare: s.compare } : {}) });
    if (!groups.has(s.group)) groups.set(s.group, []);
    groups.get(s.group).push({ binding: s.binding, resource: sampler });
  }
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  for (const [group, entries] of groups)
    pass.setBindGroup(group, device.createBindGroup({
      layout: pipeline.getBindGroupLayout(group), entries }));
  pass.dispatchWorkgroups(...spec.workgroups);
  pass.end();
  // One read-back buffer for every expected output, mapped once: Dawn 0.6.2 on NVIDIA's Vulkan
  // driver was seen to crash in a second mapAsync of the same run.
  const reads = [];
  let readSize = 0;
  for (const b of buffers.filter((x) => x.spec.expect)) {
    reads.push({ ...b, offset: readSize });
    readSize += b.size;
  }
  const readBack = device.createBuffer({ size: Math.max(16, readSize),
    usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  for (const r of reads) encoder.copyBufferToBuffer(r.buffer, 0, readBack, r.offset, r.size);
  device.queue.submit([encoder.finish()]);
  const error = await device.popErrorScope();
  if (error) {
    console.log(`${shaderPath}: error: ${error.message}`);
    return 1;
  }
  let ok = true;
  const dump = {};
  await readBack.mapAsync(GPUMapMode.READ);
  const mapped = readBack.getMappedRange().slice(0);
  for (const r of reads) {
    const got = Array.from(new ARRAYS[r.spec.type](mapped, r.offset, r.size / ARRAYS[r.spec.type].BYTES_PER_ELEMENT))
      .slice(0, r.spec.expect.length);
    dump[`${r.spec.group}:${r.spec.binding}`] = got;
    const tol = r.spec.tolerance ?? 0;
    const bad = got.findIndex((v, i) => !(Math.abs(v - r.spec.expect[i]) <= tol));
    const where = `@group(${r.spec.group}) @binding(${r.spec.binding})`;
    if (bad >= 0) {
      ok = false;
      console.log(`${shaderPath}: ${where}[${bad}] = ${got[bad]}, expected ${r.spec.expect[bad]}`);
      console.log(`  got      ${JSON.stringify(got)}\n  expected ${JSON.stringify(r.spec.expect)}`);
    } else {
      console.log(`${shaderPath}: ${where} matches (${got.length} values)`);
    }
  }
  if (process.env.YUSEC_DAWN_DUMP) writeFileSync(process.env.YUSEC_DAWN_DUMP, JSON.stringify(dump));
  device.destroy();
  return ok ? 0 : 1;
}

process.exit(await main());
