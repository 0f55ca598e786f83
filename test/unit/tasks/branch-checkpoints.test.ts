// A parallel task's checkpoints on a real repository: each is a commit on the task's branch naming the task and
// the step, untracked files included, ignored files and the linked node_modules never, no empty commit when
// nothing changed, the user's git identity not needed; a restore puts the worktree's files back to a checkpoint
// (files added since removed, ignored ones kept) and commits the state before so it can be undone; the task's
// apply still carries its whole change set against the recorded base.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BranchCheckpoints } from '../../../src/host/tasks/branch-checkpoints';
import { ParallelTasks } from '../../../src/host/tasks/parallel-tasks';
import { WorktreeManager } from '../../../src/host/tasks/worktree-manager';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
// Git run as Relay runs it, with no identity anywhere in its config: a commit that needs the user's would fail.
const noIdentity: Record<string, string | undefined> = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: undefined, GIT_AUTHOR_EMAIL: undefined, GIT_COMMITTER_NAME: undefined, GIT_COMMITTER_EMAIL: undefined, EMAIL: undefined };

describe('branch checkpoints of a parallel task', () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-branch-ckpt-'));
  const user = join(dir, 'user');
  const manager = new WorktreeManager(join(dir, 'storage', 'worktrees'));
  const tasks = new ParallelTasks({ manager, recordsFile: join(dir, 'storage', 'records.json'), isPortFree: async () => true });
  const warnings: unknown[] = [];
  const checkpoints = new BranchCheckpoints({ manager, task: () => tasks.get('t'), log: { warn: (m, e) => warnings.push([m, e]) } });
  const saved: Record<string, string | undefined> = {};
  let work = '';

  before(async () => {
    for (const [k, v] of Object.entries(noIdentity)) {
      saved[k] = process.env[k];
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    mkdirSync(user);
    git(user, 'init', '-q', '-b', 'main');
    writeFileSync(join(user, '.gitignore'), 'node_modules/\n.env\n*.log\n');
    writeFileSync(join(user, 'a.txt'), 'one\n');
    writeFileSync(join(user, 'package-lock.json'), '{}\n');
    git(user, 'add', '.');
    git(user, 'commit', '-qm', 'base');
    mkdirSync(join(user, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(user, 'node_modules', 'dep', 'index.js'), 'x\n');
    writeFileSync(join(user, '.env'), 'SECRET=1\n');
    const task = await tasks.start({ id: 't', title: 'Fix the parser', folder: user });
    assert.equal(task.state, 'running', task.setupOutput);
    assert.deepEqual(task.links, ['node_modules']);
    work = task.workRoot;
  });
  after(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  test('a checkpoint commits the worktree on relay/<name> with untracked files, never ignored ones or the link; none when nothing changed', async () => {
    const base = git(user, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(work, 'a.txt'), 'two\n');
    writeFileSync(join(work, 'new.txt'), 'new\n');
    writeFileSync(join(work, 'debug.log'), 'ignored\n');
    const first = await checkpoints.beforeStep({ taskId: 't', itemId: 'c1', label: 'Run npm test' });
    assert.ok(first, `a checkpoint was taken (${JSON.stringify(warnings)})`);
    assert.equal(git(user, 'rev-parse', 'relay/fix-the-parser').trim(), first, 'the commit is the tip of the task branch');
    assert.equal(git(user, 'rev-parse', 'HEAD').trim(), base, "the user's checkout did not move");
    assert.deepEqual(git(user, 'ls-tree', '-r', '--name-only', first).split('\n').filter(Boolean).sort(), ['.gitignore', 'a.txt', 'new.txt', 'package-lock.json']);
    const log = git(user, 'log', '-1', '--format=%an <%ae>%n%s%n%b', first);
    assert.match(log, /^Relay <relay@localhost>\nRelay checkpoint: before Run npm test\nTask: Fix the parser\n/);
    const again = await checkpoints.beforeStep({ taskId: 't', itemId: 'c2', label: 'Edit a.txt' });
    assert.equal(again, first, 'nothing changed: the tip is the checkpoint, no empty commit');
  });

  test('a restore puts the files back to the checkpoint, keeps the ignored ones and the link, and can be undone', async () => {
    const checkpoint = git(user, 'rev-parse', 'relay/fix-the-parser').trim();
    writeFileSync(join(work, 'a.txt'), 'three\n');
    writeFileSync(join(work, 'later.txt'), 'later\n');
    rmSync(join(work, 'new.txt'));
    const now = await checkpoints.commit('before restoring files');
    assert.deepEqual(
      (await checkpoints.changes(now, checkpoint)).sort((x, y) => x.path.localeCompare(y.path)),
      [
        { path: 'a.txt', kind: 'restore' },
        { path: 'later.txt', kind: 'delete' },
        { path: 'new.txt', kind: 'recreate' },
      ],
    );
    const undo = await checkpoints.restore(checkpoint, 'before restoring files');
    assert.equal(undo, now, 'the state before was already committed');
    assert.equal(readFileSync(join(work, 'a.txt'), 'utf8'), 'two\n');
    assert.equal(readFileSync(join(work, 'new.txt'), 'utf8'), 'new\n');
    assert.equal(existsSync(join(work, 'later.txt')), false);
    assert.equal(readFileSync(join(work, 'debug.log'), 'utf8'), 'ignored\n');
    assert.equal(readFileSync(join(work, '.env'), 'utf8'), 'SECRET=1\n');
    assert.ok(lstatSync(join(work, 'node_modules')).isSymbolicLink());
    assert.equal(readFileSync(join(user, 'node_modules', 'dep', 'index.js'), 'utf8'), 'x\n', 'nothing deleted through the link');
    assert.equal(git(user, 'rev-parse', 'relay/fix-the-parser').trim(), now, 'the branch keeps the later checkpoints');

    await checkpoints.restore(undo, 'before restoring files');
    assert.equal(readFileSync(join(work, 'a.txt'), 'utf8'), 'three\n');
    assert.equal(readFileSync(join(work, 'later.txt'), 'utf8'), 'later\n');
    assert.equal(existsSync(join(work, 'new.txt')), false);
  });

  test("the apply still carries the task's whole change set against the recorded base", async () => {
    const plan = await tasks.planApply('t');
    assert.deepEqual(plan.conflicts, []);
    assert.deepEqual(
      plan.writes.map((w) => [w.path, w.content === null ? null : Buffer.from(w.content).toString('utf8')]).sort(),
      [
        ['a.txt', 'three\n'],
        ['later.txt', 'later\n'],
      ],
    );
    assert.equal((await tasks.refresh('t'))!.changedFiles, 2);
  });
});
