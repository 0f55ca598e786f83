import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import type { HostToWebview, WebviewToHost } from '../../../src/shared/protocol';
import { activateRelay, relayWithScriptedPrompter, waitFor } from '../helpers';

describe('foundation: Relay inside a real VS Code', () => {
  it('runs in the real extension host', () => {
    // Only a real host gives a version string and a workspace folder from the launch URL.
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    assert.ok(vscode.workspace.workspaceFolders?.length, 'a workspace folder is open');
  });

  it('activates on its command and contributes its commands, without loading the runtime bundle', async () => {
    const api: RelayApi = await activateRelay();
    // Activation must stay cheap: dist/runtime.js (validators, providers, agent) loads on first use only.
    assert.ok(!Object.keys(require.cache).some((k) => k.endsWith('runtime.js')), 'runtime.js was loaded at activation');
    assert.ok(api.chat, 'the chat view provider is exported');
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['relay.newTask', 'relay.cancelTask', 'relay.focusChat']) assert.ok(commands.includes(id), id);
  });

  it('round-trips the webview channel: ready reaches the host', async () => {
    const api = await activateRelay();
    // The webview's first message creates the Relay: create it first with the suites' scripted prompter (helpers.ts).
    await relayWithScriptedPrompter();
    const seen: WebviewToHost[] = [];
    const sub = api.chat.onMessage((m) => seen.push(m));
    const answers: HostToWebview[] = [];
    const post = api.chat.post;
    api.chat.post = (message: HostToWebview) => {
      answers.push(message);
      post.call(api.chat, message);
    };
    try {
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.commands.executeCommand('relay.focusChat');
      await waitFor(() => seen.some((m) => m.type === 'ready'), 30_000, 'the webview to post ready');
      assert.equal(api.chat.isVisible, true);
      assert.ok(Object.keys(require.cache).some((k) => k.endsWith('runtime.js')), 'runtime.js is loaded once the chat is in use');
    } finally {
      sub.dispose();
    }
  });

  it('keeps the host snapshot from published deltas and answers ready with it', async () => {
    const api = await activateRelay();
    const seen: WebviewToHost[] = [];
    const sub = api.chat.onMessage((m) => seen.push(m));
    const answers: HostToWebview[] = [];
    const post = api.chat.post;
    api.chat.post = (message: HostToWebview) => {
      answers.push(message);
      post.call(api.chat, message);
    };
    try {
      const task = { id: 'it-task', title: 'Integration task', running: true };
      api.chat.publish({ type: 'reset', task, items: [] });
      api.chat.publish({ type: 'itemAdded', item: { kind: 'assistant', id: 'a1', text: 'Hel', ts: 0, streaming: true } });
      api.chat.publish({ type: 'textDelta', id: 'a1', text: 'lo' });
      api.chat.publish({ type: 'textDelta', id: 'unknown', text: 'dropped' });
      const status = { callId: 'c1', toolName: 'read_file', displayName: 'Read File', state: 'running' as const, partial: false, blocks: [], startTime: 0 };
      api.chat.publish({ type: 'toolStatus', status });
      api.chat.publish({ type: 'toolStatus', status: { ...status, state: 'success' } });
      assert.deepEqual(
        api.chat.snapshot.items.map((i) => [i.id, i.kind === 'assistant' ? i.text : i.kind === 'tool' ? i.status.state : '']),
        [['a1', 'Hello'], ['c1', 'success']],
      );
      assert.equal(api.chat.snapshot.task?.title, 'Integration task');
      // A webview torn down and shown again says ready again; the provider answers with this snapshot.
      answers.length = 0;
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.commands.executeCommand('relay.focusChat');
      await waitFor(() => seen.some((m) => m.type === 'ready'), 30_000, 'the re-shown webview to post ready');
      const init = await waitFor(() => answers.find((m): m is Extract<HostToWebview, { type: 'init' }> => m.type === 'init'), 10_000, 'the answer to ready');
      assert.equal(init.snapshot.task?.title, 'Integration task', 'the answer carries the published task');
      assert.deepEqual(
        init.snapshot.items.map((i) => [i.id, i.kind === 'assistant' ? i.text : i.kind === 'tool' ? i.status.state : '']),
        [['a1', 'Hello'], ['c1', 'success']],
        'the answer carries the snapshot the deltas built',
      );
    } finally {
      api.chat.post = post;
      api.chat.publish({ type: 'reset', task: undefined, items: [] });
      sub.dispose();
    }
  });

  it('sees diagnostics published by a built-in language server (JSON)', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const uri = vscode.Uri.joinPath(folder, 'broken.json');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('{\n  "a": 1,\n}\n'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    const diagnostics = await waitFor(
      () => {
        const found = vscode.languages.getDiagnostics(uri);
        return found.length > 0 ? found : undefined;
      },
      45_000,
      'JSON diagnostics',
    );
    assert.ok(diagnostics.some((d) => /trailing comma/i.test(d.message)), diagnostics.map((d) => d.message).join('; '));
  });
});
