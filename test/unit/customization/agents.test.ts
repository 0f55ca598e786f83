// Agents in every peer's format, tool-name mapping, and enforcement in the tool layer: a denied tool is not
// offered and its call is refused, a file restriction refuses an edit outside it, and a sub-agent inherits both.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { restrictionsFor } from '../../../src/core/customization/agents/agent-restrictions';
import type { AgentDefinition } from '../../../src/core/customization/agents/agent';
import { readAgents } from '../../../src/core/customization/agents/agents-kind';
import { resolveToolNames } from '../../../src/core/customization/agents/tool-names';
import type { FoundFile } from '../../../src/core/customization/registry';
import { ATTEMPT_COMPLETION, NEW_TASK } from '../../../src/core/tools';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from '../agent/fakes';

const ROOT = '/ws';
const FILES: Record<string, string> = {
  '.relay/agents/docs.md': '---\ndescription: Writes docs\ntools: [read, edit]\nfiles: ["docs/**"]\nmodel: [gpt-5, claude-sonnet-5-5]\napprovalMode: auto-edit\nhandoffs:\n  - label: Review\n    agent: reviewer\n    prompt: Review it\n---\nYou write documentation.',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep, Glob, mcp__github\ndisallowedTools: Bash\nmodel: inherit\npermissionMode: plan\nunknownKey: 1\n---\nYou are a strict reviewer.',
  '.claude/agents/nodesc.md': '---\nname: nodesc\ntools: 3\n---\nBody.',
  '.github/agents/planner.agent.md': '---\ndescription: Plans\ntools: [search, fetch, github/*]\nmodel: [GPT-5 (copilot), Claude Sonnet 4.5 (copilot)]\nuser-invocable: false\nhandoffs:\n  - label: Implement\n    agent: agent\n    send: true\n  - label: broken\n---\nPlan first.',
  '.github/chatmodes/legacy.chatmode.md': '---\ndescription: Old mode\ntools: [codebase, editFiles, runCommands]\n---\nLegacy.',
  '.roomodes': 'customModes:\n  # a comment\n  - slug: docs-writer\n    name: Docs Writer\n    roleDefinition: You are a technical writer.\n    whenToUse: For docs\n    customInstructions: Use plain words.\n    groups:\n      - read\n      - - edit\n        - fileRegex: \\.(md|mdx)$\n          description: Markdown only\n  - slug: bad slug!\n    name: Bad\n    groups: [read]\n  - slug: reviewer\n    name: Roo reviewer\n    roleDefinition: Review.\n    groups: [read, browser]\n',
  '.kilocodemodes': '{"customModes": [{"slug": "ask-kilo", "name": "Ask", "roleDefinition": "Answer.", "groups": ["read", "mcp"]}]}',
  '.opencode/agent/security.md': '---\ndescription: Security audit\nmode: subagent\nmodel: anthropic/claude-sonnet-4\ntools:\n  write: false\n  edit: false\npermission:\n  bash: deny\n---\nAudit for security issues.',
  'opencode.json': '{\n  // comment\n  "agent": {\n    "build": {"description": "Builds", "mode": "primary", "permission": {"edit": {"*": "deny", "src/**": "allow"}}},\n    "off": {"disable": true},\n  }\n}',
};

function load() {
  const files: FoundFile[] = Object.keys(FILES).map((relative) => ({ path: `${ROOT}/${relative}`, root: ROOT, relative }));
  return readAgents(files, (path) => FILES[path.slice(ROOT.length + 1)]);
}

const AVAILABLE = new Map<string, string>([
  ['read_file', 'readonly'],
  ['list_files', 'readonly'],
  ['find_files', 'readonly'],
  ['search_text', 'readonly'],
  ['edit_file', 'write'],
  ['write_file', 'write'],
  ['apply_patch', 'write'],
  ['rename_symbol', 'write'],
  ['run_command', 'execute'],
  ['read_output', 'readonly'],
  ['check_page', 'readonly'],
  ['web_fetch', 'readonly'],
  ['todo_write', 'readonly'],
  ['mcp__github__create_issue', 'execute'],
  ['mcp__db__query', 'execute'],
  [NEW_TASK, 'readonly'],
  [ATTEMPT_COMPLETION, 'readonly'],
]);

describe('agents: every format', () => {
  const { entries, files } = load();
  const byId = (id: string) => entries.find((agent) => agent.id === id)!;

  test('reads each source with its fields; a name two sources share keeps both under prefixes', () => {
    assert.deepEqual(entries.map((agent) => agent.id).sort(), ['ask-kilo', 'build', 'claude:reviewer', 'docs', 'docs-writer', 'legacy', 'nodesc', 'planner', 'roo:reviewer', 'security']);
    const docs = byId('docs');
    assert.deepEqual([docs.allow, docs.models, docs.approvalMode, docs.files?.patterns, docs.handoffs], [['read', 'edit'], ['gpt-5', 'claude-sonnet-5-5'], 'auto-edit', [{ glob: 'docs/**', action: 'allow' }], [{ label: 'Review', agent: 'reviewer', prompt: 'Review it' }]]);
    const reviewer = byId('claude:reviewer');
    assert.deepEqual([reviewer.allow, reviewer.deny, reviewer.models, reviewer.approvalMode, reviewer.placement, reviewer.prompt], [['Read', 'Grep', 'Glob', 'mcp__github'], ['Bash'], [], 'plan', 'system', 'You are a strict reviewer.']);
    const planner = byId('planner');
    assert.deepEqual([planner.placement, planner.userInvocable, planner.models.length, planner.handoffs], ['user', false, 2, [{ label: 'Implement', agent: 'agent', send: true }]]);
    const writer = byId('docs-writer');
    assert.deepEqual([writer.placement, writer.prompt, writer.instructions, writer.allow, writer.files], ['role-first', 'You are a technical writer.', 'Use plain words.', ['group:read', 'group:edit'], { regex: '\\.(md|mdx)$', description: 'Markdown only' }]);
    const security = byId('security');
    assert.deepEqual([security.userInvocable, security.deny.sort(), security.models], [false, ['bash', 'edit', 'write'], ['anthropic/claude-sonnet-4']]);
    assert.deepEqual(byId('build').files?.patterns, [{ glob: '*', action: 'deny' }, { glob: 'src/**', action: 'allow' }]);
    assert.equal(byId('build').modelInvocable, false);
  });

  test('problems are reported per file: wrong types, a missing description, a bad slug, a broken handoff', () => {
    const messages = (path: string) => files.find((file) => file.path.endsWith(path))!.problems.map((p) => p.message).join('\n');
    assert.match(messages('nodesc.md'), /"tools" should be a list/);
    assert.match(messages('nodesc.md'), /"description" is required/);
    assert.match(messages('.roomodes'), /needs a "slug"/);
    assert.match(messages('planner.agent.md'), /handoff needs/);
  });
});

describe('agents: tool names onto Relay tools', () => {
  test('Claude, Copilot, Roo and OpenCode names, MCP forms, unknown names', () => {
    assert.deepEqual(resolveToolNames(['Read', 'Grep', 'Bash'], AVAILABLE, 'allow').names, ['read_file', 'search_text', 'run_command', 'read_output']);
    assert.deepEqual(resolveToolNames(['github/*', 'db/query', 'mcp__github'], AVAILABLE, 'allow').names, ['mcp__github__*', 'mcp__db__query']);
    assert.deepEqual(resolveToolNames(['edit'], AVAILABLE, 'allow').names, ['edit_file', 'write_file', 'apply_patch', 'rename_symbol']);
    assert.deepEqual(resolveToolNames(['browser'], AVAILABLE, 'allow').names, ['web_fetch', 'check_page']);
    const unknownAllow = resolveToolNames(['Frobnicate'], AVAILABLE, 'allow');
    assert.deepEqual([unknownAllow.names, unknownAllow.warnings.length], [[], 1]);
    const unknownDeny = resolveToolNames(['Bsh'], AVAILABLE, 'deny');
    assert.deepEqual(unknownDeny.names, ['run_command', 'read_output']);
    assert.match(unknownDeny.warnings[0]!, /nearest category: command/);
  });

  test('restrictions: allow-list keeps the essentials, deny-list applies after, MCP prefixes expand', () => {
    const { entries } = load();
    const reviewer = restrictionsFor(entries.find((a) => a.id === 'claude:reviewer')!, AVAILABLE, ROOT);
    assert.deepEqual(reviewer.allowedTools, ['read_file', 'list_files', 'find_files', 'search_text', 'todo_write', 'mcp__github__create_issue', ATTEMPT_COMPLETION]);
    assert.deepEqual(reviewer.disallowedTools, ['run_command', 'read_output']);
    const security = restrictionsFor(entries.find((a) => a.id === 'security')!, AVAILABLE, ROOT);
    assert.equal(security.allowedTools, undefined);
    assert.deepEqual(security.disallowedTools.sort(), ['apply_patch', 'edit_file', 'read_output', 'rename_symbol', 'run_command', 'write_file']);
  });

  test('file restrictions: Roo fileRegex, OpenCode patterns (last match wins), renames refused, reads untouched', () => {
    const { entries } = load();
    const guard = (id: string) => restrictionsFor(entries.find((a) => a.id === id)!, AVAILABLE, ROOT).callGuards[0]!;
    const writer = guard('docs-writer');
    assert.equal(writer({ name: 'write_file', kind: 'write', params: { path: 'docs/a.md' } }), undefined);
    assert.match(writer({ name: 'edit_file', kind: 'write', params: { path: '/ws/src/a.ts' } })!.model, /may not edit src\/a\.ts.*Markdown only/);
    assert.match(writer({ name: 'apply_patch', kind: 'write', params: { patch: '*** Begin Patch\n*** Update File: a.md\n*** Add File: b.ts\n*** End Patch' } })!.model, /b\.ts/);
    assert.notEqual(writer({ name: 'rename_symbol', kind: 'write', params: { path: 'a.md' } }), undefined);
    assert.equal(writer({ name: 'read_file', kind: 'readonly', params: { path: 'src/a.ts' } }), undefined);
    const build = guard('build');
    assert.equal(build({ name: 'write_file', kind: 'write', params: { path: 'src/x.ts' } }), undefined);
    assert.notEqual(build({ name: 'write_file', kind: 'write', params: { path: 'README.md' } }), undefined);
  });
});

describe('agents: enforced in the tool layer and inherited by sub-agents', () => {
  const agent = (overrides: Partial<AgentDefinition>): AgentDefinition => ({ id: 'a', name: 'A', source: 'test', path: '', prompt: '', placement: 'system', deny: [], models: [], handoffs: [], modelInvocable: true, userInvocable: true, ...overrides });
  const kinds = new Map([['read_file', 'readonly'], ['run_command', 'execute'], ['write_file', 'write'], [NEW_TASK, 'readonly'], [ATTEMPT_COMPLETION, 'readonly']]);

  test('a denied tool is not offered and a call to it is refused; a guarded edit is refused; both hold in a sub-agent', async () => {
    const restrictions = restrictionsFor(agent({ deny: ['Bash'], files: { regex: '^docs/' } }), kinds, '/work/project');
    const read = testTool('read_file');
    const run = testTool('run_command', 'execute');
    const write = testTool('write_file', 'write');
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'p1', name: 'run_command', args: { command: 'ls' } }, { id: 'p2', name: 'write_file', args: { path: 'src/a.ts' } }),
      turn(undefined, { id: 'p3', name: NEW_TASK, args: { prompt: 'Do it in a sub-agent', description: 'sub' } }),
      // the sub-agent's turns
      turn(undefined, { id: 's1', name: 'run_command', args: { command: 'ls' } }, { id: 's2', name: 'write_file', args: { path: 'src/b.ts' } }),
      complete('s3', 'Sub done.'),
      complete('p4', 'Done.'),
    ]);
    const { session } = sessionFor(provider, registryOf(read, run, write), {
      disallowedTools: restrictions.disallowedTools,
      callGuards: restrictions.callGuards,
      subAgents: { maxDepth: 1, extraTools: ['run_command', 'write_file'] },
    });
    await session.send('Go');
    const first = provider.requests[0]!;
    assert.deepEqual(first.tools.map((tool) => tool.name).includes('run_command'), false, 'not offered');
    const results = provider.requests[1]!.messages.at(-1)!.content as { callId: string; content: string; isError?: boolean }[];
    assert.match(results.find((r) => r.callId === 'p1')!.content, /not allowed in this task/);
    assert.match(results.find((r) => r.callId === 'p2')!.content, /may not edit src\/a\.ts/);
    const subRequest = provider.requests[2]!;
    assert.deepEqual(subRequest.tools.map((tool) => tool.name).includes('run_command'), false, 'not offered to the sub-agent');
    const subResults = provider.requests[3]!.messages.at(-1)!.content as { callId: string; content: string }[];
    assert.match(subResults.find((r) => r.callId === 's1')!.content, /not allowed in this task/);
    assert.match(subResults.find((r) => r.callId === 's2')!.content, /may not edit src\/b\.ts/);
    assert.equal(run.finalRuns().length + write.finalRuns().length, 0);
  });
});

describe('agents: delegation by name through new_task', () => {
  test('the named agent\'s denials and file guard add to the parent\'s in the sub-agent, its prompt leads; an unknown name fails', async () => {
    const read = testTool('read_file');
    const write = testTool('write_file', 'write');
    const docs = restrictionsFor(
      { id: 'docs', name: 'docs', source: 'test', path: '', prompt: 'You write docs.', placement: 'system', deny: [], models: [], handoffs: [], modelInvocable: true, userInvocable: true, files: { regex: '\\.md$' } },
      new Map([['read_file', 'readonly'], ['write_file', 'write']]),
      '/work/project',
    );
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'p1', name: NEW_TASK, args: { prompt: 'Write docs', description: 'docs', agent: 'docs' } }),
      turn(undefined, { id: 's1', name: 'write_file', args: { path: 'src/a.ts' } }, { id: 's2', name: 'write_file', args: { path: 'README.md' } }),
      complete('s3', 'Docs written.'),
      turn(undefined, { id: 'p2', name: NEW_TASK, args: { prompt: 'x', description: 'x', agent: 'nobody' } }),
      complete('p3', 'Done.'),
    ]);
    const { session } = sessionFor(provider, registryOf(read, write), {
      subAgents: { maxDepth: 1, extraTools: ['write_file'] },
      delegates: [{ name: 'docs', description: 'Writes docs', disallowedTools: docs.disallowedTools, callGuards: docs.callGuards, prompt: { name: 'docs', text: 'You write docs.', position: 'first' } }],
    });
    await session.send('Go');
    assert.match(provider.requests[0]!.system, /# Agents you can delegate to[\s\S]*- docs: Writes docs/);
    assert.match(provider.requests[1]!.system, /^# Agent: docs\n\nYou write docs\./);
    const subResults = provider.requests[2]!.messages.at(-1)!.content as { callId: string; content: string }[];
    assert.match(subResults.find((r) => r.callId === 's1')!.content, /may not edit src\/a\.ts/);
    assert.doesNotMatch(subResults.find((r) => r.callId === 's2')!.content, /may not edit/);
    const parentResults = provider.requests[4]!.messages.at(-1)!.content as { callId: string; content: string }[];
    assert.match(parentResults.find((r) => r.callId === 'p2')!.content, /no agent "nobody"/);
    assert.deepEqual(write.finalRuns().map((run) => run.params), [{ path: 'README.md' }]);
  });
});
