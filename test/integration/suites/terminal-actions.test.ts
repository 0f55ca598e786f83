// The terminal's Explain and Fix with Relay inside the real VS Code, on real commands run in a terminal with shell
// integration: the status bar's offer appears for a failed command and is withdrawn by a later success or by closing
// the terminal; the actions send the command, its exit code and output as fenced data with credentials scrubbed;
// and a Fix that proposes a corrected command goes through the approval: denied, nothing runs and nothing is
// typed into the person's terminal; allowed, it runs as Relay's own command, still not in their terminal.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedTaskTarget, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'actions.taskTarget', 'permissions'] as const;
const FOLDER = 'terminal-actions-it';
const TURN_MS = 20_000;
/** Printed by the failing command, assembled by printf so the command line itself does not hold it. */
const TOKEN_TAIL = 'Zx9'.repeat(12);

type Json = Record<string, unknown>;

describe('terminal actions inside VS Code', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', textProtocol: false, provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, 'actions.taskTarget': 'newTask', permissions: [] }),
    keys: ['openai'],
  });
  let taskTarget: ScriptedTaskTarget;
  const terminals: vscode.Terminal[] = [];
  const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FOLDER);
  const offer = () => suite.api.failedCommand.failed;
  const userTexts = (request: RecordedRequest): string[] =>
    ((request.body as Json).messages as Json[]).filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
  const exists = (name: string) => vscode.workspace.fs.stat(vscode.Uri.joinPath(folder(), name)).then(() => true, () => false);

  /** A new terminal with shell integration, in the suite's folder. */
  async function shell(name: string): Promise<{ terminal: vscode.Terminal; run(command: string): Promise<number | undefined> }> {
    const terminal = vscode.window.createTerminal({ name, cwd: folder() });
    terminals.push(terminal);
    terminal.show();
    const integration = await waitFor(() => terminal.shellIntegration, 30_000, `shell integration in ${name}`);
    return {
      terminal,
      // Resolves once the recorder has kept the command (it fires after the output is read).
      run: async (command) => {
        const kept = new Promise<number | undefined>((resolve) => {
          const sub = suite.api.terminal.onDidRecord((recorded) => {
            if (recorded.terminal !== terminal) return;
            sub.dispose();
            resolve(recorded.output.exitCode);
          });
        });
        integration.executeCommand(command);
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`"${command}" was not recorded within 20 s`)), 20_000));
        return Promise.race([kept, timeout]);
      },
    };
  }

  /** Runs a terminal action as its menu or status bar item does, and waits for the task it starts to stop. */
  async function act(command: 'relay.terminal.fix' | 'relay.terminal.explain', arg: unknown, script: Parameters<typeof suite.server.setScript>[0]): Promise<RecordedRequest[]> {
    const before = suite.server.requests.length;
    suite.server.setScript(script);
    await vscode.commands.executeCommand(command, arg);
    await waitFor(() => suite.server.requests.length > before, TURN_MS, `the request of the task ${command} started`);
    await suite.taskStopped(`the task ${command} started to stop`, TURN_MS);
    return suite.server.requests.slice(before);
  }

  before(async () => {
    ({ taskTarget } = await relayWithScriptedPrompter());
    await vscode.workspace.fs.createDirectory(folder());
  });

  beforeEach(() => taskTarget.reset());

  afterEach(() => {
    for (const t of terminals.splice(0)) t.dispose();
  });

  after(async () => {
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('offers Fix for a failed command; a later success withdraws it, and so does closing its terminal', async () => {
    const { terminal, run } = await shell('Relay terminal actions: offer');
    assert.equal(await run("sleep 0.3; printf 'relay-offer-%s\\n' out; sh -c 'exit 7'"), 7);
    await waitFor(() => offer()?.exitCode === 7, 5_000, 'the offer for the failed command');
    assert.match(offer()!.command, /^sleep 0\.3; printf/);
    assert.match(offer()!.output, /relay-offer-out/);

    assert.equal(await run('true'), 0);
    await waitFor(() => offer() === undefined, 5_000, 'the offer withdrawn after a success');

    assert.equal(await run("sh -c 'exit 4'"), 4);
    await waitFor(() => offer()?.exitCode === 4, 5_000, 'the offer for the second failure');
    terminal.dispose();
    await waitFor(() => offer() === undefined, 10_000, 'the offer withdrawn when its terminal closed');
  });

  it('Fix from the terminal menu sends the command, its folder, exit code and output as data, credentials scrubbed', async () => {
    const { terminal, run } = await shell('Relay terminal actions: fix');
    const command = `sleep 0.3; printf 'relay-fix-out\\nauth with ghp_%s failed\\n' ${TOKEN_TAIL}; sh -c 'exit 5'`;
    assert.equal(await run(command), 5);
    // The menu passes the right-clicked terminal.
    const [request] = await act('relay.terminal.fix', terminal, [{ toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Looked.' } }] }]);
    const [sent] = userTexts(request!);
    assert.ok(sent!.startsWith('This command failed in my terminal.'), sent);
    assert.ok(sent!.includes('It exited with code 5.'), sent);
    assert.ok(sent!.includes(`<terminal command="sleep 0.3; printf`), sent);
    assert.ok(sent!.includes('exit_code="5" untrusted="true">'), sent);
    // The folder, when the shell reported one (bash reports it after each prompt).
    const reported = terminal.shellIntegration?.cwd?.fsPath;
    assert.ok(!reported || sent!.includes(`cwd="${reported}"`), `the folder ${reported}: ${sent}`);
    assert.ok(sent!.includes('relay-fix-out'), 'the output');
    assert.ok(sent!.includes('auth with [redacted] failed'), `the token scrubbed: ${sent}`);
    assert.ok(!sent!.includes(`ghp_${TOKEN_TAIL}`), 'no token');
    assert.ok(!sent!.includes('\u001b'), 'no escape sequences');
    const user = suite.snapshot().items.find((i) => i.kind === 'user');
    assert.ok(user && JSON.stringify(user).includes('relay-fix-out'), 'the chat shows the message as sent');
  });

  it('Explain and Fix without a known command say so and send nothing', async () => {
    const { terminal } = await shell('Relay terminal actions: empty');
    const before = suite.server.requests.length;
    await vscode.commands.executeCommand('relay.terminal.explain', terminal);
    await vscode.commands.executeCommand('relay.terminal.fix', terminal);
    assert.equal(suite.server.requests.length, before);
  });

  it("a Fix that proposes a corrected command asks first: denied, nothing runs and nothing reaches the person's terminal", async () => {
    const { terminal, run } = await shell('Relay terminal actions: approval');
    assert.equal(await run("sleep 0.3; echo 'relay: missing fixed.txt'; sh -c 'exit 2'"), 2);
    await waitFor(() => offer()?.exitCode === 2, 5_000, 'the offer');
    const started: vscode.TerminalShellExecutionStartEvent[] = [];
    const watch = vscode.window.onDidStartTerminalShellExecution((e) => {
      if (e.terminal === terminal) started.push(e);
    });
    const corrected = (name: string) => `node -e "require('fs').writeFileSync('${FOLDER}/${name}', '')"`;
    try {
      suite.prompter.script({ type: 'deny' });
      // The status bar item's click: the latest command.
      const denied = await act('relay.terminal.fix', 'latest', [
        { toolCalls: [{ id: 'call_fix', name: 'run_command', args: { command: corrected('denied.txt') } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'You declined the fix.' } }] },
      ]);
      assert.match(userTexts(denied[0]!)[0]!, /relay: missing fixed\.txt/);
      assert.equal(suite.prompter.prompts.length, 1, 'the corrected command was asked for');
      assert.ok(JSON.stringify(suite.prompter.prompts[0]).includes('denied.txt'), JSON.stringify(suite.prompter.prompts[0]));
      assert.equal(await exists('denied.txt'), false, 'denied: not run');
      assert.ok(/denied|declined|not run/i.test(JSON.stringify(denied[1]!.body)), 'the model was told it was denied');

      suite.prompter.script({ type: 'allow-once' });
      await act('relay.terminal.fix', 'latest', [
        { toolCalls: [{ id: 'call_fix2', name: 'run_command', args: { command: corrected('allowed.txt') } }] },
        { toolCalls: [{ id: 'call_done2', name: 'attempt_completion', args: { result: 'Fixed.' } }] },
      ]);
      assert.equal(suite.prompter.prompts.length, 1);
      assert.equal(await exists('allowed.txt'), true, 'allowed: it ran as Relay’s own command');
      // Give a stray execution in the person's terminal the time to be reported.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.deepEqual(started.map((e) => e.execution.commandLine.value), [], "nothing ran in the person's terminal");
    } finally {
      watch.dispose();
    }
  });
});
