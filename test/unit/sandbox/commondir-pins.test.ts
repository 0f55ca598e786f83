// The `commondir` pins (src/host/sandbox/commondir-pins.ts): a git directory without a commondir holds one of
// Relay's that names the directory itself while the sandbox lives, so no sandboxed command can point git elsewhere;
// real git reads the repository through it as before.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CommondirPins, isCommondirPin, PIN_TEXT } from '../../../src/host/sandbox/commondir-pins';

const base = mkdtempSync(join(tmpdir(), 'relay-commondir-pins-'));
after(() => rmSync(base, { recursive: true, force: true }));

const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: base, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function repository(name: string): string {
  const dir = join(base, name);
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env });
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  git(dir, 'add', 'a.txt');
  git(dir, 'commit', '-q', '-m', 'one');
  return dir;
}

describe('commondir pins', () => {
  test('a git directory without a commondir gets one naming itself, read-only; git works through it; dispose removes it', () => {
    const repo = repository('plain');
    const pins = new CommondirPins();
    const gitDir = join(repo, '.git');
    assert.deepEqual(pins.acquire([gitDir]), [join(gitDir, 'commondir')]);
    assert.equal(readFileSync(join(gitDir, 'commondir'), 'utf8'), PIN_TEXT);
    assert.equal(statSync(join(gitDir, 'commondir')).mode & 0o222, 0);
    // Git outside reads the same repository: its common directory is the git directory itself.
    assert.equal(realpathSync(git(repo, 'rev-parse', '--path-format=absolute', '--git-common-dir')), realpathSync(gitDir));
    writeFileSync(join(repo, 'a.txt'), 'b\n');
    assert.equal(git(repo, 'status', '--porcelain'), 'M a.txt');
    git(repo, 'commit', '-q', '-am', 'two');
    assert.equal(git(repo, 'log', '--format=%s'), 'two\none');
    // A second command (or a second wrap) keeps the same pin: the same file, not a new one.
    const inode = statSync(join(gitDir, 'commondir')).ino;
    assert.deepEqual(pins.acquire([gitDir]), [join(gitDir, 'commondir')]);
    assert.equal(statSync(join(gitDir, 'commondir')).ino, inode);
    pins.dispose();
    assert.ok(!existsSync(join(gitDir, 'commondir')));
  });

  test('a commondir of the repository\'s own (a linked worktree\'s) is neither pinned nor touched', () => {
    const repo = repository('with-worktree');
    git(repo, 'worktree', 'add', '-q', join(base, 'with-worktree-wt'));
    const worktreeGitDir = join(repo, '.git', 'worktrees', 'with-worktree-wt');
    const own = readFileSync(join(worktreeGitDir, 'commondir'), 'utf8');
    const pins = new CommondirPins();
    assert.deepEqual(pins.acquire([worktreeGitDir]), []);
    pins.dispose();
    assert.equal(readFileSync(join(worktreeGitDir, 'commondir'), 'utf8'), own);
  });

  test('a pin a crash left is taken over and removed; a file that only looks close is not Relay\'s', () => {
    const repo = repository('leftover');
    const gitDir = join(repo, '.git');
    writeFileSync(join(gitDir, 'commondir'), PIN_TEXT, { mode: 0o444 });
    chmodSync(join(gitDir, 'commondir'), 0o444);
    assert.ok(isCommondirPin(join(gitDir, 'commondir')));
    const pins = new CommondirPins();
    assert.deepEqual(pins.acquire([gitDir]), [join(gitDir, 'commondir')]);
    pins.dispose();
    assert.ok(!existsSync(join(gitDir, 'commondir')));

    // Writable, or naming somewhere else: somebody's file, never taken over or removed.
    for (const [text, mode] of [[PIN_TEXT, 0o644], ['../elsewhere\n', 0o444]] as const) {
      writeFileSync(join(gitDir, 'commondir'), text);
      chmodSync(join(gitDir, 'commondir'), mode);
      assert.ok(!isCommondirPin(join(gitDir, 'commondir')));
      const other = new CommondirPins();
      assert.deepEqual(other.acquire([gitDir]), []);
      other.dispose();
      assert.equal(readFileSync(join(gitDir, 'commondir'), 'utf8'), text);
      rmSync(join(gitDir, 'commondir'));
    }
  });

  test('a pin changed since it was made is not removed (it is no longer Relay\'s to remove)', () => {
    const repo = repository('changed');
    const gitDir = join(repo, '.git');
    const pins = new CommondirPins();
    pins.acquire([gitDir]);
    chmodSync(join(gitDir, 'commondir'), 0o644);
    writeFileSync(join(gitDir, 'commondir'), '../x\n');
    pins.dispose();
    assert.equal(readFileSync(join(gitDir, 'commondir'), 'utf8'), '../x\n');
  });
});
