import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PathIndex, SearchAbandoned } from '../../../src/shared/mentions/path-index';
import { rankMentions, rankMentionsBy, type MentionDetails } from '../../../src/shared/mentions/rank';
import { mulberry32 } from '../../support/seeded-random';

const DETAILS: MentionDetails = { problems: 'p', terminal: 't', changes: 'c', selection: 's', url: 'u', openEditor: 'o' };

describe('a path search with a deadline', () => {
  const random = mulberry32(7);
  const words = ['src', 'components', 'button', 'user', 'service', 'index', 'model', 'cache'];
  const pick = () => words[Math.floor(random() * words.length)]!;
  const paths = [...new Set(Array.from({ length: 20_000 }, () => `${pick()}/${pick()}-${pick()}/${pick()}${pick()}.ts`))];

  test('stops past its deadline, and the index answers the next searches as a fresh one does', () => {
    const index = new PathIndex(paths);
    const fresh = new PathIndex(paths);
    const typed = ['s', 'sr', 'src', 'srcc', 'srcco', 'srcc', 'src', 'srcb', 'u', 'us'];
    let abandoned = 0;
    for (const query of typed) {
      // Each key first runs with a deadline already gone: a large search stops (a small one may end first), and
      // the same key then gets the answer a fresh index gives.
      try {
        assert.deepEqual(index.search(query, { limit: 50, deadline: { now: () => 1, until: 0 } }), fresh.search(query, { limit: 50 }), query);
      } catch (error) {
        assert.ok(error instanceof SearchAbandoned, String(error));
        abandoned++;
      }
      assert.deepEqual(index.search(query, { limit: 50 }), fresh.search(query, { limit: 50 }), query);
    }
    assert.ok(abandoned >= 3, `${abandoned} searches stopped`);
  });

  test('the list by a deadline: undefined when the search stops, the same list when it ends in time', () => {
    const index = new PathIndex(paths);
    const gone = { now: () => 1, until: 0 };
    assert.equal(rankMentionsBy('srccomp', { index, openEditors: [], details: DETAILS, deadline: gone }), undefined);
    const inTime = rankMentionsBy('srccomp', { index, openEditors: [paths[3]!], details: DETAILS, deadline: { now: () => 0, until: 1 } });
    assert.deepEqual(inTime, rankMentions('srccomp', { index: new PathIndex(paths), openEditors: [paths[3]!], details: DETAILS }));
  });
});
