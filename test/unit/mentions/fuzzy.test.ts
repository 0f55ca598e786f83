import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isSubsequence, PathIndex, scoreBound, scorePath } from '../../../src/core/mentions/fuzzy';
import { mulberry32 } from '../../support/seeded-random';

const paths = [
  'src/core/agent/session.ts',
  'src/host/session/task-controller.ts',
  'src/core/mentions/fuzzy.ts',
  'test/unit/mentions/fuzzy.test.ts',
  'README.md',
  'src/',
  'src/core/',
  'docs/readme-old.md',
  'webview/render/composer.ts',
  'src/host/chat-view.ts',
];

describe('fuzzy path ranking', () => {
  test('subsequence test', () => {
    assert.ok(isSubsequence('tctl', 'src/host/session/task-controller.ts'));
    assert.ok(!isSubsequence('zz', 'src/host/session/task-controller.ts'));
    assert.ok(isSubsequence('', 'anything'));
  });

  test('file-name matches rank above matches spread over folders', () => {
    const index = new PathIndex(paths);
    assert.equal(index.search('fuzzy', { limit: 5 })[0]?.path, 'src/core/mentions/fuzzy.ts');
    assert.equal(index.search('readme', { limit: 5 })[0]?.path, 'README.md');
    assert.equal(index.search('compo', { limit: 5 })[0]?.path, 'webview/render/composer.ts');
    assert.equal(index.search('taskcon', { limit: 5 })[0]?.path, 'src/host/session/task-controller.ts');
  });

  test('word starts beat letters in the middle of words', () => {
    const a = scorePath('cv', 'src/host/chat-view.ts');
    const b = scorePath('cv', 'src/host/archive.ts');
    assert.ok(a.score > b.score, `${a.score} > ${b.score}`);
    assert.deepEqual(a.matches, [9, 14]);
  });

  test('non-matching paths are left out and the limit holds', () => {
    const index = new PathIndex(paths);
    const found = index.search('src', { limit: 3 });
    assert.equal(found.length, 3);
    assert.ok(found.every((r) => isSubsequence('src', r.path.toLowerCase())));
    assert.deepEqual(index.search('qqq', { limit: 3 }), []);
  });

  test('preferred paths (open editors) come first when they match', () => {
    const index = new PathIndex(paths);
    const preferred = new Set(['test/unit/mentions/fuzzy.test.ts']);
    assert.equal(index.search('fuzzy', { limit: 5, preferred })[0]?.path, 'test/unit/mentions/fuzzy.test.ts');
  });

  test('narrowing a query from the previous matches gives the same answer as a fresh search', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `pkg${i % 37}/module${i}/file-${(i * 7919) % 1000}.ts`);
    const incremental = new PathIndex(many);
    let query = '';
    for (const c of 'mod12fil') {
      query += c;
      const fresh = new PathIndex(many).search(query, { limit: 20 });
      assert.deepEqual(incremental.search(query, { limit: 20 }), fresh, query);
    }
    // A query that is not an extension rescans everything.
    assert.deepEqual(incremental.search('pkg3', { limit: 20 }), new PathIndex(many).search('pkg3', { limit: 20 }));
  });

  test('the empty query lists short paths first', () => {
    const index = new PathIndex(paths);
    assert.deepEqual(
      index.search('', { limit: 2 }).map((r) => r.path),
      ['src/', 'README.md'],
    );
  });
});

describe('fuzzy ranking: the score bound that skips scoring', () => {
  const random = mulberry32(15);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const words = ['src', 'Button', 'user', 'index', 'model', 'b', 'bu', 'readme', 'Task-Controller', 'a_b', 'x.y'];
  const randomPath = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join('/') + pick(['', '.ts', '.md', '/']);
  const all = Array.from({ length: 400 }, randomPath);
  const queries = ['', 'b', 'bu', 'but', 'button', 'src', 'sbu', 'rdm', 'readme', 'tc', 'task-c', 'x.', 'ind', 'uim', 'zz', 'a_b', '/b'];

  test('no path scores above its bound', () => {
    for (const path of all) {
      const lower = path.toLowerCase();
      const nameStart = lower.lastIndexOf('/', lower.length - 2) + 1;
      for (const q of queries) {
        if (!isSubsequence(q, lower)) continue;
        const { score } = scorePath(q, path, lower);
        assert.ok(score <= scoreBound(q, lower, nameStart) + 1e-9, `${q} in ${path}: ${score} > ${scoreBound(q, lower, nameStart)}`);
      }
    }
  });

  test('the index returns the same top scores as scoring and sorting every path', () => {
    const preferred = new Set([all[3]!, all[70]!]);
    const index = new PathIndex(all);
    for (const q of [...queries, ...queries.map((q) => `${q}x`)]) {
      for (const limit of [1, 5, 50]) {
        const got = index.search(q, { limit, preferred }).map((r) => r.score);
        const naive = all
          .filter((p) => isSubsequence(q, p.toLowerCase()))
          .map((p) => scorePath(q, p).score + (preferred.has(p) ? 1_000 : 0))
          .sort((a, b) => b - a)
          .slice(0, limit);
        assert.deepEqual(got, naive, `query "${q}", limit ${limit}`);
      }
    }
  });
});
