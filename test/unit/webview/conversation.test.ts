import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { ChatItem } from '../../../src/shared/chat-model';
import { assistant, click, mount, toolStatus, user, type Harness } from './harness';

const nodeOf = (t: Harness, id: string) => t.$$('.chat-item').find((n) => n.dataset.itemId === id);

describe('webview conversation: keyed, incremental rendering', () => {
  let t: Harness;
  afterEach(() => t.close());

  it('appends one node per item and redraws only the item a delta touches', () => {
    t = mount();
    t.init({ items: [user('u1', 'hello'), assistant('a1', 'Hi **there**'), user('u2', 'do it')] });
    assert.deepEqual(t.$$('.chat-item').map((n) => n.dataset.itemId), ['u1', 'a1', 'u2']);
    assert.equal(t.$('.relay-empty')!.hidden, true);
    const before = { u1: nodeOf(t, 'u1')!, a1: nodeOf(t, 'a1')!, a1Content: nodeOf(t, 'a1')!.firstChild, u2: nodeOf(t, 'u2')! };

    t.batch({ type: 'itemAdded', item: assistant('a2', 'Work', true) });
    t.batch({ type: 'textDelta', id: 'a2', text: 'ing on ' }, { type: 'textDelta', id: 'a2', text: '`it`' });
    const a2 = nodeOf(t, 'a2')!;
    assert.equal(a2.textContent!.trim(), 'Working on it');
    assert.equal(a2.querySelector('code')!.textContent, 'it');
    assert.ok(a2.classList.contains('streaming'));
    assert.equal(a2.getAttribute('aria-busy'), 'true');
    // Nothing else was rebuilt: the same nodes, the same rendered markdown inside them.
    assert.equal(nodeOf(t, 'u1'), before.u1);
    assert.equal(nodeOf(t, 'a1'), before.a1);
    assert.equal(nodeOf(t, 'a1')!.firstChild, before.a1Content);
    assert.equal(nodeOf(t, 'u2'), before.u2);

    t.batch({ type: 'itemDone', id: 'a2' });
    assert.equal(nodeOf(t, 'a2'), a2);
    assert.ok(!a2.classList.contains('streaming'));
    assert.equal(a2.getAttribute('aria-busy'), 'false');
    assert.match(t.$('[aria-live="polite"]')!.textContent!, /Relay replied: Working on `it`/);
  });

  it('a long conversation reopens with off-screen answers as raw text, drawn when their chunk is first shown', () => {
    t = mount({ contentVisibilityEvents: true });
    const items = Array.from({ length: 100 }, (_, i) => assistant(`a${i}`, `**answer ${i}**`));
    t.init({ items });
    const chunks = t.$$('.message-chunk');
    assert.ok(chunks.length > 2, `${chunks.length} chunks`);
    const first = nodeOf(t, 'a0')!;
    assert.ok(first.classList.contains('deferred'));
    assert.equal(first.textContent, '**answer 0**', 'readable (and searchable) before it is drawn');
    assert.equal(first.querySelector('strong'), null);
    const last = nodeOf(t, 'a99')!;
    assert.equal(last.querySelector('strong')!.textContent, 'answer 99', 'the bottom chunks are drawn at once');
    const shown = Object.assign(new t.window.Event('contentvisibilityautostatechange'), { skipped: false });
    chunks[0]!.dispatchEvent(shown);
    assert.equal(nodeOf(t, 'a0')!.querySelector('strong')!.textContent, 'answer 0');
    assert.ok(!nodeOf(t, 'a0')!.classList.contains('deferred'));
    assert.ok(nodeOf(t, `a${chunks[0]!.children.length}`)!.classList.contains('deferred'), 'other chunks still wait');
    // An update to a deferred answer draws it at once.
    t.batch({ type: 'itemAdded', item: assistant('a50', '*changed*') });
    assert.equal(nodeOf(t, 'a50')!.querySelector('em')!.textContent, 'changed');
  });

  it('user text is shown as text, never as markup', () => {
    t = mount();
    t.init({ items: [user('u1', '<img src=x onerror=alert(1)> **not bold**')] });
    assert.equal(nodeOf(t, 'u1')!.querySelector('.message-text')!.textContent, '<img src=x onerror=alert(1)> **not bold**');
    assert.equal(nodeOf(t, 'u1')!.querySelector('img'), null);
  });

  it('the restore buttons under a message say what each does, beside the arrow', () => {
    t = mount();
    t.init({ items: [{ kind: 'user', id: 'u1', text: 'go', ts: 1, checkpointId: 'cp1' }] });
    const buttons = [...nodeOf(t, 'u1')!.querySelectorAll<HTMLButtonElement>('.restore-bar button')];
    assert.deepEqual(
      buttons.map((b) => b.textContent),
      ['Restore files to here', 'Restore files and conversation to here'],
    );
    t.takePosted();
    buttons[0]!.click();
    assert.deepEqual(t.takePosted(), [{ type: 'restoreCheckpoint', itemId: 'u1', conversation: false }]);
  });

  it('a tool status for an unseen call adds one card; later statuses redraw it in place', () => {
    t = mount();
    t.init({ items: [user('u1', 'go')] });
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'c1' }) });
    const card = nodeOf(t, 'c1')!;
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'c1', state: 'running', partial: false }) });
    assert.equal(nodeOf(t, 'c1'), card);
    assert.equal(t.$$('.tool-card').length, 1);
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'c1', state: 'error', partial: false, error: 'boom' }) });
    assert.match(t.$('[aria-live="polite"]')!.textContent!, /Write File: Failed/);
  });

  it('a succeeded attempt_completion card is hidden (the answer says it); failed or awaiting approval it shows', () => {
    t = mount();
    t.init({ items: [user('u1', 'go')] });
    const done = (state: 'running' | 'success' | 'error' | 'awaiting_approval') =>
      t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'd1', toolName: 'attempt_completion', displayName: 'Complete Task', state, partial: false }) });
    done('running');
    assert.equal(nodeOf(t, 'd1')!.hidden, false);
    done('success');
    assert.equal(nodeOf(t, 'd1')!.hidden, true, 'no card after every answer');
    done('error');
    assert.equal(nodeOf(t, 'd1')!.hidden, false, 'a failed completion shows');
    done('awaiting_approval');
    assert.equal(nodeOf(t, 'd1')!.hidden, false, 'one that needs the user shows');
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'w1', state: 'success', partial: false }) });
    assert.equal(nodeOf(t, 'w1')!.hidden, false, 'other finished cards stay');
  });

  it('errors offer Retry (posting retry) when retryable; notices show their level', () => {
    t = mount();
    t.init({
      items: [
        { kind: 'error', id: 'e2', message: 'Invalid API key', retryable: false },
        { kind: 'error', id: 'e1', message: 'Rate limited', retryable: true },
        { kind: 'notice', id: 'n1', text: 'Context compacted', level: 'warning' },
      ],
    });
    t.takePosted();
    assert.equal(nodeOf(t, 'e1')!.getAttribute('role'), 'alert');
    click(nodeOf(t, 'e1')!.querySelector('.retry-button'));
    assert.deepEqual(t.takePosted(), [{ type: 'retry', itemId: 'e1' }]);
    assert.equal(nodeOf(t, 'e1')!.querySelector('.retry-button'), null, 'one press, one attempt: the buttons go at once');
    assert.equal(nodeOf(t, 'e2')!.querySelector('.retry-button'), null);
    assert.ok(nodeOf(t, 'n1')!.classList.contains('notice-warning'));
    assert.equal(nodeOf(t, 'n1')!.textContent, 'Context compacted');
  });

  it("a banner whose attempt is over (retried, superseded) is a muted line without buttons; only the latest one acts", () => {
    t = mount();
    const fix = { step: 'key' as const, label: 'Enter API Key' };
    t.init({ task: { id: 't', title: 'job', running: false }, items: [user('u1', 'job'), { kind: 'error', id: 'e1', message: 'No API key', retryable: true, fix }] });
    const buttons = () => Array.from(nodeOf(t, 'e1')!.querySelectorAll('button')).map((b) => b.textContent);
    assert.deepEqual(buttons(), ['Enter API Key', 'Retry']);
    // Retry pressed: the task runs again, so the old banner no longer offers anything.
    t.batch({ type: 'task', task: { id: 't', title: 'job', running: true } });
    assert.deepEqual(buttons(), []);
    assert.ok(nodeOf(t, 'e1')!.classList.contains('resolved'));
    assert.equal(nodeOf(t, 'e1')!.getAttribute('role'), null, 'no longer an alert');
    // ...and stays resolved after that run ends with an answer.
    t.batch({ type: 'itemAdded', item: assistant('a1', 'Done.') }, { type: 'task', task: { id: 't', title: 'job', running: false } });
    assert.deepEqual(buttons(), []);
    // A new failure gets live buttons of its own; the old one stays muted.
    t.batch({ type: 'itemAdded', item: { kind: 'error', id: 'e2', message: 'Rate limited', retryable: true } });
    assert.deepEqual(buttons(), []);
    assert.deepEqual(Array.from(nodeOf(t, 'e2')!.querySelectorAll('button')).map((b) => b.textContent), ['Retry']);
  });

  it('reset replaces the conversation; an unknown item kind is shown, not dropped', () => {
    t = mount();
    t.init({ items: [user('u1', 'old')] });
    t.batch({ type: 'reset', task: undefined, items: [] });
    assert.equal(t.$$('.chat-item').length, 0);
    assert.equal(t.$('.relay-empty')!.hidden, false);
    t.batch({ type: 'itemAdded', item: { kind: 'hologram', id: 'x' } as unknown as ChatItem });
    assert.match(nodeOf(t, 'x')!.textContent!, /Unsupported item: hologram/);
  });

  it('draws reasoning folded under "Thinking", streaming into it as plain text, apart from the answer', () => {
    t = mount();
    t.init({ items: [user('u1', 'Fix it')] });
    t.batch({ type: 'itemAdded', item: { kind: 'thinking', id: 'th', text: '', ts: 1, streaming: true } });
    t.batch({ type: 'thinkingDelta', id: 'th', text: 'The **bug** is <b>here</b>' });
    const node = nodeOf(t, 'th') as HTMLDetailsElement;
    assert.equal(node.tagName, 'DETAILS');
    assert.equal(node.open, false, 'folded while it streams');
    assert.equal(node.querySelector('.thinking-label')!.textContent, 'Thinking…');
    assert.equal(node.getAttribute('aria-busy'), 'true');
    // Plain text: no markdown, no HTML.
    assert.equal(node.querySelector('.thinking-text')!.textContent, 'The **bug** is <b>here</b>');
    assert.equal(node.querySelector('.thinking-text b'), null);
    t.batch({ type: 'thinkingDelta', id: 'th', text: ' in a.ts.' });
    t.batch({ type: 'itemDone', id: 'th' });
    assert.equal(node.querySelector('.thinking-text')!.textContent, 'The **bug** is <b>here</b> in a.ts.');
    assert.equal(node.querySelector('.thinking-label')!.textContent, 'Thinking');
    assert.equal(node.classList.contains('streaming'), false);
    // Opened by the person, it stays open through later updates.
    node.open = true;
    t.batch({ type: 'thinkingDelta', id: 'th', text: ' More.' });
    assert.equal(node.open, true);
  });

  it('shows Restricted Mode, and drops it when trust is granted', () => {
    t = mount();
    t.init({}, { trusted: false });
    assert.match(t.$('[data-testid="relay-status"]')!.textContent!, /Restricted Mode/);
    t.batch({ type: 'trustChanged', trusted: true });
    assert.doesNotMatch(t.$('[data-testid="relay-status"]')!.textContent!, /Restricted Mode/);
  });
});

describe('webview state: restore from getState until the host snapshot arrives', () => {
  let t: Harness;
  afterEach(() => t.close());
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('saves a trimmed copy with setState and draws it on the next load before init', async () => {
    t = mount();
    const items: ChatItem[] = [];
    for (let i = 0; i < 400; i++) items.push(i % 2 ? assistant(`a${i}`, `answer ${i}`) : user(`u${i}`, `question ${i}`));
    items.push({ kind: 'tool', id: 'c1', status: toolStatus({ callId: 'c1', state: 'success', partial: false, params: { path: 'a.ts', content: 'x'.repeat(50_000) }, blocks: [{ type: 'terminal', command: 'ls', output: `${'y'.repeat(50_000)}END` }] }) });
    t.init({ items, task: { id: 't', title: 'Long task', running: false } });
    (t.$('.composer-input') as HTMLTextAreaElement).value = 'unsent draft';
    t.$('.composer-input')!.dispatchEvent(new t.window.Event('input'));
    await tick();
    const saved = t.savedState() as { snapshot: { items: ChatItem[] }; draft: string };
    assert.ok(saved.snapshot.items.length <= 150, `${saved.snapshot.items.length} items saved`);
    assert.equal(saved.snapshot.items.at(-1)!.id, 'c1', 'the newest items are kept');
    assert.equal(saved.draft, 'unsent draft');
    const tool = saved.snapshot.items.at(-1) as Extract<ChatItem, { kind: 'tool' }>;
    assert.deepEqual(tool.status.params, { path: 'a.ts' }, 'long parameters are not stored');
    const output = (tool.status.blocks[0] as { output: string }).output;
    assert.ok(output.length <= 8_000 && output.endsWith('END'), 'terminal output keeps its tail');
    const state = t.savedState();
    t.close();

    // The webview is torn down (hidden) and loads again: the saved copy shows at once.
    t = mount({ savedState: state });
    assert.equal(t.$$('.chat-item').length, saved.snapshot.items.length);
    assert.equal(t.$('.task-title')!.textContent, 'Long task');
    assert.equal((t.$('.composer-input') as HTMLTextAreaElement).value, 'unsent draft');
    assert.match(t.$('[data-testid="relay-status"]')!.textContent!, /^Reconnecting…/);
    assert.deepEqual(t.takePosted(), [{ type: 'ready', protocolVersion: 2 }]);

    // Batches before init build on the host's snapshot, not on this copy: ignored.
    t.batch({ type: 'itemAdded', item: user('early', 'too early') });
    assert.equal(nodeOf(t, 'early'), undefined);

    // The host snapshot wins.
    t.init({ items: [user('h1', 'from the host')] });
    assert.deepEqual(t.$$('.chat-item').map((n) => n.dataset.itemId), ['h1']);
    assert.equal(t.$('.task-bar')!.hidden, true);
    assert.match(t.$('[data-testid="relay-status"]')!.textContent!, /^Ready/);
  });

  it('ignores a saved state it does not understand', () => {
    t = mount({ savedState: { version: 99, whatever: true } });
    assert.equal(t.$$('.chat-item').length, 0);
    assert.equal(t.$('.relay-empty')!.hidden, false);
  });
});
