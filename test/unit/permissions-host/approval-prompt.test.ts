// What the user reads before deciding: the detail must carry everything needed (tool-system.md §9 and
// issue 6): the full command line, its working directory and the sub-command that asks; the edited file
// and its line counts; the real path of anything outside the workspace.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApprovalPrompt, ApprovalRequest } from '../../../src/core/ports/approval';
import type { Decision } from '../../../src/core/permissions/types';
import { buildApprovalPrompt, describeRuleToSave } from '../../../src/host/permissions/approval-prompt';
import { WORKSPACE } from '../permissions/fixtures';
import { harness, never } from './fakes';

async function promptFor(request: Omit<ApprovalRequest, 'callId'>): Promise<ApprovalPrompt> {
  const h = harness({ answers: [{ type: 'deny' }] });
  await h.service.approve({ callId: 'p1', ...request }, never);
  assert.equal(h.prompter.prompts.length, 1, 'the call asked');
  return h.prompter.prompts[0]!;
}

describe('approval prompt text', () => {
  it('a command: the full line, the working directory, and which sub-command asks and why', async () => {
    const prompt = await promptFor({
      toolName: 'run_command',
      kind: 'execute',
      targets: { command: 'ls && rm -rf build && echo done', cwd: 'packages/app' },
      summary: 'Clean the build output',
      displayName: 'Run Command',
    });
    assert.equal(prompt.message, 'Allow Relay to run "ls && rm -rf build && echo done"?');
    const lines = prompt.detail.split('\n');
    assert.equal(lines[0], 'Clean the build output');
    assert.ok(lines.includes('Command: ls && rm -rf build && echo done'));
    assert.ok(lines.includes('Working directory: packages/app'), prompt.detail);
    // The reason names the sub-command that asks, so no "Asks because of" line says it a second time.
    assert.match(prompt.detail, /Why: "rm -rf build" needs approval under Relay's default rule "rm" \(deletes recursively\)/);
    assert.equal(prompt.detail.split('rm -rf build').length - 1, 2, `the sub-command in the command line and once in Why: ${prompt.detail}`);
    // The tool by its name for people at the end of the details; its internal name nowhere in the modal (issue 38).
    assert.equal(lines.at(-1), 'Tool: Run Command', prompt.detail);
    assert.doesNotMatch(`${prompt.message}\n${prompt.detail}`, /run_command/);
    assert.deepEqual(prompt.alwaysAllow?.rules, [{ tool: 'run_command', pattern: 'rm -rf build', action: 'allow', subject: 'command' }]);
    assert.equal(prompt.offersDiff, false);
  });

  it('each fact once: no summary restating the command, the workspace folder by name, no third copy in Why', async () => {
    const prompt = await promptFor({
      toolName: 'run_command',
      kind: 'execute',
      targets: { command: 'touch x', cwd: WORKSPACE },
      summary: 'Run `touch x` in .',
    });
    const lines = prompt.detail.split('\n');
    assert.equal(prompt.message, 'Allow Relay to run "touch x"?');
    assert.equal(lines[0], 'Command: touch x', prompt.detail);
    assert.ok(lines.includes('Working directory: the workspace folder'), prompt.detail);
    assert.equal(prompt.detail.split('touch x').length - 1, 1, `the command line appears once in the detail: ${prompt.detail}`);
    // Why this call asks, not the mode's general sentence ("Default mode asks before running commands").
    assert.ok(lines.includes('Why: The command is not on the allow list, and Relay does not know it to be read-only.'), prompt.detail);
  });

  it('a web fetch: the domain in the question, the URL in the detail, the domain as the rule to save', async () => {
    const prompt = await promptFor({
      toolName: 'web_fetch',
      kind: 'readonly',
      targets: { url: 'https://docs.python.org/3/library/json.html' },
      summary: 'Fetch https://docs.python.org/3/library/json.html',
    });
    assert.equal(prompt.message, 'Allow Relay to fetch from docs.python.org?');
    assert.equal(prompt.detail.split('\n')[0], 'URL: https://docs.python.org/3/library/json.html', prompt.detail);
    assert.equal(prompt.detail.split('https://docs.python.org/3/library/json.html').length - 1, 1, 'the URL appears once');
    assert.deepEqual(prompt.alwaysAllow?.rules, [{ tool: 'web_fetch', pattern: 'docs.python.org', action: 'allow', subject: 'domain' }]);
    assert.equal(describeRuleToSave(prompt.alwaysAllow!.rules[0]!), 'web_fetch: docs.python.org (web domain)');
  });

  it('a working directory outside the workspace stays absolute', async () => {
    const prompt = await promptFor({ toolName: 'run_command', kind: 'execute', targets: { command: 'ls', cwd: '/tmp' } });
    assert.ok(prompt.detail.split('\n').includes('Working directory: /tmp'), prompt.detail);
  });

  it('a long or multi-line command stays out of the question but is whole in the detail', async () => {
    const command = `npm run build -- ${'--flag '.repeat(12)}`.trim();
    const prompt = await promptFor({ toolName: 'run_command', kind: 'execute', targets: { command } });
    assert.equal(prompt.message, 'Allow Relay to run this command?');
    assert.ok(prompt.detail.includes(`Command: ${command}`));
  });

  it('an edit: the workspace-relative file, added and removed lines, and Open Diff', async () => {
    const path = `${WORKSPACE}/src/app.ts`;
    const prompt = await promptFor({
      toolName: 'edit_file',
      kind: 'write',
      targets: { paths: [path] },
      diff: { path, added: 12, removed: 3, open: async () => undefined },
    });
    assert.equal(prompt.message, 'Allow Relay to edit src/app.ts?');
    assert.ok(prompt.detail.includes('File: src/app.ts\nChanges: +12 \u22123 lines'), prompt.detail);
    assert.equal(prompt.offersDiff, true);
    assert.deepEqual(prompt.alwaysAllow, {
      rules: [{ tool: 'edit_file', pattern: 'src/**', action: 'allow', subject: 'path' }],
      target: 'Workspace settings',
    });
  });

  it("an edit with the tool's summary: the question is the action and its size, said once", async () => {
    const path = `${WORKSPACE}/notes.txt`;
    const prompt = await promptFor({
      toolName: 'write_file',
      kind: 'write',
      targets: { paths: [path] },
      summary: 'Create notes.txt',
      diff: { path, added: 1, removed: 0, open: async () => undefined },
    });
    assert.equal(prompt.message, 'Create notes.txt (+1 line)?');
    assert.doesNotMatch(prompt.detail, /notes\.txt|Changes:/, `the path and counts are not repeated below: ${prompt.detail}`);
    assert.equal(prompt.detail.split('\n').filter((line) => line.includes('write_file')).length, 1, `the internal name once, on its details line: ${prompt.detail}`);
    const both = await promptFor({ toolName: 'edit_file', kind: 'write', targets: { paths: [path] }, summary: 'Edit notes.txt', diff: { path, added: 3, removed: 2, open: async () => undefined } });
    assert.equal(both.message, 'Edit notes.txt (+3 \u22122 lines)?');
  });

  it('an edit across files asks about the count and lists each file once', async () => {
    const paths = [`${WORKSPACE}/src/a.ts`, `${WORKSPACE}/src/b.ts`, `${WORKSPACE}/src/c.ts`];
    const prompt = await promptFor({
      toolName: 'rename_symbol',
      kind: 'write',
      targets: { paths },
      diff: { path: paths[0]!, added: 6, removed: 6, open: async () => undefined },
    });
    assert.equal(prompt.message, 'Allow Relay to edit 3 files?');
    assert.ok(prompt.detail.includes('Files:\n  src/a.ts\n  src/b.ts\n  src/c.ts\nChanges: +6 \u22126 lines'), prompt.detail);
  });

  it('a path outside the workspace: the real path, and no always-allow', async () => {
    const prompt = await promptFor({ toolName: 'write_file', kind: 'write', targets: { paths: ['../notes.txt'] } });
    assert.equal(prompt.message, 'Allow Relay to change ../notes.txt?');
    assert.ok(prompt.detail.includes('Outside the workspace: ../notes.txt (real path /work/notes.txt)'), prompt.detail);
    assert.ok(prompt.detail.includes('This always asks: no rule can allow it.'));
    assert.equal(prompt.alwaysAllow, undefined);
  });

  it('a file a command names outside the workspace: the sub-command, the path and its real path', async () => {
    const prompt = await promptFor({ toolName: 'run_command', kind: 'execute', targets: { command: 'npm ci && cat ../notes.txt' } });
    assert.ok(prompt.detail.includes('Asks because of: cat ../notes.txt (reads ../notes.txt)'), prompt.detail);
    assert.ok(prompt.detail.includes('Outside the workspace: ../notes.txt (real path /work/notes.txt)'), prompt.detail);
    assert.match(prompt.detail, /Also needs approval:\n {2}"npm ci" is not on the allow list, and Relay does not know it to be read-only\./);
  });

  it('a redirection out of the workspace names what it writes', async () => {
    const prompt = await promptFor({ toolName: 'run_command', kind: 'execute', targets: { command: 'echo x > ../out.txt' } });
    assert.ok(prompt.detail.includes('Asks because of: echo x > ../out.txt (writes ../out.txt)'), prompt.detail);
    assert.ok(prompt.detail.includes('Outside the workspace: ../out.txt (real path /work/out.txt)'), prompt.detail);
  });

  it('a sensitive file inside the workspace says why it always asks', async () => {
    const prompt = await promptFor({ toolName: 'write_file', kind: 'write', targets: { paths: ['.env'] } });
    assert.match(prompt.detail, /File: \.env/);
    assert.match(prompt.detail, /may hold secrets/);
    assert.equal(prompt.alwaysAllow, undefined);
  });

  it('rules read as people say them', () => {
    assert.equal(describeRuleToSave({ tool: 'run_command', pattern: 'npm test', action: 'allow', subject: 'command' }), 'run_command: npm test (commands)');
    assert.equal(describeRuleToSave({ tool: '*', pattern: 'src/**', action: 'allow' }), 'any tool: src/**');
  });

  it('"Asks because of" stays when the reason does not name the cause as a whole word ("-f" is not in "-rf")', () => {
    const command = 'ls && tool -f x';
    const decision = (cause: string, uiReason: string): Decision => ({
      action: 'ask',
      reason: uiReason,
      uiReason,
      trigger: { type: 'command', text: 'tool -f x', argv: ['tool', '-f', 'x'], cause },
      audit: { toolName: 'run_command', kind: 'execute', mode: 'default', action: 'ask', basis: 'mode', checks: [] },
    });
    const detail = (d: Decision) =>
      buildApprovalPrompt({
        request: { callId: 'c', toolName: 'run_command', kind: 'execute', targets: { command } },
        decision: d,
        suggestion: { available: false, reason: 'test' },
        saveTarget: 'user settings',
        workspaceFolders: [WORKSPACE],
        defaultCwd: WORKSPACE,
      }).detail;
    assert.ok(detail(decision('-f', 'Unlike rm -rf, it asks.')).includes('Asks because of: "-f" in tool -f x'));
    assert.ok(!detail(decision('-f', '"tool -f x" asks, because "-f" forces it.')).includes('Asks because of'));
    assert.ok(detail(decision('-f', 'Needs approval: "-f" forces it.')).includes('Asks because of: "-f" in tool -f x'), 'the sub-command is not named');
  });
});
