// Slash commands inside the real VS Code, with the extension's own Relay against the scripted model server: a
// `/command` with arguments runs with its agent and model (the request names the model, the agent's prompt and
// tools are the turn's), its `!`cmd`` output and arguments reach the prompt while the chat shows what was typed,
// and the next plain message is back on the settings' model and agent. A command's pre-approved tool runs
// without asking in that turn only, and never past the user's deny rule. A command from opencode.json's `command`
// map and a user prompt file from VS Code's profile folder (`<user data>/User/prompts`) run the same way. An
// OpenCode command with `subtask: true` runs as a sub-agent: the next request holds its report, not its steps.
import * as assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import type { AgentDefinition } from '../../../src/core/customization/agents/agent';
import { AGENTS_KIND_ID } from '../../../src/core/customization/agents/agents-kind';
import type { RelayServices } from '../../../src/host/relay';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'permissions'] as const;
const FOLDER = 'slash-it';
const TURN_MS = 20_000;
type Json = Record<string, unknown>;

const FILES: Record<string, string> = {
  '.relay/agents/slash-it-reader.md': '---\ndescription: Reads only\ntools: [Read, Grep]\n---\nSLASH-IT-AGENT: you only read.\n',
  '.relay/commands/slash-it-review.md':
    '---\ndescription: Review a change\nargument-hint: <pr> [notes]\nagent: slash-it-reader\nmodel: slash-it-small\n---\nSLASH-IT-REVIEW pr=$1 all=$ARGUMENTS\nShell: !`echo SLASH-IT-SHELL-OUTPUT`\n',
  '.claude/commands/slash-it-touch.md': `---\ndescription: Write markers\nallowed-tools: Bash(node:*)\n---\nWrite the markers in ${FOLDER}.\n`,
  '.claude/commands/slash-it-gemini.md': '---\ndescription: Names a model this setup does not serve\nmodel: gemini-2.5-pro\n---\nSLASH-IT-GEMINI\n',
  '.opencode/command/slash-it-sub.md': '---\ndescription: Look around\nsubtask: true\n---\nSLASH-IT-SUB-PROMPT look at $ARGUMENTS\n',
  'opencode.jsonc': `{
  // OpenCode's own commands, in JSONC
  "command": {
    "slash-it-json": { "template": "SLASH-IT-JSON first=$1 all=$ARGUMENTS", "description": "From opencode.json", "model": "ollama/slash-it-qwen", "agent": "slash-it-reader", },
  },
}
`,
};

describe('slash commands in the real workspace', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false, permissions: [] }),
    closeEditors: true,
  });
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const body = (request: RecordedRequest) => request.body as Json;
  const messages = (request: RecordedRequest) => body(request).messages as Json[];
  const system = (request: RecordedRequest) => String(messages(request).find((m) => m.role === 'system')?.content ?? '');
  const lastUser = (request: RecordedRequest) => JSON.stringify(messages(request).filter((m) => m.role === 'user').at(-1)?.content);
  const toolNames = (request: RecordedRequest) => ((body(request).tools as Json[] | undefined) ?? []).map((t) => String((t.function as Json).name));
  const writeFile = (path: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root(), path), new TextEncoder().encode(text));
  /** The next message has reached the model (the task on screen was still the stopped one before). */
  const requestsAfter = async (count: number) => {
    const deadline = Date.now() + TURN_MS;
    while (suite.server.requests.length <= count) {
      if (Date.now() > deadline) throw new Error('the next message never reached the model');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const exists = (path: string) => vscode.workspace.fs.stat(vscode.Uri.joinPath(root(), path)).then(() => true, () => false);

  before(async () => {
    for (const [path, text] of Object.entries(FILES)) await writeFile(path, text);
    await writeFile(`${FOLDER}/.keep`, '');
    // Files are watched: an earlier suite may have read the agents already, and the new one counts from the
    // watcher's event on (a change applies from the next turn), so wait until Relay knows it.
    await waitFor(
      async () => (await suite.relay.customizations.get<AgentDefinition>(AGENTS_KIND_ID)).entries.some((agent) => agent.id.endsWith('slash-it-reader')),
      10_000,
      'the slash-it-reader agent known',
    );
  });

  after(async () => {
    for (const path of [...Object.keys(FILES), FOLDER, '.opencode']) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), path), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    }
  });

  it('the "/" list offers the commands with their hints and sources', async () => {
    const list = await suite.relay.slashCommands.list();
    const review = list.find((c) => c.name === 'slash-it-review');
    assert.deepEqual(review, { name: 'slash-it-review', description: 'Review a change', argumentHint: '<pr> [notes]', source: 'Relay command' });
    assert.ok(list.some((c) => c.name === 'slash-it-touch' && c.source === 'Claude Code command'));
  });

  it('a /command with arguments runs with its agent and model; the next message is back on the usual ones', async () => {
    await suite.newTask();
    suite.server.setScript([{ text: 'Reviewed.' }, { text: 'Plain answer.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: '/slash-it-review 42 check the naming' });
    await suite.taskStopped('the command turn', TURN_MS);
    const [first] = suite.server.requests;
    assert.equal(body(first!).model, 'slash-it-small', "the command's model (a name the user's own server may serve)");
    assert.match(lastUser(first!), /SLASH-IT-REVIEW pr=42 all=42 check the naming/);
    assert.match(lastUser(first!), /Shell: SLASH-IT-SHELL-OUTPUT/, 'the shell substitution ran (echo: allowed without asking)');
    assert.match(system(first!), /SLASH-IT-AGENT: you only read\./, "the command's agent");
    assert.ok(!toolNames(first!).includes('run_command') && toolNames(first!).includes('read_file'), "the agent's tools");
    const shown = suite.snapshot().items.find((item) => item.kind === 'user');
    assert.equal(shown?.kind === 'user' ? shown.text : '', '/slash-it-review 42 check the naming', 'the chat shows what was typed');
    const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'commands');
    assert.match(report!.lines.join('\n'), /Command: \/slash-it-review \(Relay command/);

    const before = suite.server.requests.length;
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Thanks, anything else?' });
    await requestsAfter(before);
    await suite.taskStopped('the plain turn', TURN_MS);
    const second = suite.server.requests[before]!;
    assert.equal(body(second).model, 'claude-sonnet-5-5', "the settings' model again");
    assert.doesNotMatch(system(second), /SLASH-IT-AGENT/);
    assert.ok(toolNames(second).includes('run_command'));
    assert.match(JSON.stringify(messages(second)), /SLASH-IT-REVIEW pr=42.*Thanks, anything else\?/s, 'the same task went on');
  });

  it("opencode.json's `command` map: listed with its source, and run with its template, arguments, agent and model", async () => {
    const listed = (await suite.relay.slashCommands.list()).find((c) => c.name === 'slash-it-json');
    assert.deepEqual(listed, { name: 'slash-it-json', description: 'From opencode.json', source: 'OpenCode command (opencode.json)' });
    await suite.newTask();
    suite.server.setScript([{ text: 'Done.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: '/slash-it-json 7 and more' });
    await suite.taskStopped('the opencode.json command turn', TURN_MS);
    const [first] = suite.server.requests;
    assert.equal(body(first!).model, 'slash-it-qwen', "the command's ollama/model, on the user's own server");
    assert.match(lastUser(first!), /SLASH-IT-JSON first=7 and more all=7 and more/);
    assert.match(system(first!), /SLASH-IT-AGENT: you only read\./, "the command's agent");
  });

  it("a command's model that no provider of the user's serves falls back to the user's model, said in the chat", async () => {
    await suite.newTask();
    suite.server.setScript([{ text: 'Answered.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: '/slash-it-gemini' });
    await suite.taskStopped('the command turn with an unserved model', TURN_MS);
    const [first] = suite.server.requests;
    assert.equal(suite.server.requests.length, 1, 'one request: gemini-2.5-pro was never sent to the user\'s server');
    assert.equal(body(first!).model, 'claude-sonnet-5-5', "the user's model");
    assert.match(lastUser(first!), /SLASH-IT-GEMINI/);
    const notices = suite.snapshot().items.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));
    assert.ok(
      notices.some((text) => /\/slash-it-gemini names a model that is not available here: gemini-2\.5-pro \(no API key is set for gemini\)/.test(text)),
      `the chat says why: ${JSON.stringify(notices)}`,
    );
    const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'commands');
    assert.match(report!.lines.join('\n'), /skipped: gemini-2\.5-pro: no API key is set for gemini/, 'Show Customizations says it too');
  });

  it("a user prompt file in VS Code's profile folder is found, watched from there, listed as the user's, and runs", async () => {
    // The extension's global storage is <user data>/User/globalStorage/<id>; the profile's prompts are beside it.
    const storage = (suite.relay as unknown as { services: RelayServices }).services.context.globalStorageUri;
    const prompts = vscode.Uri.file(join(dirname(dirname(storage.fsPath)), 'prompts'));
    const file = vscode.Uri.joinPath(prompts, 'slash-it-user.prompt.md');
    // Loaded before the file exists: finding it afterwards takes the watcher or the folder's stamp.
    assert.ok(!(await suite.relay.slashCommands.list()).some((c) => c.name === 'slash-it-user'));
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('---\ndescription: A user prompt\n---\nSLASH-IT-USER-PROMPT for ${input:topic}.\n'));
    try {
      await waitFor(async () => (await suite.relay.slashCommands.list()).some((c) => c.name === 'slash-it-user'), 10_000, 'the user prompt file listed');
      const listed = (await suite.relay.slashCommands.list()).find((c) => c.name === 'slash-it-user');
      assert.deepEqual(listed, { name: 'slash-it-user', description: 'A user prompt', source: 'Copilot prompt file (user)' });
      await suite.newTask();
      suite.server.setScript([{ text: 'Done.' }]);
      suite.api.chat.submitIntent({ type: 'sendMessage', text: '/slash-it-user topic=caching' });
      await suite.taskStopped('the user prompt turn', TURN_MS);
      assert.match(lastUser(suite.server.requests[0]!), /SLASH-IT-USER-PROMPT for caching\./);
      const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'commands');
      assert.match(report!.lines.join('\n'), /Command: \/slash-it-user \(Copilot prompt file, .*prompts.slash-it-user\.prompt\.md\)/);
    } finally {
      await vscode.workspace.fs.delete(file, { useTrash: false }).then(undefined, () => undefined);
    }
  });

  it("a command's pre-approved tool runs without asking in its turn, never past a deny rule, and not in the next turn", async () => {
    await suite.newTask();
    await suite.setSettings({ permissions: [{ tool: 'run_command', pattern: 'node -e *forbidden*', action: 'deny' }] });
    // Runs code, so the default mode asks for it.
    const write = (name: string) => `node -e "require('fs').writeFileSync('${FOLDER}/${name}.txt', '')"`;
    suite.prompter.script();
    suite.server.setScript([
      { toolCalls: [{ id: 'call_allowed', name: 'run_command', args: { command: write('allowed') } }] },
      { toolCalls: [{ id: 'call_forbidden', name: 'run_command', args: { command: write('forbidden') } }] },
      { text: 'Written.' },
      { toolCalls: [{ id: 'call_again', name: 'run_command', args: { command: write('again') } }] },
      { text: 'Asked.' },
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: '/slash-it-touch' });
    await suite.taskStopped('the pre-approved turn', TURN_MS);
    assert.deepEqual(suite.prompter.prompts.map((p) => p.message), [], 'nothing was asked in the command turn');
    assert.equal(await exists(`${FOLDER}/allowed.txt`), true, 'pre-approved: ran');
    assert.equal(await exists(`${FOLDER}/forbidden.txt`), false, 'the deny rule still applies');

    const before = suite.server.requests.length;
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Write one more' });
    await requestsAfter(before);
    await suite.taskStopped('the next turn', TURN_MS);
    assert.equal(suite.prompter.prompts.length, 1, 'the next turn asks again');
    assert.equal(await exists(`${FOLDER}/again.txt`), false, 'dismissed: not run');
  });

  it('an OpenCode `subtask` command runs as a sub-agent: the next request has its report, not its steps', async () => {
    await suite.newTask();
    suite.server.setScript([
      { toolCalls: [{ id: 'call_child_read', name: 'read_file', args: { path: `${FOLDER}/.keep` } }] }, // the child
      { text: 'SLASH-IT-SUB-REPORT: nothing there.' }, // the child's report
      { text: 'Noted.' }, // the parent's next turn
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: '/slash-it-sub the folder' });
    await suite.taskStopped('the sub-agent command turn', TURN_MS);
    const [child] = suite.server.requests;
    assert.match(lastUser(child!), /SLASH-IT-SUB-PROMPT look at the folder/);
    assert.match(system(child!), /sub-agent/);
    assert.ok(!toolNames(child!).includes('run_command'), "the sub-agent's read-only tools");
    const items = suite.snapshot().items;
    const card = items.find((item) => item.kind === 'tool' && item.status.toolName === 'new_task');
    assert.ok(card, 'a new_task card');
    assert.ok(items.some((item) => item.kind === 'tool' && item.id === `${card.id}/call_child_read`), "the child's card is under it");
    const shown = items.find((item) => item.kind === 'user');
    assert.equal(shown?.kind === 'user' ? shown.text : '', '/slash-it-sub the folder');

    const before = suite.server.requests.length;
    assert.equal(before, 2, 'the parent asked nothing in the command turn');
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'What did it find?' });
    await requestsAfter(before);
    await suite.taskStopped('the next turn', TURN_MS);
    const next = JSON.stringify(messages(suite.server.requests[before]!));
    assert.match(next, /SLASH-IT-SUB-REPORT: nothing there\./, "the sub-agent's report");
    assert.match(next, /\/slash-it-sub the folder/, 'the typed command');
    assert.doesNotMatch(next, /call_child_read|slash-it\/\.keep/, "none of the sub-agent's steps");
  });
});
