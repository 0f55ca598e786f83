// Leftover worktrees at activation: a worktree in Relay's storage that no record names is offered with its size;
// removing it unlinks its linked folder (the target keeps its files) and keeps its branch; the user's own
// worktrees are never offered; a record whose worktree is gone is closed; saying no removes nothing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cleanUpOrphans, type OrphanCleanupDeps } from '../../../src/host/tasks/orphan-cleanup';
import { ParallelTasks } from '../../../src/host/tasks/parallel-tasks';
import { WorktreeManager } from '../../../src/host/tasks/worktree-manager';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });

describe('leftover worktrees', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'relay-orphans-')));
  const user = join(dir, 'user');
  const shared = join(dir, 'shared-modules');
  const storage = join(dir, 'storage');
  const manager = new WorktreeManager(join(storage, 'worktrees'));
  const tasks = new ParallelTasks({ manager, recordsFile: join(storage, 'parallel-tasks.json') });
  const asked: { message: string; detail: string }[] = [];
  let answer = false;
  const deps: OrphanCleanupDeps = {
    tasks,
    manager,
    folders: () => [user],
    confirm: async (message, detail) => (asked.push({ message, detail }), answer),
    notify: () => undefined,
    log: { warn: () => undefined },
  };

  before(() => {
    mkdirSync(user);
    mkdirSync(join(shared, 'pkg'), { recursive: true });
    writeFileSync(join(shared, 'pkg', 'index.js'), 'module.exports = 1;\n');
    git(user, 'init', '-q');
    writeFileSync(join(user, 'a.txt'), 'a\n');
    git(user, 'add', '.');
    git(user, 'commit', '-qm', 'base');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("an unrecorded worktree in Relay's storage is offered with its size; yes unlinks its link, removes it and keeps its branch", async () => {
    const repo = (await manager.repository(user))!;
    const orphan = await manager.create(repo, { title: 'left behind' });
    writeFileSync(join(orphan.path, 'work.txt'), 'x'.repeat(10_000));
    symlinkSync(shared, join(orphan.path, 'node_modules'));
    git(user, 'worktree', 'add', '-q', join(dir, 'users-own'), '-b', 'mine');

    answer = false;
    assert.equal(await cleanUpOrphans(deps, true), 0);
    assert.equal(asked.length, 1);
    assert.match(asked[0]!.message, /^Relay found 1 worktree of a parallel task that no task knows \(\d+\.\d KB\)/);
    assert.ok(asked[0]!.detail.includes(orphan.path) && asked[0]!.detail.includes('relay/left-behind'), asked[0]!.detail);
    assert.ok(!asked[0]!.detail.includes('users-own'), "the user's own worktree is never offered");
    assert.ok(existsSync(orphan.path), 'no: nothing removed');

    answer = true;
    assert.equal(await cleanUpOrphans(deps, true), 1);
    assert.ok(!existsSync(orphan.path));
    assert.ok(existsSync(join(shared, 'pkg', 'index.js')), 'the linked folder is unlinked, never deleted through');
    assert.ok(existsSync(join(dir, 'users-own', 'a.txt')));
    assert.match(git(user, 'branch', '--list', 'relay/*'), /relay\/left-behind/, 'its branch is kept');
    assert.doesNotMatch(git(user, 'worktree', 'list'), /left-behind/);
  });

  test('a record whose worktree is gone is closed; with nothing left over nothing is asked', async () => {
    const record = await tasks.start({ id: 'gone', title: 'gone', folder: user });
    tasks.report('gone', 'finished');
    rmSync(record.workRoot, { recursive: true, force: true });
    git(user, 'worktree', 'prune');
    asked.length = 0;
    assert.equal(await cleanUpOrphans(deps, true), 0);
    assert.equal(asked.length, 0);
    assert.equal(tasks.get('gone')?.state, 'discarded');
    assert.match(git(user, 'branch', '--list', 'relay/gone'), /relay\/gone/, 'its branch is kept');
  });
});
