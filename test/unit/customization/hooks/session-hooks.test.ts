// The task's hook points with configured hooks: SessionStart and UserPromptSubmit context reaches the first
// request; a blocked prompt never reaches the model and the chat says why; a Stop hook that blocks sends the agent
// back with its reason (stop_hook_active set the second time); a failing hook is a notice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfiguredSessionHooks } from '../../../../src/core/customization/hooks/session-hooks';
import { HookRunner, type HookProcessRunner } from '../../../../src/core/customization/hooks/runner';
import type { HookDefinition, HookProcessResult } from '../../../../src/core/customization/hooks/types';
import { complete, registryOf, ScriptedProvider, sessionFor } from '../../agent/fakes';

type Script = (stdin: Record<string, unknown>) => HookProcessResult;
const exit = (exitCode: number, stderr = '', stdout = ''): HookProcessResult => ({ exitCode, stdout, stderr, timedOut: false });

function sessionHooks(definitions: (Partial<HookDefinition> & { event: HookDefinition['event']; script: Script })[], seen: Record<string, unknown>[] = []) {
  const scripts = new Map<string, Script>();
  const hooks: HookDefinition[] = definitions.map(({ script, ...d }, i) => {
    const command = `hook-${i}.sh`;
    scripts.set(command, script);
    return { id: `h${i}`, style: 'claude', origin: 'user', source: 'relay.hooks', timeoutMs: 1000, command, ...d };
  });
  const processes: HookProcessRunner = {
    run: async (h, stdin) => {
      const parsed = JSON.parse(stdin) as Record<string, unknown>;
      seen.push(parsed);
      return scripts.get(h.command)!(parsed);
    },
  };
  const runner = new HookRunner(processes);
  return (taskId: string) => new ConfiguredSessionHooks({ current: async () => hooks }, runner, () => ({ sessionId: taskId, cwd: '/ws', workspaceRoots: ['/ws'] }));
}

const text = (request: { messages: readonly { content: readonly unknown[] }[] }) => JSON.stringify(request.messages);

describe('[hooks] session events', () => {
  test('SessionStart and UserPromptSubmit: plain stdout becomes context of the first request; SessionStart fires once', async () => {
    const seen: Record<string, unknown>[] = [];
    const provider = new ScriptedProvider([complete('c1', 'done'), complete('c2', 'done again')]);
    const { session } = sessionFor(provider, registryOf(), {
      sessionHooks: sessionHooks(
        [
          { event: 'SessionStart', script: () => exit(0, '', 'branch: main') },
          { event: 'UserPromptSubmit', script: (stdin) => exit(0, '', `prompt was ${String(stdin.prompt)}`) },
        ],
        seen,
      ),
    });
    await session.send('Fix the bug');
    assert.match(text(provider.requests[0]!), /Fix the bug.*<hook_context>\\nbranch: main\\n\\nprompt was Fix the bug\\n<\/hook_context>/);
    await session.send('And the other one');
    assert.deepEqual(seen.map((s) => s.hook_event_name), ['SessionStart', 'UserPromptSubmit', 'UserPromptSubmit']);
    assert.equal(seen[0]!.source, 'startup');
  });

  test("SessionStart hooks that read the first prompt get it (the Copilot CLI's initialPrompt, Cline's initialTask)", async () => {
    const seen: Record<string, unknown>[] = [];
    const provider = new ScriptedProvider([complete('c1', 'done')]);
    const { session } = sessionFor(provider, registryOf(), {
      sessionHooks: sessionHooks([{ event: 'SessionStart', style: 'copilot', copilotCli: true, script: () => exit(0) }], seen),
    });
    await session.send('Fix the bug');
    assert.deepEqual(seen.map((s) => [s.source, s.initialPrompt]), [['startup', 'Fix the bug']]);
  });

  test("a Cline TaskStart script that cancels keeps the task from starting; Claude's SessionStart cannot block", async () => {
    const cancel = () => exit(0, '', '{"cancel": true, "errorMessage": "no tasks on Fridays"}');
    const provider = new ScriptedProvider([complete('c1', 'done')]);
    const { session, events } = sessionFor(provider, registryOf(), {
      sessionHooks: sessionHooks([{ event: 'SessionStart', style: 'cline', nativeEvent: 'TaskStart', source: '.clinerules/hooks/TaskStart', script: cancel }]),
    });
    const end = await session.send('Fix the bug');
    assert.equal(provider.requests.length, 0, 'the model is never asked');
    assert.equal(end.status, 'paused');
    const notices = events.filter((e) => e.type === 'notice').map((e) => (e as { text: string }).text);
    assert.ok(notices.some((n) => /SessionStart hook .* stopped the task: no tasks on Fridays/.test(n)), notices.join('\n'));

    const claude = new ScriptedProvider([complete('c1', 'done')]);
    const other = sessionFor(claude, registryOf(), {
      sessionHooks: sessionHooks([{ event: 'SessionStart', script: () => exit(2, 'cannot block here') }]),
    });
    assert.equal((await other.session.send('Fix the bug')).status, 'completed');
    assert.equal(claude.requests.length, 1);
  });

  test('a blocked prompt never reaches the model; the chat says which hook and why', async () => {
    const provider = new ScriptedProvider([complete('c1', 'done')]);
    const { session, events } = sessionFor(provider, registryOf(), {
      sessionHooks: sessionHooks([{ event: 'UserPromptSubmit', script: () => exit(2, 'no secrets in prompts') }]),
    });
    const end = await session.send('my password is hunter2');
    assert.equal(provider.requests.length, 0);
    assert.equal(end.status, 'paused');
    assert.deepEqual(session.messages, [], 'the prompt is not in the history');
    const notices = events.filter((e) => e.type === 'notice').map((e) => (e as { text: string }).text);
    assert.ok(notices.some((n) => /UserPromptSubmit hook "hook-0\.sh" \(relay\.hooks\) blocked it: no secrets in prompts/.test(n)), notices.join('\n'));
  });

  test('a Stop hook that blocks sends the agent back with its reason; the second time stop_hook_active is set', async () => {
    const seen: Record<string, unknown>[] = [];
    const provider = new ScriptedProvider([complete('c1', 'first try'), complete('c2', 'tests pass now')]);
    const { session } = sessionFor(provider, registryOf(), {
      sessionHooks: sessionHooks([{ event: 'Stop', script: (stdin) => (stdin.stop_hook_active ? exit(0) : exit(2, 'run the tests first')) }], seen),
    });
    const end = await session.send('Fix it');
    assert.deepEqual(end, { status: 'completed', result: 'tests pass now' });
    assert.equal(provider.requests.length, 2);
    assert.match(text(provider.requests[1]!), /The Stop hook .* blocked it: run the tests first/);
    assert.deepEqual(seen.map((s) => s.stop_hook_active), [false, true]);
  });

  test('a failing hook is a warning notice and changes nothing', async () => {
    const provider = new ScriptedProvider([complete('c1', 'done')]);
    const { session, events } = sessionFor(provider, registryOf(), {
      sessionHooks: sessionHooks([{ event: 'UserPromptSubmit', script: () => exit(1, 'crashed') }]),
    });
    assert.equal((await session.send('Hello')).status, 'completed');
    const warnings = events.filter((e) => e.type === 'notice' && (e as { level: string }).level === 'warning');
    assert.match((warnings[0] as { text: string }).text, /UserPromptSubmit hook .* failed: exit 1: crashed/);
  });
});
