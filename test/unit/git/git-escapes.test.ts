// Relay's own git runs never run repository code, on real git: each payload below is planted the way a command
// that could write the repository's files (or the task's worktree) would leave it, its only effect a marker file;
// then every git operation Relay performs on a parallel task runs in order (worktree creation with the user's
// uncommitted changes, checkpoint commits, restore, the review's diff, the apply's plan and merge, Merge Branch,
// Update From Base, the check for unapplied work, keeping an applied task's work, listing and removing
// worktrees) and no marker may appear after any of them. The operations must still do their work: the merges
// still merge, the checkpoints still hold the files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import type { GitRepository } from '../../../src/host/git/git-process';
import { keepAppliedWork } from '../../../src/host/tasks/applied-work';
import { commitTaskWork, mergeTaskBranch } from '../../../src/host/tasks/review/branch-actions';
import { readTaskFiles } from '../../../src/host/tasks/review/task-files';
import { planApply, snapshotOf, updateFromBase } from '../../../src/host/tasks/task-changes';
import { changesBetween, commitWorktree, resetFilesTo } from '../../../src/host/tasks/worktree-commits';
import { WorktreeManager, type RepositoryFacts } from '../../../src/host/tasks/worktree-manager';

/** The test's own git (set-up only, before any payload is planted). */
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', '-c', 'core.hooksPath=/dev/null', ...args], { cwd, encoding: 'utf8' });

const lines = (label: string) => Array.from({ length: 30 }, (_, i) => `${label} ${i + 1}`).join('\n') + '\n';
const change = (text: string, line: number, to: string) => text.replace(new RegExp(`^(\\w+) ${line}$`, 'm'), to);

interface Planting {
  user: RepositoryFacts;
  /** The worktree's folder and its repository (after creation). */
  worktree?: GitRepository;
  markers: string;
  dir: string;
}

interface Payload {
  name: string;
  /** Planted in the user's repository before the worktree is created. */
  user?(p: Planting): void;
  /** Planted after creation, as a command in the task would. */
  worktree?(p: Planting & { worktree: GitRepository }): void;
  /** Checks the work still came out right with the payload switched off. */
  after?(p: Planting & { worktree: GitRepository }): void;
}

/** A shell script that leaves `markers/<name>` (and, as a filter would, passes its input through). */
function script(p: Planting, name: string): string {
  const path = join(p.dir, `payload-${name}.sh`);
  writeFileSync(path, `#!/bin/sh\ntouch '${join(p.markers, name)}'\ncat 2>/dev/null\nexit 0\n`);
  chmodSync(path, 0o755);
  return path;
}

const config = (gitDir: string, key: string, value: string) => execFileSync('git', ['config', '--file', join(gitDir, 'config'), key, value]);

const HOOKS = ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'pre-merge-commit', 'post-merge', 'post-checkout', 'reference-transaction', 'post-rewrite', 'pre-auto-gc', 'post-index-change'];

function hooksIn(p: Planting, folder: string, tag: string): void {
  mkdirSync(folder, { recursive: true });
  for (const hook of HOOKS) {
    writeFileSync(join(folder, hook), `#!/bin/sh\ntouch '${join(p.markers, `${tag}-${hook}`)}'\n`);
    chmodSync(join(folder, hook), 0o755);
  }
}

/** A git directory elsewhere whose config and hooks would run, for pointers to be redirected to. */
function attackerGitDir(p: Planting, tag: string): string {
  const evil = join(p.dir, `evil-${tag}`);
  cpSync(p.user.commonDir, evil, { recursive: true });
  rmSync(join(evil, 'worktrees'), { recursive: true, force: true });
  config(evil, 'core.fsmonitor', script(p, `${tag}-fsmonitor`));
  config(evil, 'core.bare', 'false');
  hooksIn(p, join(evil, 'hooks'), tag);
  return evil;
}

const PAYLOADS: Payload[] = [
  { name: "hooks in the repository's hooks folder", user: (p) => hooksIn(p, join(p.user.commonDir, 'hooks'), 'hook') },
  {
    name: 'core.hooksPath to a hooks folder in the work tree (husky style), in the checkout and in the worktree',
    user: (p) => {
      hooksIn(p, join(p.user.root, '.husky'), 'husky-user');
      writeFileSync(join(p.user.commonDir, 'info', 'exclude'), '.husky/\n'); // installed, not part of the change
      config(p.user.commonDir, 'core.hooksPath', '.husky');
    },
    worktree: (p) => hooksIn(p, join(p.worktree.workTree, '.husky'), 'husky-task'),
  },
  { name: 'core.fsmonitor in the repository config', user: (p) => config(p.user.commonDir, 'core.fsmonitor', script(p, 'fsmonitor')) },
  {
    name: "core.fsmonitor and a filter in the worktree's own config.worktree",
    worktree: (p) => {
      config(p.user.commonDir, 'extensions.worktreeConfig', 'true');
      config(p.user.commonDir, 'core.repositoryformatversion', '1');
      execFileSync('git', ['config', '--file', join(p.worktree.gitDir, 'config.worktree'), 'core.fsmonitor', script(p, 'wt-fsmonitor')]);
      execFileSync('git', ['config', '--file', join(p.worktree.gitDir, 'config.worktree'), 'filter.evil.clean', script(p, 'wt-clean')]);
    },
  },
  { name: 'diff.external in the repository config', user: (p) => config(p.user.commonDir, 'diff.external', script(p, 'diff-external')) },
  {
    name: 'an inherited GIT_EXTERNAL_DIFF and GIT_CONFIG_PARAMETERS',
    user: (p) => {
      process.env.GIT_EXTERNAL_DIFF = script(p, 'env-external-diff');
      process.env.GIT_CONFIG_PARAMETERS = `'core.fsmonitor'='${script(p, 'env-fsmonitor')}' 'core.hookspath'='${join(p.dir, 'env-hooks')}'`;
      hooksIn(p, join(p.dir, 'env-hooks'), 'env');
    },
  },
  {
    name: 'a diff driver (textconv and command) the tree names',
    user: (p) => {
      config(p.user.commonDir, 'diff.evil.textconv', script(p, 'textconv'));
      config(p.user.commonDir, 'diff.evil.command', script(p, 'diff-command'));
    },
  },
  {
    name: 'a clean/smudge filter the tree names, required',
    user: (p) => {
      config(p.user.commonDir, 'filter.evil.clean', script(p, 'clean'));
      config(p.user.commonDir, 'filter.evil.smudge', script(p, 'smudge'));
      config(p.user.commonDir, 'filter.evil.required', 'true');
    },
  },
  { name: 'a long-running filter process the tree names', user: (p) => config(p.user.commonDir, 'filter.evil.process', script(p, 'process')) },
  {
    name: "a filter whose name holds '=' named by a .gitattributes the task writes",
    worktree: (p) => {
      writeFileSync(join(p.user.commonDir, 'config'), `${readFileSync(join(p.user.commonDir, 'config'), 'utf8')}[filter "a=b"]\n\tclean = ${script(p, 'eq-clean')}\n\tsmudge = ${script(p, 'eq-smudge')}\n`);
      writeFileSync(join(p.worktree.workTree, '.gitattributes'), '* filter=a=b\n');
    },
  },
  {
    name: 'a filter defined in a file of the worktree that the config includes',
    worktree: (p) => {
      const included = join(p.worktree.workTree, 'included.cfg');
      writeFileSync(included, `[filter "inc"]\n\tclean = ${script(p, 'include-clean')}\n[core]\n\tfsmonitor = ${script(p, 'include-fsmonitor')}\n`);
      config(p.user.commonDir, 'include.path', included);
      writeFileSync(join(p.worktree.workTree, '.gitattributes'), '* filter=inc\n');
    },
  },
  {
    name: 'a merge driver the tree names (the merges still merge, line by line)',
    user: (p) => config(p.user.commonDir, 'merge.evil.driver', `${script(p, 'merge-driver')} %O %A %B`),
    after: (p) => {
      const a = readFileSync(join(p.user.root, 'a.txt'), 'utf8');
      assert.match(a, /^user one$/m, 'Merge Branch kept the user line');
      assert.match(a, /^task thirty$/m, 'Merge Branch brought the task line');
      const c = readFileSync(join(p.worktree.workTree, 'c.txt'), 'utf8');
      assert.match(c, /^user c one$/m, "Update From Base brought the user's line");
      assert.match(c, /^task c thirty$/m, "Update From Base kept the task's line");
    },
  },
  {
    name: 'a nested repository in the worktree with its own fsmonitor, hooks and filter',
    worktree: (p) => {
      const nested = join(p.worktree.workTree, 'nested');
      mkdirSync(nested);
      git(nested, 'init', '-q');
      writeFileSync(join(nested, 'n.txt'), 'n\n');
      writeFileSync(join(nested, '.gitattributes'), '* filter=nest\n');
      git(nested, 'add', '.');
      git(nested, 'commit', '-qm', 'nested');
      writeFileSync(join(nested, 'n.txt'), 'n changed\n');
      config(join(nested, '.git'), 'core.fsmonitor', script(p, 'nested-fsmonitor'));
      config(join(nested, '.git'), 'filter.nest.clean', script(p, 'nested-clean'));
      hooksIn(p, join(nested, '.git', 'hooks'), 'nested');
    },
  },
  {
    name: "the worktree's .git file pointed at another git directory",
    worktree: (p) => writeFileSync(join(p.worktree.workTree, '.git'), `gitdir: ${attackerGitDir(p, 'dotgit')}\n`),
  },
  {
    name: "the worktree's commondir pointed at another git directory",
    worktree: (p) => writeFileSync(join(p.worktree.gitDir, 'commondir'), `${attackerGitDir(p, 'commondir')}\n`),
  },
];

describe("Relay's git runs never run repository code", () => {
  const root = mkdtempSync(join(tmpdir(), 'relay-git-escapes-'));
  const savedEnv = { ...process.env };
  after(() => rmSync(root, { recursive: true, force: true }));

  let n = 0;
  for (const payload of PAYLOADS) {
    test(payload.name, async () => {
      const dir = join(root, `case-${++n}`);
      const markers = join(dir, 'markers');
      mkdirSync(markers, { recursive: true });
      const userRoot = join(dir, 'user');
      mkdirSync(userRoot);
      git(userRoot, 'init', '-q', '-b', 'main');
      writeFileSync(join(userRoot, '.gitattributes'), '*.txt filter=evil diff=evil merge=evil\n');
      for (const f of ['a', 'b', 'c']) writeFileSync(join(userRoot, `${f}.txt`), lines(f));
      git(userRoot, 'add', '.');
      git(userRoot, 'commit', '-qm', 'base');
      const base = git(userRoot, 'rev-parse', 'HEAD').trim();
      writeFileSync(join(userRoot, 'a.txt'), change(lines('a'), 1, 'user one'));
      git(userRoot, 'commit', '-qam', 'user');
      const bOriginal = lines('b');
      writeFileSync(join(userRoot, 'b.txt'), change(bOriginal, 5, 'user b five (uncommitted)'));

      const manager = new WorktreeManager(join(dir, 'storage'));
      const user = (await manager.repository(userRoot))!;
      assert.ok(user);
      const planting: Planting = { user, markers, dir };
      const check = (op: string) => assert.deepEqual(readdirSync(markers), [], `${op} ran the payload`);
      try {
        payload.user?.(planting);
        // The task starts from the base commit, so its work and the user's diverge.
        const created = await manager.create({ ...user, head: base }, { title: 'escape', copyUncommitted: true });
        check('creating the worktree (with the uncommitted changes)');
        assert.equal(created.hookWarning, undefined);
        const worktree = await manager.worktree(user, created.path);
        const planted = { ...planting, worktree };
        payload.worktree?.(planted);
        const wt = (rel: string) => join(created.path, rel);
        const record = { id: 'escape', title: 'escape', repoRoot: user.root, workRoot: created.path, branch: created.branch, baseCommit: base, isolation: 'worktree', state: 'running' } as ParallelTaskRecord;

        writeFileSync(wt('a.txt'), change(lines('a'), 30, 'task thirty'));
        writeFileSync(wt('new.txt'), 'new\n');
        const first = await commitWorktree(worktree, 'Relay checkpoint: before step 1');
        check('the checkpoint commit');
        writeFileSync(wt('new.txt'), 'newer\n');
        const second = await commitWorktree(worktree, 'Relay checkpoint: before step 2');
        assert.notEqual(first, second);
        assert.deepEqual((await changesBetween(worktree, second, first)).map((c) => c.path), ['new.txt']);
        await resetFilesTo(worktree, first);
        check('the restore');
        assert.equal(readFileSync(wt('new.txt'), 'utf8'), 'new\n', 'the restore put the file back');

        const review = await readTaskFiles(worktree, record);
        check("the review's diff");
        assert.ok(review.files.some((f) => f.path === 'a.txt'));
        const plan = await planApply(worktree, base, user.root);
        check("the apply's plan (merging with the user's files)");
        // A nested repository is never applied as a file: the apply names it instead.
        assert.deepEqual(plan.conflicts, existsSync(wt('nested')) ? [{ path: 'nested', reason: 'binary' }] : []);
        assert.ok(await manager.hasUnappliedWork(worktree, base));
        check('the check for unapplied work');

        writeFileSync(join(userRoot, 'b.txt'), bOriginal); // the task carries this change; the merge brings it back
        await commitTaskWork(manager, record, 'Relay: escape');
        check('committing the task on its branch');
        assert.deepEqual(await mergeTaskBranch(manager, record, 'Merge escape'), { merged: true });
        check('Merge Branch into the user checkout');

        writeFileSync(wt('c.txt'), change(lines('c'), 30, 'task c thirty'));
        writeFileSync(join(userRoot, 'c.txt'), change(lines('c'), 1, 'user c one'));
        await snapshotOf(user);
        check("the snapshot of the user's working tree");
        const updated = await updateFromBase(worktree, user, 'Relay: escape');
        check('Update Task From Base');
        assert.deepEqual(updated.conflicts, []);

        payload.after?.(planted);
        await keepAppliedWork(manager, user, record);
        check("keeping an applied task's work");
        await manager.list(user);
        await manager.orphans(user, []);
        check('listing worktrees (orphan cleanup)');
        writeFileSync(wt('dirty.txt'), 'x\n');
        await assert.rejects(manager.remove(user, created.path, created.branch), /modified or untracked/);
        await manager.remove(user, created.path, created.branch, { force: true, deleteBranch: true });
        check('removing the worktree');
        assert.ok(!existsSync(created.path));
      } finally {
        for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
        Object.assign(process.env, savedEnv);
      }
    });
  }
});
