import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyPatch } from '../../../src/core/edit/patch-apply';
import type { FileChange } from '../../../src/core/edit/types';

const lines = (...l: string[]) => l.join('\n');
const file = (...l: string[]) => `${l.join('\n')}\n`;

function reader(files: Record<string, string>) {
  return (path: string) => files[path];
}

function changes(patch: string, files: Record<string, string>): FileChange[] {
  const r = applyPatch(patch, reader(files));
  assert.ok(r.ok, r.ok ? '' : r.error.message);
  return r.changes;
}

function failure(patch: string, files: Record<string, string>) {
  const r = applyPatch(patch, reader(files));
  assert.equal(r.ok, false, 'expected the patch to fail');
  if (r.ok) throw new Error('unreachable');
  return r.error;
}

const py = file('def foo():', '    x = 1', '    return x', '', 'def bar():', '    x = 1', '    return x');

test('add, update with move, and delete in one patch; nothing is written', () => {
  const files = { 'src/a.py': py, 'old.txt': 'bye\n' };
  const result = changes(
    lines(
      '*** Begin Patch',
      '*** Add File: hello.txt',
      '+Hello',
      '*** Update File: src/a.py',
      '*** Move to: src/b.py',
      '@@ def bar():',
      '-    x = 1',
      '+    x = 2',
      '     return x',
      '*** Delete File: old.txt',
      '*** End Patch',
    ),
    files,
  );
  assert.deepEqual(result, [
    { path: 'hello.txt', kind: 'add', newContent: 'Hello\n', notes: [] },
    {
      path: 'src/a.py',
      kind: 'move',
      oldContent: py,
      newContent: file('def foo():', '    x = 1', '    return x', '', 'def bar():', '    x = 2', '    return x'),
      newPath: 'src/b.py',
      notes: ['hunk 1: matched exactly at lines 6-7'],
    },
    { path: 'old.txt', kind: 'delete', oldContent: 'bye\n', notes: [] },
  ]);
  assert.deepEqual(files, { 'src/a.py': py, 'old.txt': 'bye\n' });
});

test('the "@@" anchor picks between identical contexts', () => {
  const [change] = changes(lines('*** Begin Patch', '*** Update File: a.py', '@@ def foo():', '-    x = 1', '+    x = 0', '*** End Patch'), { 'a.py': py });
  assert.equal(change!.newContent, file('def foo():', '    x = 0', '    return x', '', 'def bar():', '    x = 1', '    return x'));
});

test('a hunk whose context occurs twice and has no anchor is refused, naming both places', () => {
  const e = failure(lines('*** Begin Patch', '*** Update File: a.py', '@@', '-    x = 1', '+    x = 0', '     return x', '*** End Patch'), { 'a.py': py });
  assert.equal(e.path, 'a.py');
  assert.equal(e.patchLine, 3);
  assert.ok(e.message.includes('occur 2 times (exact match), starting at lines 2, 6'), e.message);
  assert.ok(e.message.includes('Add an "@@" line'), e.message);
});

test('hunks apply in order: the second is searched after the first', () => {
  const [change] = changes(
    lines('*** Begin Patch', '*** Update File: a.py', '@@ def foo():', '-    return x', '+    return x + 1', '@@', '-    return x', '+    return x + 2', '*** End Patch'),
    { 'a.py': py },
  );
  assert.equal(change!.newContent, file('def foo():', '    x = 1', '    return x + 1', '', 'def bar():', '    x = 1', '    return x + 2'));
  assert.deepEqual(change!.notes, ['hunk 1: matched exactly at line 3', 'hunk 2: matched exactly at line 7']);
});

test('context with indentation drift matches loosely, keeps the file’s context lines and re-indents added ones', () => {
  const src = file('class A {', '\trun() {', '\t\tstart();   ', '\t\tstop();', '\t}', '}');
  const [change] = changes(
    lines('*** Begin Patch', '*** Update File: a.ts', '@@', '   start();', '+  log("between");', '   stop();', '*** End Patch'),
    { 'a.ts': src },
  );
  // The context line keeps its trailing spaces: it comes from the file, not the patch.
  assert.equal(change!.newContent, file('class A {', '\trun() {', '\t\tstart();   ', '\t\tlog("between");', '\t\tstop();', '\t}', '}'));
  assert.equal(change!.notes[0], 'hunk 1: matched after normalising indentation at lines 3-4; replacement re-indented from 2 spaces to 2 tabs');
});

test('"*** End of File" prefers the occurrence that ends the file', () => {
  const src = file('end', 'middle', 'end');
  const [change] = changes(lines('*** Begin Patch', '*** Update File: f', '@@', '-end', '+END', '*** End of File', '*** End Patch'), { f: src });
  assert.equal(change!.newContent, file('end', 'middle', 'END'));
});

test('an insertion-only hunk goes after its anchor, or at the end of the file', () => {
  const src = file('[a]', 'x = 1', '[b]', 'y = 2');
  const [afterAnchor] = changes(lines('*** Begin Patch', '*** Update File: c.ini', '@@ [a]', '+z = 3', '*** End Patch'), { 'c.ini': src });
  assert.equal(afterAnchor!.newContent, file('[a]', 'z = 3', 'x = 1', '[b]', 'y = 2'));
  assert.deepEqual(afterAnchor!.notes, ['hunk 1: inserted 1 line before line 2']);
  const [atEnd] = changes(lines('*** Begin Patch', '*** Update File: c.ini', '@@', '+[c]', '+w = 4', '*** End Patch'), { 'c.ini': src });
  assert.equal(atEnd!.newContent, file('[a]', 'x = 1', '[b]', 'y = 2', '[c]', 'w = 4'));
});

test('a file without a final newline keeps it absent, also when its last lines are deleted', () => {
  const src = lines('a', 'b', 'c');
  const [changed] = changes(lines('*** Begin Patch', '*** Update File: f', '@@', ' b', '-c', '+C', '*** End Patch'), { f: src });
  assert.equal(changed!.newContent, lines('a', 'b', 'C'));
  const [deleted] = changes(lines('*** Begin Patch', '*** Update File: f', '@@', ' a', '-b', '-c', '*** End Patch'), { f: src });
  assert.equal(deleted!.newContent, 'a');
  const [appended] = changes(lines('*** Begin Patch', '*** Update File: f', '@@', '+d', '*** End Patch'), { f: src });
  assert.equal(appended!.newContent, lines('a', 'b', 'c', 'd'));
});

test('a CRLF file stays CRLF', () => {
  const [change] = changes(lines('*** Begin Patch', '*** Update File: w.txt', '@@', ' one', '-two', '+2', '+2.5', '*** End Patch'), { 'w.txt': 'one\r\ntwo\r\nthree\r\n' });
  assert.equal(change!.newContent, 'one\r\n2\r\n2.5\r\nthree\r\n');
});

test('a pure rename keeps the content', () => {
  const [change] = changes(lines('*** Begin Patch', '*** Update File: a.ts', '*** Move to: b.ts', '*** End Patch'), { 'a.ts': 'x\n' });
  assert.deepEqual(change, { path: 'a.ts', kind: 'move', oldContent: 'x\n', newContent: 'x\n', newPath: 'b.ts', notes: [] });
});

test('a hunk that matches nowhere fails with the closest region and the patch line', () => {
  const e = failure(lines('*** Begin Patch', '*** Update File: a.py', '@@ def bar():', '     x = 1', '-    return y', '+    return y + 1', '*** End Patch'), { 'a.py': py });
  assert.equal(e.patchLine, 3);
  assert.equal(
    e.message,
    'Update File a.py, hunk 1 (patch line 3): its context and removed lines were not found from line 5 on. The most similar region is lines 6-7 (92% similar).\n' +
      'First difference, line 7:\n  file:  "    return x"\n  patch: "    return y"\nNothing was changed.',
  );
});

const refusals: Array<[string, string, Record<string, string>, string]> = [
  ['adding a file that exists', lines('*** Begin Patch', '*** Add File: a', '+x', '*** End Patch'), { a: '' }, 'Add File a: the file already exists'],
  ['deleting a missing file', lines('*** Begin Patch', '*** Delete File: a', '*** End Patch'), {}, 'Delete File a: the file does not exist'],
  ['updating a missing file', lines('*** Begin Patch', '*** Update File: a', '@@', '-x', '*** End Patch'), {}, 'Update File a: the file does not exist'],
  ['moving onto an existing file', lines('*** Begin Patch', '*** Update File: a', '*** Move to: b', '*** End Patch'), { a: '1', b: '2' }, 'cannot move to b, which already exists'],
  ['an anchor that is not in the file', lines('*** Begin Patch', '*** Update File: a', '@@ def nope():', '-x', '*** End Patch'), { a: 'x\n' }, 'the line "@@ def nope():" names was not found'],
  ['an update that changes nothing', lines('*** Begin Patch', '*** Update File: a', '@@', '-x', '+x', '*** End Patch'), { a: 'x\n' }, 'the hunks leave the file unchanged'],
  ['a syntax error', lines('*** Begin Patch', '*** Update File: a', 'x', '*** End Patch'), { a: 'x\n' }, 'The patch could not be parsed: line 3:'],
];

for (const [name, patch, files, fragment] of refusals) {
  test(`refused: ${name}`, () => {
    const e = failure(patch, files);
    assert.ok(e.message.includes(fragment), e.message);
    assert.ok(e.message.endsWith('Nothing was changed.'), e.message);
  });
}

test('the whole patch fails when a later file fails: no partial change list', () => {
  const r = applyPatch(lines('*** Begin Patch', '*** Add File: ok.txt', '+fine', '*** Delete File: missing.txt', '*** End Patch'), reader({}));
  assert.equal(r.ok, false);
  assert.ok(!('changes' in r));
});
