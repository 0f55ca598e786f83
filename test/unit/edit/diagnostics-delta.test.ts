import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeDiagnosticsDelta, type DiagnosticInfo, type DiagnosticSeverity } from '../../../src/core/edit/diagnostics-delta';
import { DIAGNOSTICS_ORIGIN, untrustedNote } from '../../../src/core/text/untrusted-data';

/** The fence every list of diagnostics comes in (other parties' text, marked as data). */
const fenced = (lines: string, attrs = '') => `<diagnostics${attrs} untrusted="true">\n${untrustedNote(DIAGNOSTICS_ORIGIN)}\n${lines}\n</diagnostics>`;

function diag(line: number, message: string, severity: DiagnosticSeverity = 'error', extra: Partial<DiagnosticInfo> = {}): DiagnosticInfo {
  return { range: { start: { line, character: 4 }, end: { line, character: 9 } }, severity, message, source: 'ts', code: 2304, ...extra };
}

test('diagnostics below an insertion are shifted, not reported as new', () => {
  const delta = computeDiagnosticsDelta([
    {
      path: 'a.ts',
      before: [diag(10, "Cannot find name 'x'.")],
      after: [diag(13, "Cannot find name 'x'.")],
      changes: [{ startLine: 2, oldLineCount: 1, newLineCount: 4 }],
    },
  ]);
  assert.deepEqual([delta.introduced.length, delta.fixed], [0, 0]);
  assert.equal(delta.text, 'No new errors.');
});

test('an error that did not move with the edit counts as new and the old one as fixed', () => {
  const delta = computeDiagnosticsDelta([
    { path: 'a.ts', before: [diag(10, 'E')], after: [diag(10, 'E')], changes: [{ startLine: 2, oldLineCount: 0, newLineCount: 3 }] },
  ]);
  assert.deepEqual([delta.introduced.length, delta.fixed], [1, 1]);
});

test('a new error inside the edited lines is introduced; a vanished one is fixed', () => {
  const delta = computeDiagnosticsDelta([
    {
      path: 'src/a.ts',
      before: [diag(1, "Property 'foo' does not exist.")],
      after: [diag(5, "Cannot find name 'bar'.", 'error', { range: { start: { line: 5, character: 2 }, end: { line: 5, character: 5 } } })],
      changes: [{ startLine: 4, oldLineCount: 2, newLineCount: 2 }],
    },
  ]);
  assert.equal(delta.introduced.length, 1);
  assert.equal(delta.fixed, 1);
  assert.equal(delta.text, `1 new error after the edit (1 fixed):\n${fenced("- src/a.ts:6:3 error [ts 2304]: Cannot find name 'bar'.")}`);
});

test('a problem that sat in the replaced lines and is still in the replacement is not new', () => {
  const delta = computeDiagnosticsDelta([
    { path: 'a.ts', before: [diag(5, 'Type mismatch.')], after: [diag(7, 'Type mismatch.')], changes: [{ startLine: 4, oldLineCount: 3, newLineCount: 6 }] },
  ]);
  assert.deepEqual([delta.introduced.length, delta.fixed], [0, 0]);
});

test('matching is one to one: a second copy of an old error is new', () => {
  const delta = computeDiagnosticsDelta([{ path: 'a.ts', before: [diag(3, 'E')], after: [diag(3, 'E'), diag(3, 'E')], changes: [] }]);
  assert.equal(delta.introduced.length, 1);
});

test('source and code take part in the match', () => {
  const delta = computeDiagnosticsDelta([
    { path: 'a.ts', before: [diag(3, 'E', 'error', { source: 'eslint', code: 'no-undef' })], after: [diag(3, 'E')], changes: [] },
  ]);
  assert.deepEqual([delta.introduced.length, delta.fixed], [1, 1]);
});

test('warnings count only when asked; info and hints never', () => {
  const files = [{ path: 'a.ts', before: [], after: [diag(1, 'W', 'warning'), diag(2, 'I', 'info'), diag(3, 'H', 'hint')], changes: [] }];
  assert.equal(computeDiagnosticsDelta(files).introduced.length, 0);
  const withWarnings = computeDiagnosticsDelta(files, { includeWarnings: true });
  assert.equal(withWarnings.introduced.length, 1);
  assert.equal(withWarnings.text, `1 new warning after the edit:\n${fenced('- a.ts:2:5 warning [ts 2304]: W')}`);
  assert.equal(computeDiagnosticsDelta([{ path: 'a.ts', before: [], after: [], changes: [] }], { includeWarnings: true }).text, 'No new errors or warnings.');
});

test('the list is capped with "+N more", errors first, across files', () => {
  const after = [1, 2, 3, 4].map((l) => diag(l, `E${l}`));
  const delta = computeDiagnosticsDelta(
    [
      { path: 'b.ts', before: [], after, changes: [] },
      { path: 'a.ts', before: [diag(9, 'gone')], after: [diag(0, 'W0', 'warning')], changes: [] },
    ],
    { includeWarnings: true, maxListed: 3 },
  );
  assert.equal(delta.introduced.length, 5);
  assert.equal(delta.omitted, 2);
  assert.deepEqual(
    delta.listed.map((d) => `${d.path}:${d.message}`),
    ['b.ts:E1', 'b.ts:E2', 'b.ts:E3'],
  );
  assert.equal(
    delta.text,
    `4 new errors, 1 new warning after the edit (1 fixed):\n${fenced('- b.ts:2:5 error [ts 2304]: E1\n- b.ts:3:5 error [ts 2304]: E2\n- b.ts:4:5 error [ts 2304]: E3\n+2 more')}`,
  );
});

test('diagnostics without source or code print without brackets; a source alone prints alone', () => {
  const plain = computeDiagnosticsDelta([{ path: 'x.py', before: [], after: [diag(0, 'bad', 'error', { source: undefined, code: undefined })], changes: [] }]);
  assert.equal(plain.text, `1 new error after the edit:\n${fenced('- x.py:1:5 error: bad')}`);
  const sourced = computeDiagnosticsDelta([{ path: 'x.py', before: [], after: [diag(0, 'bad', 'error', { source: 'pyright', code: undefined })], changes: [] }]);
  assert.equal(sourced.text, `1 new error after the edit:\n${fenced('- x.py:1:5 error [pyright]: bad')}`);
});

test('several changes: shifts accumulate and a diagnostic inside any replaced region is gone', () => {
  const changes = [
    { startLine: 2, oldLineCount: 1, newLineCount: 3 },
    { startLine: 10, oldLineCount: 2, newLineCount: 0 },
  ];
  const delta = computeDiagnosticsDelta([
    {
      path: 'a.ts',
      before: [diag(5, 'A'), diag(11, 'B'), diag(20, 'C')],
      // A: 5 -> 7 (+2). B: inside the deleted lines. C: 20 -> 20 (+2 - 2).
      after: [diag(7, 'A'), diag(20, 'C')],
      changes,
    },
  ]);
  assert.deepEqual([delta.introduced.length, delta.fixed], [0, 1]);
});
