// Per-hunk review of a proposal, as pure line arithmetic. A hunk is a run of changed lines between the text an
// edit was computed from (base) and the proposal; the user accepts or rejects each one and may also type into
// the proposal. `resolveReview` turns that into the text to apply: accepted hunks as the user left them, rejected
// hunks back to the base lines, and the user's own edits elsewhere kept. Lines keep their terminators, so CRLF
// files and files without a final newline come back byte for byte.
import { diffArrays } from 'diff';

/** Half-open line ranges, 0-based: the hunk replaces base lines [baseStart, baseEnd) by proposal lines [proposedStart, proposedEnd). */
export interface LineHunk {
  baseStart: number;
  baseEnd: number;
  proposedStart: number;
  proposedEnd: number;
}

/** The text split into lines, each with its own terminator (`\n` or `\r\n`); the last may have none. */
export function splitKeepingEnds(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/**
 * The hunks turning lines `a` into lines `b`. Common head and tail lines are skipped before the Myers diff runs,
 * so a local change to a large file costs a scan, not a diff of the whole file.
 */
export function diffLineHunks(a: readonly string[], b: readonly string[]): LineHunk[] {
  let head = 0;
  const shorter = Math.min(a.length, b.length);
  while (head < shorter && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < shorter - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  if (midA.length === 0 && midB.length === 0) return [];
  if (midA.length === 0 || midB.length === 0) {
    return [{ baseStart: head, baseEnd: head + midA.length, proposedStart: head, proposedEnd: head + midB.length }];
  }
  const hunks: LineHunk[] = [];
  let i = head;
  let j = head;
  let open: LineHunk | undefined;
  for (const part of diffArrays(midA, midB)) {
    const n = part.count ?? part.value.length;
    if (part.added || part.removed) {
      open ??= { baseStart: i, baseEnd: i, proposedStart: j, proposedEnd: j };
      if (part.removed) i += n;
      else j += n;
      open.baseEnd = i;
      open.proposedEnd = j;
    } else {
      if (open) hunks.push(open);
      open = undefined;
      i += n;
      j += n;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

/** The hunks of a proposal against the text it was computed from. */
export function proposalHunks(base: string, proposed: string): LineHunk[] {
  return diffLineHunks(splitKeepingEnds(base), splitKeepingEnds(proposed));
}

/**
 * What never changes during a review: the base and the proposal split into lines and the hunks between them.
 * A live review computes it once; every lens refresh and rejection then splits only what the editor holds.
 */
export interface ReviewBasis {
  base: readonly string[];
  proposed: readonly string[];
  hunks: readonly LineHunk[];
}

export function reviewBasis(base: string, proposed: string): ReviewBasis {
  const b = splitKeepingEnds(base);
  const p = splitKeepingEnds(proposed);
  return { base: b, proposed: p, hunks: diffLineHunks(b, p) };
}

export interface ReviewInput {
  /** The text the proposal was computed from ('' for a new file). */
  base: string;
  /** The proposal as the model made it ('' for a deleted file). */
  proposed: string;
  /**
   * What the proposal side holds now: the proposal with the hunks in `reverted` already put back to their base
   * lines (as the live review does when the user rejects one), plus whatever the user typed.
   */
  current: string;
  /** Indexes of hunks of base → proposed already reverted in `current`. */
  reverted: readonly number[];
  /** Indexes of hunks to revert now; every other hunk is kept as the user left it. */
  reject: readonly number[];
  /** The hunks of base → proposed when the caller already has them (they never change during a review). */
  hunks?: readonly LineHunk[];
  /** `base` and `proposed` already split, with their hunks (a live review keeps one); takes precedence over `hunks`. */
  basis?: ReviewBasis;
}

export interface ResolvedHunk {
  index: number;
  decision: 'accepted' | 'rejected';
  hunk: LineHunk;
  /** Where the hunk's lines ended up in the resolved text: [start, end), 0-based. */
  resolvedStart: number;
  resolvedEnd: number;
  /** The user typed inside (or across) this hunk while it was still proposed. */
  userEdited: boolean;
}

export interface ReviewResolution {
  /** The text to apply (or to show: a live revert). */
  text: string;
  hunks: ResolvedHunk[];
  /** The user changed the proposal somewhere; their edits are in `text` unless a rejection dropped them. */
  userEdited: boolean;
}

/**
 * The text after review. Hunks already reverted are part of the reference the user's edits are measured
 * against, so they are never restored twice, however the diff aligns repeated lines. A user edit that touches a
 * kept hunk belongs to it: keeping the hunk keeps the edit, rejecting it restores the base lines and drops the
 * edit (the user asked for the original there). User edits that touch no hunk are always kept.
 */
export function resolveReview(input: ReviewInput): ReviewResolution {
  const { lines, hunks, userEdited } = resolveLines(input);
  return { text: lines.join(''), hunks, userEdited };
}

/** resolveReview without joining the lines: locating hunks needs only where they are. */
function resolveLines(input: ReviewInput): { lines: string[]; hunks: ResolvedHunk[]; userEdited: boolean } {
  const base = input.basis?.base ?? splitKeepingEnds(input.base);
  const proposed = input.basis?.proposed ?? splitKeepingEnds(input.proposed);
  const all = input.basis?.hunks ?? input.hunks ?? diffLineHunks(base, proposed);
  const reverted = new Set(input.reverted);
  const reject = new Set(input.reject);

  // The reference: the proposal with the reverted hunks back to base, and where every hunk sits in it.
  const reference: string[] = [];
  const placed: { index: number; hunk: LineHunk; start: number; end: number }[] = [];
  let p = 0;
  for (const [index, hunk] of all.entries()) {
    for (; p < hunk.proposedStart; p++) reference.push(proposed[p]!);
    const start = reference.length;
    reference.push(...(reverted.has(index) ? base.slice(hunk.baseStart, hunk.baseEnd) : proposed.slice(hunk.proposedStart, hunk.proposedEnd)));
    placed.push({ index, hunk, start, end: reference.length });
    p = hunk.proposedEnd;
  }
  for (; p < proposed.length; p++) reference.push(proposed[p]!);

  const live = placed.filter((h) => !reverted.has(h.index));
  const edits = userEdits(reference, input.current);
  const groups = groupHunksWithEdits(
    live.map((h) => ({ baseStart: h.start, baseEnd: h.end, proposedStart: h.start, proposedEnd: h.end })),
    edits,
  );

  const out: string[] = [];
  const resolved: ResolvedHunk[] = [];
  let at = 0; // next reference line to copy
  // Reverted hunks are plain reference lines now: note where they land as those lines are copied.
  const revertedAt = new Map<number, number>();
  const revertedStarts = new Set(placed.filter((h) => reverted.has(h.index)).map((h) => h.start));
  const copyReference = (to: number) => {
    for (; at < to; at++) {
      if (revertedStarts.has(at) && !revertedAt.has(at)) revertedAt.set(at, out.length);
      out.push(reference[at]!);
    }
    if (revertedStarts.has(at) && !revertedAt.has(at)) revertedAt.set(at, out.length);
  };
  const inGroup = new Set(groups.flatMap((g) => g.edits));
  let e = 0;
  const flushEditsBefore = (position: number) => {
    for (; e < edits.length && edits[e]!.start <= position && !inGroup.has(e); e++) {
      copyReference(edits[e]!.start);
      out.push(...edits[e]!.lines);
      at = edits[e]!.end;
    }
  };
  for (const group of groups) {
    flushEditsBefore(group.start);
    copyReference(group.start);
    const members = group.hunks.map((g) => live[g]!);
    const anyRejected = members.some((h) => reject.has(h.index));
    const edited = group.edits.length > 0;
    if (!anyRejected) {
      // Every hunk kept: the group as the user left it (their edits inside included).
      const start = out.length;
      let r = group.start;
      for (const ei of group.edits) {
        const edit = edits[ei]!;
        for (; r < edit.start; r++) out.push(reference[r]!);
        out.push(...edit.lines);
        r = edit.end;
      }
      for (; r < group.end; r++) out.push(reference[r]!);
      const putBack = edited ? decidedGroup(members, () => true, base, reference, group) : undefined;
      if (putBack && putBack.lines.length === out.length - start && putBack.lines.every((line, i) => line === out[start + i])) {
        // The user typed the hunks' lines back to the base (VS Code's gutter "Revert" does that): a rejection.
        for (const [i, h] of members.entries()) {
          const [s, en] = putBack.places[i]!;
          resolved.push({ index: h.index, decision: 'rejected', hunk: h.hunk, resolvedStart: start + s, resolvedEnd: start + en, userEdited: false });
        }
        at = group.end;
        while (e < edits.length && (inGroup.has(e) || edits[e]!.start < group.end)) e++;
        continue;
      }
      for (const h of members) {
        // Without user edits the hunk's place is exact; with them, the group's whole span stands for it.
        const [s, en] = edited ? [start, out.length] : [start + h.start - group.start, start + h.end - group.start];
        resolved.push({ index: h.index, decision: 'accepted', hunk: h.hunk, resolvedStart: s, resolvedEnd: en, userEdited: edited });
      }
    } else {
      // A rejection wins over user edits that touch the group: the reference lines, each hunk by its decision.
      const decided = decidedGroup(members, (h) => reject.has(h.index), base, reference, group);
      const start = out.length;
      out.push(...decided.lines);
      for (const [i, h] of members.entries()) {
        const [s, en] = decided.places[i]!;
        const decision = reject.has(h.index) ? 'rejected' : 'accepted';
        resolved.push({ index: h.index, decision, hunk: h.hunk, resolvedStart: start + s, resolvedEnd: start + en, userEdited: edited });
      }
    }
    at = group.end;
    while (e < edits.length && (inGroup.has(e) || edits[e]!.start < group.end)) e++;
  }
  flushEditsBefore(reference.length);
  copyReference(reference.length);
  for (const h of placed) {
    if (!reverted.has(h.index)) continue;
    // Typed over by the user: near enough, where the text around it went.
    const s = Math.min(revertedAt.get(h.start) ?? h.start, out.length);
    resolved.push({ index: h.index, decision: 'rejected', hunk: h.hunk, resolvedStart: s, resolvedEnd: s + (h.end - h.start), userEdited: false });
  }
  resolved.sort((a, b) => a.index - b.index);
  return { lines: out, hunks: resolved, userEdited: edits.length > 0 };
}

/**
 * A group's reference lines with each member hunk as decided (`rejected`: its base lines; else as proposed), and
 * where each member's lines are in them: [start, end), from the group's first line.
 */
function decidedGroup<H extends { hunk: LineHunk; start: number; end: number }>(
  members: readonly H[],
  rejected: (h: H) => boolean,
  base: readonly string[],
  reference: readonly string[],
  group: { start: number; end: number },
): { lines: string[]; places: [number, number][] } {
  const lines: string[] = [];
  const places: [number, number][] = [];
  let r = group.start;
  for (const h of members) {
    for (; r < h.start; r++) lines.push(reference[r]!);
    const s = lines.length;
    lines.push(...(rejected(h) ? base.slice(h.hunk.baseStart, h.hunk.baseEnd) : reference.slice(h.start, h.end)));
    places.push([s, lines.length]);
    r = h.end;
  }
  for (; r < group.end; r++) lines.push(reference[r]!);
  return { lines, places };
}

/**
 * The user's edits: the line hunks of reference → current. Lines both share at the head and the tail are matched
 * in place in the current text (no split, no copy), so typing one line into a 20,000-line proposal splits and
 * diffs only the lines around it. Same hunks as diffLineHunks(reference, splitKeepingEnds(current)).
 */
export function userEdits(reference: readonly string[], current: string): UserEdit[] {
  const n = reference.length;
  let head = 0;
  let from = 0; // current[0, from) holds reference[0, head)
  for (; head < n; head++) {
    const line = reference[head]!;
    if (!current.startsWith(line, from)) break;
    // A line without terminator (only ever the last) matches only the whole rest of the text.
    if (line.charCodeAt(line.length - 1) !== 10 && from + line.length !== current.length) break;
    from += line.length;
  }
  let tail = 0;
  let to = current.length; // current[to, length) holds the last `tail` reference lines
  for (; tail < n - head; tail++) {
    const line = reference[n - 1 - tail]!;
    const start = to - line.length;
    // Whole lines only: the match starts where a line starts, ends where one ends, and never reaches into the head.
    if (start < from || !current.startsWith(line, start) || (start > 0 && current.charCodeAt(start - 1) !== 10)) break;
    if (tail > 0 && line.charCodeAt(line.length - 1) !== 10) break;
    to = start;
  }
  const mid = splitKeepingEnds(current.slice(from, to));
  return diffLineHunks(reference.slice(head, reference.length - tail), mid).map((e) => ({
    start: head + e.baseStart,
    end: head + e.baseEnd,
    lines: mid.slice(e.proposedStart, e.proposedEnd),
  }));
}

interface Group {
  /** Span in proposal lines, [start, end). */
  start: number;
  end: number;
  hunks: number[];
  edits: number[];
}

export interface UserEdit {
  start: number;
  end: number;
  lines: string[];
}

/** A user edit touches a hunk when they share a proposal line, or one sits strictly inside the other. */
function touches(h: LineHunk, e: UserEdit): boolean {
  const hs = h.proposedStart;
  const he = h.proposedEnd;
  if (e.start < he && e.end > hs) return true; // share a line
  if (hs === he) return e.start === e.end ? e.start === hs : e.start < hs && hs < e.end; // at the deletion point
  if (e.start === e.end) return hs < e.start && e.start < he; // typed lines inserted inside the hunk
  return false;
}

/** Hunks joined by the user edits that touch them (an edit across two hunks binds them), in order. */
function groupHunksWithEdits(hunks: readonly LineHunk[], edits: readonly UserEdit[]): Group[] {
  const groups: Group[] = [];
  let e = 0;
  for (let h = 0; h < hunks.length; h++) {
    const hunk = hunks[h]!;
    const last = groups[groups.length - 1];
    const touching: number[] = [];
    // Edits that end before the hunk starts cannot touch it or any later hunk.
    while (e < edits.length && edits[e]!.end <= hunk.proposedStart && !touches(hunk, edits[e]!)) e++;
    for (let k = e; k < edits.length && edits[k]!.start <= hunk.proposedEnd; k++) if (touches(hunk, edits[k]!)) touching.push(k);
    if (last && touching.some((k) => last.edits.includes(k))) {
      last.hunks.push(h);
      for (const k of touching) if (!last.edits.includes(k)) last.edits.push(k);
      last.end = Math.max(last.end, hunk.proposedEnd, ...touching.map((k) => edits[k]!.end));
      continue;
    }
    const start = Math.min(hunk.proposedStart, ...touching.map((k) => edits[k]!.start));
    const end = Math.max(hunk.proposedEnd, ...touching.map((k) => edits[k]!.end));
    groups.push({ start, end, hunks: [h], edits: touching });
  }
  return groups;
}

export interface LocatedHunk {
  index: number;
  hunk: LineHunk;
  /** Where the hunk is in the current text: [start, end) lines, 0-based (empty for a deletion). */
  start: number;
  end: number;
  /** Reverted to its base lines (rejected). */
  reverted: boolean;
  /** The user typed inside or across it. */
  userEdited: boolean;
}

/** Where each hunk of the proposal sits in the current text, for lenses and commands over the live proposal. */
export function locateHunks(base: string, proposed: string, current: string, reverted: readonly number[], basis?: ReviewBasis): LocatedHunk[] {
  const kept = resolveLines({ base, proposed, current, reverted, reject: [], ...(basis ? { basis } : {}) });
  return kept.hunks.map((h) => ({ index: h.index, hunk: h.hunk, start: h.resolvedStart, end: h.resolvedEnd, reverted: h.decision === 'rejected', userEdited: h.userEdited }));
}
