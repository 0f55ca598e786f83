// Core MCP pieces: provider-safe names, the mcp.json shape and its variables, annotations, backoff.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kindFromAnnotations } from '../../../src/core/mcp/annotations';
import { DEFAULT_BACKOFF, reconnectDelay } from '../../../src/core/mcp/backoff';
import { mergeConfigs, parseMcpConfig, serverFingerprint } from '../../../src/core/mcp/config';
import { assignToolNames, isValidToolName, mcpToolName } from '../../../src/core/mcp/names';
import { describeLaunch, inputIdsOf, parseEnvFile, resolveTransport, UnresolvedVariableError } from '../../../src/core/mcp/variables';

describe('MCP tool names', () => {
  test('mcp__<server>__<tool>, other characters replaced', () => {
    assert.equal(mcpToolName('github', 'create_issue'), 'mcp__github__create_issue');
    assert.equal(mcpToolName('my server', 'get.file/v2'), 'mcp__my_server__get_file_v2');
    assert.ok(isValidToolName(mcpToolName('ünïcode', 'ツール')));
  });

  test('a long name is shortened to 64 with a hash that depends on the original pair', () => {
    const a = mcpToolName('a-very-long-server-name-for-testing', 'an_extremely_long_tool_name_that_goes_on_and_on_1');
    const b = mcpToolName('a-very-long-server-name-for-testing', 'an_extremely_long_tool_name_that_goes_on_and_on_2');
    assert.equal(a.length, 64);
    assert.ok(isValidToolName(a) && isValidToolName(b));
    assert.notEqual(a, b);
    assert.equal(a, mcpToolName('a-very-long-server-name-for-testing', 'an_extremely_long_tool_name_that_goes_on_and_on_1'), 'deterministic');
  });

  test('collisions (sanitised twins, names in use) get distinct valid names, independent of listing order', () => {
    const requests = [
      { identity: 's\u0000a.b', preferred: mcpToolName('s', 'a.b') },
      { identity: 's\u0000a_b', preferred: mcpToolName('s', 'a_b') },
      { identity: 's\u0000read', preferred: 'read_file' },
    ];
    const first = assignToolNames(requests, new Set(['read_file']));
    const second = assignToolNames([...requests].reverse(), new Set(['read_file']));
    assert.deepEqual([...first.entries()].sort(), [...second.entries()].sort());
    const names = [...first.values()];
    assert.equal(new Set(names).size, 3);
    assert.ok(!names.includes('read_file'));
    for (const name of names) assert.ok(isValidToolName(name), name);
    assert.equal(first.get('s\u0000a.b'), 'mcp__s__a_b', 'the first by identity keeps its preferred name');
  });
});

describe('mcp.json', () => {
  test('stdio and http servers, inferred types, inputs, and per-server errors that leave the rest usable', () => {
    const parsed = parseMcpConfig(
      {
        servers: {
          files: { command: 'npx', args: ['-y', 'server-filesystem', '${workspaceFolder}'], env: { LEVEL: 3, DROP: null } },
          remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
          legacy: { type: 'sse', url: 'http://localhost:9/sse' },
          broken: { type: 'stdio', args: ['x'] },
          nothing: {},
        },
        inputs: [{ type: 'promptString', id: 'token', password: true, description: 'API token' }],
      },
      'workspace',
      '/w/.vscode/mcp.json',
    );
    assert.deepEqual(parsed.servers.map((s) => [s.name, s.transport.type]), [['files', 'stdio'], ['remote', 'http'], ['legacy', 'sse']]);
    const files = parsed.servers[0]!.transport;
    assert.equal(files.type === 'stdio' && files.env.LEVEL, '3');
    assert.equal(files.type === 'stdio' && files.env.DROP, null);
    assert.equal(parsed.inputs[0]!.password, true);
    assert.equal(parsed.errors.length, 2);
    assert.match(parsed.errors[0]!, /broken.*command/);
    assert.match(parsed.errors[1]!, /nothing/);
  });

  test('workspace servers come first; a duplicate name is reported', () => {
    const ws = parseMcpConfig({ servers: { a: { command: 'x' } } }, 'workspace', 'mcp.json');
    const user = parseMcpConfig({ servers: { a: { command: 'y' }, b: { url: 'http://h/' } } }, 'user', 'settings');
    const merged = mergeConfigs([ws], user);
    assert.deepEqual(merged.servers.map((s) => `${s.name}:${s.origin}`), ['a:workspace', 'b:user']);
    assert.match(merged.errors[0]!, /defined twice/);
  });

  test('variables: workspaceFolder, env, userHome, inputs; unknown ones are named', () => {
    const server = parseMcpConfig(
      { servers: { s: { command: '${workspaceFolder}/bin/srv', args: ['--home=${userHome}', '--key=${input:key}', '${env:MY_VAR}'], cwd: '${workspaceFolder}' } } },
      'workspace',
      'f',
    ).servers[0]!;
    assert.deepEqual(inputIdsOf(server), ['key']);
    const ctx = { workspaceFolder: '/w', userHome: '/home/u', env: { MY_VAR: 'v' }, pathSeparator: '/', inputs: { key: 'secret' } };
    const resolved = resolveTransport(server, ctx);
    assert.deepEqual(resolved.type === 'stdio' && [resolved.command, ...resolved.args, resolved.cwd], ['/w/bin/srv', '--home=/home/u', '--key=secret', 'v', '/w']);
    assert.throws(() => resolveTransport(server, { ...ctx, inputs: {} }), (e: unknown) => e instanceof UnresolvedVariableError && e.variables[0] === 'input:key');
    const shown = describeLaunch(resolveTransport(server, ctx, { keepInputs: true }));
    assert.match(shown, /Command: \/w\/bin\/srv --home=\/home\/u --key=\$\{input:key\} v/);
    assert.doesNotMatch(shown, /secret/);
  });

  test('the fingerprint changes with the command line', () => {
    const a = parseMcpConfig({ servers: { s: { command: 'x', args: ['1'] } } }, 'workspace', 'f').servers[0]!;
    const b = parseMcpConfig({ servers: { s: { command: 'x', args: ['2'] } } }, 'workspace', 'f').servers[0]!;
    assert.notEqual(serverFingerprint(a), serverFingerprint(b));
    assert.equal(serverFingerprint(a), serverFingerprint({ ...a }));
  });

  test('env files', () => {
    assert.deepEqual(parseEnvFile('# c\nA=1\nexport B="two words"\nC=\'x\' \nD=plain # note\nbad line'), { A: '1', B: 'two words', C: 'x', D: 'plain' });
  });
});

describe('annotations and backoff', () => {
  test('only readOnlyHint makes a tool read-only', () => {
    assert.equal(kindFromAnnotations({ readOnlyHint: true }), 'readonly');
    assert.equal(kindFromAnnotations({ readOnlyHint: true, destructiveHint: true }), 'execute');
    assert.equal(kindFromAnnotations({ destructiveHint: false }), 'execute');
    assert.equal(kindFromAnnotations(undefined), 'execute');
  });

  test('delays grow, are capped, and stop after the last attempt', () => {
    const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, noJitter)), [1000, 2000, 4000, 8000, 16000, 30000]);
    assert.equal(reconnectDelay(7, noJitter), undefined);
    const low = reconnectDelay(1, DEFAULT_BACKOFF, () => 0)!;
    const high = reconnectDelay(1, DEFAULT_BACKOFF, () => 1)!;
    assert.deepEqual([low, high], [800, 1200]);
  });
});
