// An agent's, mode's or prompt file's tool list that names an MCP server (Copilot's `server/*` and `server/tool`,
// Claude's `mcp__server` and `mcp__server__tool`) gives the agent nothing when no such server runs here: the
// person is told (a notice for the chat, a line in Show Customizations) instead of the agent silently losing tools.
// A deny-list naming a missing server takes nothing away, so it says nothing; Copilot's own tool sets are not servers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { restrictionsFor } from '../../../src/core/customization/agents/agent-restrictions';
import { BUILTIN_AGENTS } from '../../../src/core/customization/agents/builtin-agents';
import { resolveToolNames } from '../../../src/core/customization/agents/tool-names';

const AVAILABLE = new Map<string, string>([
  ['read_file', 'readonly'],
  ['edit_file', 'write'],
  ['run_command', 'execute'],
  ['mcp__github__create_issue', 'execute'],
  ['mcp__github__list_issues', 'execute'],
  ['mcp__my_db__query', 'execute'],
]);

describe('a tool list naming an MCP server that gives no tool', () => {
  const missing: [string, string][] = [
    ['jira/*', 'jira'],
    ['jira/create_ticket', 'jira'],
    ['jira/', 'jira'],
    ['mcp__jira', 'jira'],
    ['mcp__jira__create_ticket', 'jira'],
    ['Sentry/*', 'Sentry'],
    ['my.cache/*', 'my_cache'],
  ];
  for (const [name, server] of missing) {
    test(`${name}: a notice naming the server "${server}"`, () => {
      const resolved = resolveToolNames(['read', name], AVAILABLE, 'allow');
      assert.equal(resolved.notices.length, 1, JSON.stringify(resolved));
      assert.match(resolved.notices[0]!, new RegExp(`names the MCP server "${server}", which is not configured or not running here`));
      assert.ok(resolved.warnings.includes(resolved.notices[0]!), 'Show Customizations lists it with the other warnings');
    });
  }

  const present = ['github/*', 'github/create_issue', 'mcp__github', 'mcp__github__list_issues', 'my.db/query', 'mcp__*', 'mcp', '*'];
  for (const name of present) {
    test(`${name}: a server that runs (or every server) says nothing`, () => {
      assert.deepEqual(resolveToolNames(['read', name], AVAILABLE, 'allow').notices, []);
    });
  }

  test("Copilot's own tool sets (search/*, edit/*, runCommands) are not MCP servers", () => {
    assert.deepEqual(resolveToolNames(['search/*', 'edit/*', 'runCommands', 'web/fetch'], AVAILABLE, 'allow').notices, []);
  });

  test('a deny-list naming a missing server takes nothing away and says nothing', () => {
    assert.deepEqual(resolveToolNames(['jira/*', 'mcp__jira'], AVAILABLE, 'deny').notices, []);
  });

  test("one notice per name, carried by the agent's restrictions; the rest of the list still applies", () => {
    const restrictions = restrictionsFor({ ...BUILTIN_AGENTS[0]!, name: 'Tracker', allow: ['read', 'jira/*', 'jira/*', 'github/*'] }, AVAILABLE, '/ws');
    assert.equal(restrictions.notices.length, 1);
    assert.deepEqual(restrictions.allowedTools?.sort(), ['mcp__github__create_issue', 'mcp__github__list_issues', 'read_file']);
  });
});
