import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { ProcessCard } from '../../../src/shared/chat-model';
import { click, mount, toolStatus, type Harness } from './harness';

const proc = (overrides: Partial<ProcessCard> = {}): ProcessCard => ({ id: 'p1', command: 'node server.js', state: 'starting', urls: [], tail: '', ...overrides });

describe('webview: a background process in its run_command card', () => {
  let t: Harness;
  afterEach(() => t.close());

  it('shows state, URLs and tail live; Stop and the links post validated intents; a stopped one says so', () => {
    t = mount();
    t.init();
    t.batch(
      { type: 'process', process: proc() },
      { type: 'toolStatus', status: toolStatus({ toolName: 'run_command', displayName: 'Run Command', state: 'success', processId: 'p1', showTip: 'node server.js', durationMs: 4400, blocks: [{ type: 'terminal', command: 'node server.js', output: 'old output' }] }) },
    );
    const panel = () => t.$('.process-panel');
    assert.ok(panel(), 'a finished call whose process still runs stays open with the process');
    assert.equal(t.$('.process-state')!.textContent, 'Starting');
    assert.equal(t.$('.block-terminal'), null, 'the live tail replaces the output the call saw');

    t.batch({ type: 'process', process: proc({ state: 'ready', urls: ['http://127.0.0.1:4000/'], tail: 'listening on http://127.0.0.1:4000/\n' }) });
    assert.equal(t.$('.process-state')!.textContent, 'Running');
    // The card reads as a person would: its state is the process's (not the call's "Done 4.4 s"), the command is
    // its line, the process id secondary on the process's row.
    assert.equal(t.$('.tool-state-label')!.textContent, 'Running');
    assert.equal(t.$('.tool-duration'), null, "no call duration beside the process's state");
    assert.equal(t.$('.tool-card')!.getAttribute('aria-label'), 'Run Command: Running');
    assert.equal(t.$('.tool-tip')!.textContent, 'node server.js');
    assert.equal(t.$('.process-id')!.textContent, 'Process p1');
    assert.equal(t.$('.process-tail')!.textContent, 'listening on http://127.0.0.1:4000/\n');
    const link = t.$('.process-url') as HTMLAnchorElement;
    assert.equal(link.textContent, 'http://127.0.0.1:4000/');
    t.takePosted();
    click(link);
    click(t.$('.process-url-external'));
    assert.deepEqual(t.takePosted(), [
      { type: 'openProcessUrl', processId: 'p1', url: 'http://127.0.0.1:4000/' },
      { type: 'openProcessUrl', processId: 'p1', url: 'http://127.0.0.1:4000/', external: true },
    ], 'the link goes to the host, not through the conversation\'s openLink');

    const stop = t.$('.process-stop') as HTMLButtonElement;
    assert.equal(stop.tagName, 'BUTTON');
    assert.equal(stop.getAttribute('aria-label'), 'Stop node server.js');
    click(stop);
    assert.deepEqual(t.takePosted(), [{ type: 'stopProcess', processId: 'p1' }]);
    assert.equal(stop.disabled, true, 'no second Stop while the first runs');

    t.batch({ type: 'process', process: proc({ state: 'stopped', urls: ['http://127.0.0.1:4000/'], tail: 'bye\n' }) });
    assert.equal(t.$('.process-state')!.textContent, 'Stopped');
    assert.equal(t.$('.tool-state-label')!.textContent, 'Stopped', 'the card says the process stopped');
    assert.equal((t.$('.process-stop') as HTMLButtonElement).hidden, true);
    assert.equal(t.$('.tool-toggle')!.getAttribute('aria-expanded'), 'true', 'how it ended stays in view');
    assert.equal(t.$('.process-tail')!.textContent, 'bye\n');
  });

  it('a card without processId shows no process panel', () => {
    t = mount();
    t.init({ processes: { p1: proc({ state: 'ready' }) } });
    t.batch({ type: 'toolStatus', status: toolStatus({ state: 'running' }) });
    assert.equal(t.$('.process-panel'), null);
  });
});
