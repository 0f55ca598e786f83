// Slash commands on the host: a typed command's expansion (Copilot inputs asked, @file read only inside the
// workspace, shell substitutions only when the run_command checks allow), its one-turn session in the task
// controller, and the shell substitution itself (trust, approval, real process).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { AgentSession } from '../../../../src/core/agent';
import { createCommandsKind } from '../../../../src/core/customization/commands/commands-kind';
import type { ApprovalGate, ApprovalRequest } from '../../../../src/core/ports/approval';
import type { TaskRecord } from '../../../../src/core/ports/task-store';
import { runShellSubstitution } from '../../../../src/host/customization/commands/command-shell';
import { commandModelProvider, type AgentModelDeps } from '../../../../src/host/customization/agent-model';
import type { ModelProvider } from '../../../../src/core/model/provider';
import { type CommandTurn, type Expanded, SlashCommands, type SlashCommandDeps } from '../../../../src/host/customization/commands/slash-commands';
import { CustomizationService } from '../../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../../src/host/customization/node-files';
import type { ModelSettings } from '../../../../src/host/model/model-settings';
import { TaskController } from '../../../../src/host/session/task-controller';
import { inertControllerDeps } from '../../../support/controller-deps';
import { complete, ENVIRONMENT, MemoryTaskStore, registryOf, ScriptedProvider, until } from '../../agent/fakes';

const base = mkdtempSync(join(tmpdir(), 'relay-commands-'));
const root = join(base, 'ws');
const home = join(base, 'home');
after(() => rmSync(base, { recursive: true, force: true }));

function write(base: string, relative: string, text: string): void {
  mkdirSync(join(base, relative, '..'), { recursive: true });
  writeFileSync(join(base, relative), text);
}

write(root, '.claude/commands/review.md', '---\nallowed-tools: Bash(git status:*)\nmodel: haiku\n---\nReview $1.\nStatus:\n!`git status --short`\nSee @src/a.ts and @../outside.txt and @missing.ts.');
write(root, '.github/prompts/form.prompt.md', '---\nagent: ask\n---\nForm ${input:formName:the form} in ${fileBasename}.');
write(root, '.github/prompts/review.prompt.md', 'Copilot review.');
write(root, '.relay/commands/plain.md', 'Just a prompt.');
write(root, 'src/a.ts', 'export const a = 1;\n');
write(root, '../outside.txt', 'secret');
write(home, '.claude/commands/standup.md', 'Standup for $ARGUMENTS.');

function service() {
  const customizations = new CustomizationService(new NodeCustomizationFiles([root]));
  customizations.register(createCommandsKind('Slash commands', home));
  return customizations;
}

function commands(overrides: Partial<SlashCommandDeps> = {}) {
  const shell: string[] = [];
  const asked: string[] = [];
  const deps: SlashCommandDeps = {
    customizations: service(),
    editor: () => ({ workspaceFolder: root, file: join(root, 'src/a.ts') }),
    askInput: async (_command, input) => (asked.push(`${input.name}:${input.placeholder}`), 'Signup'),
    runShell: async (command) => (shell.push(command), { ok: true, output: ' M src/a.ts' }),
    readFile: async (path) => (path.startsWith(root) && path.endsWith('a.ts') ? 'export const a = 1;\n' : undefined),
    roots: () => [root],
    ...overrides,
  };
  return { slash: new SlashCommands(deps), shell, asked };
}

describe('slash commands on the host', () => {
  test('the list has every command with its source, user-level ones marked', async () => {
    const list = await commands().slash.list();
    assert.deepEqual(
      list.map((c) => c.name),
      ['claude:review', 'copilot:review', 'form', 'plain', 'standup'],
    );
    assert.match(list.find((c) => c.name === 'standup')!.source, /Claude Code command \(user\)/);
  });

  test('a Claude command: arguments, the shell output in place, workspace files included, nothing outside', async () => {
    const { slash, shell } = commands();
    const expanded = await slash.expand('/claude:review 42');
    assert.equal(expanded.type, 'turn');
    const turn = (expanded as { turn: CommandTurn }).turn;
    assert.deepEqual(shell, ['git status --short']);
    assert.match(turn.text, /^Review 42\.\nStatus:\n M src\/a\.ts\nSee @src\/a\.ts/);
    assert.match(turn.text, /Contents of src\/a\.ts \(included by \/claude:review\):\n```\nexport const a = 1;\n```$/);
    assert.doesNotMatch(turn.text, /secret/);
    assert.equal(turn.model, 'haiku');
    assert.deepEqual(turn.allowedTools, ['Bash(git status:*)']);
  });

  test('a shell substitution that may not run refuses the command with the reason; nothing is sent', async () => {
    const { slash } = commands({ runShell: async () => ({ ok: false, reason: 'Denied by your rule.' }) });
    const expanded = await slash.expand('/claude:review 1');
    assert.equal(expanded.type, 'refused');
    assert.match((expanded as { reason: string }).reason, /\/claude:review was not sent: its command `git status --short` did not run\. Denied by your rule\./);
  });

  test('Copilot inputs not given are asked; a cancelled question sends nothing; given ones are not asked', async () => {
    const first = commands();
    const expanded = await first.slash.expand('/form');
    assert.deepEqual(first.asked, ['formName:the form']);
    assert.equal((expanded as { turn: CommandTurn }).turn.text, 'Form Signup in a.ts.');
    assert.equal((expanded as { turn: CommandTurn }).turn.agent, 'ask');
    const given = commands();
    await given.slash.expand('/form formName=Login');
    assert.deepEqual(given.asked, []);
    const cancelled = commands({ askInput: async () => undefined });
    assert.equal((await cancelled.slash.expand('/form')).type, 'refused');
  });

  test('an ambiguous bare name is refused with the prefixed names; an unknown one is sent as typed', async () => {
    const { slash } = commands();
    const review = await slash.expand('/review');
    assert.match((review as { reason: string }).reason, /\/claude:review, \/copilot:review/);
    assert.equal((await slash.expand('/usr/bin/env is a path')).type, 'none');
    assert.equal((await slash.expand('no command')).type, 'none');
  });

  describe("a command's model goes through the agent model resolver", () => {
    function served(settings: ModelSettings): ModelProvider {
      return {
        id: settings.provider,
        model: { id: settings.model, label: `${settings.model} · ${settings.provider}`, contextWindow: 1000, maxOutputTokens: 100, supportsNativeTools: true },
        async *stream() {
          yield { type: 'text_delta', text: `from ${settings.provider}/${settings.model}` };
        },
      };
    }
    function deps(user: Partial<ModelSettings>, keyed: string[] = []): AgentModelDeps {
      return {
        settings: () => ({ provider: 'anthropic', model: 'claude-sonnet-5-5', ...user }) as ModelSettings,
        hasKey: async (provider) => keyed.includes(provider),
        languageModels: async () => [{ id: 'copilot-gpt-5', name: 'GPT-5', family: 'gpt-5', vendor: 'copilot' }],
        create: (settings) => served(settings()),
      };
    }
    async function run(model: string, user: Partial<ModelSettings>, keyed: string[] = []): Promise<{ said: string; notes: string[]; shown: unknown[] }> {
      const notes: string[] = [];
      const shown: unknown[] = [];
      const d = deps(user, keyed);
      const fallback = served(d.settings());
      const { provider } = await commandModelProvider('/review', model, fallback, d, (text) => notes.push(text), (used) => void shown.push(used));
      let said = '';
      for await (const event of provider.stream({} as never, new AbortController().signal)) if (event.type === 'text_delta') said += event.text;
      return { said, notes, shown };
    }
    const cases: [string, Partial<ModelSettings>, string[], string, RegExp | undefined][] = [
      // Served here: the user's provider, an alias of its family, a keyed provider, VS Code's models, a server of the user's own.
      ['haiku', {}, [], 'from anthropic/claude-haiku-5-5', undefined],
      ['anthropic/claude-opus-4-5', {}, [], 'from anthropic/claude-opus-4-5', undefined],
      ['gpt-5', {}, ['openai'], 'from openai/gpt-5', undefined],
      ['GPT-5 (copilot)', {}, [], 'from vscode-lm/copilot-gpt-5', undefined],
      ['ollama/qwen3-coder', { provider: 'openai-compatible', model: 'local' }, [], 'from openai-compatible/qwen3-coder', undefined],
      ['my-finetune', { provider: 'openai-compatible', model: 'local' }, [], 'from openai-compatible/my-finetune', undefined],
      ['claude-sonnet-5-5', {}, [], 'from anthropic/claude-sonnet-5-5', undefined],
      // Not served: the user's model, with the reason in the chat (never sent as a model id to the user's provider).
      ['gpt-5', {}, [], 'from anthropic/claude-sonnet-5-5', /\/review names a model that is not available here: gpt-5 \(no API key is set for openai\)/],
      ['o3', {}, [], 'from anthropic/claude-sonnet-5-5', /o3 \(/],
      ['made-up-model', {}, [], 'from anthropic/claude-sonnet-5-5', /made-up-model \(not a model Relay knows\)/],
      ['Claude Sonnet 9 (copilot)', {}, [], 'from anthropic/claude-sonnet-5-5', /VS Code offers no model of that name/],
      ['openrouter/anthropic/claude', {}, [], 'from anthropic/claude-sonnet-5-5', /Relay has no provider "openrouter" set up/],
      ['google/gemini-2.5-pro', { provider: 'openai', model: 'gpt-5' }, [], 'from openai/gpt-5', /no API key is set for gemini/],
      ['azure/gpt-4o', {}, ['azure-openai'], 'from anthropic/claude-sonnet-5-5', /Azure OpenAI is not your provider/],
    ];
    for (const [model, user, keyed, said, note] of cases) {
      test(`${model} on ${user.provider ?? 'anthropic'}${keyed.length ? ` (keys: ${keyed.join(', ')})` : ''}`, async () => {
        const result = await run(model, user, keyed);
        assert.equal(result.said, said);
        if (note) {
          assert.equal(result.notes.length, 1, 'one sentence in the chat');
          assert.match(result.notes[0]!, note);
          assert.deepEqual(result.shown, [undefined], 'the header keeps the user\'s model');
        } else {
          assert.match(result.notes[0] ?? '', /The command \/review runs its turn on its own model/);
          assert.notEqual(result.shown[0], undefined, "the header shows the command's model");
        }
      });
    }
  });
});

describe('a command turn in the task controller', () => {
  function harness(expand: (text: string) => Promise<Expanded>, disallowedTools: string[] = []) {
    const provider = new ScriptedProvider([complete('c1', 'One.'), complete('c2', 'Two.'), complete('c3', 'Three.')]);
    const store = new MemoryTaskStore();
    const built: (CommandTurn | undefined)[] = [];
    const drafts: string[] = [];
    const notices: string[] = [];
    let id = 0;
    const controller = new TaskController(
      inertControllerDeps(
        store,
        async (record?: TaskRecord, turn?: CommandTurn) => {
          built.push(turn);
          return new AgentSession({ provider, registry: registryOf(), environment: ENVIRONMENT, store, newId: () => `id-${++id}`, logger: { warn: () => {} }, disallowedTools }, record);
        },
        {
          expandCommand: expand,
          restoreDraft: (text) => void drafts.push(text),
          settings: () => ({ mode: 'default', model: undefined }),
          notify: (message) => void notices.push(message),
        },
      ),
    );
    return { controller, provider, built, drafts, notices };
  }

  const command = { id: 'review' } as CommandTurn['command'];

  test('the model gets the expanded prompt, the chat the typed text; the session is built for that turn only', async () => {
    const turn: CommandTurn = { command, text: 'EXPANDED review of 42', model: 'haiku' };
    const h = harness(async (text) => (text.startsWith('/review') ? { type: 'turn', turn } : { type: 'none' }));
    await h.controller.send('/review 42');
    await until(() => h.controller.session?.state.status === 'completed', 'the command turn');
    const user = h.controller.session!.transcript.find((item) => item.kind === 'user');
    assert.equal(user?.kind === 'user' ? user.text : '', '/review 42');
    assert.match(JSON.stringify(h.provider.requests[0]!.messages), /EXPANDED review of 42/);
    await h.controller.send('and now plainly');
    await until(() => h.provider.requests.length === 2 && h.controller.session?.state.status === 'completed', 'the plain turn');
    assert.deepEqual(h.built, [turn, undefined], 'built with the turn, then again without it');
    assert.match(JSON.stringify(h.provider.requests[1]!.messages), /EXPANDED review of 42.*and now plainly/s, 'the same task continues');
  });

  test('a command with no agent, model or tools keeps the session as it is', async () => {
    const h = harness(async () => ({ type: 'turn', turn: { command, text: 'Just text' } }));
    await h.controller.send('/plain');
    await until(() => h.controller.session?.state.status === 'completed', 'the turn');
    assert.deepEqual(h.built, [undefined]);
  });

  test("a subtask command runs its prompt as a sub-agent: the task keeps the typed text and the report, the child's agent named", async () => {
    const turn: CommandTurn = { command, text: 'EXPANDED look around', subtask: true, agent: 'scout' };
    const h = harness(async (text) => (text.startsWith('/review') ? { type: 'turn', turn } : { type: 'none' }));
    await h.controller.send('/review src');
    await until(() => h.controller.session?.state.status === 'failed', 'the sub-agent turn');
    // No agent "scout" to delegate to in this harness: the call names it, and the runner refuses it.
    const [typed, call] = h.controller.session!.messages;
    assert.deepEqual(typed!.content, [{ type: 'text', text: '/review src' }]);
    assert.deepEqual(call!.content[0], { type: 'tool_call', callId: (call!.content[0] as { callId: string }).callId, name: 'new_task', args: { description: '/review', prompt: 'EXPANDED look around', agent: 'scout' } });
    assert.equal(h.provider.requests.length, 0);

    const general: CommandTurn = { command, text: 'EXPANDED again', subtask: true, agent: 'agent' };
    const g = harness(async () => ({ type: 'turn', turn: general }));
    await g.controller.send('/review');
    await until(() => g.controller.session?.state.status === 'completed', 'the general sub-agent turn');
    assert.deepEqual(g.provider.requests[0]!.messages, [{ role: 'user', content: [{ type: 'text', text: 'EXPANDED again' }] }]);
    assert.equal(JSON.stringify(g.controller.session!.messages).includes('"c1"'), false, "the child's call stays out");
    assert.match(JSON.stringify(g.controller.session!.messages.at(-1)), /One\./);
  });

  test('a subtask command in a task whose agent forbids new_task is refused, and nothing is lost', async () => {
    const h = harness(async () => ({ type: 'turn', turn: { command, text: 'EXPANDED', subtask: true } }), ['new_task']);
    await h.controller.send('/review 42');
    assert.equal(h.provider.requests.length, 0);
    assert.equal(h.controller.session?.messages.length, 0);
    assert.match(h.notices[0]!, /\/review runs as a sub-agent, but the agent of this task does not allow sub-agents/);
    assert.deepEqual(h.drafts, ['/review 42']);
  });

  test('a refused command sends nothing: the warning says why and the text goes back into the box', async () => {
    const h = harness(async () => ({ type: 'refused', reason: 'Not trusted.' }));
    await h.controller.send('/review 42');
    assert.equal(h.controller.session, undefined);
    assert.equal(h.provider.requests.length, 0);
    assert.deepEqual(h.notices, ['Not trusted.']);
    assert.deepEqual(h.drafts, ['/review 42']);
  });
});

describe('a shell substitution', () => {
  const allow: ApprovalGate = { approve: async () => ({ allowed: true, audit: {} as never }) };
  const signal = new AbortController().signal;

  test('runs only in a trusted workspace, and is never even asked about otherwise', async () => {
    const asked: ApprovalRequest[] = [];
    const result = await runShellSubstitution('echo hi', { trusted: () => false, approvals: { approve: async (r) => (asked.push(r), { allowed: true, audit: {} as never }) }, cwd: root }, signal);
    assert.equal(result.ok, false);
    assert.equal(asked.length, 0);
  });

  test('is asked about as a run_command call and does not run when refused', async () => {
    const asked: ApprovalRequest[] = [];
    const marker = join(root, 'ran.txt');
    const result = await runShellSubstitution(`echo ran > ${marker}`, {
      trusted: () => true,
      approvals: { approve: async (request) => (asked.push(request), { allowed: false, reason: 'Denied by a rule.', messageForModel: 'no', audit: {} as never }) },
      cwd: root,
    }, signal);
    assert.deepEqual(result, { ok: false, reason: 'Denied by a rule.' });
    assert.equal(asked[0]!.toolName, 'run_command');
    assert.equal(asked[0]!.targets.command, `echo ran > ${marker}`);
    assert.throws(() => statSync(marker));
  });

  test('gives the output when allowed, and the exit code when the command fails', async () => {
    assert.deepEqual(await runShellSubstitution('printf "a\\nb\\n"', { trusted: () => true, approvals: allow, cwd: root }, signal), { ok: true, output: 'a\nb' });
    const failed = await runShellSubstitution('echo bad >&2; exit 3', { trusted: () => true, approvals: allow, cwd: root }, signal);
    assert.equal(failed.ok, false);
    assert.match((failed as { reason: string }).reason, /exit code 3: bad/);
  });
});
