// Customisation files inside the real VS Code, with the extension's own Relay against the scripted model server:
// a workspace holding rules and agents in several formats at once; a Cursor glob rule reaches the prompt from the
// request after the task edited a matching file, and not for a task that touched none; an agent's denied tool is
// not offered and a call to it is refused at call time; a change to a rule file applies from the next task.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const FOLDER = 'customizations-it';
const TURN_MS = 20_000;
type Json = Record<string, unknown>;

const FILES: Record<string, string> = {
  '.cursor/rules/customizations-it.mdc': `---\ndescription: IT rule\nglobs: ${FOLDER}/**/*.ts\nalwaysApply: false\n---\nCUSTOMIZATIONS-IT-TS-RULE: prefer named exports.\n`,
  '.github/instructions/customizations-it.instructions.md': `---\napplyTo: "${FOLDER}/**/*.py"\n---\nCUSTOMIZATIONS-IT-PY-RULE.\n`,
  [`${FOLDER}/AGENTS.md`]: 'CUSTOMIZATIONS-IT-NESTED-AGENTS.\n',
  '.relay/agents/customizations-it-no-shell.md': '---\ndescription: Reads and edits, never runs commands\ndisallowedTools: [Bash]\n---\nYou never run commands.\n',
  '.claude/agents/customizations-it-reviewer.md': '---\nname: customizations-it-reviewer\ndescription: Reviews\ntools: Read, Grep\n---\nReview only.\n',
  '.roomodes': 'customModes:\n  - slug: customizations-it-docs\n    name: Docs\n    roleDefinition: Docs writer.\n    groups: [read, [edit, {fileRegex: "\\\\.md$"}]]\n',
};

describe('customisation files: rules and agents in the real workspace', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'auto-edit', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false }),
    closeEditors: true,
  });
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const body = (request: RecordedRequest) => request.body as Json;
  const system = (request: RecordedRequest) => String((body(request).messages as Json[]).find((m) => m.role === 'system')?.content ?? '');
  const toolNames = (request: RecordedRequest) => ((body(request).tools as Json[] | undefined) ?? []).map((t) => String((t.function as Json).name));
  const toolMessages = (request: RecordedRequest): Json[] => (body(request).messages as Json[]).filter((m) => m.role === 'tool');
  const write = (path: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root(), path), new TextEncoder().encode(text));

  before(async () => {
    for (const [path, text] of Object.entries(FILES)) await write(path, text);
    await write(`${FOLDER}/notes.md`, 'notes\n');
  });

  after(async () => {
    await suite.relay.agents.select('agent');
    for (const path of [...Object.keys(FILES), FOLDER]) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), path), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    }
  });

  it('a glob rule reaches the prompt after the task edits a matching file, and not before; nested AGENTS.md with it', async () => {
    suite.server.setScript([
      { toolCalls: [{ id: 'call_write_ts', name: 'write_file', args: { path: `${FOLDER}/a.ts`, content: 'export const a = 1;\n' } }] },
      { text: 'Wrote a.ts.' },
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Create a.ts' });
    await suite.taskStopped('the edit task', TURN_MS);
    const [first, second] = suite.server.requests;
    assert.doesNotMatch(system(first!), /CUSTOMIZATIONS-IT-TS-RULE/);
    assert.match(system(second!), /CUSTOMIZATIONS-IT-TS-RULE: prefer named exports\./);
    assert.match(system(second!), /CUSTOMIZATIONS-IT-NESTED-AGENTS/);
    assert.doesNotMatch(system(second!), /CUSTOMIZATIONS-IT-PY-RULE/);
    const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'rules');
    assert.match(report!.lines.join('\n'), /customizations-it\.mdc.*matches customizations-it\/a\.ts/);
  });

  it('a task touching no matching file never gets the glob rule', async () => {
    await suite.newTask();
    suite.server.setScript([{ toolCalls: [{ id: 'call_read_md', name: 'read_file', args: { path: `${FOLDER}/notes.md` } }] }, { text: 'Read.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Read the notes' });
    await suite.taskStopped('the read task', TURN_MS);
    for (const request of suite.server.requests) assert.doesNotMatch(system(request), /CUSTOMIZATIONS-IT-TS-RULE/);
  });

  it("an agent's denied tool is not offered and a call to it is refused at call time", async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    const ids = (await suite.relay.agents.pickable()).map((agent) => agent.id);
    for (const id of ['customizations-it-no-shell', 'customizations-it-reviewer', 'customizations-it-docs']) assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
    await suite.relay.agents.select('customizations-it-no-shell');
    suite.server.setScript([
      { toolCalls: [{ id: 'call_cmd', name: 'run_command', args: { command: `echo ran > ${FOLDER}/marker.txt` } }] },
      { text: 'Could not run it.' },
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Run the command' });
    await suite.taskStopped('the denied-tool task', TURN_MS);
    const [first, second] = suite.server.requests;
    assert.ok(!toolNames(first!).includes('run_command'), 'run_command is not offered');
    assert.ok(toolNames(first!).includes('read_file'));
    assert.match(system(first!), /# Agent: customizations-it-no-shell\n\nYou never run commands\./);
    const refused = toolMessages(second!).find((m) => m.tool_call_id === 'call_cmd');
    assert.match(String(refused?.content), /not allowed in this task/);
    const exists = await vscode.workspace.fs.stat(vscode.Uri.joinPath(root(), FOLDER, 'marker.txt')).then(() => true, () => false);
    assert.equal(exists, false, 'the command never ran');
  });
});
