// Which ignored files a new worktree gets, and whether node_modules is linked or copied.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { includedPaths, planHeavyFolder } from '../../../src/core/tasks/worktree-include';

const ignored = ['.env', '.env.local', 'api/.env', 'node_modules/', 'dist/', 'secrets/', 'config/local.json', '.envrc.bak', 'packages/x/node_modules/'];

describe('.worktreeinclude', () => {
  test('without the file, only root .env* files are copied', () => {
    assert.deepEqual(includedPaths(ignored, undefined), ['.env', '.env.local', '.envrc.bak']);
  });

  test('the file takes gitignore syntax: folders, nested globs, negations', () => {
    const rules = '# comment\n.env\n**/.env\nsecrets/\nconfig/*.json\n!config/local.json\n';
    assert.deepEqual(includedPaths(ignored, rules), ['.env', 'api/.env', 'secrets/']);
  });

  test('node_modules and .git are never listed (linked or copied apart; never git data)', () => {
    assert.deepEqual(includedPaths(['node_modules/', '.git/', 'x'], '*\n'), ['x']);
  });

  test('only ignored paths are candidates: a tracked file is never in the input, so never copied', () => {
    assert.deepEqual(includedPaths([], '*\n'), []);
  });
});

describe('heavy folders', () => {
  test('linked when the lockfiles are the same, else copied with the reason', () => {
    assert.deepEqual(planHeavyFolder('lock-a', 'lock-a'), { action: 'link' });
    assert.deepEqual(planHeavyFolder('lock-a', 'lock-b'), { action: 'copy', reason: 'lockfile-differs' });
    assert.deepEqual(planHeavyFolder(undefined, 'lock-b'), { action: 'copy', reason: 'no-lockfile' });
  });
});
