// The chat wired end to end inside the real VS Code extension host: intents go in through the chat view
// provider (as if the webview sent them), the extension's own Relay runs them (task controller, configured
// provider reading the real settings and SecretStorage, built-in tools on the VS Code adapters, approvals
// through the approval service) and the model is the scripted model server over real HTTP. Approvals are
// answered by the scripted prompter the Relay was created with (helpers.ts): the test server refuses dialogs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import type { Relay } from '../../../src/host/relay';
import type { ChatItem, ChatSnapshot, KnownDisplayBlock, TaskSummary } from '../../../src/shared/chat-model';
import type { RecordedRequest, ScriptedModelServer } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { EXTENSION_ID, type ScriptedPrompter, waitFor } from '../helpers';

/** The settings this suite changes (user level), restored to what they were in `after`. */
const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const FOLDER = 'relay-chat-it';
const TURN_MS = 15_000;

type Json = Record<string, unknown>;
type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

describe('relay chat: the real wiring inside VS Code', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false }),
    keys: ['anthropic'],
    closeEditors: true,
  });
  let api: RelayApi;
  let relay: Relay;
  let prompter: ScriptedPrompter;
  let server: ScriptedModelServer;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const folder = () => vscode.Uri.joinPath(root(), FOLDER);
  const snapshot = (): ChatSnapshot => api.chat.snapshot;
  const items = <K extends ChatItem['kind']>(kind: K): Item<K>[] => snapshot().items.filter((i): i is Item<K> => i.kind === kind);

  const setSettings = (values: Partial<Record<(typeof SETTINGS)[number], unknown>>) => suite.setSettings(values);

  async function exists(uri: vscode.Uri): Promise<boolean> {
    return vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
  }

  /** Waits until the task on screen has run and stopped; returns it. */
  const taskStopped = (what: string) => suite.taskStopped(what, TURN_MS);

  /**
   * The task as the history lists it: first the list the controller refreshes by itself when the task stops
   * (it must show the end state, not "running"), then a fresh list asked for as the webview asks, then the store.
   */
  async function historyEntry(id: string, status: TaskSummary['status']): Promise<TaskSummary> {
    const listed = () => snapshot().history?.find((t) => t.id === id && t.status === status);
    const explain = (error: unknown): never => {
      throw new Error(`${String(error)}; the history lists ${JSON.stringify(snapshot().history)}`);
    };
    await waitFor(listed, 5_000, `the history refreshed at the end of task ${id} to list it as ${status}`).catch(explain);
    const before = snapshot().history;
    api.chat.submitIntent({ type: 'listHistory' });
    const entry = await waitFor(() => snapshot().history !== before && listed(), 5_000, `a listHistory answer listing task ${id} as ${status}`).catch(explain);
    assert.equal((await relay.controller.listTasks()).find((t) => t.id === id)?.status, status, 'the store');
    return entry;
  }

  const toolMessages = (request: RecordedRequest): Json[] => ((request.body as Json).messages as Json[]).filter((m) => m.role === 'tool');

  const diffTabs = () =>
    vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t): t is vscode.Tab & { input: vscode.TabInputTextDiff } => t.input instanceof vscode.TabInputTextDiff);

  before(() => void ({ api, relay, prompter, server } = suite));

  after(async () => {
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('registers every contributed command, and activates on no `*` event', async () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      activationEvents?: string[];
      contributes: { commands: { command: string }[]; menus?: Record<string, { command?: string }[]> };
    };
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = pkg.contributes.commands.map((c) => c.command);
    assert.ok(contributed.length > 0);
    assert.deepEqual(
      contributed.filter((id) => !registered.has(id)),
      [],
      'contributed commands without a handler',
    );
    // Menus may only name contributed commands (a menu entry for an unknown command silently never shows).
    const inMenus = Object.values(pkg.contributes.menus ?? {}).flatMap((entries) => entries.map((e) => e.command).filter((c): c is string => Boolean(c)));
    assert.deepEqual(
      inMenus.filter((id) => !contributed.includes(id)),
      [],
    );
    assert.ok(!(pkg.activationEvents ?? []).some((e) => e === '*' || e.includes('*')), `activation events: ${JSON.stringify(pkg.activationEvents)}`);
  });

  it('a chat task end to end: streams text and a write_file call, asks, writes, completes, is listed, and opens its diff', async () => {
    const path = `${FOLDER}/hello.txt`;
    const content = 'Hello from Relay\nsecond line\nthird line\n';
    const result = `Created ${path}.`;
    server.setScript([
      {
        text: 'I will create the file now.',
        toolCalls: [{ id: 'call_write_1', name: 'write_file', args: { path, content } }],
        chunkSize: 8,
        chunkDelayMs: 2,
      },
      { text: 'Done.', toolCalls: [{ id: 'call_done_1', name: 'attempt_completion', args: { result } }] },
    ]);
    prompter.script({ type: 'allow-once' });

    api.chat.submitIntent({ type: 'sendMessage', text: `Create ${path} with three lines.` });
    const task = await taskStopped('the task to finish');

    // The approval: asked once, naming the file and its line counts.
    assert.equal(prompter.prompts.length, 1, JSON.stringify(prompter.prompts));
    const prompt = prompter.prompts[0]!;
    assert.equal(prompt.toolName, 'write_file');
    assert.equal(prompt.callId, 'call_write_1');
    // The question is the action and its size; the detail does not repeat them.
    assert.equal(prompt.message, `Create ${path} (+3 lines)?`);
    assert.doesNotMatch(prompt.detail, /^File: |Changes: /m);
    assert.equal(prompt.offersDiff, true);

    // On disk.
    const file = vscode.Uri.joinPath(root(), path);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)), content);

    // The chat: the user's message, the assistant's text, a successful card with the diff, and no error.
    assert.deepEqual(
      items('user').map((i) => i.text),
      [`Create ${path} with three lines.`],
    );
    const texts = items('assistant');
    assert.deepEqual(
      texts.map((i) => i.text),
      ['I will create the file now.', 'Done.', result],
      'the streamed texts, then the completion result',
    );
    assert.ok(texts.every((i) => !i.streaming), 'every text item is done streaming');
    const card = items('tool').find((i) => i.status.callId === 'call_write_1');
    assert.ok(card, `no write_file card in ${JSON.stringify(snapshot().items)}`);
    assert.equal(card.status.state, 'success', card.status.error);
    assert.equal(card.status.toolName, 'write_file');
    const diff = card.status.blocks.find((b): b is Extract<KnownDisplayBlock, { type: 'diff' }> => b.type === 'diff');
    assert.ok(diff, `no diff block in ${JSON.stringify(card.status.blocks)}`);
    assert.equal(diff.added, 3);
    assert.equal(diff.removed, 0);
    assert.equal(diff.canOpen, true);
    assert.deepEqual(items('error'), []);
    const completion = items('tool').find((i) => i.status.callId === 'call_done_1');
    assert.equal(completion?.status.state, 'success');

    // The model saw the write's result before it completed.
    assert.equal(server.requests.length, 2);
    assert.ok(server.requests.every((r) => r.route === 'openai' && r.outcome === 'completed'));
    const writeResult = toolMessages(server.requests[1]!).find((m) => m.tool_call_id === 'call_write_1');
    assert.match(String(writeResult?.content), /Created relay-chat-it\/hello\.txt \(3 lines\)/);

    // Completed, saved, and listed.
    assert.equal(task.title, `Create ${path} with three lines.`);
    await historyEntry(task.id, 'completed');

    // "Open diff" on the card: VS Code's diff editor, before against now.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(diffTabs(), []);
    api.chat.submitIntent({ type: 'openDiff', callId: 'call_write_1' });
    const tab = await waitFor(() => diffTabs().find((t) => t.input.modified.toString() === file.toString()), 10_000, 'the diff editor of hello.txt');
    assert.match(tab.label, /hello\.txt \(Relay: before ↔ now\)/);
    await vscode.window.tabGroups.close(tab, true);
    assert.deepEqual(diffTabs(), []);
  });

  it('deny with a reason: the command does not run and the reason reaches the model in the tool result', async () => {
    const marker = `${FOLDER}/denied-marker.txt`;
    const command = `mkdir -p ${FOLDER} && echo ran > ${marker}`;
    server.setScript([
      { toolCalls: [{ id: 'call_cmd_1', name: 'run_command', args: { command } }] },
      { text: 'Understood, I will not run it.', toolCalls: [{ id: 'call_done_2', name: 'attempt_completion', args: { result: 'Did not run the command.' } }] },
    ]);
    prompter.script({ type: 'deny-with-reason', reason: 'not now' });

    api.chat.submitIntent({ type: 'sendMessage', text: 'Write the marker file with a shell command.' });
    const task = await taskStopped('the task to finish after the denial');

    assert.equal(prompter.prompts.length, 1);
    const prompt = prompter.prompts[0]!;
    assert.equal(prompt.toolName, 'run_command');
    assert.match(prompt.detail, new RegExp(`^Command: ${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    assert.equal(await exists(vscode.Uri.joinPath(root(), marker)), false, 'the denied command ran');

    assert.equal(server.requests.length, 2, 'the model was asked again after the denial');
    const denial = toolMessages(server.requests[1]!).find((m) => m.tool_call_id === 'call_cmd_1');
    assert.ok(denial, JSON.stringify((server.requests[1]!.body as Json).messages));
    assert.match(String(denial.content), /The user denied this call: not now/);

    const card = items('tool').find((i) => i.status.callId === 'call_cmd_1');
    assert.equal(card?.status.state, 'error', JSON.stringify(card?.status));
    await historyEntry(task.id, 'completed');
  });

  it('ask_followup_question: the question shows on its card, the answer from the chat reaches the model', async () => {
    server.setScript([
      { toolCalls: [{ id: 'call_ask_1', name: 'ask_followup_question', args: { question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'] } }] },
      { toolCalls: [{ id: 'call_done_ask', name: 'attempt_completion', args: { result: 'Using spaces.' } }] },
    ]);
    api.chat.submitIntent({ type: 'sendMessage', text: 'Set up the formatter.' });
    const asking = () => items('tool').find((i) => i.status.callId === 'call_ask_1' && i.status.state === 'running');
    const card = await waitFor(asking, TURN_MS, 'the question card waiting for an answer');
    const block = card.status.blocks.find((b): b is Extract<KnownDisplayBlock, { type: 'question' }> => b.type === 'question');
    assert.deepEqual([block?.question, block?.options], ['Tabs or spaces?', ['Tabs', 'Spaces']]);
    assert.equal(prompter.prompts.length, 0, 'asking the user is read-only: no approval');

    api.chat.submitIntent({ type: 'answerQuestion', callId: 'call_ask_1', answer: 'Spaces' });
    await taskStopped('the task to finish after the answer');
    const answer = toolMessages(server.requests[1]!).find((m) => m.tool_call_id === 'call_ask_1');
    assert.match(String(answer?.content), /Spaces/);
    assert.equal(items('tool').find((i) => i.status.callId === 'call_ask_1')?.status.state, 'success');
  });

  it('no API key: a retryable error names "Set API Key"; with a key set, Retry runs the task against the server', async () => {
    await relay.keys.set('anthropic', undefined);
    // Anthropic's base URL is without /v1 (the SDK adds it): see src/core/model/factory.ts.
    await setSettings({ provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: server.url });
    try {
      server.setScript([{ text: 'Hello with a key.', toolCalls: [{ id: 'toolu_done_3', name: 'attempt_completion', args: { result: 'Said hello.' } }] }]);
      api.chat.submitIntent({ type: 'sendMessage', text: 'Say hello.' });
      const error = await waitFor(() => items('error')[0], TURN_MS, 'the missing-key error');
      await taskStopped('the failed task to stop');
      assert.equal(error.retryable, true);
      assert.match(error.message, /Set API Key/);
      assert.match(error.message, /No API key is set for Anthropic\./);
      assert.equal(server.requests.length, 0, 'nothing was sent without a key');
      const failed = snapshot().task!;
      await historyEntry(failed.id, 'failed');

      await relay.keys.set('anthropic', 'test-key');
      api.chat.submitIntent({ type: 'retry', itemId: error.id });
      await waitFor(() => items('tool').find((i) => i.status.callId === 'toolu_done_3' && i.status.state === 'success'), TURN_MS, 'the retried task to complete');
      const task = await taskStopped('the retried task to stop');
      assert.equal(task.id, failed.id, 'Retry continued the same task');
      assert.equal(server.requests.length, 1);
      const request = server.requests[0]!;
      assert.equal(request.route, 'anthropic');
      assert.equal(request.path, '/v1/messages');
      assert.equal(request.authHeader, true, 'the key from SecretStorage was sent');
      assert.equal((request.body as Json).model, 'claude-haiku-4-5');
      assert.deepEqual(
        items('assistant').map((i) => i.text),
        ['Hello with a key.', 'Said hello.'],
      );
      await historyEntry(task.id, 'completed');
    } finally {
      await relay.keys.set('anthropic', suite.savedKey('anthropic'));
      await setSettings({ provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl });
    }
  });

  it('Cancel Task stops a stalled model turn at once and says so', async () => {
    server.setScript([{ text: 'Let me think about this for a long while.', chunkSize: 4, fault: { stallMs: 10_000, afterChunks: 4 } }]);
    api.chat.submitIntent({ type: 'sendMessage', text: 'Think hard.' });
    // Streaming has started and then stalled: the text so far is on screen and the task runs.
    await waitFor(() => items('assistant')[0]?.text, TURN_MS, 'the first streamed text');
    await waitFor(() => snapshot().task?.running, 5_000, 'the task to be running');
    assert.equal(server.requests[0]?.outcome, 'pending');

    const started = Date.now();
    await vscode.commands.executeCommand('relay.cancelTask');
    const task = await taskStopped('the task to stop after Cancel Task');
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 3_000, `cancelling took ${elapsed} ms`);
    assert.equal(task.running, false);
    assert.ok(
      items('notice').some((n) => n.text === 'Task cancelled.'),
      JSON.stringify(snapshot().items),
    );
    assert.deepEqual(items('error'), [], 'a cancel is not an error');
    await waitFor(() => server.requests[0]?.outcome === 'client_closed', 5_000, 'the stalled request to be closed by the client');
    await historyEntry(task.id, 'cancelled');
  });

  it('New Task from the palette clears the task on screen, whether the chat view was closed or loaded', async () => {
    const runOne = async (n: number) => {
      server.reset();
      server.setScript([{ text: 'Hi.', toolCalls: [{ id: `call_done_6${n}`, name: 'attempt_completion', args: { result: 'Greeted.' } }] }]);
      api.chat.submitIntent({ type: 'sendMessage', text: `Say hi (${n}).` });
      await waitFor(() => items('tool').find((i) => i.status.callId === `call_done_6${n}` && i.status.state === 'success'), TURN_MS, `task ${n} to complete`);
      return taskStopped(`task ${n} to stop`);
    };
    const cleared = () => !snapshot().task && snapshot().items.length === 0;

    // The view closed (in a fresh window it was never shown): the command shows it, and the task still starts afresh
    // although the webview is not there yet to pass the request on.
    const first = await runOne(1);
    const seen: string[] = [];
    const listening = api.chat.onMessage((m) => seen.push(m.type));
    try {
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.commands.executeCommand('relay.newTask');
      await waitFor(cleared, 10_000, 'the chat to clear (view closed)');
      assert.equal(relay.controller.session, undefined);
      await historyEntry(first.id, 'completed');

      // The view open and its webview loaded: the command goes through the webview, which asks the host back.
      await waitFor(() => seen.includes('ready') && api.chat.isVisible, 30_000, 'the chat webview to load');
      const second = await runOne(2);
      seen.length = 0;
      await vscode.commands.executeCommand('relay.newTask');
      await waitFor(cleared, 10_000, 'the chat to clear (view loaded)');
      assert.ok(seen.includes('newTask'), `the webview sent ${JSON.stringify(seen)}`);
      await historyEntry(second.id, 'completed');
    } finally {
      listening.dispose();
    }
  });

  it('a chat shown again counts as loaded only once its page says ready: one-off messages wait for it', async () => {
    await vscode.commands.executeCommand('relay.focusChat');
    await waitFor(() => api.chat.isLoaded, 30_000, 'the chat to load');
    const seen: string[] = [];
    const listening = api.chat.onMessage((m) => seen.push(m.type));
    // Sampled on every turn of the event loop from before the view is shown until its page says ready: a read
    // right after focusChat would pass whenever the page happened to load before it (the race this is about).
    let sampling = true;
    const samples = { visibleBeforeReady: 0, loadedBeforeReady: 0 };
    const sample = (): void => {
      if (!sampling) return;
      if (!seen.includes('ready')) {
        if (api.chat.isVisible) samples.visibleBeforeReady++;
        if (api.chat.isLoaded) samples.loadedBeforeReady++;
      }
      setImmediate(sample);
    };
    try {
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      assert.equal(api.chat.isLoaded, false, 'a hidden chat is not loaded');
      sample();
      await vscode.commands.executeCommand('relay.focusChat');
      // Visible at once, but its page reloads (retainContextWhenHidden is off) and listens only once it says ready.
      await waitFor(() => seen.includes('ready'), 30_000, 'the page to say ready');
      sampling = false;
      assert.ok(samples.visibleBeforeReady > 0, 'the view was seen visible before its page said ready (else this proves nothing)');
      assert.equal(samples.loadedBeforeReady, 0, `loaded before its page said ready (${samples.loadedBeforeReady} of ${samples.visibleBeforeReady} samples)`);
      assert.equal(api.chat.isLoaded, true);
    } finally {
      sampling = false;
      listening.dispose();
    }
  });

  // Restricted Mode (an untrusted workspace) cannot be entered in this host, which runs with trust disabled;
  // permissions.test.ts covers the read-only tool set and refusals with an injected trust.
});
