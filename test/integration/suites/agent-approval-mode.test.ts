// A repository agent asking for a looser approval mode than the user's, inside the real VS Code: the modal (answered
// here through the confirmAgentMode override) names the agent, its file and the mode. Declined, the user's mode
// decides the agent's calls (a write still asks); allowed, the agent's mode applies and the answer is kept for that
// agent, mode and file; the file asking for another mode asks again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedAgentModeConfirmer, waitFor } from '../helpers';
import type { AgentDefinition } from '../../../src/core/customization/agents/agent';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const TURN_MS = 20_000;
// Unique per run: the confirmation is kept outside the workspace, by agent, mode and file.
const ID = `agent-mode-it-${Date.now().toString(36)}`;
const AGENT_FILE = `.claude/agents/${ID}.md`;
const FOLDER = 'agent-mode-it';
const agentFile = (mode: string) => `---\nname: ${ID}\ndescription: Edits without asking\npermissionMode: ${mode}\n---\nYou edit files.\n`;

describe('an agent asking for a looser approval mode', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false }),
    closeEditors: true,
  });
  let confirmer: ScriptedAgentModeConfirmer;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const write = (path: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root(), path), new TextEncoder().encode(text));
  const exists = (path: string) => vscode.workspace.fs.stat(vscode.Uri.joinPath(root(), path)).then(() => true, () => false);
  const notices = () => suite.snapshot().items.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));
  const agentMode = async () => (await suite.relay.customizations.get<AgentDefinition>('agents')).entries.find((agent) => agent.id === ID)?.approvalMode;

  /** One task in the agent whose only step writes `file`; the approval prompts are dismissed (a refusal). */
  async function writeInAgent(file: string): Promise<void> {
    await suite.relay.agents.select(ID);
    suite.server.setScript([{ toolCalls: [{ id: `call_${file}`, name: 'write_file', args: { path: `${FOLDER}/${file}`, content: 'x\n' } }] }, { text: 'Done.' }]);
    suite.prompter.script();
    suite.api.chat.submitIntent({ type: 'sendMessage', text: `Write ${file}` });
    await suite.taskStopped(`the task writing ${file}`, TURN_MS);
  }

  before(async () => {
    ({ agentModeConfirmer: confirmer } = await relayWithScriptedPrompter());
    await write(AGENT_FILE, agentFile('acceptEdits'));
  });

  after(async () => {
    confirmer?.reset();
    await suite.relay.agents.select('agent');
    for (const path of [AGENT_FILE, FOLDER]) await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), path), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it("declined: the modal names the agent, its file and the mode, and the user's mode decides (the write still asks)", async () => {
    await waitFor(async () => (await agentMode()) === 'auto-edit', 10_000, 'the agent read with its mode');
    confirmer.reset(false);
    await writeInAgent('denied.ts');
    assert.equal(confirmer.questions.length, 1, JSON.stringify(confirmer.questions));
    const [question] = confirmer.questions;
    assert.deepEqual([question!.agent, question!.mode, question!.own], [ID, 'auto-edit', 'default']);
    assert.ok(question!.file.endsWith(AGENT_FILE), question!.file);
    assert.deepEqual(suite.prompter.prompts.map((prompt) => prompt.toolName), ['write_file'], 'the write asked, as in your own mode');
    assert.equal(await exists(`${FOLDER}/denied.ts`), false, 'the dismissed write never happened');
    assert.ok(notices().includes(`Agent "${ID}" asks for the auto-edit approval mode; you did not allow it, so its turns use yours (default).`), notices().join(' | '));
  });

  it("allowed: the agent's mode applies (the write goes without asking), and the answer is kept for that agent, mode and file", async () => {
    confirmer.reset(true);
    await writeInAgent('allowed.ts');
    assert.equal(confirmer.questions.length, 1, 'a declined answer is not kept: asked again');
    assert.deepEqual(suite.prompter.prompts, [], 'nothing asked in auto-edit');
    assert.equal(await exists(`${FOLDER}/allowed.ts`), true);
    assert.ok(notices().includes(`Agent "${ID}" runs in the auto-edit approval mode (yours is default).`), notices().join(' | '));

    await suite.newTask();
    confirmer.reset(false);
    await writeInAgent('kept.ts');
    assert.deepEqual(confirmer.questions, [], 'the kept answer is not asked again');
    assert.equal(await exists(`${FOLDER}/kept.ts`), true);
  });

  it('the file asking for another mode asks again; declined, your mode applies again', async () => {
    await write(AGENT_FILE, agentFile('bypassPermissions'));
    await waitFor(async () => (await agentMode()) === 'yolo', 10_000, 'the changed agent file read again');
    confirmer.reset(false);
    await writeInAgent('changed.ts');
    assert.deepEqual(confirmer.questions.map((q) => q.mode), ['yolo']);
    assert.deepEqual(suite.prompter.prompts.map((prompt) => prompt.toolName), ['write_file']);
    assert.equal(await exists(`${FOLDER}/changed.ts`), false);
  });
});
