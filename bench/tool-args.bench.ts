// Streaming tool-argument benchmark (behaviour 6; peers.md target 2, "streaming cost linear in output size").
// A write_file call of 100 KB and of 1 MB arrives in random 1-to-8-character deltas (fixed seeds). After every
// delta the partial arguments are read, as the streaming path does before each partial run:
//  (a) ours: IncrementalJsonParser.feed(delta), then parser.value;
//  (b) the peers' baseline: partial-json `parse(accumulated, Allow.ALL)` of all the text so far.
// Targets: ours >= 20x faster per delta than the baseline at 100 KB; our per-delta cost at 1 MB <= 1.5x that at
// 100 KB (linear total). The baseline is quadratic (one 100 KB run takes ~10 s, 1 MB would take ~20 min): it runs
// in full once at 100 KB, and at both sizes it is also timed on evenly spaced sample deltas, whose estimate at
// 100 KB is printed beside the full run as a check of the 1 MB extrapolation.
// Run: npm run bench tool-args   (or node --import tsx bench/tool-args.bench.ts)
import assert from 'node:assert/strict';
import { Allow, parse as partialParse } from 'partial-json';
import { IncrementalJsonParser } from '../src/core/tools';
import { randomDeltas, writeFileArguments } from './tool-args-fixture';

const SIZES = [{ label: '100 KB', bytes: 100 * 1024 }, { label: '1 MB', bytes: 1024 * 1024 }] as const;
const SPEEDUP_TARGET = 20;
const SCALING_TARGET = 1.5;
/** Warm-up until the JIT has settled: at least this many runs and this much time, per size. */
const OURS_WARMUP_RUNS = 5;
const OURS_WARMUP_MS = 300;
const OURS_RUNS = 15;
/** Evenly spaced deltas at which the baseline's parse of the prefix is timed (after one warm-up pass). */
const BASELINE_SAMPLES = 300;
const SAMPLE_REPEATS = 3;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Case {
  label: string;
  text: string;
  deltas: string[];
  expected: unknown;
}

/** What the streaming path does with each delta: feed it, then read the live value (see streaming-calls.ts). */
function runOurs(c: Case): { ms: number; final: unknown; reads: number } {
  const parser = new IncrementalJsonParser();
  let reads = 0;
  const t0 = performance.now();
  for (const delta of c.deltas) {
    parser.feed(delta);
    const value = parser.value;
    if (value !== null && typeof value === 'object') reads++;
  }
  const final = parser.end();
  return { ms: performance.now() - t0, final, reads };
}

/** The peers' way: keep the text so far and re-parse all of it on every delta. */
function runBaseline(c: Case): { ms: number; final: unknown } {
  gc();
  let text = '';
  let value: unknown;
  const t0 = performance.now();
  for (const delta of c.deltas) {
    text += delta;
    value = partialParse(text, Allow.ALL);
  }
  return { ms: performance.now() - t0, final: value };
}

/**
 * Baseline cost per delta estimated from `samples` deltas spread evenly over the stream: each is the parse of the
 * whole prefix up to that delta (median of a few repeats). The mean over evenly spaced prefixes estimates the mean
 * over all of them, because the cost grows smoothly with the prefix length.
 */
function sampleBaseline(c: Case, samples: number): number {
  const ends: number[] = [];
  let offset = 0;
  for (const delta of c.deltas) ends.push((offset += delta.length));
  const prefixes: string[] = [];
  for (let s = 0; s < samples; s++) {
    const index = Math.min(c.deltas.length - 1, Math.floor(((s + 0.5) * c.deltas.length) / samples));
    prefixes.push(c.text.slice(0, ends[index]));
  }
  for (const prefix of prefixes) partialParse(prefix, Allow.ALL); // warm-up pass
  gc();
  const costs = prefixes.map((prefix) => {
    const times: number[] = [];
    for (let r = 0; r < SAMPLE_REPEATS; r++) {
      const t0 = performance.now();
      partialParse(prefix, Allow.ALL);
      times.push(performance.now() - t0);
    }
    return median(times);
  });
  assert.deepStrictEqual(partialParse(c.text, Allow.ALL), c.expected, `${c.label}: baseline final value differs from JSON.parse`);
  return (costs.reduce((a, b) => a + b, 0) / costs.length) * 1000;
}

/** Partial values must be prefix views of the final one: checked at a few points, outside the timed runs. */
function checkPartials(c: Case): void {
  const finalContent = (c.expected as { content: string }).content;
  const parser = new IncrementalJsonParser();
  const every = Math.floor(c.deltas.length / 16);
  c.deltas.forEach((delta, i) => {
    parser.feed(delta);
    if (i % every !== 0) return;
    const value = parser.value as { path?: string; content?: string };
    if (value.content === undefined) return;
    assert.equal(value.path, 'src/generated/parsers.ts');
    assert.ok(finalContent.startsWith(value.content), `partial content after delta ${i} is not a prefix of the final content`);
  });
}

/** Heap held by a parser in the middle of the long string (MB), when --expose-gc makes it measurable. */
function heldWhileStreaming(c: Case): number | undefined {
  if (!(globalThis as { gc?: unknown }).gc) return undefined;
  let parser: IncrementalJsonParser | undefined = new IncrementalJsonParser();
  for (const delta of c.deltas.slice(0, c.deltas.length - 3)) {
    parser.feed(delta);
    void parser.value;
  }
  gc();
  const withParser = process.memoryUsage().heapUsed;
  assert.equal(typeof (parser.value as { content?: unknown }).content, 'string');
  parser = undefined;
  gc();
  return (withParser - process.memoryUsage().heapUsed) / (1024 * 1024);
}

function formatUs(us: number): string {
  return us < 1 ? `${(us * 1000).toFixed(0)} ns` : `${us.toFixed(us < 10 ? 2 : 1)} µs`;
}

const cases: Case[] = SIZES.map(({ label, bytes }) => {
  const text = writeFileArguments(bytes);
  return { label, text, deltas: randomDeltas(text), expected: JSON.parse(text) };
});

console.log('Tool-argument streaming: write_file {"path", "content"} with escapes, unicode and newlines, random 1-8 char deltas.');
console.log(`Ours: IncrementalJsonParser feed + read value per delta, median of ${OURS_RUNS} runs after >= ${OURS_WARMUP_RUNS} warm-up runs and ${OURS_WARMUP_MS} ms.`);
console.log('Baseline: partial-json parse(all text so far, Allow.ALL) per delta.');
console.log('  100 KB: one FULL run over every delta (measured).');
console.log(`  1 MB: SAMPLED, ${BASELINE_SAMPLES} evenly spaced deltas, median of ${SAMPLE_REPEATS} timings each after a warm-up pass; total = mean x deltas (est.).`);
console.log('');

interface Row {
  label: string;
  chars: number;
  deltas: number;
  oursUs: number;
  oursMs: number;
  /** Per delta: measured over every delta (full run) or estimated from the samples. */
  baseUs: number;
  baseMeasured: boolean;
  sampledUs: number;
}

function measureOurs(c: Case): number {
  // One full GC before the series, none inside it: a forced GC before each few-ms run made the timings noisy.
  gc();
  const warmupStart = performance.now();
  for (let r = 0; r < OURS_WARMUP_RUNS || performance.now() - warmupStart < OURS_WARMUP_MS; r++) runOurs(c);
  const times: number[] = [];
  for (let r = 0; r < OURS_RUNS; r++) {
    const run = runOurs(c);
    assert.deepStrictEqual(run.final, c.expected, `${c.label}: our final value differs from JSON.parse of the whole text`);
    assert.ok(run.reads > 0);
    times.push(run.ms);
  }
  return median(times);
}

// Ours first, for every size, before the baseline's garbage (a copy of the prefix per delta) fills the heap.
const oursMs = cases.map((c) => {
  checkPartials(c);
  return measureOurs(c);
});
const rows: Row[] = cases.map((c, i) => {
  const sampledUs = sampleBaseline(c, BASELINE_SAMPLES);
  let baseUs = sampledUs;
  const baseMeasured = c.label === '100 KB';
  if (baseMeasured) {
    const run = runBaseline(c);
    assert.deepStrictEqual(run.final, c.expected, `${c.label}: baseline final value differs from JSON.parse`);
    baseUs = (run.ms / c.deltas.length) * 1000;
  }
  const ms = oursMs[i]!;
  return { label: c.label, chars: c.text.length, deltas: c.deltas.length, oursUs: (ms / c.deltas.length) * 1000, oursMs: ms, baseUs, baseMeasured, sampledUs };
});

const header = ['size', 'chars', 'deltas', 'ours/delta', 'ours total', 'baseline/delta', 'baseline total', 'speed-up', 'baseline sampled/delta'];
const table = rows.map((r) => [
  r.label,
  r.chars.toLocaleString('en'),
  r.deltas.toLocaleString('en'),
  formatUs(r.oursUs),
  `${r.oursMs.toFixed(1)} ms`,
  `${formatUs(r.baseUs)}${r.baseMeasured ? '' : ' (est.)'}`,
  `${((r.baseUs * r.deltas) / 1000).toFixed(0)} ms${r.baseMeasured ? '' : ' (est.)'}`,
  `${Math.round(r.baseUs / r.oursUs).toLocaleString('en')}x${r.baseMeasured ? '' : ' (est.)'}`,
  formatUs(r.sampledUs),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const format = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(format(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table) console.log(format(r));

const [small, large] = rows as [Row, Row];
const speedup = small.baseUs / small.oursUs;
const scaling = large.oursUs / small.oursUs;
const speedOk = speedup >= SPEEDUP_TARGET;
const scalingOk = scaling <= SCALING_TARGET;
console.log('');
const sampleGap = ((small.baseUs - small.sampledUs) / small.baseUs) * 100;
console.log(
  `Sampling check at 100 KB: sampled estimate ${formatUs(small.sampledUs)} vs full run ${formatUs(small.baseUs)} per delta ` +
    (sampleGap >= 0
      ? `(${sampleGap.toFixed(0)}% below: samples parse a ready prefix, without the full run's re-joining and GC), so the 1 MB baseline (est.) is a lower bound.`
      : `(${(-sampleGap).toFixed(0)}% above), so the 1 MB baseline (est.) may overstate it by about as much.`),
);
const held = heldWhileStreaming(cases[1]!);
if (held) console.log(`Memory held by our parser 99.9% through the 1 MB call (unfinished content string): ${held.toFixed(1)} MB.`);
console.log(`Speed-up at 100 KB (measured baseline / ours per delta): ${speedup.toFixed(0)}x   target >= ${SPEEDUP_TARGET}x   ${speedOk ? 'ok' : 'MISSED'}`);
console.log(`Ours per delta, 1 MB vs 100 KB: ${scaling.toFixed(2)}x   target <= ${SCALING_TARGET}x (linear total)   ${scalingOk ? 'ok' : 'MISSED'}`);
console.log('Checked: every final value (ours each run, baseline) deep-equals JSON.parse of the whole text; sampled partial contents are prefixes of it.');
if (!speedOk || !scalingOk) process.exit(1);
