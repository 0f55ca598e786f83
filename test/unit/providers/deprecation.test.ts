// Deprecated models: the table (dated snapshots and router prefixes included), what a live list adds, and
// the notice: its wording before and after end of life, its switch target, and once per model per window.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_MODEL } from '../../../src/core/model/default-model';
import { deprecationOf, formatEndOfLife, type LiveLifecycle } from '../../../src/core/model/deprecation';
import { DeprecationNotices } from '../../../src/core/model/deprecation-notice';

const BEFORE = new Date('2026-11-24T12:00:00Z');

describe('model deprecation', () => {
  test('claude-sonnet-4-5, its snapshot and its router-prefixed id are deprecated until 30 November 2026', () => {
    assert.deepEqual(deprecationOf('claude-sonnet-4-5'), { id: 'claude-sonnet-4-5', endOfLife: '2026-11-30', replacement: DEFAULT_MODEL });
    assert.equal(deprecationOf('claude-sonnet-4-5-20250929')?.endOfLife, '2026-11-30');
    assert.equal(deprecationOf('anthropic/claude-sonnet-4-5')?.replacement, `anthropic/${DEFAULT_MODEL}`);
  });

  test('current models and look-alikes are not deprecated', () => {
    for (const id of [DEFAULT_MODEL, 'claude-opus-5-5', 'claude-sonnet-4-5-turbo', 'claude-sonnet-4', 'gpt-5.4', 'qwen2.5-coder:32b']) {
      assert.equal(deprecationOf(id), undefined, id);
    }
  });

  test('a live list marks models the table does not know, with its retirement day and a successor in the same line', () => {
    const live: LiveLifecycle[] = [
      { id: 'claude-opus-5-5', lifecycle: 'active', line: 'opus' },
      { id: 'claude-sonnet-5-5', lifecycle: 'active', line: 'sonnet' },
      { id: 'claude-opus-5', lifecycle: 'deprecated', retiresAt: '2027-07-24T00:00:00Z', line: 'opus' },
      { id: 'claude-odd-1', lifecycle: 'deprecated', retiresAt: null, line: null },
    ];
    assert.deepEqual(deprecationOf('claude-opus-5', live), { id: 'claude-opus-5', endOfLife: '2027-07-24', replacement: 'claude-opus-5-5' });
    assert.deepEqual(deprecationOf('claude-odd-1', live), { id: 'claude-odd-1', replacement: DEFAULT_MODEL });
    assert.equal(deprecationOf('claude-opus-5-5', live), undefined);
  });

  test('end-of-life dates read the same in every locale', () => {
    assert.equal(formatEndOfLife('2026-11-30'), '30 November 2026');
  });
});

describe('deprecated-model notice', () => {
  test('says the end-of-life date and offers a switch to the replacement, once per model', () => {
    const notices = new DeprecationNotices(() => BEFORE);
    const notice = notices.next('anthropic', 'claude-sonnet-4-5');
    assert.ok(notice);
    assert.match(notice.message, /claude-sonnet-4-5 is deprecated/);
    assert.match(notice.message, /30 November 2026/);
    assert.equal(notice.switchLabel, `Switch to ${DEFAULT_MODEL}`);
    assert.equal(notice.deprecation.replacement, DEFAULT_MODEL);
    assert.equal(notices.next('anthropic', 'claude-sonnet-4-5'), undefined, 'not again in this window');
    assert.ok(notices.next('anthropic', 'claude-sonnet-4-5-20250929'), 'another id is another notice');
    assert.ok(notices.next('openai-compatible', 'anthropic/claude-sonnet-4-5'), 'another provider too');
  });

  test('nothing for current models or for VS Code language models', () => {
    const notices = new DeprecationNotices(() => BEFORE);
    assert.equal(notices.next('anthropic', DEFAULT_MODEL), undefined);
    assert.equal(notices.next('vscode-lm', 'claude-sonnet-4-5'), undefined);
  });

  test('the model still answers on its last day; from the next day the notice says requests fail', () => {
    const onTheDay = new DeprecationNotices(() => new Date('2026-11-30T23:00:00Z')).next('anthropic', 'claude-sonnet-4-5');
    assert.match(onTheDay!.message, /reaches its end of life on 30 November 2026/);
    const after = new DeprecationNotices(() => new Date('2026-12-01T00:00:01Z')).next('anthropic', 'claude-sonnet-4-5');
    assert.match(after!.message, /reached its end of life on 30 November 2026; requests to it fail/);
  });
});
