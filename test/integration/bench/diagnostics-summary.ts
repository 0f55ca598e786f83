// What the diagnostics-latency benchmark records per edit inside VS Code, and how the runner outside summarises it.
// Pure: shared by the suite (which writes samples) and scripts/bench-diagnostics.ts (which prints them).

import type { DiagnosticInfo } from '../../../src/core/edit/diagnostics-delta';

export type EditKind = 'introduce' | 'fix';

export interface LatencySample {
  /** "event" (ours: watch before apply, wait for the change and a quiet window) or "sleep 1000 ms" / "sleep 2000 ms". */
  method: string;
  kind: EditKind;
  error: string;
  /** From approval (just before the edit is applied) to the diagnostics report being ready for the model. */
  latencyMs: number;
  /**
   * From approval to the first onDidChangeDiagnostics event for the file, if one came before the report. VS Code
   * debounces that event by 50 ms, so the diagnostics themselves may be readable up to 50 ms earlier.
   */
  firstChangeMs?: number;
  /** The diagnostics the report was built from equal the final ones (the file's diagnostics once settled). */
  complete: boolean;
  reportedErrors: number;
  finalErrors: number;
  /** Ours only: how the wait ended (settled, no-change, deadline). */
  outcome?: string;
}

export interface BenchResults {
  vscodeVersion: string;
  waitOptions: { firstEventMs: number; quietMs: number; deadlineMs: number };
  samples: LatencySample[];
}

/** The same problems at the same places: what makes a report complete when compared with the final diagnostics. */
export function sameDiagnostics(a: readonly DiagnosticInfo[], b: readonly DiagnosticInfo[]): boolean {
  const key = (d: DiagnosticInfo) =>
    `${d.severity} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`;
  const ka = a.map(key).sort();
  const kb = b.map(key).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile: the smallest value with at least p% of the values at or below it. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
}

export interface MethodSummary {
  method: string;
  edits: number;
  medianMs: number;
  p90Ms: number;
  complete: number;
  /** Median time from approval to the first change event, over the edits where one came before the report. */
  medianFirstChangeMs: number;
}

export function summarise(samples: readonly LatencySample[]): MethodSummary[] {
  const methods = [...new Set(samples.map((s) => s.method))];
  return methods.map((method) => {
    const mine = samples.filter((s) => s.method === method);
    const latencies = mine.map((s) => s.latencyMs);
    const changes = mine.flatMap((s) => (s.firstChangeMs === undefined ? [] : [s.firstChangeMs]));
    return {
      method,
      edits: mine.length,
      medianMs: median(latencies),
      p90Ms: percentile(latencies, 90),
      complete: mine.filter((s) => s.complete).length,
      medianFirstChangeMs: median(changes),
    };
  });
}

export function formatSummary(summaries: readonly MethodSummary[]): string[] {
  const header = ['method', 'edits', 'median ms', 'p90 ms', 'complete reports', 'first change event (median ms)'];
  const rows = summaries.map((s) => [
    s.method,
    String(s.edits),
    s.medianMs.toFixed(0),
    s.p90Ms.toFixed(0),
    `${s.complete}/${s.edits}`,
    Number.isNaN(s.medianFirstChangeMs) ? '-' : s.medianFirstChangeMs.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)];
}
