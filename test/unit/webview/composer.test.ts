import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { click, keydown, mount, type, type Harness } from './harness';

describe('webview composer', () => {
  let t: Harness;
  afterEach(() => t.close());
  const input = () => t.$('.composer-input') as HTMLTextAreaElement;
  const send = () => t.$('.send-button') as HTMLButtonElement;
  const stop = () => t.$('.stop-button') as HTMLButtonElement;

  it('posts ready on mount, before anything else', () => {
    t = mount();
    assert.deepEqual(t.takePosted(), [{ type: 'ready', protocolVersion: 2 }]);
    assert.equal(t.$('[data-testid="relay-status"]')!.textContent, 'Connecting…');
    t.init();
    // Without a provider status yet the workspace is named; VS Code's version is not (noise in the header).
    assert.equal(t.$('[data-testid="relay-status"]')!.textContent, 'Ready · sample');
  });

  it('Enter sends, Shift+Enter does not, an IME composition Enter does not, empty text cannot be sent', () => {
    t = mount();
    t.init();
    t.takePosted();
    assert.equal(send().disabled, true, 'send is disabled while empty');
    type(input(), '   ');
    assert.equal(send().disabled, true, 'whitespace is empty');
    assert.equal(keydown(input(), 'Enter').defaultPrevented, true);
    assert.deepEqual(t.takePosted(), []);

    type(input(), 'Fix the failing test');
    assert.equal(send().disabled, false);
    assert.equal(keydown(input(), 'Enter', { shiftKey: true }).defaultPrevented, false, 'Shift+Enter inserts a newline');
    assert.equal(keydown(input(), 'Enter', { isComposing: true }).defaultPrevented, false);
    assert.equal(keydown(input(), 'Enter', { keyCode: 229 }).defaultPrevented, false);
    assert.deepEqual(t.takePosted(), []);

    assert.equal(keydown(input(), 'Enter').defaultPrevented, true);
    assert.deepEqual(t.takePosted(), [{ type: 'sendMessage', text: 'Fix the failing test' }]);
    assert.equal(input().value, '', 'the box empties after sending');
    assert.equal(send().disabled, true);

    type(input(), '  line one\nline two  ');
    click(send());
    assert.deepEqual(t.takePosted(), [{ type: 'sendMessage', text: 'line one\nline two' }]);
  });

  it('shows Stop instead of Send while a task runs, and Stop posts cancelTask', () => {
    t = mount();
    t.init();
    assert.equal(send().hidden, false);
    assert.equal(stop().hidden, true);
    // The first turn has reported nothing yet: no "0 in · 0 out" (seen in the thinking E2E's header).
    t.batch({ type: 'task', task: { id: 't1', title: 'Refactor', running: true, usage: { inputTokens: 0, outputTokens: 0 } } });
    assert.equal(t.$('[data-testid="task-usage"]'), null);
    t.batch({ type: 'task', task: { id: 't1', title: 'Refactor', running: true, usage: { inputTokens: 12_345, outputTokens: 678, costUsd: 0.0421 } } });
    assert.equal(send().hidden, true);
    assert.equal(stop().hidden, false);
    assert.equal(t.$('.task-title')!.textContent, 'Refactor');
    assert.equal(t.$('[data-testid="task-usage"]')!.textContent, '12k in · 678 out · $0.04');
    t.takePosted();
    type(input(), 'queued?');
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted(), [], 'nothing is sent while a task runs');
    click(stop());
    assert.deepEqual(t.takePosted(), [{ type: 'cancelTask' }]);
    t.batch({ type: 'task', task: { id: 't1', title: 'Refactor', running: false } });
    assert.equal(send().hidden, false);
    assert.equal(stop().hidden, true);
    assert.equal(t.$('[data-testid="task-usage"]'), null);
  });

  it('the mode selector offers the four modes and posts setMode; the model button posts selectModel', () => {
    t = mount();
    t.init({ settings: { mode: 'auto-edit', model: 'openai · gpt-5' } });
    const select = t.$('.mode-select') as HTMLSelectElement;
    assert.deepEqual(Array.from(select.options).map((o) => o.value), ['default', 'auto-edit', 'yolo', 'plan']);
    assert.equal(select.value, 'auto-edit');
    assert.equal(select.getAttribute('aria-label'), 'Approval mode');
    t.takePosted();
    select.value = 'plan';
    select.dispatchEvent(new t.window.Event('change', { bubbles: true }));
    assert.deepEqual(t.takePosted(), [{ type: 'setMode', mode: 'plan' }]);
    t.batch({ type: 'settings', settings: { mode: 'plan', model: 'openai · gpt-5' } });
    assert.equal(select.value, 'plan');

    const model = t.$('.model-button')!;
    assert.equal(model.textContent, 'openai · gpt-5');
    click(model);
    assert.deepEqual(t.takePosted(), [{ type: 'selectModel' }]);
    const provider = { id: 'openai', label: 'OpenAI', model: '', key: 'set' as const };
    t.batch({ type: 'settings', settings: { mode: 'plan', model: undefined, provider } });
    assert.equal(model.textContent, 'Choose a model');
    assert.equal(model.classList.contains('pending'), false);
  });

  it('the agent picker lists the host\'s agents beside the mode, posts setAgent, and "More agents…" asks for the full list', () => {
    t = mount();
    t.init({ settings: { mode: 'default', model: 'm' } });
    const picker = t.$('[data-testid="agent-select"]') as HTMLSelectElement;
    assert.equal(picker.hidden, true, 'no picker before the host names the agents');
    const agents = { selected: 'plan', choices: [{ id: 'agent', name: 'Agent' }, { id: 'plan', name: 'Plan', description: 'Plans only' }, { id: 'reviewer', name: 'reviewer' }] };
    t.batch({ type: 'settings', settings: { mode: 'default', model: 'm', agents } });
    assert.equal(picker.hidden, false);
    assert.deepEqual(Array.from(picker.options).map((o) => o.textContent), ['Agent', 'Plan', 'reviewer', 'More agents…']);
    assert.equal(picker.value, 'plan');
    assert.equal(picker.title, 'Agent: Plan. Plans only');
    assert.equal(picker.nextElementSibling, t.$('.mode-select'), 'beside the approval mode');
    t.takePosted();
    picker.value = 'reviewer';
    picker.dispatchEvent(new t.window.Event('change', { bubbles: true }));
    assert.deepEqual(t.takePosted(), [{ type: 'setAgent', agent: 'reviewer' }]);
    picker.value = picker.options[3]!.value;
    picker.dispatchEvent(new t.window.Event('change', { bubbles: true }));
    assert.deepEqual(t.takePosted(), [{ type: 'setAgent', agent: '' }]);
    assert.equal(picker.value, 'plan', 'the selection stays until the host says otherwise');
  });

  it('says nothing about the model before the host has read the settings (no "Choose a model" flash)', () => {
    t = mount();
    t.init({ settings: { mode: 'default', model: undefined } });
    const model = t.$('.model-button')!;
    assert.equal(model.textContent, '');
    assert.equal(model.classList.contains('pending'), true, 'kept in the layout, hidden');
    t.batch({ type: 'settings', settings: { mode: 'default', model: 'anthropic · claude-sonnet-4-5', provider: { id: 'anthropic', label: 'Anthropic', model: 'claude-sonnet-4-5', key: 'set' } } });
    assert.equal(model.textContent, 'claude-sonnet-4-5', 'the model; its provider by its display name in the tooltip');
    assert.equal(model.title, 'Model: claude-sonnet-4-5 · Anthropic (click to change)');
    assert.equal(model.classList.contains('pending'), false);
  });

  it('New task (button or the host command) clears the draft and posts newTask', () => {
    t = mount();
    t.init();
    type(input(), 'draft');
    t.takePosted();
    click(t.$('.new-task-button'));
    assert.deepEqual(t.takePosted(), [{ type: 'newTask' }]);
    assert.equal(input().value, '');
    type(input(), 'another draft');
    t.app.receive({ type: 'newTask' });
    assert.deepEqual(t.takePosted(), [{ type: 'newTask' }]);
    assert.equal(input().value, '');
  });

  it('every control has an accessible name', () => {
    t = mount();
    t.init({ items: [{ kind: 'error', id: 'e', message: 'x', retryable: true }] });
    for (const control of t.$$('button, select, textarea, input')) {
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim();
      assert.ok(name, `${control.outerHTML} has no accessible name`);
    }
  });
});
