// An agent's model with its fallbacks (each peer's way of naming one, resolved against the user's providers), the
// provider that falls back in order and says so once, the agent's approval mode reaching the policy, and where each
// source's prompt goes (Claude's body as a sub-agent's whole system prompt, Copilot's with the user's message, Roo's
// role first and its custom instructions after the rules).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseAgentModel, type ModelAvailability } from '../../../src/core/customization/agents/agent-model';
import { agentPrompt } from '../../../src/core/customization/agents/agent-prompt';
import type { AgentDefinition } from '../../../src/core/customization/agents/agent';
import { FallbackProvider, withFirstTurnNotes } from '../../../src/core/customization/agents/fallback-provider';
import { buildSystemPrompt } from '../../../src/core/agent/system-prompt';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import { policyFor, WORKSPACE } from '../permissions/fixtures';
import { NEW_TASK } from '../../../src/core/tools';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from '../agent/fakes';

const anthropicUser: ModelAvailability = { user: { provider: 'anthropic', model: 'claude-sonnet-5-5' }, keyed: new Set() };

describe('agent model: each source names models its own way', () => {
  test("Claude's aliases are the newest model of the family, on Anthropic", () => {
    const choice = chooseAgentModel(['opus', 'haiku'], anthropicUser);
    assert.deepEqual(choice.candidates.map((c) => [c.provider, c.model]), [['anthropic', 'claude-opus-5-5'], ['anthropic', 'claude-haiku-5-5']]);
    assert.deepEqual(choice.skipped, []);
  });

  test('a model on a provider the user has no key for is skipped with why; with a key it is a candidate', () => {
    const openaiUser: ModelAvailability = { user: { provider: 'openai', model: 'gpt-5' }, keyed: new Set() };
    const without = chooseAgentModel(['sonnet', 'gpt-5.4'], openaiUser);
    assert.deepEqual(without.candidates.map((c) => c.model), ['gpt-5.4']);
    assert.equal(without.skipped[0]!.model, 'sonnet');
    assert.match(without.skipped[0]!.why, /no API key is set for anthropic/);
    const keyed = chooseAgentModel(['sonnet', 'gpt-5.4'], { ...openaiUser, keyed: new Set(['anthropic']) });
    assert.deepEqual(keyed.candidates.map((c) => `${c.provider}/${c.model}`), ['anthropic/claude-sonnet-5-5', 'openai/gpt-5.4']);
  });

  test("Copilot's display names: VS Code's language model when it offers one, else the catalog id of the same name", () => {
    const availability: ModelAvailability = {
      ...anthropicUser,
      languageModels: [{ id: 'copilot-gpt-5', name: 'GPT-5', family: 'gpt-5', vendor: 'copilot' }],
    };
    const choice = chooseAgentModel(['GPT-5 (copilot)', 'Claude Sonnet 4.5 (copilot)', 'Nonexistent 9 (copilot)'], availability);
    assert.deepEqual(choice.candidates.map((c) => [c.provider, c.model, c.written]), [
      ['vscode-lm', 'copilot-gpt-5', 'GPT-5 (copilot)'],
      ['anthropic', 'claude-sonnet-4-5', 'Claude Sonnet 4.5 (copilot)'],
    ]);
    assert.deepEqual(choice.skipped.map((s) => s.model), ['Nonexistent 9 (copilot)']);
  });

  test("OpenCode's provider/model: known providers map onto Relay's; another one only through the user's compatible server", () => {
    const choice = chooseAgentModel(['anthropic/claude-opus-4-1', 'google/gemini-2.5-pro', 'ollama/llama3'], anthropicUser);
    assert.deepEqual(choice.candidates.map((c) => c.model), ['claude-opus-4-1']);
    assert.deepEqual(choice.skipped.map((s) => s.model), ['google/gemini-2.5-pro', 'ollama/llama3']);
    const compatible = chooseAgentModel(['ollama/llama3'], { user: { provider: 'openai-compatible', model: 'qwen' }, keyed: new Set() });
    assert.deepEqual(compatible.candidates.map((c) => [c.provider, c.model]), [['openai-compatible', 'llama3']]);
  });

  test('an id Relay does not know is skipped unless it is the user\'s own model', () => {
    const choice = chooseAgentModel(['my-finetune', 'claude-sonnet-5-5'], anthropicUser);
    assert.deepEqual(choice.skipped.map((s) => s.model), ['my-finetune']);
    assert.deepEqual(choice.candidates.map((c) => c.model), ['claude-sonnet-5-5']);
  });
});

function provider(label: string, first: ModelStreamEvent[]): ScriptedProvider {
  return new ScriptedProvider([first, first], { id: label, label });
}

async function drain(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const out: ModelStreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

const OK: ModelStreamEvent[] = [{ type: 'text_delta', text: 'hi' }, { type: 'stop', reason: 'end_turn' }];
const notFound: ModelStreamEvent[] = [{ type: 'error', error: { kind: 'not_found', message: 'model not found', retryable: false } }];
const rateLimited: ModelStreamEvent[] = [{ type: 'error', error: { kind: 'rate_limited', message: 'slow down', retryable: true } }];
const request = { system: '', messages: [], tools: [] };

describe('agent model: falls back in order, then to the user\'s model, and says so once', () => {
  test('an unavailable model gives way to the next; the note names it and the model used, once', async () => {
    const notes: string[] = [];
    const first = provider('anthropic · claude-opus-5-5', notFound);
    const second = provider('openai · gpt-5', OK);
    const user = provider('anthropic · claude-sonnet-5-5', OK);
    const fallback = new FallbackProvider({
      agentName: 'reviewer',
      candidates: [{ written: 'opus', provider: first }, { written: 'gpt-5', provider: second }],
      user,
      skipped: [{ model: 'haiku-x', why: 'not a model Relay knows' }],
      note: (text) => notes.push(text),
    });
    assert.equal(fallback.model.label, 'anthropic · claude-opus-5-5');
    assert.deepEqual(await drain(fallback.stream(request, new AbortController().signal)), OK);
    assert.equal(fallback.model.label, 'openai · gpt-5', 'later turns go straight to the model that worked');
    await drain(fallback.stream(request, new AbortController().signal));
    assert.equal(first.requests.length, 1);
    assert.equal(second.requests.length, 2);
    assert.equal(user.requests.length, 0);
    assert.deepEqual(notes, ['Agent "reviewer": its model is not available here: haiku-x (not a model Relay knows); opus (model not found). Its turns use openai · gpt-5.']);
  });

  test("every candidate unavailable: the user's model, said once", async () => {
    const notes: string[] = [];
    const user = provider('anthropic · claude-sonnet-5-5', OK);
    const fallback = new FallbackProvider({ agentName: 'a', candidates: [{ written: 'opus', provider: provider('x', notFound) }], user, skipped: [], note: (t) => notes.push(t) });
    assert.deepEqual(await drain(fallback.stream(request, new AbortController().signal)), OK);
    assert.equal(user.requests.length, 1);
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, /Its turns use anthropic · claude-sonnet-5-5\.$/);
  });

  test('a failure that is not about the model (a rate limit) is the turn\'s failure: no fallback', async () => {
    const user = provider('user', OK);
    const fallback = new FallbackProvider({ agentName: 'a', candidates: [{ written: 'gpt-5', provider: provider('openai · gpt-5', rateLimited) }], user, skipped: [], note: () => {} });
    assert.deepEqual(await drain(fallback.stream(request, new AbortController().signal)), rateLimited);
    assert.equal(user.requests.length, 0);
  });

  test("the agent's first choice working is said too: the header shows the user's model", async () => {
    const notes: string[] = [];
    const fallback = new FallbackProvider({ agentName: 'a', candidates: [{ written: 'gpt-5', provider: provider('openai · gpt-5', OK) }], user: provider('u', OK), skipped: [], note: (t) => notes.push(t) });
    await drain(fallback.stream(request, new AbortController().signal));
    await drain(fallback.stream(request, new AbortController().signal));
    assert.deepEqual(notes, ['Agent "a" runs on its own model, openai · gpt-5.']);
  });

  test('first-turn notes are shown when the task first asks for a turn, once', async () => {
    const notes: string[] = [];
    const wrapped = withFirstTurnNotes(provider('p', OK), ['mode note'], (t) => notes.push(t));
    assert.deepEqual(notes, []);
    await drain(wrapped.stream(request, new AbortController().signal));
    await drain(wrapped.stream(request, new AbortController().signal));
    assert.deepEqual(notes, ['mode note']);
  });
});

describe("agent approval mode: the policy decides a call in the request's mode", () => {
  test("an agent's mode applies to its calls; the user's applies to the others", async () => {
    const policy = policyFor('default');
    const call = { toolName: 'write_file', kind: 'write' as const, targets: { paths: [`${WORKSPACE}/notes.md`] } };
    assert.equal((await policy.evaluate(call)).action, 'ask');
    assert.equal((await policy.evaluate({ ...call, mode: 'auto-edit' })).action, 'allow');
    assert.equal((await policy.evaluate({ ...call, mode: 'plan' })).action, 'deny');
  });
});

function agent(fields: Partial<AgentDefinition>): AgentDefinition {
  return { id: 'x', name: 'x', source: 'Relay agent', path: '/ws/x', prompt: '', placement: 'system', deny: [], models: [], handoffs: [], modelInvocable: true, userInvocable: true, ...fields };
}

const ENV = { workspaceRoots: ['/ws'], os: 'linux', shell: 'bash' };

describe('agent prompt placement per source', () => {
  test("a Claude Code sub-agent's body is the delegated task's whole system prompt; picked for the user's task it opens it", () => {
    const claude = agent({ name: 'reviewer', source: 'Claude Code sub-agent', prompt: 'You are a strict reviewer.' });
    const sub = buildSystemPrompt({ environment: ENV, agent: agentPrompt(claude, 'sub-agent'), rules: [{ source: 'AGENTS.md', text: 'RULE' }], date: new Date(0), role: 'sub-agent', family: 'anthropic' });
    assert.ok(sub.startsWith('You are a strict reviewer.\n\n'), sub.slice(0, 80));
    assert.doesNotMatch(sub, /# Agent: reviewer/);
    const main = buildSystemPrompt({ environment: ENV, date: new Date(0), role: 'sub-agent', family: 'anthropic' });
    const identity = main.split('\n\n')[0]!;
    assert.ok(!sub.includes(identity), "Relay's own identity is not in it");
    assert.match(sub, /# Safety/);
    assert.match(sub, /attempt_completion/);
    assert.match(sub, /# Environment/);
    assert.match(sub, /RULE/);
    const picked = buildSystemPrompt({ environment: ENV, agent: agentPrompt(claude, 'main'), date: new Date(0), role: 'main', family: 'anthropic' });
    assert.ok(picked.startsWith('# Agent: reviewer\n\nYou are a strict reviewer.\n\n'));
    const mainIdentity = buildSystemPrompt({ environment: ENV, date: new Date(0), role: 'main', family: 'anthropic' }).split('\n\n')[0]!;
    assert.ok(picked.includes(mainIdentity), "Relay's instructions follow the agent's");
  });

  test("Roo's roleDefinition opens the prompt and its customInstructions follow the rules", () => {
    const roo = agent({ name: 'Docs', source: 'Roo mode', placement: 'role-first', prompt: 'You are a technical writer.', instructions: 'Use plain words.' });
    const system = buildSystemPrompt({ environment: ENV, agent: agentPrompt(roo, 'main'), rules: [{ source: '.roo/rules/a.md', text: 'ROO-RULE' }], date: new Date(0), role: 'main' });
    assert.ok(system.startsWith('# Agent: Docs\n\nYou are a technical writer.'));
    assert.ok(system.indexOf('ROO-RULE') < system.indexOf('Use plain words.'), 'custom instructions after the rules');
  });

  test("a Copilot agent's body is not in the system prompt: it rides with each message sent to it, also in a sub-agent", async () => {
    const copilot = agent({ name: 'planner', source: 'Copilot custom agent', placement: 'user', prompt: 'Plan first.' });
    const prompt = agentPrompt(copilot, 'main');
    const model = new ScriptedProvider([
      turn(undefined, { id: 'd', name: NEW_TASK, args: { prompt: 'Look around', description: 'look', agent: 'planner' } }),
      complete('c1', 'looked'),
      complete('c2', 'done'),
    ]);
    const { session } = sessionFor(model, registryOf(testTool('read_file', 'readonly')), {
      agent: prompt,
      delegates: [{ name: 'planner', disallowedTools: [], callGuards: [], prompt: agentPrompt(copilot, 'sub-agent') }],
    });
    await session.send('Make a plan');
    const [first, child] = model.requests;
    assert.doesNotMatch(first!.system, /Plan first\./);
    const userText = (r: typeof first) => (r!.messages[0]!.content as { type: string; text?: string }[]).map((p) => p.text ?? '').join('\n');
    assert.match(userText(first), /^Make a plan\n<agent_instructions agent="planner">\nPlan first\.\n<\/agent_instructions>$/);
    assert.doesNotMatch(child!.system, /Plan first\./);
    assert.match(userText(child), /^Look around\n<agent_instructions agent="planner">/);
  });
});

describe('the rules of each turn reach the task view (the context meter)', () => {
  test('the sources of the rules in the last request, and none once a turn has none', async () => {
    let touched = false;
    const model = new ScriptedProvider([
      [...turn(undefined, { id: 'r', name: 'read_file', args: { path: 'a.ts' } }), { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } }],
      [...complete('c', 'done'), { type: 'usage', usage: { inputTokens: 20, outputTokens: 1 } }],
    ]);
    const { session } = sessionFor(model, registryOf(testTool('read_file', 'readonly')), {
      turnRules: async (files) => {
        touched = files.touched.length > 0 || touched;
        return { rules: touched ? [{ source: '.cursor/rules/ts.mdc', text: 'TS rule' }] : [], catalogue: [] };
      },
    });
    const seen: (string[] | undefined)[] = [];
    session.onEvent((event) => {
      if (event.type === 'usage') seen.push(session.view().context?.rules);
    });
    await session.send('Read a.ts');
    assert.deepEqual(seen, [[], ['.cursor/rules/ts.mdc']]);
  });
});
