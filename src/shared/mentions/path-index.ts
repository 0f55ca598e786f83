// The fuzzy index behind the "@" list: every keystroke ranks tens of thousands of paths, so
// - each path's features sit in typed arrays (path-features.ts): one AND rejects a path that lacks a query
//   character, and an upper bound of its score (word starts, name characters, the exact name bonus, its
//   length) is read from numbers, so only paths that could still enter the best `limit` are scored at all;
// - the best results so far (open editors, then the previous answer) are scored first, so that bound bites early;
// - the typed query's prefixes are kept as a stack: a query that extends one scans only the paths its prefix
//   kept, and Backspace returns to a prefix whose answer is already known.
// The ranking is exactly that of scoring every path with `scorePath` and sorting them all (see `compare`).
import { isSubsequence, scorePath } from './fuzzy';
import { charBit, packPrefix, pairBit, PathFeatures } from './path-features';

export interface RankedPath {
  path: string;
  score: number;
  /** Offsets in `path` of the matched query characters, for highlighting. */
  matches: number[];
}

export interface SearchOptions {
  limit: number;
  /** Paths ranked above all others when they match (open editors). */
  preferred?: ReadonlySet<string>;
  /** A search still running at `until` (by `now`) stops with `SearchAbandoned`; the index stays as it was. */
  deadline?: { now(): number; until: number };
}

/** A search stopped at its deadline (a page that must not block a key longer asks the host instead). */
export class SearchAbandoned extends Error {
  constructor() {
    super('The path search ran past its deadline.');
  }
}

export const PREFERRED_BONUS = 1_000;
/** Scores are sums of a few terms; a bound this far below the worst kept score cannot reach it. */
const SLACK = 1e-9;
const MAX_PREFIXES = 32;
/** Bounds are sorted by whole points from 0 (and below) to this (and above). */
const BUCKETS = 256;


interface Prefix {
  query: string;
  /** The paths that have every character of `query` and were not found not to match (undefined: all). */
  candidates: Candidates | undefined;
  answer?: { limit: number; preferred: string; ranked: RankedPath[] };
}

interface Candidates {
  paths: Int32Array;
  /** Per path, an upper bound of its best alignment's score for the query: exact when it was scored. */
  alignment: Float64Array;
}

export class PathIndex {
  private readonly features: PathFeatures;
  private readonly prefixes: Prefix[] = [{ query: '', candidates: undefined }];
  /** Each path's number, filled as the features are built (open editors are looked up in it). */
  private readonly indexOfPath = new Map<string, number>();
  private mapped = 0;
  /** Paths already scored in this search (seeds), by search number. */
  private readonly seen: Int32Array;
  /** The best alignment of each path scored in this search (NaN: not a subsequence). */
  private readonly alignments: Float64Array;
  private readonly scratch: { kept: Int32Array; alignment: Float64Array; upper: Float64Array; bucket: Uint16Array; order: Int32Array };
  private searches = 0;
  private lastBest: number[] = [];

  /** `inSteps`: built by calls to `buildSteps` (a page builds it between frames), searched once `built`. */
  constructor(
    readonly paths: readonly string[],
    options: { inSteps?: boolean } = {},
  ) {
    this.features = new PathFeatures(paths, { inSteps: true });
    this.seen = new Int32Array(paths.length);
    this.alignments = new Float64Array(paths.length);
    const n = paths.length;
    this.scratch = { kept: new Int32Array(n), alignment: new Float64Array(n), upper: new Float64Array(n), bucket: new Uint16Array(n), order: new Int32Array(n) };
    if (!options.inSteps) this.buildSteps(n);
  }

  get size(): number {
    return this.paths.length;
  }

  get built(): boolean {
    return this.features.built && this.mapped === this.paths.length;
  }

  /** Builds the features of up to `count` more paths; true when the index is built. */
  buildSteps(count: number): boolean {
    const end = Math.min(this.paths.length, this.mapped + count);
    for (let k = this.mapped; k < end; k++) if (!this.indexOfPath.has(this.paths[k]!)) this.indexOfPath.set(this.paths[k]!, k);
    this.mapped = end;
    return this.features.buildSteps(count);
  }

  search(query: string, options: SearchOptions): RankedPath[] {
    if (!this.built) throw new Error('The path index is searched before it is built.');
    const q = query.toLowerCase();
    const preferredKey = options.preferred ? [...options.preferred].join('\n') : '';
    while (!q.startsWith(this.prefixes[this.prefixes.length - 1]!.query)) this.prefixes.pop();
    const prefix = this.prefixes[this.prefixes.length - 1]!;
    const known = prefix.query === q ? prefix.answer : undefined;
    if (known && known.limit === options.limit && known.preferred === preferredKey) return known.ranked.map((r) => ({ ...r, matches: [...r.matches] }));

    const { best, candidates } = this.rank(q, prefix.query.length, prefix.candidates, options);
    const ranked = best.map(({ k, score }) => ({ path: this.paths[k]!, score, matches: scorePath(q, this.paths[k]!, this.features.lower[k]).matches }));
    const answer = { limit: options.limit, preferred: preferredKey, ranked };
    if (prefix.query === q) prefix.answer = answer;
    else if (this.prefixes.length < MAX_PREFIXES) this.prefixes.push({ query: q, candidates, answer });
    this.lastBest = best.map((b) => b.k);
    return ranked.map((r) => ({ ...r, matches: [...r.matches] }));
  }

  private rank(q: string, fromLength: number, from: Candidates | undefined, options: SearchOptions): { best: Scored[]; candidates: Candidates } {
    const f = this.features;
    const top = new TopK(options.limit, this.paths);
    const stamp = ++this.searches;
    const bound = new QueryBound(q);
    const alignments = this.alignments;
    const score = (k: number, bonus: number) => {
      this.seen[k] = stamp;
      const best = q ? f.bestAlignment(k, q, bound.mask) : 0;
      // An alignment is a subsequence; without one, the path may still be one (ranked last, at -Infinity).
      if (best === -Infinity && !isSubsequence(q, f.lower[k]!)) {
        alignments[k] = NaN;
        return;
      }
      alignments[k] = best;
      top.offer(k, (q ? f.scoreFrom(k, q, best) : -f.pathLength[k]! / 100) + bonus);
    };
    // Seeds: open editors that match, then the previous answer; they set a high bar before the scan.
    for (const path of options.preferred ?? []) {
      const k = this.lookup(path);
      if (k !== undefined && this.seen[k] !== stamp && (f.chars[k]! & bound.mask) === bound.mask) score(k, PREFERRED_BONUS);
    }
    for (const k of this.lastBest) if (this.seen[k] !== stamp && (f.chars[k]! & bound.mask) === bound.mask) score(k, 0);

    // Every candidate's bound first (numbers only), then the candidates best bound first, by whole points:
    // the bar rises as fast as it can, and the scan stops at the first point no candidate left can reach.
    const count = from ? from.paths.length : this.paths.length;
    // Scratch, as long as the index: no allocation per keystroke but the candidates kept for the next one.
    const { kept, alignment, upper, bucket, order } = this.scratch;
    const buckets = new Int32Array(BUCKETS + 1);
    let size = 0;
    const deadline = options.deadline;
    const late = () => deadline !== undefined && deadline.now() > deadline.until;
    for (let j = 0; j < count; j++) {
      if ((j & 4095) === 4095 && late()) throw new SearchAbandoned();
      const k = from ? from.paths[j]! : j;
      if ((f.chars[k]! & bound.mask) !== bound.mask) continue;
      // The prefix's alignment (exact, or its bound: never above the features' bound, which adds up the same
      // terms per character) plus what the new characters can add; at the root, the features' bound.
      const align = from ? from.alignment[j]! + bound.added(f, k, fromLength) : bound.alignment(f, k);
      const total = align + bound.rest(f, k);
      const b = total <= 0 ? 0 : total >= BUCKETS ? BUCKETS : Math.floor(total);
      kept[size] = k;
      alignment[size] = align;
      upper[size] = total;
      bucket[size] = b;
      buckets[b]!++;
      size++;
    }
    // Counting sort of the candidates by bucket, best first.
    for (let b = BUCKETS - 1; b >= 0; b--) buckets[b]! += buckets[b + 1]!;
    for (let i = 0; i < size; i++) order[--buckets[bucket[i]!]!] = i;
    for (let n = 0; n < size; n++) {
      if ((n & 255) === 255 && late()) throw new SearchAbandoned();
      const i = order[n]!;
      if (top.full && upper[i]! + SLACK < top.worstScore) {
        // Every candidate left is in this bucket or a lower one (the top bucket has no ceiling).
        if (bucket[i]! < BUCKETS && bucket[i]! + 1 + SLACK < top.worstScore) break;
        continue;
      }
      const k = kept[i]!;
      if (this.seen[k] !== stamp) score(k, 0);
      // Scored: its exact alignment, or NaN when it is not a subsequence (no longer query can match it either).
      alignment[i] = alignments[k]!;
    }
    let w = 0;
    for (let i = 0; i < size; i++) {
      if (Number.isNaN(alignment[i]!)) continue;
      kept[w] = kept[i]!;
      alignment[w++] = alignment[i]!;
    }
    return { best: top.sorted(), candidates: { paths: kept.slice(0, w), alignment: alignment.slice(0, w) } };
  }

  private lookup(path: string): number | undefined {
    return this.indexOfPath.get(path);
  }
}

/** An upper bound of `exactScore` for one query, from a path's typed features only. */
export class QueryBound {
  /** The query's characters that have a bit. */
  readonly mask: number;
  private readonly bits: number[];
  /** The pair-filter bit of each query character with the one before it. */
  private readonly pairs: number[];
  private readonly prefix: number;
  private readonly prefixMask: number;

  constructor(private readonly query: string) {
    this.bits = Array.from({ length: query.length }, (_, i) => charBit(query.charCodeAt(i)));
    this.mask = this.bits.reduce((a, b) => a | b, 0);
    this.pairs = Array.from({ length: query.length }, (_, i) => (i > 0 ? pairBit(query.charCodeAt(i - 1), query.charCodeAt(i)) : 0));
    const n = Math.min(4, query.length);
    let unpackable = false;
    for (let i = 0; i < n; i++) unpackable ||= query.charCodeAt(i) > 255;
    this.prefix = packPrefix(query, 0, n);
    this.prefixMask = unpackable ? 0 : n === 4 ? -1 : (1 << (8 * n)) - 1;
  }

  /** Upper bound of the score of path `k`. */
  of(f: PathFeatures, k: number): number {
    return this.alignment(f, k) + this.rest(f, k);
  }

  /** Upper bound of the best alignment's score (see `align` in fuzzy.ts). */
  alignment(f: PathFeatures, k: number): number {
    return this.added(f, k, 0);
  }

  /**
   * Upper bound of what the query's characters from `from` on add to an alignment of the ones before: each 1,
   * +4 in the name, and at most one of +8 at a word start, +6 right after the previous match, +14 for both.
   */
  added(f: PathFeatures, k: number, from: number): number {
    const starts = f.startChars[k]!;
    const names = f.nameChars[k]!;
    let added = 0;
    for (let i = from; i < this.bits.length; i++) {
      const bit = this.bits[i]!;
      const start = bit === 0 || (starts & bit) !== 0;
      added += 1 + (bit === 0 || (names & bit) !== 0 ? 4 : 0);
      if (i === 0) added += start ? 8 : 0;
      else if (f.hasPair(f.startPairs, k, this.pairs[i]!)) added += 14;
      else added += start ? 8 : f.hasPair(f.pairs, k, this.pairs[i]!) ? 6 : 0;
    }
    return added;
  }

  /** The name bonus at most, less the length. */
  rest(f: PathFeatures, k: number): number {
    const length = this.query.length;
    let rest = -f.pathLength[k]! / 100;
    const nameLength = f.nameLength[k]!;
    if (length > 0 && nameLength >= length && (f.namePrefix[k]! & this.prefixMask) === (this.prefix & this.prefixMask)) {
      rest += nameLength === length || f.stemLength[k]! === length ? 40 : 20;
    }
    return rest;
  }
}

interface Scored {
  k: number;
  score: number;
}

/** The best `limit` paths seen so far, kept sorted by `compare`. */
class TopK {
  private readonly items: Scored[] = [];
  constructor(
    private readonly limit: number,
    private readonly paths: readonly string[],
  ) {}

  get full(): boolean {
    return this.items.length >= this.limit;
  }

  get worstScore(): number {
    return this.items[this.items.length - 1]!.score;
  }

  offer(k: number, score: number): void {
    if (this.limit <= 0) return;
    const item = { k, score };
    if (this.full && this.compare(item, this.items[this.items.length - 1]!) >= 0) return;
    let i = this.items.length;
    while (i > 0 && this.compare(this.items[i - 1]!, item) > 0) i--;
    this.items.splice(i, 0, item);
    if (this.items.length > this.limit) this.items.pop();
  }

  sorted(): Scored[] {
    return [...this.items];
  }

  /** Best first; equal scores by shorter path, then alphabetically, so the order is stable. */
  private compare(a: Scored, b: Scored): number {
    const pa = this.paths[a.k]!;
    const pb = this.paths[b.k]!;
    return b.score - a.score || pa.length - pb.length || (pa < pb ? -1 : pa > pb ? 1 : 0);
  }
}
