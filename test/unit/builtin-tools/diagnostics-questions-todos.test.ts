import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { diagnostic } from '../../support/in-memory-host';
import { DIAGNOSTICS_ORIGIN, untrustedNote } from '../../../src/core/text/untrusted-data';
import { expectSuccess, testContext, ToolHarness } from './harness';

describe('get_diagnostics', () => {
  function withProblems() {
    const h = new ToolHarness({ files: { 'src/a.ts': '', 'src/b.ts': '', 'src/c.ts': '' } });
    h.host.diagnostics.set('/workspace/src/b.ts', [diagnostic(9, 'unused variable', 'warning')]);
    h.host.diagnostics.set('/workspace/src/a.ts', [
      diagnostic(4, 'Cannot find name "x".\n  more detail'),
      diagnostic(1, 'Type mismatch'),
      diagnostic(2, 'consider const', 'hint'),
    ]);
    h.host.diagnostics.set('/elsewhere/lib.ts', [diagnostic(0, 'outside')]);
    return h;
  }

  it('lists errors and warnings of the whole workspace, grouped by file (most errors first), with 1-based positions', async () => {
    const outcome = await withProblems().call('get_diagnostics', {});
    assert.equal(
      expectSuccess(outcome),
      [
        '3 errors, 1 warning in 3 files:',
        '<diagnostics untrusted="true">',
        untrustedNote(DIAGNOSTICS_ORIGIN),
        'src/a.ts',
        '  2:1 error [test]: Type mismatch',
        '  5:1 error [test]: Cannot find name "x". more detail',
        '',
        '/elsewhere/lib.ts',
        '  1:1 error [test]: outside',
        '',
        'src/b.ts',
        '  10:1 warning [test]: unused variable',
        '</diagnostics>',
      ].join('\n'),
    );
    assert.deepEqual(outcome.preparation?.targets.paths, ['/workspace']);
  });

  it('checks given files only, errors only on request, and caps the list', async () => {
    const h = withProblems();
    const some = expectSuccess(await h.call('get_diagnostics', { paths: ['src/b.ts', 'src/c.ts'], severity: 'error' }));
    assert.equal(some, 'No errors reported in 2 files.');
    const capped = expectSuccess(await h.call('get_diagnostics', { limit: 2 }));
    assert.match(capped, /\[2 more not listed; raise limit \(at most 500\) or ask for fewer files\.\]$/);
  });
});

describe('ask_followup_question', () => {
  it('shows the question on the card and gives the model the answer', async () => {
    const h = new ToolHarness();
    const tool = h.tool('ask_followup_question');
    const c = testContext();
    const params = { question: 'Which port?', options: ['3000', '8080'] };
    const running = tool.execute(params, c.ctx, false);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(h.host.questions.asked, [{ callId: 'call-1', question: 'Which port?', options: ['3000', '8080'] }]);
    assert.deepEqual(c.statuses.at(-1)?.options.blocks, [{ type: 'question', question: 'Which port?', options: ['3000', '8080'] }]);
    assert.ok(h.host.questions.answer('call-1', '8080'));
    await running;
    assert.equal(c.results[0]?.content, 'The user answered: 8080');
    assert.deepEqual(c.statuses.at(-1)?.options.blocks, [{ type: 'question', question: 'Which port?', options: ['3000', '8080'], answered: '8080' }]);
  });

  it('is cancelled with the task, leaving no result for the runtime to misreport', async () => {
    const h = new ToolHarness();
    const c = testContext();
    const running = h.tool('ask_followup_question').execute({ question: 'Go on?' }, c.ctx, false);
    await new Promise((r) => setImmediate(r));
    c.controller.abort();
    await assert.rejects(running, { name: 'AbortError' });
    assert.equal(c.results.length, 0);
  });

  it('needs two or more options when it offers any', async () => {
    const tool = new ToolHarness().tool('ask_followup_question');
    assert.equal((await tool.validate({ question: 'x', options: ['only'] })).ok, false);
  });
});

describe('todo_write', () => {
  it('replaces the checklist, shows it and echoes it to the model', async () => {
    const h = new ToolHarness();
    const todos = [
      { text: 'Write the helper', status: 'done' },
      { text: 'Wire it up', status: 'in_progress' },
      { text: 'Test it', status: 'pending' },
    ];
    const outcome = await h.call('todo_write', { todos });
    assert.equal(expectSuccess(outcome), 'Checklist updated (1 of 3 done):\n[x] Write the helper\n[~] Wire it up\n[ ] Test it');
    assert.deepEqual(outcome.final?.options.blocks, [{ type: 'todo', items: todos }]);
    assert.deepEqual(h.host.todos.updates, [{ taskId: 'task-1', items: todos }]);
    assert.equal(expectSuccess(await h.call('todo_write', { todos: [] })), 'The checklist is now empty.');
    assert.deepEqual(h.host.todos.updates.at(-1), { taskId: 'task-1', items: [] });
  });

  it('rejects an unknown status', async () => {
    const tool = new ToolHarness().tool('todo_write');
    const invalid = await tool.validate({ todos: [{ text: 'x', status: 'blocked' }] });
    assert.equal(invalid.ok, false);
  });
});

describe('failures are results', () => {
  it('an unexpected error from a port becomes an execution_failed result, not a throw', async () => {
    const h = new ToolHarness({ files: { 'a.ts': 'x\n' } });
    h.host.services.files.readText = async () => {
      throw new Error('disk on fire');
    };
    const outcome = await h.call('read_file', { path: 'a.ts' });
    assert.equal(outcome.error, ToolErrorType.EXECUTION_FAILED);
    assert.equal(outcome.text, 'disk on fire');
    assert.equal(outcome.final?.status, 'ERROR');
  });
});
