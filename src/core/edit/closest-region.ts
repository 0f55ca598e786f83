// The hint for an oldText that matched nowhere: the most similar region of the file and its first differing line.

import { distance } from 'fastest-levenshtein';
import type { LineIndex } from './line-index';
import { lineKey } from './line-keys';
import type { SearchText } from './search-text';
import { similarity } from './similarity';
import type { ClosestRegion } from './types';

/** Below this the "closest" region is noise and is not offered. */
const MIN_HINT_SIMILARITY = 0.4;
const WINDOWS_SCORED = 5;
const SHORTLIST = 50;

export function findClosestRegion(index: LineIndex, search: SearchText, from = 0): ClosestRegion | undefined {
  const searchKeys = search.lines.map(lineKey.collapsed);
  const m = searchKeys.length;
  const n = index.lineCount;
  if (n === 0 || searchKeys.every((k) => k === '')) return undefined;

  const starts = votedStarts(index, search.lines, from);
  if (starts.length === 0) starts.push(...similarFirstLineStarts(index, searchKeys, from));

  const joinedSearch = searchKeys.join('\n');
  let best: { start: number; similarity: number } | undefined;
  for (const raw of starts) {
    const start = Math.max(from, Math.min(raw, n - m));
    const window: string[] = [];
    for (let k = start; k < Math.min(n, start + m); k++) window.push(index.key('collapsed', k));
    const sim = similarity(window.join('\n'), joinedSearch);
    if (!best || sim > best.similarity) best = { start: Math.max(0, start), similarity: sim };
  }
  if (!best || best.similarity < MIN_HINT_SIMILARITY) return undefined;

  const region: ClosestRegion = {
    startLine: best.start + 1,
    endLine: Math.min(n, best.start + m),
    similarity: best.similarity,
  };
  for (let k = 0; k < m && best.start + k < n; k++) {
    if (index.key('collapsed', best.start + k) !== searchKeys[k]) {
      region.firstDifference = { line: best.start + k + 1, fileText: index.lines[best.start + k]!, searchText: search.lines[k]! };
      break;
    }
  }
  return region;
}

/** Window starts that the most search lines agree on (each file line equal to search line k votes for start i - k). */
function votedStarts(index: LineIndex, searchLines: readonly string[], from: number): number[] {
  const positions = new Map<string, number[]>();
  searchLines.forEach((line, i) => {
    const k = line.trim();
    if (k.length < 3) return; // "}" or "" would vote everywhere
    const list = positions.get(k) ?? [];
    list.push(i);
    positions.set(k, list);
  });
  if (positions.size === 0) return [];
  const votes = new Map<number, number>();
  for (let i = from; i < index.lineCount; i++) {
    const at = positions.get(lineKey.trim(index.lines[i]!)); // each line once: not worth caching
    if (!at) continue;
    for (const k of at) votes.set(i - k, (votes.get(i - k) ?? 0) + 1);
  }
  return [...votes.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, WINDOWS_SCORED)
    .map(([start]) => start);
}

/**
 * Fallback when no line matches outright: windows starting at the lines most like the first non-blank search line.
 * Lines sharing the most words with it are shortlisted first, so Levenshtein runs on a few dozen lines, not all.
 */
function similarFirstLineStarts(index: LineIndex, searchKeys: readonly string[], from: number): number[] {
  const k = searchKeys.findIndex((key) => key !== '');
  const probe = searchKeys[k]!;
  const words = [...new Set(probe.match(/[\p{L}\p{N}_$]{3,}/gu) ?? [])];
  const shortlist: Array<[number, number]> = [];
  for (let i = from; i < index.lineCount; i++) {
    const line = index.lines[i]!;
    let shared = 0;
    for (const w of words) if (line.includes(w)) shared++;
    if (shared > 0 || words.length === 0) shortlist.push([i, shared]);
  }
  shortlist.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return shortlist
    .slice(0, SHORTLIST)
    .map(([i]): [number, number] => [i - k, distance(index.key('collapsed', i), probe)])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, WINDOWS_SCORED)
    .map(([start]) => start);
}
