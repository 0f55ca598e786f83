// "Always allow in the sandbox" on a "Run outside the sandbox…" prompt, in real VS Code: the domain and folder go
// into the user's relay.sandbox.* lists on top of the defaults in effect, and the sandbox's settings read them; a
// workspace value for the same lists still counts for nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEFAULT_ALLOWED_DOMAINS } from '../../../src/core/sandbox/boundary';
import { readSandboxSettings } from '../../../src/host/sandbox';
import { addToSandbox } from '../../../src/host/sandbox/allowance-setting';

describe('sandbox allowance from an approval', () => {
  const config = () => vscode.workspace.getConfiguration('relay.sandbox');

  afterEach(async () => {
    await config().update('allowedDomains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('allowWrite', undefined, vscode.ConfigurationTarget.Global);
    await config().update('allowedDomains', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('adds the domain and the folder to the user settings, keeping the defaults; the sandbox reads them', async () => {
    await addToSandbox({ domains: ['api.example.com:443'], writePaths: ['/opt/tool-cache'] });
    const user = config().inspect<string[]>('allowedDomains')?.globalValue ?? [];
    assert.ok(user.includes('api.example.com:443'));
    assert.ok(DEFAULT_ALLOWED_DOMAINS.every((d) => user.includes(d)), 'the defaults stay');
    const settings = readSandboxSettings();
    assert.ok(settings.allowedDomains.includes('api.example.com:443'));
    assert.ok(settings.allowWrite.includes('/opt/tool-cache'));
    // Twice is once.
    await addToSandbox({ domains: ['api.example.com:443'], writePaths: [] });
    assert.equal((config().inspect<string[]>('allowedDomains')?.globalValue ?? []).filter((d) => d === 'api.example.com:443').length, 1);
  });

  it('a workspace cannot add a domain the same way', async () => {
    await config().update('allowedDomains', ['evil.example'], vscode.ConfigurationTarget.Workspace);
    assert.ok(!readSandboxSettings().allowedDomains.includes('evil.example'));
  });
});
