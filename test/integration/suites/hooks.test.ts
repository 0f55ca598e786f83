// Hooks from the repository, in the real VS Code against the scripted model server: Claude Code's
// `.claude/settings.json` in the workspace is read on first use, its command lines are confirmed once, a
// PreToolUse hook (exit 2) blocks a command and the card says which hook and why, a PostToolUse hook's context
// reaches the model with the result, and a changed hook asks again before it runs. A Notification hook, wired as
// the extension wires it (no test double between the task, the approval queue and the hook), is told of an
// approval and of a question with the session_id of the task that waits, the one its PreToolUse hook saw.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HookDefinition } from '../../../src/core/customization/hooks/types';
import type { ChatItem } from '../../../src/shared/chat-model';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedHookConfirmer, waitFor } from '../helpers';
import { HookConfirmations } from '../../../src/host/customization/hooks/hook-confirmations';
import { WorkspaceHookSet } from '../../../src/host/customization/hooks/workspace-hooks';
import { customizationsReport } from '../../../src/host/customization/customizations-report';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const TURN_MS = 20_000;

type Json = Record<string, unknown>;

const GUARD = `if grep -q 'rm -rf'; then echo 'rm -rf is not allowed in this repository' >&2; exit 2; fi`;
const contextHook = (text: string) => `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"${text}"}}'`;

function settingsJson(postCommand: string): string {
  return JSON.stringify(
    {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD, timeout: 20 }] }],
        PostToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: postCommand }] }],
      },
    },
    null,
    2,
  );
}

describe('hooks from the repository', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false }),
  });
  let confirmer: ScriptedHookConfirmer;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const settingsFile = () => vscode.Uri.joinPath(root(), '.claude', 'settings.json');
  const toolMessages = (request: RecordedRequest): Json[] => ((request.body as Json).messages as Json[]).filter((m) => m.role === 'tool');
  const cards = () => suite.snapshot().items.filter((i): i is Extract<ChatItem, { kind: 'tool' }> => i.kind === 'tool');
  const writeSettings = (text: string) => vscode.workspace.fs.writeFile(settingsFile(), new TextEncoder().encode(text));
  const loadedCommands = async () => (await suite.relay.customizations.get<HookDefinition>('hooks')).entries.map((h) => h.command);

  before(async () => {
    confirmer = (await relayWithScriptedPrompter()).hookConfirmer;
    await writeSettings(settingsJson(contextHook('checked by the team hook')));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root(), 'hooks-it.txt'), new TextEncoder().encode('hello\n'));
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), '.claude'), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), 'hooks-it.txt'), { useTrash: false }).then(undefined, () => undefined);
  });

  it('a PreToolUse hook blocks a command before anyone is asked; the card and the model say which hook and why', async () => {
    suite.server.setScript([
      { toolCalls: [{ id: 'call_rm', name: 'run_command', args: { command: 'rm -rf build-hooks-it' } }] },
      { text: 'The hook refused it.' },
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Clean the build folder.' });
    await suite.taskStopped('the blocked command', TURN_MS);

    assert.equal(confirmer.asked.length, 1, 'the command lines were confirmed once');
    assert.deepEqual(confirmer.asked[0], [GUARD, contextHook('checked by the team hook')]);
    assert.equal(suite.prompter.prompts.length, 0, 'the approval modal never opened');
    const card = cards().find((c) => c.status.callId === 'call_rm')!;
    assert.equal(card.status.state, 'error');
    assert.deepEqual(card.status.hooks?.map((n) => n.kind), ['blocked']);
    assert.match(card.status.hooks![0]!.text, /PreToolUse.*\.claude\/settings\.json.*rm -rf is not allowed in this repository/);
    const result = String(toolMessages(suite.server.requests[1]!)[0]!.content);
    assert.match(result, /did not run\. The PreToolUse hook .* blocked it: rm -rf is not allowed in this repository/);
    // Show Customizations' last-turn part says which hook ran and what it did.
    const lines = suite.relay.customizations.lastTurn.list().find((s) => s.kind === 'hooks')?.lines ?? [];
    assert.ok(lines.some((l) => /^PreToolUse .* \(\.claude\/settings\.json\): blocked: rm -rf is not allowed/.test(l)), lines.join('\n'));
  });

  it("a PostToolUse hook's context reaches the model with the result, and the card says it added context", async () => {
    suite.server.setScript([{ toolCalls: [{ id: 'call_read', name: 'read_file', args: { path: 'hooks-it.txt' } }] }, { text: 'Read it.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Read hooks-it.txt' });
    await suite.taskStopped('the read', TURN_MS);

    const result = String(toolMessages(suite.server.requests[1]!)[0]!.content);
    assert.match(result, /hello/);
    assert.match(result, /<hook_context>\nchecked by the team hook\n<\/hook_context>/);
    const card = cards().find((c) => c.status.callId === 'call_read')!;
    assert.deepEqual(card.status.hooks?.map((n) => n.kind), ['context-added']);
    assert.equal(confirmer.asked.length, 1, 'confirmed hooks are not asked again');
  });

  it('a changed hook asks again before it runs; declined, it does not run', async () => {
    const changed = contextHook('changed hook ran');
    await writeSettings(settingsJson(changed));
    // The watcher marks the hooks stale; the next load has the new command line.
    await waitFor(async () => (await loadedCommands()).includes(changed), 10_000, 'the changed hook file to be read again');
    confirmer.answer = false;
    suite.server.setScript([{ toolCalls: [{ id: 'call_read2', name: 'read_file', args: { path: 'hooks-it.txt' } }] }, { text: 'Read it again.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Read hooks-it.txt again' });
    await suite.taskStopped('the second read', TURN_MS);
    confirmer.answer = true;

    assert.equal(confirmer.asked.length, 2, 'asked again');
    assert.deepEqual(confirmer.asked[1], [changed], 'only the changed command line is asked about');
    const result = String(toolMessages(suite.server.requests[1]!)[0]!.content);
    assert.doesNotMatch(result, /changed hook ran/, 'a declined hook does not run');
  });

  it('Show Customizations lists the hooks held back and the problems of relay.hooks, before any hook ran', async () => {
    // The changed hook was declined above: it is held back, though no hook has run since.
    suite.relay.customizations.lastTurn.set({ kind: 'hooks', title: 'cleared', lines: [] });
    const config = vscode.workspace.getConfiguration('relay');
    await config.update('hooks', { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }], NotAnEvent: [] }, vscode.ConfigurationTarget.Global);
    try {
      const report = customizationsReport(await suite.relay.customizations.sections(), []);
      assert.match(report, /relay\.hooks \(your settings\): PreToolUse\[0\]\.hooks\[0\] has no command for this system\./);
      assert.match(report, /relay\.hooks \(your settings\): Unknown hook event "NotAnEvent"/);
      assert.match(report, /PostToolUse \(Read\) echo .*changed hook ran.* held back: you declined its command line in this window/);
      assert.doesNotMatch(report, /PreToolUse \(Bash\) if grep .* held back/, 'a confirmed hook is not listed as held back');
      const untrusted = new WorkspaceHookSet(suite.relay.customizations, new HookConfirmations({ get: (_k: string, fallback?: unknown) => fallback, update: async () => undefined } as never, async () => true), () => false);
      const lines = await untrusted.status();
      assert.ok(lines.filter((line) => /held back: the workspace is not trusted/.test(line)).length >= 2, lines.join('\n'));
    } finally {
      await config.update('hooks', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("a Notification hook gets the waiting task's session_id, through the extension's own wiring, for an approval and for a question", async () => {
    const record = (file: string) => `cat >> ${file}; echo >> ${file}`;
    const notifications = record('.hooks-it-notification.jsonl');
    const preToolUse = record('.hooks-it-pretooluse.jsonl');
    const readLines = async (file: string): Promise<Json[]> => {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root(), file)).then(undefined, () => new Uint8Array());
      return new TextDecoder()
        .decode(bytes)
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Json);
    };
    await writeSettings(JSON.stringify({ hooks: { Notification: [{ hooks: [{ type: 'command', command: notifications }] }], PreToolUse: [{ matcher: 'Bash|AskUserQuestion', hooks: [{ type: 'command', command: preToolUse }] }] } }));
    await waitFor(async () => (await loadedCommands()).includes(notifications), 10_000, 'the Notification hook to be read');
    await suite.newTask();
    suite.server.setScript([
      { toolCalls: [{ id: 'call_touch', name: 'run_command', args: { command: 'touch hooks-it-notified.txt' } }] },
      { toolCalls: [{ id: 'call_question', name: 'ask_followup_question', args: { question: 'Which branch?' } }] },
    ]);
    suite.prompter.script({ type: 'allow-once' });
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Touch the marker file, then ask me something.' });
    await waitFor(async () => (await readLines('.hooks-it-notification.jsonl')).length >= 2, TURN_MS, 'a Notification for the approval and one for the question');
    const taskId = suite.snapshot().task?.id;
    const [approval, question] = await readLines('.hooks-it-notification.jsonl');
    const pre = await readLines('.hooks-it-pretooluse.jsonl');
    try {
      assert.ok(taskId, 'the chat shows a task');
      assert.equal(approval!.hook_event_name, 'Notification');
      assert.equal(approval!.notification_type, 'permission_prompt');
      assert.match(String(approval!.message), /touch hooks-it-notified\.txt|run_command|command/i);
      assert.equal(question!.notification_type, 'idle_prompt');
      assert.match(String(question!.message), /Which branch\?/);
      assert.ok(pre.length >= 1, 'the PreToolUse hook ran for the command');
      for (const seen of [approval!, question!, ...pre]) assert.equal(seen.session_id, taskId, `session_id of ${String(seen.hook_event_name)}: ${JSON.stringify(seen)}`);
    } finally {
      suite.api.chat.submitIntent({ type: 'newTask' }); // the question still waits: the new task stops it
      await waitFor(() => !suite.relay.controller.isRunning, 5_000, 'the waiting task to stop');
      for (const file of ['.hooks-it-notification.jsonl', '.hooks-it-pretooluse.jsonl', 'hooks-it-notified.txt']) {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), file), { useTrash: false }).then(undefined, () => undefined);
      }
    }
  });

  it('in an untrusted workspace the repository hooks are held back and nobody is asked; the user setting still applies', async () => {
    const asked: HookDefinition[][] = [];
    const state = new Map<string, unknown>();
    const memento = { get: <T>(key: string, fallback?: T) => (state.has(key) ? (state.get(key) as T) : fallback), update: async (key: string, value: unknown) => void state.set(key, value) };
    const untrusted = new WorkspaceHookSet(suite.relay.customizations, new HookConfirmations(memento as never, async (hooks) => (asked.push([...hooks]), true)), () => false);
    const current = await untrusted.current();
    assert.deepEqual(current.filter((h) => h.origin === 'workspace'), [], 'no repository hook may run');
    assert.equal(asked.length, 0, 'nobody is asked to confirm them');
    assert.ok(untrusted.heldBack.length >= 2 && untrusted.heldBack.every((b) => b.why === 'untrusted'), JSON.stringify(untrusted.heldBack));
    // The same set, trusted: now they are asked about.
    const trusted = new WorkspaceHookSet(suite.relay.customizations, new HookConfirmations(memento as never, async (hooks) => (asked.push([...hooks]), true)), () => true);
    assert.ok((await trusted.current()).some((h) => h.origin === 'workspace'));
    assert.equal(asked.length, 1);
  });
});
