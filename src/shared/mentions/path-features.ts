// What the "@" index knows about each path, built once into flat typed arrays so a keystroke can rule most
// paths out without touching a string: character masks (one AND rejects a path missing a query character),
// the file name's bounds and first characters (the name bonus of `scorePath` computed exactly), and the word
// starts (an upper bound per query character), and where the greedy alignment of `align` must take its first
// character (path-bound.ts turns these into a bound of the score). `exactScore` gives bit for bit the score of
// `scorePath` (the same floating-point operations in the same order) without allocating.

/** One bit per lower-case letter, two for digits (by parity) and one each for ".", "/", "-", and "_" or space. */
export function charBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << (26 + (code & 1));
  if (code === 46) return 1 << 28;
  if (code === 47) return 1 << 29;
  if (code === 45) return 1 << 30;
  if (code === 95 || code === 32) return 1 << 31;
  return 0;
}

/** Which of 256 bits stands for the pair of characters `a` then `b` in a path's pair filter. */
export function pairBit(a: number, b: number): number {
  return (Math.imul(a * 131 + b, 0x9e3779b1) >>> 24) & 255;
}

/** The case-change half of `isBoundary` in fuzzy.ts: a lower-to-upper change in `path` at `i` (> 0). */
function caseStart(path: string, i: number): boolean {
  const prev = path.charCodeAt(i - 1);
  const here = path.charCodeAt(i);
  // Past the end of `path` (a character whose lower case is longer): no case change to see.
  if (Number.isNaN(here) || Number.isNaN(prev)) return false;
  if (here < 128 && prev < 128) return here >= 65 && here <= 90 && !(prev >= 65 && prev <= 90);
  const p = path[i - 1]!;
  const h = path[i]!;
  return p === p.toLowerCase() && h !== h.toLowerCase();
}

export class PathFeatures {
  readonly lower: string[];
  /** Where each path's file (or folder) name starts. */
  readonly nameStart: Int32Array;
  /** The name's length without a folder's trailing "/", and without its last extension. */
  readonly nameLength: Int32Array;
  readonly stemLength: Int32Array;
  readonly pathLength: Int32Array;
  /** The name's first four characters, one byte each (0 for a character above 255). */
  readonly namePrefix: Int32Array;
  readonly chars: Int32Array;
  readonly nameChars: Int32Array;
  /** Characters found at a word start. */
  readonly startChars: Int32Array;
  /** Characters of the folders before the name; characters at a word start in the name; twice in the name. */
  readonly dirChars: Int32Array;
  readonly nameStarts: Int32Array;
  readonly nameTwice: Int32Array;
  /**
   * Characters whose first match in an alignment of the whole path is at a word start: `align` takes the first
   * occurrence, or a later one at a word start in the same segment (between two "/").
   */
  readonly firstStarts: Int32Array;
  /** Characters whose first match in an alignment of the whole path comes right before a separator or the end. */
  readonly firstBeforeBreak: Int32Array;
  /**
   * Two filters of the adjacent character pairs of each path, 256 bits (8 words) each, side by side (16 words,
   * one cache line, per path): every pair, then the pairs whose second character starts a word. A query
   * character can follow the previous one directly only if their pair is in the first; directly and at a word
   * start only if in the second.
   */
  readonly pairFilters: Int32Array;
  /** Word-start flags of every position of every lower-cased path, one after the other. */
  private starts: Uint8Array;
  private readonly offset: Int32Array;

  /** The paths described so far: all of them unless built in steps (`buildSteps`). */
  private described = 0;

  constructor(
    private readonly paths: readonly string[],
    options: { inSteps?: boolean } = {},
  ) {
    const n = paths.length;
    this.lower = new Array<string>(n);
    this.nameStart = new Int32Array(n);
    this.nameLength = new Int32Array(n);
    this.stemLength = new Int32Array(n);
    this.pathLength = new Int32Array(n);
    this.namePrefix = new Int32Array(n);
    this.chars = new Int32Array(n);
    this.nameChars = new Int32Array(n);
    this.startChars = new Int32Array(n);
    this.dirChars = new Int32Array(n);
    this.nameStarts = new Int32Array(n);
    this.nameTwice = new Int32Array(n);
    this.firstStarts = new Int32Array(n);
    this.firstBeforeBreak = new Int32Array(n);
    this.pairFilters = new Int32Array(16 * n);
    this.offset = new Int32Array(n + 1);
    let length = 0;
    for (const path of paths) length += path.length;
    // Lower-casing keeps the length but for a few characters ("İ"): then it grows.
    this.starts = new Uint8Array(length);
    if (!options.inSteps) this.buildSteps(n);
  }

  get built(): boolean {
    return this.described === this.paths.length;
  }

  /** Describes up to `count` more paths; true when every path is. A page builds them between frames this way. */
  buildSteps(count: number): boolean {
    const end = Math.min(this.paths.length, this.described + count);
    for (let k = this.described; k < end; k++) this.describe(k, this.paths[k]!);
    this.described = end;
    return this.built;
  }

  private describe(k: number, path: string): void {
    const lower = path.toLowerCase();
    this.lower[k] = lower;
    this.offset[k + 1] = this.offset[k]! + lower.length;
    if (this.offset[k + 1]! > this.starts.length) {
      const grown = new Uint8Array(Math.max(this.offset[k + 1]!, 2 * this.starts.length));
      grown.set(this.starts);
      this.starts = grown;
    }
    const nameStart = lower.lastIndexOf('/', lower.length - 2) + 1;
    const nameEnd = lower.endsWith('/') ? lower.length - 1 : lower.length;
    const dot = lower.lastIndexOf('.', nameEnd - 1);
    this.nameStart[k] = nameStart;
    this.nameLength[k] = nameEnd - nameStart;
    this.stemLength[k] = (dot >= nameStart ? dot : nameEnd) - nameStart;
    this.pathLength[k] = path.length;
    this.namePrefix[k] = packPrefix(lower, nameStart, Math.min(4, nameEnd - nameStart));
    let dirChars = 0;
    let nameChars = 0;
    let startChars = 0;
    let nameStarts = 0;
    let nameTwice = 0;
    let firstStarts = 0;
    // Per character with a bit (all below 128): the path it was last seen in, the segment and position of its
    // first match, and whether that is settled (at a word start, or no later one in the segment).
    const { seenIn, settledIn, firstSegment, firstAt, seen } = scratch;
    const stamp = ++scratch.stamp;
    let distinct = 0;
    let segment = 0;
    const base = this.offset[k]!;
    const pairs = 16 * k;
    let before = -1;
    for (let i = 0; i < lower.length; i++) {
      const code = lower.charCodeAt(i);
      const bit = charBit(code);
      const start = i === 0 || before === 47 || before === 45 || before === 95 || before === 46 || before === 32 || caseStart(path, i);
      if (i > 0) {
        const pair = pairBit(before, code);
        this.pairFilters[pairs + (pair >> 5)]! |= 1 << (pair & 31);
        if (start) this.pairFilters[pairs + 8 + (pair >> 5)]! |= 1 << (pair & 31);
      }
      before = code;
      if (i >= nameStart) {
        nameTwice |= nameChars & bit;
        nameChars |= bit;
      } else {
        dirChars |= bit;
      }
      if (bit !== 0) {
        // The first occurrence is the first match; `align` moves on to a word start in its segment, but not for "/".
        if (seenIn[code] !== stamp) {
          seenIn[code] = stamp;
          firstSegment[code] = segment;
          firstAt[code] = i;
          seen[distinct++] = code;
          if (start) settledIn[code] = stamp;
        } else if (start && settledIn[code] !== stamp && code !== 47 && firstSegment[code] === segment) {
          firstAt[code] = i;
          settledIn[code] = stamp;
        }
        if (start && settledIn[code] === stamp && firstAt[code] === i) firstStarts |= bit;
      }
      if (code === 47) segment++;
      if (!start) continue;
      this.starts[base + i] = 1;
      startChars |= bit;
      if (i >= nameStart) nameStarts |= bit;
    }
    let firstBeforeBreak = 0;
    for (let d = 0; d < distinct; d++) {
      const after = firstAt[seen[d]!]! + 1;
      const c = after < lower.length ? lower.charCodeAt(after) : 47;
      if (c === 47 || c === 45 || c === 95 || c === 46 || c === 32) firstBeforeBreak |= charBit(seen[d]!);
    }
    this.chars[k] = dirChars | nameChars;
    this.nameChars[k] = nameChars;
    this.startChars[k] = startChars;
    this.dirChars[k] = dirChars;
    this.nameStarts[k] = nameStarts;
    this.nameTwice[k] = nameTwice;
    this.firstStarts[k] = firstStarts;
    this.firstBeforeBreak[k] = firstBeforeBreak;
  }

  /** `scorePath(query, paths[k]).score`, bit for bit; `query` is lower-cased and not empty. */
  exactScore(k: number, query: string): number {
    return this.scoreFrom(k, query, this.bestAlignment(k, query));
  }

  /**
   * The better of the two alignments' scores before the name bonus and length (-Infinity: neither aligns).
   * `queryChars`: the query's mask, if known; `repeats`: the bits of characters it holds more than once.
   */
  bestAlignment(k: number, query: string, queryChars = -1, repeats = 0): number {
    const lower = this.lower[k]!;
    const nameStart = this.nameStart[k]!;
    // A name without every character of the query (or with one the query repeats only once) holds no alignment.
    const nameCanAlign = nameStart > 0 && (queryChars === -1 || ((this.nameChars[k]! & queryChars) === queryChars && (this.nameTwice[k]! & repeats) === repeats));
    const inName = nameCanAlign ? this.align(k, lower, query, nameStart, nameStart) : undefined;
    this.jumped = false;
    const whole = this.align(k, lower, query, 0, nameStart);
    // Without a move to a later word start, `align` took the first occurrence of each character: it failed
    // because the query is not a subsequence of the path.
    this.missed = whole === undefined && !this.jumped;
    const best = inName !== undefined && (whole === undefined || inName >= whole) ? inName : whole;
    return best ?? -Infinity;
  }

  /** Whether the last `bestAlignment` found that the query is not a subsequence of the path (false: unknown). */
  missed = false;
  private jumped = false;

  scoreFrom(k: number, query: string, best: number): number {
    if (best === -Infinity) return -Infinity;
    let score = best - this.pathLength[k]! / 100;
    const length = query.length;
    const nameLength = this.nameLength[k]!;
    if (nameLength >= length && this.lower[k]!.startsWith(query, this.nameStart[k]!)) {
      score += nameLength === length || this.stemLength[k]! === length ? 40 : 20;
    }
    return score;
  }

  /** `align` of fuzzy.ts, score only. */
  private align(k: number, lower: string, query: string, from: number, nameStart: number): number | undefined {
    const starts = this.starts;
    const base = this.offset[k]!;
    let score = 0;
    let at = from - 1;
    for (let qi = 0; qi < query.length; qi++) {
      const code = query.charCodeAt(qi);
      let next = lower.indexOf(query[qi]!, at + 1);
      if (next < 0) return undefined;
      // The next occurrence at a word start before the next "/" is preferred (see align in fuzzy.ts).
      if (next !== at + 1 && starts[base + next] === 0 && code !== 47) {
        for (let i = next + 1; i < lower.length; i++) {
          const c = lower.charCodeAt(i);
          if (c === 47) break;
          if (c === code && starts[base + i] === 1) {
            next = i;
            this.jumped = true;
            break;
          }
        }
      }
      score += 1;
      if (starts[base + next] === 1) score += 8;
      if (next === at + 1 && qi > 0) score += 6;
      else if (qi > 0) score -= Math.min(5, (next - at - 1) * 0.2);
      if (next >= nameStart) score += 4;
      at = next;
    }
    return score;
  }
}

/** Scratch of `describe`, by character code (those with a bit are below 128); `stamp` numbers the paths described. */
const scratch = { seenIn: new Float64Array(128), settledIn: new Float64Array(128), firstSegment: new Int32Array(128), firstAt: new Int32Array(128), seen: new Int32Array(128), stamp: 0 };

/** Up to four characters of `text` from `from`, one byte each; a character above 255 packs as 0. */
export function packPrefix(text: string, from: number, count: number): number {
  let packed = 0;
  for (let i = 0; i < count; i++) {
    const code = text.charCodeAt(from + i);
    packed |= (code < 256 ? code : 0) << (8 * i);
  }
  return packed;
}
