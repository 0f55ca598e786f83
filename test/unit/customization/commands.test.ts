// Slash commands in every peer's format: names (Claude's subfolders, OpenCode's nesting, Copilot's suffix),
// frontmatter variants and wrong types reported at their line, name clashes kept under each source's prefix, each
// source's argument syntax applied only to its own files, and pre-approved tools that never pass a deny.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SlashCommand } from '../../../src/core/customization/commands/command';
import { findCommand, parseInvocation, readCommands } from '../../../src/core/customization/commands/commands-kind';
import { copilotArguments, expandCommand, inputVariables, joinPieces, splitArguments } from '../../../src/core/customization/commands/expand';
import { preApprovals, preApproves, preApprovingGate } from '../../../src/core/customization/commands/pre-approved';
import type { ApprovalRequest } from '../../../src/core/ports/approval';
import type { FoundFile } from '../../../src/core/customization/registry';

const ROOT = '/ws';
const HOME = '/home/dev';
const FILES: Record<string, string> = {
  '.claude/commands/review.md': '---\ndescription: Review a pull request\nargument-hint: "[pr-number] [priority]"\nallowed-tools: Bash(git diff:*), Bash(gh pr view:*), Read\nmodel: claude-haiku-4-5\n---\nReview PR #$1 with priority $2.\n\n## Diff\n!`git diff main --stat`\n\nSee @src/app.ts for context.',
  '.claude/commands/frontend/component.md': 'Create a React component named $ARGUMENTS.',
  '.claude/commands/commit.md': '---\ndescription: Commit\n---\nWrite a commit message.',
  '.claude/commands/broken.md': '---\ndescription: [unclosed\n---\nStill a prompt.',
  '.claude/commands/wrongtypes.md': '---\ndescription:\n  nested: map\nallowed-tools: 42\n---\nBody stays.',
  '.github/prompts/review.prompt.md': '---\nmode: ask\nmodel: GPT-5 (copilot)\ntools: [codebase, search]\ndescription: Copilot review\n---\nReview ${file} (${fileBasename}) in ${workspaceFolderBasename}.\nFocus: ${input:focus:what to look at}. Selected: ${selection}. Keep ${unknown}.',
  '.github/prompts/form.prompt.md': '---\nagent: docs-writer\n---\nCreate form ${input:formName} with ${input:fields:comma-separated fields}.',
  '.roo/commands/deploy.md': '---\ndescription: Deploy\nargument-hint: <env>\n---\nDeploy the app.',
  '.clinerules/workflows/release.md': '1. Bump the version.\n2. Tag $ARGUMENTS.',
  '.kilocode/workflows/triage.md': 'Triage the open issues.',
  '.cursor/commands/explain.md': '---\ntitle: not frontmatter for Cursor\n---\nExplain the code.',
  '.opencode/command/test.md': '---\ndescription: Run tests\nagent: plan\nmodel: anthropic/claude-sonnet-4-5\nsubtask: true\n---\nRun $1 tests, then $2.\n!`npm test`',
  '.opencode/commands/team/review.md': 'Team review of $ARGUMENTS.',
  '.relay/commands/fix.md': '---\ndescription: Fix an issue\nagent: ask\ntools: [read]\n---\nFix issue $ARGUMENTS.',
  '.relay/commands/empty.md': '---\ndescription: nothing\n---\n',
  '.claude/commands/notes.txt': 'not a command',
};
const USER: Record<string, string> = {
  '.claude/commands/commit.md': 'User commit (hidden by the workspace one).',
  '.claude/commands/standup.md': '---\ndescription: Standup notes\n---\nWrite standup notes.',
  '.config/opencode/commands/lint.md': 'Lint $ARGUMENTS.',
};

function load() {
  const files: FoundFile[] = [
    ...Object.keys(FILES).map((relative) => ({ path: `${ROOT}/${relative}`, root: ROOT, relative })),
    ...Object.keys(USER).map((relative) => ({ path: `${HOME}/${relative}`, root: undefined, relative })),
  ];
  const text = (path: string) => (path.startsWith(`${ROOT}/`) ? FILES[path.slice(ROOT.length + 1)] : USER[path.slice(HOME.length + 1)]);
  return readCommands(files, text, HOME);
}

function byPath(relative: string, root = ROOT): SlashCommand {
  const command = load().entries.find((c) => c.path === `${root}/${relative}`);
  assert.ok(command, relative);
  return command;
}

const text = (command: SlashCommand, args: string, context = {}) => joinPieces(expandCommand(command, args, context).pieces, (cmd) => `<ran ${cmd}>`);

describe('slash command files', () => {
  test('every source is read, with its names; other files are not', () => {
    const ids = load().entries.map((c) => c.id);
    assert.deepEqual(ids, [
      'claude:review',
      'commit',
      'copilot:review',
      'deploy',
      'empty',
      'explain',
      'fix',
      'form',
      'frontend:component',
      'lint',
      'release',
      'standup',
      'team/review',
      'test',
      'triage',
      'broken',
      'wrongtypes',
    ].sort());
    assert.equal(byPath('.opencode/commands/team/review.md').name, 'team/review');
    assert.equal(byPath('.claude/commands/frontend/component.md').name, 'frontend:component');
  });

  test('frontmatter fields per source', () => {
    const claude = byPath('.claude/commands/review.md');
    assert.equal(claude.description, 'Review a pull request');
    assert.equal(claude.argumentHint, '[pr-number] [priority]');
    assert.deepEqual(claude.allowedTools, ['Bash(git diff:*)', 'Bash(gh pr view:*)', 'Read']);
    assert.equal(claude.model, 'claude-haiku-4-5');
    assert.equal(claude.agent, undefined);
    const copilot = byPath('.github/prompts/review.prompt.md');
    assert.equal(copilot.agent, 'ask', 'mode: ask is the built-in Ask');
    assert.deepEqual(copilot.tools, ['codebase', 'search']);
    assert.equal(copilot.model, 'GPT-5 (copilot)');
    assert.equal(byPath('.github/prompts/form.prompt.md').agent, 'docs-writer');
    const opencode = byPath('.opencode/command/test.md');
    assert.equal(opencode.agent, 'plan');
    assert.equal(opencode.model, 'anthropic/claude-sonnet-4-5');
    assert.equal(byPath('.roo/commands/deploy.md').argumentHint, '<env>');
    assert.deepEqual(byPath('.relay/commands/fix.md').tools, ['read']);
    // Cursor commands are plain markdown: a "---" block is part of the text.
    assert.match(byPath('.cursor/commands/explain.md').body, /^---\ntitle/);
  });

  test('broken frontmatter, wrong types and an empty body are reported at their line; the rest is kept', () => {
    const { files } = load();
    const report = (relative: string) => files.find((f) => f.path === `${ROOT}/${relative}`)!;
    assert.ok(report('.claude/commands/broken.md').problems.length > 0);
    assert.equal(byPath('.claude/commands/broken.md').body, 'Still a prompt.');
    const wrong = report('.claude/commands/wrongtypes.md').problems.map((p) => p.message).join('\n');
    assert.match(wrong, /"description" should be text/);
    assert.equal(byPath('.claude/commands/wrongtypes.md').allowedTools, undefined);
    assert.match(report('.relay/commands/empty.md').problems[0]!.message, /no text after its frontmatter/);
    assert.equal(report('.relay/commands/empty.md').problems[0]!.line, 4);
  });

  test('a clash keeps both under their prefixes; within one source the workspace file hides the user one', () => {
    const { entries, files } = load();
    assert.equal(findCommand(entries, 'review'), undefined, 'an ambiguous bare name runs nothing');
    assert.equal(findCommand(entries, 'claude:review')!.source, 'Claude Code command');
    assert.equal(findCommand(entries, 'copilot:review')!.source, 'Copilot prompt file');
    assert.equal(findCommand(entries, 'commit')!.path, `${ROOT}/.claude/commands/commit.md`);
    assert.match(files.find((f) => f.path === `${HOME}/.claude/commands/commit.md`)!.summary!, /already defined/);
    assert.equal(findCommand(entries, 'claude:commit')!.id, 'commit', 'the prefix works for a unique name too');
    assert.equal(findCommand(entries, 'release.md')!.prefix, 'cline', 'Cline workflows are also typed with .md');
    assert.equal(findCommand(entries, 'standup')!.userLevel, true);
    assert.match(files.find((f) => f.path === `${HOME}/.claude/commands/standup.md`)!.source, /\(user\)/);
  });

  test('an invocation is "/" and a name at the start', () => {
    assert.deepEqual(parseInvocation('/review 12 high'), { name: 'review', args: '12 high' });
    assert.deepEqual(parseInvocation('  /fix\n  details here'), { name: 'fix', args: 'details here' });
    assert.equal(parseInvocation('see /review'), undefined);
    assert.equal(parseInvocation('// comment'), undefined);
    assert.equal(parseInvocation('/'), undefined);
  });
});

describe('argument syntax, per source', () => {
  test('Claude: $1 $2, shell pieces, unused positions empty; no placeholder appends ARGUMENTS', () => {
    const review = byPath('.claude/commands/review.md');
    const expanded = expandCommand(review, '42 "very high"');
    assert.deepEqual(expanded.pieces.filter((p) => p.type === 'shell'), [{ type: 'shell', command: 'git diff main --stat' }]);
    assert.deepEqual(expanded.files, ['src/app.ts']);
    assert.match(text(review, '42 "very high"'), /^Review PR #42 with priority very high\.\n\n## Diff\n<ran git diff main --stat>\n/);
    assert.match(text(review, '7'), /priority \./);
    assert.equal(text(byPath('.claude/commands/commit.md'), 'fix typo'), 'Write a commit message.\n\nARGUMENTS: fix typo');
    assert.equal(text(byPath('.claude/commands/commit.md'), ''), 'Write a commit message.');
    assert.equal(text(byPath('.claude/commands/frontend/component.md'), 'Button with $1 cost'), 'Create a React component named Button with $1 cost.');
  });

  test('OpenCode: the last placeholder takes the rest; shell runs; Copilot variables stay text', () => {
    const opencode = byPath('.opencode/command/test.md');
    assert.equal(text(opencode, 'unit lint and ${file} build'), 'Run unit tests, then lint and ${file} build.\n<ran npm test>');
    assert.equal(text(byPath('.opencode/commands/team/review.md'), 'src/a.ts'), 'Team review of src/a.ts.');
  });

  test('Copilot: editor variables, inputs from name=value, the rest appended; $ARGUMENTS and !`x` are plain text', () => {
    const copilot = byPath('.github/prompts/review.prompt.md');
    assert.deepEqual(inputVariables(copilot), [{ name: 'focus', placeholder: 'what to look at' }]);
    const out = text(copilot, 'focus=security and tests', { file: '/ws/src/a.ts', workspaceFolder: '/ws', selection: 'let x' });
    assert.equal(out, 'Review /ws/src/a.ts (a.ts) in ws.\nFocus: security. Selected: let x. Keep ${unknown}.\n\nand tests');
    const asked = text(copilot, '', { inputs: { focus: 'naming' } });
    assert.match(asked, /Focus: naming\. Selected: \./);
    assert.deepEqual(copilotArguments(byPath('.github/prompts/form.prompt.md'), 'formName=Signup "fields=a, b" extra'), { inputs: { formName: 'Signup', fields: 'a, b' }, rest: 'extra' });
    assert.equal(expandCommand({ ...copilot, body: 'Run !`ls` for $ARGUMENTS' }, 'x').pieces.length, 1);
    assert.equal(text({ ...copilot, body: 'Run !`ls` for $ARGUMENTS' }, ''), 'Run !`ls` for $ARGUMENTS');
  });

  test('plain workflows and commands: no placeholder is read, the arguments follow', () => {
    assert.equal(text(byPath('.clinerules/workflows/release.md'), 'v2'), '1. Bump the version.\n2. Tag $ARGUMENTS.\n\nv2');
    assert.equal(text(byPath('.roo/commands/deploy.md'), 'staging'), 'Deploy the app.\n\nstaging');
    assert.equal(text(byPath('.kilocode/workflows/triage.md'), ''), 'Triage the open issues.');
  });

  test('arguments split at spaces, quotes kept together', () => {
    assert.deepEqual(splitArguments(`a "b c" 'd e' "" f`), ['a', 'b c', 'd e', '', 'f']);
  });
});

describe('pre-approved tools', () => {
  const available = new Map([
    ['read_file', 'readonly'],
    ['run_command', 'execute'],
    ['write_file', 'write'],
  ]);

  test('Bash(prefix:*) covers a plain command with those words only', () => {
    const { entries } = preApprovals(['Bash(git diff:*)', 'Read', 'Nonsense'], available);
    assert.ok(preApproves(entries, 'run_command', 'git diff main'));
    assert.ok(preApproves(entries, 'run_command', 'git diff'));
    assert.ok(!preApproves(entries, 'run_command', 'git diffx'));
    assert.ok(!preApproves(entries, 'run_command', 'git diff && rm -rf .'));
    assert.ok(!preApproves(entries, 'run_command', 'git diff > out.txt'));
    assert.ok(!preApproves(entries, 'run_command', 'git diff $(whoami)'));
    assert.ok(preApproves(entries, 'read_file', undefined));
    assert.ok(!preApproves(entries, 'write_file', undefined));
    assert.match(preApprovals(['Nonsense'], available).warnings[0]!, /Unknown tool "Nonsense"/);
  });

  test('the gate passes an allow like a hook, and leaves a hook answer and uncovered calls alone', async () => {
    const seen: ApprovalRequest[] = [];
    const gate = preApprovingGate({ approve: async (request) => (seen.push(request), { allowed: true, audit: {} as never }) }, preApprovals(['Bash(npm test)'], available).entries, 'test');
    const base = { callId: 'c', toolName: 'run_command', kind: 'execute' as const };
    const signal = new AbortController().signal;
    await gate.approve({ ...base, targets: { command: 'npm test' } }, signal);
    await gate.approve({ ...base, targets: { command: 'npm publish' } }, signal);
    await gate.approve({ ...base, targets: { command: 'npm test' }, hook: { action: 'ask', reason: { model: 'x', ui: 'x' } } }, signal);
    assert.equal(seen[0]!.hook?.action, 'allow');
    assert.match(seen[0]!.hook!.reason.model, /pre-approved for this turn by the command \/test/);
    assert.equal(seen[1]!.hook, undefined);
    assert.equal(seen[2]!.hook?.action, 'ask');
  });
});
