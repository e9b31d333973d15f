// Runs a compute shader through Dawn and compares the buffers with expected contents.
// Usage: node run_wgsl.mjs SHADER.wgsl SPEC.json
//        node run_wgsl.mjs --batch LIST      (one process, one device, many runs)
// LIST: one run a line, `SHADER.wgsl<TAB>SPEC.json[<TAB>DUMP.json]` (DUMP: that run's
// YUSEC_DAWN_DUMP). After each run a line `批处理 N：通过|失败|跳过 SHADER`; exit 0 when no run
// failed. Each run's buffers are destroyed before the next; the device is opened once per set of
// needed features and opened again when lost. (Dawn 0.6.2 crashed when one process opened a
// device per run; one device for all runs held for 10,000 programs, docs/testing.md.)
// SPEC: {"function": "加倍", "workgroups": [x, y, z],   ("entry" is used when no "function")
//        "needs": ["f16"|"subgroups"|"subgroup-matrix"], "skip": {"wgsl": "why"},
//        "buffers": [{"group": 0, "binding": 0, "type": "u32"|"i32"|"f32",
//                     "init": [...], "expect": [...], "tolerance": 0}],
//        "textures": [{"group", "binding", "format": WebGPU format, "width", "height",
//                      "init": one word per channel (rgba8unorm: one u32 per texel)}],
//        "samplers": [{"group", "binding", "filter": "nearest"|"linear",
//                      "address": "clamp-to-edge"|…, "compare": "less"|…}]}
// A binding declared var<uniform> in the WGSL gets a uniform buffer, others storage.
// The pipeline layout is 'auto'; a buffer whose variable the WGSL declares but never names
// elsewhere is made but not bound (the layout has no such binding; e.g. seed 7003 of
// test/diff/). An explicit layout made from the spec was tried instead: with it Dawn 0.6.2's GLES
// backend crashed (SIGSEGV, SIGABRT, hangs) on the third run of a batch.
// Backend (YUSEC_DAWN_BACKEND): "gles" (default: Mesa llvmpipe through Dawn's GLES backend, on
// the CPU) or "vulkan" (create([]): the machine's Vulkan driver, e.g. NVIDIA's on the H200;
// test/gpu/run_dawn_vulkan.sh). YUSEC_DAWN_DUMP=FILE also writes the buffers read back as JSON
// {"group:binding": [values]} (test/gpu/compare_backends.py compares them with the PTX run).
// Prints 跳过 and exits 0 when no adapter (or no adapter with the features the sample needs,
// or, for subgroup matrices, without the configuration or a subgroupMaxSize dividing the
// workgroup size x) is available; exit 1 on a mismatch. Dawn 0.6.2 can crash at exit when stdout is a pipe:
// callers redirect the output to a file.
import { readFileSync, writeFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
process.env.EGL_PLATFORM ??= 'surfaceless';

const ARRAYS = { u32: Uint32Array, i32: Int32Array, f32: Float32Array };

// How the WGSL declares @group(G) @binding(B): 'uniform', 'read', 'read_write' or null.
function declaredAccess(code, group, binding) {
  const re = new RegExp(`@group\\(${group}\\)\\s*@binding\\(${binding}\\)\\s*var<\\s*(uniform|storage)\\s*(?:,\\s*(read_write|read))?`);
  const m = code.match(re);
  if (!m) return null;
  return m[1] === 'uniform' ? 'uniform' : (m[2] ?? 'read');
}

const backend = process.env.YUSEC_DAWN_BACKEND ?? 'gles';
const FEATURES = { f16: 'shader-f16', subgroups: 'subgroups',
                   'subgroup-matrix': 'chromium-experimental-subgroup-matrix' };
// The adapter info of each device opened here (its subgroupMatrixConfigs and subgroupMaxSize).
const ADAPTER_INFO = new Map();

// Dawn's instances, each kept for as long as the process runs: the device does not keep its
// instance alive, and once the garbage collector took an instance (a local of openDevice), the
// next pipeline or mapAsync crashed in Dawn 0.6.2 (SIGSEGV, SIGABRT with std::system_error,
// hangs) — what had made one process per run necessary (docs/testing.md).
const INSTANCES = [];
function instance(options) {
  const gpu = create(options);
  INSTANCES.push(gpu);
  return gpu;
}

// The device, or a string saying why there is none.
async function openDevice(needs) {
  if (backend === 'vulkan') {
    // Subgroup matrices (着十二) are an experimental feature: Dawn offers it only with the
    // allow_unsafe_apis toggle, and only beside subgroups.
    const matrices = needs.includes('subgroup-matrix');
    const gpu = instance(matrices ? ['enable-dawn-features=allow_unsafe_apis'] : []);
    const adapter = await gpu.requestAdapter();
    if (!adapter) return 'no Vulkan adapter';
    const wanted = [...new Set([...needs, ...(matrices ? ['subgroups'] : [])])].map((n) => FEATURES[n] ?? n);
    const missing = wanted.filter((f) => !adapter.features.has(f));
    if (missing.length) return `the Vulkan adapter lacks ${missing.join(', ')}`;
    const device = await adapter.requestDevice({ requiredFeatures: wanted });
    ADAPTER_INFO.set(device, adapter.info);
    return device;
  }
  if (needs.length) {
    // llvmpipe through GLES has neither f16 nor subgroups. Vulkan lavapipe from
    // bookworm-backports (Mesa 25) offers both to Dawn, and a minimal dispatch + readback
    // works, but with these shaders Dawn 0.6.2 aborted in mapAsync (std::system_error,
    // futex/mutex assertions; seen 2026-11-29, output through a pipe), so these runs are skipped.
    return `needs ${needs.join(', ')} (no such adapter here)`;
  }
  const gpu = instance(['backend=opengles']);
  const adapter = await gpu.requestAdapter({ featureLevel: 'compatibility' });
  return adapter ? adapter.requestDevice({ requiredLimits: coreLimits(adapter) })
                 : 'no llvmpipe (GLES) adapter';
}

// A compatibility-mode device starts with lower limits (128 invocations per workgroup) than
// WebGPU's core defaults, which yusec's WGSL target checks against (docs/targets.md: 256
// invocations, 256 × 256 × 64, 16 KiB of workgroup memory): ask for the core defaults where
// the adapter offers them, so a 16 × 16 workgroup runs.
const CORE_DEFAULTS = {
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupSizeZ: 64,
  maxComputeWorkgroupStorageSize: 16384,
};
function coreLimits(adapter) {
  const limits = {};
  for (const [name, value] of Object.entries(CORE_DEFAULTS))
    limits[name] = Math.min(value, adapter.limits[name] ?? value);
  return limits;
}

// Whether the module names the variable bound at @group(G) @binding(B) anywhere but in its
// declaration. layout 'auto' leaves out bindings no entry uses, and binding one of those is a
// validation error; a variable the module never names is surely such a one.
function referenced(code, group, binding) {
  const decl = new RegExp(String.raw`@group\(${group}\)\s*@binding\(${binding}\)\s*var(?:<[^>]*>)?\s+([\p{XID_Start}_][\p{XID_Continue}]*)`, 'u');
  const m = code.match(decl);
  if (!m) return true;
  const uses = code.match(new RegExp(String.raw`(?<![\p{XID_Continue}])${m[1]}(?![\p{XID_Continue}])`, 'gu'));
  return (uses?.length ?? 0) > 1;
}

// One run: prints its lines, returns 0 (all buffers match), 1 (a mismatch or an error) or
// 'skip'. Every buffer it made is destroyed before it returns.
async function runOne(device, code, spec, shaderPath, dumpPath) {
  const made = [];
  const track = (x) => { made.push(x); return x; };
  try {
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code });
    const pipeline = device.createComputePipeline({
      layout: 'auto', compute: { module, entryPoint: spec.function ?? spec.entry } });
    const groups = new Map();
    const buffers = spec.buffers.map((b) => {
      const data = new ARRAYS[b.type](b.init);
      const size = Math.max(16, Math.ceil(data.byteLength / 16) * 16);
      const uniform = declaredAccess(code, b.group, b.binding) === 'uniform';
      const buffer = track(device.createBuffer({ size, usage: (uniform ? GPUBufferUsage.UNIFORM :
        GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST }));
      device.queue.writeBuffer(buffer, 0, data);
      if (!groups.has(b.group)) groups.set(b.group, []);
      if (referenced(code, b.group, b.binding))
        groups.get(b.group).push({ binding: b.binding, resource: { buffer } });
      return { spec: b, buffer, size };
    });
    for (const t of spec.textures ?? []) {
      const texture = track(device.createTexture({ size: [t.width, t.height], format: t.format,
        usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST }));
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
    const readBack = track(device.createBuffer({ size: Math.max(16, readSize),
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }));
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
    readBack.unmap();
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
    if (dumpPath) writeFileSync(dumpPath, JSON.stringify(dump));
    return ok ? 0 : 1;
  } catch (e) {
    console.log(`${shaderPath}: error: ${e.message ?? e}`);
    return 1;
  } finally {
    for (const x of made) x.destroy();
  }
}

// The subgroup matrix configurations yusec's WGSL uses (着十二): f16 16×16×16 → f32 and
// s8 16×16×32 → s32, as GPUSubgroupMatrixConfig fields.
const MATRIX_CONFIGS = [
  { uses: 'subgroup_matrix_left<f16,', componentType: 'f16', resultComponentType: 'f32', M: 16, N: 16, K: 16 },
  { uses: 'subgroup_matrix_left<i8,', componentType: 'i8', resultComponentType: 'i32', M: 16, N: 16, K: 32 },
];

// Why a module with subgroup matrices cannot run on this adapter (null: it can): a
// configuration the adapter does not list, or a workgroup x that is not a multiple of its
// subgroupMaxSize (a pipeline-creation error, 着十二).
function matrixMismatch(code, spec, info) {
  if (!info || !code.includes('enable chromium_experimental_subgroup_matrix;')) return null;
  const offered = [...(info.subgroupMatrixConfigs ?? [])];
  for (const want of MATRIX_CONFIGS) {
    if (!code.includes(want.uses)) continue;
    const has = offered.some((c) => c.componentType === want.componentType &&
      c.resultComponentType === want.resultComponentType && c.M === want.M && c.N === want.N && c.K === want.K);
    if (!has) {
      const list = offered.map((c) => `${c.componentType}→${c.resultComponentType} ${c.M}×${c.N}×${c.K}`).join(', ');
      return `the adapter offers no subgroup matrix configuration ${want.componentType}→${want.resultComponentType} ` +
             `${want.M}×${want.N}×${want.K} (it offers: ${list || 'none'})`;
    }
  }
  const fn = spec.function ?? spec.entry;
  const m = code.match(new RegExp(String.raw`@workgroup_size\((\d+)[^)]*\)\s*fn\s+${fn}\(`, 'u'));
  if (m && info.subgroupMaxSize && Number(m[1]) % info.subgroupMaxSize !== 0)
    return `workgroup size x ${m[1]} is not a multiple of the adapter's subgroupMaxSize ${info.subgroupMaxSize}`;
  return null;
}

// Devices by the features they were opened with; one that was lost is opened again.
function deviceCache() {
  const open = new Map();
  const deviceFor = async (needs) => {
    const key = [...needs].sort().join(',');
    if (!open.has(key)) {
      const device = await openDevice(needs);
      if (typeof device !== 'string') device.lost.then(() => open.delete(key));
      open.set(key, device);
    }
    return open.get(key);
  };
  deviceFor.closeAll = () => {
    for (const device of open.values()) if (typeof device !== 'string') device.destroy();
  };
  return deviceFor;
}

async function runSpec(deviceFor, shaderPath, specPath, dumpPath) {
  const code = readFileSync(shaderPath, 'utf8');
  const spec = JSON.parse(readFileSync(specPath, 'utf8'));
  if (spec.skip?.wgsl) {
    console.log(`跳过: ${shaderPath}: ${spec.skip.wgsl}`);
    return 'skip';
  }
  const device = await deviceFor(spec.needs ?? []);
  if (typeof device === 'string') {
    console.log(`跳过: ${shaderPath}: ${device}`);
    return 'skip';
  }
  const unfit = matrixMismatch(code, spec, ADAPTER_INFO.get(device));
  if (unfit) {
    console.log(`跳过: ${shaderPath}: ${unfit}`);
    return 'skip';
  }
  return runOne(device, code, spec, shaderPath, dumpPath);
}

const STATUS = { 0: '通过', 1: '失败', skip: '跳过' };

async function main(argv) {
  const deviceFor = deviceCache();
  if (argv[0] !== '--batch') {
    const rc = await runSpec(deviceFor, argv[0], argv[1], process.env.YUSEC_DAWN_DUMP);
    deviceFor.closeAll();
    return rc === 'skip' ? 0 : rc;
  }
  const runs = readFileSync(argv[1], 'utf8').split('\n').filter((l) => l.trim()).map((l) => l.split('\t'));
  let failed = 0;
  for (const [i, [shaderPath, specPath, dumpPath]] of runs.entries()) {
    let rc;
    try {
      rc = await runSpec(deviceFor, shaderPath, specPath, dumpPath || undefined);
    } catch (e) {
      console.log(`${shaderPath}: error: ${e.message ?? e}`);
      rc = 1;
    }
    failed += rc === 1;
    console.log(`批处理 ${i + 1}：${STATUS[rc]} ${shaderPath}`);
  }
  deviceFor.closeAll();
  return failed ? 1 : 0;
}

process.exit(await main(process.argv.slice(2)));
