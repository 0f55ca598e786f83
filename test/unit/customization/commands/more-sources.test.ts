// The command sources read beyond each peer's workspace markdown: OpenCode's `command` map in opencode.json(c)
// (JSONC comments, missing and wrong fields, a name clash with a .opencode/command file), read with the same
// argument syntax as its markdown commands; Cline's global workflows in ~/Documents/Cline/Workflows; Copilot's user
// prompt files in VS Code's profile folder (`<user data>/User/prompts`), found on disk through the service.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { SlashCommand } from '../../../../src/core/customization/commands/command';
import { COMMANDS_KIND_ID, createCommandsKind, findCommand, readCommands } from '../../../../src/core/customization/commands/commands-kind';
import { expandCommand, joinPieces } from '../../../../src/core/customization/commands/expand';
import type { FoundFile } from '../../../../src/core/customization/registry';
import { CustomizationService } from '../../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../../src/host/customization/node-files';

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

  test("OpenCode's `subtask: true`, in a command file or the map, marks a sub-agent command; a wrong value is reported", () => {
    const { entries, files } = load({
      '.opencode/command/scan.md': '---\nsubtask: true\nagent: scout\n---\nScan $ARGUMENTS.',
      '.opencode/command/inline.md': '---\nsubtask: false\n---\nInline.',
      'opencode.json': '{ "command": { "dig": { "template": "Dig.", "subtask": true }, "odd": { "template": "Odd.", "subtask": "maybe" } } }',
    });
    const by = (id: string) => entries.find((c) => c.id === id)!;
    assert.equal(by('scan').subtask, true);
    assert.equal(by('scan').agent, 'scout');
    assert.equal(by('dig').subtask, true);
    assert.equal(by('inline').subtask, undefined);
    assert.equal(by('odd').subtask, undefined);
    assert.ok(files.some((f) => f.problems.some((p) => /"subtask" should be true or false/.test(p.message))));
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

describe("Copilot's user prompt files", () => {
  const base = mkdtempSync(join(tmpdir(), 'relay-user-prompts-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const write = (relative: string, text: string) => {
    mkdirSync(join(base, relative, '..'), { recursive: true });
    writeFileSync(join(base, relative), text);
  };
  const root = join(base, 'ws');
  const home = join(base, 'home');
  // The layout of VS Code's user data: the default profile's folder is <user data>/User.
  const profile = join(home, '.config', 'Code', 'User');
  write('ws/.github/prompts/review.prompt.md', 'Workspace review.');
  write('home/.config/Code/User/prompts/review.prompt.md', 'User review.');
  write('home/.config/Code/User/prompts/explain.prompt.md', '---\ndescription: Explain the selection\nagent: ask\ntools: [codebase]\n---\nExplain ${selection} in ${fileBasename}.');
  write('home/.config/Code/User/prompts/style.instructions.md', '---\napplyTo: "**"\n---\nAn instructions file, not a prompt.');
  write('home/.config/Code/User/prompts/old.chatmode.md', 'A chat mode, not a prompt.');
  write('home/.config/Code/User/settings.json', '{}');

  const loaded = async () => {
    const service = new CustomizationService(new NodeCustomizationFiles([root]));
    service.register(createCommandsKind('Slash commands', home, profile));
    return service.get<SlashCommand>(COMMANDS_KIND_ID);
  };

  test("*.prompt.md in the profile's prompts folder are user-level commands in Copilot's syntax; other files there are not", async () => {
    const { entries, files } = await loaded();
    const explain = findCommand(entries, 'explain');
    assert.ok(explain, entries.map((c) => c.path).join(', '));
    assert.equal(explain.userLevel, true);
    assert.equal(explain.source, 'Copilot prompt file');
    assert.equal(explain.syntax, 'copilot');
    assert.equal(explain.agent, 'ask');
    assert.deepEqual(explain.tools, ['codebase']);
    assert.equal(joinPieces(expandCommand(explain, '', { selection: 'x + 1', file: join(root, 'a.ts') }).pieces, () => ''), 'Explain x + 1 in a.ts.');
    assert.match(files.find((f) => f.path === explain.path)!.source, /Copilot prompt file \(user\)/);
    assert.deepEqual(entries.map((c) => c.id).sort(), ['explain', 'review']);
    assert.equal(findCommand(entries, 'review')!.body, 'Workspace review.', "the workspace's prompt file wins over the user's");
  });

  test('the profile folder is watched: its glob is among the kind\'s user patterns', () => {
    const kind = createCommandsKind('Slash commands', home, profile);
    assert.ok(kind.userPatterns!.includes(`${profile.split('\\').join('/')}/prompts/*.prompt.md`), kind.userPatterns!.join('\n'));
    assert.ok(!createCommandsKind('Slash commands', home).userPatterns!.some((pattern) => pattern.includes('/prompts/')));
  });
});
