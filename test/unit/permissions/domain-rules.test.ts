// web_fetch asks per domain; rules settle domains; private addresses need a rule that names the address.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from './fixtures';
import { suggestAlwaysAllow, type ApprovalMode, type PermissionRule } from '../../../src/core/permissions';
import { matchesDomainPattern, privateAddressAllowed } from '../../../src/core/permissions/domain-checks';
import { fromSettings } from '../../../src/core/permissions/rules';

const domain = (pattern: string, action: PermissionRule['action'] = 'allow', tool = 'web_fetch'): PermissionRule => ({ tool, pattern, action, subject: 'domain' });

function fetchCall(url: string, rules: PermissionRule[] = [], mode: ApprovalMode = 'default') {
  return policyFor(mode, { rules }).evaluate({ toolName: 'web_fetch', kind: 'readonly', targets: { url } });
}

describe('domain rules for web_fetch', () => {
  test('a new domain asks, naming it; the always-allow rule is that domain', async () => {
    const decision = await fetchCall('https://docs.python.org/3/library/json.html');
    assert.equal(decision.action, 'ask');
    assert.deepEqual(decision.trigger, { type: 'domain', host: 'docs.python.org', url: 'https://docs.python.org/3/library/json.html' });
    assert.match(decision.reason, /docs\.python\.org/);
    const suggestion = suggestAlwaysAllow(decision);
    assert.deepEqual(suggestion, { available: true, rules: [domain('docs.python.org')] });
  });

  test('the saved rule allows that domain and no other', async () => {
    const rules = [domain('docs.python.org')];
    assert.equal((await fetchCall('https://docs.python.org/3/', rules)).action, 'allow');
    assert.equal((await fetchCall('https://DOCS.python.org./x', rules)).action, 'allow');
    assert.equal((await fetchCall('https://evil.example/docs.python.org', rules)).action, 'ask');
    assert.equal((await fetchCall('https://docs.python.org.evil.example/', rules)).action, 'ask');
  });

  test('globs cover subdomains; a deny wins; yolo allows what no rule settles; plan mode still asks', async () => {
    assert.equal(matchesDomainPattern('*.python.org', 'docs.python.org'), true);
    assert.equal(matchesDomainPattern('*.python.org', 'python.org'), false);
    assert.equal(matchesDomainPattern('*.python.org', 'evilpython.org'), false);
    const rules = [domain('*.python.org'), domain('bugs.python.org', 'deny')];
    assert.equal((await fetchCall('https://docs.python.org/', rules)).action, 'allow');
    assert.equal((await fetchCall('https://bugs.python.org/', rules)).action, 'deny');
    assert.equal((await fetchCall('https://example.com/', [], 'yolo')).action, 'allow');
    assert.equal((await fetchCall('https://bugs.python.org/', rules, 'yolo')).action, 'deny');
    assert.equal((await fetchCall('https://example.com/', [], 'plan')).action, 'ask');
  });

  test('path and command rules do not match domains; a rule for another tool does not apply', async () => {
    const rules: PermissionRule[] = [{ tool: 'web_fetch', pattern: 'docs.python.org', action: 'allow', subject: 'path' }, domain('docs.python.org', 'allow', 'read_file')];
    assert.equal((await fetchCall('https://docs.python.org/', rules)).action, 'ask');
  });

  test("check_page follows web_fetch's domain rules as well as its own", async () => {
    const check = (url: string, rules: PermissionRule[]) => policyFor('default', { rules }).evaluate({ toolName: 'check_page', kind: 'readonly', targets: { url } });
    assert.equal((await check('https://docs.python.org/', [domain('docs.python.org')])).action, 'allow');
    assert.equal((await check('https://docs.python.org/', [domain('docs.python.org'), domain('docs.python.org', 'deny', 'check_page')])).action, 'deny');
    assert.equal((await check('https://example.com/', [domain('docs.python.org')])).action, 'ask');
    // web_fetch does not borrow check_page's rules.
    assert.equal((await fetchCall('https://docs.python.org/', [domain('docs.python.org', 'allow', 'check_page')])).action, 'ask');
  });

  test('private addresses: only a rule naming the address, or localhost and literal hosts by name', () => {
    const allowed = (rules: PermissionRule[], host: string, address: string) => privateAddressAllowed(fromSettings(rules), 'web_fetch', host, address);
    assert.equal(allowed([], 'localhost', '127.0.0.1'), false);
    assert.equal(allowed([domain('127.0.0.1')], 'localhost', '127.0.0.1'), true);
    assert.equal(allowed([domain('127.0.0.1')], 'rebind.example', '127.0.0.1'), true, 'the user named the address');
    assert.equal(allowed([domain('127.0.0.1')], 'rebind.example', '127.0.0.2'), false);
    assert.equal(allowed([domain('localhost')], 'localhost', '127.0.0.1'), true);
    assert.equal(allowed([domain('192.168.*')], 'nas.lan', '192.168.1.20'), true);
    // "Always allow example.com" never lets its DNS answer reach the local network...
    assert.equal(allowed([domain('example.com')], 'example.com', '10.0.0.1'), false);
    // ...and neither does a catch-all rule, nor a deny for the address.
    assert.equal(allowed([domain('*')], 'localhost', '127.0.0.1'), false);
    assert.equal(allowed([domain('localhost'), domain('127.0.0.1', 'deny')], 'localhost', '127.0.0.1'), false);
  });
});
