// check_page's routing decisions: which requests of a page go out, before and after DNS.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PrivateAddressGate } from '../../../src/core/web/address-gate';
import { judgeAddresses, pageRequestTarget } from '../../../src/core/web/page-requests';
import { createRequestGuard } from '../../../src/host/browser/request-guard';
import type { Resolver } from '../../../src/host/web/pinned-request';
import { FakeProcesses } from '../../support/fake-processes';

describe('pageRequestTarget', () => {
  it('lets local schemes through, sends network schemes to the address check, refuses the rest', () => {
    assert.deepEqual(pageRequestTarget('data:image/png;base64,AAAA'), { kind: 'local' });
    assert.deepEqual(pageRequestTarget('blob:http://localhost:5173/0b4c'), { kind: 'local' });
    assert.deepEqual(pageRequestTarget('about:blank'), { kind: 'local' });
    assert.deepEqual(pageRequestTarget('http://localhost:5173/src/main.js'), { kind: 'network', host: 'localhost', port: 5173 });
    assert.deepEqual(pageRequestTarget('https://cdn.example/x.js'), { kind: 'network', host: 'cdn.example', port: 443 });
    assert.deepEqual(pageRequestTarget('ws://127.0.0.1:5173/?token=x'), { kind: 'network', host: '127.0.0.1', port: 5173 });
    assert.deepEqual(pageRequestTarget('wss://example.com/socket'), { kind: 'network', host: 'example.com', port: 443 });
    assert.deepEqual(pageRequestTarget('http://[::1]:3000/'), { kind: 'network', host: '::1', port: 3000 });
    for (const url of ['file:///etc/passwd', 'chrome://settings', 'ftp://example.com/x', 'javascript:alert(1)', 'not a url']) {
      assert.equal(pageRequestTarget(url).kind, 'refused', url);
    }
    assert.equal(pageRequestTarget('http://user:pw@example.com/').kind, 'refused');
  });
});

describe('judgeAddresses', () => {
  const none = () => false;
  it('passes public addresses and refuses a name with any private answer', () => {
    assert.equal(judgeAddresses('example.com', 443, ['93.184.216.34', '2606:2800:220:1::1'], none), undefined);
    assert.match(judgeAddresses('rebind.example', 80, ['93.184.216.34', '10.0.0.1'], none)!, /rebind\.example:80 resolves to 10\.0\.0\.1/);
    assert.match(judgeAddresses('nowhere', 80, [], none)!, /did not resolve/);
    assert.equal(judgeAddresses('x', 80, ['not-an-address'], () => true) !== undefined, true, 'an invalid address is never allowed');
  });
});

describe('request guard', () => {
  const names: Record<string, string[]> = { 'cdn.example': ['93.184.216.34'], localhost: ['127.0.0.1', '::1'], 'evil.example': ['169.254.169.254'] };
  const resolver: Resolver = async (host) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  function guardFor(processes: FakeProcesses, rules: (tool: string, host: string, address: string) => boolean = () => false) {
    const gate = new PrivateAddressGate({ toolName: 'web_fetch', taskId: 'task-1', rules, processes });
    return { gate, check: createRequestGuard(gate.allows, resolver) };
  }

  it("lets the page reach the task's own server and public hosts, nothing else on the machine or network", async () => {
    const processes = new FakeProcesses();
    processes.add('task-1', [5173]);
    processes.add('task-2', [8080]);
    const { gate, check } = guardFor(processes);
    assert.equal(await check('http://localhost:5173/'), undefined);
    assert.equal(await check('ws://localhost:5173/?token=abc'), undefined);
    assert.equal(await check('http://127.0.0.1:5173/src/main.js'), undefined);
    assert.equal(await check('https://cdn.example/lib.js'), undefined);
    assert.equal(await check('data:text/plain,hi'), undefined);
    assert.match((await check('http://localhost:8080/api'))!, /localhost:8080 resolves to 127\.0\.0\.1, ::1/, "another task's server");
    assert.match((await check('http://127.0.0.1:5432/'))!, /127\.0\.0\.1:5432/, 'a database on the machine');
    assert.match((await check('http://192.168.1.1/admin'))!, /192\.168\.1\.1/);
    assert.match((await check('http://evil.example/latest/meta-data'))!, /169\.254\.169\.254/);
    assert.match((await check('http://unknown.example/'))!, /Could not resolve unknown\.example: ENOTFOUND/);
    assert.match((await check('file:///etc/passwd'))!, /file: requests are not allowed/);
    assert.deepEqual(gate.refusedLoopbackPorts, [8080, 5432]);
  });

  it("follows the user's private-address rules for web_fetch", async () => {
    const { check } = guardFor(new FakeProcesses(), (_tool: string, _host: string, address: string) => address === '192.168.1.1');
    assert.equal(await check('http://192.168.1.1/'), undefined);
    assert.notEqual(await check('http://192.168.1.2/'), undefined);
  });
});
