import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { diffLineHunks, locateHunks, proposalHunks, resolveReview, reviewBasis, splitKeepingEnds } from '../../../src/core/edit';
import { userEdits } from '../../../src/core/edit/review-hunks';
import type { HunkDecision } from '../../../src/core/ports/edit-review';

const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const BASE = lines('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
// Three hunks: b→B (line 1), an insertion after d, and f+g deleted.
const PROPOSED = lines('a', 'B', 'c', 'd', 'new', 'e', 'h');

/** Applies the decisions the way a reviewer would: `rejected` hunks reverted now, the rest kept as the user left them. */
function resolve(decisions: HunkDecision[], current = PROPOSED, base = BASE, proposed = PROPOSED, reverted: number[] = []) {
  const reject = decisions.flatMap((d, i) => (d === 'rejected' && !reverted.includes(i) ? [i] : []));
  return resolveReview({ base, proposed, current, reverted, reject });
}

describe('review hunks: computing them', () => {
  it('splits lines keeping each terminator, CRLF and a missing final newline included', () => {
    assert.deepEqual(splitKeepingEnds('a\r\nb\nc'), ['a\r\n', 'b\n', 'c']);
    assert.deepEqual(splitKeepingEnds(''), []);
    assert.deepEqual(splitKeepingEnds('\n\n'), ['\n', '\n']);
  });

  it('finds one hunk per run of changed lines, in base and proposal coordinates', () => {
    assert.deepEqual(proposalHunks(BASE, PROPOSED), [
      { baseStart: 1, baseEnd: 2, proposedStart: 1, proposedEnd: 2 },
      { baseStart: 4, baseEnd: 4, proposedStart: 4, proposedEnd: 5 },
      { baseStart: 5, baseEnd: 7, proposedStart: 6, proposedEnd: 6 },
    ]);
  });

  it('changes on neighbouring lines are one hunk; one unchanged line between them makes two', () => {
    assert.equal(proposalHunks(lines('a', 'b', 'c'), lines('A', 'B', 'c')).length, 1);
    assert.equal(proposalHunks(lines('a', 'b', 'c'), lines('A', 'b', 'C')).length, 2);
  });

  it('a line ending change is a change; adding a final newline is a hunk on the last line', () => {
    assert.deepEqual(proposalHunks('a\r\nb\r\n', 'a\nb\r\n'), [{ baseStart: 0, baseEnd: 1, proposedStart: 0, proposedEnd: 1 }]);
    assert.deepEqual(proposalHunks('a\nb', 'a\nb\n'), [{ baseStart: 1, baseEnd: 2, proposedStart: 1, proposedEnd: 2 }]);
  });

  it('a new file is one hunk of every line; a deleted file one hunk removing every line', () => {
    assert.deepEqual(proposalHunks('', lines('x', 'y')), [{ baseStart: 0, baseEnd: 0, proposedStart: 0, proposedEnd: 2 }]);
    assert.deepEqual(proposalHunks(lines('x', 'y'), ''), [{ baseStart: 0, baseEnd: 2, proposedStart: 0, proposedEnd: 0 }]);
    assert.deepEqual(proposalHunks('same', 'same'), []);
  });
});

describe('review hunks: what is applied', () => {
  it('accepting every hunk applies the proposal; rejecting every hunk leaves the base unchanged', () => {
    assert.equal(resolve(['accepted', 'accepted', 'accepted']).text, PROPOSED);
    assert.equal(resolve([]).text, PROPOSED, 'pending counts as accepted after Allow');
    const none = resolve(['rejected', 'rejected', 'rejected']);
    assert.equal(none.text, BASE);
    assert.equal(none.userEdited, false);
  });

  it('applies exactly the accepted hunks, and says where each ended up', () => {
    const r = resolve(['accepted', 'rejected', 'accepted']);
    assert.equal(r.text, lines('a', 'B', 'c', 'd', 'e', 'h'));
    assert.deepEqual(
      r.hunks.map((h) => [h.index, h.decision, h.resolvedStart, h.resolvedEnd]),
      [
        [0, 'accepted', 1, 2],
        [1, 'rejected', 4, 4],
        [2, 'accepted', 5, 5],
      ],
    );
    const other = resolve(['rejected', 'accepted', 'rejected']);
    assert.equal(other.text, lines('a', 'b', 'c', 'd', 'new', 'e', 'f', 'g', 'h'));
    assert.deepEqual(other.hunks[2], { index: 2, decision: 'rejected', hunk: { baseStart: 5, baseEnd: 7, proposedStart: 6, proposedEnd: 6 }, resolvedStart: 6, resolvedEnd: 8, userEdited: false });
  });

  it('keeps the user edits outside every hunk, whatever the decisions', () => {
    const current = PROPOSED.replace('a\n', 'a (user)\n').replace('h\n', 'h\ni (user)\n');
    assert.equal(resolve(['rejected', 'rejected', 'rejected'], current).text, BASE.replace('a\n', 'a (user)\n').replace('h\n', 'h\ni (user)\n'));
    const r = resolve(['accepted', 'rejected', 'accepted'], current);
    assert.equal(r.text, lines('a (user)', 'B', 'c', 'd', 'e', 'h', 'i (user)'));
    assert.equal(r.userEdited, true);
    assert.ok(r.hunks.every((h) => !h.userEdited), 'no hunk was touched');
  });

  it('an accepted hunk keeps the user edits inside it; a rejected one restores the base and drops them', () => {
    const current = PROPOSED.replace('B\n', 'B, better\n');
    const kept = resolve(['accepted', 'accepted', 'accepted'], current);
    assert.equal(kept.text, current);
    assert.equal(kept.hunks[0]!.userEdited, true);
    assert.equal(resolve(['rejected', 'accepted', 'accepted'], current).text, PROPOSED.replace('B\n', 'b\n'));
    // Lines typed into the middle of an inserted block belong to it.
    const base = lines('a', 'z');
    const proposed = lines('a', 'x', 'y', 'z');
    const typed = lines('a', 'x', 'typed', 'y', 'z');
    assert.equal(resolve(['accepted'], typed, base, proposed).text, typed);
    assert.equal(resolve(['rejected'], typed, base, proposed).text, base);
  });

  it('a user edit across two hunks binds them: kept when both are accepted, dropped when one is rejected', () => {
    const base = lines('1', '2', '3', '4', '5');
    const proposed = lines('1', 'TWO', '3', 'FOUR', '5');
    const current = lines('1', 'two and four, merged by the user', '5');
    assert.equal(resolve(['accepted', 'accepted'], current, base, proposed).text, current);
    assert.equal(resolve(['accepted', 'rejected'], current, base, proposed).text, lines('1', 'TWO', '3', '4', '5'));
  });

  it('neighbouring hunks one line apart are decided separately', () => {
    const base = lines('a', 'b', 'c');
    const proposed = lines('A', 'b', 'C');
    assert.equal(resolve(['accepted', 'rejected'], proposed, base, proposed).text, lines('A', 'b', 'c'));
    assert.equal(resolve(['rejected', 'accepted'], proposed, base, proposed).text, lines('a', 'b', 'C'));
  });

  it('a hunk the user typed back to its base lines (the gutter\'s Revert) is a rejection, not a user edit', () => {
    // Hunk 0 (b→B) put back by hand; the others left as proposed.
    const r = resolve([], PROPOSED.replace('B\n', 'b\n'));
    assert.equal(r.text, lines('a', 'b', 'c', 'd', 'new', 'e', 'h'));
    assert.deepEqual(r.hunks.map((h) => [h.index, h.decision, h.resolvedStart, h.resolvedEnd, h.userEdited]), [
      [0, 'rejected', 1, 2, false],
      [1, 'accepted', 4, 5, false],
      [2, 'accepted', 6, 6, false],
    ]);
    // The insertion removed and the deleted lines typed back: both rejected, at their base lines.
    const back = resolve([], lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h'));
    assert.deepEqual(back.hunks.map((h) => [h.index, h.decision, h.resolvedStart, h.resolvedEnd]), [
      [0, 'accepted', 1, 2],
      [1, 'rejected', 4, 4],
      [2, 'rejected', 5, 7],
    ]);
    // Typed to something else than the base: the user's own edit, kept and accepted.
    const mine = resolve([], PROPOSED.replace('B\n', 'b2\n'));
    assert.deepEqual([mine.hunks[0]!.decision, mine.hunks[0]!.userEdited], ['accepted', true]);
  });

  it('CRLF files come back byte for byte', () => {
    const base = 'one\r\ntwo\r\nthree\r\nfour\r\n';
    const proposed = 'ONE\r\ntwo\r\nthree\r\nFOUR\r\n';
    assert.equal(resolve(['rejected', 'accepted'], proposed, base, proposed).text, 'one\r\ntwo\r\nthree\r\nFOUR\r\n');
    const current = proposed.replace('two\r\n', 'two (user)\r\n');
    assert.equal(resolve(['rejected', 'rejected'], current, base, proposed).text, 'one\r\ntwo (user)\r\nthree\r\nfour\r\n');
  });

  it('files without a final newline: rejecting the hunk that adds lines at the end restores the exact end', () => {
    const base = 'a\nb';
    const proposed = 'a\nb\nc';
    assert.equal(resolve(['rejected'], proposed, base, proposed).text, base);
    assert.equal(resolve(['accepted'], proposed, base, proposed).text, proposed);
    const both = resolve(['rejected', 'accepted'], 'A\nx\nb\nc', 'a\nx\nb', 'A\nx\nb\nc');
    assert.equal(both.text, 'a\nx\nb\nc');
  });

  it('new and deleted files: rejecting their one hunk is no file change at all', () => {
    assert.equal(resolve(['rejected'], lines('x'), '', lines('x')).text, '');
    assert.equal(resolve(['rejected'], '', lines('x', 'y'), '').text, lines('x', 'y'));
    assert.equal(resolve(['accepted'], '', lines('x', 'y'), '').text, '');
  });
});

describe('review hunks: the live proposal', () => {
  it('rejecting hunks one by one in place: each is reverted once, whatever was typed meanwhile', () => {
    const first = resolve(['pending', 'rejected', 'pending']).text;
    assert.equal(first, lines('a', 'B', 'c', 'd', 'e', 'h'));
    const located = locateHunks(BASE, PROPOSED, first, [1]);
    assert.deepEqual(located.map((h) => h.reverted), [false, true, false]);
    assert.deepEqual(located.map((h) => [h.start, h.end]), [[1, 2], [4, 4], [5, 5]]);
    // Nothing more to do: the same decisions with hunk 1 already reverted change nothing.
    assert.equal(resolve(['accepted', 'rejected', 'accepted'], first, BASE, PROPOSED, [1]).text, first);
    // The user types, then rejects the last hunk: their line stays, f and g come back once.
    const typed = first.replace('c\n', 'c (user)\n');
    const second = resolve(['accepted', 'rejected', 'rejected'], typed, BASE, PROPOSED, [1]);
    assert.equal(second.text, lines('a', 'B', 'c (user)', 'd', 'e', 'f', 'g', 'h'));
    assert.deepEqual(second.hunks.map((h) => [h.decision, h.resolvedStart, h.resolvedEnd]), [['accepted', 1, 2], ['rejected', 4, 4], ['rejected', 5, 7]]);
  });

  it('locates hunks after the user inserted lines above them', () => {
    const current = lines('typed', 'typed') + PROPOSED;
    assert.deepEqual(locateHunks(BASE, PROPOSED, current, []).map((h) => [h.start, h.end]), [[3, 4], [6, 7], [8, 8]]);
  });

  const line = fc.constantFrom('a\n', 'b\n', 'c\n', 'd\r\n', '\n', 'e');
  const text = fc.array(line, { maxLength: 12 }).map((ls) => ls.map((l, i) => (l === 'e' && i < ls.length - 1 ? 'e\n' : l)).join(''));
  const order = fc.array(fc.nat(), { maxLength: 10 });

  it('property: all kept is the proposal; rejecting every hunk, one at a time in any order, is the base', () => {
    fc.assert(
      fc.property(text, text, order, (base, proposed, picks) => {
        const n = proposalHunks(base, proposed).length;
        assert.equal(resolveReview({ base, proposed, current: proposed, reverted: [], reject: [] }).text, proposed);
        assert.equal(resolveReview({ base, proposed, current: proposed, reverted: [], reject: [...Array(n).keys()] }).text, base);
        const left = [...Array(n).keys()];
        const reverted: number[] = [];
        let current = proposed;
        for (const pick of [...picks, ...left.map(() => 0)]) {
          if (left.length === 0) break;
          const k = left.splice(pick % left.length, 1)[0]!;
          current = resolveReview({ base, proposed, current, reverted, reject: [k] }).text;
          reverted.push(k);
          assert.equal(resolveReview({ base, proposed, current, reverted, reject: [] }).text, current, 'stable once reverted');
        }
        assert.equal(current, base);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: lines the user adds outside every hunk survive any decisions', () => {
    fc.assert(
      fc.property(text, text, fc.array(fc.boolean(), { maxLength: 8 }), fc.nat(), (base, proposed, rejects, where) => {
        const hunks = proposalHunks(base, proposed);
        // A line boundary of the proposal that no hunk touches (an untouched line's start, or the end).
        const plines = splitKeepingEnds(proposed);
        const free = [...Array(plines.length + 1).keys()].filter((b) => hunks.every((h) => b < h.proposedStart || b > h.proposedEnd) && (b === plines.length ? plines.length === 0 || plines[b - 1]!.endsWith('\n') : true));
        if (free.length === 0) return;
        const at = free[where % free.length]!;
        const current = [...plines.slice(0, at), 'USER LINE\n', ...plines.slice(at)].join('');
        const reject = hunks.flatMap((_, i) => (rejects[i] ? [i] : []));
        const out = resolveReview({ base, proposed, current, reverted: [], reject }).text;
        assert.equal(out.split('USER LINE\n').length, 2, `${JSON.stringify(out)} keeps the user line once`);
        assert.equal(out.replace('USER LINE\n', ''), resolveReview({ base, proposed, current: proposed, reverted: [], reject }).text);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: the user edits found in place (no split of the whole text) are the plain line diff', () => {
    fc.assert(
      fc.property(text, text, text, fc.nat(), (base, proposed, typed, where) => {
        // The user's text: the proposal with a random run of lines replaced (often lines that also occur around it).
        const plines = splitKeepingEnds(proposed);
        const at = where % (plines.length + 1);
        const current = [...plines.slice(0, at), typed, ...plines.slice(at + (where % 3))].join('');
        const plain = resolveReview({ base, proposed, current, reverted: [], reject: [] });
        const basis = reviewBasis(base, proposed);
        assert.deepEqual(resolveReview({ base, proposed, current, reverted: [], reject: [], basis }), plain);
        assert.deepEqual(locateHunks(base, proposed, current, [], basis), locateHunks(base, proposed, current, []));
        const clines = splitKeepingEnds(current);
        const expected = diffLineHunks(plines, clines).map((h) => ({ start: h.baseStart, end: h.baseEnd, lines: clines.slice(h.proposedStart, h.proposedEnd) }));
        assert.deepEqual(userEdits(plines, current), expected);
      }),
      { numRuns: 3000 },
    );
  });
});
