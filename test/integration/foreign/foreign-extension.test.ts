// What another installed extension reaches of Relay when Relay runs as users run it (installed from its .vsix,
// ExtensionMode.Production): nothing. Before, activate() returned relay(overrides), which replaced the approval
// prompter, the MCP confirmations and the restore question, and the Relay, whose `keys` read the stored API keys.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ProbeReport } from './probe-extension';

describe('another extension gets nothing from Relay', () => {
  it('activate() and exports give no overrides function, no keys and no approval hooks; Relay is the installed copy', async () => {
    const probe = vscode.extensions.getExtension<ProbeReport>('relay-dev.relay-probe');
    assert.ok(probe, 'the probe extension is loaded');
    const report = await probe.activate();
    assert.equal(report.found, true, 'the probe sees Relay installed');
    const repo = process.env.RELAY_REPO_ROOT;
    assert.ok(repo && report.relayPath && !report.relayPath.startsWith(repo), `Relay runs from its installed copy (${report.relayPath}), not under development`);
    assert.equal(report.ownMode, vscode.ExtensionMode.Test);
    for (const [what, described] of [['activate()', report.activated], ['exports', report.exports]] as const) {
      assert.equal(described.type, 'undefined', `${what} gives nothing (got ${described.type} with ${described.names.join(', ')})`);
      for (const name of ['relay', 'keys', 'approvals', 'chat', 'prompter']) assert.ok(!described.names.includes(name), `${what} has no ${name}`);
    }
    assert.deepEqual(report.secretsSeen, [], "Relay's secret names read nothing from another extension's SecretStorage");
  });
});
