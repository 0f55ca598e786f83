// Customisation files inside the real VS Code, with the extension's own Relay against the scripted model server:
// a workspace holding rules and agents in several formats at once; a Cursor glob rule reaches the prompt from the
// request after the task edited a matching file, and not for a task that touched none; an agent's denied tool is
// not offered and a call to it is refused at call time; a change to a rule file applies from the next task.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { RULES_KIND_ID } from '../../../src/core/customization/rules/rules-kind';
import { customizationsReport } from '../../../src/host/customization/customizations-report';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

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
  '.claude/rules/customizations-it.md': `---\npaths:\n  - "${FOLDER}/**/*.ts"\n---\nCUSTOMIZATIONS-IT-CLAUDE-TS-RULE.\n`,
  '.relay/agents/customizations-it-no-read.md': '---\ndescription: Never reads files\ndisallowedTools: [Read]\n---\nYou never read files.\n',
  '.relay/agents/customizations-it-model.md': '---\ndescription: Runs on its own model\nmodel: [it-missing-model, it-second-model]\n---\nYou have your own model.\n',
  '.github/agents/customizations-it-mcp.agent.md': '---\ndescription: Uses an MCP server nobody configured\ntools: [read, it-nowhere/*]\n---\nYou use it-nowhere.\n',
  '.claude/agents/customizations-it-planner.md': '---\nname: customizations-it-planner\ndescription: Plans only\npermissionMode: plan\n---\nYou plan.\n',
  '.github/agents/customizations-it-handoff.agent.md': '---\ndescription: Hands off\nhandoffs:\n  - label: Implement\n    agent: agent\n    prompt: Implement it.\n    send: true\n---\nCUSTOMIZATIONS-IT-COPILOT-BODY.\n',
  '.roorules-customizations-it': 'CUSTOMIZATIONS-IT-ROO-MODE-RULE.\n',
  '.claude/agents/customizations-it-twin.md': '---\nname: customizations-it-twin\ndescription: The Claude twin\n---\nCUSTOMIZATIONS-IT-CLAUDE-TWIN.\n',
  '.github/agents/customizations-it-twin.agent.md': '---\ndescription: The Copilot twin\n---\nCUSTOMIZATIONS-IT-COPILOT-TWIN.\n',
  '.claude/agents/customizations-it-plan.md': '---\nname: Plan\ndescription: The repository plan\n---\nCUSTOMIZATIONS-IT-REPO-PLAN.\n',
  '.opencode/agent/customizations-it-audit.md': '---\ndescription: Audits\nmode: subagent\nmodel: anthropic/claude-sonnet-4\n---\nAudit.\n',
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
  const transcript = () => JSON.stringify(suite.snapshot().items.map((item) => (item.kind === 'tool' ? { tool: item.status.toolName, state: item.status.state, error: item.status.error } : item)));
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

  it("every format is found in VS Code's own search too, a root rule without an extension included (.roorules-<mode>)", async () => {
    // Written by this suite's before(): a list loaded by an earlier suite less than the stamp check's 2 s ago is
    // current until the watcher's event or that check comes (src/host/customization), as for a person's next turn.
    const expected = ['.roorules-customizations-it', '.cursor/rules/customizations-it.mdc', `${FOLDER}/AGENTS.md`, '.claude/rules/customizations-it.md'];
    let files: string[] = [];
    await waitFor(
      async () => {
        files = (await suite.relay.customizations.get(RULES_KIND_ID)).files.map((file) => vscode.workspace.asRelativePath(file.path));
        return expected.every((path) => files.includes(path)) || undefined;
      },
      10_000,
      'the rule files written just before',
    ).catch(() => undefined);
    for (const path of expected) assert.ok(files.includes(path), `${path} among ${files.join(', ')}`);
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
    assert.match(system(second!), /CUSTOMIZATIONS-IT-CLAUDE-TS-RULE/);
    assert.doesNotMatch(system(first!), /CUSTOMIZATIONS-IT-CLAUDE-TS-RULE/);
    assert.match(String(suite.snapshot().task?.context?.rules?.join('\n')), /customizations-it\.mdc/, "the context meter's tooltip names the glob rule");
    assert.doesNotMatch(system(second!), /CUSTOMIZATIONS-IT-PY-RULE/);
    const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'rules');
    assert.match(report!.lines.join('\n'), /customizations-it\.mdc.*matches customizations-it\/a\.ts/);
  });

  it('a task touching no matching file never gets the glob rule', async () => {
    await suite.newTask();
    suite.server.setScript([{ toolCalls: [{ id: 'call_read_md', name: 'read_file', args: { path: `${FOLDER}/notes.md` } }] }, { text: 'Read.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Read the notes' });
    await suite.taskStopped('the read task', TURN_MS);
    for (const request of suite.server.requests) assert.doesNotMatch(system(request), /CUSTOMIZATIONS-IT-TS-RULE|CUSTOMIZATIONS-IT-CLAUDE-TS-RULE/);
  });

  it("an agent's denied tool is not offered and a call to it is refused at call time", async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    const ids = (await suite.relay.agents.pickable()).map((agent) => agent.id);
    for (const id of ['customizations-it-no-shell', 'customizations-it-reviewer', 'customizations-it-docs', 'customizations-it-handoff']) assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
    assert.ok((await suite.relay.agents.delegable()).some((agent) => agent.id === 'customizations-it-audit'), 'the OpenCode sub-agent can be delegated to');
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

  it("an agent's denied tool is refused in its sub-agent too, and in the named agent it delegates to (whose Claude body is the sub-agent's whole prompt)", async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    await suite.relay.agents.select('customizations-it-no-read');
    const notes = { path: `${FOLDER}/notes.md` };
    suite.server.setScript([
      { toolCalls: [{ id: 'call_sub', name: 'new_task', args: { description: 'look', prompt: 'Read the notes' } }] },
      { toolCalls: [{ id: 'call_sub_read', name: 'read_file', args: notes }] },
      { toolCalls: [{ id: 'call_sub_done', name: 'attempt_completion', args: { result: 'Could not read.' } }] },
      { toolCalls: [{ id: 'call_named', name: 'new_task', args: { description: 'review', prompt: 'Review the notes', agent: 'customizations-it-reviewer' } }] },
      { toolCalls: [{ id: 'call_named_read', name: 'read_file', args: notes }] },
      { toolCalls: [{ id: 'call_named_done', name: 'attempt_completion', args: { result: 'Could not read either.' } }] },
      { text: 'Neither could read.' },
    ]);
    suite.prompter.script({ type: 'allow-once' }, { type: 'allow-once' });
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Look at the notes through sub-agents' });
    await suite.taskStopped('the sub-agent task', TURN_MS * 2);
    const requests = suite.server.requests;
    assert.equal(requests.length, 7, `every scripted turn was asked for: ${transcript()}`);
    assert.ok(!toolNames(requests[0]!).includes('read_file'), 'not offered to the task');
    assert.ok(toolNames(requests[0]!).includes('new_task'));
    for (const [ask, answer, id] of [[1, 2, 'call_sub_read'], [4, 5, 'call_named_read']] as const) {
      assert.ok(!toolNames(requests[ask]!).includes('read_file'), `not offered to the sub-agent (request ${ask})`);
      const refused = toolMessages(requests[answer]!).find((m) => m.tool_call_id === id);
      assert.match(String(refused?.content), /not allowed in this task/, `refused at call time in the sub-agent (${id})`);
    }
    assert.ok(toolNames(requests[4]!).includes('search_text'), "the named agent's own tools stay");
    assert.ok(system(requests[4]!).startsWith('Review only.'), "the Claude sub-agent's body opens its whole system prompt");
    assert.doesNotMatch(system(requests[4]!), /# Agent: /);
  });

  it("an agent's model falls back in order when one is not available, and the chat says so once", async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    await suite.relay.agents.select('customizations-it-model');
    const done = (id: string) => ({ toolCalls: [{ id, name: 'attempt_completion', args: { result: `Answered (${id}).` } }] });
    suite.server.setScript([{ fault: { status: 404 } }, done('call_first'), done('call_second')]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Answer' });
    await suite.taskStopped('the first message', TURN_MS);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Answer again' });
    await waitFor(() => suite.server.requests.length === 3, TURN_MS, "the second message's request");
    await suite.taskStopped('the second message', TURN_MS);
    assert.deepEqual(suite.server.requests.map((r) => body(r).model), ['it-missing-model', 'it-second-model', 'it-second-model'], transcript());
    const notices = suite.snapshot().items.filter((item) => item.kind === 'notice').map((item) => (item.kind === 'notice' ? item.text : ''));
    assert.equal(notices.filter((text) => /its model is not available here/.test(text)).length, 1, notices.join(' | '));
    assert.match(notices.join('\n'), /Agent "customizations-it-model": its model is not available here: it-missing-model \(.*\)\. Its turns use openai-compatible · it-second-model\./);
    const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'agents');
    assert.match(report!.lines.join('\n'), /Model: it-missing-model · openai-compatible, it-second-model · openai-compatible/);
  });

  it("an agent whose tools name an MCP server that is not configured: the chat and Show Customizations say so", async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    await suite.relay.agents.select('customizations-it-mcp');
    suite.server.setScript([{ text: 'Read only, then.' }]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Use it-nowhere' });
    await suite.taskStopped('the task of the agent with a missing server', TURN_MS);
    const notices = suite.snapshot().items.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));
    const expected = '"it-nowhere/*" names the MCP server "it-nowhere", which is not configured or not running here: the agent gets none of its tools.';
    assert.equal(notices.filter((text) => text.includes(expected)).length, 1, notices.join(' | '));
    const report = suite.relay.customizations.lastTurn.list().find((section) => section.kind === 'agents');
    assert.ok(report!.lines.includes(expected), report!.lines.join('\n'));
    assert.ok(toolNames(suite.server.requests[0]!).includes('read_file'), 'the rest of the list still applies');
  });

  it('two agents with one name are told apart in the picker and Show Customizations, and each runs as itself', async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    await suite.relay.agents.select('agent'); // publishes the chat's settings, the picker's choices with them
    await waitFor(() => suite.snapshot().settings.agents?.choices.some((choice) => choice.id === 'claude:customizations-it-twin'), 5_000, "the chat's picker to list the workspace agents");
    const names = new Map((suite.snapshot().settings.agents?.choices ?? []).map((choice) => [choice.id, choice.name]));
    assert.equal(names.get('claude:customizations-it-twin'), 'customizations-it-twin · Claude Code sub-agent', [...names].join(' | '));
    assert.equal(names.get('copilot:customizations-it-twin'), 'customizations-it-twin · Copilot custom agent');
    assert.equal(names.get('plan'), 'Plan · Relay', 'the built-in Plan is told apart from the repository one');
    assert.equal(names.get('claude:Plan'), 'Plan · Claude Code sub-agent');
    const labels = [...names.values()];
    assert.equal(new Set(labels).size, labels.length, `every choice reads differently: ${labels.join(' | ')}`);
    const report = customizationsReport(await suite.relay.customizations.sections(), []);
    assert.match(report, /customizations-it-twin\.agent\.md: copilot:customizations-it-twin \(the name "customizations-it-twin" is also claude:customizations-it-twin \(Claude Code sub-agent\): .*gets claude:customizations-it-twin/);
    assert.match(report, /customizations-it-plan\.md: claude:Plan \(the name "Plan" is also plan \(built in\): .*gets plan /);
    // Each twin runs as itself.
    for (const [id, own, other] of [
      ['copilot:customizations-it-twin', 'CUSTOMIZATIONS-IT-COPILOT-TWIN', 'CUSTOMIZATIONS-IT-CLAUDE-TWIN'],
      ['claude:Plan', 'CUSTOMIZATIONS-IT-REPO-PLAN', 'You are planning, not implementing'],
    ] as const) {
      await suite.newTask();
      await suite.relay.agents.select(id);
      const asked = suite.server.requests.length;
      suite.server.setScript([{ text: 'Done.' }]);
      suite.api.chat.submitIntent({ type: 'sendMessage', text: `Hello ${id}` });
      await suite.taskStopped(`the task of ${id}`, TURN_MS);
      const request = suite.server.requests[asked]!;
      const prompt = `${system(request)}\n${JSON.stringify(body(request).messages)}`;
      assert.ok(prompt.includes(own), `${id} runs with its own instructions`);
      assert.ok(!prompt.includes(other), `${id} does not run with ${other}`);
    }
  });

  it("an agent's stricter approval mode applies to its calls at once: a Claude agent in plan mode cannot write", async () => {
    await suite.newTask();
    await suite.relay.customizations.get('agents');
    await suite.relay.agents.select('customizations-it-planner');
    suite.server.setScript([
      { toolCalls: [{ id: 'call_plan_write', name: 'write_file', args: { path: `${FOLDER}/planned.ts`, content: 'x\n' } }] },
      { text: 'I will describe it instead.' },
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Write planned.ts' });
    await suite.taskStopped('the plan-mode task', TURN_MS);
    const refused = suite.server.requests.flatMap(toolMessages).find((m) => m.tool_call_id === 'call_plan_write');
    assert.match(String(refused?.content), /Plan mode allows only read-only tools/, JSON.stringify(suite.server.requests.map((r) => toolMessages(r))));
    const exists = await vscode.workspace.fs.stat(vscode.Uri.joinPath(root(), FOLDER, 'planned.ts')).then(() => true, () => false);
    assert.equal(exists, false, 'nothing was written');
    const notices = suite.snapshot().items.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));
    assert.ok(notices.some((text) => text === 'Agent "customizations-it-planner" runs in the plan approval mode (yours is auto-edit).'), notices.join(' | '));
  });
});
