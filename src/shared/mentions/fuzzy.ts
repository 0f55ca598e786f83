// The fuzzy score of a workspace path for the "@" list: the reference the index (path-index.ts) ranks by. The
// index scores with a copy of `align` over typed arrays (path-features.ts) that must stay bit-for-bit equal to
// this one; the unit tests compare them.

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
  const prev = path[i - 1];
  const here = path[i];
  // Past the end of `path` (a character whose lower case is longer): no case change to see.
  if (prev === undefined || here === undefined) return false;
  return prev === prev.toLowerCase() && here !== here.toLowerCase();
}
