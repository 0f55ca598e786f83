import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mentionToken, parseMentions } from '../../../src/shared/mentions/parse';

const refs = (text: string) => parseMentions(text).map((m) => m.ref);

describe('mention parsing', () => {
  test('keywords, URLs, paths, ranges and quoted paths', () => {
    assert.deepEqual(refs('Fix @problems using @terminal and @changes; see @selection.'), [
      { kind: 'problems' },
      { kind: 'terminal' },
      { kind: 'changes' },
      { kind: 'selection' },
    ]);
    assert.deepEqual(refs('Read @https://docs.python.org/3/library/re.html, then @src/app.ts:10-20 and @"docs/a b.md"'), [
      { kind: 'url', url: 'https://docs.python.org/3/library/re.html' },
      { kind: 'path', path: 'src/app.ts', lines: { start: 10, end: 20 } },
      { kind: 'path', path: 'docs/a b.md' },
    ]);
    assert.deepEqual(refs('@src/ and @./README.md:7'), [
      { kind: 'path', path: 'src/' },
      { kind: 'path', path: 'README.md', lines: { start: 7, end: 7 } },
    ]);
  });

  test('an e-mail address, a lone "@" and other schemes are not mentions', () => {
    assert.deepEqual(refs('mail me at a@b.com or @ or @ftp://x'), [{ kind: 'path', path: 'ftp://x' }]);
    assert.deepEqual(refs('a@b.com'), []);
  });

  test('trailing sentence punctuation is dropped, the token is what the text holds, repeats count once', () => {
    const found = parseMentions('(see @src/a.ts), @src/a.ts! and @problems:');
    assert.deepEqual(
      found.map((m) => [m.token, m.start]),
      [
        ['@src/a.ts', 5],
        ['@problems', 32],
      ],
    );
  });

  test('a backwards range is ignored, the path kept', () => {
    assert.deepEqual(refs('@a.ts:9-3'), [{ kind: 'path', path: 'a.ts' }]);
  });

  test('tokens round-trip through the parser', () => {
    for (const ref of [
      { kind: 'problems' as const },
      { kind: 'url' as const, url: 'https://example.com/a?b=1' },
      { kind: 'path' as const, path: 'src/a.ts', lines: { start: 3, end: 9 } },
      { kind: 'path' as const, path: 'my docs/read me.md' },
      { kind: 'path' as const, path: 'lib/', lines: undefined },
    ]) {
      const token = mentionToken(ref);
      const [parsed] = parseMentions(`x ${token} y`);
      assert.equal(parsed?.token, token);
      assert.deepEqual(parsed?.ref, ref.kind === 'path' && !ref.lines ? { kind: 'path', path: ref.path } : ref);
    }
  });
});
