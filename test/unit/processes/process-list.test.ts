// What the status bar item and its list show of the background processes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProcessInfo } from '../../../src/core/ports/processes';
import { processListEntries, runningBackground, statusBarText } from '../../../src/core/processes/process-list';

const info = (id: string, over: Partial<ProcessInfo> = {}): ProcessInfo => ({
  id,
  taskId: 't',
  command: `npm run dev:${id}`,
  cwd: '/w',
  state: 'ready',
  urls: [],
  ports: [],
  startedAt: 0,
  background: true,
  ...over,
});

describe('background process list', () => {
  it('counts live background processes only, and hides at zero', () => {
    const list = [info('p1'), info('p2', { state: 'starting' }), info('p3', { state: 'exited', exitCode: 1 }), info('p4', { background: false }), info('p5', { state: 'waiting-for-input' })];
    const running = runningBackground(list);
    assert.deepEqual(running.map((p) => p.id), ['p1', 'p2', 'p5']);
    assert.equal(statusBarText(running)?.text, '$(server-process) Relay: 3 running');
    assert.match(statusBarText(running)!.tooltip, /npm run dev:p5 — waiting for input/);
    assert.equal(statusBarText([]), undefined);
  });

  it('offers Show Output, each URL and Stop per process, and Stop All when several run', () => {
    const one = processListEntries([info('p1', { urls: ['http://localhost:5173/', 'http://[::1]:5173/'] })]);
    assert.deepEqual(one.map((e) => e.action), [
      { kind: 'showOutput', id: 'p1' },
      { kind: 'openUrl', id: 'p1', url: 'http://localhost:5173/' },
      { kind: 'openUrl', id: 'p1', url: 'http://[::1]:5173/' },
      { kind: 'stop', id: 'p1' },
    ]);
    assert.equal(one[0]!.separator, 'npm run dev:p1 (running)');
    const two = processListEntries([info('p1'), info('p2')]);
    assert.deepEqual(two.at(-1)!.action, { kind: 'stopAll' });
    assert.match(two.at(-1)!.label, /Stop All \(2\)/);
  });
});
