// An upper bound of a path's score for one query, from its typed features only (path-features.ts), so the index
// (path-index.ts) scores exactly only the paths that could still enter the best results. `align` (fuzzy.ts)
// gives each query character 1, +8 at a word start, +6 right after the previous match or else minus a gap
// penalty of at least 0.2, and +4 in the file name; of its two alignments (within the name, within the whole
// path) the better counts. The bound follows each alignment on its own, because each is constrained apart:
// - within the name: every query character must be in the name (a repeated one twice), and only characters
//   at a word start of the name can earn +8;
// - within the whole path: its first match is the first occurrence of the first character, moved at most to a
//   word start in the same segment (`firstStarts` tells whether it lands on one; `firstBeforeBreak` whether a
//   separator follows it, so that the second character cannot come right after), and the characters it matches
//   in the name are a suffix of the query (matches go left to right and the name is the last segment), so the
//   +4s are at most the longest suffix of the query whose characters are all in the name.
// Per character, a match at a word start earns at most +14 with the previous character right before it (a pair
// in `startPairs`) and +7.8 without (8 less the smallest gap penalty); a match elsewhere at most +6 right after
// the previous one (a pair in `pairs`) and -0.2 without.
import { charBit, packPrefix, pairBit, type PathFeatures } from './path-features';

/** One bit per character class that stands for one character only (letters, ".", "/", "-"): see charBit. */
export const ONE_CHARACTER_BITS = (1 << 26) - 1 | (1 << 28) | (1 << 29) | (1 << 30);
const SINGLE = ONE_CHARACTER_BITS;

export class QueryBound {
  /** The query's characters that have a bit. */
  readonly mask: number;
  /** The bits of characters the query holds more than once: a name holding the query has them twice. */
  readonly repeats: number;
  /** The same for each suffix of the query (`repeatsFrom[i]`: of the characters from `i` on). */
  private readonly repeatsFrom: Int32Array;
  readonly length: number;
  private readonly bits: Int32Array;
  /** Each query character's pair with the one before it: the word of the pair filter, and the bit in it. */
  private readonly pairWord: Int32Array;
  private readonly pairMask: Int32Array;
  /** The first character's bit when it stands for that character only: in the folders, a whole-path alignment starts there. */
  private readonly firstSingle: number;
  /** The first character's bit (if single) when the second is no separator: after a separator, it cannot follow directly. */
  private readonly firstThenWord: number;
  private readonly prefix: number;
  /** The last character's bit (0 for none). */
  private readonly last: number;
  private readonly prefixMask: number;

  constructor(private readonly query: string) {
    const m = query.length;
    this.length = m;
    this.bits = new Int32Array(m);
    this.pairWord = new Int32Array(m);
    this.pairMask = new Int32Array(m);
    this.repeatsFrom = new Int32Array(m + 1);
    let mask = 0;
    for (let i = 0; i < m; i++) {
      const bit = charBit(query.charCodeAt(i));
      this.bits[i] = bit;
      mask |= bit;
      if (i === 0) continue;
      const pair = pairBit(query.charCodeAt(i - 1), query.charCodeAt(i));
      this.pairWord[i] = pair >> 5;
      this.pairMask[i] = 1 << (pair & 31);
    }
    for (let i = m - 1; i >= 0; i--) {
      this.repeatsFrom[i] = this.repeatsFrom[i + 1]! | (query.indexOf(query[i]!, i + 1) > i ? this.bits[i]! : 0);
    }
    this.mask = mask;
    this.repeats = this.repeatsFrom[0]!;
    this.last = m > 0 ? this.bits[m - 1]! : 0;
    this.firstSingle = m > 0 ? this.bits[0]! & SINGLE : 0;
    const second = m > 1 ? query.charCodeAt(1) : 47;
    this.firstThenWord = second === 47 || second === 45 || second === 95 || second === 46 || second === 32 ? 0 : this.firstSingle;
    const n = Math.min(4, m);
    let unpackable = false;
    for (let i = 0; i < n; i++) unpackable ||= query.charCodeAt(i) > 255;
    this.prefix = packPrefix(query, 0, n);
    this.prefixMask = unpackable ? 0 : n === 4 ? -1 : (1 << (8 * n)) - 1;
  }

  /** Upper bound of the score of path `k`, from nothing known. */
  of(f: PathFeatures, k: number): number {
    return this.advance(f, k, 0, 0, 0);
  }

  /** The sums of the last `advance`: the whole path's, and the name's (-Infinity: it cannot hold the query). */
  sumWhole = 0;
  sumName = 0;

  /**
   * What the index computes per candidate and keystroke: from a prefix's sums over the first `from` characters
   * (0 and 0 at the root), the sums over the query's (left in `sumWhole` and `sumName`), and the bound of the
   * score of path `k` (`of` is this from nothing known).
   */
  advance(f: PathFeatures, k: number, from: number, whole: number, name: number): number {
    const m = this.length;
    const bits = this.bits;
    const suffix = this.nameSuffix(f, k);
    // A name that cannot hold the query cannot hold a longer one. (A path without folders is all name: its one
    // alignment, within the whole path, earns +4 per character and +8 at its word starts, the name's.)
    const holds = name !== -Infinity && suffix === m;
    const starts = f.startChars[k]!;
    const nameStarts = holds ? f.nameStarts[k]! : 0;
    for (let i = from; i < m; i++) {
      const bit = bits[i]!;
      const start = bit === 0 || (starts & bit) !== 0;
      const nameStart = bit === 0 || (nameStarts & bit) !== 0;
      if (i === 0) {
        whole += bit === 0 || (f.firstStarts[k]! & bit) !== 0 ? 9 : 1;
        name += nameStart ? 13 : 5;
        continue;
      }
      // As `step`, for both sums at once.
      const word = 16 * k + this.pairWord[i]!;
      const pair = this.pairMask[i]!;
      const atStart = (f.pairFilters[word + 8]! & pair) !== 0 ? 15 : 8.8;
      const elsewhere = (f.pairFilters[word]! & pair) !== 0 ? 7 : 0.8;
      if (i === 1 && (f.firstBeforeBreak[k]! & this.firstThenWord) !== 0) whole += start ? 8.8 : 0.8;
      else whole += start ? atStart : elsewhere;
      name += 4 + (nameStart ? atStart : elsewhere);
    }
    if (!holds) name = -Infinity;
    this.sumWhole = whole;
    this.sumName = name;
    const wholeBound = whole + 4 * (suffix === m && (f.dirChars[k]! & this.firstSingle) !== 0 ? m - 1 : suffix);
    return (name > wholeBound ? name : wholeBound) + this.rest(f, k);
  }

  /** The longest suffix of the query the name can hold: its characters, and repeated ones twice. */
  private nameSuffix(f: PathFeatures, k: number): number {
    const m = this.length;
    const names = f.nameChars[k]!;
    // Most names lack the query's last character (no suffix at all); some hold the whole query.
    if ((names & this.last) !== this.last) return 0;
    if ((names & this.mask) === this.mask && (this.repeats === 0 || (f.nameTwice[k]! & this.repeats) === this.repeats)) return m;
    const twice = this.repeats === 0 ? 0 : f.nameTwice[k]!;
    let suffix = 0;
    while (suffix < m) {
      const bit = this.bits[m - 1 - suffix]!;
      const repeats = this.repeatsFrom[m - 1 - suffix]!;
      if ((names & bit) !== bit || (twice & repeats) !== repeats) break;
      suffix++;
    }
    return suffix;
  }

  /** What characters `from` on add at most to a known alignment (either), +4s included. */
  extend(f: PathFeatures, k: number, from: number): number {
    const starts = f.startChars[k]!;
    const names = f.nameChars[k]!;
    let added = 0;
    for (let i = from; i < this.length; i++) {
      const bit = this.bits[i]!;
      added += this.step(f, k, i, bit === 0 || (starts & bit) !== 0) + (bit === 0 || (names & bit) !== 0 ? 4 : 0);
    }
    return added;
  }

  /** Character `i` (> 0) at most, without the name's +4: `start` tells whether it can be at a word start. */
  private step(f: PathFeatures, k: number, i: number, start: boolean): number {
    const word = 16 * k + this.pairWord[i]!;
    const pair = this.pairMask[i]!;
    if (start) return (f.pairFilters[word + 8]! & pair) !== 0 ? 15 : 8.8;
    return (f.pairFilters[word]! & pair) !== 0 ? 7 : 0.8;
  }

  /**
   * Whether path `k` may earn the name bonus (its name starts with the query), which `rest` adds. Without it, the
   * bound is at most `ceiling` less the path's length / 100: per character, the name's alignment earns at most 13
   * for the first and 4 + 15 for each other, the whole path's 9 then 15, and +4 per character in the name.
   */
  mayEarnNameBonus(f: PathFeatures, k: number): boolean {
    const length = this.query.length;
    return length > 0 && f.nameLength[k]! >= length && (f.namePrefix[k]! & this.prefixMask) === (this.prefix & this.prefixMask);
  }

  /** The bound of any path that cannot earn the name bonus, before its length is taken off (see mayEarnNameBonus). */
  get ceiling(): number {
    return 19 * this.length - 6;
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
