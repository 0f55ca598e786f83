// Fuzzy ranking of workspace paths for the "@" list. It runs on every keystroke over tens of thousands of
// paths, so: paths are lower-cased once, a cheap subsequence test (indexOf per query character) rejects most
// paths before any scoring, a query that extends the previous one only rescans the previous matches, and only
// the best `limit` are kept (no sort of every match), and a path whose best possible score (an upper bound from
// its length and whether its file name starts with or contains the query) cannot enter them is not scored.

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

const PREFERRED_BONUS = 1_000;

export class PathIndex {
  private readonly lower: string[];
  /** Where each path's file (or folder) name starts. */
  private readonly nameStarts: Int32Array;
  private last: { query: string; hits: number[] } | undefined;

  constructor(readonly paths: readonly string[]) {
    this.lower = paths.map((p) => p.toLowerCase());
    this.nameStarts = Int32Array.from(this.lower, (l) => l.lastIndexOf('/', l.length - 2) + 1);
  }

  get size(): number {
    return this.paths.length;
  }

  search(query: string, options: SearchOptions): RankedPath[] {
    const q = query.toLowerCase();
    const candidates = this.last && q.startsWith(this.last.query) ? this.last.hits : undefined;
    const hits: number[] = [];
    const top = new TopK(options.limit);
    const visit = (i: number) => {
      const lower = this.lower[i]!;
      if (!isSubsequence(q, lower)) return;
      hits.push(i);
      const path = this.paths[i]!;
      const bonus = options.preferred?.has(path) ? PREFERRED_BONUS : 0;
      if (!top.accepts(scoreBound(q, lower, this.nameStarts[i]!) + bonus)) return;
      const scored = scorePath(q, path, lower);
      const score = scored.score + bonus;
      if (top.accepts(score)) top.add({ path, score, matches: scored.matches });
    };
    if (candidates) for (const i of candidates) visit(i);
    else for (let i = 0; i < this.lower.length; i++) visit(i);
    this.last = { query: q, hits };
    return top.sorted();
  }
}

/** Whether the characters of `query` appear in `text` in order (both lower-cased). */
export function isSubsequence(query: string, text: string): boolean {
  let at = -1;
  for (let i = 0; i < query.length; i++) {
    at = text.indexOf(query[i]!, at + 1);
    if (at < 0) return false;
  }
  return true;
}

/**
 * No path scores more than this (see scorePath): per query character 1, +8 at a word start, +6 right after the
 * previous match (not for the first), +4 inside the file name, which every character reaches only when the query
 * is a subsequence of the name (else at most all but the first); +40 for a name that starts with the query.
 */
export function scoreBound(query: string, lower: string, nameStart: number): number {
  const length = query.length;
  if (length === 0) return -lower.length / 100;
  const inName = isSubsequenceFrom(query, lower, nameStart) ? length : length - 1;
  const nameBonus = lower.startsWith(query, nameStart) ? 40 : 0;
  return 15 * length - 6 + 4 * inName + nameBonus - lower.length / 100;
}

function isSubsequenceFrom(query: string, text: string, from: number): boolean {
  let at = from - 1;
  for (let i = 0; i < query.length; i++) {
    at = text.indexOf(query[i]!, at + 1);
    if (at < 0) return false;
  }
  return true;
}

/**
 * Higher is better. Matches in the file name count most, then matches at word starts (after "/", "-", "_",
 * ".", a space or a lower-to-upper case change) and runs of consecutive characters; gaps and long paths cost
 * a little. Two alignments are tried (within the file name, within the whole path) and the better one wins.
 */
export function scorePath(query: string, path: string, lower = path.toLowerCase()): { score: number; matches: number[] } {
  if (!query) return { score: -path.length / 100, matches: [] };
  const nameStart = lower.lastIndexOf('/', lower.length - 2) + 1;
  const inName = nameStart > 0 ? align(query, path, lower, nameStart) : undefined;
  const whole = align(query, path, lower, 0);
  const best = inName && (!whole || inName.score >= whole.score) ? inName : whole;
  if (!best) return { score: -Infinity, matches: [] };
  const name = lower.slice(nameStart).replace(/\/$/, '');
  let score = best.score - path.length / 100;
  if (name === query || name.replace(/\.[^.]*$/, '') === query) score += 40;
  else if (name.startsWith(query)) score += 20;
  return { score, matches: best.matches };
}

function align(query: string, path: string, lower: string, from: number): { score: number; matches: number[] } | undefined {
  const nameStart = lower.lastIndexOf('/', lower.length - 2) + 1;
  const matches: number[] = [];
  let score = 0;
  let at = from - 1;
  for (let qi = 0; qi < query.length; qi++) {
    const c = query[qi]!;
    // Prefer the next occurrence at a word start when one comes before the next "/" (keeps matches in one segment).
    let next = lower.indexOf(c, at + 1);
    if (next < 0) return undefined;
    const boundary = nextBoundary(lower, path, c, at + 1);
    if (boundary >= 0 && boundary !== next && next !== at + 1 && !lower.slice(next, boundary).includes('/')) next = boundary;
    score += 1;
    if (isBoundary(lower, path, next)) score += 8;
    if (next === at + 1 && qi > 0) score += 6;
    else if (qi > 0) score -= Math.min(5, (next - at - 1) * 0.2);
    if (next >= nameStart) score += 4;
    matches.push(next);
    at = next;
  }
  return { score, matches };
}

function nextBoundary(lower: string, path: string, c: string, from: number): number {
  for (let i = lower.indexOf(c, from); i >= 0; i = lower.indexOf(c, i + 1)) {
    if (isBoundary(lower, path, i)) return i;
  }
  return -1;
}

function isBoundary(lower: string, path: string, i: number): boolean {
  if (i === 0) return true;
  const before = lower[i - 1]!;
  if (before === '/' || before === '-' || before === '_' || before === '.' || before === ' ') return true;
  const prev = path[i - 1]!;
  const here = path[i]!;
  return prev === prev.toLowerCase() && here !== here.toLowerCase();
}

/** The best `limit` items seen so far, kept sorted (limits are small: a list shows a few dozen rows). */
class TopK {
  private readonly items: RankedPath[] = [];
  constructor(private readonly limit: number) {}

  accepts(score: number): boolean {
    return this.items.length < this.limit || score > this.items[this.items.length - 1]!.score;
  }

  add(item: RankedPath): void {
    let i = this.items.length;
    while (i > 0 && compare(this.items[i - 1]!, item) > 0) i--;
    this.items.splice(i, 0, item);
    if (this.items.length > this.limit) this.items.pop();
  }

  sorted(): RankedPath[] {
    return [...this.items];
  }
}

/** Best first; equal scores by shorter path, then alphabetically, so the order is stable. */
function compare(a: RankedPath, b: RankedPath): number {
  return b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
