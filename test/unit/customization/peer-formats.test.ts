// Realistic files as teams have them, checked against each source's own meaning (Claude Code's sub-agents and rules,
// Copilot's .agent.md with its tool sets and aliases, Roo/Kilo modes' groups, OpenCode's tools and permissions,
// Cursor's .mdc as Cursor writes it, Copilot's comma-separated applyTo).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { restrictionsFor } from '../../../src/core/customization/agents/agent-restrictions';
import { readAgents } from '../../../src/core/customization/agents/agents-kind';
import { resolveToolNames } from '../../../src/core/customization/agents/tool-names';
import type { FoundFile } from '../../../src/core/customization/registry';
import { chooseRules } from '../../../src/core/customization/rules/choose-rules';
import type { Rule } from '../../../src/core/customization/rules/rule';
import { createRulesKind } from '../../../src/core/customization/rules/rules-kind';
import { CustomizationService } from '../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../src/host/customization/node-files';

const AGENT_FILES: Record<string, string> = {
  '.claude/agents/code-reviewer.md': '---\nname: code-reviewer\ndescription: Expert code reviewer. Use proactively after code changes.\ntools: Read, Grep, Glob, Bash\ndisallowedTools: Write, Edit\nmodel: sonnet\n---\nYou are a senior code reviewer.\n',
  '.github/agents/planner.agent.md':
    "---\ndescription: Generate an implementation plan\nname: Planner\ntools: ['search/codebase', 'search/usages', 'web/fetch', 'read/terminalLastCommand', 'githubRepo', 'todo']\ntarget: vscode\ninfer: false\nhandoffs:\n  - label: Implement Plan\n    agent: agent\n    prompt: Implement the plan outlined above.\n    send: false\n---\nYou are in planning mode.\n",
  '.github/chatmodes/legacy.chatmode.md': "---\ndescription: 'Plan mode'\ntools: ['codebase', 'fetch', 'githubRepo', 'search', 'usages', 'runCommands', 'todos', 'mcp-server/*']\nmodel: Claude Sonnet 4\n---\nPlan.\n",
  '.roomodes':
    "customModes:\n  - slug: docs-writer\n    name: 📝 Documentation Writer\n    description: Writes docs\n    roleDefinition: >-\n      You are a technical writer.\n    whenToUse: Use for docs.\n    groups:\n      - read\n      - - edit\n        - fileRegex: \\.(md|mdx)$\n          description: Markdown files only\n      - command\n      - browser\n    source: project\n",
  '.kilocodemodes': '{\n  "customModes": [\n    {\n      "slug": "translate",\n      "name": "Translate",\n      "roleDefinition": "You translate.",\n      "groups": ["read", ["edit", { "fileRegex": "src/i18n/.*\\\\.json$", "description": "i18n JSON" }]]\n    }\n  ]\n}\n',
  '.opencode/agent/build.md': '---\ndescription: Builds\nmode: all\npermission:\n  edit: ask\n  bash:\n    "*": allow\n    "git push": ask\n    "rm -rf *": deny\n  webfetch: deny\n---\nBuild.\n',
  '.opencode/agent/review.md': '---\ndescription: Reviews code\nmode: subagent\nmodel: anthropic/claude-sonnet-4-20250514\ntemperature: 0.1\ntools:\n  write: false\n  edit: false\n  bash: false\n---\nReview.\n',
};

const AVAILABLE = new Map<string, string>([
  ['read_file', 'readonly'],
  ['list_files', 'readonly'],
  ['find_files', 'readonly'],
  ['search_text', 'readonly'],
  ['find_references', 'readonly'],
  ['edit_file', 'write'],
  ['write_file', 'write'],
  ['apply_patch', 'write'],
  ['run_command', 'execute'],
  ['read_output', 'readonly'],
  ['web_fetch', 'readonly'],
  ['check_page', 'readonly'],
  ['todo_write', 'readonly'],
  ['mcp__mcp-server__lookup', 'execute'],
  ['mcp__other__x', 'execute'],
  ['new_task', 'readonly'],
  ['attempt_completion', 'readonly'],
]);

const loaded = (() => {
  const files: FoundFile[] = Object.keys(AGENT_FILES).map((relative) => ({ path: `/ws/${relative}`, root: '/ws', relative }));
  return readAgents(files, (path) => AGENT_FILES[path.slice('/ws/'.length)]);
})();
const agents = loaded.entries;
const tools = (id: string) => restrictionsFor(agents.find((agent) => agent.id === id)!, AVAILABLE, '/ws');

describe('peer formats: agents', () => {
  test("Claude: tools and disallowedTools as comma strings, a model alias; Bash is the command tools", () => {
    const reviewer = tools('code-reviewer');
    assert.deepEqual(reviewer.allowedTools, ['read_file', 'list_files', 'find_files', 'search_text', 'run_command', 'read_output', 'todo_write', 'attempt_completion']);
    assert.deepEqual(agents.find((agent) => agent.id === 'code-reviewer')!.models, ['sonnet']);
  });

  test("Copilot: tools named inside a tool set (search/codebase, web/fetch, read/terminalLastCommand) are Relay's tools, not MCP servers", () => {
    const planner = tools('Planner');
    assert.deepEqual(planner.allowedTools, ['read_file', 'list_files', 'find_files', 'search_text', 'find_references', 'read_output', 'web_fetch', 'todo_write', 'attempt_completion']);
    assert.deepEqual(planner.warnings, ['Unknown tool "githubRepo" in the allow-list is ignored.']);
    const planned = agents.find((agent) => agent.id === 'Planner')!;
    assert.deepEqual([planned.modelInvocable, planned.placement, planned.handoffs.length], [false, 'user', 1]);
    // An MCP server that happens to have a tool set's name stays an MCP server.
    const withServer = new Map([...AVAILABLE, ['mcp__search__codebase', 'execute']]);
    assert.deepEqual(resolveToolNames(['search/codebase'], withServer, 'allow').names, ['mcp__search__codebase']);
    // The specification's aliases.
    assert.deepEqual(resolveToolNames(['shell', 'todo', 'custom-agent'], AVAILABLE, 'allow'), { names: ['run_command', 'read_output', 'todo_write', 'new_task'], warnings: [], notices: [] });
  });

  test('Copilot chat mode: legacy names, a tool set, an MCP server wildcard', () => {
    assert.deepEqual(tools('legacy').allowedTools, ['read_file', 'list_files', 'find_files', 'search_text', 'find_references', 'run_command', 'read_output', 'web_fetch', 'todo_write', 'mcp__mcp-server__lookup', 'attempt_completion']);
  });

  test("Roo and Kilo: the read group is every reading tool (it lists and searches), browser is the web, fileRegex limits edits", () => {
    const writer = tools('docs-writer');
    assert.deepEqual(writer.allowedTools, ['read_file', 'list_files', 'find_files', 'search_text', 'find_references', 'edit_file', 'write_file', 'apply_patch', 'run_command', 'read_output', 'web_fetch', 'check_page', 'todo_write', 'attempt_completion']);
    assert.equal(writer.callGuards[0]!({ name: 'write_file', kind: 'write', params: { path: 'docs/a.mdx' } }), undefined);
    assert.notEqual(writer.callGuards[0]!({ name: 'write_file', kind: 'write', params: { path: 'src/a.ts' } }), undefined);
    const translate = tools('translate');
    assert.deepEqual(translate.allowedTools, ['read_file', 'list_files', 'find_files', 'search_text', 'find_references', 'edit_file', 'write_file', 'apply_patch', 'todo_write', 'attempt_completion']);
    assert.equal(translate.callGuards[0]!({ name: 'edit_file', kind: 'write', params: { path: 'src/i18n/zh.json' } }), undefined);
  });

  test('OpenCode: tools set to false are denied, a subagent is not in the picker', () => {
    const review = tools('review');
    assert.deepEqual(review.disallowedTools.sort(), ['apply_patch', 'edit_file', 'read_output', 'run_command', 'write_file']);
    assert.equal(agents.find((agent) => agent.id === 'review')!.userInvocable, false);
  });

  test("OpenCode: a permission Relay cannot apply per agent (ask, command patterns) is said in the file's problems, never silently dropped; deny applies", () => {
    const build = tools('build');
    assert.deepEqual(build.disallowedTools, ['web_fetch'], 'webfetch: deny');
    assert.equal(agents.find((agent) => agent.id === 'build')!.modelInvocable, true, 'mode: all');
    const problems = loaded.files.find((file) => file.path.endsWith('/build.md'))!.problems.map((p) => p.message);
    assert.deepEqual(problems, [
      '"permission.edit: ask" is not applied: your approval mode and rules decide when Relay asks.',
      'The patterns of "permission.bash" are not applied (git push: ask, rm -rf *: deny): your approval mode and rules decide these calls; deny the whole tool with "bash: deny".',
    ]);
  });

  test('an unknown name: ignored with a warning in an allow-list, the nearest category in a deny-list', () => {
    assert.deepEqual(resolveToolNames(['Frobnicate'], AVAILABLE, 'allow').names, []);
    const denied = resolveToolNames(['WebFetchh'], AVAILABLE, 'deny');
    assert.deepEqual(denied.names, ['web_fetch', 'check_page'], 'the whole web category');
    assert.match(denied.warnings[0]!, /WebFetchh/);
  });
});

describe('peer formats: rules', () => {
  const base = mkdtempSync(join(tmpdir(), 'relay-peer-rules-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  };

  test("Cursor's unquoted globs (as Cursor writes them), comma strings and lists; Copilot's comma applyTo; Claude's paths as a string", async () => {
    write('.cursor/rules/ts.mdc', '---\ndescription:\nglobs: *.ts\nalwaysApply: false\n---\nCursor TS.');
    write('.cursor/rules/tests.mdc', '---\ndescription:\nglobs: src/**/*.ts, test/**\nalwaysApply: false\n---\nCursor src and tests.');
    write('.cursor/rules/list.mdc', '---\nglobs:\n  - docs/**\n  - "*.md"\n---\nCursor docs.');
    write('.github/instructions/tsx.instructions.md', '---\napplyTo: "**/*.ts,**/*.tsx"\n---\nCopilot TS.');
    write('.claude/rules/api.md', '---\npaths: "src/api/**/*.{ts,tsx}"\n---\nClaude API.');
    const service = new CustomizationService(new NodeCustomizationFiles([base]));
    service.register(createRulesKind('Rules', undefined));
    const loaded = await service.get<Rule>('rules');
    const globs = Object.fromEntries(loaded.entries.map((rule) => [rule.display, [rule.activation, rule.globs]]));
    assert.deepEqual(globs['.cursor/rules/ts.mdc'], ['glob', ['*.ts']]);
    assert.deepEqual(globs['.cursor/rules/tests.mdc'], ['glob', ['src/**/*.ts', 'test/**']]);
    assert.deepEqual(globs['.cursor/rules/list.mdc'], ['glob', ['docs/**', '*.md']]);
    assert.deepEqual(globs['.github/instructions/tsx.instructions.md'], ['glob', ['**/*.ts', '**/*.tsx']]);
    assert.deepEqual(globs['.claude/rules/api.md'], ['glob', ['src/api/**/*.{ts,tsx}']]);
    const problems = loaded.files.find((file) => file.path.endsWith('/ts.mdc'))!.problems;
    assert.deepEqual(problems.map((p) => p.line), [3], 'the unquoted glob is noted at its line');
    const active = (file: string) => chooseRules(loaded.entries, { touched: [join(base, file)], named: [] }).active.map((a) => a.rule.display).sort();
    assert.deepEqual(active('lib/util.ts'), ['.cursor/rules/ts.mdc', '.github/instructions/tsx.instructions.md']);
    assert.deepEqual(active('src/api/x.tsx'), ['.claude/rules/api.md', '.github/instructions/tsx.instructions.md']);
    assert.deepEqual(active('test/a.py'), ['.cursor/rules/tests.mdc']);
  });
});
