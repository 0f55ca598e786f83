import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PrivateAddressGate } from '../../../src/core/web/address-gate';
import { isLoopbackAddress } from '../../../src/core/web/ip-ranges';
import { urlPort } from '../../../src/core/web/web-url';
import { FakeProcesses } from '../../support/fake-processes';

describe('PrivateAddressGate', () => {
  const noRules = () => false;

  it("opens the loopback ports the task's running processes listen on, and nothing else", () => {
    const processes = new FakeProcesses();
    const id = processes.add('task-1', [5173]);
    processes.add('task-2', [3000]);
    const gate = new PrivateAddressGate({ toolName: 'web_fetch', taskId: 'task-1', rules: noRules, processes });
    assert.equal(gate.allows('localhost', '127.0.0.1', 5173), true);
    assert.equal(gate.allows('localhost', '::1', 5173), true);
    assert.equal(gate.allows('localhost', '::ffff:127.0.0.1', 5173), true);
    assert.equal(gate.allows('localhost', '127.0.0.1', 5174), false, 'another port');
    assert.equal(gate.allows('localhost', '127.0.0.1', 3000), false, "another task's server");
    assert.equal(gate.allows('router', '192.168.1.1', 5173), false, 'the network, not the machine');
    assert.equal(gate.allows('meta', '169.254.169.254', 5173), false);
    assert.equal(gate.allows('any', '0.0.0.0', 5173), false);
    assert.deepEqual(gate.refusedLoopbackPorts, [5174, 3000]);
    assert.match(gate.refusalNote()!, /No process this task started is listening on ports 5174, 3000/);
    processes.exit(id);
    assert.equal(gate.allows('localhost', '127.0.0.1', 5173), false, 'only while it runs');
  });

  it("lets the user's rules decide first, and says nothing about processes when only a rule was missing", () => {
    const gate = new PrivateAddressGate({ toolName: 'web_fetch', taskId: 't', rules: (_tool, _host, address) => address === '10.0.0.5' });
    assert.equal(gate.allows('nas', '10.0.0.5', 80), true);
    assert.equal(gate.allows('nas', '10.0.0.6', 80), false);
    assert.equal(gate.refusalNote(), undefined);
    assert.equal(gate.allows('localhost', '127.0.0.1', 80), false);
    assert.match(gate.refusalNote()!, /not available here/);
  });
});

describe('isLoopbackAddress and urlPort', () => {
  it('knows the loopback forms', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) assert.equal(isLoopbackAddress(a), true, a);
    for (const a of ['10.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', 'fe80::1', '128.0.0.1', 'localhost', '']) assert.equal(isLoopbackAddress(a), false, a);
  });

  it('takes the URL port or the scheme default', () => {
    assert.equal(urlPort(new URL('http://localhost:5173/')), 5173);
    assert.equal(urlPort(new URL('http://localhost/')), 80);
    assert.equal(urlPort(new URL('https://localhost/')), 443);
    assert.equal(urlPort(new URL('http://localhost:80/')), 80);
  });
});
