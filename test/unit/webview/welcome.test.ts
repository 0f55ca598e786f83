// The welcome in the empty chat, the header's task state and provider line, and an error's fix button: drawn from
// what the host sends, posting intents only.
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { SessionSettings, WelcomeFacts } from '../../../src/shared/chat-model';
import { taskPhase } from '../../../src/shared/task-phase';
import { parseWebviewMessage } from '../../../src/shared/protocol-schema';
import { click, mount, toolStatus, user, type Harness } from './harness';

const LONG_MODEL = 'qwen2.5-coder:32b-instruct-q4_K_M-with-a-very-long-tag';

const settings = (key: 'set' | 'missing' | 'not-needed', model = 'claude-sonnet-5-5'): SessionSettings => ({
  mode: 'default',
  model: `${model} · anthropic`,
  provider: { id: 'anthropic', label: 'Anthropic', model, key },
});

const welcome = (compact = false): WelcomeFacts => ({
  examples: ['Run `npm test` and fix any failing tests', 'Explain what src/greet.ts does and suggest one improvement', 'Read README.md and check that its setup steps still match the code'],
  shortcuts: [
    { keys: 'Ctrl+Alt+R', action: 'Focus Chat' },
    { keys: 'Enter', action: 'Send' },
  ],
  compact,
});

describe('webview welcome and status', () => {
  let t: Harness;
  afterEach(() => t.close());
  const status = () => t.$('[data-testid="relay-status"]')!;

  it('the empty chat shows the provider, the whole model name, the key state, one set-up button, three examples and the shortcuts', () => {
    t = mount();
    t.init({ settings: settings('missing', LONG_MODEL), welcome: welcome() });
    t.takePosted();
    assert.equal(t.$('.relay-empty')!.hidden, false);
    assert.equal(t.$('.welcome-title')!.textContent, 'Welcome to Relay');
    assert.equal(t.$('[data-testid="welcome-provider"]')!.textContent, 'Anthropic');
    assert.equal(t.$('[data-testid="welcome-model"]')!.textContent, LONG_MODEL, 'the model name whole');
    assert.equal(t.$('[data-testid="welcome-key"]')!.textContent, 'no API key');
    assert.equal(t.$$('.example-task').length, 3);
    assert.deepEqual(t.$$('.welcome-shortcuts kbd').map((k) => k.textContent), ['Ctrl+Alt+R', 'Enter']);
    const setUp = t.$('[data-testid="welcome-setup"]')!;
    assert.ok(setUp.classList.contains('primary-button'), 'the only primary action while the key is missing');
    click(setUp);
    assert.deepEqual(t.takePosted(), [{ type: 'setUpProvider' }]);
    // Not "Ready" beside "no API key": without a key nothing can start.
    assert.match(status().textContent!, new RegExp(`^${LONG_MODEL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · Anthropic · no API key$`));
    assert.equal(status().title, status().textContent, 'whole on hover');
  });

  it('an example goes into the message box (not sent); the welcome hides once the task has items', () => {
    t = mount();
    t.init({ settings: settings('set'), welcome: welcome() });
    t.takePosted();
    click(t.$$('.example-task')[1]!);
    assert.equal((t.$('.composer-input') as HTMLTextAreaElement).value, 'Explain what src/greet.ts does and suggest one improvement');
    assert.deepEqual(t.takePosted(), [], 'nothing is sent until the person sends it');
    t.batch({ type: 'itemAdded', item: user('u1', 'go') });
    assert.equal(t.$('.relay-empty')!.hidden, true);
  });

  it('a new task after the first shows the compact form: the provider line and examples, no title or shortcuts', () => {
    t = mount();
    t.init({ settings: settings('set'), welcome: welcome(true) });
    assert.equal(t.$('.welcome-title'), null);
    assert.equal(t.$('.welcome-shortcuts'), null);
    assert.equal(t.$$('.example-task').length, 3);
    assert.ok(t.$('.welcome')!.classList.contains('compact'));
    assert.equal(t.$('[data-testid="welcome-setup"]')!.textContent, 'Change');
  });

  it('Azure OpenAI: the welcome and the header name the deployment beside the model it serves; other providers have no deployment row', () => {
    t = mount();
    const azure: SessionSettings = { mode: 'default', model: 'gpt-4.1 · azure-openai', provider: { id: 'azure-openai', label: 'Azure OpenAI', model: 'gpt-4.1', key: 'set', deployment: 'relay-4-1' } };
    t.init({ settings: azure, welcome: welcome() });
    assert.equal(t.$('[data-testid="welcome-provider"]')!.textContent, 'Azure OpenAI');
    assert.equal(t.$('[data-testid="welcome-model"]')!.textContent, 'gpt-4.1');
    assert.equal(t.$('[data-testid="welcome-deployment"]')!.textContent, 'relay-4-1');
    assert.deepEqual(t.$$('.welcome-fact dt').map((d) => d.textContent), ['Provider', 'Model', 'Deployment', 'API key']);
    assert.equal(status().textContent, 'Ready · gpt-4.1 · Azure OpenAI · deployment relay-4-1');
    t.close();
    t = mount();
    t.init({ settings: settings('set'), welcome: welcome() });
    assert.equal(t.$('[data-testid="welcome-deployment"]'), null);
  });

  it('the header says what the task is doing: working, waiting for approval, stopped on an error', () => {
    t = mount();
    t.init({ settings: settings('set') });
    assert.equal(status().textContent, 'Ready · claude-sonnet-5-5 · Anthropic');
    t.batch({ type: 'task', task: { id: 't1', title: 'x', running: true } }, { type: 'itemAdded', item: user('u1', 'go') });
    assert.equal(status().dataset.phase, 'working');
    assert.match(status().textContent!, /^Working… · claude-sonnet-5-5/);
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'c1', state: 'awaiting_approval', partial: false }) });
    assert.equal(status().textContent, 'Waiting for your approval · claude-sonnet-5-5 · Anthropic');
    t.batch({ type: 'toolStatus', status: toolStatus({ callId: 'c1', state: 'running', partial: false }) });
    assert.equal(status().dataset.phase, 'working');
    t.batch(
      { type: 'itemAdded', item: { kind: 'error', id: 'e1', message: 'Anthropic rejected the API key (401).', retryable: false, fix: { step: 'key', label: 'Enter API Key' } } },
      { type: 'task', task: { id: 't1', title: 'x', running: false } },
    );
    assert.equal(status().dataset.phase, 'error');
    assert.match(status().textContent!, /^Stopped on an error/);
  });

  it("an error's fix button runs that step of the setup", () => {
    t = mount();
    t.init({ items: [{ kind: 'error', id: 'e1', message: 'Model "x" was not found.', retryable: true, fix: { step: 'model', label: 'Pick a Model' } }] });
    t.takePosted();
    const fix = t.$('.message-error .fix-button')!;
    assert.equal(fix.textContent, 'Pick a Model');
    click(fix);
    assert.deepEqual(t.takePosted(), [{ type: 'setUpProvider', step: 'model' }]);
    assert.ok(t.$('.message-error .retry-button'), 'Retry stays beside it');
  });

  it('setUpProvider is validated like every webview message', () => {
    assert.ok(parseWebviewMessage({ type: 'setUpProvider', step: 'baseUrl' }).ok);
    assert.ok(parseWebviewMessage({ type: 'setUpProvider' }).ok);
    assert.equal(parseWebviewMessage({ type: 'setUpProvider', step: 'rm -rf' }).ok, false);
    assert.equal(parseWebviewMessage({ type: 'setUpProvider', extra: 1 }).ok, false);
  });

  it('taskPhase looks at the latest turn only', () => {
    const awaiting = { kind: 'tool' as const, id: 'c0', status: toolStatus({ callId: 'c0', state: 'awaiting_approval' }) };
    assert.equal(taskPhase({ task: { id: 't', title: '', running: true }, items: [awaiting, user('u2', 'next')] }), 'working');
    assert.equal(taskPhase({ task: { id: 't', title: '', running: true }, items: [user('u2', 'next'), awaiting] }), 'approval');
    assert.equal(taskPhase({ task: undefined, items: [] }), 'ready');
  });
});
