import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { PathIndex } from '../../../src/shared/mentions/path-index';
import { type MentionDetails, rankMentions } from '../../../src/shared/mentions/rank';
import type { MentionRanking } from '../../../src/shared/protocol';
import { mount, type Harness } from './harness';

const DETAILS: MentionDetails = { problems: 'Errors', terminal: 'Output', changes: 'Diff', selection: 'Selected', url: 'Fetch', openEditor: 'open' };
/** Enough paths that the index is built over several tasks (1,000 paths a step). */
const PATHS = ['src/', 'src/app.ts', 'src/app.test.ts', 'docs/', 'docs/api.md', ...Array.from({ length: 5_000 }, (_, i) => `lib/m${i}/mod${i}.ts`)];

describe('webview mentions: the list ranked in the webview', () => {
  let t: Harness;
  afterEach(() => t.close());
  const input = () => t.$('.composer-input') as HTMLTextAreaElement;
  const labels = () => t.$$('[role="option"] .mention-label').map((o) => o.textContent);
  const queries = () => t.takePosted().filter((m) => m.type === 'mentionQuery');

  /** Types `text` one character at a time, the caret at the end, as a keyboard does. */
  function typeKeys(text: string) {
    for (const char of text) {
      input().value += char;
      input().selectionStart = input().selectionEnd = input().value.length;
      input().dispatchEvent(new t.window.Event('input', { bubbles: true }));
    }
  }
  const ranking = (generation: number, openEditors: string[] = []): MentionRanking => ({ generation, openEditors, details: DETAILS });
  /** Types a key no path matches, and takes it back, until the webview ranks it itself (its copy is built). */
  async function untilRankedHere(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      typeKeys('q');
      const asked = queries().length;
      input().value = input().value.slice(0, -1);
      input().dispatchEvent(new t.window.Event('input', { bubbles: true }));
      queries();
      if (asked === 0) return;
      await delay(2);
    }
    assert.fail('the copy of the index was not built');
  }

  it('the first key of a list asks the host with the generation held; after its answer and the index, the next keys are ranked here as the host ranks them', async () => {
    t = mount();
    t.init();
    t.takePosted();
    typeKeys('Fix @');
    const [first] = queries();
    assert.deepEqual(first, { type: 'mentionQuery', requestId: (first as { requestId: number }).requestId, query: '', indexGeneration: 0 });
    const { requestId } = first as { requestId: number };
    t.app.receive({ type: 'mentionIndex', generation: 3, paths: PATHS.join('\0') });
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [], ranking: ranking(3, ['docs/api.md']) });
    // Built in later tasks: a key typed before then still goes to the host.
    typeKeys('a');
    assert.deepEqual(queries().map((q) => q.type === 'mentionQuery' && [q.query, q.indexGeneration]), [['a', undefined]]);
    let local = false;
    for (let i = 0; i < 400 && !local; i++) {
      await delay(2);
      typeKeys('p');
      local = queries().length === 0;
      if (!local) {
        input().value = input().value.slice(0, -1);
        input().dispatchEvent(new t.window.Event('input', { bubbles: true }));
        queries();
      }
    }
    assert.ok(local, 'once built, a key is ranked without the host');
    // Drawn in the key's handler, or from later tasks when the search outlasts its budget (a busy machine).
    const drawn = async (query: string) => {
      for (let i = 0; i < 200 && t.$('[role="listbox"]')!.dataset.query !== query; i++) await delay(2);
      assert.equal(t.$('[role="listbox"]')!.dataset.query, query);
    };
    await drawn('ap');
    const expected = rankMentions('ap', { index: new PathIndex(PATHS), openEditors: ['docs/api.md'], details: DETAILS });
    assert.deepEqual(labels(), expected.slice(0, labels().length).map((s) => s.label));
    assert.equal(labels()[0], 'docs/api.md', 'the open editor leads, as on the host');
    typeKeys('p.t');
    await drawn('app.t');
    assert.equal(queries().length, 0);
    assert.deepEqual(labels(), ['src/app.ts', 'src/app.test.ts']);

    // A new list asks the host again, saying the generation it holds (the host then sends no index).
    t.$('.composer-input')!.blur();
    input().value = '';
    input().dispatchEvent(new t.window.Event('input', { bubbles: true }));
    typeKeys(' @d');
    const again = queries();
    assert.equal((again[0] as { indexGeneration?: number }).indexGeneration, 3);
    assert.equal(again.length, 2, 'until the new list\'s first answer comes, the host answers');
  });

  it('the copy is read and built in slices of a few milliseconds, one per task, and not again for the generation it holds', async () => {
    t = mount();
    t.init();
    t.takePosted();
    // A clock that moves 2 ms at each reading: a slice ends after a step or two of 1,000 paths.
    let clock = 0;
    t.window.performance.now = () => (clock += 2);
    typeKeys('@');
    const { requestId } = queries()[0] as { requestId: number };
    t.app.receive({ type: 'mentionIndex', generation: 4, paths: PATHS.join('\0') });
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [], ranking: ranking(4) });
    let tasks = 0;
    for (; tasks < 100; tasks++) {
      await delay(0);
      // A query no path matches: its search reads the clock once, far from the key's deadline.
      typeKeys('q');
      const asked = queries().length;
      input().value = input().value.slice(0, -1);
      input().dispatchEvent(new t.window.Event('input', { bubbles: true }));
      queries();
      if (asked === 0) break;
    }
    assert.ok(tasks >= 2 && tasks < 100, `built over ${tasks} tasks after the first`);
    // The same generation again (a list opened while the host's first build ran): the copy is kept.
    t.app.receive({ type: 'mentionIndex', generation: 4, paths: PATHS.join('\0') });
    typeKeys('q');
    assert.equal(queries().length, 0, 'still ranked here');
  });

  it('a key whose search outlasts its budget is drawn from later tasks, unless a newer key came first; the host is not asked', async () => {
    t = mount();
    t.init();
    t.takePosted();
    typeKeys('@');
    const { requestId } = queries()[0] as { requestId: number };
    t.app.receive({ type: 'mentionIndex', generation: 5, paths: PATHS.join('\0') });
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [], ranking: ranking(5) });
    await untilRankedHere();
    // The empty query's list is drawn (here or, on a busy machine, from later tasks).
    const shown = () => t.$('[role="listbox"]')!.dataset.query;
    for (let i = 0; i < 200 && shown() !== ''; i++) await delay(2);
    assert.equal(shown(), '');
    queries();
    // From now on the clock moves 20 ms at each reading: every search stops at its first chance.
    let clock = t.window.performance.now();
    t.window.performance.now = () => (clock += 20);
    typeKeys('m');
    assert.equal(queries().length, 0);
    assert.equal(shown(), '', 'not drawn before the frame');
    typeKeys('o');
    for (let i = 0; i < 200 && shown() !== 'mo'; i++) await delay(2);
    assert.equal(shown(), 'mo', 'the newer key\'s list only');
    const mo = rankMentions('mo', { index: new PathIndex(PATHS), openEditors: [], details: DETAILS }).map((s) => s.label);
    assert.deepEqual(labels(), mo.slice(0, labels().length), 'the newer key\'s list, drawn later');
    assert.equal(queries().length, 0, 'the host was not asked');
  });

  it('a view built again for another display language keeps counting request ids: an answer to a query of the old view is dropped', () => {
    t = mount();
    t.init();
    t.takePosted();
    typeKeys('@a');
    const before = queries().map((q) => (q as { requestId: number }).requestId);
    const oldBox = input();
    t.init({}, { language: 'zh-cn' });
    assert.notEqual(input(), oldBox, 'the view was built again');
    input().value = '';
    typeKeys('@');
    const [after] = queries() as { requestId: number }[];
    assert.ok(after!.requestId > Math.max(...before), `${after!.requestId} after ${before.join(', ')}`);
    t.app.receive({ type: 'mentionSuggestions', requestId: before[0]!, items: [{ kind: 'problems', label: 'problems', token: '@problems' }] });
    assert.equal(t.$('[role="listbox"]')!.hidden, true, 'the old view\'s answer is not shown');
  });

  it('an index of another generation than the ranking, or a ranking from an older list, leaves the keys to the host', async () => {
    t = mount();
    t.init();
    t.takePosted();
    typeKeys('@');
    const { requestId: old } = queries()[0] as { requestId: number };
    t.app.receive({ type: 'mentionIndex', generation: 1, paths: PATHS.slice(0, 5).join('\0') });
    t.app.receive({ type: 'mentionSuggestions', requestId: old, items: [], ranking: ranking(1) });
    // The copy of generation 1 is built (this list's keys are ranked here): what follows is refused for its reason.
    await untilRankedHere();
    // The list closes and opens again: the older list's answer comes again, late, with its ranking.
    input().value = '';
    input().dispatchEvent(new t.window.Event('input', { bubbles: true }));
    typeKeys('@');
    const { requestId } = queries()[0] as { requestId: number };
    t.app.receive({ type: 'mentionSuggestions', requestId: old, items: [], ranking: ranking(1) });
    typeKeys('s');
    assert.equal(queries().length, 1, 'an older list\'s ranking is not used');
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [], ranking: ranking(2) });
    typeKeys('r');
    assert.equal(queries().length, 1, 'the index held is of generation 1, the host ranks with 2');
    t.app.receive({ type: 'mentionIndex', generation: 2, paths: PATHS.slice(0, 5).join('\0') });
    await untilRankedHere();
    typeKeys('c');
    assert.equal(queries().length, 0, 'with the index of generation 2 the webview ranks');
    assert.deepEqual(labels(), rankMentions('src', { index: new PathIndex(PATHS.slice(0, 5)), openEditors: [], details: DETAILS }).map((s) => s.label));
    assert.equal(labels()[0], 'src/');
  });
});
