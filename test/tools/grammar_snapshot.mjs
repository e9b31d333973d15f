// Tokenizes 豫言 sources with the editor grammar through vscode-textmate (the engine VS Code
// uses) and compares each token's text and scopes with a snapshot file.
//   node grammar_snapshot.mjs GRAMMAR SNAPSHOT_DIR (--check|--update) NAME=SOURCE...
// Exit 0: all match; 1: a snapshot differs or is missing (the first differing line is shown).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import vsctm from 'vscode-textmate';
import oniguruma from 'vscode-oniguruma';

const require = createRequire(import.meta.url);

async function loadRegistry(grammarPath) {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  return new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.yuyan') return null;
      return vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath);
    },
  });
}

// One line per token that is not plain white space: "line:col text | scopes".
function snapshot(grammar, source) {
  const out = [];
  let stack = vsctm.INITIAL;
  source.replace(/\r\n?/g, '\n').split('\n').forEach((line, index) => {
    const result = grammar.tokenizeLine(line, stack);
    for (const token of result.tokens) {
      const text = line.slice(token.startIndex, token.endIndex);
      if (/^\s*$/u.test(text) && token.scopes.length === 1) continue;
      out.push(`${index + 1}:${token.startIndex + 1} ${text} | ${token.scopes.slice(1).join(' ')}`);
    }
    stack = result.ruleStack;
  });
  return out.join('\n') + '\n';
}

function firstDifference(expected, actual) {
  const a = expected.split('\n'), b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `  line ${i + 1}\n  expected: ${a[i] ?? '(end)'}\n  actual:   ${b[i] ?? '(end)'}`;
  return '';
}

async function main() {
  const [grammarPath, snapshotDir, mode, ...args] = process.argv.slice(2);
  // NAME=SOURCE: compared with its snapshot when there is one; !NAME=SOURCE: must have one.
  const required = new Set(args.filter((a) => a.startsWith('!')).map((a) => a.slice(1, a.indexOf('='))));
  const samples = args.map((a) => (a.startsWith('!') ? a.slice(1) : a));
  if (!samples.length || (mode !== '--check' && mode !== '--update')) {
    console.error('usage: grammar_snapshot.mjs GRAMMAR SNAPSHOT_DIR (--check|--update) NAME=SOURCE...');
    process.exit(2);
  }
  const grammar = await (await loadRegistry(grammarPath)).loadGrammar('source.yuyan');
  let failed = 0;
  for (const sample of samples) {
    const at = sample.indexOf('=');
    const name = sample.slice(0, at), source = sample.slice(at + 1);
    const actual = snapshot(grammar, fs.readFileSync(source, 'utf8'));
    const file = path.join(snapshotDir, `${name}.tokens`);
    if (mode === '--update') {
      fs.writeFileSync(file, actual);
      continue;
    }
    if (!fs.existsSync(file)) {
      // A sample added since the snapshots were taken: every non-space token must have a
      // scope (the grammar covers it); `--update` adds its snapshot.
      const bare = actual.split('\n').filter((line) => line.endsWith(' | '));
      if (required.has(name) || bare.length) {
        console.error(`FAIL ${name}: ${bare.length ? `unscoped token ${bare[0]}` : `no snapshot ${file}`}`);
        failed++;
      }
    } else {
      const expected = fs.readFileSync(file, 'utf8');
      if (expected !== actual) {
        console.error(`FAIL ${name}: tokens differ from ${file}\n${firstDifference(expected, actual)}`);
        failed++;
      }
    }
  }
  if (failed) process.exit(1);
  console.log(mode === '--update' ? `${samples.length} snapshots written` : `${samples.length} snapshots match`);
}

main().catch((err) => { console.error(err); process.exit(1); });
