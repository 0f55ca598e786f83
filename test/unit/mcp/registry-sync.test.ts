// The registries of live tasks follow the servers' tools: added, replaced and removed, never clobbering a
// name another source registered; a collected registry is dropped.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { McpToolEntry } from '../../../src/core/mcp/catalog';
import { ToolRegistry } from '../../../src/core/tools';
import { RegistrySync } from '../../../src/host/mcp/registry-sync';
import { recordingTool } from '../tools/fixtures';

const entry = (name: string, kind: McpToolEntry['kind'] = 'readonly'): McpToolEntry => ({ name, kind, serverName: 's', toolName: name, factory: recordingTool({ name }).factory });

describe('registry sync', () => {
  test('tools follow the server; other registrations stay; the trust filter applies', () => {
    let current = [entry('mcp__s__a'), entry('mcp__s__b', 'execute'), entry('read_file')];
    const registry = new ToolRegistry();
    registry.registerFactory('read_file', recordingTool({ name: 'read_file' }).factory);
    const sync = new RegistrySync();
    sync.attach(registry, new Set(['read_file']), (e) => e.kind === 'readonly', () => current);
    assert.deepEqual(registry.list().map((t) => `${t.name}:${t.source}`).sort(), ['mcp__s__a:mcp', 'read_file:builtin']);
    current = [entry('mcp__s__c')];
    sync.refresh();
    assert.deepEqual(registry.list().map((t) => t.name).sort(), ['mcp__s__c', 'read_file']);
    current = [];
    sync.refresh();
    assert.deepEqual(registry.list().map((t) => t.name), ['read_file']);
  });
});
