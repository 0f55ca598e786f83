// Which family a model gets, what it is offered, and how its turn ends (src/core/prompts/families.ts and the loop).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { modelInfoFor } from '../../../src/core/model/catalog';
import { overrideFor, parseModelOverrides } from '../../../src/core/model/model-overrides';
import { promptFamilyOf, turnEndingFor, withheldToolsFor } from '../../../src/core/prompts';
import { describeOfferedTool } from '../../../src/core/tools';
import { createBuiltinToolFactories } from '../../../src/tools';
import { createInMemoryHost } from '../../support/in-memory-host';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from '../agent/fakes';

const CLAUDE = modelInfoFor('anthropic', 'claude-sonnet-5-5');
const GPT = modelInfoFor('openai', 'gpt-5.4');

describe('prompt families', () => {
  test('the family comes from the model id, whoever serves it', () => {
    const cases: [string, string][] = [
      ['claude-sonnet-5-5', 'anthropic'],
      ['anthropic/claude-opus-4-5-20251101', 'anthropic'],
      ['claude-3.5-sonnet', 'anthropic'],
      ['gpt-5.6-terra', 'gpt-5'],
      ['gpt-5.1', 'gpt-5'],
      ['gpt-5.2-2025-12-11', 'gpt-5'],
      ['openai/gpt-5.4-mini', 'gpt-5'],
      ['gpt-5-codex', 'codex'],
      ['gpt-5.1-codex-max', 'codex'],
      ['gpt-5.2-codex', 'codex'],
      ['codex-mini-latest', 'codex'],
      ['o3', 'o-series'],
      ['o4-mini', 'o-series'],
      ['o1-2024-12-17', 'o-series'],
      ['gpt-4.1', 'gpt-4'],
      ['gpt-4.1-mini', 'gpt-4'],
      ['gpt-4o-mini', 'gpt-4'],
      ['openai/gpt-4o', 'gpt-4'],
      ['gemini-2.5-flash', 'gemini'],
      ['google/gemini-3-pro-preview', 'gemini'],
      ['olmo-2', 'default'],
      ['qwen3-coder:30b', 'default'],
      ['llama3.1', 'default'],
    ];
    for (const [id, family] of cases) assert.equal(promptFamilyOf(id), family, id);
    assert.equal(modelInfoFor('vscode-lm', 'claude-sonnet-4.5').promptFamily, 'anthropic');
    assert.equal(modelInfoFor('openai-compatible', 'my-finetune').promptFamily, 'default');
  });

  test('relay.models can name the family of a custom model, and a wrong name is reported', () => {
    const parsed = parseModelOverrides({ 'my-finetune': { promptFamily: 'anthropic' }, other: { promptFamily: 'claude' }, legacy: { promptFamily: 'openai' }, reasoning: { promptFamily: 'o-series' } });
    assert.equal(modelInfoFor('openai-compatible', 'my-finetune', true, overrideFor(parsed, 'my-finetune')).promptFamily, 'anthropic');
    // "openai", the one OpenAI family before the split, still reads (as GPT-5).
    assert.equal(modelInfoFor('openai-compatible', 'legacy', true, overrideFor(parsed, 'legacy')).promptFamily, 'gpt-5');
    assert.equal(modelInfoFor('openai-compatible', 'reasoning', true, overrideFor(parsed, 'reasoning')).promptFamily, 'o-series');
    assert.equal(parsed.problems.length, 1);
    assert.match(parsed.problems[0]!, /relay\.models\["other"\]: promptFamily/);
  });

  test('each family is offered its own edit tool; the completion tool only where it ends the task', () => {
    assert.deepEqual([...withheldToolsFor('anthropic', true)].sort(), ['apply_patch', 'attempt_completion']);
    for (const family of ['gpt-4', 'o-series', 'gpt-5', 'codex'] as const) assert.deepEqual([...withheldToolsFor(family, true)].sort(), ['attempt_completion', 'edit_file'], family);
    assert.deepEqual([...withheldToolsFor('gemini', true)].sort(), ['apply_patch', 'attempt_completion']);
    assert.deepEqual([...withheldToolsFor('default', true)], ['apply_patch']);
    // On the text protocol every family keeps the completion tool.
    assert.deepEqual([...withheldToolsFor('anthropic', false)], ['apply_patch']);
    assert.equal(turnEndingFor('gpt-5', false), 'completion-tool');
  });
});

describe('how a turn ends', () => {
  const tools = () => registryOf(testTool('read_file'), testTool('edit_file', 'write'), testTool('apply_patch', 'write'));

  test('Claude: the request offers edit_file, not apply_patch nor attempt_completion', async () => {
    const provider = new ScriptedProvider([turn('Nothing to do.')], CLAUDE);
    await sessionFor(provider, tools(), { subAgents: false }).session.send('hi');
    assert.deepEqual(provider.requests[0]!.tools.map((t) => t.name).sort(), ['edit_file', 'read_file']);
    assert.match(provider.requests[0]!.system, /A reply without a tool call ends your turn/);
  });

  test('GPT-5: the request offers apply_patch, not edit_file', async () => {
    const provider = new ScriptedProvider([turn('Nothing to do.')], GPT);
    await sessionFor(provider, tools(), { subAgents: false }).session.send('hi');
    assert.deepEqual(provider.requests[0]!.tools.map((t) => t.name).sort(), ['apply_patch', 'read_file']);
    assert.match(provider.requests[0]!.system, /Change files with apply_patch/);
    assert.equal(GPT.promptFamily, 'gpt-5');
  });

  test('a plain answer ends the task for Claude, shown once in the chat', async () => {
    const provider = new ScriptedProvider([turn(undefined, { id: 'r1', name: 'read_file', args: { path: 'a.ts' } }), turn('`a.ts:1` exports nothing.')], CLAUDE);
    const { session, events } = sessionFor(provider, tools(), { subAgents: false });
    const end = await session.send('What does a.ts export?');
    assert.deepEqual(end, { status: 'completed', result: '`a.ts:1` exports nothing.', inChat: true });
    assert.equal(provider.requests.length, 2, 'no reminder turn after the answer');
    const texts = events.flatMap((e) => (e.type === 'assistant_delta' ? [e.text] : []));
    assert.deepEqual(texts, ['`a.ts:1` exports nothing.'], 'the answer is in the chat once');
  });

  test('a withheld tool still runs when called: Claude calling attempt_completion completes the task', async () => {
    const provider = new ScriptedProvider([complete('c1', 'Done.')], CLAUDE);
    const end = await sessionFor(provider, tools(), { subAgents: false }).session.send('hi');
    assert.deepEqual(end, { status: 'completed', result: 'Done.' });
  });

  test('reasoning alone is no answer: the model is reminded, without naming the completion tool it lacks', async () => {
    const provider = new ScriptedProvider([[{ type: 'thinking_delta', text: 'hmm' }, { type: 'stop', reason: 'end_turn' }], turn('All set.')], CLAUDE);
    const end = await sessionFor(provider, tools(), { subAgents: false }).session.send('hi');
    assert.equal(end.status, 'completed');
    assert.equal(provider.requests.length, 2);
    const note = JSON.stringify(provider.requests[1]!.messages.at(-1)!.content);
    assert.match(note, /no text and no tool call/);
    assert.doesNotMatch(note, /attempt_completion/);
  });

  test('an answer cut off at the output limit does not end the task: the model is asked to go on', async () => {
    const cut = [{ type: 'text_delta', text: 'The first half of a long' } as const, { type: 'stop', reason: 'max_tokens' } as const];
    const provider = new ScriptedProvider([cut, turn('second half.')], CLAUDE);
    const end = await sessionFor(provider, tools(), { subAgents: false }).session.send('Explain it at length.');
    assert.deepEqual(end, { status: 'completed', result: 'second half.', inChat: true });
    assert.match(JSON.stringify(provider.requests[1]!.messages.at(-1)!.content), /cut off at the output limit/);
  });

  test('the default family and the text protocol keep the completion tool: a plain reply gets a reminder', async () => {
    for (const model of [modelInfoFor('openai-compatible', 'qwen3-coder:30b'), { ...CLAUDE, supportsNativeTools: false }]) {
      const provider = new ScriptedProvider([turn('I will now read the file.'), complete('c1', 'Read it.')], model);
      const end = await sessionFor(provider, tools(), { subAgents: false }).session.send('hi');
      assert.deepEqual(end, { status: 'completed', result: 'Read it.' }, model.id);
      const reminder = provider.requests[1]!.messages.at(-1)!;
      assert.match(JSON.stringify(reminder.content), /You did not use a tool/, model.id);
    }
  });

  test("a tool's usage note that names a withheld tool is left out of its description", async () => {
    const entries = createBuiltinToolFactories(createInMemoryHost().services);
    const patch = entries.find((e) => e.name === 'apply_patch')!.factory({ taskId: 't' });
    const edit = entries.find((e) => e.name === 'edit_file')!.factory({ taskId: 't' });
    assert.match((await describeOfferedTool(patch, undefined)).description, /edit_file/);
    assert.doesNotMatch((await describeOfferedTool(patch, withheldToolsFor('gpt-5', true))).description, /edit_file/);
    assert.doesNotMatch((await describeOfferedTool(edit, withheldToolsFor('anthropic', true))).description, /apply_patch/);
  });

  test("Claude's sub-agent ends with a plain answer too, and that answer is the new_task result", async () => {
    const provider = new ScriptedProvider(
      [
        turn(undefined, { id: 'p1', name: 'new_task', args: { description: 'Find it', prompt: 'Where is the config loaded?' } }),
        turn('Loaded in `src/config.ts:12`.'), // the child
        turn('It is in `src/config.ts:12`.'),
      ],
      CLAUDE,
    );
    const end = await sessionFor(provider, registryOf(testTool('read_file'))).session.send('Where is the config loaded?');
    assert.equal(end.status, 'completed');
    const child = provider.requests[1]!;
    assert.deepEqual(child.tools.map((t) => t.name), ['read_file'], 'read-only tools, no completion tool');
    assert.match(child.system, /all the delegating agent receives/);
    assert.deepEqual(provider.requests[2]!.messages.at(-1), { role: 'user', content: [{ type: 'tool_result', callId: 'p1', content: 'Loaded in `src/config.ts:12`.' }] });
  });
});
