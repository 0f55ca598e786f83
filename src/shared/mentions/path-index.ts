// The fuzzy index behind the "@" list: every keystroke ranks tens of thousands of paths, so
// - each path's features sit in typed arrays (path-features.ts): one AND rejects a path that lacks a query
//   character, and an upper bound of its score (path-bound.ts: word starts, name characters, where an alignment
//   must start, the exact name bonus, its length) is read from numbers, kept per prefix as sums that the next
//   key extends, so only paths that could still enter the best `limit` are scored at all;
// - the best results so far (open editors, then the previous answer) are scored first, so that bound bites early;
// - the typed query's prefixes are kept as a stack: a query that extends one scans only the paths its prefix
//   kept, and Backspace returns to a prefix whose answer is already known. Their candidates sit one after the
//   other in shared arrays (a stack too), so a keystroke allocates none of its own;
// - each candidate keeps where the query's characters end when matched leftmost in its lower-cased path, so a
//   new character is one indexOf from there: a path that does not hold the query in order leaves the
//   candidates before its bound is computed (most of them after a few keys: "srccom" keeps 16,000 of the
//   57,000 paths with its characters), and no longer query looks at it again.
// The ranking is exactly that of scoring every path with `scorePath` and sorting them all (see `compare`).
import { isSubsequence, scorePath } from './fuzzy';
import { ONE_CHARACTER_BITS, QueryBound } from './path-bound';
import { PathFeatures } from './path-features';

export { QueryBound } from './path-bound';

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
}

/** Asked at points where a search in steps may stop for now (`searchSteps`): true to stop. */
export type Pause = () => boolean;

/** Runs steps (a search in steps) to their end at once and gives their result. */
export function runToEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export const PREFERRED_BONUS = 1_000;
/** Scores are sums of a few terms; a bound this far below the worst kept score cannot reach it. */
const SLACK = 1e-9;
const MAX_PREFIXES = 32;
/** Bounds are sorted by whole points from 0 (and below) to this (and above). */
const BUCKETS = 256;
/** A candidate's leftmost match end not computed (a one-letter query, which its character mask settles). */
const UNKNOWN_END = -2;
/**
 * A candidate's name sum when its sums are not computed (the whole sum is then 0): a query of up to this many
 * characters leaves them for later on paths whose name does not start with it. Their bound is then one number
 * (`QueryBound.ceiling`, less the length), and the bar of such a query (names that start with it, 20 or 40 points
 * more) is above it: the list is found among the few names that start with the query, and most paths cost a
 * character mask, an indexOf and a store. The sums are computed when a longer query needs them.
 */
const LAZY = Infinity;
const LAZY_MAX_LENGTH = 3;

interface Prefix {
  query: string;
  /**
   * Where in the stack of candidates (`Candidates`) lie the paths that have every character of `query` and were
   * not found not to match (undefined: all paths).
   */
  candidates: { start: number; end: number } | undefined;
  answer?: { limit: number; preferred: string; ranked: RankedPath[] };
}

/**
 * Per candidate path of a prefix, either its exact best alignment for the query (`whole`, with `name` NaN) once
 * it was scored, or two sums of `QueryBound` over the query's characters: for an alignment of the whole path,
 * and within the name (-Infinity: the name cannot hold the query, nor any longer one).
 */
interface Candidates {
  paths: Int32Array;
  whole: Float64Array;
  name: Float64Array;
  /** Where the prefix's characters end in the lower-cased path when matched leftmost (or UNKNOWN_END). */
  ends: Int32Array;
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
  private stack: Candidates = { paths: new Int32Array(0), whole: new Float64Array(0), name: new Float64Array(0), ends: new Int32Array(0) };
  private readonly scratch: { upper: Float64Array; bucket: Uint16Array; order: Int32Array };
  /** Paths scored exactly, for tests: the bound's worth is in how few it leaves. */
  scored = 0;
  /** Bounds computed from the sums (QueryBound.advance or extend), for tests: LAZY's worth is in how few. */
  bounded = 0;
  /** The candidates the last search kept for a longer query (the paths that hold it in order), for tests. */
  get kept(): number {
    const last = this.prefixes[this.prefixes.length - 1]!.candidates;
    return last ? last.end - last.start : this.paths.length;
  }
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
    this.scratch = { upper: new Float64Array(n), bucket: new Uint16Array(n), order: new Int32Array(n) };
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
    return runToEnd(this.searchSteps(query, options));
  }

  /**
   * The search in steps, for a page that must not block a key for long: it stops where `pause()` says so
   * (checked every 4,096 candidates bounded and 256 ranked) and goes on at the next `next()`, with the same
   * answer as `search`. A search started meanwhile ends it: it refuses to go on.
   */
  *searchSteps(query: string, options: SearchOptions, pause?: Pause): Generator<void, RankedPath[], void> {
    if (!this.built) throw new Error('The path index is searched before it is built.');
    const q = query.toLowerCase();
    const preferredKey = options.preferred ? [...options.preferred].join('\n') : '';
    while (!q.startsWith(this.prefixes[this.prefixes.length - 1]!.query)) this.prefixes.pop();
    const prefix = this.prefixes[this.prefixes.length - 1]!;
    const known = prefix.query === q ? prefix.answer : undefined;
    if (known && known.limit === options.limit && known.preferred === preferredKey) return known.ranked.map((r) => ({ ...r, matches: [...r.matches] }));

    const { best, candidates } = yield* this.rank(q, prefix.query.length, prefix.candidates, options, pause);
    const ranked = best.map(({ k, score }) => ({ path: this.paths[k]!, score, matches: scorePath(q, this.paths[k]!, this.features.lower[k]).matches }));
    const answer = { limit: options.limit, preferred: preferredKey, ranked };
    if (prefix.query === q) prefix.answer = answer;
    else if (this.prefixes.length < MAX_PREFIXES) this.prefixes.push({ query: q, candidates, answer });
    this.lastBest = best.map((b) => b.k);
    return ranked.map((r) => ({ ...r, matches: [...r.matches] }));
  }

  private *rank(q: string, fromLength: number, from: Prefix['candidates'], options: SearchOptions, pause: Pause | undefined): Generator<void, { best: Scored[]; candidates: Prefix['candidates'] }, void> {
    const f = this.features;
    const stamp = ++this.searches;
    const bound = new QueryBound(q);
    // This query's candidates go on the stack right after the prefix's (they are fewer).
    const start = from ? from.end : 0;
    const count = from ? from.end - from.start : this.paths.length;
    const mask = bound.mask;
    const scan: Scan = {
      q,
      bound,
      stamp,
      top: new TopK(options.limit, this.paths),
      fromLength,
      from: from !== undefined,
      // A one-letter query: the character mask says whether a path holds it (letters, ".", "/" and "-" have a bit
      // of their own). Else each candidate's leftmost match goes on from where its prefix's ended.
      settled: q.length === 1 && (mask & ONE_CHARACTER_BITS) === mask && mask !== 0,
      lazy: q.length > 0 && q.length <= LAZY_MAX_LENGTH,
      start,
      size: start,
      buckets: new Int32Array(BUCKETS + 1),
      dropped: 0,
      stack: this.reserve(start + count),
    };
    // Seeds: open editors that match, then the previous answer; they set a high bar before the scan.
    for (const path of options.preferred ?? []) {
      const k = this.lookup(path);
      if (k !== undefined && this.seen[k] !== stamp && (f.chars[k]! & mask) === mask) this.score(scan, k, PREFERRED_BONUS);
    }
    for (const k of this.lastBest) if (this.seen[k] !== stamp && (f.chars[k]! & mask) === mask) this.score(scan, k, 0);

    // Every candidate's bound first (numbers only), then the candidates best bound first, by whole points:
    // the bar rises as fast as it can, and the scan stops at the first point no candidate left can reach.
    // The loops run in plain methods, a slice at a time: in this generator their variables would live in its
    // frame object across the pauses, each read and write a memory access.
    const first = from ? from.start : 0;
    const last = from ? from.end : count;
    for (let j = first; j < last; ) {
      const next = Math.min(last, (j | 4095) + 1);
      this.boundSlice(scan, j, next);
      j = next;
      if (j < last && pause?.()) yield* this.stopped(stamp);
    }
    const size = scan.size - start;
    // Counting sort of the candidates by bucket, best first.
    const { bucket, order } = this.scratch;
    const buckets = scan.buckets;
    for (let b = BUCKETS - 1; b >= 0; b--) buckets[b]! += buckets[b + 1]!;
    for (let i = 0; i < size; i++) order[--buckets[bucket[i]!]!] = i;
    for (let n = 0; n < size; ) {
      const next = Math.min(size, (n | 255) + 1);
      if (this.rankSlice(scan, n, next)) break;
      n = next;
      if (n < size && pause?.()) yield* this.stopped(stamp);
    }
    const { paths: kept, whole, name, ends } = scan.stack;
    let end = start + size;
    // Paths found not to hold the query leave (rare: the scan keeps only paths that hold it in order).
    if (scan.dropped > 0) end = start;
    for (let i = start; scan.dropped > 0 && i < start + size; i++) {
      if (Number.isNaN(whole[i]!)) continue;
      kept[end] = kept[i]!;
      name[end] = name[i]!;
      ends[end] = ends[i]!;
      whole[end++] = whole[i]!;
    }
    return { best: scan.top.sorted(), candidates: { start, end } };
  }

  /** Scores path `k` exactly for the scan's query and offers it to the best so far. */
  private score(scan: Scan, k: number, bonus: number): void {
    const f = this.features;
    const q = scan.q;
    this.seen[k] = scan.stamp;
    this.scored++;
    const best = q ? f.bestAlignment(k, q, scan.bound.mask, scan.bound.repeats) : 0;
    // An alignment is a subsequence; without one, the path may still be one (ranked last, at -Infinity).
    if (best === -Infinity && (f.missed || !isSubsequence(q, f.lower[k]!))) {
      this.alignments[k] = NaN;
      return;
    }
    this.alignments[k] = best;
    scan.top.offer(k, (q ? f.scoreFrom(k, q, best) : -f.pathLength[k]! / 100) + bonus);
  }

  /** The bounds of the prefix's candidates `first` to `last` (before `last`): those that can match go on the stack. */
  private boundSlice(scan: Scan, first: number, last: number): void {
    const f = this.features;
    const { q, bound, from, fromLength, settled, lazy, start, buckets } = scan;
    const ceiling = bound.ceiling;
    const pathLength = f.pathLength;
    const { paths: kept, whole, name, ends } = scan.stack;
    const { upper, bucket } = this.scratch;
    const chars = f.chars;
    const lower = f.lower;
    const mask = bound.mask;
    const known = from ? fromLength : 0;
    let size = scan.size;
    for (let j = first; j < last; j++) {
      const k = from ? kept[j]! : j;
      if ((chars[k]! & mask) !== mask) continue;
      let reach = UNKNOWN_END;
      if (!settled && q.length > 0) {
        const text = lower[k]!;
        reach = from ? ends[j]! : -1;
        let i = known;
        if (reach === UNKNOWN_END) {
          reach = -1;
          i = 0;
        }
        for (; i < q.length; i++) {
          reach = text.indexOf(q[i]!, reach + 1);
          if (reach < 0) break;
        }
        // Not a subsequence: it cannot match this query or a longer one.
        if (reach < 0) continue;
      }
      // The prefix's sums (or its exact alignment) plus what the new characters add; at the root, the sums.
      let w = from ? whole[j]! : 0;
      let n = from ? name[j]! : 0;
      let total: number;
      if (Number.isNaN(n)) {
        this.bounded++;
        w += bound.extend(f, k, fromLength);
        total = w + bound.rest(f, k);
      } else if (lazy && !bound.mayEarnNameBonus(f, k)) {
        w = 0;
        n = LAZY;
        total = ceiling - pathLength[k]! / 100;
      } else {
        this.bounded++;
        total = n === LAZY ? bound.advance(f, k, 0, 0, 0) : bound.advance(f, k, fromLength, w, n);
        w = bound.sumWhole;
        n = bound.sumName;
      }
      const b = total <= 0 ? 0 : total >= BUCKETS ? BUCKETS : Math.floor(total);
      kept[size] = k;
      whole[size] = w;
      name[size] = n;
      ends[size] = reach;
      upper[size - start] = total;
      bucket[size - start] = b;
      buckets[b]!++;
      size++;
    }
    scan.size = size;
  }

  /** Candidates `first` to `last` of the bound order, scored while they can still enter the best: true to stop. */
  private rankSlice(scan: Scan, first: number, last: number): boolean {
    const { top, start, stamp } = scan;
    const { whole, name, paths: kept } = scan.stack;
    const { upper, bucket, order } = this.scratch;
    const alignments = this.alignments;
    for (let n = first; n < last; n++) {
      const i = order[n]!;
      if (top.full && upper[i]! + SLACK < top.worstScore) {
        // Every candidate left is in this bucket or a lower one (the top bucket has no ceiling).
        if (bucket[i]! < BUCKETS && bucket[i]! + 1 + SLACK < top.worstScore) return true;
        continue;
      }
      const k = kept[start + i]!;
      if (name[start + i] === LAZY) {
        // Its sums, now that it could enter the best: often they rule it out without an alignment.
        this.bounded++;
        const total = scan.bound.advance(this.features, k, 0, 0, 0);
        whole[start + i] = scan.bound.sumWhole;
        name[start + i] = scan.bound.sumName;
        if (top.full && total + SLACK < top.worstScore) continue;
      }
      if (this.seen[k] !== stamp) this.score(scan, k, 0);
      // Scored: its exact alignment, or NaN when it is not a subsequence (no longer query can match it either).
      const alignment = alignments[k]!;
      whole[start + i] = alignment;
      name[start + i] = NaN;
      if (Number.isNaN(alignment)) scan.dropped++;
    }
    return false;
  }

  /** A search stopped for now; when it goes on, no other may have run since (they share the scratch arrays). */
  private *stopped(stamp: number): Generator<void, void, void> {
    yield;
    if (this.searches !== stamp) throw new Error('A path search went on after a newer one had started.');
  }

  /** The stack of candidates, with room for `length` of them. */
  private reserve(length: number): Candidates {
    const stack = this.stack;
    if (stack.paths.length >= length) return stack;
    const grown = Math.max(length, 2 * stack.paths.length, this.paths.length);
    const paths = new Int32Array(grown);
    const whole = new Float64Array(grown);
    const name = new Float64Array(grown);
    const ends = new Int32Array(grown);
    paths.set(stack.paths);
    whole.set(stack.whole);
    name.set(stack.name);
    ends.set(stack.ends);
    this.stack = { paths, whole, name, ends };
    return this.stack;
  }

  private lookup(path: string): number | undefined {
    return this.indexOfPath.get(path);
  }
}

interface Scored {
  k: number;
  score: number;
}

/** One search's state, shared by its slices (`boundSlice`, `rankSlice`). */
interface Scan {
  q: string;
  bound: QueryBound;
  stamp: number;
  top: TopK;
  /** The prefix's length, whose candidates the scan reads (`from`), or 0 at the root. */
  fromLength: number;
  from: boolean;
  settled: boolean;
  /** Whether sums may be left for later (LAZY). */
  lazy: boolean;
  /** Where this query's candidates start on the stack, and where the next goes. */
  start: number;
  size: number;
  buckets: Int32Array;
  /** Candidates scored and found not to hold the query. */
  dropped: number;
  stack: Candidates;
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
