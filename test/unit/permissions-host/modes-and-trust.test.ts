import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APPROVAL_MODE_ORDER, isApprovalMode, statusBarContent } from '../../../src/host/permissions/approval-modes';
import { filterToolsForTrust } from '../../../src/host/permissions/tools-for-trust';

describe('approval mode presentation', () => {
  it('the status bar names the mode with its icon, and only yolo is shown as a warning', () => {
    assert.deepEqual(statusBarContent('default'), {
      text: '$(shield) Relay: Default',
      tooltip: 'Relay approval mode: Default. Ask before every file change and every command.\nClick to switch.',
      accessibilityLabel: 'Relay approval mode: Default',
      warning: false,
    });
    assert.deepEqual(
      APPROVAL_MODE_ORDER.filter((m) => statusBarContent(m).warning),
      ['yolo'],
    );
    assert.equal(statusBarContent('auto-edit').text, '$(edit) Relay: Auto-edit');
  });

  it('recognises exactly the four modes', () => {
    for (const mode of APPROVAL_MODE_ORDER) assert.ok(isApprovalMode(mode));
    for (const other of ['Default', 'auto', '', undefined, 3, null]) assert.equal(isApprovalMode(other), false);
  });
});

describe('tools offered by workspace trust', () => {
  const tools = [
    { name: 'read_file', kind: 'readonly' as const },
    { name: 'edit_file', kind: 'write' as const },
    { name: 'search', kind: 'readonly' as const },
    { name: 'run_command', kind: 'execute' as const },
  ];

  it('trusted: every tool, in order, as a new array', () => {
    const offered = filterToolsForTrust(tools, true);
    assert.deepEqual(offered, tools);
    assert.notEqual(offered, tools);
  });

  it('Restricted Mode: read-only tools only', () => {
    assert.deepEqual(filterToolsForTrust(tools, false).map((t) => t.name), ['read_file', 'search']);
  });
});
