// A parallel task's tools and permissions see its worktree as the workspace: the user's folder is outside it.
// Its approvals wait in the window's queue and name the task and its branch.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { ApprovalPrompt, ApprovalRequest, PromptAnswer } from '../../../src/core/ports/approval';
import { ApprovalQueue } from '../../../src/core/tasks/approval-queue';
import { taskEnvironment } from '../../../src/core/tasks/task-record';
import { servicesForTask } from '../../../src/host/session/session-scope';
import { factsForTask, namedPrompt, QueuedPrompter, type QueuedPromptRequest } from '../../../src/host/tasks/task-scope';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';
import { createInMemoryHost } from '../../support/in-memory-host';
import { testContext } from '../builtin-tools/harness';
import { nodeFileSystem } from '../permissions/fixtures';
import { harness, never } from '../permissions-host/fakes';

const write = (path: string): ApprovalRequest => ({ callId: 'w', toolName: 'write_file', kind: 'write', targets: { paths: [path] } });

describe('parallel task scope', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'relay-scope-')));
  const user = join(root, 'user');
  const worktree = join(root, 'storage', 'wt');
  mkdirSync(user);
  mkdirSync(worktree, { recursive: true });
  after(() => rmSync(root, { recursive: true, force: true }));

  test("the task's tools resolve against its worktree; the window's services are unchanged and getters still live", () => {
    let preview = true;
    const services = {
      workspaceRoots: () => [user],
      get options() {
        return { previewEdits: preview };
      },
    } as unknown as ToolServices;
    const scoped = servicesForTask(services, worktree);
    assert.deepEqual(scoped.workspaceRoots(), [worktree]);
    assert.deepEqual(services.workspaceRoots(), [user]);
    preview = false;
    assert.equal(scoped.options?.previewEdits, false, 'a setting changed later still applies to the task');
  });

  test("the task's commands see RELAY_PORT, RELAY_WORKTREE and RELAY_REPO, foreground, background and without a process manager", async () => {
    const env = taskEnvironment({ isolation: 'worktree', workRoot: worktree, repoRoot: user, portBase: 41_234 });
    assert.deepEqual(env, { RELAY_WORKTREE: worktree, RELAY_REPO: user, RELAY_PORT: '41234' });
    assert.deepEqual(taskEnvironment({ isolation: 'in-place', workRoot: user, repoRoot: user }), {}, 'a task in place has no port block');
    const echo = 'echo "port=$RELAY_PORT wt=$RELAY_WORKTREE repo=$RELAY_REPO pager=$PAGER"';
    const expected = `port=41234 wt=${worktree} repo=${user} pager=cat`;
    const run = async (services: ToolServices, params: Record<string, unknown>) => {
      const tool = createBuiltinToolFactories(servicesForTask(services, worktree, env)).find((t) => t.name === 'run_command')!.factory({ taskId: 'task-1', callId: 'c' });
      const context = testContext('c');
      const validated = await tool.validate(params);
      assert.ok(validated.ok);
      await tool.execute(validated.params, context.ctx, false);
      return String(context.results[0]?.content);
    };
    const host = createInMemoryHost({ root: worktree });
    assert.match(await run(host.services, { command: echo }), new RegExp(expected));
    const background = await run(host.services, { command: `${echo}; sleep 30`, background: true, ready_pattern: '^port=' });
    assert.match(background, new RegExp(expected));
    for (const p of host.processes!.list()) await host.processes!.stop(p.id);
    const plain = createInMemoryHost({ root: worktree, processes: false });
    assert.match(await run(plain.services, { command: echo }), new RegExp(expected));
    assert.equal(process.env.RELAY_PORT, undefined, "the window's own environment is not changed");
  });

  test("under auto-edit a write in the worktree is allowed; one in the user's folder asks", async () => {
    const facts = factsForTask(nodeFileSystem({ workspaceFolders: [user], homeDir: '/home/nobody', caseInsensitive: false }), worktree);
    const h = harness({ fileSystem: facts, answers: [{ type: 'deny' }] });
    h.settings.change({ mode: 'auto-edit' });
    assert.equal((await h.service.approve(write(join(worktree, 'src', 'a.ts')), never)).allowed, true);
    assert.equal(h.prompter.prompts.length, 0);
    assert.equal((await h.service.approve(write(join(user, 'src', 'a.ts')), never)).allowed, false);
    assert.equal(h.prompter.prompts.length, 1, "the user's folder is outside the task's workspace");
    assert.ok(facts.protectedFiles?.includes(join(worktree, '.vscode', 'settings.json')));
  });

  test('approvals go through the shared queue one at a time, naming the task and its branch', async () => {
    const shown: QueuedPromptRequest[] = [];
    let release: (a: PromptAnswer) => void = () => undefined;
    const queue = new ApprovalQueue<QueuedPromptRequest, PromptAnswer>(
      (item) =>
        new Promise((resolve) => {
          shown.push(item.request);
          release = resolve;
        }),
    );
    const waiting: boolean[] = [];
    const a = new QueuedPrompter(queue, { id: 'a', title: 'Fix login', branch: 'relay/fix-login' }, (w) => waiting.push(w));
    const b = new QueuedPrompter(queue, { id: 'b', title: 'Docs' });
    const prompt = { callId: 'c', toolName: 'run_command', kind: 'execute', message: 'Run npm test?', detail: '', offersDiff: false } as ApprovalPrompt;
    const first = a.ask(prompt);
    const second = b.ask(prompt);
    await new Promise((r) => setImmediate(r));
    assert.equal(shown.length, 1);
    assert.equal(shown[0]!.prompt.message, 'Parallel task "Fix login" on relay/fix-login: Run npm test?');
    release({ type: 'allow-once' });
    assert.deepEqual(await first, { type: 'allow-once' });
    await new Promise((r) => setImmediate(r));
    assert.equal(shown[1]!.prompt.message, 'Parallel task "Docs": Run npm test?');
    release({ type: 'deny' });
    assert.deepEqual(await second, { type: 'deny' });
    assert.deepEqual(waiting, [true, false]);
    assert.equal(namedPrompt(prompt, { title: 't' }).detail, prompt.detail);
    // One rule for every approval (dialogs/button-order.ts): a parallel task's call is the user's task, as the chat's is.
    assert.equal(shown[0]!.prompt.denyByDefault, prompt.denyByDefault, "a parallel task's call keeps the chat's default button");
  });
});
