// Which MCP servers run sandboxed: a workspace's stdio servers always (its own "sandbox": false is ignored), a user's
// when it opts in; and the command line handed to `sh -c` keeps each argument whole.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { parseMcpConfig } from '../../../src/core/mcp/config';
import { mcpServerSandboxed, shellWord } from '../../../src/core/sandbox/mcp';

const servers = (origin: 'workspace' | 'user') =>
  parseMcpConfig(
    {
      servers: {
        plain: { command: 'node', args: ['server.js'] },
        optOut: { command: 'node', args: ['server.js'], sandbox: false },
        optIn: { command: 'node', args: ['server.js'], sandbox: true },
        remote: { url: 'https://mcp.example/' },
      },
    },
    origin,
    origin === 'workspace' ? '/work/ws/.vscode/mcp.json' : 'settings',
  ).servers;

describe('MCP servers in the sandbox', () => {
  test('a workspace cannot opt its stdio server out; a user server opts in; http servers are not processes here', () => {
    assert.deepEqual(servers('workspace').map((s) => [s.name, mcpServerSandboxed(s)]), [['plain', true], ['optOut', true], ['optIn', true], ['remote', false]]);
    assert.deepEqual(servers('user').map((s) => [s.name, mcpServerSandboxed(s)]), [['plain', false], ['optOut', false], ['optIn', true], ['remote', false]]);
  });

  test('shell words survive sh -c whole', () => {
    const args = ['plain', 'with space', "it's", '$HOME', 'a;b', '`x`', ''];
    const out = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${args.map(shellWord).join(' ')}`], { encoding: 'utf8' });
    assert.deepEqual(out.split('\n').slice(0, -1), args);
  });
});
