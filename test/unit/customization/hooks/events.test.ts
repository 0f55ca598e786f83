// Every hook event, one row each: a real task (a tool call, a sub-agent, a condensed conversation) and Relay
// waiting for the person fire each event at its moment with the fields its hooks read. A row fails when its event
// is never emitted or arrives without its fields. And a Stop hook that always blocks cannot keep the agent forever.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_STOP_CONTINUATIONS } from '../../../../src/core/agent/session-hooks';
import { CallTasks, NotificationHooks } from '../../../../src/core/customization/hooks/notification-hooks';
import { HookRunner, type HookProcessRunner } from '../../../../src/core/customization/hooks/runner';
import { ConfiguredSessionHooks } from '../../../../src/core/customization/hooks/session-hooks';
import { ConfiguredToolHooks, type HookSessionInfo, type HookSet } from '../../../../src/core/customization/hooks/tool-call-hooks';
import { type HookDefinition, type HookEvent, type HookProcessResult } from '../../../../src/core/customization/hooks/types';
import type { ApprovalPrompt } from '../../../../src/core/ports/approval';
import { complete, registryOf, ScriptedProvider, sessionFor, SummarizingProvider, testTool, turn } from '../../agent/fakes';

type Stdin = Record<string, unknown>;
const EIGHT: HookEvent[] = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop', 'PreCompact', 'Notification'];
const SUMMARY = '## Goal\nRead the files.\n\n## Open items\n- none';

function configured(answer: (event: HookEvent, stdin: Stdin) => HookProcessResult = () => ({ exitCode: 0, stdout: '', stderr: '', timedOut: false })) {
  const seen: Stdin[] = [];
  const hooks: HookDefinition[] = EIGHT.map((event) => ({ id: event, event, style: 'claude', origin: 'user', source: 'relay.hooks', command: `${event}.sh`, timeoutMs: 1000 }));
  const processes: HookProcessRunner = {
    run: async (hook, stdin) => {
      const parsed = JSON.parse(stdin) as Stdin;
      seen.push(parsed);
      return answer(hook.event, parsed);
    },
  };
  const set: HookSet = { current: async () => hooks };
  const runner = new HookRunner(processes);
  const info = (taskId: string): HookSessionInfo => ({ sessionId: taskId, cwd: '/ws', workspaceRoots: ['/ws'], permissionMode: 'default' });
  const calls = new CallTasks();
  return {
    seen,
    calls,
    options: {
      sessionHooks: (taskId: string) => new ConfiguredSessionHooks(set, runner, () => info(taskId)),
      toolHooks: (taskId: string) => calls.track(taskId, new ConfiguredToolHooks(set, runner, () => info(taskId))),
    },
    notifications: (failures: string[]) => new NotificationHooks(set, runner, (callId) => info(calls.taskOf(callId) ?? ''), (m) => failures.push(m)),
  };
}

const delegate = (id: string) => turn(undefined, { id, name: 'new_task', args: { description: 'Look', prompt: 'Read b.ts' } });
const read = (id: string, path: string) => turn(undefined, { id, name: 'read_file', args: { path } });

describe('[hooks] every event fires at its moment', () => {
  test('one row per event: emitted, with the fields its hooks read', async () => {
    const hooks = configured();
    const provider = new SummarizingProvider(
      new ScriptedProvider([read('r1', 'a.ts'), delegate('d1'), read('k1', 'b.ts'), complete('k2', 'b.ts is fine'), read('r2', 'c.ts'), complete('c1', 'done')]),
      SUMMARY,
    );
    const h = sessionFor(provider, registryOf(testTool('read_file')), hooks.options);
    assert.equal((await h.session.send('Check the files')).status, 'completed');
    await h.session.condense();
    const failures: string[] = [];
    const notifications = hooks.notifications(failures);
    // Two calls of another task wait for the person: an approval and a question. They know only their call id.
    const waiting = hooks.calls.track('task-9', { beforeCall: async () => ({ notes: [] }), afterCall: async () => ({ notes: [] }) });
    const signal = new AbortController().signal;
    await waiting.beforeCall({ callId: 'w1', toolName: 'write_file', kind: 'write', params: { path: 'a.ts' }, signal });
    await waiting.beforeCall({ callId: 'q1', toolName: 'ask_followup_question', kind: 'readonly', params: { question: 'Which branch?' }, signal });
    const prompt = { callId: 'w1', toolName: 'write_file', kind: 'write', message: 'Relay wants to write a.ts', detail: '' } as ApprovalPrompt;
    await notifications.prompter({ ask: async () => ({ action: 'deny' }) as never }).ask(prompt);
    await notifications.question('q1', 'Which branch?');
    // The prompter and the question never wait for the hooks: let them finish.
    await new Promise<void>((resolve) => setImmediate(resolve));

    const of = (event: HookEvent) => hooks.seen.filter((s) => s.hook_event_name === event);
    const rows: [HookEvent, (all: Stdin[]) => void][] = [
      ['SessionStart', (all) => assert.deepEqual(all.map((s) => s.source), ['startup', 'compact'])],
      ['UserPromptSubmit', (all) => assert.deepEqual(all.map((s) => s.prompt), ['Check the files'])],
      [
        'PreToolUse',
        (all) => {
          const calls = all.filter((s) => s.tool_name !== 'attempt_completion');
          assert.deepEqual(calls.map((s) => [s.tool_name, (s.tool_input as Stdin).file_path, s.tool_use_id]), [['Read', 'a.ts', 'r1'], ['Task', undefined, 'd1'], ['Read', 'b.ts', 'k1'], ['Read', 'c.ts', 'r2']]);
        },
      ],
      ['PostToolUse', (all) => assert.deepEqual(all.filter((s) => s.tool_name !== 'attempt_completion').map((s) => [s.tool_use_id, s.tool_response !== undefined]), [['r1', true], ['k1', true], ['d1', true], ['r2', true]])],
      ['Stop', (all) => assert.deepEqual(all.map((s) => s.stop_hook_active), [false])],
      ['SubagentStop', (all) => assert.deepEqual(all.map((s) => s.stop_hook_active), [false])],
      ['PreCompact', (all) => assert.deepEqual(all.map((s) => s.trigger), ['manual'])],
      [
        'Notification',
        (all) =>
          assert.deepEqual(all.map((s) => [s.session_id, s.notification_type, s.message]), [
            ['task-9', 'permission_prompt', 'Relay wants to write a.ts'],
            ['task-9', 'idle_prompt', 'Relay has a question for you: Which branch?'],
          ]),
      ],
    ];
    assert.deepEqual(rows.map(([event]) => event), EIGHT, 'the table covers every event');
    for (const [event, check] of rows) {
      const all = of(event);
      assert.ok(all.length > 0, `${event} was never emitted`);
      check(all);
      for (const stdin of all) {
        for (const field of ['session_id', 'transcript_path', 'cwd', 'permission_mode']) assert.ok(field in stdin, `${event} lacks ${field}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  test('SessionStart after condensing adds its context beside the summary', async () => {
    const hooks = configured((event, stdin) => ({ exitCode: 0, stdout: event === 'SessionStart' && stdin.source === 'compact' ? 'remember: branch main' : '', stderr: '', timedOut: false }));
    const provider = new SummarizingProvider(new ScriptedProvider([read('r1', 'a.ts'), read('r2', 'b.ts'), read('r3', 'c.ts'), complete('c1', 'done')]), SUMMARY);
    const h = sessionFor(provider, registryOf(testTool('read_file')), hooks.options);
    await h.session.send('Check the files');
    await h.session.condense();
    assert.ok(h.session.transcript.some((item) => item.kind === 'condensed'), 'condensed');
    const head = JSON.stringify(h.session.messages[0]);
    assert.match(head, /Read the files/);
    assert.match(head, /<hook_context>\\nremember: branch main\\n<\/hook_context>/);
  });

  test('a Stop hook that always blocks sends the agent back at most MAX_STOP_CONTINUATIONS times, then the task ends', async () => {
    const hooks = configured((event) => ({ exitCode: event === 'Stop' ? 2 : 0, stdout: '', stderr: event === 'Stop' ? 'not yet' : '', timedOut: false }));
    const answers = Array.from({ length: MAX_STOP_CONTINUATIONS + 1 }, (_, i) => complete(`c${i}`, `try ${i}`));
    const provider = new ScriptedProvider(answers);
    const h = sessionFor(provider, registryOf(), hooks.options);
    const end = await h.session.send('Go');
    assert.equal(end.status, 'completed');
    assert.equal(provider.requests.length, MAX_STOP_CONTINUATIONS + 1);
    const stops = hooks.seen.filter((s) => s.hook_event_name === 'Stop').map((s) => s.stop_hook_active);
    assert.deepEqual(stops, [false, ...Array<boolean>(MAX_STOP_CONTINUATIONS).fill(true)]);
  });
});
