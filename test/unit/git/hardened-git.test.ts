// The rules of Relay's git runs, without git: which drivers are neutralised (the repository's, not the user's own),
// how configuration reaches git (keys never split at '='), which inherited variables are dropped, and where the
// diff flags go.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configEnvironment, driverOverrides, hardenedArguments, hardenedConfig, hardenedEnvironment, MERGE_FILE, parseConfigListing } from '../../../src/core/git/hardened-git';

const listing = (...entries: [string, string, string, string][]) => entries.map(([scope, origin, key, value]) => `${scope}\0${origin}\0${key}\n${value}\0`).join('');

describe('hardened git configuration', () => {
  test("every filter and merge driver the repository's configuration defines is neutralised; the user's global ones stay", () => {
    const entries = parseConfigListing(
      listing(
        ['global', 'file:/home/u/.gitconfig', 'filter.lfs.process', 'git-lfs filter-process'],
        ['global', 'file:/home/u/.gitconfig', 'filter.lfs.required', 'true'],
        ['system', 'file:/etc/gitconfig', 'merge.ours.driver', 'true'],
        ['local', 'file:/repo/.git/config', 'filter.evil.clean', 'touch /tmp/x'],
        ['local', 'file:/repo/.git/config', 'filter.a=b.smudge', 'touch /tmp/y'],
        ['worktree', 'file:/repo/.git/worktrees/t/config.worktree', 'merge.Evil.driver', 'touch %A'],
        ['local', 'file:/repo/.git/config', 'core.fsmonitor', 'whatever'],
        // A global include that points into the repository is the repository's.
        ['global', 'file:/repo/work/included.cfg', 'filter.inc.clean', 'touch /tmp/z'],
        ['local', 'file:/repo/.git/config', 'diff.evil.textconv', 'touch /tmp/t'],
      ),
    );
    const pairs = driverOverrides(entries, ['/repo/work', '/repo/.git']);
    const keys = new Map(pairs);
    for (const name of ['evil', 'a=b', 'inc']) {
      assert.equal(keys.get(`filter.${name}.clean`), '', name);
      assert.equal(keys.get(`filter.${name}.smudge`), '', name);
      assert.equal(keys.get(`filter.${name}.process`), '', name);
      assert.equal(keys.get(`filter.${name}.required`), 'false', name);
    }
    assert.equal(keys.get('merge.Evil.driver'), MERGE_FILE, 'subsection case kept');
    assert.ok(!keys.has('filter.lfs.process'), "the user's git-lfs stays");
    assert.ok(!keys.has('merge.ours.driver'));
    assert.ok(![...keys.keys()].some((k) => k.startsWith('diff.')), 'diff drivers are off through --no-ext-diff --no-textconv');
  });

  test('configuration reaches git as GIT_CONFIG_COUNT/KEY/VALUE, so a key holding = stays whole', () => {
    assert.deepEqual(configEnvironment([['filter.a=b.clean', ''], ['core.hooksPath', '/dev/null']]), {
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'filter.a=b.clean',
      GIT_CONFIG_VALUE_0: '',
      GIT_CONFIG_KEY_1: 'core.hooksPath',
      GIT_CONFIG_VALUE_1: '/dev/null',
    });
    const config = new Map(hardenedConfig('/dev/null'));
    assert.equal(config.get('core.hooksPath'), '/dev/null');
    assert.equal(config.get('core.fsmonitor'), 'false');
    assert.equal(config.get('protocol.ext.allow'), 'never');
    assert.equal(config.get('core.askPass'), '');
  });

  test('inherited GIT_* variables that choose a repository or a program are dropped; the user config files stay', () => {
    const env = hardenedEnvironment(
      { PATH: '/bin', GIT_DIR: '/evil', GIT_EXTERNAL_DIFF: 'x', GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='x'", git_ssh_command: 'x', SSH_ASKPASS: 'x', GIT_CONFIG_GLOBAL: '/home/u/.gitconfig', HOME: '/home/u' },
      { GIT_DIR: '/repo/.git' },
    );
    assert.equal(env.GIT_DIR, '/repo/.git');
    assert.equal(env.PATH, '/bin');
    assert.equal(env.GIT_CONFIG_GLOBAL, '/home/u/.gitconfig');
    for (const gone of ['GIT_EXTERNAL_DIFF', 'GIT_CONFIG_PARAMETERS', 'git_ssh_command', 'SSH_ASKPASS']) assert.ok(!(gone in env), gone);
    assert.equal(env.GIT_TERMINAL_PROMPT, '0');
  });

  test('diffs get --no-ext-diff --no-textconv after the subcommand, past global options', () => {
    assert.deepEqual(hardenedArguments(['diff', '--cached', 'HEAD']), ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=dirty', '--cached', 'HEAD']);
    assert.deepEqual(hardenedArguments(['-c', 'x=y', 'log', '-1']), ['-c', 'x=y', 'log', '--no-ext-diff', '--no-textconv', '-1']);
    assert.deepEqual(hardenedArguments(['add', '-A']), ['add', '-A']);
  });
});
