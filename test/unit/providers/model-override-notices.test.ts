// relay.models problems reach the person: the entry and what is wrong, once per change of the problems.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseModelOverrides } from '../../../src/core/model/model-overrides';
import { ModelOverrideNotices } from '../../../src/core/model/override-notices';

describe('relay.models notices', () => {
  test('an invalid entry is named with its problem; the valid ones still apply', () => {
    const parsed = parseModelOverrides({ 'my-model': { contextWindow: 'big' }, 'ok-model': { contextWindow: 1000 } });
    assert.equal(parsed.entries.has('ok-model'), true);
    const notice = new ModelOverrideNotices().next(parsed.problems);
    assert.match(notice!, /^Relay ignores an entry of the relay\.models setting: relay\.models\["my-model"\]: contextWindow: /);
  });

  test('several problems are listed together, in one warning', () => {
    const parsed = parseModelOverrides({ a: { inputPrice: 1 }, b: { contextWindow: 10, maxOutputTokens: 20 }, c: { unknownField: 1 } });
    const notice = new ModelOverrideNotices().next(parsed.problems)!;
    assert.match(notice, /^Relay ignores 3 entries of the relay\.models setting: /);
    assert.match(notice, /relay\.models\["a"\]: inputPrice and outputPrice go together/);
    assert.match(notice, /relay\.models\["b"\]: maxOutputTokens must be smaller than contextWindow/);
    assert.match(notice, /relay\.models\["c"\]/);
  });

  test('said once per change: the same problems at the next turn are not repeated; fixed then broken again is said again', () => {
    const notices = new ModelOverrideNotices();
    const bad = parseModelOverrides({ x: { contextWindow: -1 } }).problems;
    assert.ok(notices.next(bad));
    assert.equal(notices.next(bad), undefined);
    assert.equal(notices.next([]), undefined);
    assert.ok(notices.next(bad));
    assert.match(notices.next(['relay.models must be an object that maps model ids to their figures.'])!, /must be an object/);
  });

  test('a setting that is not an object is reported, not ignored', () => {
    const parsed = parseModelOverrides(['not', 'a', 'map']);
    assert.match(new ModelOverrideNotices().next(parsed.problems)!, /relay\.models must be an object/);
  });
});
