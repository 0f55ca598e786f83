// Review My Changes inside the real VS Code, with the extension's own Relay against the scripted model server, on a
// real git repository with a change: the review session is offered only read-only tools and is sent the diff, the
// findings become comment threads on the right lines of the right file (a finding off the change is set aside), a
// re-run replaces them (a finding reported again keeps its thread), and a thread's Fix starts a chat task carrying
// the finding.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ReviewOutcome } from '../../../src/host/change-review/change-review';
import { modalConfirmReview } from '../../../src/host/change-review/review-question';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedReviewConfirmer } from '../helpers';
import { CHANGED, calcRepository, finding as calcFinding, type Json, messages, toolNames } from '../review-fixture';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'permissions'] as const;
const TURN_MS = 30_000;

const finding = (over: Json) => calcFinding('REVIEW-IT-REASON', over);

describe('Review My Changes', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false, permissions: [] }),
    closeEditors: true,
  });
  let repo = '';
  let confirmer: ScriptedReviewConfirmer;
  // The title button's argument, and what any other extension can make: an object with the repository's root.
  const scm = () => ({ rootUri: vscode.Uri.file(repo) });
  const shown = () =>
    suite.relay.changeReview.comments
      .list()
      .map((s) => ({ file: s.thread.uri.fsPath, lines: [s.thread.range?.start.line, s.thread.range?.end.line], label: s.thread.label, title: s.finding.title }))
      .sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
  const review = (answer: unknown) => {
    suite.server.setScript([{ text: JSON.stringify(answer) }]);
    return vscode.commands.executeCommand<ReviewOutcome>('relay.reviewMyChanges', scm()).then((outcome) => {
      assert.equal(outcome.status, 'reviewed', `the review ran: ${JSON.stringify(outcome)}; model requests: ${suite.server.requests.length}`);
      return outcome.status === 'reviewed' ? outcome : undefined;
    });
  };

  before(async () => {
    confirmer = (await relayWithScriptedPrompter()).reviewConfirmer;
    repo = join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'review-it');
    calcRepository(repo);
    writeFileSync(join(repo, 'src', 'calc.ts'), CHANGED);
    // The title bar's button names a repository the git extension has open (one it does not is refused, issue 37).
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): { openRepository(root: vscode.Uri): Promise<unknown> } }>('vscode.git');
    assert.ok(extension, 'the git extension is installed');
    await (extension.isActive ? extension.exports : await extension.activate()).getAPI(1).openRepository(vscode.Uri.file(repo));
  });

  after(() => {
    if (confirmer) confirmer.answer = true;
    suite.relay?.changeReview.comments.show(vscode.Uri.file(repo), []);
    rmSync(repo, { recursive: true, force: true });
  });

  it('reviews the working tree with read-only tools and puts each finding on its lines', async () => {
    await suite.newTask();
    const asked = confirmer.questions.length;
    const outcome = await review({
      findings: [finding({}), finding({ line: 6, severity: 'warning', title: 'Negative limit', reason: 'A limit of -1 disables the check.' }), finding({ path: 'src/elsewhere.ts', line: 1, title: 'Not in the change' })],
    });
    assert.equal(outcome?.findings.length, 2);
    assert.equal(outcome?.rejected.length, 1, 'the finding on a file outside the change is set aside');
    assert.equal(confirmer.questions.length, asked + 1, 'the person was asked once before the review ran');
    const [request] = suite.server.requests;
    const tools = toolNames(request!);
    assert.ok(tools.includes('read_file'), `read tools offered: ${tools.join(', ')}`);
    for (const writeOrRun of ['run_command', 'edit_file', 'write_file', 'apply_patch', 'web_fetch']) assert.ok(!tools.includes(writeOrRun), `${writeOrRun} is not offered to the review`);
    const prompt = JSON.stringify(messages(request!).filter((m) => m.role === 'user'));
    assert.match(prompt, /Math\.round\(a \/ b\)/, 'the diff is in the prompt');
    assert.match(prompt, /working tree/);
    const file = join(repo, 'src', 'calc.ts');
    assert.deepEqual(shown(), [
      { file, lines: [1, 1], label: 'Error: Division by zero', title: 'Division by zero' },
      { file, lines: [5, 5], label: 'Warning: Negative limit', title: 'Negative limit' },
    ]);
    assert.equal(suite.snapshot().items.length, 0, 'the review ran outside the chat');
  });

  it('a re-run replaces the threads; a finding reported again keeps its thread', async () => {
    const before = suite.relay.changeReview.comments.list();
    const kept = before.find((s) => s.finding.title === 'Division by zero')!.thread;
    const gone = before.find((s) => s.finding.title === 'Negative limit')!.thread;
    const outcome = await review({ findings: [finding({}), finding({ line: 5, endLine: 6, severity: 'info', title: 'Exported constants', reason: 'Group the constants.' })] });
    assert.equal(outcome?.findings.length, 2);
    const after = suite.relay.changeReview.comments.list();
    assert.equal(after.length, 2);
    assert.ok(after.some((s) => s.thread === kept), 'the same finding keeps its thread');
    assert.ok(!after.some((s) => s.thread === gone), 'the old finding is gone');
    assert.deepEqual(
      shown().map((s) => [s.title, s.lines]),
      [
        ['Division by zero', [1, 1]],
        ['Exported constants', [4, 5]],
      ],
    );
    const none = await review({ findings: [] });
    assert.equal(none?.findings.length, 0);
    assert.deepEqual(shown(), [], 'a run with no finding clears the threads');
  });

  it('asks before every run, naming the repository, the files and the model; declined (another caller), nothing reaches the model', async () => {
    await review({ findings: [finding({})] });
    const threads = suite.relay.changeReview.comments.list().map((s) => s.thread);
    assert.equal(threads.length, 1);
    const sent = suite.server.requests.length;
    const asked = confirmer.questions.length;
    confirmer.answer = false;
    try {
      suite.server.setScript([{ text: JSON.stringify({ findings: [finding({ title: 'Never reviewed' })] }) }]);
      // As another extension runs it: executeCommand with an object naming the repository the git extension has open.
      const outcome = await vscode.commands.executeCommand<ReviewOutcome>('relay.reviewMyChanges', scm());
      assert.deepEqual(outcome, { status: 'not-run', message: 'declined' });
      const questions = confirmer.questions.slice(asked).map(({ diff, ...named }) => ({ ...named, diffShowsTheChange: diff.includes('+  return Math.round(a / b);') }));
      assert.deepEqual(
        questions,
        [{ repository: repo, range: { type: 'working-tree' }, files: 1, model: 'claude-sonnet-5-5 · openai-compatible', diffShowsTheChange: true }],
        'the question names the repository, the file count and the model, and its Show Diff has what would be sent',
      );
      assert.equal(suite.server.requests.length, sent, 'nothing was sent to the model');
      assert.deepEqual(
        suite.relay.changeReview.comments.list().map((s) => s.thread),
        threads,
        "the previous review's threads are untouched",
      );
    } finally {
      confirmer.answer = true;
    }
  });

  it('the production question is a real modal; a host that shows no dialogs (this server) reviews nothing', async () => {
    assert.equal(await modalConfirmReview({ repository: repo, range: { type: 'working-tree' }, files: 1, model: 'any', diff: '' }), false);
  });

  it("a finding's Fix starts a chat task carrying the finding", async () => {
    await review({ findings: [finding({})] });
    const [thread] = suite.relay.changeReview.comments.list();
    const sent = suite.server.requests.length;
    suite.server.setScript([{ text: 'Fixed it.' }]);
    const started = await vscode.commands.executeCommand<boolean>('relay.reviewFinding.fix', thread!.thread);
    assert.equal(started, true);
    await suite.taskStopped('the fix task', TURN_MS);
    const request = suite.server.requests[sent]!;
    const user = JSON.stringify(messages(request).filter((m) => m.role === 'user').at(-1)?.content);
    assert.match(user, /src\/calc\.ts:2/);
    assert.match(user, /Division by zero/);
    assert.match(user, /REVIEW-IT-REASON: b may be 0\./);
    assert.ok(toolNames(request).includes('edit_file') || toolNames(request).includes('apply_patch'), 'the fix task may edit');
  });
});
