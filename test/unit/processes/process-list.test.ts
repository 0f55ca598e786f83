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
      { kind: 'keep', id: 'p1', keep: true },
      { kind: 'stop', id: 'p1' },
    ]);
    assert.equal(one[0]!.separator, 'npm run dev:p1 (running)');
    const two = processListEntries([info('p1'), info('p2')]);
    assert.deepEqual(two.at(-1)!.action, { kind: 'stopAll' });
    assert.match(two.at(-1)!.label, /Stop All \(2\)/);
  });

  it('offers keeping a process past a reload, and undoing it, never for a sandboxed one', () => {
    const kept = processListEntries([info('p1', { keep: true })]);
    assert.deepEqual(kept.map((e) => e.action), [{ kind: 'showOutput', id: 'p1' }, { kind: 'keep', id: 'p1', keep: false }, { kind: 'stop', id: 'p1' }]);
    assert.equal(kept[0]!.separator, 'npm run dev:p1 (running, kept after reload)');
    assert.match(kept[1]!.label, /Stop at Reload/);
    assert.match(processListEntries([info('p1')])[1]!.label, /Keep Running After Reload/);
    const sandboxed = processListEntries([info('p1', { sandbox: { violations: [] } })]);
    assert.equal(sandboxed.some((e) => e.action?.kind === 'keep'), false);
  });

  it('lists a process an earlier session kept with its log and Stop, and counts it', () => {
    const earlier = info('earlier-42', { keep: true, earlier: true, logPath: '/logs/p1.log', urls: ['http://localhost:5173/'] });
    const entries = processListEntries([info('p2'), earlier]);
    const its = entries.filter((e) => e.action && 'id' in e.action && e.action.id === 'earlier-42');
    assert.deepEqual(its.map((e) => e.action), [
      { kind: 'openLog', id: 'earlier-42', path: '/logs/p1.log' },
      { kind: 'openUrl', id: 'earlier-42', url: 'http://localhost:5173/' },
      { kind: 'stop', id: 'earlier-42' },
    ]);
    assert.equal(its[0]!.separator, 'npm run dev:earlier-42 (kept running from before the reload)');
    assert.deepEqual(processListEntries([info('earlier-43', { keep: true, earlier: true, urls: ['http://localhost:5173/'] })]).map((e) => e.action?.kind), ['openUrl', 'stop']);
    assert.equal(statusBarText([info('p2'), earlier])?.text, '$(server-process) Relay: 2 running');
  });
});
