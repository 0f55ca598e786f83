import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, isIpLiteral } from '../../../src/core/web/ip-ranges';

describe('address classes for web fetches', () => {
  it('treats loopback, private, link-local, CGNAT, multicast and reserved IPv4 as private', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.10']) {
      assert.equal(classifyAddress(a), 'private', a);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '151.101.1.69', '100.128.0.1']) assert.equal(classifyAddress(a), 'public', a);
  });

  it('judges IPv6, including forms that embed an IPv4 address', () => {
    for (const a of ['::1', '::', '[::1]', 'fe80::1%eth0', 'fd12:3456::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:c0a8:101::1', '2001:db8::1']) {
      assert.equal(classifyAddress(a), 'private', a);
    }
    for (const a of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '2002:0808:0808::1']) assert.equal(classifyAddress(a), 'public', a);
  });

  it('tells literals from names', () => {
    assert.equal(classifyAddress('docs.python.org'), 'invalid');
    assert.equal(classifyAddress('1:2:3:4:5:6:7:8:9'), 'invalid');
    assert.equal(classifyAddress('256.1.1.1'), 'invalid');
    assert.equal(isIpLiteral('[2001:db8::1]'), true);
    assert.equal(isIpLiteral('10.0.0.1'), true);
    assert.equal(isIpLiteral('localhost'), false);
  });
});
