// The window's parallel tasks on real folders: set up with RELAY_* and a port block each, a failed setup kept
// with its output, a folder without git running writing tasks one after the other, discard refusing unapplied
// work and stopping processes, an apply re-checking the other ready tasks, records surviving a restart.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TaskProcesses } from '../../../src/core/ports/processes';
import { ParallelTasks, UnappliedWorkError } from '../../../src/host/tasks/parallel-tasks';
import { isLoopbackPortFree } from '../../../src/host/tasks/port-probe';
import { createServer, type AddressInfo } from 'node:net';
import { WorktreeManager } from '../../../src/host/tasks/worktree-manager';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
const tick = () => new Promise((r) => setImmediate(r));

function fakeProcesses() {
  const stopped: (string | undefined)[] = [];
  const processes = { stopAll: async (taskId?: string) => void stopped.push(taskId) } as unknown as TaskProcesses;
  return { processes, stopped };
}

describe('parallel tasks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-parallel-'));
  const user = join(dir, 'user');
  const plain = join(dir, 'plain');
  const storage = join(dir, 'storage');
  const recordsFile = join(storage, 'parallel-tasks.json');
  let setupCommand: string | undefined;
  const { processes, stopped } = fakeProcesses();
  const tasks = new ParallelTasks({ manager: new WorktreeManager(join(storage, 'worktrees')), recordsFile, processes, setupCommand: () => setupCommand });

  before(() => {
    mkdirSync(user);
    mkdirSync(plain);
    git(user, 'init', '-q');
    writeFileSync(join(user, 'a.txt'), '1\n2\n3\n');
    writeFileSync(join(user, 'b.txt'), 'x\n');
    git(user, 'add', '.');
    git(user, 'commit', '-qm', 'base');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the setup command runs in the worktree with RELAY_WORKTREE, RELAY_REPO and RELAY_PORT; ports differ per task', async () => {
    setupCommand = 'printf "%s|%s|%s" "$RELAY_WORKTREE" "$RELAY_REPO" "$RELAY_PORT" > setup.out';
    const [one, two] = await Promise.all([tasks.start({ id: 't1', title: 'one', folder: user }), tasks.start({ id: 't2', title: 'two', folder: user })]);
    assert.equal(one.state, 'running');
    assert.equal(two.state, 'running');
    assert.notEqual(one.portBase, two.portBase);
    assert.equal(readFileSync(join(one.workRoot, 'setup.out'), 'utf8'), `${one.workRoot}|${user}|${one.portBase}`);
    assert.equal(one.branch, 'relay/one');
  });

  test('a port something listens on is seen as taken, and free again once it closes', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    assert.equal(await isLoopbackPortFree(port), false);
    await new Promise((r) => server.close(r));
    assert.equal(await isLoopbackPortFree(port), true);
  });

  test('a failing setup leaves the task in "setup failed" with its output', async () => {
    setupCommand = 'echo installing; echo broken >&2; exit 3';
    const failed = await tasks.start({ id: 't3', title: 'three', folder: user });
    assert.equal(failed.state, 'setup-failed');
    assert.match(failed.setupOutput ?? '', /installing[\s\S]*broken/);
    setupCommand = undefined;
  });

  test('discard refuses unapplied work unless forced, stops processes and leaves git worktree list clean', async () => {
    const t1 = tasks.get('t1')!;
    writeFileSync(join(t1.workRoot, 'a.txt'), '1\n2\n3\n4\n');
    await assert.rejects(tasks.discard('t1'), UnappliedWorkError);
    assert.equal((await tasks.refresh('t1'))!.changedFiles, 2, 'a.txt and the setup output');
    await tasks.discard('t1', { force: true });
    await tasks.discard('t3', { force: true });
    assert.deepEqual(stopped, ['t1', 't3']);
    assert.equal(tasks.get('t1')!.state, 'discarded');
    assert.equal(git(user, 'branch', '--list', 'relay/one').trim(), '');
    const listed = git(user, 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree '));
    assert.deepEqual(listed, [`worktree ${user}`, `worktree ${tasks.get('t2')!.workRoot}`]);
  });

  test('applying one ready task re-checks the others and records those that now conflict', async () => {
    const t4 = await tasks.start({ id: 't4', title: 'four', folder: user });
    const t2 = tasks.get('t2')!;
    writeFileSync(join(t2.workRoot, 'a.txt'), '1\nTWO\n3\n');
    writeFileSync(join(t4.workRoot, 'a.txt'), '1\nzwei\n3\n');
    tasks.report('t2', 'finished');
    tasks.report('t4', 'finished');
    const plan = await tasks.planApply('t2');
    for (const w of plan.writes) writeFileSync(join(user, w.path), w.content!);
    await tasks.markApplied('t2');
    assert.equal(tasks.get('t2')!.state, 'applied');
    assert.deepEqual(tasks.get('t4')!.conflicts, ['a.txt'], 'the other ready task now conflicts');
    const updated = await tasks.updateFromBase('t4');
    assert.deepEqual(updated.conflicts, ['a.txt']);
    await tasks.discard('t2');
    await tasks.discard('t4', { force: true });
  });

  test('a folder without git runs writing tasks one after the other, read-only ones beside them', async () => {
    const first = await tasks.start({ id: 'p1', title: 'p1', folder: plain });
    assert.equal(first.state, 'running');
    assert.equal(first.isolation, 'in-place');
    assert.equal(first.workRoot, plain);
    let secondDone = false;
    const second = tasks.start({ id: 'p2', title: 'p2', folder: plain }).then((r) => ((secondDone = true), r));
    const reader = await tasks.start({ id: 'p3', title: 'p3', folder: plain, writes: false });
    assert.equal(reader.state, 'running', 'a read-only task runs beside the writer');
    await tick();
    assert.equal(secondDone, false);
    assert.equal(tasks.get('p2')!.state, 'queued');
    tasks.report('p1', 'finished');
    assert.equal((await second).state, 'running', 'the second writer starts once the first is done');
    assert.throws(() => execFileSync('git', ['rev-parse', '--git-dir'], { cwd: plain, stdio: 'ignore' }), 'never git init in the folder');
  });

  test('records survive a restart; a task that was working is failed, its ports kept', async () => {
    await tasks.flush();
    const again = new ParallelTasks({ manager: new WorktreeManager(join(storage, 'worktrees')), recordsFile });
    await again.load();
    assert.equal(again.get('p2')!.state, 'failed', 'its session ended with the window');
    assert.equal(again.get('t2')!.state, 'discarded');
    assert.deepEqual(again.list().map((t) => t.id), tasks.list().map((t) => t.id));
  });
});
