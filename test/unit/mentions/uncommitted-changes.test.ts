// @-mentioning the uncommitted changes runs git on the user's repository: through Relay's hardened runner, so a
// repository with an fsmonitor, an external diff, a textconv driver, clean and smudge filters and hooks runs none of
// them (VS Code's git extension, which this mention used before, ran the fsmonitor and the clean filter), and the
// mention still shows the staged and unstaged diffs and the untracked files, also of a repository one level below
// a folder that is in none.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { uncommittedChangesIn } from '../../../src/host/mentions/uncommitted-changes';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'relay-uncommitted-')));
after(() => rmSync(base, { recursive: true, force: true }));
const markers = join(base, 'markers');
mkdirSync(markers);

/** The test's own git, before any payload is planted. */
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', '-c', 'core.hooksPath=/dev/null', ...args], { cwd, encoding: 'utf8' });

/** A program that leaves `markers/<name>`; a filter's passes its input through (a program that read none would hang git). */
function payload(name: string, filter = false): string {
  const path = join(base, `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\ntouch '${join(markers, name)}'\n${filter ? 'cat\n' : ''}exit 0\n`);
  chmodSync(path, 0o755);
  return path;
}

function plantedRepository(dir: string): void {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitattributes'), '*.txt filter=evil diff=evil\n');
  writeFileSync(join(dir, 'a.txt'), 'one\n');
  writeFileSync(join(dir, 'b.txt'), 'two\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'base');
  // Staged work, before any payload is planted.
  writeFileSync(join(dir, 'a.txt'), 'one staged\n');
  git(dir, 'add', 'a.txt');
  const set = (key: string, value: string) => execFileSync('git', ['config', '--file', join(dir, '.git', 'config'), key, value]);
  set('core.fsmonitor', payload('fsmonitor'));
  set('diff.external', payload('diff-external'));
  set('diff.evil.textconv', payload('textconv'));
  set('diff.evil.command', payload('diff-command'));
  set('filter.evil.clean', payload('clean', true));
  set('filter.evil.smudge', payload('smudge', true));
  set('filter.evil.process', payload('process'));
  set('filter.evil.required', 'true');
  for (const hook of ['post-index-change', 'reference-transaction', 'post-checkout']) {
    writeFileSync(join(dir, '.git', 'hooks', hook), `#!/bin/sh\ntouch '${join(markers, hook)}'\n`);
    chmodSync(join(dir, '.git', 'hooks', hook), 0o755);
  }
  // Unstaged work (after the payloads: the index no longer matches it, so git would refresh it through the filter).
  writeFileSync(join(dir, 'b.txt'), 'two unstaged\n');
  writeFileSync(join(dir, 'new.txt'), 'untracked\n');
  mkdirSync(join(dir, 'newdir'));
  writeFileSync(join(dir, 'newdir', 'x.txt'), 'x\n');
}

describe('@-mention of the uncommitted changes', () => {
  test("the workspace folder's repository: its diffs and untracked files, and none of its programs run", async () => {
    const repo = join(base, 'ws');
    plantedRepository(repo);
    const shown = (p: string) => relative(repo, p);
    const text = await uncommittedChangesIn([repo], shown);
    assert.deepEqual(readdirSync(markers), [], 'no payload ran');
    assert.ok(text);
    assert.match(text, /# Staged\n[\s\S]*\+one staged/);
    assert.match(text, /# Not staged\n[\s\S]*\+two unstaged/);
    assert.match(text, /# Untracked files\nnew\.txt\nnewdir\/$/m);
    assert.doesNotMatch(text, /x\.txt/, 'an untracked folder is named once');
  });

  test('a folder in no repository: the repositories directly inside it; none: undefined', async () => {
    const folder = join(base, 'multi');
    plantedRepository(join(folder, 'app'));
    mkdirSync(join(folder, 'plain'));
    const text = await uncommittedChangesIn([folder], (p) => relative(folder, p));
    assert.deepEqual(readdirSync(markers), [], 'no payload ran');
    assert.match(text ?? '', /\+one staged/);
    assert.match(text ?? '', /^app\/new\.txt$/m);
    const empty = join(base, 'nothing');
    mkdirSync(join(empty, 'sub'), { recursive: true });
    assert.equal(await uncommittedChangesIn([empty], (p) => p), undefined);
  });
});
