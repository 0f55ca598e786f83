import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { ApprovalOutcome, ApprovalRequest } from '../../../src/core/ports/approval';
import type { ReviewVerdict } from '../../../src/core/tools';
import { nodeFileSystem, WORKSPACE } from '../permissions/fixtures';
import { harness, never } from './fakes';

const npmTest: ApprovalRequest = { callId: 'c1', toolName: 'run_command', kind: 'execute', targets: { command: 'npm test' } };

function edit(path = `${WORKSPACE}/src/app.ts`, onOpen: () => void = () => undefined): ApprovalRequest {
  return {
    callId: 'e1',
    toolName: 'write_file',
    kind: 'write',
    targets: { paths: [path] },
    diff: { path, added: 3, removed: 1, open: async () => onOpen() },
  };
}

function denied(outcome: ApprovalOutcome): Extract<ApprovalOutcome, { allowed: false }> {
  assert.equal(outcome.allowed, false, 'the call was allowed');
  return outcome as Extract<ApprovalOutcome, { allowed: false }>;
}

describe('ApprovalService: decisions without a prompt', () => {
  it('allows a read-only call and audits it by mode', async () => {
    const h = harness();
    const outcome = await h.service.approve({ callId: 'r1', toolName: 'read_file', kind: 'readonly', targets: { paths: ['src/a.ts'] } }, never);
    assert.equal(outcome.allowed, true);
    assert.equal(outcome.audit.basis, 'mode');
    assert.equal(outcome.audit.callId, 'r1');
    assert.ok(!Number.isNaN(Date.parse(outcome.audit.decidedAt)));
    assert.equal(h.prompter.prompts.length, 0);
  });

  it('denies by a rule from settings without asking, telling the model why', async () => {
    const h = harness();
    h.settings.change({ rules: [{ tool: 'run_command', pattern: 'npm', action: 'deny', reason: 'use pnpm' }] });
    const outcome = denied(await h.service.approve(npmTest, never));
    assert.equal(outcome.audit.basis, 'rule');
    assert.equal(outcome.audit.rule?.origin, 'settings');
    assert.match(outcome.messageForModel, /^Permission denied: .*use pnpm/);
    assert.equal(h.prompter.prompts.length, 0);
  });

  it('follows mode changes from settings: plan refuses writes, auto-edit allows them', async () => {
    const h = harness();
    h.settings.change({ mode: 'plan' });
    assert.equal(h.service.mode, 'plan');
    const refused = denied(await h.service.approve(edit(), never));
    assert.equal(refused.audit.basis, 'plan-mode');
    h.settings.change({ mode: 'auto-edit' });
    const allowed = await h.service.approve(edit(), never);
    assert.equal(allowed.allowed, true);
    assert.equal(allowed.audit.mode, 'auto-edit');
    assert.equal(h.prompter.prompts.length, 0);
  });

  it('creates the shell analyzer only when the first command is checked', async () => {
    const h = harness({ answers: [{ type: 'allow-once' }] });
    await h.service.approve(edit(), never);
    assert.equal(h.analyzersCreated(), 0);
    await h.service.approve(npmTest, never);
    await h.service.approve({ ...npmTest, targets: { command: 'ls' } }, never);
    assert.equal(h.analyzersCreated(), 1);
  });
});

describe('ApprovalService: answers', () => {
  it('allow once: allowed, audited as the user answer, and the next call asks again', async () => {
    const h = harness({ answers: [{ type: 'allow-once' }] });
    const outcome = await h.service.approve(npmTest, never);
    assert.equal(outcome.allowed, true);
    assert.equal(outcome.audit.basis, 'user');
    assert.deepEqual(outcome.audit.answer, { type: 'allow-once' });
    await h.service.approve({ ...npmTest, callId: 'c2' }, never);
    assert.equal(h.prompter.prompts.length, 2);
  });

  it('always allow: shows the rule before saving, saves it, and the next call runs without asking', async () => {
    const h = harness({ answers: [{ type: 'always-allow' }] });
    const outcome = await h.service.approve(npmTest, never);
    const rule = { tool: 'run_command', pattern: 'npm test', action: 'allow', subject: 'command' };
    assert.deepEqual(h.prompter.prompts[0]?.alwaysAllow, { rules: [rule], target: 'Workspace settings' });
    assert.equal(outcome.allowed, true);
    assert.deepEqual(outcome.audit.savedRules, [rule]);
    assert.deepEqual(h.settings.saved, [[rule]]);
    const next = await h.service.approve({ ...npmTest, callId: 'c2', targets: { command: 'npm test -- --watch' } }, never);
    assert.equal(next.allowed, true);
    assert.equal(next.audit.basis, 'rule');
    assert.equal(h.prompter.prompts.length, 1);
  });

  it('always allow that cannot be saved still allows this call once, with a warning', async () => {
    const h = harness({ answers: [{ type: 'always-allow' }] });
    h.settings.failSave = new Error('settings.json is read-only');
    const outcome = await h.service.approve(npmTest, never);
    assert.equal(outcome.allowed, true);
    assert.equal(outcome.audit.savedRules, undefined);
    assert.match(h.warnings.join('\n'), /could not save the rule: settings.json is read-only/);
  });

  it('deny with reason: the reason reaches the caller for the model', async () => {
    const h = harness({ answers: [{ type: 'deny-with-reason', reason: '  use pnpm instead ' }] });
    const outcome = denied(await h.service.approve(npmTest, never));
    assert.equal(outcome.messageForModel, 'The user denied this call: use pnpm instead');
    assert.deepEqual(outcome.audit.answer, { type: 'deny-with-reason', reason: 'use pnpm instead' });
    assert.equal(outcome.audit.basis, 'user');
  });

  it('deny, and Escape (dismissed), deny without a reason', async () => {
    const h = harness({ answers: [{ type: 'deny' }, { type: 'dismissed' }] });
    for (const callId of ['a', 'b']) {
      const outcome = denied(await h.service.approve({ ...npmTest, callId }, never));
      assert.equal(outcome.messageForModel, 'The user denied this call.');
      assert.deepEqual(outcome.audit.answer, { type: 'deny' });
    }
  });

  it('open diff: shows the diff, then asks again', async () => {
    let opened = 0;
    const h = harness({ answers: [{ type: 'open-diff' }, { type: 'allow-once' }] });
    const outcome = await h.service.approve(
      edit(undefined, () => {
        opened++;
      }),
      never,
    );
    assert.equal(outcome.allowed, true);
    assert.equal(opened, 1);
    assert.equal(h.prompter.prompts.length, 2);
    assert.equal(h.prompter.prompts[0]?.offersDiff, true);
  });

  it('review: the diff editor decides; some kept allows, all rejected denies with what was rejected, closed asks again', async () => {
    const verdicts: ReviewVerdict[] = [{ decision: 'undecided' }, { decision: 'allow' }];
    const reviewing = (): ApprovalRequest => ({ ...edit(), diff: { ...edit().diff!, review: async () => verdicts.shift()! } });
    const h = harness({ answers: [{ type: 'review' }, { type: 'review' }] });
    const outcome = await h.service.approve(reviewing(), never);
    assert.equal(outcome.allowed, true);
    assert.equal(h.prompter.prompts.length, 2, 'closed undecided: the question came back');
    assert.equal(h.prompter.prompts[0]?.offersReview, true);
    assert.deepEqual(outcome.audit.answer, { type: 'allow-once' });

    verdicts.push({ decision: 'deny', reason: 'rejected every change in the diff editor: src/app.ts (line 2). Nothing was changed.' });
    const h2 = harness({ answers: [{ type: 'review' }] });
    const refused = denied(await h2.service.approve(reviewing(), never));
    assert.equal(refused.messageForModel, 'The user denied this call: rejected every change in the diff editor: src/app.ts (line 2). Nothing was changed.');
    assert.equal(refused.audit.basis, 'user');
    // No review offered (a tool without one): the answer is a denial, never an allow.
    const h3 = harness({ answers: [{ type: 'review' }] });
    denied(await h3.service.approve(edit(), never));
    assert.equal(h3.prompter.prompts[0]?.offersReview, false);
  });

  it('a prompter that fails denies, with a warning', async () => {
    const h = harness({ answers: [() => Promise.reject(new Error('no window'))] });
    const outcome = denied(await h.service.approve(npmTest, never));
    assert.match(h.warnings[0] ?? '', /could not ask for approval of run_command: no window/);
    assert.deepEqual(outcome.audit.answer, { type: 'deny' });
  });
});

describe('ApprovalService: one prompt at a time, cancellation, loop guard', () => {
  it('serialises prompts, and a rule saved by one answer settles the waiting call', async () => {
    const h = harness({ answers: [{ type: 'always-allow' }] });
    const [a, b] = await Promise.all([h.service.approve(npmTest, never), h.service.approve({ ...npmTest, callId: 'c2' }, never)]);
    assert.equal(a.allowed, true);
    assert.equal(b.allowed, true);
    assert.equal(b.audit.basis, 'rule');
    assert.equal(h.prompter.prompts.length, 1);
    assert.equal(h.prompter.maxOpen, 1);
  });

  it('cancelled while the prompt is open: rejects with AbortError and saves nothing', async () => {
    const controller = new AbortController();
    let answer: (() => void) | undefined;
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const h = harness({
      answers: [
        () => {
          opened();
          return new Promise((resolve) => (answer = () => resolve({ type: 'always-allow' })));
        },
      ],
    });
    const pending = h.service.approve(npmTest, controller.signal);
    await open;
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    answer!();
    // Prompts run one at a time: the next call is decided only after the late answer is settled, and a rule saved
    // from it would allow that call without asking.
    const next = await h.service.approve({ ...npmTest, callId: 'c2' }, never);
    assert.equal(next.allowed, false, 'no rule from the cancelled prompt allowed the next call');
    assert.equal(h.prompter.prompts.length, 2, 'the next call was asked');
    assert.deepEqual(h.settings.saved, []);
    await assert.rejects(h.service.approve(npmTest, controller.signal), { name: 'AbortError' });
  });

  it('the third identical call in a row asks, even if allowed; resetLoopGuard starts a new count', async () => {
    const h = harness({ answers: [{ type: 'allow-once' }] });
    const read = { callId: 'r', toolName: 'read_file', kind: 'readonly' as const, targets: { paths: ['a.ts'] }, args: { path: 'a.ts' } };
    await h.service.approve(read, never);
    await h.service.approve(read, never);
    const third = await h.service.approve(read, never);
    assert.equal(h.prompter.prompts.length, 1);
    assert.match(h.prompter.prompts[0]!.message, /same read_file call 3 times in a row/);
    assert.equal(third.audit.loop?.consecutive, 3);
    h.service.resetLoopGuard();
    await h.service.approve(read, never);
    assert.equal(h.prompter.prompts.length, 1);
  });
});

describe('ApprovalService: workspace trust', () => {
  it('Restricted Mode offers only read-only tools and refuses changes; a later grant applies at once', async () => {
    const h = harness({ answers: [{ type: 'allow-once' }] });
    h.trust.trusted = false;
    const tools = [
      { name: 'read_file', kind: 'readonly' as const },
      { name: 'write_file', kind: 'write' as const },
      { name: 'run_command', kind: 'execute' as const },
    ];
    assert.deepEqual(h.service.offeredTools(tools).map((t) => t.name), ['read_file']);
    const refused = denied(await h.service.approve(npmTest, never));
    assert.equal(refused.audit.basis, 'restricted-mode');
    assert.equal(h.prompter.prompts.length, 0);

    let granted = 0;
    const sub = h.service.onDidGrantTrust(() => granted++);
    h.trust.grant();
    sub.dispose();
    assert.equal(granted, 1);
    assert.deepEqual(h.service.offeredTools(tools).map((t) => t.name), ['read_file', 'write_file', 'run_command']);
    assert.equal((await h.service.approve(npmTest, never)).allowed, true);
    assert.equal(h.prompter.prompts.length, 1);
  });

  it('dispose unsubscribes from settings and trust', () => {
    const h = harness();
    assert.equal(h.settings.changes.count, 1);
    assert.equal(h.trust.grants.count, 1);
    h.service.dispose();
    assert.equal(h.settings.changes.count, 0);
    assert.equal(h.trust.grants.count, 0);
  });
});

describe('ApprovalService: real paths', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'relay-approval-')));
  const workspace = join(root, 'ws');
  const outside = join(root, 'outside');
  mkdirSync(workspace);
  mkdirSync(outside);
  symlinkSync(outside, join(workspace, 'linked'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('a symlink out of the workspace always asks, shows the real path, and offers no always-allow', async () => {
    const fileSystem = nodeFileSystem({ workspaceFolders: [workspace], homeDir: '/home/nobody', caseInsensitive: false });
    const h = harness({ fileSystem, answers: [{ type: 'always-allow' }] });
    const path = join(workspace, 'linked', 'notes.txt');
    const outcome = await h.service.approve(edit(path), never);
    const prompt = h.prompter.prompts[0]!;
    assert.equal(prompt.alwaysAllow, undefined);
    assert.ok(prompt.detail.includes(`real path ${join(outside, 'notes.txt')}`), prompt.detail);
    assert.match(prompt.detail, /This always asks/);
    // "Always allow" cannot apply here: the answer counts as allow once and nothing is saved.
    assert.equal(outcome.allowed, true);
    assert.deepEqual(outcome.audit.answer, { type: 'allow-once' });
    assert.deepEqual(h.settings.saved, []);
  });

  it('`..` is resolved before the check', async () => {
    const fileSystem = nodeFileSystem({ workspaceFolders: [workspace], homeDir: '/home/nobody', caseInsensitive: false });
    const h = harness({ fileSystem, answers: [{ type: 'deny' }] });
    h.settings.change({ mode: 'auto-edit' });
    await h.service.approve(edit(join(workspace, '..', 'outside', 'x.txt')), never);
    assert.equal(h.prompter.prompts.length, 1, 'auto-edit asks for a path that climbs out of the workspace');
    assert.ok(h.prompter.prompts[0]!.detail.includes(join(outside, 'x.txt')));
  });
});
