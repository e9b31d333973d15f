// The 豫言 extension's client side: starts `yusec lsp` (docs/editor.md) through
// vscode-languageclient and adds the command that opens a document's WGSL, MSL, PTX or YIR.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

// The settings the server reads (initializationOptions, and workspace/didChangeConfiguration
// through `synchronize`): those left unset are not sent, so the server's defaults apply.
const SERVER_SETTINGS = ['targets', 'targetDiagnostics', 'debounceMs', 'debounceMaxMs'];

function serverSettings(config) {
  const settings = {};
  for (const key of SERVER_SETTINGS) {
    const value = config.get(key);
    if (value !== undefined && value !== null) settings[key] = value;
  }
  return settings;
}

function serverCommand(config) {
  const args = ['lsp'];
  for (const dir of config.get('includeDirs') || []) args.push('-I', dir);
  return { command: config.get('path') || 'yusec', args, transport: TransportKind.stdio };
}

const OUTPUTS = [
  { label: 'WGSL', target: 'wgsl' },
  { label: 'MSL', target: 'msl' },
  { label: 'PTX', target: 'ptx' },
  { label: 'YIR (WGSL pipeline)', target: 'yir-wgsl' },
  { label: 'YIR (MSL pipeline)', target: 'yir-msl' },
  { label: 'YIR (PTX pipeline)', target: 'yir-ptx' },
];

// yusec.openOutput [target]: asks the server for the active document's output (the server's
// command yusec.showOutput) and opens it beside the source.
async function openOutput(target) {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'yuyan') {
    vscode.window.showErrorMessage('yusec: 请先打开一个豫言着色源（名。着色器。豫）');
    return undefined;
  }
  if (!target) {
    const picked = await vscode.window.showQuickPick(OUTPUTS, { placeHolder: '显示哪种输出？' });
    if (!picked) return undefined;
    target = picked.target;
  }
  const doc = editor.document;
  const answer = await client.sendRequest('workspace/executeCommand', {
    command: 'yusec.showOutput',
    arguments: [doc.uri.toString(), target, doc.version],
  });
  const shown = await vscode.workspace.openTextDocument({ language: answer.language, content: answer.text });
  await vscode.window.showTextDocument(shown, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  if (!answer.ok) vscode.window.showWarningMessage(`yusec: ${target} 编译失败，显示的是诊断`);
  return shown;
}

function activate(context) {
  const config = vscode.workspace.getConfiguration('yusec');
  const server = serverCommand(config);
  client = new LanguageClient('yusec', '豫言 (yusec lsp)', { run: server, debug: server }, {
    documentSelector: [{ language: 'yuyan' }],
    initializationOptions: serverSettings(config),
    synchronize: { configurationSection: 'yusec' },
  });
  context.subscriptions.push(vscode.commands.registerCommand('yusec.openOutput', openOutput));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverSettings, serverCommand };
