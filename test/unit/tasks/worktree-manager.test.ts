// Parallel tasks on a real temporary repository, through the git CLI: worktrees outside the workspace on their
// own branches at the recorded commit, .env copied and node_modules linked, the user's tree and index untouched
// until an apply, two tasks applied cleanly, a third conflicting until Update Task From Base, removal clean.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { WorktreeManager, diskUsage, type CreatedWorktree, type RepositoryFacts } from '../../../src/host/tasks/worktree-manager';
import { planApply, readTaskDiff, updateFromBase } from '../../../src/host/tasks/task-changes';
import { copyIncludedFiles } from '../../../src/host/tasks/worktree-setup';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });

/** Writes each planned change into the user's folder (what the review's one edit does in VS Code). */
function write(root: string, writes: { path: string; content: Uint8Array | null }[]): void {
  for (const w of writes) {
    if (w.content === null) unlinkSync(join(root, w.path));
    else writeFileSync(join(root, w.path), w.content);
  }
}

describe('worktree manager on a real repository', () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-worktrees-'));
  const user = join(dir, 'user');
  const storage = join(dir, 'storage');
  const manager = new WorktreeManager(storage);
  let repo: RepositoryFacts;
  const lines = (n: number, label: string) => Array.from({ length: n }, (_, i) => `${label} ${i + 1}`).join('\n') + '\n';

  before(() => {
    mkdirSync(user);
    git(user, 'init', '-q');
    writeFileSync(join(user, '.gitignore'), '.env\nnode_modules/\ndist/\n');
    writeFileSync(join(user, 'a.ts'), lines(10, 'a'));
    writeFileSync(join(user, 'b.ts'), lines(10, 'b'));
    writeFileSync(join(user, 'c.ts'), lines(10, 'c'));
    writeFileSync(join(user, 'common.ts'), lines(30, 'common'));
    writeFileSync(join(user, 'package-lock.json'), '{"lockfileVersion":3}\n');
    git(user, 'add', '.');
    git(user, 'commit', '-qm', 'base');
    writeFileSync(join(user, '.env'), 'SECRET=1\n');
    mkdirSync(join(user, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(user, 'node_modules', 'pkg', 'index.js'), 'module.exports = 1;\n');
    mkdirSync(join(user, 'dist'));
    writeFileSync(join(user, 'dist', 'out.js'), 'built\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('three tasks, separate files and one in common, apply two cleanly and the third after an update', async () => {
    repo = (await manager.repository(join(user)))!;
    assert.ok(repo, 'the folder is a git repository');
    const status = () => git(user, 'status', '--porcelain=v2', '--untracked-files=all');
    const indexBefore = git(user, 'ls-files', '-s');
    const statusBefore = status();

    const tasks = await Promise.all(['Edit A', 'Edit B', 'Edit C'].map((title) => manager.create(repo, { title })));
    assert.deepEqual(tasks.map((t) => t.branch).sort(), ['relay/edit-a', 'relay/edit-b', 'relay/edit-c'], 'created at once: git writes serialised');
    for (const t of tasks) {
      assert.ok(t.path.startsWith(storage), 'outside the workspace');
      assert.equal(git(t.path, 'rev-parse', 'HEAD').trim(), repo.head, 'at the recorded commit');
      assert.equal(readFileSync(join(t.path, '.env'), 'utf8'), 'SECRET=1\n', '.env copied');
      assert.ok(lstatSync(join(t.path, 'node_modules')).isSymbolicLink(), 'node_modules linked: same lockfile');
      assert.equal(readlinkSync(join(t.path, 'node_modules')), join(user, 'node_modules'));
      assert.ok(!existsSync(join(t.path, 'dist')), 'other ignored folders are not copied by default');
      assert.deepEqual(t.setup.linked, ['node_modules']);
    }
    const [ta, tb, tc] = tasks as [CreatedWorktree, CreatedWorktree, CreatedWorktree];
    const edit = (t: CreatedWorktree, file: string, from: string, to: string) =>
      writeFileSync(join(t.path, file), readFileSync(join(t.path, file), 'utf8').replace(from, to));
    edit(ta, 'a.ts', 'a 3\n', 'A three\n');
    edit(ta, 'common.ts', 'common 2\n', 'common two (task a)\n');
    edit(tb, 'b.ts', 'b 5\n', 'B five\n');
    edit(tb, 'common.ts', 'common 28\n', 'common twenty-eight (task b)\n');
    edit(tc, 'c.ts', 'c 1\n', 'C one\n');
    edit(tc, 'common.ts', 'common 2\n', 'common two (task c)\n');
    writeFileSync(join(tc.path, 'new.ts'), 'export const n = 1;\n');

    assert.equal(git(user, 'ls-files', '-s'), indexBefore, "the user's index is unchanged");
    assert.equal(status(), statusBefore, "the user's working tree is unchanged");
    assert.deepEqual((await readTaskDiff(await manager.worktree(repo, tc.path), tc.baseCommit, tc.setup.linked)).map((f) => f.newPath).sort(), ['c.ts', 'common.ts', 'new.ts']);

    const planA = await planApply(await manager.worktree(repo, ta.path), ta.baseCommit, user, { links: ta.setup.linked });
    assert.deepEqual(planA.conflicts, []);
    write(user, planA.writes);
    const planB = await planApply(await manager.worktree(repo, tb.path), tb.baseCommit, user, { links: tb.setup.linked });
    assert.deepEqual(planB.conflicts, [], 'task b merges with task a on common.ts (far apart lines)');
    write(user, planB.writes);
    const common = readFileSync(join(user, 'common.ts'), 'utf8');
    assert.match(common, /common two \(task a\)/);
    assert.match(common, /common twenty-eight \(task b\)/);
    assert.equal(git(user, 'ls-files', '-s'), indexBefore, 'applied as unstaged changes: the index is unchanged');

    const planC = await planApply(await manager.worktree(repo, tc.path), tc.baseCommit, user, { links: tc.setup.linked });
    assert.deepEqual(planC.conflicts, [{ path: 'common.ts', reason: 'overlap' }]);
    assert.deepEqual(planC.writes, [], 'nothing is written while a file conflicts');
    assert.doesNotMatch(readFileSync(join(user, 'c.ts'), 'utf8'), /C one/);

    const updated = await updateFromBase(await manager.worktree(repo, tc.path), repo, 'Relay task: work so far', tc.setup.linked);
    assert.deepEqual(updated.conflicts, ['common.ts']);
    // The task (or the person) resolves the conflict in the worktree, keeping both lines.
    writeFileSync(join(tc.path, 'common.ts'), common.replace('common two (task a)\n', 'common two (task a, then c)\n'));
    git(tc.path, 'add', 'common.ts');
    git(tc.path, 'commit', '-qm', 'resolve');
    assert.ok(!git(tc.path, 'ls-tree', '-r', '--name-only', 'HEAD').includes('node_modules'), 'the link is never committed');
    const planC2 = await planApply(await manager.worktree(repo, tc.path), updated.baseCommit, user, { links: tc.setup.linked });
    assert.deepEqual(planC2.conflicts, []);
    write(user, planC2.writes);
    assert.match(readFileSync(join(user, 'common.ts'), 'utf8'), /common two \(task a, then c\)/);
    assert.equal(readFileSync(join(user, 'new.ts'), 'utf8'), 'export const n = 1;\n');
    assert.match(readFileSync(join(user, 'a.ts'), 'utf8'), /A three/);
    assert.match(readFileSync(join(user, 'c.ts'), 'utf8'), /C one/);

    for (const t of tasks) await manager.remove(repo, t.path, t.branch, { links: t.setup.linked, force: true, deleteBranch: true });
    const listed = await manager.list(repo);
    assert.deepEqual(listed.map((e) => e.path), [user], 'git worktree list is clean after discarding');
    assert.ok(existsSync(join(user, 'node_modules', 'pkg', 'index.js')), 'the linked folder was unlinked, not deleted through');
    assert.equal(git(user, 'branch', '--list', 'relay/*').trim(), '');
  });

  test('a changed lockfile copies node_modules instead of linking it; uncommitted changes are carried over when asked', async () => {
    repo = (await manager.repository(user))!;
    writeFileSync(join(user, 'package-lock.json'), '{"lockfileVersion":3,"changed":true}\n');
    const copied = await manager.create(repo, { title: 'lock' });
    assert.ok(!copied.setup.uncommitted);
    assert.ok(lstatSync(join(copied.path, 'node_modules')).isDirectory() && !lstatSync(join(copied.path, 'node_modules')).isSymbolicLink(), 'copied: the lockfile differs');
    assert.deepEqual(copied.setup.copiedFolders, ['node_modules']);
    assert.ok((await diskUsage(copied.path, new Set(['.git']))) > 0);
    await manager.remove(repo, copied.path, copied.branch, { force: true, deleteBranch: true });
    // Carrying the uncommitted lockfile over makes the lockfiles the same again: linked.
    const carried = await manager.create(repo, { title: 'lock', copyUncommitted: true });
    assert.ok(carried.setup.uncommitted);
    assert.equal(readFileSync(join(carried.path, 'package-lock.json'), 'utf8'), '{"lockfileVersion":3,"changed":true}\n', 'uncommitted change carried over');
    assert.deepEqual(carried.setup.linked, ['node_modules']);
    await manager.remove(repo, carried.path, carried.branch, { links: carried.setup.linked, force: true, deleteBranch: true });
    git(user, 'checkout', '--', 'package-lock.json');
  });

  test('include files never overwrite what the worktree has; .worktreeinclude names other ignored files', async () => {
    repo = (await manager.repository(user))!;
    const t = await manager.create(repo, { title: 'include' });
    writeFileSync(join(t.path, '.env'), 'TASK=own\n');
    writeFileSync(join(user, '.worktreeinclude'), '.env\ndist/\n');
    try {
      assert.deepEqual(await copyIncludedFiles(repo, t.path), ['dist'], '.env exists in the worktree: kept; dist/ copied');
      assert.equal(readFileSync(join(t.path, '.env'), 'utf8'), 'TASK=own\n');
      assert.equal(readFileSync(join(t.path, 'dist', 'out.js'), 'utf8'), 'built\n');
    } finally {
      unlinkSync(join(user, '.worktreeinclude'));
      await manager.remove(repo, t.path, t.branch, { links: t.setup.linked, force: true, deleteBranch: true });
    }
  });

  test('orphans: a worktree in storage no record names, and records whose worktree is gone', async () => {
    repo = (await manager.repository(user))!;
    const t = await manager.create(repo, { title: 'orphan' });
    const report = await manager.orphans(repo, [{ id: 'lost', workRoot: join(storage, 'nowhere') }]);
    assert.deepEqual(report.orphanWorktrees.map((e) => e.path), [t.path]);
    assert.deepEqual(report.missingWorktrees, ['lost']);
    await manager.remove(repo, t.path, t.branch, { links: t.setup.linked, force: true, deleteBranch: true });
  });

  test("the repository's post-checkout hook does not run when Relay creates a worktree", async () => {
    repo = (await manager.repository(user))!;
    const marker = join(dir, 'post-checkout-ran');
    writeFileSync(join(user, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch '${marker}'\necho hook broke >&2\nexit 1\n`, { mode: 0o755 });
    try {
      const t = await manager.create(repo, { title: 'hook' });
      assert.equal(t.hookWarning, undefined);
      assert.ok(!existsSync(marker), 'the hook never ran');
      assert.ok(existsSync(join(t.path, 'a.ts')));
      await manager.remove(repo, t.path, t.branch, { links: t.setup.linked, force: true, deleteBranch: true });
    } finally {
      unlinkSync(join(user, '.git', 'hooks', 'post-checkout'));
    }
  });
});
