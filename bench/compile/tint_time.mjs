// In-process Tint time (issue 16.6): Dawn's createShaderModule + getCompilationInfo on one
// WGSL file, repeated in one process (null backend: full parse and validation, no GPU), timed
// as the process's CPU time (user + system, every thread; process.cpuUsage) like yusec's
// inprocess.c, so that waiting for a core on the shared machine is not counted. Each
// repetition appends a different comment so that no cache can answer for Tint. Writes
// "median_ms M min_ms m repetitions n" to OUT_FILE (Dawn 0.6.2 can crash at exit when stdout
// is a pipe, so nothing is printed).
// Usage: node tint_time.mjs FILE.wgsl REPETITIONS OUT_FILE
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '../../test/tools/package.json'));
const { create, globals } = require('webgpu');
Object.assign(globalThis, globals);

const [file, repsText, outFile] = process.argv.slice(2);
const code = readFileSync(file, 'utf8');
const reps = Math.max(1, Number(repsText) || 20);
const gpu = create(['backend=null']);
const adapter = await gpu.requestAdapter();
const wanted = ['shader-f16', 'subgroups'].filter((f) => adapter.features.has(f));
const device = await adapter.requestDevice({ requiredFeatures: wanted });
const times = [];
let errors = 0;
for (let i = 0; i < reps; i++) {
  const source = `${code}\n// repetition ${i}\n`;
  const start = process.cpuUsage();
  const module = device.createShaderModule({ code: source });
  const info = await module.getCompilationInfo();
  const used = process.cpuUsage(start);
  times.push((used.user + used.system) / 1e3);
  errors += info.messages.filter((m) => m.type === 'error').length;
}
times.sort((a, b) => a - b);
writeFileSync(outFile, `median_ms ${times[Math.floor(reps / 2)].toFixed(4)} min_ms ${times[0].toFixed(4)} repetitions ${reps} errors ${errors}\n`);
device.destroy();
process.exitCode = errors ? 1 : 0;
