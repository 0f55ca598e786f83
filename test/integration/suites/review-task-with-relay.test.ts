// Review My Changes on a parallel task before Apply, inside the real VS Code with the extension's own Relay against
// the scripted model server: a real task writes a change in its real git worktree; the Tasks view's row action
// reviews that change set (read-only tools, reading the worktree's files, not the user's), the findings become threads
// on the worktree's files (the user's file is untouched), the task's state and chat are left alone, a finding's Fix
// goes to that task's conversation, and the threads go with the worktree. The command takes only the view's row.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ReviewOutcome } from '../../../src/host/change-review/change-review';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';
import { CHANGED, calcRepository, finding as calcFinding, type Json, messages, ORIGINAL, toolNames } from '../review-fixture';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'permissions', 'previewEdits'] as const;
const TURN_MS = 60_000;

const finding = (over: Json) => calcFinding('TASK-REVIEW-REASON', over);

describe('Review My Changes on a parallel task', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false, permissions: [], previewEdits: false }),
    closeEditors: true,
  });
  let repo = '';
  let id: string | undefined;
  const parallel = () => suite.relay.parallel;
  const taskThreads = () => suite.relay.changeReview.comments.list().filter((s) => s.task?.id === id);

  before(() => {
    repo = join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'review-task-it');
    calcRepository(repo);
  });

  after(async () => {
    if (id && parallel().tasks.get(id)) await parallel().sessions.discard(id, async () => true).catch(() => undefined);
    rmSync(repo, { recursive: true, force: true });
  });

  it("reviews the task's worktree from its row, puts the threads on the worktree's files, and Fix goes to the task", async function () {
    this.timeout(240_000);
    await suite.newTask();
    suite.server.setScript([{ toolCalls: [{ id: 'call_w', name: 'write_file', args: { path: 'src/calc.ts', content: CHANGED } }] }, { text: 'Done.' }]);
    suite.prompter.script({ type: 'allow-once' });
    id = await vscode.commands.executeCommand<string | undefined>('relay.tasks.newParallelTask', { prompt: 'Round the ratio', folder: repo, copyUncommitted: false, show: true });
    assert.ok(id, 'the task started');
    await waitFor(() => parallel().tasks.get(id!)?.state === 'ready-for-review', TURN_MS, 'the task to finish');
    const task = parallel().tasks.get(id)!;
    assert.equal(readFileSync(join(task.workRoot, 'src', 'calc.ts'), 'utf8'), CHANGED, "the task's change is in its worktree");
    assert.equal(readFileSync(join(repo, 'src', 'calc.ts'), 'utf8'), ORIGINAL, "the user's file is as it was");

    // Another extension's id or look-alike row: refused, nothing sent to the model.
    const sentBefore = suite.server.requests.length;
    for (const madeUp of [id, { task: { id } }, { task: task }, { task: { ...task } }]) {
      assert.equal(await vscode.commands.executeCommand('relay.tasks.reviewWithRelay', madeUp), undefined);
    }
    assert.equal(suite.server.requests.length, sentBefore, 'no review ran for a made-up argument');

    // The row the Tasks view showed, as a click on its inline action passes it. The review reads the file first:
    // it must see the task's version (its worktree is the session's workspace).
    const row = parallel().view.getChildren().find((r) => r.task.id === id);
    assert.ok(row, 'the Tasks view shows the task');
    suite.prompter.script();
    suite.server.setScript([
      { toolCalls: [{ id: 'call_r', name: 'read_file', args: { path: 'src/calc.ts' } }] },
      { text: JSON.stringify({ findings: [finding({}), finding({ line: 6, severity: 'warning', title: 'Negative limit', reason: 'A limit of -1 disables the check.' })] }) },
    ]);
    const outcome = await vscode.commands.executeCommand<ReviewOutcome>('relay.tasks.reviewWithRelay', row);
    assert.equal(outcome?.status, 'reviewed', `the review ran: ${JSON.stringify(outcome)}`);
    const [first, second] = suite.server.requests.slice(sentBefore);
    assert.ok(first && second, 'two model turns for the review');
    const tools = toolNames(first);
    assert.ok(tools.includes('read_file'), `read tools offered: ${tools.join(', ')}`);
    for (const writeOrRun of ['run_command', 'edit_file', 'write_file', 'apply_patch']) assert.ok(!tools.includes(writeOrRun), `${writeOrRun} is not offered to the review`);
    const prompt = JSON.stringify(messages(first).filter((m) => m.role === 'user'));
    assert.match(prompt, /Math\.round\(a \/ b\)/, "the task's diff is in the prompt");
    assert.match(prompt, /parallel task \\"Round the ratio\\"/);
    const toolResult = JSON.stringify(messages(second).filter((m) => m.role === 'tool'));
    assert.match(toolResult, /Math\.round/, "read_file read the task's worktree, not the user's file");
    assert.deepEqual(suite.prompter.prompts, [], 'reading the worktree asked nothing');

    const worktreeFile = join(task.workRoot, 'src', 'calc.ts');
    assert.deepEqual(
      taskThreads()
        .map((s) => ({ file: s.thread.uri.fsPath, line: s.thread.range?.start.line, label: s.thread.label, author: s.thread.comments[0]?.author.name }))
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
      [
        { file: worktreeFile, line: 1, label: 'Error: Division by zero', author: 'Relay review of task "Round the ratio"' },
        { file: worktreeFile, line: 5, label: 'Warning: Negative limit', author: 'Relay review of task "Round the ratio"' },
      ],
    );
    assert.equal(parallel().tasks.get(id)?.state, 'ready-for-review', "the review did not change the task's state");
    assert.equal(readFileSync(join(repo, 'src', 'calc.ts'), 'utf8'), ORIGINAL, "the user's file is still as it was");

    // Fix: the finding goes to the task, as its next message in its own conversation (in its worktree).
    const thread = taskThreads().find((s) => s.finding.title === 'Division by zero')!.thread;
    const sentBeforeFix = suite.server.requests.length;
    suite.server.setScript([{ text: 'Fixed it.' }]);
    assert.equal(await vscode.commands.executeCommand<boolean>('relay.reviewFinding.fix', thread), true);
    await waitFor(() => suite.server.requests.length > sentBeforeFix && parallel().tasks.get(id!)?.state === 'ready-for-review' && !suite.relay.controller.isRunning, TURN_MS, 'the fix turn to end');
    assert.equal(suite.relay.controller.session?.id, id, "the task's chat is on screen");
    const fixRequest = suite.server.requests[sentBeforeFix]!;
    const users = messages(fixRequest).filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content));
    assert.match(users[0] ?? '', /Round the ratio/, "the fix continues the task's conversation");
    assert.match(users.at(-1) ?? '', /src\/calc\.ts:2/);
    assert.match(users.at(-1) ?? '', /TASK-REVIEW-REASON: b may be 0\./);
    assert.ok(toolNames(fixRequest).includes('write_file') || toolNames(fixRequest).includes('edit_file'), 'the task may edit');

    // Discarded, its worktree is gone: so are its threads.
    assert.equal(await parallel().sessions.discard(id, async () => true), true);
    await waitFor(() => taskThreads().length === 0, 10_000, "the task's threads to go with it");
    id = undefined;
  });
});
