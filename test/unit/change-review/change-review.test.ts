import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changedFiles, newFile } from '../../../src/core/change-review/changed-lines';
import { findingKey, parseReviewAnswer, ReviewAnswerError, type Finding } from '../../../src/core/change-review/findings';
import { fixPrompt, reviewPrompt } from '../../../src/core/change-review/review-prompt';
import { planThreads } from '../../../src/core/change-review/thread-plan';

const DIFF = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -1,5 +1,6 @@
 one
-two
+TWO
+two and a half
 three
 four
 five
@@ -20,3 +21,2 @@ x
 twenty
-gone
 twenty-two
diff --git a/old.txt b/old.txt
deleted file mode 100644
index 3333333..0000000
--- a/old.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-a
-b
diff --git a/dir with space/n.md b/dir with space/n.md
new file mode 100644
index 0000000..4444444
--- /dev/null
+++ b/dir with space/n.md
@@ -0,0 +1,3 @@
+# N
+
+text
\\ No newline at end of file
`;

describe('changed lines of a diff', () => {
  test('added and changed lines of the new version, hunks, deleted files left out', () => {
    const files = changedFiles(DIFF);
    assert.deepEqual(
      files.map((f) => f.path),
      ['src/a.ts', 'dir with space/n.md'],
    );
    assert.deepEqual(files[0]!.changed, [{ start: 2, end: 3 }]);
    assert.deepEqual(files[0]!.hunks, [
      { start: 1, end: 6 },
      { start: 21, end: 22 },
    ]);
    assert.deepEqual(files[1]!.changed, [{ start: 1, end: 3 }]);
  });
  test('a new untracked file is changed as a whole', () => {
    assert.deepEqual(newFile('x.ts', 4).changed, [{ start: 1, end: 4 }]);
    assert.deepEqual(newFile('empty', 0).changed, []);
  });
});

describe('the review answer', () => {
  const files = changedFiles(DIFF);
  const ok = { path: 'src/a.ts', line: 3, severity: 'warning', title: 'Half', reason: 'Two and a half is not a number.' };

  test('valid findings are kept; a fenced answer after prose is read', () => {
    const answer = parseReviewAnswer(`Done.\n\`\`\`json\n${JSON.stringify({ findings: [ok, { ...ok, path: './dir with space/n.md', line: 1, endLine: 2, severity: 'error' }] })}\n\`\`\``, files);
    assert.deepEqual(answer.rejected, []);
    assert.equal(answer.findings.length, 2);
    assert.equal(answer.findings[1]!.path, 'dir with space/n.md');
    assert.equal(answer.findings[1]!.endLine, 2);
  });

  test('findings outside the change or malformed are set aside with the reason, the others kept', () => {
    const answer = parseReviewAnswer(
      JSON.stringify({
        findings: [ok, { ...ok, path: 'elsewhere.ts' }, { ...ok, line: 15 }, { ...ok, severity: 'fatal' }, { ...ok, line: 3, endLine: 2 }, { ...ok, title: '  ' }, { ...ok, line: 2.5 }, 'text'],
      }),
      files,
    );
    assert.equal(answer.findings.length, 1);
    assert.equal(answer.rejected.length, 7);
    assert.match(answer.rejected[0]!, /elsewhere\.ts is not part of the reviewed change/);
    assert.match(answer.rejected[1]!, /src\/a\.ts:15 is outside the changed lines/);
    assert.match(answer.rejected[2]!, /severity/);
    assert.match(answer.rejected[3]!, /endLine is before line/);
  });

  test('a context line of a hunk may be pointed at; the deleted file may not', () => {
    assert.equal(parseReviewAnswer(JSON.stringify({ findings: [{ ...ok, line: 22 }] }), files).findings.length, 1);
    assert.equal(parseReviewAnswer(JSON.stringify({ findings: [{ ...ok, path: 'old.txt', line: 1 }] }), files).findings.length, 0);
  });

  test('an answer that is no findings object is a clear error', () => {
    assert.throws(() => parseReviewAnswer('Looks good to me!', files), ReviewAnswerError);
    assert.throws(() => parseReviewAnswer('{"issues": []}', files), /findings/);
    assert.deepEqual(parseReviewAnswer('{"findings": []}', files), { findings: [], rejected: [] });
  });
});

describe('replacing the threads of a previous run', () => {
  const a: Finding = { path: 'a.ts', line: 1, severity: 'error', title: 'A', reason: 'a' };
  const b: Finding = { ...a, title: 'B' };
  const c: Finding = { ...a, line: 2, title: 'C' };
  test('a finding reported again keeps its thread; the others are disposed; new ones created once', () => {
    const plan = planThreads(
      [
        { id: '1', key: findingKey(a) },
        { id: '2', key: findingKey(b) },
        { id: '3', key: findingKey(a) },
      ],
      [a, c, c],
    );
    assert.deepEqual(plan, { keep: ['1'], dispose: ['2', '3'], create: [c] });
  });
  test('a run with no finding removes every thread', () => {
    assert.deepEqual(planThreads([{ id: '1', key: findingKey(a) }], []), { keep: [], dispose: ['1'], create: [] });
  });
});

describe('prompts', () => {
  test('the review prompt lists the files and asks for the JSON answer; the fix prompt carries the finding', () => {
    const files = changedFiles(DIFF);
    const prompt = reviewPrompt({ description: "the working tree's changes", diff: DIFF, files });
    assert.match(prompt, /- src\/a\.ts/);
    assert.match(prompt, /"findings"/);
    const fix = fixPrompt({ path: 'src/a.ts', line: 2, endLine: 3, severity: 'error', title: 'Off by one', reason: 'The loop skips the last item.' });
    assert.match(fix, /src\/a\.ts:2-3/);
    assert.match(fix, /The loop skips the last item\./);
  });
});
