// Hooks see every file an apply_patch touches, under the peer's tool and field names: an added file as Write, an
// update (or a move) as Edit, a deletion as MultiEdit, each with `file_path`. A hook that guards generated files or
// runs a formatter after `Edit|Write` sees a patch's files; a deny on one file denies the whole patch; a matcher on
// `apply_patch` or `MultiEdit` still matches, once per file. A file restriction reads a patch as the tool does.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { writtenPaths } from '../../../../src/core/customization/agents/agent-restrictions';
import { HookRunner, type HookProcessRunner } from '../../../../src/core/customization/hooks/runner';
import { ConfiguredToolHooks } from '../../../../src/core/customization/hooks/tool-call-hooks';
import { hookToolViews } from '../../../../src/core/customization/hooks/tool-views';
import type { HookDefinition, HookProcessResult } from '../../../../src/core/customization/hooks/types';
import { harness, recordingTool } from '../../tools/fixtures';

type Json = Record<string, unknown>;
const PATCH = [
  '*** Begin Patch',
  '*** Add File: src/new.ts',
  '+export const added = 1;',
  '*** Update File: src/generated/api.ts',
  '@@ export function call',
  '-  return 1;',
  '+  return 2;',
  '*** Update File: src/old-name.ts',
  '*** Move to: src/new-name.ts',
  '@@',
  ' const a = 1;',
  '-const b = 2;',
  '+const b = 3;',
  '*** Delete File: src/gone.ts',
  '*** End Patch',
].join('\n');

function patchTool() {
  return recordingTool({ name: 'apply_patch', kind: 'write', parameters: z.object({ patch: z.string() }), run: async (_p, ctx) => ctx.setToolResult(ctx.callId, 'patched') });
}

const exit = (exitCode: number, stderr = '', stdout = ''): HookProcessResult => ({ exitCode, stdout, stderr, timedOut: false });

function hooks(definitions: { matcher?: string; event?: HookDefinition['event']; style?: HookDefinition['style']; script: (stdin: Json) => HookProcessResult }[]) {
  const seen: Json[] = [];
  const scripts = new Map<string, (stdin: Json) => HookProcessResult>();
  const list: HookDefinition[] = definitions.map(({ script, ...d }, i) => {
    scripts.set(`hook-${i}`, script);
    return { id: `h${i}`, event: 'PreToolUse', style: 'claude', origin: 'workspace', source: '.claude/settings.json', timeoutMs: 1000, command: `hook-${i}`, ...d };
  });
  const processes: HookProcessRunner = {
    run: async (h, stdin) => {
      const parsed = JSON.parse(stdin) as Json;
      seen.push({ ...parsed, hook: h.command });
      return scripts.get(h.command)!(parsed);
    },
  };
  return { seen, hooks: new ConfiguredToolHooks({ current: async () => list }, new HookRunner(processes), () => ({ sessionId: 't', cwd: '/ws', workspaceRoots: ['/ws'] })) };
}

const input = (stdin: Json) => stdin.tool_input as Json;

describe('[hooks] an apply_patch, one file at a time', () => {
  test('the views: Write for an added file, Edit for an update and a move, MultiEdit for a deletion, each with file_path', () => {
    const views = hookToolViews('apply_patch', { patch: PATCH });
    assert.deepEqual(views.map((v) => [v.name, v.input.path]), [
      ['write_file', 'src/new.ts'],
      ['edit_file', 'src/generated/api.ts'],
      ['edit_file', 'src/old-name.ts'],
      ['apply_patch', 'src/gone.ts'],
    ]);
    assert.deepEqual(views[1]!.input.edits, [{ old_text: '  return 1;', new_text: '  return 2;' }]);
    assert.equal(views[2]!.input.new_path, 'src/new-name.ts');
    assert.ok(views.every((v) => v.callName === 'apply_patch'));
    assert.deepEqual(hookToolViews('run_command', { command: 'ls' }), [{ name: 'run_command', input: { command: 'ls' } }]);
    assert.equal(hookToolViews('apply_patch', { patch: 'not a patch' }).length, 1, 'a patch that does not parse is seen whole');
  });

  test("a call's views are built once: asked again for the same input (before the call, after it), the patch is not parsed again", () => {
    const params: Json = { patch: PATCH };
    const first = hookToolViews('apply_patch', params);
    assert.equal(hookToolViews('apply_patch', params), first, 'the same input: the views already built');
    const copy = hookToolViews('apply_patch', { patch: PATCH });
    assert.notEqual(copy, first, 'another call (another input object) gets its own views');
    assert.deepEqual(copy, first);
    params.patch = PATCH.replace('src/new.ts', 'src/other.ts');
    const changed = hookToolViews('apply_patch', params);
    assert.notEqual(changed, first, 'an input whose text changed is parsed again, never served the old views');
    assert.equal(changed[0]!.input.path, 'src/other.ts');
  });

  const matchers: [string, string[]][] = [
    ['Edit|Write', ['src/new.ts', 'src/generated/api.ts', 'src/old-name.ts']],
    ['Write', ['src/new.ts']],
    ['Edit', ['src/generated/api.ts', 'src/old-name.ts']],
    ['MultiEdit', ['src/new.ts', 'src/generated/api.ts', 'src/old-name.ts', 'src/gone.ts']],
    ['apply_patch', ['src/new.ts', 'src/generated/api.ts', 'src/old-name.ts', 'src/gone.ts']],
    ['Edit|MultiEdit|Write', ['src/new.ts', 'src/generated/api.ts', 'src/old-name.ts', 'src/gone.ts']],
    ['.*', ['src/new.ts', 'src/generated/api.ts', 'src/old-name.ts', 'src/gone.ts']],
    ['Bash', []],
  ];
  for (const [matcher, files] of matchers) {
    test(`matcher ${matcher}: a hook sees ${files.length} file(s) of the patch, each with file_path`, async () => {
      const { seen, hooks: configured } = hooks([{ matcher, script: () => exit(0) }]);
      const h = harness([patchTool()], { hooks: configured, approve: async () => ({ decision: 'allow' }) });
      await h.scheduler.runCalls([{ callId: 'c1', name: 'apply_patch', arguments: { patch: PATCH } }]);
      assert.deepEqual(seen.map((s) => input(s).file_path).sort(), [...files].sort());
      for (const stdin of seen) {
        assert.equal(stdin.relay_tool_name, 'apply_patch');
        assert.equal((stdin.relay_tool_input as Json).patch, PATCH, 'the whole call is there too');
      }
    });
  }

  test('a guard on generated files denies the whole patch: nothing is written', async () => {
    const tool = patchTool();
    const { hooks: configured } = hooks([{ matcher: 'Edit|Write', script: (stdin) => (String(input(stdin).file_path).includes('/generated/') ? exit(2, 'generated files are not edited by hand') : exit(0)) }]);
    const h = harness([tool], { hooks: configured, approve: async () => ({ decision: 'allow' }) });
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'apply_patch', arguments: { patch: PATCH } }]);
    assert.equal(tool.executions.length, 0);
    assert.equal(outcomes[0]!.state, 'error');
    assert.match(String(outcomes[0]!.content), /generated files are not edited by hand/);
  });

  test("Edit's fields for an update, Write's for an added file", async () => {
    const { seen, hooks: configured } = hooks([{ matcher: 'Edit|Write', script: () => exit(0) }]);
    const h = harness([patchTool()], { hooks: configured, approve: async () => ({ decision: 'allow' }) });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'apply_patch', arguments: { patch: PATCH } }]);
    const byFile = new Map(seen.map((s) => [String(input(s).file_path), s]));
    assert.equal(byFile.get('src/new.ts')!.tool_name, 'Write');
    assert.match(String(input(byFile.get('src/new.ts')!).content), /^export const added = 1;\n?$/);
    assert.equal(byFile.get('src/generated/api.ts')!.tool_name, 'Edit');
    assert.equal(input(byFile.get('src/generated/api.ts')!).old_string, '  return 1;');
    assert.equal(input(byFile.get('src/generated/api.ts')!).new_string, '  return 2;');
  });

  test('PostToolUse: a formatter after Edit|Write runs once per file of the patch', async () => {
    const { seen, hooks: configured } = hooks([{ event: 'PostToolUse', matcher: 'Edit|Write', script: () => exit(0) }]);
    const h = harness([patchTool()], { hooks: configured, approve: async () => ({ decision: 'allow' }) });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'apply_patch', arguments: { patch: PATCH } }]);
    assert.deepEqual(seen.map((s) => input(s).file_path).sort(), ['src/generated/api.ts', 'src/new.ts', 'src/old-name.ts']);
  });

  test("Cline's scripts get Cline's names per file (write_to_file, replace_in_file)", async () => {
    const { seen, hooks: configured } = hooks([{ style: 'cline', script: () => exit(0, '', '{"cancel": false}') }]);
    const h = harness([patchTool()], { hooks: configured, approve: async () => ({ decision: 'allow' }) });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'apply_patch', arguments: { patch: PATCH } }]);
    const names = seen.map((s) => ((s.preToolUse ?? s.pretooluse) as Json | undefined)?.toolName);
    assert.deepEqual(names.slice(0, 3).sort(), ['replace_in_file', 'replace_in_file', 'write_to_file']);
  });

  test("a hook's changed input for one file of a patch is not applied (a patch changes as a whole) and the card says so", async () => {
    const tool = patchTool();
    const { hooks: configured } = hooks([{ matcher: 'Write', script: () => exit(0, '', JSON.stringify({ hookSpecificOutput: { updatedInput: { content: 'evil' } } })) }]);
    const h = harness([tool], { hooks: configured, approve: async () => ({ decision: 'allow' }) });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'apply_patch', arguments: { patch: PATCH } }]);
    assert.equal((tool.executions.at(-1)!.params as { patch: string }).patch, PATCH);
    assert.match(JSON.stringify(h.statuses.at(-1)!.hooks), /was not applied: a patch is changed as a whole/);
  });

  test("a file restriction reads a patch as the tool does: spaces around a header do not hide the file", () => {
    const spaced = PATCH.replace('*** Update File: src/generated/api.ts', '  *** Update File: src/generated/api.ts  ');
    assert.ok(writtenPaths({ patch: spaced }).includes('src/generated/api.ts'));
    assert.ok(writtenPaths({ patch: PATCH }).includes('src/new-name.ts'), 'the destination of a move');
  });
});
