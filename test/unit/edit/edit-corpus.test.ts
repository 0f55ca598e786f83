// The edit-matching corpus: each case is a drift a model really produces, with the exact outcome it must get.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../../src/core/edit/apply-edits';
import { editCorpus } from './corpus/index';

test('the corpus has at least 60 cases with unique names', () => {
  assert.ok(editCorpus.length >= 60, `only ${editCorpus.length} cases`);
  assert.equal(new Set(editCorpus.map((c) => c.name)).size, editCorpus.length);
});

for (const c of editCorpus) {
  test(c.name, () => {
    const result = applyEdits(c.file, c.edits);
    const expect = c.expect;
    if ('failure' in expect) {
      assert.equal(result.ok, false, result.ok ? `expected ${expect.failure}, but it applied: ${result.message}` : '');
      if (result.ok) return;
      assert.equal(result.failure.kind, expect.failure, result.failure.message);
      if (expect.strategy) assert.equal(result.failure.strategy, expect.strategy);
      if (expect.candidateLines) assert.deepEqual(result.failure.candidateLines, expect.candidateLines);
      if (expect.messageIncludes) assert.ok(result.failure.message.includes(expect.messageIncludes), result.failure.message);
      return;
    }
    assert.ok(result.ok, result.ok ? '' : `${result.failure.kind}: ${result.failure.message}`);
    assert.deepEqual(
      result.applied.map((a) => a.strategy),
      expect.strategies,
    );
    assert.equal(result.content, expect.content);
    if (expect.messageIncludes) assert.ok(result.message.includes(expect.messageIncludes), result.message);
  });
}
