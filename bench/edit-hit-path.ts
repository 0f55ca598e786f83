// Side-by-side timings for the edit-match benchmark: Relay's applyEdits against the baseline trimmed-line scan on
// the same file slices (1,000 to 20,000 lines), runs interleaved so machine noise falls on both alike; and the
// similarity tier's worst case on a repetitive 20,000-line file.

import { applyEdits } from '../src/core/edit/apply-edits';
import { LineIndex } from '../src/core/edit/line-index';
import { toSearchText } from '../src/core/edit/search-text';
import { MAX_PAIRS } from '../src/core/edit/similar-windows';
import { findSimilarWindow } from '../src/core/edit/strategies/similar-lines';
import { baselineReplace } from './edit-baseline';
import type { BenchFile, Scenario } from './edit-fixture';

export const HIT_SIZES = [1_000, 5_000, 20_000];
/**
 * Ours may cost at most this multiple of the baseline on an exact, line-trimmed or indentation hit or a block with one
 * slipped middle line (block-anchor, after every stricter strategy has looked), or at
 * most HIT_SLACK_MS more. Ours also counts the lines up to the match (the model is told the line range) and builds
 * the message and line changes, and an indentation hit detects the file's indent style; on a 1,000-line file that
 * fixed work is 0.01-0.06 ms (measured), which no user or model can
 * observe, while the ratio is what matters at 20,000 lines, where a scan's cost shows.
 */
export const HIT_TARGET_RATIO = 1.25;
export const HIT_SLACK_MS = 0.1;

export function hitTargetMet(ours: number, baseline: number): boolean {
  return ours <= baseline * HIT_TARGET_RATIO || ours - baseline <= HIT_SLACK_MS;
}
const RUNS = 61;
/**
 * The quantile of each side's interleaved runs compared. On a shared machine a run of 1-3 ms is often preempted, and
 * the median then measures the neighbours as much as the code; the lower quartile of runs taken turn about compares
 * the work itself, both sides alike.
 */
export const HIT_QUANTILE = 0.25;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length * q)]!;
}

/** The file cut to `size` lines around the edit region, the region at the same place in it. */
export function sliceFile(file: BenchFile, size: number): BenchFile {
  const from = Math.max(0, Math.min(file.regionStart - Math.floor(size * 0.6), file.lines.length - size));
  return { label: `${file.label} [${size} lines]`, lines: file.lines.slice(from, from + size), regionStart: file.regionStart - from };
}

/** Lower quartiles (ms) of ours and the baseline, interleaved run by run. */
export function sideBySide(content: string, s: Scenario): { ours: number; baseline: number; oursOk: boolean } {
  const ours: number[] = [];
  const base: number[] = [];
  let oursOk = false;
  for (let r = 0; r < RUNS + 5; r++) {
    const t0 = performance.now();
    const result = applyEdits(content, [{ oldText: s.oldText, newText: s.newText }]);
    const t1 = performance.now();
    baselineReplace(content, s.oldText, s.newText);
    const t2 = performance.now();
    if (r < 5) continue;
    ours.push(t1 - t0);
    base.push(t2 - t1);
    oursOk = result.ok && result.applied[0]!.strategy === s.strategy;
  }
  return { ours: quantile(ours, HIT_QUANTILE), baseline: quantile(base, HIT_QUANTILE), oursOk };
}

/**
 * A 20,000-line file of 30-line blocks that repeat with a counter cycling through 11 values: every line occurs
 * about 60 times (just under the voting limit), so about 60 starts get enough votes and are scored. The oldText is
 * one block with its first line misspelt: every copy of it is equally close, so it must be refused.
 */
export function similarityWorstCase(): { ms: number; verdict: string; stats: string } {
  const lines: string[] = [];
  for (let b = 0; lines.length < 20_000; b++) {
    for (let k = 0; k < 30; k++) lines.push(`    const field${k} = compute${k}(input.values[${k}], ${b % 11}, options.mode);`);
  }
  const search = toSearchText(lines.slice(300, 330).map((l, k) => (k === 0 ? l.replace('compute0', 'compte0') : l)).join('\n'));
  const content = `${lines.join('\n')}\n`;
  const times: number[] = [];
  let last: ReturnType<typeof findSimilarWindow> | undefined;
  for (let r = 0; r < 15; r++) {
    const index = new LineIndex(content);
    const t0 = performance.now();
    last = findSimilarWindow(index, search);
    times.push(performance.now() - t0);
  }
  const v = last!;
  const stats = v.stats
    ? `${v.stats.startsScored} starts, ${v.stats.windowsScored} windows, ${v.stats.pairsCompared} line pairs (cap ${MAX_PAIRS}), ${v.stats.levenshteinCalls} Levenshtein distances`
    : '-';
  return { ms: quantile(times, 0.5), verdict: v.status === 'applied' ? 'applied' : `refused: ${v.reason}`, stats };
}
