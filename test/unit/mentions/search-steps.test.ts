import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PathIndex } from '../../../src/shared/mentions/path-index';
import { rankMentions, rankMentionsSteps, type MentionDetails } from '../../../src/shared/mentions/rank';
import { mulberry32 } from '../../support/seeded-random';

const DETAILS: MentionDetails = { problems: 'p', terminal: 't', changes: 'c', selection: 's', url: 'u', openEditor: 'o' };

describe('a path search in steps', () => {
  const random = mulberry32(7);
  const words = ['src', 'components', 'button', 'user', 'service', 'index', 'model', 'cache'];
  const pick = () => words[Math.floor(random() * words.length)]!;
  const paths = [...new Set(Array.from({ length: 20_000 }, () => `${pick()}/${pick()}-${pick()}/${pick()}${pick()}.ts`))];
  const typed = ['s', 'sr', 'src', 'srcc', 'srcco', 'srcc', 'src', 'srcb', 'u', 'us', '', 'm'];

  test('stopped at every chance, it answers as a search at once, key after key', () => {
    const index = new PathIndex(paths);
    const fresh = new PathIndex(paths);
    let stops = 0;
    for (const query of typed) {
      const steps = index.searchSteps(query, { limit: 50, preferred: new Set([paths[9]!]) }, () => true);
      let step = steps.next();
      for (; !step.done; step = steps.next()) stops++;
      assert.deepEqual(step.value, fresh.search(query, { limit: 50, preferred: new Set([paths[9]!]) }), query);
    }
    assert.ok(stops >= 10, `${stops} stops`);
  });

  test('a search left unfinished leaves the index exact, and refuses to go on once a newer one has started', () => {
    const index = new PathIndex(paths);
    const fresh = new PathIndex(paths);
    let abandoned = 0;
    for (const query of typed) {
      const steps = index.searchSteps(query, { limit: 50 }, () => true);
      if (!steps.next().done) {
        abandoned++;
        assert.deepEqual(index.search(query, { limit: 50 }), fresh.search(query, { limit: 50 }), query);
        assert.throws(() => steps.next(), /newer one had started/);
      }
      assert.deepEqual(index.search(`${query}e`, { limit: 50 }), fresh.search(`${query}e`, { limit: 50 }), `${query}e`);
    }
    assert.ok(abandoned >= 3, `${abandoned} searches left unfinished`);
  });

  test('the list in steps is the list at once', () => {
    const index = new PathIndex(paths);
    const steps = rankMentionsSteps('srccomp', { index, openEditors: [paths[3]!], details: DETAILS }, () => true);
    let step = steps.next();
    let stops = 0;
    for (; !step.done; step = steps.next()) stops++;
    assert.ok(stops > 0);
    assert.deepEqual(step.value, rankMentions('srccomp', { index: new PathIndex(paths), openEditors: [paths[3]!], details: DETAILS }));
  });
});
