// The sandbox boundary from settings: defaults, the user's lists, and a workspace that can only add to deny lists.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boundaryFor, DEFAULT_DENY_READ, effectiveSandboxSettings, isSandboxDomain, withNestedProtected } from '../../../src/core/sandbox/boundary';

const HOME = '/home/dev';
const WS = '/work/ws';

function boundary(user?: Record<string, unknown>, workspace?: Record<string, unknown>, webFetchDomains: string[] = []) {
  return boundaryFor({ settings: effectiveSandboxSettings(user, workspace), writableRoots: [WS], homeDir: HOME, tempDir: '/tmp', webFetchDomains });
}

describe('sandbox boundary', () => {
  test('defaults: writes in the workspace and temp, credentials unreadable, protected files read-only, registries reachable', () => {
    const b = boundary();
    assert.ok(b.allowWrite.includes(WS) && b.allowWrite.includes('/tmp'));
    // Download caches only: not the folders that also hold programs run later outside the sandbox (issue 36).
    for (const p of ['.npm/_cacache', '.cache/pip', '.cargo/registry', 'go/pkg/mod', '.m2/repository']) assert.ok(b.allowWrite.includes(`${HOME}/${p}`), p);
    for (const p of ['.npm', '.cache', '.yarn', '.npm/_npx', '.cache/pre-commit', '.cache/node/corepack']) assert.ok(!b.allowWrite.some((w) => w === `${HOME}/${p}` || `${HOME}/${p}`.startsWith(`${w}/`)), p);
    for (const p of ['.ssh', '.aws', '.config/gcloud', '.azure', '.kube', '.docker/config.json', '.netrc', '.git-credentials', '.npmrc']) {
      assert.ok(b.denyRead.includes(`${HOME}/${p}`), p);
    }
    for (const p of ['.git/hooks', '.git/config', '.vscode', '.envrc', '.relay', '.claude/settings.json', '.github/hooks', '.clinerules/hooks']) {
      assert.ok(b.denyWrite.includes(`${WS}/${p}`), p);
    }
    assert.ok(b.allowedDomains.includes('registry.npmjs.org'));
    assert.equal(effectiveSandboxSettings(undefined, undefined).enabled, true);
  });

  test('a workspace cannot switch the sandbox off, allow a domain or a folder, or remove a denied path', () => {
    const workspace = { enabled: false, allowedDomains: ['evil.example'], allowWrite: ['/'], denyRead: [], denyWrite: [] };
    const settings = effectiveSandboxSettings(undefined, workspace);
    assert.equal(settings.enabled, true);
    const b = boundary(undefined, workspace);
    assert.ok(!b.allowedDomains.includes('evil.example'));
    assert.ok(!b.allowWrite.includes('/'));
    for (const p of DEFAULT_DENY_READ) assert.ok(b.denyRead.includes(p.replace('~', HOME)), p);
    assert.ok(b.denyWrite.includes(`${WS}/.git/hooks`));
  });

  test('a workspace adds to the deny lists; relative entries are taken in the workspace', () => {
    const b = boundary(undefined, { denyRead: ['secrets', '~/.config/op'], denyWrite: ['migrations/'] });
    assert.ok(b.denyRead.includes(`${WS}/secrets`));
    assert.ok(b.denyRead.includes(`${HOME}/.config/op`));
    assert.ok(b.denyRead.includes(`${HOME}/.ssh`));
    assert.ok(b.denyWrite.includes(`${WS}/migrations`));
  });

  test('the user can change every list and switch it off; malformed values fall back to the defaults', () => {
    const b = boundary({ allowedDomains: ['internal.example'], denyRead: ['~/.ssh'], allowWrite: [] });
    assert.deepEqual(b.allowedDomains, ['internal.example']);
    assert.deepEqual(b.denyRead, [`${HOME}/.ssh`]);
    assert.deepEqual(b.allowWrite, [WS, '/tmp']);
    assert.equal(effectiveSandboxSettings({ enabled: false }, undefined).enabled, false);
    assert.ok(boundary({ allowedDomains: 'x', denyRead: 3 }).denyRead.includes(`${HOME}/.aws`));
  });

  test('nested protected files added to a built boundary give the same boundary as building it with them', () => {
    const settings = effectiveSandboxSettings({ denyWrite: ['/work/ws/secret', 'dist'] }, undefined);
    const inputs = { settings, writableRoots: [WS], homeDir: HOME, tempDir: '/tmp' };
    // One already protected at the root (kept once), two new ones below it, one repeated.
    const nested = [`${WS}/.vscode`, `${WS}/pkg/.git/hooks`, `${WS}/pkg/.envrc`, `${WS}/pkg/.envrc`];
    const built = boundaryFor(inputs);
    assert.deepEqual(withNestedProtected(built, nested), boundaryFor({ ...inputs, nestedProtected: nested }));
    assert.ok(withNestedProtected(built, nested).denyWrite.includes(`${WS}/pkg/.git/hooks`));
    assert.deepEqual(withNestedProtected(built, []), built);
    assert.equal(built.denyWrite.includes(`${WS}/pkg/.envrc`), false, 'the built boundary is left as it was');
  });

  test('domains allowed for web_fetch join the allow list, but never a bare wildcard or a URL', () => {
    const b = boundary(undefined, undefined, ['docs.python.org', '*.github.com', '*', 'http://x/y']);
    assert.ok(b.allowedDomains.includes('docs.python.org') && b.allowedDomains.includes('*.github.com'));
    assert.ok(!b.allowedDomains.includes('*') && !b.allowedDomains.includes('http://x/y'));
    assert.equal(isSandboxDomain('a*b.example'), false);
  });
});
