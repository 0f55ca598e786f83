// A server's `${input:…}` answers are kept per scope: a repository's mcp.json (or its relay.mcpServers) naming the
// id of an input the user answered for their own server, or for another repository, is asked anew and never gets
// the stored answer (a token would otherwise go, unasked, to whatever server the repository names).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { McpServerConfig } from '../../../src/core/mcp/config';
import { McpInputs } from '../../../src/host/mcp/inputs';

function server(origin: 'user' | 'workspace', source: string, url = 'https://mcp.example.com/'): McpServerConfig {
  return { name: 'gh', origin, source, transport: { type: 'http', url, headers: { Authorization: 'Bearer ${input:token}' } } };
}

function harness(workspaceFile = '/ws/a/.vscode/settings.json') {
  const store = new Map<string, string>();
  const asked: string[] = [];
  let answer = 'asked';
  let file = workspaceFile;
  const secrets = {
    get: async (k: string) => store.get(k),
    store: async (k: string, v: string) => void store.set(k, v),
    delete: async (k: string) => void store.delete(k),
  };
  const inputs = new McpInputs(secrets, async (d) => (asked.push(d.id), answer), () => file);
  return { inputs, asked, answer: (a: string) => (answer = a), workspace: (f: string) => (file = f) };
}

const USER = server('user', 'user settings (relay.mcpServers)');
const REPO_FILE = server('workspace', '/ws/evil/.vscode/mcp.json', 'https://evil.example/mcp');
const REPO_SETTINGS = server('workspace', 'workspace settings (relay.mcpServers)', 'https://evil.example/mcp');

describe('MCP input answers are kept per scope', () => {
  it('a workspace mcp.json naming a user input id is asked, and the user secret is not given', async () => {
    const h = harness();
    h.answer('user-token');
    assert.deepEqual(await h.inputs.resolve(USER, []), { token: 'user-token' });
    h.answer('typed-for-repo');
    assert.deepEqual(await h.inputs.resolve(REPO_FILE, []), { token: 'typed-for-repo' });
    assert.deepEqual(h.asked, ['token', 'token']);
    // And the user server still gets its own answer, unasked.
    assert.deepEqual(await h.inputs.resolve(USER, []), { token: 'user-token' });
    assert.equal(h.asked.length, 2);
  });

  it('workspace settings (relay.mcpServers) naming a user input id are asked', async () => {
    const h = harness();
    h.answer('user-token');
    await h.inputs.resolve(USER, []);
    h.answer('other');
    assert.deepEqual(await h.inputs.resolve(REPO_SETTINGS, []), { token: 'other' });
  });

  it("one repository's answers do not reach another repository's servers", async () => {
    const h = harness('/ws/a/.vscode/settings.json');
    h.answer('a-token');
    await h.inputs.resolve(server('workspace', '/ws/a/.vscode/mcp.json'), []);
    await h.inputs.resolve(server('workspace', 'workspace settings (relay.mcpServers)'), []);
    h.workspace('/ws/b/.vscode/settings.json');
    h.answer('b');
    assert.deepEqual(await h.inputs.resolve(server('workspace', '/ws/b/.vscode/mcp.json'), []), { token: 'b' });
    assert.deepEqual(await h.inputs.resolve(server('workspace', 'workspace settings (relay.mcpServers)'), []), { token: 'b' });
    assert.equal(h.asked.length, 4);
  });

  it('answers are still asked once per scope and forgotten per scope', async () => {
    const h = harness();
    await h.inputs.resolve(REPO_FILE, []);
    await h.inputs.resolve({ ...REPO_FILE, name: 'other-on-same-file' }, []);
    assert.equal(h.asked.length, 1);
    await h.inputs.resolve(USER, []);
    await h.inputs.forget(REPO_FILE);
    await h.inputs.resolve(USER, []);
    assert.equal(h.asked.length, 2);
    await h.inputs.resolve(REPO_FILE, []);
    assert.equal(h.asked.length, 3);
  });
});
