// What "Always allow" on "Run outside the sandbox…" can add to the sandbox: domains and the folders of refused
// writes; never a credential read, a protected file in the workspace, loopback, or part of a mixed need.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sandboxAllowanceFor } from '../../../src/core/sandbox/allowance';

const WS = '/work/ws';
const net = (target: string) => ({ kind: 'network' as const, target, detail: '' });
const write = (target: string) => ({ kind: 'write' as const, target, detail: '' });

describe('sandbox allowance', () => {
  test('a refused domain and the folder of a refused write are offered', () => {
    assert.deepEqual(sandboxAllowanceFor([net('api.example.com:443'), write('/home/dev/.cache/tool/x.db'), net('api.example.com:443')], [WS]), {
      domains: ['api.example.com:443'],
      writePaths: ['/home/dev/.cache/tool'],
    });
  });

  test('nothing is offered for a credential read, a protected file, loopback, or when any need cannot be granted', () => {
    assert.equal(sandboxAllowanceFor([{ kind: 'read', target: '/home/dev/.ssh/id_rsa', detail: '' }], [WS]), undefined);
    assert.equal(sandboxAllowanceFor([write(`${WS}/.git/hooks/pre-commit`)], [WS]), undefined);
    assert.equal(sandboxAllowanceFor([write(`${WS}/.envrc`)], [WS]), undefined);
    assert.equal(sandboxAllowanceFor([net('127.0.0.1:8080')], [WS]), undefined);
    assert.equal(sandboxAllowanceFor([net('pypi.org'), { kind: 'read', target: '/home/dev/.aws/credentials', detail: '' }], [WS]), undefined);
    assert.equal(sandboxAllowanceFor([], [WS]), undefined);
  });
});
