// editors.vscode: the VS Code extension (editors/vscode/extension.js) run under node with two
// stand-ins — `vscode` (settings, the active editor, commands, opened documents) and
// `vscode-languageclient/node` (a minimal JSON-RPC client over the process it is told to
// start) — against the real `yusec lsp`. It checks that the extension starts the server with
// the command line it builds from the settings, that yusec.openOutput opens the server's WGSL
// (equal to the golden) beside the source, that every command it registers is contributed in
// package.json and that the settings it forwards are the package's. What it cannot check is
// VS Code itself and the real vscode-languageclient (docs/editor.md says how to try them).
//   node test_vscode_extension.js YUSEC ROOT
'use strict';

const assert = require('assert');
const childProcess = require('child_process');
const fs = require('fs');
const Module = require('module');
const path = require('path');

const [yusec, root] = process.argv.slice(2);
const extensionDir = path.join(root, 'editors', 'vscode');
const sample = path.join(root, 'examples', '加倍。着色器。豫');
const sampleUri = 'file://' + sample.split('/').map(encodeURIComponent).join('/');
const TIMEOUT_MS = 60000;

// ---- the stand-in for vscode-languageclient/node ----
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions });
    this.nextId = 1;
    this.waiting = new Map();
    this.buffer = Buffer.alloc(0);
    started.push(this);
  }
  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }
  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, end).toString())[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      this.buffer = this.buffer.subarray(end + 4 + length);
      if (message.id !== undefined && this.waiting.has(message.id)) {
        const { resolve, reject } = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result);
      }
    }
  }
  sendRequest(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method}`)), TIMEOUT_MS);
      this.waiting.set(id, { resolve: v => { clearTimeout(timer); resolve(v); },
                             reject: e => { clearTimeout(timer); reject(e); } });
      this.send({ id, method, params });
    });
  }
  sendNotification(method, params) { this.send({ method, params }); }
  async start() {
    const run = this.serverOptions.run;
    assert.strictEqual(run.transport, TransportKind.stdio);
    this.proc = childProcess.spawn(run.command, [...run.args, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.exited = new Promise(resolve => this.proc.on('exit', code => resolve(code)));
    this.proc.stdout.on('data', chunk => this.receive(chunk));
    this.initializeResult = await this.sendRequest('initialize', {
      processId: process.pid, rootUri: null, capabilities: {},
      initializationOptions: this.clientOptions.initializationOptions });
    this.sendNotification('initialized', {});
  }
  async stop() {
    await this.sendRequest('shutdown', null);
    this.sendNotification('exit', null);
    this.proc.stdin.end();
    return this.exited;
  }
}
const TransportKind = { stdio: 0, ipc: 1, pipe: 2, socket: 3 };
const started = [];

// ---- the stand-in for vscode ----
const settings = { path: yusec, includeDirs: [path.join(root, 'examples')], targetDiagnostics: 'warning',
                   debounceMs: 40, targets: null };
const registered = new Map();
const opened = [];
const shown = [];
const messages = [];
const vscode = {
  workspace: {
    getConfiguration: section => { assert.strictEqual(section, 'yusec'); return { get: key => settings[key] }; },
    openTextDocument: async options => { opened.push(options); return options; },
  },
  window: {
    activeTextEditor: { document: { languageId: 'yuyan', version: 1, uri: { toString: () => sampleUri } } },
    showQuickPick: async items => items[0],
    showTextDocument: async (doc, options) => { shown.push({ doc, options }); },
    showErrorMessage: text => messages.push(text),
    showWarningMessage: text => messages.push(text),
  },
  commands: { registerCommand: (name, fn) => { registered.set(name, fn); return { dispose() {} }; } },
  ViewColumn: { Beside: -2 },
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  if (request === 'vscode-languageclient/node') return { LanguageClient, TransportKind };
  return load.call(this, request, parent, isMain);
};

async function main() {
  const extension = require(path.join(extensionDir, 'extension.js'));
  const pkg = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
  const context = { subscriptions: [] };
  await extension.activate(context);
  const client = started[0];
  assert.deepStrictEqual(client.serverOptions.run.args, ['lsp', '-I', path.join(root, 'examples')]);
  assert.deepStrictEqual(client.clientOptions.initializationOptions,
                         { targetDiagnostics: 'warning', debounceMs: 40 });
  assert.deepStrictEqual(client.clientOptions.documentSelector, [{ language: 'yuyan' }]);
  assert.strictEqual(client.clientOptions.synchronize.configurationSection, 'yusec');
  assert.ok(client.initializeResult.capabilities.executeCommandProvider.commands.includes('yusec.showOutput'));

  // What vscode-languageclient does when the editor opens the file.
  client.sendNotification('textDocument/didOpen', { textDocument: {
    uri: sampleUri, languageId: 'yuyan', version: 1, text: fs.readFileSync(sample, 'utf8') } });
  await registered.get('yusec.openOutput')('wgsl');
  assert.strictEqual(opened.length, 1);
  assert.strictEqual(opened[0].language, 'wgsl');
  assert.strictEqual(opened[0].content, fs.readFileSync(path.join(root, 'examples', '加倍.wgsl'), 'utf8'));
  assert.strictEqual(shown[0].options.viewColumn, vscode.ViewColumn.Beside);
  await registered.get('yusec.openOutput')();  // no target: the quick pick's first, WGSL
  assert.strictEqual(opened[1].content, opened[0].content);
  assert.deepStrictEqual(messages, []);

  // package.json contributes what the extension registers and forwards.
  const contributed = pkg.contributes.commands.map(c => c.command).sort();
  assert.deepStrictEqual(contributed, [...registered.keys()].sort());
  assert.ok(!contributed.includes('yusec.showOutput'), 'the server\'s command is registered by the client library');
  const properties = Object.keys(pkg.contributes.configuration.properties).map(k => k.replace(/^yusec\./, ''));
  for (const key of ['targets', 'targetDiagnostics', 'debounceMs'])
    assert.ok(properties.includes(key), `package.json lacks yusec.${key}`);
  assert.strictEqual(pkg.main, './extension.js');
  assert.deepStrictEqual(pkg.activationEvents, ['onLanguage:yuyan']);
  assert.ok(pkg.dependencies['vscode-languageclient']);

  assert.strictEqual(await extension.deactivate(), 0, 'the server exits 0 after shutdown and exit');
  console.log('vscode extension: ok');
}

const watchdog = setTimeout(() => { console.error('timed out'); process.exit(1); }, 4 * TIMEOUT_MS);
main().then(() => clearTimeout(watchdog), error => { console.error(error); process.exit(1); });
