// Property tests for the incremental JSON parser (behaviour 6): any splitting of any JSON text gives exactly
// JSON.parse of the whole, every partial value is a prefix-consistent view of it, and malformed input gives
// a JsonStreamError with a position exactly when JSON.parse rejects it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { IncrementalJsonParser, JsonStreamError } from '../../../src/core/tools';
import { jsonDocument, jsonValue, pieceSizes, prefixViolation, serialize, split } from './json-arbitraries';

/** Streams `text` in pieces; returns the final value or the error, and checks every snapshot on the way. */
function stream(text: string, sizes: readonly number[], check?: (snapshot: unknown) => void): { value?: unknown; error?: unknown } {
  const parser = new IncrementalJsonParser();
  try {
    for (const piece of split(text, sizes)) {
      parser.feed(piece);
      check?.(structuredClone(parser.value));
    }
    return { value: parser.end() };
  } catch (error) {
    // Anything but a JsonStreamError (a failed check, a parser crash) fails the property.
    if (!(error instanceof JsonStreamError)) throw error;
    return { error };
  }
}

function reference(text: string): { value?: unknown; error?: unknown } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error };
  }
}

function assertSameVerdict(text: string, sizes: readonly number[]): void {
  const ours = stream(text, sizes);
  const theirs = reference(text);
  if (theirs.error) {
    assert.ok(ours.error instanceof JsonStreamError, `expected a JsonStreamError for ${JSON.stringify(text)}, got ${String(ours.error ?? 'a value')}`);
    assert.ok(ours.error.position >= 0 && ours.error.position <= text.length);
    assert.match(ours.error.message, /at position \d+$/);
  } else {
    assert.equal(ours.error, undefined, `unexpected error for ${JSON.stringify(text)}: ${String(ours.error)}`);
    assert.deepStrictEqual(ours.value, theirs.value);
  }
}

describe('[6] incremental JSON parser properties', () => {
  test('[6] any splitting of any JSON text ends in exactly JSON.parse of the whole', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, jsonDocument), fc.integer(), pieceSizes, (value, seed, sizes) => {
        const text = serialize(value, seed);
        const ours = stream(text, sizes);
        assert.equal(ours.error, undefined, String(ours.error));
        assert.deepStrictEqual(ours.value, JSON.parse(text));
      }),
      { numRuns: 400 },
    );
  });

  test('[6] every partial value is a prefix-consistent view of the final value', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, jsonDocument), fc.integer(), pieceSizes, (value, seed, sizes) => {
        const text = serialize(value, seed);
        const final = JSON.parse(text);
        stream(text, sizes, (snapshot) => {
          if (snapshot === undefined) return;
          const violation = prefixViolation(snapshot, final);
          assert.equal(violation, undefined, `${violation} in ${JSON.stringify(snapshot)} vs ${text}`);
        });
      }),
      { numRuns: 300 },
    );
  });

  test('[6] very long strings with escapes and unicode, split finely, arrive whole and grow as prefixes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 2000, maxLength: 20000 }), fc.integer(), pieceSizes, (content, seed, sizes) => {
        const text = serialize({ path: 'src/big.ts', content }, seed);
        let lastLength = 0;
        let unfinishedViews = 0;
        const ours = stream(text, sizes, (snapshot) => {
          const seen = (snapshot as { content?: string } | undefined)?.content;
          if (seen === undefined) return;
          assert.ok(content.startsWith(seen));
          assert.ok(seen.length >= lastLength, 'the visible content never shrinks');
          if (seen.length > 0 && seen.length < content.length) unfinishedViews++;
          lastLength = seen.length;
        });
        assert.deepStrictEqual(ours.value, { path: 'src/big.ts', content });
        assert.ok(unfinishedViews > 100, 'an unfinished string shows what has arrived so far');
      }),
      { numRuns: 25 },
    );
  });

  test('[6] random garbage over the JSON alphabet: an error with a position exactly when JSON.parse rejects', () => {
    const alphabet = fc.constantFrom(...'{}[]":,.-+eE0123456789 \ttruefalsnul\\u/x'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 40 }), pieceSizes, (text, sizes) => assertSameVerdict(text, sizes)),
      { numRuns: 3000 },
    );
  });

  test('[6] truncated JSON: every prefix is rejected with a clear error unless it is itself valid JSON', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, jsonDocument), fc.integer(), fc.double({ min: 0, max: 1, noNaN: true }), pieceSizes, (value, seed, where, sizes) => {
        const text = serialize(value, seed);
        assertSameVerdict(text.slice(0, Math.floor(text.length * where)), sizes);
      }),
      { numRuns: 500 },
    );
  });

  test('[6] trailing junk after a complete value is rejected exactly when JSON.parse rejects it', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, jsonDocument), fc.integer(), fc.string({ minLength: 1, maxLength: 5 }), pieceSizes, (value, seed, junk, sizes) => {
        assertSameVerdict(serialize(value, seed) + junk, sizes);
      }),
      { numRuns: 500 },
    );
  });

  test('[6] JSON broken at random grammar points is rejected exactly when JSON.parse rejects it', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, jsonDocument), fc.integer(), pieceSizes, (value, seed, sizes) => {
        assertSameVerdict(serialize(value, seed, 0.05), sizes);
      }),
      { numRuns: 3000 },
    );
  });

  test('[6] any sequence of structural tokens is judged exactly like JSON.parse', () => {
    const token = fc.constantFrom('[', ']', '{', '}', ',', ':', '"k"', '"', '1', '-', 'true', 'nul', ' ', '\\');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 10 }), pieceSizes, (tokens, sizes) => assertSameVerdict(tokens.join(''), sizes)),
      { numRuns: 4000 },
    );
  });

  test('[6] number spellings (valid and not) are judged exactly like JSON.parse, bare and nested', () => {
    const numberish = fc.stringMatching(/^[-+]?[0-9]{0,3}(\.[0-9]{0,2})?([eE][-+]?[0-9]{0,2})?(\.[0-9])?$/);
    fc.assert(
      fc.property(numberish, pieceSizes, (text, sizes) => {
        assertSameVerdict(text, sizes);
        assertSameVerdict(`[${text}]`, sizes);
        assertSameVerdict(`{"n":${text} }`, sizes);
      }),
      { numRuns: 2000 },
    );
  });

  test('[6] near-valid JSON (one to three random edits of a valid text) is judged exactly like JSON.parse', () => {
    const edit = fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      kind: fc.constantFrom('insert', 'delete', 'replace'),
      char: fc.constantFrom(...',:[]{}"\\ 0-.eE+tfnu/x'.split('')),
    });
    fc.assert(
      fc.property(jsonDocument, fc.integer(), fc.array(edit, { minLength: 1, maxLength: 3 }), pieceSizes, (value, seed, edits, sizes) => {
        let text = serialize(value, seed);
        for (const e of edits) {
          const i = Math.floor(e.at * text.length);
          text = text.slice(0, i) + (e.kind === 'delete' ? '' : e.char) + text.slice(e.kind === 'insert' ? i : i + 1);
        }
        assertSameVerdict(text, sizes);
      }),
      { numRuns: 3000 },
    );
  });

  test('[6] arbitrary unicode garbage never crashes or hangs: a value or a JsonStreamError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), pieceSizes, (text, sizes) => assertSameVerdict(text, sizes)),
      { numRuns: 1000 },
    );
  });
});
