// The arithmetic behind the diagnostics-latency benchmark's figures: percentiles, per-method summaries and the
// completeness check (a report is complete when it holds exactly the final diagnostics).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DiagnosticInfo } from '../../../src/core/edit/diagnostics-delta';
import { percentile, sameDiagnostics, summarise, type LatencySample } from '../../../test/integration/bench/diagnostics-summary';

const at = (line: number, message: string): DiagnosticInfo => ({
  range: { start: { line, character: 2 }, end: { line, character: 9 } },
  severity: 'error',
  message,
});

test('a report is complete only with the same problems at the same places', () => {
  assert.ok(sameDiagnostics([at(3, 'Trailing comma'), at(7, 'Expected comma')], [at(7, 'Expected comma'), at(3, 'Trailing comma')]));
  assert.ok(sameDiagnostics([], []));
  // Stale: read before the server answered (nothing yet), or before it withdrew the fixed error.
  assert.equal(sameDiagnostics([], [at(3, 'Trailing comma')]), false);
  assert.equal(sameDiagnostics([at(3, 'Trailing comma')], []), false);
  // The same message at a line the edit moved it from is another report.
  assert.equal(sameDiagnostics([at(3, 'Trailing comma')], [at(4, 'Trailing comma')]), false);
  assert.equal(sameDiagnostics([{ ...at(3, 'Trailing comma'), severity: 'warning' }], [at(3, 'Trailing comma')]), false);
});

test('percentiles are nearest-rank', () => {
  const xs = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
  assert.equal(percentile(xs, 50), 5);
  assert.equal(percentile(xs, 90), 9);
  assert.equal(percentile(xs, 100), 10);
  assert.ok(Number.isNaN(percentile([], 50)));
});

test('summaries are per method, counting complete reports and the edits whose diagnostics changed in time', () => {
  const sample = (method: string, latencyMs: number, complete: boolean, firstChangeMs?: number): LatencySample => ({
    method,
    kind: 'introduce',
    error: 'trailing comma',
    latencyMs,
    complete,
    reportedErrors: complete ? 1 : 0,
    finalErrors: 1,
    ...(firstChangeMs !== undefined ? { firstChangeMs } : {}),
  });
  const summaries = summarise([sample('event', 200, true, 70), sample('sleep', 1000, false), sample('event', 300, true, 90), sample('sleep', 1100, true, 80)]);
  assert.deepEqual(summaries, [
    { method: 'event', edits: 2, medianMs: 200, p90Ms: 300, complete: 2, medianFirstChangeMs: 70 },
    { method: 'sleep', edits: 2, medianMs: 1000, p90Ms: 1100, complete: 1, medianFirstChangeMs: 80 },
  ]);
});
