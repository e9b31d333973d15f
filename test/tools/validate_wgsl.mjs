// Validates WGSL files with Dawn/Tint (npm webgpu, null backend: full validation, no GPU).
// Usage: node validate_wgsl.mjs FILE.wgsl...
// The Dawn instance is kept for the life of the process: the device does not keep it alive, and
// once the garbage collector took it (it was a local of openDevice) Dawn 0.6.2 crashed (SIGSEGV)
// or hung after a dozen shader modules — the cause run_wgsl.mjs found (docs/testing.md).
// Exit 0 when all are valid, 1 otherwise,
// 2 when Dawn itself cannot start. Tint's messages are printed as FILE:line:col: message.
import { readFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);

// Subgroup matrices (着十二, `enable chromium_experimental_subgroup_matrix;`): Dawn offers the
// experimental feature only with the allow_unsafe_apis toggle; the null adapter then has it
// (Dawn 0.6.2), with no subgroupMatrixConfigs — shader-module validation (Tint: types, builtins,
// uniformity) does not need them, pipeline creation (configs, workgroup size x a multiple of
// subgroupMaxSize, 128 here) would.
const SUBGROUP_MATRIX = 'chromium-experimental-subgroup-matrix';
let gpu;  // the instance, alive as long as the process (see above)
async function openDevice() {
  gpu = create(['backend=null', 'enable-dawn-features=allow_unsafe_apis']);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error('Dawn gave no null adapter');
  const wanted = ['shader-f16', 'subgroups', SUBGROUP_MATRIX].filter((f) => adapter.features.has(f));
  return adapter.requestDevice({ requiredFeatures: wanted });
}

async function validate(device, path) {
  const code = readFileSync(path, 'utf8');
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code });
  const info = await module.getCompilationInfo();
  const scopeError = await device.popErrorScope();
  const errors = info.messages.filter((m) => m.type === 'error');
  for (const m of info.messages)
    console.log(`${path}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
  if (errors.length === 0 && scopeError) console.log(`${path}: error: ${scopeError.message}`);
  return errors.length === 0 && !scopeError;
}

const files = process.argv.slice(2);
let device;
try {
  device = await openDevice();
} catch (e) {
  console.error(`validate_wgsl: cannot start Dawn: ${e.message}`);
  process.exit(2);
}
let ok = true;
for (const file of files) {
  const valid = await validate(device, file);
  if (valid) console.log(`${file}: valid`);
  ok = ok && valid;
}
device.destroy();
process.exitCode = ok ? 0 : 1;
