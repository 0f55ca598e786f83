// The command sources read beyond each peer's workspace markdown: OpenCode's `command` map in opencode.json(c)
// (JSONC comments, missing and wrong fields, a name clash with a .opencode/command file), read with the same
// argument syntax as its markdown commands; Cline's global workflows in ~/Documents/Cline/Workflows.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SlashCommand } from '../../../../src/core/customization/commands/command';
import { findCommand, readCommands } from '../../../../src/core/customization/commands/commands-kind';
import { expandCommand, joinPieces } from '../../../../src/core/customization/commands/expand';
import type { FoundFile } from '../../../../src/core/customization/registry';

const ROOT = '/ws';
const HOME = '/home/dev';

const OPENCODE_JSONC = `{
  "$schema": "https://opencode.ai/config.json",
  // Commands the team shares
  "command": {
    "test": {
      "template": "Run the full test suite with coverage.\\nFocus on $1, then $ARGUMENTS.\\n!\`npm test\`",
      "description": "Run tests with coverage",
      "agent": "build",
      "model": "anthropic/claude-haiku-4-5",
    },
    /* no template: skipped */
    "broken": { "description": "nothing to send" },
    "typed": { "template": "Typed.", "description": ["not", "text"], "agent": 7 },
    "review": { "template": "JSON review of $ARGUMENTS.", "agent": "plan" },
    "notamap": "Just a string",
  },
  "agent": { "reviewer": { "description": "not a command" } },
}
`;

function load(workspace: Record<string, string>, user: Record<string, string> = {}) {
  const files: FoundFile[] = [
    ...Object.keys(workspace).map((relative) => ({ path: `${ROOT}/${relative}`, root: ROOT, relative })),
    ...Object.keys(user).map((relative) => ({ path: `${HOME}/${relative}`, root: undefined, relative })),
  ];
  const text = (path: string) => (path.startsWith(`${ROOT}/`) ? workspace[path.slice(ROOT.length + 1)] : user[path.slice(HOME.length + 1)]);
  return readCommands(files, text, HOME);
}

const expanded = (command: SlashCommand, args: string) => joinPieces(expandCommand(command, args, {}).pieces, (cmd) => `<ran ${cmd}>`);

describe('OpenCode commands in opencode.json', () => {
  const loaded = load({ 'opencode.jsonc': OPENCODE_JSONC, '.opencode/command/review.md': '---\ndescription: Markdown review\n---\nMarkdown review of $ARGUMENTS.' });
  const byId = (id: string) => {
    const command = findCommand(loaded.entries, id);
    assert.ok(command, id);
    return command;
  };

  test('each entry of the `command` map is a command with its fields; comments and trailing commas are fine', () => {
    const command = byId('test');
    assert.equal(command.source, 'OpenCode command (opencode.json)');
    assert.equal(command.path, `${ROOT}/opencode.jsonc`);
    assert.equal(command.description, 'Run tests with coverage');
    assert.equal(command.agent, 'agent', "OpenCode's build agent is Relay's Agent");
    assert.equal(command.model, 'anthropic/claude-haiku-4-5');
    assert.equal(command.syntax, 'opencode');
    assert.equal(command.shell, true);
    assert.equal(expanded(command, 'unit the rest'), 'Run the full test suite with coverage.\nFocus on unit the rest, then unit the rest.\n<ran npm test>', 'the last position takes the rest, as in OpenCode');
  });

  test('a missing template skips the entry; wrong types are reported and ignored; the agent section is no command', () => {
    const ids = loaded.entries.map((c) => c.id);
    assert.ok(!ids.some((id) => /broken|notamap|reviewer/.test(id)), ids.join(', '));
    const typed = byId('typed');
    assert.equal(typed.description, undefined);
    assert.equal(typed.agent, '7', 'a number is read as text, as in frontmatter');
    const report = loaded.files.find((f) => f.path === `${ROOT}/opencode.jsonc`)!;
    const problems = report.problems.map((p) => `${p.line}: ${p.message}`);
    assert.ok(problems.some((p) => /^12: .*"broken".*template/.test(p)), problems.join('\n'));
    assert.ok(problems.some((p) => /^15: .*"notamap".*template/.test(p)), problems.join('\n'));
    assert.ok(problems.some((p) => /^13: "description" should be text/.test(p)), problems.join('\n'));
    assert.match(report.summary!, /\/test \(Run tests with coverage\)/);
  });

  test('a name a .opencode/command file also defines stays available under each prefix', () => {
    assert.equal(findCommand(loaded.entries, 'review'), undefined);
    assert.equal(byId('opencode-json:review').body, 'JSON review of $ARGUMENTS.');
    assert.equal(byId('opencode-json:review').agent, 'plan');
    assert.equal(byId('opencode:review').body, 'Markdown review of $ARGUMENTS.');
  });

  test('`commands` (the newer key) is read too; broken JSON is reported at its line and the rest kept', () => {
    const { entries, files } = load({ 'opencode.json': '{\n  "commands": {\n    "lint": { "template": "Lint $ARGUMENTS." }\n  },\n  "model": \n}\n' });
    assert.deepEqual(entries.map((c) => c.id), ['lint']);
    assert.ok(files[0]!.problems.some((p) => p.line === 6), JSON.stringify(files[0]!.problems));
    const notAMap = load({ 'opencode.json': '{ "command": ["x"] }' });
    assert.deepEqual(notAMap.entries, []);
    assert.match(notAMap.files[0]!.problems[0]!.message, /"command" should be a map/);
  });

  test("the global ~/.config/opencode/opencode.json is read as the user's; the workspace's same name wins", () => {
    const { entries, files } = load(
      { 'opencode.json': '{ "command": { "test": { "template": "Workspace test." } } }' },
      { '.config/opencode/opencode.json': '{ "command": { "test": { "template": "User test." }, "deploy": { "template": "Deploy $1." } } }', '.config/opencode/package.json': '{}' },
    );
    assert.equal(findCommand(entries, 'test')!.body, 'Workspace test.');
    const deploy = findCommand(entries, 'deploy')!;
    assert.equal(deploy.userLevel, true);
    const report = files.find((f) => f.path === `${HOME}/.config/opencode/opencode.json`)!;
    assert.match(report.source, /\(user\)/);
    assert.match(report.summary!, /\/deploy.*\/test is already defined/);
    assert.ok(!files.some((f) => f.path.endsWith('package.json')));
  });
});

describe("Cline's global workflows", () => {
  test('~/Documents/Cline/Workflows/*.md are user-level workflows, typed with or without .md; the project one wins', () => {
    const { entries, files } = load(
      { '.clinerules/workflows/release.md': 'Project release steps.' },
      {
        'Documents/Cline/Workflows/release.md': 'Global release steps.',
        'Documents/Cline/Workflows/deploy.md': '# Deploy\n\n1. Build.\n2. Ship $ARGUMENTS as written.',
        'Documents/Cline/Workflows/notes.txt': 'not a workflow',
        'Documents/Cline/Rules/style.md': 'a rule, not a workflow',
      },
    );
    const deploy = findCommand(entries, 'deploy.md');
    assert.ok(deploy);
    assert.equal(findCommand(entries, 'deploy'), deploy);
    assert.equal(deploy.userLevel, true);
    assert.equal(deploy.source, 'Cline workflow');
    assert.equal(deploy.syntax, 'plain');
    assert.equal(expanded(deploy, 'v2'), '# Deploy\n\n1. Build.\n2. Ship $ARGUMENTS as written.\n\nv2');
    assert.equal(findCommand(entries, 'release')!.body, 'Project release steps.');
    assert.match(files.find((f) => f.path === `${HOME}/Documents/Cline/Workflows/release.md`)!.summary!, /already defined/);
    assert.deepEqual(entries.map((c) => c.id).sort(), ['deploy', 'release']);
  });
});
