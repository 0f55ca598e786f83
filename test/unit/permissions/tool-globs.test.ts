// Rules can name tools by glob (`mcp__github__*`), so one rule covers every tool of an MCP server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from './fixtures';
import type { PermissionRule } from '../../../src/core/permissions';
import { toolNameMatches } from '../../../src/core/permissions/rules';

const rule = (tool: string, pattern: string, action: PermissionRule['action']): PermissionRule => ({ tool, pattern, action });

async function mcpCall(name: string, kind: 'readonly' | 'execute', rules: PermissionRule[]) {
  return policyFor('default', { rules }).evaluate({ toolName: name, kind, targets: {} });
}

describe('tool name globs in rules', () => {
  test('a glob matches by prefix and only that', () => {
    assert.equal(toolNameMatches('mcp__github__*', 'mcp__github__create_issue'), true);
    assert.equal(toolNameMatches('mcp__github__*', 'mcp__gitlab__create_issue'), false);
    assert.equal(toolNameMatches('mcp__*__delete_*', 'mcp__db__delete_rows'), true);
    assert.equal(toolNameMatches('mcp.x', 'mcpax'), false, 'dots are literal');
    assert.equal(toolNameMatches('read_file', 'read_file'), true);
    assert.equal(toolNameMatches('read_file', 'read_files'), false);
  });

  test('an allow glob lets an MCP execute tool run without asking; other servers still ask', async () => {
    const rules = [rule('mcp__github__*', '*', 'allow')];
    assert.equal((await mcpCall('mcp__github__create_issue', 'execute', rules)).action, 'allow');
    assert.equal((await mcpCall('mcp__slack__post', 'execute', rules)).action, 'ask');
  });

  test('an exact tool rule beats a glob; a deny glob beats an exact allow', async () => {
    const ask = [rule('mcp__github__*', '*', 'allow'), rule('mcp__github__delete_repo', '*', 'ask')];
    assert.equal((await mcpCall('mcp__github__delete_repo', 'execute', ask)).action, 'ask');
    assert.equal((await mcpCall('mcp__github__list_issues', 'execute', ask)).action, 'allow');
    const deny = [rule('mcp__github__delete_repo', '*', 'allow'), rule('mcp__github__*', '*', 'deny')];
    assert.equal((await mcpCall('mcp__github__delete_repo', 'execute', deny)).action, 'deny');
  });
});
