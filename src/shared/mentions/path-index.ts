// The fuzzy index behind the "@" list: every keystroke ranks tens of thousands of paths, so
// - each path's features sit in typed arrays (path-features.ts): one AND rejects a path that lacks a query
//   character, and an upper bound of its score (path-bound.ts: word starts, name characters, where an alignment
//   must start, the exact name bonus, its length) is read from numbers, kept per prefix as sums that the next
//   key extends, so only paths that could still enter the best `limit` are scored at all;
// - the best results so far (open editors, then the previous answer) are scored first, so that bound bites early;
// - the typed query's prefixes are kept as a stack: a query that extends one scans only the paths its prefix
//   kept, and Backspace returns to a prefix whose answer is already known. Their candidates sit one after the
//   other in shared arrays (a stack too), so a keystroke allocates none of its own.
// The ranking is exactly that of scoring every path with `scorePath` and sorting them all (see `compare`).
import { isSubsequence, scorePath } from './fuzzy';
import { QueryBound } from './path-bound';
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
  private stack: Candidates = { paths: new Int32Array(0), whole: new Float64Array(0), name: new Float64Array(0) };
  private readonly scratch: { upper: Float64Array; bucket: Uint16Array; order: Int32Array };
  /** Paths scored exactly, for tests: the bound's worth is in how few it leaves. */
  scored = 0;
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
    const top = new TopK(options.limit, this.paths);
    const stamp = ++this.searches;
    const bound = new QueryBound(q);
    const alignments = this.alignments;
    const score = (k: number, bonus: number) => {
      this.seen[k] = stamp;
      this.scored++;
      const best = q ? f.bestAlignment(k, q, bound.mask, bound.repeats) : 0;
      // An alignment is a subsequence; without one, the path may still be one (ranked last, at -Infinity).
      if (best === -Infinity && (f.missed || !isSubsequence(q, f.lower[k]!))) {
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
    // This query's candidates go on the stack right after the prefix's (they are fewer).
    const start = from ? from.end : 0;
    const count = from ? from.end - from.start : this.paths.length;
    const { paths: kept, whole, name } = this.reserve(start + count);
    // Scratch, as long as the index: no allocation per keystroke.
    const { upper, bucket, order } = this.scratch;
    const buckets = new Int32Array(BUCKETS + 1);
    const chars = f.chars;
    const mask = bound.mask;
    let size = start;
    for (let j = from ? from.start : 0; j < (from ? from.end : count); j++) {
      if ((j & 4095) === 4095 && pause?.()) yield* this.stopped(stamp);
      const k = from ? kept[j]! : j;
      if ((chars[k]! & mask) !== mask) continue;
      // The prefix's sums (or its exact alignment) plus what the new characters add; at the root, the sums.
      let w = from ? whole[j]! : 0;
      let n = from ? name[j]! : 0;
      let total: number;
      if (Number.isNaN(n)) {
        w += bound.extend(f, k, fromLength);
        total = w + bound.rest(f, k);
      } else {
        total = bound.advance(f, k, fromLength, w, n);
        w = bound.sumWhole;
        n = bound.sumName;
      }
      const b = total <= 0 ? 0 : total >= BUCKETS ? BUCKETS : Math.floor(total);
      kept[size] = k;
      whole[size] = w;
      name[size] = n;
      upper[size - start] = total;
      bucket[size - start] = b;
      buckets[b]!++;
      size++;
    }
    size -= start;
    // Counting sort of the candidates by bucket, best first.
    for (let b = BUCKETS - 1; b >= 0; b--) buckets[b]! += buckets[b + 1]!;
    for (let i = 0; i < size; i++) order[--buckets[bucket[i]!]!] = i;
    for (let n = 0; n < size; n++) {
      if ((n & 255) === 255 && pause?.()) yield* this.stopped(stamp);
      const i = order[n]!;
      if (top.full && upper[i]! + SLACK < top.worstScore) {
        // Every candidate left is in this bucket or a lower one (the top bucket has no ceiling).
        if (bucket[i]! < BUCKETS && bucket[i]! + 1 + SLACK < top.worstScore) break;
        continue;
      }
      const k = kept[start + i]!;
      if (this.seen[k] !== stamp) score(k, 0);
      // Scored: its exact alignment, or NaN when it is not a subsequence (no longer query can match it either).
      whole[start + i] = alignments[k]!;
      name[start + i] = NaN;
    }
    let end = start;
    for (let i = start; i < start + size; i++) {
      if (Number.isNaN(whole[i]!)) continue;
      kept[end] = kept[i]!;
      name[end] = name[i]!;
      whole[end++] = whole[i]!;
    }
    return { best: top.sorted(), candidates: { start, end } };
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
    paths.set(stack.paths);
    whole.set(stack.whole);
    name.set(stack.name);
    this.stack = { paths, whole, name };
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
