import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { click, mount, toolStatus, type Harness } from './harness';

const card = (t: Harness, callId = 'call-1') => t.$$('.tool-card').find((c) => c.dataset.callId === callId);
const label = (t: Harness) => card(t)?.querySelector('.tool-state-label')?.textContent;
const expanded = (t: Harness, callId = 'call-1') => card(t, callId)?.querySelector('.tool-toggle')?.getAttribute('aria-expanded');

describe('webview tool cards: drawn only from ToolCardStatus', () => {
  let t: Harness;
  afterEach(() => t.close());

  it('write_file: WAIT with streaming params → DOING → SUCCESS with a diff', () => {
    t = mount();
    t.init();
    // The model is still streaming the arguments: the path and the growing content show.
    t.batch({ type: 'toolStatus', status: toolStatus({ params: { path: 'src/app.ts' } }) });
    assert.equal(t.$$('.tool-card').length, 1);
    assert.equal(label(t), 'Waiting');
    assert.equal(card(t)!.querySelector('.tool-name')!.textContent, 'Write File');
    // The file name first, its folder after it (a narrow card cut the name off the end of "src/…/app.ts").
    const pathRow = card(t)!.querySelector<HTMLElement>('dd[data-param="path"]')!;
    assert.equal(pathRow.dataset.path, 'src/app.ts');
    assert.deepEqual([...pathRow.children].map((c) => [c.className, c.textContent]), [['path-name', 'app.ts'], ['path-folder', 'src']]);
    assert.equal(expanded(t), 'true');

    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    t.batch({ type: 'toolStatus', status: toolStatus({ params: { path: 'src/app.ts', content: lines.slice(0, 3).join('\n') } }) });
    let preview = card(t)!.querySelector('.param-preview[data-param="content"]')!;
    assert.equal(preview.querySelector('pre')!.textContent, 'line 1\nline 2\nline 3');
    assert.ok(preview.classList.contains('streaming'));

    t.batch({ type: 'toolStatus', status: toolStatus({ params: { path: 'src/app.ts', content: lines.join('\n') } }) });
    preview = card(t)!.querySelector('.param-preview[data-param="content"]')!;
    const shown = preview.querySelector('pre')!.textContent!.split('\n');
    assert.equal(shown.length, 20, 'only the last 20 lines while streaming');
    assert.equal(shown[0], 'line 11');
    assert.equal(shown[19], 'line 30');
    assert.match(preview.querySelector('.param-preview-label')!.textContent!, /30 lines/);
    assert.equal(t.$$('.tool-card').length, 1, 'every status redraws the same card');

    const params = { path: 'src/app.ts', content: lines.join('\n') };
    t.batch({ type: 'toolStatus', status: toolStatus({ state: 'running', partial: false, params, showTip: 'Writing src/app.ts' }) });
    assert.equal(label(t), 'Running');
    assert.equal(card(t)!.querySelector('.tool-tip')!.textContent, 'Writing src/app.ts');
    assert.equal(card(t)!.querySelector('.param-preview'), null, 'the long content is not repeated once the call formed');
    assert.equal(expanded(t), 'true');

    const diff = '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,2 +1,3 @@\n line 1\n-old\n+new\n+added\n';
    t.batch({
      type: 'toolStatus',
      status: toolStatus({
        state: 'success',
        partial: false,
        params,
        endTime: 2_250,
        durationMs: 1_250,
        blocks: [{ type: 'diff', path: 'src/app.ts', unifiedDiff: diff, added: 2, removed: 1, canOpen: true }],
      }),
    });
    assert.equal(label(t), 'Done');
    assert.equal(card(t)!.dataset.state, 'success');
    assert.equal(card(t)!.querySelector('.tool-duration')!.textContent, '1.3 s');
    // The diff counts show in the header even when the finished card is folded.
    assert.equal(expanded(t), 'false');
    const headerStat = card(t)!.querySelector('.tool-toggle .diff-stat')!;
    assert.equal(headerStat.querySelector('.diff-added')!.textContent, '+2');
    assert.equal(headerStat.querySelector('.diff-removed')!.textContent, '−1');
    assert.equal(card(t)!.querySelector('.block-diff'), null, 'a folded card builds its body only when opened');
    click(card(t)!.querySelector('.tool-toggle'));
    assert.equal(expanded(t), 'true');
    const block = card(t)!.querySelector('.block-diff')!;
    const diffPath = block.querySelector<HTMLElement>('.diff-path')!;
    assert.equal(diffPath.dataset.path, 'src/app.ts');
    assert.equal(diffPath.getAttribute('title'), 'src/app.ts');
    assert.equal(diffPath.firstElementChild!.textContent, 'app.ts', 'the file name first');
    assert.equal(block.querySelectorAll('.diff-add').length, 2);
    assert.equal(block.querySelectorAll('.diff-del').length, 1);
    assert.equal(block.querySelectorAll('.diff-hunk').length, 1);

    t.takePosted();
    click(Array.from(block.querySelectorAll('button')).find((b) => b.textContent === 'Open diff')!);
    assert.deepEqual(t.takePosted(), [{ type: 'openDiff', callId: 'call-1' }]);
  });

  it('collapses and expands on the header button, and keeps the person’s choice across updates', () => {
    t = mount();
    t.init();
    t.batch({ type: 'toolStatus', status: toolStatus({ toolName: 'read_file', displayName: 'Read File', state: 'running', partial: false, params: { path: 'a.ts' } }) });
    const toggle = card(t)!.querySelector<HTMLButtonElement>('.tool-toggle')!;
    assert.equal(toggle.getAttribute('aria-controls'), card(t)!.querySelector('.tool-body')!.id);
    click(toggle);
    assert.equal(expanded(t), 'false');
    assert.equal(card(t)!.querySelector<HTMLElement>('.tool-body')!.hidden, true);
    t.batch({ type: 'toolStatus', status: toolStatus({ toolName: 'read_file', displayName: 'Read File', state: 'running', partial: false, params: { path: 'a.ts' }, showTip: 'still reading' }) });
    assert.equal(expanded(t), 'false', 'an update does not reopen a card the person closed');
    click(toggle);
    assert.equal(expanded(t), 'true');
  });

  it('ERROR stays open and shows the error; CANCELLED shows its state', () => {
    t = mount();
    t.init({ task: { id: 't', title: 'job', running: true } });
    t.batch({ type: 'toolStatus', status: toolStatus({ state: 'awaiting_approval', partial: false, params: { path: 'x.ts' } }) });
    assert.equal(label(t), 'Awaiting approval');
    t.batch({ type: 'toolStatus', status: toolStatus({ state: 'error', partial: false, params: { path: 'x.ts' }, error: 'EACCES: permission denied', endTime: 1_500 }) });
    assert.equal(label(t), 'Failed');
    assert.equal(expanded(t), 'true', 'errors stay open');
    assert.equal(card(t)!.querySelector('.block-error')!.textContent, 'EACCES: permission denied');
    assert.equal(card(t)!.getAttribute('aria-label'), 'Write File: Failed');

    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'call-2', toolName: 'run_command', displayName: 'Run Command', state: 'running', partial: false, params: { command: 'npm test' } }) });
    t.batch({
      type: 'toolStatus',
      status: toolStatus({ callId: 'call-2', toolName: 'run_command', displayName: 'Run Command', state: 'cancelled', partial: false, params: { command: 'npm test' }, endTime: 3_000 }),
    });
    assert.equal(card(t, 'call-2')!.querySelector('.tool-state-label')!.textContent, 'Cancelled');
    assert.equal(t.$$('.tool-card').length, 2);
  });

  it('only the card whose approval is open says "Awaiting approval"; the others are queued', () => {
    t = mount();
    t.init({ task: { id: 't', title: 'job', running: true } });
    // The read was allowed and waits for its turn; the write's question is open.
    t.batch(
      { type: 'toolStatus', status: toolStatus({ callId: 'read', toolName: 'read_file', displayName: 'Read File', state: 'awaiting_approval', partial: false }) },
      { type: 'toolStatus', status: toolStatus({ callId: 'write', state: 'awaiting_approval', partial: false }) },
    );
    const stateOf = (id: string) => card(t, id)!.querySelector('.tool-state-label')!.textContent;
    assert.equal(stateOf('read'), 'Queued');
    assert.equal(stateOf('write'), 'Awaiting approval');
    assert.ok(!card(t, 'read')!.classList.contains('state-awaiting_approval'), 'no warning border on a queued card');
    assert.match(t.$('.relay-status')!.textContent!, /^Waiting for your approval/);
    // The write denied: "Denied by you", neutral, never a red "Failed"; the read runs.
    t.batch(
      { type: 'toolStatus', status: toolStatus({ callId: 'write', state: 'error', partial: false, denied: true, error: 'The user denied this call.', showTip: 'Create notes.txt' }) },
      { type: 'toolStatus', status: toolStatus({ callId: 'read', toolName: 'read_file', displayName: 'Read File', state: 'running', partial: false, showTip: 'Reading a.md' }) },
    );
    assert.equal(stateOf('write'), 'Denied by you');
    assert.ok(card(t, 'write')!.classList.contains('state-denied') && !card(t, 'write')!.classList.contains('state-error'));
    assert.equal(card(t, 'write')!.querySelector('.tool-tip')!.textContent, 'Create notes.txt');
    // A failure does not keep the tip it had while running ("Reading a.md"): the error says what happened.
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'read', toolName: 'read_file', displayName: 'Read File', state: 'error', partial: false, error: 'File not found: a.md', showTip: 'Reading a.md' }) });
    assert.equal(stateOf('read'), 'Failed');
    assert.equal(card(t, 'read')!.querySelector('.tool-tip'), null);
  });

  it('a question waiting for its answer says "Needs your answer", and neither header nor composer says Relay is working', () => {
    t = mount();
    t.init({ task: { id: 't', title: 'job', running: true } });
    const question = { type: 'question', question: 'Which file?', options: ['a.ts', 'b.ts'] };
    t.batch({ type: 'toolStatus', status: toolStatus({ toolName: 'ask_followup_question', displayName: 'Ask a Question', state: 'running', partial: false, blocks: [question] }) });
    assert.equal(label(t), 'Needs your answer');
    assert.ok(!card(t)!.classList.contains('state-running'), 'no spinner');
    assert.match(t.$('.relay-status')!.textContent!, /^Needs your answer/);
    const input = t.$('textarea') as HTMLTextAreaElement;
    assert.doesNotMatch(input.placeholder, /working/i);
    t.batch({ type: 'toolStatus', status: toolStatus({ toolName: 'ask_followup_question', displayName: 'Ask a Question', state: 'running', partial: false, blocks: [{ ...question, answered: 'a.ts' }] }) });
    assert.equal(label(t), 'Running');
    assert.match(input.placeholder, /working/i);
  });

  it('an approval waiting in its modal: the header and the composer both say so, not "Relay is working"', () => {
    t = mount();
    t.init({ task: { id: 't', title: 'job', running: true } });
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'w', state: 'awaiting_approval', partial: false }) });
    assert.match(t.$('.relay-status')!.textContent!, /^Waiting for your approval/);
    const input = t.$('textarea') as HTMLTextAreaElement;
    assert.doesNotMatch(input.placeholder, /working/i);
    assert.match(input.placeholder, /approval/i);
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'w', state: 'running', partial: false }) });
    assert.match(input.placeholder, /working/i);
  });

  it('parameters read as words: a flag says what it does ("Runs in the background", not "background true"), names without underscores', () => {
    t = mount();
    t.init();
    t.batch({
      type: 'toolStatus',
      status: toolStatus({ callId: 'bg', toolName: 'run_command', displayName: 'Run Command', state: 'running', partial: false, params: { command: 'npm run dev', background: true, outside_sandbox: false, start_line: 10, dry_run: true } }),
    });
    const params = card(t, 'bg')!.querySelector('.tool-params')!;
    assert.equal(params.querySelector('dd[data-param="background"]')!.textContent, 'Runs in the background');
    assert.equal(params.querySelector('[data-param="outside_sandbox"]'), null, 'a known flag that is off is the default: not shown');
    assert.equal(params.querySelector('dd[data-param="dry_run"]')!.textContent, 'dry run: yes');
    assert.deepEqual(Array.from(params.querySelectorAll('dt')).map((n) => n.textContent), ['command', 'start line']);
    assert.doesNotMatch(params.textContent!, /\btrue\b|\bfalse\b/);
  });

  it("a check_page card shows the page's picture from a data: URI, and no raw parameter (\"settle ms 500\")", () => {
    t = mount();
    t.init();
    const data = Buffer.from('jpeg bytes').toString('base64');
    t.batch({
      type: 'toolStatus',
      status: toolStatus({
        callId: 'page', toolName: 'check_page', displayName: 'Check Page', state: 'success', partial: false,
        params: { url: 'http://127.0.0.1:5173/', settle_ms: 500, max_text: 2000 },
        blocks: [{ type: 'image', mediaType: 'image/jpeg', data, width: 320, height: 200, alt: 'Screenshot of Fixture' }],
      }),
    });
    const node = card(t, 'page')!;
    (node.querySelector('.tool-toggle') as HTMLButtonElement).click();
    const img = node.querySelector('img.block-image') as HTMLImageElement;
    assert.equal(img.getAttribute('src'), `data:image/jpeg;base64,${data}`);
    assert.equal(img.getAttribute('alt'), 'Screenshot of Fixture');
    assert.equal(img.getAttribute('width'), '320');
    const params = node.querySelector('.tool-params')!;
    assert.deepEqual(Array.from(params.querySelectorAll('dt')).map((n) => n.textContent), ['URL']);
    assert.doesNotMatch(node.textContent!, /settle|max text|500|2000/);
  });

  it('an image block that is not a plain base64 JPEG or PNG is not drawn as a picture', () => {
    t = mount();
    t.init();
    const bad = [
      { type: 'image', mediaType: 'image/svg+xml', data: 'PHN2Zz4=', alt: 'svg' },
      { type: 'image', mediaType: 'image/jpeg', data: 'AAAA" onerror="alert(1)', alt: 'quote' },
      { type: 'image', mediaType: 'image/png', data: 'AAAA;base64,', alt: 'not base64' },
    ];
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'bad', toolName: 'x__y', displayName: 'X', state: 'error', partial: false, blocks: bad }) });
    const node = card(t, 'bad')!;
    assert.equal(node.querySelectorAll('img').length, 0);
    assert.equal(node.querySelectorAll('.block-generic').length, 3, 'shown as generic blocks instead');
  });

  it("other tools' knobs read as words too: search flags say what they do, an MCP tool's limit stays", () => {
    t = mount();
    t.init();
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 's', toolName: 'search_text', displayName: 'Search Text', state: 'running', partial: false, params: { pattern: 'foo', regex: false, case_sensitive: true, max_results: 50, context_lines: 2 } }) });
    const params = card(t, 's')!.querySelector('.tool-params')!;
    assert.deepEqual(Array.from(params.querySelectorAll('dd.param-flag')).map((n) => n.textContent), ['Exact text', 'Matches case']);
    assert.doesNotMatch(params.textContent!, /max results|context lines|\b50\b/);
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'm', toolName: 'mcp__db__query', displayName: 'Query (db)', state: 'running', partial: false, params: { sql: 'select 1', limit: 5 } }) });
    assert.deepEqual(Array.from(card(t, 'm')!.querySelectorAll('.tool-params dt')).map((n) => n.textContent), ['sql', 'limit']);
  });

  it('a call a hook blocked ends "Blocked by a hook", without a duration, not "Failed 44 ms"', () => {
    t = mount();
    t.init({ task: { id: 't', title: 'job', running: true } });
    t.batch({
      type: 'toolStatus',
      status: toolStatus({
        callId: 'rm', toolName: 'run_command', displayName: 'Run Command', state: 'error', partial: false, error: 'Not run: a hook blocked it.',
        hooks: [{ kind: 'blocked', text: 'PreToolUse hook blocked it: no rm -rf' }], startTime: 1000, endTime: 1044,
      }),
    });
    assert.equal(card(t, 'rm')!.querySelector('.tool-state-label')!.textContent, 'Blocked by a hook');
    assert.ok(card(t, 'rm')!.classList.contains('state-blocked') && !card(t, 'rm')!.classList.contains('state-error'));
    assert.equal(card(t, 'rm')!.querySelector('.tool-duration'), null);
  });

  it('terminal: a live tail while running, then the exit code', () => {
    t = mount();
    t.init();
    const output = Array.from({ length: 500 }, (_, i) => `out ${i}`).join('\n');
    const terminal = (extra: object) => ({ type: 'terminal', command: 'npm test', output, ...extra });
    t.batch({ type: 'toolStatus', status: toolStatus({ toolName: 'run_command', state: 'running', partial: false, blocks: [terminal({})] }) });
    const pre = () => card(t)!.querySelector('.terminal-output')!.textContent!;
    assert.ok(pre().endsWith('out 499'));
    assert.ok(!pre().includes('out 299\n'), 'only the tail is drawn');
    assert.match(card(t)!.querySelector('.block-terminal .block-note')!.textContent!, /300 earlier lines/);
    assert.equal(card(t)!.querySelector('.block-terminal .exit-code'), null);
    t.batch({ type: 'toolStatus', status: toolStatus({ toolName: 'run_command', state: 'error', partial: false, blocks: [terminal({ exitCode: 1, output: '\x1b[31mFAIL\x1b[0m' })] }) });
    assert.equal(card(t)!.querySelector('.block-terminal .exit-code')!.textContent, 'exit 1');
    assert.equal(pre(), 'FAIL', 'colour codes are stripped');
  });

  it('file_list, todo, text and error blocks', () => {
    t = mount();
    t.init();
    t.batch({
      type: 'toolStatus',
      status: toolStatus({
        state: 'running',
        partial: false,
        blocks: [
          { type: 'file_list', files: ['a.ts', 'b.ts'], truncated: true },
          { type: 'todo', items: [{ text: 'plan', status: 'done' }, { text: 'build', status: 'in_progress' }, { text: 'ship', status: 'pending' }] },
          { type: 'text', text: '<b>not bold</b>' },
          { type: 'error', message: 'partial failure' },
        ],
      }),
    });
    const c = card(t)!;
    assert.deepEqual(Array.from(c.querySelectorAll('.file-list li')).map((li) => li.textContent), ['a.ts', 'b.ts']);
    assert.equal(c.querySelector('.block-file-list .block-note')!.textContent, 'list truncated');
    assert.deepEqual(Array.from(c.querySelectorAll('.todo-item')).map((li) => li.className), ['todo-item todo-done', 'todo-item todo-in_progress', 'todo-item todo-pending']);
    assert.equal(c.querySelector('.block-text')!.textContent, '<b>not bold</b>');
    assert.equal(c.querySelector('.block-text b'), null, 'text blocks are text, never HTML');
    assert.equal(c.querySelector('.block-error')!.textContent, 'partial failure');
  });

  it('an unknown block type renders as a generic block with its type and JSON, escaped', () => {
    t = mount();
    t.init();
    t.batch({
      type: 'toolStatus',
      status: toolStatus({ state: 'success', partial: false, blocks: [{ type: 'chart', series: [1, 2], label: '<img src=x onerror=alert(1)>' }] }),
    });
    click(card(t)!.querySelector('.tool-toggle'));
    const generic = card(t)!.querySelector('.block-generic')!;
    assert.equal(generic.querySelector('.block-header')!.textContent, 'Block: chart');
    assert.match(generic.querySelector('pre')!.textContent!, /"series"/);
    assert.equal(generic.querySelector('img'), null);
  });

  it('malformed known blocks fall back to the generic view instead of crashing', () => {
    t = mount();
    t.init();
    t.batch({
      type: 'toolStatus',
      status: toolStatus({ state: 'error', partial: false, blocks: [{ type: 'diff', unifiedDiff: 42 } as never, { type: 'todo', items: 'nope' } as never, null as never] }),
    });
    assert.equal(card(t)!.querySelectorAll('.block').length, 3);
    assert.equal(card(t)!.querySelector('.block-diff .diff-body')!.textContent, '42\n');
  });

  it('question: options and a typed answer post answerQuestion, then the answered state shows', () => {
    t = mount();
    t.init();
    const ask = (answered?: string) =>
      toolStatus({
        callId: 'q1',
        toolName: 'ask_followup_question',
        displayName: 'Question',
        state: 'running',
        partial: false,
        blocks: [{ type: 'question', question: 'Which database?', options: ['Postgres', 'SQLite'], ...(answered ? { answered } : {}) }],
      });
    t.batch({ type: 'toolStatus', status: ask() });
    const block = () => card(t, 'q1')!.querySelector('.block-question')!;
    assert.equal(block().querySelector('.question-text')!.textContent, 'Which database?');
    t.takePosted();
    click(Array.from(block().querySelectorAll('button')).find((b) => b.textContent === 'SQLite')!);
    assert.deepEqual(t.takePosted(), [{ type: 'answerQuestion', callId: 'q1', answer: 'SQLite' }]);
    assert.ok(Array.from(block().querySelectorAll('button')).every((b) => b.disabled), 'answering disables the choices');

    // Another question, answered by typing.
    t.batch({ type: 'toolStatus', status: { ...ask(), callId: 'q2' } });
    const second = card(t, 'q2')!.querySelector('.block-question')!;
    const input = second.querySelector<HTMLInputElement>('.question-input')!;
    input.value = 'MySQL, please';
    second.querySelector('form')!.dispatchEvent(new t.window.Event('submit', { bubbles: true, cancelable: true }));
    assert.deepEqual(t.takePosted(), [{ type: 'answerQuestion', callId: 'q2', answer: 'MySQL, please' }]);

    t.batch({ type: 'toolStatus', status: ask('SQLite') });
    assert.equal(block().querySelector('.question-answered')!.textContent, 'Answered: SQLite');
    assert.equal(block().querySelector('button'), null);
  });

  it('keeps a question’s typed draft when an unrelated status update arrives', () => {
    t = mount();
    t.init();
    const status = (showTip: string) =>
      toolStatus({ callId: 'q', state: 'running', partial: false, showTip, blocks: [{ type: 'question', question: 'Name?' }] });
    t.batch({ type: 'toolStatus', status: status('asking') });
    const input = card(t, 'q')!.querySelector<HTMLInputElement>('.question-input')!;
    input.value = 'half-typed';
    t.batch({ type: 'toolStatus', status: status('still asking') });
    assert.equal(card(t, 'q')!.querySelector<HTMLInputElement>('.question-input'), input, 'the same input element');
    assert.equal(input.value, 'half-typed');
  });
});

describe('webview tool cards: what hooks did', () => {
  let t: Harness;
  afterEach(() => t.close());

  it('a blocked call shows which hook and why, as an alert; context added shows on a finished card, which stays open only when a hook blocked or failed', () => {
    t = mount();
    t.init();
    const blocked = 'The PreToolUse hook "./no-rm.sh" (.claude/settings.json) blocked it: rm -rf is not allowed';
    t.batch({
      type: 'toolStatus',
      status: toolStatus({ state: 'error', partial: false, error: blocked, endTime: 2_000, durationMs: 0, hooks: [{ kind: 'blocked', text: blocked }] }),
    });
    const note = card(t)!.querySelector('.block-hook')!;
    assert.equal(note.textContent, blocked);
    assert.ok(note.classList.contains('hook-blocked'));
    assert.equal(note.getAttribute('role'), 'alert');
    assert.equal(expanded(t), 'true');

    t.batch({
      type: 'toolStatus',
      status: toolStatus({ callId: 'call-2', state: 'success', partial: false, endTime: 2_000, durationMs: 5, hooks: [{ kind: 'context-added', text: 'The PostToolUse hook "fmt.sh" added context for the model.' }] }),
    });
    assert.equal(expanded(t, 'call-2'), 'false', 'a finished card with only context added folds');
    click(card(t, 'call-2')!.querySelector('.tool-toggle')!);
    const added = card(t, 'call-2')!.querySelector('.block-hook')!;
    assert.match(added.textContent!, /added context/);
    assert.equal(added.getAttribute('role'), null);

    t.batch({
      type: 'toolStatus',
      status: toolStatus({ callId: 'call-3', state: 'success', partial: false, endTime: 2_000, durationMs: 5, hooks: [{ kind: 'failed', text: 'The PreToolUse hook "slow.sh" (relay.hooks) timed out; it gave no answer.' }] }),
    });
    assert.equal(expanded(t, 'call-3'), 'true', 'a failed hook is never hidden in a folded card');
  });
});
