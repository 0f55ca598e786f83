// The light bulb's Relay actions inside the real VS Code: what `vscode.executeCodeActionProvider` offers on a
// diagnostic the JSON language server really reported and on a selection, and what picking one sends: the command
// the action carries runs, a task starts against the scripted model server, and the request's user turn holds the
// diagnostic, its position and the code around it. Then the task entry: with a task on screen the person is asked
// (here, a scripted answer) whether to add to it, "always" is remembered in `relay.actions.taskTarget`, and the
// remembered choice is not asked again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedTaskTarget, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'actions.taskTarget'] as const;
const FOLDER = 'code-actions-it';
const TURN_MS = 15_000;
const BROKEN = '{\n  "name": "relay",\n  "tabs": 2,\n}\n';

type Json = Record<string, unknown>;

describe('code actions inside VS Code', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', textProtocol: false, provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, 'actions.taskTarget': 'ask' }),
    keys: ['openai'],
    closeEditors: true,
  });
  let taskTarget: ScriptedTaskTarget;
  const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FOLDER);
  const relayActions = (actions: vscode.CodeAction[]) => actions.filter((a) => a.command?.command.startsWith('relay.codeActions.'));
  const userTexts = (request: RecordedRequest): string[] =>
    ((request.body as Json).messages as Json[]).filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

  async function brokenJson(): Promise<{ uri: vscode.Uri; diagnostic: vscode.Diagnostic }> {
    const uri = vscode.Uri.joinPath(folder(), 'broken.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(BROKEN));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    const [diagnostic] = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(uri);
      return found.length > 0 && found;
    }, 20_000, 'the JSON language server to report the trailing comma');
    assert.match(diagnostic!.message, /trailing comma/i);
    return { uri, diagnostic: diagnostic! };
  }

  /** Runs the action's command as the light bulb does, and waits for the one-turn task it starts. */
  async function pick(action: vscode.CodeAction, reply = 'Done.'): Promise<RecordedRequest> {
    const before = suite.server.requests.length;
    suite.server.setScript([{ toolCalls: [{ id: `call_${before}`, name: 'attempt_completion', args: { result: reply } }] }]);
    await vscode.commands.executeCommand(action.command!.command, ...(action.command!.arguments ?? []));
    await waitFor(() => suite.server.requests.length > before, TURN_MS, 'the request of the task the action started');
    await suite.taskStopped('the task the action started to stop', TURN_MS);
    const request = suite.server.requests[before]!;
    assert.equal(request.outcome, 'completed', JSON.stringify(request).slice(0, 2000));
    return request;
  }

  before(async () => {
    ({ taskTarget } = await relayWithScriptedPrompter());
    await vscode.workspace.fs.createDirectory(folder());
  });

  beforeEach(() => taskTarget.reset());

  after(async () => {
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('offers Fix with Relay on a diagnostic, Explain and Improve on a selection, and nothing on a bare cursor', async () => {
    const { uri, diagnostic } = await brokenJson();
    // The light bulb asks with the cursor (an empty range) on the diagnostic.
    const cursor = new vscode.Range(diagnostic.range.start, diagnostic.range.start);
    const onDiagnostic = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, cursor));
    assert.deepEqual(
      onDiagnostic.map((a) => [a.title, a.kind?.value]),
      [['Fix with Relay', 'quickfix']],
    );
    // The API command's result leaves out an action's `diagnostics`; its command carries the diagnostic it fixes.
    const [target, fixes] = onDiagnostic[0]!.command!.arguments as [vscode.Uri, vscode.Diagnostic];
    assert.equal(target.toString(), uri.toString());
    assert.equal(fixes.message, diagnostic.message);
    // Asked only for quick fixes (the Problems view's menu), a selection's rewrites are not offered.
    const selection = new vscode.Range(1, 2, 2, 12);
    const quickFixesOnly = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, selection, vscode.CodeActionKind.QuickFix.value));
    assert.deepEqual(quickFixesOnly.map((a) => a.title), ['Fix with Relay']);
    const onSelection = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(1, 2, 1, 17)));
    assert.deepEqual(
      onSelection.map((a) => [a.title, a.kind?.value]),
      [
        ['Explain with Relay', 'refactor.rewrite'],
        ['Improve with Relay', 'refactor.rewrite'],
      ],
    );
    const bare = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(1, 4, 1, 4)));
    assert.deepEqual(bare, []);
  });

  it('Fix with Relay starts a task whose prompt holds the diagnostic, its position and the code around it', async () => {
    const { uri, diagnostic } = await brokenJson();
    const [fix] = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(diagnostic.range.start, diagnostic.range.start)));
    const request = await pick(fix!);
    const [sent] = userTexts(request);
    const at = `${FOLDER}/broken.json at ${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1}`;
    assert.ok(sent!.includes(at), `the position ${at}: ${sent}`);
    assert.ok(sent!.includes(`: ${diagnostic.message}`), `the message: ${sent}`);
    // Inside the one block marked as data (its text is whoever published the diagnostic's).
    const block = /<diagnostics [^>]*untrusted=\\?"true\\?"[^>]*>([\s\S]*?)<\/diagnostics>/.exec(sent!);
    assert.ok(block?.[1]?.includes(diagnostic.message), `the message inside the marked block: ${sent}`);
    assert.ok(sent!.includes('\\"tabs\\": 2,') || sent!.includes('"tabs": 2,'), `the code around it: ${sent}`);
    assert.deepEqual(taskTarget.questions, [], 'no task was on screen: nothing to ask');
    const user = suite.snapshot().items.find((i) => i.kind === 'user');
    assert.ok(user && /trailing comma/i.test(JSON.stringify(user)), 'the chat shows the message as sent');
  });

  it('with a task on screen, asks new or current; "always" is remembered and not asked again', async () => {
    const { uri, diagnostic } = await brokenJson();
    const [fix] = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(diagnostic.range.start, diagnostic.range.start)));
    await pick(fix!, 'Removed the comma.');
    const first = suite.snapshot().task!.id;
    const improve = relayActions(await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(1, 2, 1, 17))).find((a) => a.title === 'Improve with Relay');
    assert.ok(improve);

    // Escape: nothing is sent.
    const requests = suite.server.requests.length;
    await vscode.commands.executeCommand(improve!.command!.command, ...(improve!.command!.arguments ?? []));
    assert.equal(taskTarget.questions.length, 1);
    assert.equal(suite.server.requests.length, requests);
    assert.equal(suite.snapshot().task!.id, first);

    // "Always add to the current task": the same task gets the message, with its earlier turn.
    taskTarget.reset({ target: 'currentTask', remember: true });
    const added = await pick(improve!);
    assert.equal(taskTarget.questions.length, 1);
    assert.equal(suite.snapshot().task!.id, first);
    const texts = userTexts(added);
    assert.ok(texts.length >= 2 && /trailing comma/i.test(texts[0]!) && texts.at(-1)!.includes('Improve this code'), JSON.stringify(texts).slice(0, 2000));
    assert.equal(vscode.workspace.getConfiguration('relay').get('actions.taskTarget'), 'currentTask');

    // Remembered: not asked again. Then "newTask" starts a task of its own.
    taskTarget.reset();
    await pick(improve!);
    assert.deepEqual(taskTarget.questions, []);
    assert.equal(suite.snapshot().task!.id, first);
    await suite.setSettings({ 'actions.taskTarget': 'newTask' });
    const fresh = await pick(fix!);
    assert.deepEqual(taskTarget.questions, []);
    assert.notEqual(suite.snapshot().task!.id, first);
    assert.equal(userTexts(fresh).length, 1, 'a new task carries no earlier turn');
    await suite.setSettings({ 'actions.taskTarget': 'ask' });
  });
});
