// What the status bar item and its list show of the background processes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProcessInfo } from '../../../src/core/ports/processes';
import { processActions, processActionsTitle, processRows, runningBackground, statusBarText, stopAllEntry } from '../../../src/core/processes/process-list';

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

  it('lists one row per process: its command first, then its state and first URL, no working folder', () => {
    const rows = processRows([info('p1', { urls: ['http://localhost:5173/', 'http://[::1]:5173/'] }), info('p2', { keep: true }), info('p3', { state: 'starting' })]);
    assert.equal(rows.length, 3, 'one row each, not one per action');
    assert.deepEqual(rows.map((r) => r.label), ['$(server-process) npm run dev:p1', '$(server-process) npm run dev:p2', '$(server-process) npm run dev:p3']);
    assert.deepEqual(rows.map((r) => r.description), ['running · http://localhost:5173/ (+1 more)', 'running, kept after reload', 'starting']);
    for (const row of rows) assert.doesNotMatch(`${row.label} ${row.description}`, /\/w\b/, 'the working folder (the same /tmp/… on every row) is left out');
    assert.deepEqual(rows[0]!.buttons.map((b) => [b.icon, b.tooltip, b.action]), [
      ['terminal', 'Show Output', { kind: 'showOutput', id: 'p1' }],
      ['debug-stop', 'Stop', { kind: 'stop', id: 'p1' }],
    ]);
  });

  it('offers Show Output, each URL, the keep toggle and Stop for the process picked, and Stop All when several run', () => {
    const p1 = info('p1', { urls: ['http://localhost:5173/', 'http://[::1]:5173/'] });
    assert.deepEqual(processActions(p1).map((e) => e.action), [
      { kind: 'showOutput', id: 'p1' },
      { kind: 'openUrl', id: 'p1', url: 'http://localhost:5173/' },
      { kind: 'openUrl', id: 'p1', url: 'http://[::1]:5173/' },
      { kind: 'keep', id: 'p1', keep: true },
      { kind: 'stop', id: 'p1' },
    ]);
    assert.equal(processActions(p1)[0]!.description, undefined, 'Show Output is not followed by the working folder');
    assert.equal(processActionsTitle(p1), 'npm run dev:p1 (running)');
    assert.equal(stopAllEntry([p1]), undefined);
    assert.deepEqual(stopAllEntry([info('p1'), info('p2')])?.action, { kind: 'stopAll' });
    assert.match(stopAllEntry([info('p1'), info('p2')])!.label, /Stop All \(2\)/);
  });

  it('offers keeping a process past a reload, and undoing it, in words that do not read as if it stopped, never for a sandboxed one', () => {
    const kept = processActions(info('p1', { keep: true }));
    assert.deepEqual(kept.map((e) => e.action), [{ kind: 'showOutput', id: 'p1' }, { kind: 'keep', id: 'p1', keep: false }, { kind: 'stop', id: 'p1' }]);
    assert.equal(processActionsTitle(info('p1', { keep: true })), 'npm run dev:p1 (running, kept after reload)');
    assert.match(kept[1]!.label, /Stop at Reload/);
    const toggle = processActions(info('p1'))[1]!;
    assert.match(toggle.label, /Keep Running After Reload/);
    for (const entry of [toggle, kept[1]!]) assert.doesNotMatch(entry.description ?? '', /\b(now|stopped|stops)\b/, `"${entry.description}" reads as a state`);
    const sandboxed = processActions(info('p1', { sandbox: { violations: [] } }));
    assert.equal(sandboxed.some((e) => e.action?.kind === 'keep'), false);
  });

  it('lists a process an earlier session kept with its log and Stop, and counts it', () => {
    const earlier = info('earlier-42', { keep: true, earlier: true, logPath: '/logs/p1.log', urls: ['http://localhost:5173/'] });
    assert.deepEqual(processActions(earlier).map((e) => e.action), [
      { kind: 'openLog', id: 'earlier-42', path: '/logs/p1.log' },
      { kind: 'openUrl', id: 'earlier-42', url: 'http://localhost:5173/' },
      { kind: 'stop', id: 'earlier-42' },
    ]);
    const row = processRows([info('p2'), earlier])[1]!;
    assert.equal(row.description, 'kept running from before the reload · http://localhost:5173/');
    assert.deepEqual(row.buttons.map((b) => b.action.kind), ['openLog', 'stop']);
    assert.deepEqual(processActions(info('earlier-43', { keep: true, earlier: true, urls: ['http://localhost:5173/'] })).map((e) => e.action?.kind), ['openUrl', 'stop']);
    assert.deepEqual(processRows([info('earlier-43', { keep: true, earlier: true })])[0]!.buttons.map((b) => b.action.kind), ['stop']);
    assert.equal(statusBarText([info('p2'), earlier])?.text, '$(server-process) Relay: 2 running');
  });
});
