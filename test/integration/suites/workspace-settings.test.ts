// A repository's .vscode/settings.json in a trusted workspace (this test server trusts every folder) tries each
// setting that would make Relay ask less or send a stored key elsewhere: none is in effect until the modal is
// answered Allow, then it is; a changed value asks again; a stricter value applies at once. The modal is the
// injected confirmer (this server refuses dialogs); the model servers check, on their side, which headers arrived.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../../../src/core/ports/approval';
import type { ChatItem } from '../../../src/shared/chat-model';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedWorkspaceValueConfirmer, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'permissions', 'toolDiscoveryCommand', 'toolCallCommand'] as const;
const TURN_MS = 30_000;
const KEY = 'sk-user-own-key';

type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

describe('workspace settings may only make Relay stricter', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    keys: ['openai-compatible', 'azure-openai'],
    initial: (server) => ({ provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false, approvalMode: 'default', permissions: [] }),
  });
  const never = new AbortController().signal;
  let confirmer: ScriptedWorkspaceValueConfirmer;
  let other: ScriptedModelServer;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const settingsFile = () => join(root(), '.vscode', 'settings.json');
  const marker = () => join(root(), 'discovery-ran.txt');
  const items = <K extends ChatItem['kind']>(kind: K): Item<K>[] => suite.snapshot().items.filter((i): i is Item<K> => i.kind === kind);
  const command = (line: string): ApprovalRequest => ({ callId: line, toolName: 'run_command', kind: 'execute', targets: { command: line } });

  /** Writes the repository's settings file as a clone would bring it, and waits until VS Code has read it. */
  async function writeWorkspaceSettings(values: Record<string, unknown>): Promise<void> {
    mkdirSync(dirname(settingsFile()), { recursive: true });
    writeFileSync(settingsFile(), JSON.stringify(values, null, 2));
    await waitFor(
      () => Object.entries(values).every(([key, value]) => JSON.stringify(vscode.workspace.getConfiguration().inspect(key)?.workspaceValue) === JSON.stringify(value)),
      10_000,
      'VS Code to read the workspace settings file',
    );
  }

  async function runTask(text: string): Promise<void> {
    await suite.newTask();
    suite.server.setScript([{ text: 'Done.', toolCalls: [{ id: `call_done_${Date.now()}`, name: 'attempt_completion', args: { result: 'done' } }] }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text });
    await suite.taskStopped('the task to stop', TURN_MS);
  }

  before(async () => {
    confirmer = (await relayWithScriptedPrompter()).workspaceValues;
    other = await startScriptedModelServer();
    await suite.relay.keys.set('openai-compatible', KEY);
  });

  beforeEach(() => {
    confirmer.reset();
    other.reset();
    rmSync(marker(), { force: true });
  });

  after(async () => {
    rmSync(settingsFile(), { force: true });
    await waitFor(() => vscode.workspace.getConfiguration().inspect('relay.approvalMode')?.workspaceValue === undefined, 10_000, 'the workspace settings to be gone');
    rmSync(marker(), { force: true });
    await other?.close();
  });

  it('a looser mode, allow rules and discovery commands wait for Allow; deny rules and a stricter mode apply at once; a changed value asks again', async () => {
    // `node -e` writes the marker when the discovery command runs, and declares no tool.
    const discovery = `node -e "require('fs').writeFileSync('discovery-ran.txt', 'x'); console.log('[]')"`;
    const allowRule = { tool: 'run_command', pattern: 'make build', action: 'allow' };
    const denyRule = { tool: 'run_command', pattern: 'git push', action: 'deny' };
    await writeWorkspaceSettings({
      'relay.approvalMode': 'yolo',
      'relay.permissions': [allowRule, denyRule],
      'relay.toolDiscoveryCommand': discovery,
      'relay.toolCallCommand': 'node call.js',
    });
    const { prompter } = await relayWithScriptedPrompter();

    // A task starts: the modal names each looser value with its file; answered like Escape, nothing of it applies.
    await runTask('Start.');
    const asked = confirmer.questions.map((q) => [q.setting, q.value, q.file]);
    assert.deepEqual(asked, [
      ['relay.approvalMode', '"yolo"', settingsFile()],
      ['relay.permissions', JSON.stringify(allowRule), settingsFile()],
      ['relay.toolDiscoveryCommand', JSON.stringify(discovery), settingsFile()],
      ['relay.toolCallCommand', '"node call.js"', settingsFile()],
    ]);
    assert.ok(!existsSync(marker()), 'the discovery command did not run');
    prompter.script();
    assert.equal((await suite.relay.approvals.approve(command('make test'), never)).allowed, false, 'default mode still asks (yolo is not in effect)');
    assert.equal(prompter.prompts.length, 1);
    prompter.script();
    assert.equal((await suite.relay.approvals.approve(command('make build'), never)).allowed, false, 'the allow rule is not in effect');
    assert.equal(prompter.prompts.length, 1);
    prompter.script();
    const denied = await suite.relay.approvals.approve(command('git push'), never);
    assert.equal(denied.allowed, false);
    assert.equal(denied.audit.rule?.pattern, 'git push', 'the deny rule applies at once');
    assert.equal(prompter.prompts.length, 0);

    // Asked once a window: the next task does not ask again.
    confirmer.reset();
    await runTask('Again.');
    assert.equal(confirmer.questions.length, 0);

    // "Relay: Review Workspace Settings" asks again; answered Allow, each value applies.
    confirmer.reset(true);
    await vscode.commands.executeCommand('relay.reviewWorkspaceSettings');
    assert.equal(confirmer.questions.length, 4);
    prompter.script();
    assert.equal((await suite.relay.approvals.approve(command('make test'), never)).allowed, true, 'yolo is in effect');
    assert.equal(prompter.prompts.length, 0);
    confirmer.reset();
    await runTask('With discovery.');
    assert.ok(existsSync(marker()), 'the confirmed discovery command ran when the task started');
    assert.equal(confirmer.questions.length, 0, 'confirmed values are not asked about again');

    // A changed value is another value: held back and asked about again.
    await writeWorkspaceSettings({ 'relay.approvalMode': 'auto-edit', 'relay.permissions': [allowRule, denyRule] });
    await waitFor(() => !vscode.workspace.getConfiguration().inspect('relay.toolDiscoveryCommand')?.workspaceValue, 10_000, 'the discovery command to be gone');
    confirmer.reset();
    await runTask('Changed.');
    assert.deepEqual(confirmer.questions.map((q) => [q.setting, q.value]), [['relay.approvalMode', '"auto-edit"']]);
    prompter.script();
    assert.equal((await suite.relay.approvals.approve(command('make test'), never)).allowed, false, 'the changed mode is not in effect');
    prompter.script();
    assert.equal((await suite.relay.approvals.approve(command('make build'), never)).allowed, true, 'the confirmed allow rule still is');

    // Stricter than the user's own: plan applies without a question.
    await writeWorkspaceSettings({ 'relay.approvalMode': 'plan' });
    confirmer.reset();
    await waitFor(() => suite.snapshot().settings?.mode === 'plan', 10_000, 'the chat to show plan mode');
    await runTask('Plan.');
    assert.equal(confirmer.questions.length, 0);
  });

  it('a workspace that turns checkpoints off: they stay on until the user allows it', async () => {
    await writeWorkspaceSettings({ 'relay.checkpoints.enabled': false });
    await relayWithScriptedPrompter();
    const request = { taskId: 'task-ckpt-setting', itemId: 'item-1', label: 'Run make' };
    await runTask('Start.');
    assert.deepEqual(confirmer.questions.map((q) => [q.setting, q.value, q.file]), [['relay.checkpoints.enabled', 'false', settingsFile()]]);
    assert.notEqual(await suite.relay.checkpoints.beforeStep(request), undefined, 'checkpoints are still taken');

    confirmer.reset(true);
    await vscode.commands.executeCommand('relay.reviewWorkspaceSettings');
    assert.equal(confirmer.questions.length, 1);
    assert.equal(await suite.relay.checkpoints.beforeStep({ ...request, itemId: 'item-2' }), undefined, 'allowed: checkpoints are off');
  });

  it('a workspace base URL gets no stored key until the user allows it; a changed one asks again', async () => {
    await writeWorkspaceSettings({ 'relay.baseUrl': other.openaiBaseUrl });

    // Not allowed: the turn fails saying so, and the other server saw no key at all.
    confirmer.reset(false);
    await suite.newTask();
    other.setScript([{ text: 'Got it.', toolCalls: [{ id: 'call_done_key', name: 'attempt_completion', args: { result: 'done' } }] }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Hello.' });
    const error = await waitFor(() => items('error')[0], TURN_MS, 'the withheld-key error');
    await suite.taskStopped('the failed task to stop', TURN_MS);
    assert.match(error.message, /did not send your OpenAI-compatible server API key/);
    const question = confirmer.questions.find((q) => q.key);
    assert.deepEqual(question && [question.setting, question.value, question.file, question.key?.origin], ['relay.baseUrl', JSON.stringify(other.openaiBaseUrl), settingsFile(), new URL(other.url).origin]);
    assert.ok(other.requests.every((r) => !r.authHeader), 'no Authorization or x-api-key header reached the other server');
    assert.equal(other.modelListings.authHeader, false);

    // Allowed: Retry sends the key there.
    confirmer.reset(true);
    suite.api.chat.submitIntent({ type: 'retry', itemId: error.id });
    await waitFor(() => items('tool').find((i) => i.status.callId === 'call_done_key' && i.status.state === 'success'), TURN_MS, 'the retried task to complete');
    await suite.taskStopped('the retried task to stop', TURN_MS);
    assert.equal(other.requests.at(-1)?.authHeader, true, 'the allowed server got the key');
    assert.equal(confirmer.questions.filter((q) => q.key).length, 1);

    // The same server under another name is another value: asked again, and not allowed, nothing with a key arrives.
    const renamed = other.openaiBaseUrl.replace('127.0.0.1', 'localhost');
    await writeWorkspaceSettings({ 'relay.baseUrl': renamed });
    other.reset();
    confirmer.reset(false);
    await suite.newTask();
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Hello again.' });
    await waitFor(() => items('error')[0], TURN_MS, 'the withheld-key error for the changed value');
    await suite.taskStopped('the failed task to stop', TURN_MS);
    assert.deepEqual(confirmer.questions.filter((q) => q.key).map((q) => q.value), [JSON.stringify(renamed)]);
    assert.ok(other.requests.every((r) => !r.authHeader));

    // The user's own base URL keeps its key without a question.
    rmSync(settingsFile(), { force: true });
    await waitFor(() => vscode.workspace.getConfiguration().inspect('relay.baseUrl')?.workspaceValue === undefined, 10_000, 'the workspace base URL to be gone');
    confirmer.reset(false);
    await runTask('Own server.');
    assert.equal(suite.server.requests.at(-1)?.authHeader, true);
    assert.equal(confirmer.questions.length, 0);
  });

  it('Test Connection and the model list with a workspace endpoint ask before the key goes there', async () => {
    // A value not confirmed before (the previous test allowed the one without the slash).
    await writeWorkspaceSettings({ 'relay.baseUrl': `${other.openaiBaseUrl}/` });
    confirmer.reset(false);
    const { setupPrompts } = await relayWithScriptedPrompter();
    setupPrompts.script();
    const result = await suite.relay.checkConnection();
    assert.equal(result.ok, false);
    assert.match(result.error?.message ?? '', /did not send/);
    assert.ok(other.requests.every((r) => !r.authHeader));
    assert.equal(confirmer.questions.filter((q) => q.key).length, 1);
    // The model picker's live list: asked again, not allowed, and then not asked for at all (not even keyless).
    setupPrompts.script();
    await suite.relay.selectModel();
    assert.equal(confirmer.questions.filter((q) => q.key).length, 2);
    assert.equal(other.modelListings.count, 0, 'nothing reached the server the user did not allow');
    rmSync(settingsFile(), { force: true });
    await waitFor(() => vscode.workspace.getConfiguration().inspect('relay.baseUrl')?.workspaceValue === undefined, 10_000, 'the workspace base URL to be gone');
  });

  it('with no key stored, a workspace base URL gets no request at all (not the conversation) until the user allows it, once per value', async () => {
    // A value not confirmed before, and no key: the old gate let the conversation go there without a question.
    const endpoint = `${other.openaiBaseUrl.replace('127.0.0.1', 'localhost')}/`;
    await suite.relay.keys.set('openai-compatible', undefined);
    await writeWorkspaceSettings({ 'relay.baseUrl': endpoint });
    try {
      confirmer.reset(false);
      await suite.newTask();
      other.setScript([{ text: 'Got it.', toolCalls: [{ id: 'call_done_nokey', name: 'attempt_completion', args: { result: 'done' } }] }]);
      suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Here is a secret file: hunter2.' });
      const error = await waitFor(() => items('error')[0], TURN_MS, 'the refused-endpoint error');
      await suite.taskStopped('the refused task to stop', TURN_MS);
      assert.match(error.message, /Relay sent nothing to http:\/\/localhost:\d+: relay\.baseUrl is set to it in /);
      assert.deepEqual(
        confirmer.questions.map((q) => [q.setting, q.value, q.file, q.endpoint?.origin, q.key]),
        [['relay.baseUrl', JSON.stringify(endpoint), settingsFile(), new URL(endpoint).origin, undefined]],
      );
      assert.equal(other.requests.length, 0, 'the server the workspace chose received nothing');
      assert.equal(other.modelListings.count, 0);
      const check = await suite.relay.checkConnection();
      assert.equal(check.ok, false, 'Test Connection is refused too');
      assert.equal(other.requests.length + other.modelListings.count, 0, 'still nothing');

      // Allowed: Retry sends the conversation there, and the same value does not ask again.
      confirmer.reset(true);
      suite.api.chat.submitIntent({ type: 'retry', itemId: error.id });
      await waitFor(() => items('tool').find((i) => i.status.callId === 'call_done_nokey' && i.status.state === 'success'), TURN_MS, 'the retried task to complete');
      await suite.taskStopped('the retried task to stop', TURN_MS);
      assert.equal(confirmer.questions.length, 1);
      assert.ok(other.requests.length > 0 && other.requests.every((r) => !r.authHeader), 'the allowed server got the turn, without a key');
      confirmer.reset(false);
      other.setScript([{ text: 'Again.', toolCalls: [{ id: 'call_done_nokey2', name: 'attempt_completion', args: { result: 'done' } }] }]);
      await suite.newTask();
      suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Again.' });
      await waitFor(() => items('tool').find((i) => i.status.callId === 'call_done_nokey2' && i.status.state === 'success'), TURN_MS, 'the next task to complete');
      await suite.taskStopped('the next task to stop', TURN_MS);
      assert.equal(confirmer.questions.length, 0, 'remembered for that value');
    } finally {
      await suite.relay.keys.set('openai-compatible', KEY);
      rmSync(settingsFile(), { force: true });
      await waitFor(() => vscode.workspace.getConfiguration().inspect('relay.baseUrl')?.workspaceValue === undefined, 10_000, 'the workspace base URL to be gone');
    }
  });

  it('a workspace Azure endpoint (with the provider switched to Azure) gets the stored Azure key only once allowed', async () => {
    await suite.relay.keys.set('azure-openai', 'azure-user-key');
    const endpoint = `${other.url}/`;
    await writeWorkspaceSettings({ 'relay.provider': 'azure-openai', 'relay.azure.endpoint': endpoint, 'relay.azure.deployment': 'gpt-4o' });
    try {
      confirmer.reset(false);
      const refused = await suite.relay.checkConnection();
      assert.match(refused.ok ? '' : refused.error.message, /did not send your Azure OpenAI API key/);
      const question = confirmer.questions.find((q) => q.key);
      assert.deepEqual(question && [question.setting, question.value, question.file], ['relay.azure.endpoint', JSON.stringify(endpoint), settingsFile()]);
      assert.ok(other.requests.every((r) => !r.authHeader), 'no api-key header reached the workspace endpoint');

      confirmer.reset(true);
      await suite.relay.checkConnection();
      assert.equal(other.requests.at(-1)?.authHeader, true, 'allowed: the key went there');
    } finally {
      rmSync(settingsFile(), { force: true });
      await waitFor(() => vscode.workspace.getConfiguration().inspect('relay.azure.endpoint')?.workspaceValue === undefined, 10_000, 'the workspace endpoint to be gone');
    }
  });
});
