// Each source's wire format: the event on stdin under its field names, and its exit codes and output read the
// way that source reads them; several answers combine deny > ask > allow; matchers select by Claude's or Relay's
// tool name.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { combineHookRuns } from '../../../../src/core/customization/hooks/decide';
import { compileMatcher } from '../../../../src/core/customization/hooks/matcher';
import { HookRunner, type HookProcessRunner } from '../../../../src/core/customization/hooks/runner';
import type { HookDefinition, HookProcessResult, HookRunReport, HookVerdict } from '../../../../src/core/customization/hooks/types';
import { type HookEventInput, interpretResult, toStdin } from '../../../../src/core/customization/hooks/wire';
import { toRelayInput } from '../../../../src/core/customization/hooks/tool-names';

function hook(overrides: Partial<HookDefinition> = {}): HookDefinition {
  return { id: 'h', event: 'PreToolUse', style: 'claude', origin: 'workspace', source: '.claude/settings.json', command: 'guard.sh', timeoutMs: 1000, ...overrides };
}

const ok = (stdout = '', stderr = ''): HookProcessResult => ({ exitCode: 0, stdout, stderr, timedOut: false });
const exit = (code: number, stderr = '', stdout = ''): HookProcessResult => ({ exitCode: code, stdout, stderr, timedOut: false });

const preToolUse: HookEventInput = {
  event: 'PreToolUse',
  sessionId: 'task-1',
  cwd: '/ws',
  workspaceRoots: ['/ws'],
  permissionMode: 'default',
  now: Date.UTC(2026, 10, 27),
  tool: { name: 'write_file', input: { path: 'src/a.ts', content: 'x' }, callId: 'c1' },
};

describe('[hooks] stdin per source', () => {
  test("Claude: snake_case fields, the tool under Claude's name and field names and under Relay's", () => {
    const payload = JSON.parse(toStdin(hook(), preToolUse));
    assert.deepEqual(payload, {
      session_id: 'task-1',
      transcript_path: '',
      cwd: '/ws',
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { path: 'src/a.ts', content: 'x', file_path: 'src/a.ts' },
      tool_use_id: 'c1',
      relay_tool_name: 'write_file',
      relay_tool_input: { path: 'src/a.ts', content: 'x' },
    });
  });

  test("Copilot in VS Code: sessionId, hookEventName, an ISO timestamp and Claude's snake_case tool fields", () => {
    const payload = JSON.parse(toStdin(hook({ style: 'copilot' }), preToolUse));
    assert.equal(payload.hookEventName, 'PreToolUse');
    assert.equal(payload.sessionId, 'task-1');
    assert.equal(payload.tool_name, 'Write');
    assert.deepEqual(payload.tool_input, { path: 'src/a.ts', content: 'x', file_path: 'src/a.ts' });
    assert.equal(payload.tool_use_id, 'c1');
    assert.equal(payload.relayToolName, 'write_file');
    assert.equal(payload.timestamp, '2026-11-27T00:00:00.000Z');
    const after = JSON.parse(toStdin(hook({ style: 'copilot', event: 'PostToolUse' }), { ...preToolUse, event: 'PostToolUse', tool: { ...preToolUse.tool!, response: 'wrote 1 line' } }));
    assert.equal(after.tool_response, 'wrote 1 line');
    const stop = JSON.parse(toStdin(hook({ style: 'copilot', event: 'Stop' }), { ...preToolUse, event: 'Stop', tool: undefined, stopHookActive: true }));
    assert.equal(stop.stop_hook_active, true);
  });

  test('Copilot CLI (a bash handler): a millisecond timestamp, toolName, toolArgs as a JSON string, toolResult with resultType', () => {
    const cli = hook({ style: 'copilot', copilotCli: true });
    const payload = JSON.parse(toStdin(cli, preToolUse));
    assert.equal(payload.timestamp, Date.UTC(2026, 10, 27));
    assert.equal(payload.toolName, 'Write');
    assert.equal(payload.toolArgs, '{"path":"src/a.ts","content":"x"}');
    const failed = JSON.parse(toStdin({ ...cli, event: 'PostToolUse' }, { ...preToolUse, event: 'PostToolUse', tool: { ...preToolUse.tool!, response: 'disk full', error: 'disk full' } }));
    assert.deepEqual(failed.toolResult, { resultType: 'failure', textResultForLlm: 'disk full' });
  });

  test("Claude: each tool's input under Claude's field names (Edit's old_string / new_string, Grep's glob, Task's subagent_type), and a hook's change in those names maps back", () => {
    const stdin = (name: string, input: Record<string, unknown>) => JSON.parse(toStdin(hook(), { ...preToolUse, tool: { name, input, callId: 'c1' } }));
    const edit = stdin('edit_file', { path: 'a.ts', edits: [{ old_text: 'foo', new_text: 'bar', replace_all: false }] });
    assert.equal(edit.tool_name, 'Edit');
    assert.deepEqual([edit.tool_input.file_path, edit.tool_input.old_string, edit.tool_input.new_string, edit.tool_input.replace_all], ['a.ts', 'foo', 'bar', false]);
    assert.equal(edit.tool_input.edits[0].new_string, 'bar');
    const two = stdin('edit_file', { path: 'a.ts', edits: [{ old_text: 'a', new_text: 'b' }, { old_text: 'c', new_text: 'd' }] });
    assert.equal(two.tool_input.old_string, undefined, 'several replacements are not one Edit');
    assert.deepEqual(two.tool_input.edits.map((e: { old_string: string }) => e.old_string), ['a', 'c']);
    assert.equal(stdin('search_text', { pattern: 'TODO', path: '.', include: '*.ts' }).tool_input.glob, '*.ts');
    const task = stdin('new_task', { description: 'Look', prompt: 'Read it', agent: 'reviewer' });
    assert.deepEqual([task.tool_name, task.tool_input.subagent_type], ['Task', 'reviewer']);
    assert.equal(stdin('mcp__memory__create_entities', { entities: [] }).tool_name, 'mcp__memory__create_entities');

    // A hook that echoes Claude's input with new_string changed changes the replacement, nothing else.
    const original = { path: 'a.ts', edits: [{ old_text: 'foo', new_text: 'bar', replace_all: false }] };
    assert.deepEqual(toRelayInput('edit_file', original, { ...edit.tool_input, new_string: 'baz' }), { path: 'a.ts', edits: [{ old_text: 'foo', new_text: 'baz', replace_all: false }] });
    assert.deepEqual(toRelayInput('edit_file', original, { file_path: 'b.ts' }), { ...original, path: 'b.ts' });
    assert.deepEqual(toRelayInput('search_text', { pattern: 'x', include: '*.ts' }, { glob: '*.js' }), { pattern: 'x', include: '*.js' });
    assert.deepEqual(toRelayInput('new_task', { description: 'd', prompt: 'p' }, { subagent_type: 'reviewer' }), { description: 'd', prompt: 'p', agent: 'reviewer' });
  });

  test("Cline: clineVersion, hookName, taskId, workspaceRoots and the event's own object with its tool names", () => {
    const payload = JSON.parse(toStdin(hook({ style: 'cline', nativeEvent: 'PreToolUse' }), preToolUse));
    assert.equal(payload.hookName, 'PreToolUse');
    assert.equal(payload.taskId, 'task-1');
    assert.deepEqual(payload.workspaceRoots, ['/ws']);
    assert.deepEqual(payload.preToolUse, { toolName: 'write_to_file', parameters: { path: 'src/a.ts', content: 'x' } });
  });

  test("Cline's task events carry taskMetadata (TaskStart with the first prompt as initialTask), UserPromptSubmit its attachments; Copilot's sessionStart its initialPrompt", () => {
    const start: HookEventInput = { ...preToolUse, event: 'SessionStart', tool: undefined, source: 'startup', initialPrompt: 'Fix the bug' };
    const cline = JSON.parse(toStdin(hook({ style: 'cline', event: 'SessionStart', nativeEvent: 'TaskStart' }), start));
    assert.deepEqual(cline.taskStart, { taskMetadata: { taskId: 'task-1', ulid: 'task-1', initialTask: 'Fix the bug' } });
    assert.equal(cline.userId, '');
    const resume = JSON.parse(toStdin(hook({ style: 'cline', event: 'SessionStart', nativeEvent: 'TaskResume' }), { ...start, source: 'resume', initialPrompt: undefined }));
    assert.deepEqual(resume.taskResume, { taskMetadata: { taskId: 'task-1', ulid: 'task-1' } });
    const prompt = JSON.parse(toStdin(hook({ style: 'cline', event: 'UserPromptSubmit', nativeEvent: 'UserPromptSubmit' }), { ...start, event: 'UserPromptSubmit', source: undefined, initialPrompt: undefined, prompt: 'Fix it' }));
    assert.deepEqual(prompt.userPromptSubmit, { prompt: 'Fix it', attachments: [] });
    assert.equal(JSON.parse(toStdin(hook({ style: 'copilot', event: 'SessionStart', copilotCli: true }), start)).initialPrompt, 'Fix the bug');
  });
});

describe('[hooks] exit codes and output per source', () => {
  test('Claude: exit 2 after a failed call (PostToolUseFailure) gives stderr to the model, as after a successful one', () => {
    for (const event of ['PostToolUse', 'PostToolUseFailure'] as const) {
      assert.deepEqual(interpretResult(hook({ event }), exit(2, 'check the disk')), { permission: 'deny', reason: 'check the disk' }, event);
    }
  });

  test('Claude: exit 2 blocks with stderr as the reason; exit 1 is a shown, non-blocking failure', () => {
    assert.deepEqual(interpretResult(hook(), exit(2, 'no rm -rf\n')), { permission: 'deny', reason: 'no rm -rf' });
    const one = interpretResult(hook(), exit(1, 'oops'));
    assert.equal(one.permission, undefined);
    assert.deepEqual(one.failure, { kind: 'error', detail: 'exit 1: oops' });
  });

  test('Claude: JSON output can deny, ask, allow, change the input, add context, stop', () => {
    const json = (value: unknown) => interpretResult(hook(), ok(JSON.stringify(value)));
    assert.deepEqual(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'protected' } }), { permission: 'deny', reason: 'protected' });
    assert.deepEqual(json({ hookSpecificOutput: { permissionDecision: 'ask' } }), { permission: 'ask' });
    assert.deepEqual(json({ hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: 'ls -la' }, additionalContext: 'ran by CI' } }), {
      permission: 'allow',
      updatedInput: { command: 'ls -la' },
      context: 'ran by CI',
    });
    assert.deepEqual(json({ decision: 'block', reason: 'lint first' }), { permission: 'deny', reason: 'lint first' });
    assert.deepEqual(json({ continue: false, stopReason: 'budget spent', systemMessage: 'bye' }), { stop: { reason: 'budget spent' }, systemMessage: 'bye' });
    // Copilot CLI puts the decision at the top level.
    assert.deepEqual(interpretResult(hook({ style: 'copilot' }), ok('{"permissionDecision":"deny","permissionDecisionReason":"no"}')), { permission: 'deny', reason: 'no' });
  });

  test('Claude: plain stdout is context only for UserPromptSubmit and SessionStart; bad JSON is a failure', () => {
    assert.deepEqual(interpretResult(hook({ event: 'UserPromptSubmit' }), ok('branch: main\n')), { context: 'branch: main' });
    assert.deepEqual(interpretResult(hook({ event: 'PreToolUse' }), ok('just a log line')), {});
    assert.equal(interpretResult(hook(), ok('{not json')).failure?.kind, 'error');
  });

  test('a timeout gives no decision and is a failure; so is a spawn failure', () => {
    assert.deepEqual(interpretResult(hook(), { exitCode: null, stdout: '', stderr: '', timedOut: true }), { failure: { kind: 'timeout', detail: '' } });
    assert.deepEqual(interpretResult(hook(), { exitCode: null, stdout: '', stderr: '', timedOut: false, spawnError: 'ENOENT' }), { failure: { kind: 'spawn', detail: 'ENOENT' } });
  });

  test('Cline: the last JSON object decides; any failure blocks (exit 1, no JSON, timeout)', () => {
    const cline = hook({ style: 'cline' });
    assert.deepEqual(interpretResult(cline, ok('starting\n{"cancel":false,"contextModification":"use pnpm"}\n')), { context: 'use pnpm' });
    assert.deepEqual(interpretResult(cline, ok('{"cancel":true,"errorMessage":"not on main"}')), { permission: 'deny', reason: 'not on main' });
    assert.equal(interpretResult(cline, exit(1, 'crash')).permission, 'deny');
    assert.equal(interpretResult(cline, ok('hello')).permission, 'deny');
    assert.equal(interpretResult(cline, ok('{"contextModification":"x"}')).permission, 'deny', '"cancel" is required');
    const timedOut = interpretResult(cline, { exitCode: null, stdout: '', stderr: '', timedOut: true });
    assert.equal(timedOut.permission, 'deny');
    assert.equal(timedOut.failure?.kind, 'timeout');
    assert.equal(interpretResult(cline, ok(JSON.stringify({ cancel: false, contextModification: 'x'.repeat(60_000) }))).context?.length, 50 * 1024);
  });
});

describe('[hooks] precedence and matchers', () => {
  const run = (id: string, verdict: HookVerdict): HookRunReport => ({ hookId: id, event: 'PreToolUse', source: 's', command: id, verdict, durationMs: 0 });

  test('deny beats ask beats allow, whatever the order; a deny drops input changes; context is kept from all', () => {
    const outcome = combineHookRuns([
      run('a', { permission: 'allow', updatedInput: { command: 'ls' }, context: 'one' }),
      run('b', { permission: 'deny', reason: 'b says no' }),
      run('c', { permission: 'ask', context: 'two' }),
    ]);
    assert.equal(outcome.permission, 'deny');
    assert.equal(outcome.reason, 'b says no');
    assert.equal(outcome.decidedBy?.hookId, 'b');
    assert.equal(outcome.updatedInput, undefined);
    assert.deepEqual(outcome.context, ['one', 'two']);
    const asked = combineHookRuns([run('a', { permission: 'allow' }), run('c', { permission: 'ask', reason: 'check' }), run('d', { permission: 'allow' })]);
    assert.equal(asked.permission, 'ask');
    assert.equal(asked.reason, 'check');
  });

  test("matchers: all, exact names (Claude's or Relay's), regular expressions; a bad pattern is reported", () => {
    const test = (matcher: string | undefined, tool: string) => {
      const compiled = compileMatcher(matcher);
      assert.ok(compiled.ok);
      return compiled.test(tool);
    };
    assert.ok(test(undefined, 'run_command'));
    assert.ok(test('*', 'read_file'));
    assert.ok(test('Bash', 'run_command'));
    assert.ok(test('run_command', 'run_command'));
    assert.ok(!test('Bash', 'write_file'));
    assert.ok(test('Edit|Write', 'write_file'));
    assert.ok(!test('Edit', 'apply_patch'), 'an exact name is not a substring');
    assert.ok(test('mcp__.*', 'mcp__github__create_issue'));
    assert.ok(test('Web.*', 'web_fetch'));
    assert.equal(compileMatcher('(').ok, false);
  });

  test('the runner runs only matching hooks, once per command line, and reports a bad matcher as a failure', async () => {
    const ran: string[] = [];
    const processes: HookProcessRunner = {
      run: async (h, stdin) => {
        ran.push(`${h.command} ${JSON.parse(stdin).tool_name}`);
        return h.command === 'deny.sh' ? exit(2, 'nope') : ok();
      },
    };
    const outcome = await new HookRunner(processes).run(
      [
        hook({ id: '1', matcher: 'Bash', command: 'deny.sh' }),
        hook({ id: '2', matcher: 'Write', command: 'log.sh' }),
        hook({ id: '3', command: 'log.sh' }),
        hook({ id: '4', matcher: '(', command: 'broken.sh' }),
        hook({ id: '5', event: 'PostToolUse', command: 'after.sh' }),
      ],
      preToolUse,
      new AbortController().signal,
    );
    assert.deepEqual(ran, ['log.sh Write']);
    assert.equal(outcome.permission, undefined);
    assert.equal(outcome.runs.length, 2);
    assert.match(outcome.runs[0]!.verdict.failure!.detail, /invalid matcher "\("/);
  });

  test("matchers of events without a tool select by the event's subject: SessionStart's source, PreCompact's trigger, Notification's type; UserPromptSubmit and Stop ignore them", async () => {
    const ran: string[] = [];
    const processes: HookProcessRunner = { run: async (h) => (ran.push(h.command), ok()) };
    const hooks = [
      hook({ id: '1', event: 'SessionStart', matcher: 'compact', command: 'after-compact.sh' }),
      hook({ id: '2', event: 'SessionStart', matcher: 'startup|resume', command: 'start.sh' }),
      hook({ id: '3', event: 'PreCompact', matcher: 'manual', command: 'manual.sh' }),
      hook({ id: '4', event: 'Notification', matcher: 'permission_prompt', command: 'ding.sh' }),
      hook({ id: '5', event: 'Notification', matcher: 'idle_prompt', command: 'idle.sh' }),
      hook({ id: '6', event: 'Stop', matcher: 'anything', command: 'stop.sh' }),
    ];
    const fire = async (input: Partial<HookEventInput>) => {
      ran.length = 0;
      await new HookRunner(processes).run(hooks, { ...preToolUse, tool: undefined, ...input } as HookEventInput, new AbortController().signal);
      return [...ran];
    };
    assert.deepEqual(await fire({ event: 'SessionStart', source: 'startup' }), ['start.sh']);
    assert.deepEqual(await fire({ event: 'SessionStart', source: 'compact' }), ['after-compact.sh']);
    assert.deepEqual(await fire({ event: 'PreCompact', source: 'auto' }), []);
    assert.deepEqual(await fire({ event: 'PreCompact', source: 'manual' }), ['manual.sh']);
    assert.deepEqual(await fire({ event: 'Notification', message: 'Relay needs your permission', notificationType: 'permission_prompt' }), ['ding.sh']);
    assert.deepEqual(await fire({ event: 'Stop', stopHookActive: false }), ['stop.sh']);
  });
});
