// git's worktree list read, and Relay's records compared with it to find orphans and lost worktrees.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findOrphans, parseWorktreeList } from '../../../src/core/tasks/worktree-list';

const porcelain = [
  'worktree /home/u/repo',
  'HEAD 1111111111111111111111111111111111111111',
  'branch refs/heads/main',
  '',
  'worktree /store/wt/a b',
  'HEAD 2222222222222222222222222222222222222222',
  'branch refs/heads/relay/a',
  'locked by relay',
  '',
  'worktree /store/wt/orphan',
  'HEAD 3333333333333333333333333333333333333333',
  'detached',
  '',
  'worktree /store/wt/gone',
  'HEAD 4444444444444444444444444444444444444444',
  'branch refs/heads/relay/gone',
  'prunable gitdir file points to non-existent location',
  '',
  'worktree /elsewhere/users-own',
  'HEAD 5555555555555555555555555555555555555555',
  'branch refs/heads/feature',
  '',
].join('\n');

describe('git worktree list --porcelain', () => {
  test('reads every block and its attributes, paths with spaces included', () => {
    const list = parseWorktreeList(porcelain);
    assert.deepEqual(list.map((e) => e.path), ['/home/u/repo', '/store/wt/a b', '/store/wt/orphan', '/store/wt/gone', '/elsewhere/users-own']);
    assert.equal(list[1]!.branch, 'refs/heads/relay/a');
    assert.equal(list[1]!.locked, true);
    assert.equal(list[2]!.detached, true);
    assert.equal(list[3]!.prunable, true);
  });

  test('the -z form gives the same entries', () => {
    assert.deepEqual(parseWorktreeList(porcelain.replace(/\n/g, '\0')), parseWorktreeList(porcelain));
  });

  test("orphans are Relay's worktrees no record names; records whose worktree is gone are listed apart; others' worktrees never", () => {
    const report = findOrphans(
      parseWorktreeList(porcelain),
      [
        { id: 't-a', workRoot: '/store/wt/a b/' },
        { id: 't-gone', workRoot: '/store/wt/gone' },
        { id: 't-lost', workRoot: '/store/wt/lost' },
      ],
      '/store/wt',
    );
    assert.deepEqual(report.orphanWorktrees.map((e) => e.path), ['/store/wt/orphan']);
    assert.deepEqual(report.missingWorktrees, ['t-gone', 't-lost']);
  });
});
