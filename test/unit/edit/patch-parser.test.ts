import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePatch, type PatchOperation } from '../../../src/core/edit/patch-parser';

function ops(patch: string): PatchOperation[] {
  const r = parsePatch(patch);
  assert.ok(r.ok, r.ok ? '' : r.error.message);
  return r.operations;
}

function parseError(patch: string): { line: number; message: string } {
  const r = parsePatch(patch);
  assert.equal(r.ok, false, 'expected a parse error');
  if (r.ok) throw new Error('unreachable');
  return r.error;
}

const lines = (...l: string[]) => l.join('\n');

test('parses add, delete, update with move, anchors and end-of-file', () => {
  const parsed = ops(
    lines(
      '*** Begin Patch',
      '*** Add File: docs/new.md',
      '+# Title',
      '+',
      '+Body',
      '*** Delete File: old.txt',
      '*** Update File: src/a.py',
      '*** Move to: src/b.py',
      '@@ def foo():',
      '     x = 1',
      '-    return x',
      '+    return x + 1',
      '@@',
      ' tail',
      '+added',
      '*** End of File',
      '*** End Patch',
    ),
  );
  assert.deepEqual(parsed, [
    { type: 'add', path: 'docs/new.md', content: '# Title\n\nBody\n', patchLine: 2 },
    { type: 'delete', path: 'old.txt', patchLine: 6 },
    {
      type: 'update',
      path: 'src/a.py',
      moveTo: 'src/b.py',
      patchLine: 7,
      hunks: [
        {
          anchor: 'def foo():',
          endOfFile: false,
          patchLine: 9,
          lines: [
            { op: ' ', text: '    x = 1' },
            { op: '-', text: '    return x' },
            { op: '+', text: '    return x + 1' },
          ],
        },
        { endOfFile: true, patchLine: 13, lines: [{ op: ' ', text: 'tail' }, { op: '+', text: 'added' }] },
      ],
    },
  ]);
});

test('tolerates blank lines around the patch (line numbers still count them), CRLF, a first hunk without "@@" and empty context lines', () => {
  const parsed = ops('\n\r\n*** Begin Patch\r\n*** Update File: a.txt\r\n one\r\n\r\n-two\r\n+2\r\n*** End Patch\r\n\r\n');
  assert.deepEqual(parsed, [
    {
      type: 'update',
      path: 'a.txt',
      patchLine: 4,
      hunks: [
        {
          endOfFile: false,
          patchLine: 5,
          lines: [
            { op: ' ', text: 'one' },
            { op: ' ', text: '' },
            { op: '-', text: 'two' },
            { op: '+', text: '2' },
          ],
        },
      ],
    },
  ]);
});

test('an added file with no lines is empty', () => {
  assert.deepEqual(ops(lines('*** Begin Patch', '*** Add File: empty.txt', '*** End Patch')), [
    { type: 'add', path: 'empty.txt', content: '', patchLine: 2 },
  ]);
});

test('a move without hunks is a pure rename', () => {
  assert.deepEqual(ops(lines('*** Begin Patch', '*** Update File: a.ts', '*** Move to: b.ts', '*** End Patch')), [
    { type: 'update', path: 'a.ts', moveTo: 'b.ts', hunks: [], patchLine: 2 },
  ]);
});

const errors: Array<[string, string, number, string]> = [
  ['missing Begin Patch', lines('*** Update File: a', '@@', '-x', '*** End Patch'), 1, 'must start with "*** Begin Patch"'],
  ['missing End Patch', lines('*** Begin Patch', '*** Delete File: a'), 3, 'ends without "*** End Patch"'],
  ['a hunk line without a prefix', lines('*** Begin Patch', '*** Update File: a', '@@', ' ok', 'oops', '*** End Patch'), 5, 'each hunk line must start with " ", "-" or "+" (got "oops")'],
  ['an added-file line without "+"', lines('*** Begin Patch', '*** Add File: a', '+one', 'two', '*** End Patch'), 4, 'every line of an added file must start with "+"'],
  ['an empty path', lines('*** Begin Patch', '*** Delete File:  ', '*** End Patch'), 2, 'the file path is missing'],
  ['the same path twice', lines('*** Begin Patch', '*** Delete File: a', '*** Add File: a', '+x', '*** End Patch'), 3, '"a" appears twice'],
  ['an update without hunks', lines('*** Begin Patch', '*** Update File: a', '*** End Patch'), 2, 'has no hunks'],
  ['an "@@" with no lines after it', lines('*** Begin Patch', '*** Update File: a', '@@ f()', '@@', '-x', '*** End Patch'), 3, 'this hunk has no lines'],
  ['End of File before any hunk line', lines('*** Begin Patch', '*** Update File: a', '@@', '*** End of File', '*** End Patch'), 4, 'must follow a hunk'],
  ['lines after End of File', lines('*** Begin Patch', '*** Update File: a', '@@', '-x', '*** End of File', '+y', '*** End Patch'), 6, 'must be the last line of its hunk'],
  ['an unknown header', lines('*** Begin Patch', '*** Rename File: a', '*** End Patch'), 2, 'expected "*** Add File:"'],
  ['text after End Patch', lines('*** Begin Patch', '*** Delete File: a', '*** End Patch', 'trailing words'), 4, 'unexpected text after'],
  ['a patch with no files', lines('*** Begin Patch', '*** End Patch'), 2, 'changes no files'],
];

for (const [name, patch, line, fragment] of errors) {
  test(`parse error: ${name} (line ${line})`, () => {
    const e = parseError(patch);
    assert.equal(e.line, line, e.message);
    assert.ok(e.message.startsWith(`line ${line}: `), e.message);
    assert.ok(e.message.includes(fragment), e.message);
  });
}

test('marker lines with spaces around them are markers (as Codex reads them)', () => {
  const parsed = ops(lines(' *** Begin Patch ', '  *** Update File: a.txt  ', '   *** Move to: b.txt ', '@@', '-x', '+y', ' *** Add File: c.txt', '+c', '\t*** Delete File: d.txt', ' *** End Patch'));
  assert.deepEqual(
    parsed.map((o) => [o.type, o.path, o.type === 'update' ? o.moveTo : undefined]),
    [
      ['update', 'a.txt', 'b.txt'],
      ['add', 'c.txt', undefined],
      ['delete', 'd.txt', undefined],
    ],
  );
  // A padded line that is no marker stays a context line.
  const [update] = ops(lines('*** Begin Patch', '*** Update File: a.md', '@@', ' *** bold', '-x', '*** End Patch'));
  assert.deepEqual(update!.type === 'update' && update!.hunks[0]!.lines[0], { op: ' ', text: '*** bold' });
});

test('blank lines between a file header and its first hunk, after End of File, and ending a hunk are separators', () => {
  const [a, b] = ops(lines('*** Begin Patch', '*** Update File: a', '', '@@', '-x', '+y', '', '', '*** Update File: b', '@@', ' t', '+u', '*** End of File', '', '', '*** End Patch'));
  assert.ok(a!.type === 'update' && b!.type === 'update');
  assert.deepEqual(a!.hunks.map((h) => h.lines.length), [2]);
  assert.deepEqual(b!.hunks.map((h) => [h.lines.length, h.endOfFile]), [[2, true]]);
  // A context line written with its space stays: it is content the model meant.
  const [c] = ops(lines('*** Begin Patch', '*** Update File: c', '@@', '-x', ' ', '*** End Patch'));
  assert.deepEqual(c!.type === 'update' && c!.hunks[0]!.lines, [
    { op: '-', text: 'x' },
    { op: ' ', text: '' },
  ]);
});

test('a here-document wrapper: the body is the patch, line numbers count the wrapper, cd prefixes relative paths', () => {
  assert.deepEqual(ops(lines("apply_patch <<'PATCH'", '*** Begin Patch', '*** Delete File: a', '*** End Patch', 'PATCH')), [{ type: 'delete', path: 'a', patchLine: 3 }]);
  assert.deepEqual(
    ops(lines("cd 'pkg/web' && applypatch <<\"EOF\"", '*** Begin Patch', '*** Delete File: a', '*** Delete File: /abs/b', '*** End Patch', 'EOF')).map((o) => o.path),
    ['pkg/web/a', '/abs/b'],
  );
  // What needs a shell to be read (a space in the directory, a variable, another command) is no wrapper.
  for (const opener of ['cd "sub dir" && apply_patch <<EOF', 'cd $HOME && apply_patch <<EOF', 'cd x; apply_patch <<EOF', 'cd x && <<EOF', 'cat <<EOF']) {
    assert.match(parseError(lines(opener, '*** Begin Patch', '*** Delete File: a', '*** End Patch', 'EOF')).message, /line 1: the patch must start with/, opener);
  }
  // A wrapper whose closing line is missing says so.
  const e = parseError(lines("<<'EOF'", '*** Begin Patch', '*** Delete File: a', '*** End Patch'));
  assert.match(e.message, /must end with a line "EOF"/);
});
