import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isSubsequence, scorePath } from '../../../src/shared/mentions/fuzzy';
import { charBit, pairBit, PathFeatures } from '../../../src/shared/mentions/path-features';
import { PathIndex, PREFERRED_BONUS, QueryBound } from '../../../src/shared/mentions/path-index';
import { withFolders } from '../../../src/shared/mentions/rank';
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

describe('fuzzy ranking: typed features, the bound that skips scoring, the prefix stack', () => {
  const random = mulberry32(15);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const words = ['src', 'Button', 'user', 'index', 'model', 'b', 'bu', 'readme', 'Task-Controller', 'a_b', 'x.y', 'userService', 'Über', 'İstanbul', 'aÜBer', 'ÜButton', 'éA', 'v2', 'a b', 'READ.me', '.git'];
  const randomPath = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join('/') + pick(['', '.ts', '.md', '/', '.test.ts']);
  const all = [...new Set(Array.from({ length: 600 }, randomPath))];
  const queries = ['', 'b', 'bu', 'but', 'button', 'src', 'sbu', 'rdm', 'readme', 'tc', 'task-c', 'x.', 'ind', 'uim', 'zz', 'a_b', '/b', 'us', 'usrs', 'user', 'über', 'i̇', 'v2', 'a b', '.git', 'read.me', 'srcbut', 's/b', '2', 'ub', 'üb', 'ea', 'bu', 'ib', 'task-controller.ts', 'button/task-controller/index.ts'];
  const features = new PathFeatures(all);
  const bound = (q: string) => new QueryBound(q);

  /** The reference: score every matching path with scorePath, sort them all, keep the first `limit`. */
  const naive = (q: string, limit: number, preferred: ReadonlySet<string> = new Set()) =>
    all
      .filter((p) => isSubsequence(q, p.toLowerCase()))
      .map((p) => ({ path: p, score: scorePath(q, p).score + (preferred.has(p) ? PREFERRED_BONUS : 0) }))
      .sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .slice(0, limit);

  test('the typed scorer gives scorePath\'s score bit for bit', () => {
    for (let k = 0; k < all.length; k++) {
      for (const q of queries) {
        if (!q) continue;
        assert.equal(features.exactScore(k, q), scorePath(q, all[k]!).score, `${q} in ${all[k]}`);
      }
    }
  });

  test('no path scores above its bound, and a path missing a query character fails the mask', () => {
    for (let k = 0; k < all.length; k++) {
      const lower = all[k]!.toLowerCase();
      for (const q of queries) {
        const b = bound(q);
        if (!isSubsequence(q, lower)) continue;
        assert.equal(features.chars[k]! & b.mask, b.mask, `${q} in ${all[k]}: mask`);
        const score = q ? features.exactScore(k, q) : -all[k]!.length / 100;
        // Within the index's slack: the bound adds the same terms in another order.
        assert.ok(score <= b.of(features, k) + 1e-9, `${q} in ${all[k]}: ${score} > ${b.of(features, k)}`);
      }
    }
  });

  test('built in steps, the features are those built at once (with lower-casing that lengthens "İ"), and a search before the end is refused', () => {
    const index = new PathIndex(all, { inSteps: true });
    assert.equal(index.built, false);
    assert.throws(() => index.search('b', { limit: 5 }), /before it is built/);
    let steps = 0;
    while (!index.buildSteps(7)) steps++;
    assert.equal(steps, Math.ceil(all.length / 7) - 1);
    assert.ok(index.built);
    const stepped = new PathFeatures(all, { inSteps: true });
    stepped.buildSteps(1);
    stepped.buildSteps(all.length);
    for (let k = 0; k < all.length; k++) {
      for (const q of queries) if (q) assert.equal(stepped.exactScore(k, q), features.exactScore(k, q), `${q} in ${all[k]}`);
    }
    for (const key of ['lower', 'nameStart', 'chars', 'startChars', 'pairFilters', 'dirChars', 'nameStarts', 'nameTwice', 'firstStarts', 'firstBeforeBreak'] as const) assert.deepEqual(stepped[key], features[key], key);
    for (const q of queries) assert.deepEqual(index.search(q, { limit: 50 }), new PathIndex(all).search(q, { limit: 50 }), q);
    // Every path's lower case longer than itself: the word-start flags grow past the first estimate.
    const grows = new PathFeatures(['İİİ/İ.ts', 'a/İb.ts']);
    assert.equal(grows.exactScore(1, 'i̇b'), scorePath('i̇b', 'a/İb.ts').score);
    // Past the first estimate, a later path's word starts must still be read as such.
    const later = new PathFeatures(['İİİİ', 'a/b'], { inSteps: true });
    later.buildSteps(2);
    assert.equal(later.exactScore(1, 'b'), scorePath('b', 'a/b').score);
  });

  test('the index ranks exactly as scoring and sorting every path, whatever was typed before', () => {
    const preferred = new Set([all[3]!, all[70]!]);
    const index = new PathIndex(all);
    // Typed one key at a time, with Backspace, so the prefix stack and the seeds are exercised.
    const typed: string[] = [];
    for (const word of ['button', 'srcbut', 'usrs', 'read.me', 'a b', 'über']) {
      for (let i = 1; i <= word.length; i++) typed.push(word.slice(0, i));
      for (let i = word.length - 1; i >= 0; i--) typed.push(word.slice(0, i));
    }
    for (const q of [...queries, ...queries.map((q) => `${q}x`), ...typed]) {
      for (const limit of [1, 5, 50]) {
        for (const prefer of [undefined, preferred]) {
          const got = index.search(q, { limit, preferred: prefer }).map((r) => ({ path: r.path, score: r.score }));
          assert.deepEqual(got, naive(q, limit, prefer), `query "${q}", limit ${limit}${prefer ? ', preferred' : ''}`);
        }
      }
    }
  });

  test('random corpora and queries typed key by key: the same top as scoring and sorting every path', () => {
    // Monorepo-shaped paths, where queries span folders ("srccomp") and many paths tie, so the bound must
    // rule out paths without changing the order; queries are picked from the paths (so they match) or typed at random.
    const rnd = mulberry32(4242);
    const any = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const parts = ['src', 'components', 'Service', 'user', 'cache', 'store', 'render', 'config', 'a-b', 'x_y', 'Über', 'tests', 'lib', 'ScrollCache'];
    for (let corpus = 0; corpus < 4; corpus++) {
      const files = [...new Set(Array.from({ length: 400 }, () => Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => any(parts) + (rnd() < 0.3 ? any(parts) : '')).join('/') + any(['.ts', '.md', '', '/'])))];
      const reference = (q: string, limit: number) =>
        files
          .filter((p) => isSubsequence(q, p.toLowerCase()))
          .map((p) => ({ path: p, score: scorePath(q, p).score }))
          .sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
          .slice(0, limit);
      const index = new PathIndex(files);
      for (let n = 0; n < 12; n++) {
        const source = any(files).toLowerCase();
        let query = '';
        for (let i = 0; i < source.length && query.length < 9; i++) if (rnd() < 0.45) query += source[i];
        if (rnd() < 0.2) query += any(['z', 'c', '/', 's']);
        const limit = any([1, 7, 50]);
        // Typed one key at a time, then half of it erased: extensions, Backspace and known answers.
        const keys = [...Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)), ...Array.from({ length: query.length >> 1 }, (_, i) => query.slice(0, query.length - 1 - i))];
        for (const q of keys) {
          const got = index.search(q, { limit }).map((r) => ({ path: r.path, score: r.score }));
          assert.deepEqual(got, reference(q, limit), `corpus ${corpus}, query "${q}", limit ${limit}`);
        }
      }
    }
  });

  test('monorepo-shaped paths (folders ending in "s", separators, letters repeated): no path scores above its bound, and typed key by key the index ranks as scoring every path', () => {
    // The bound's constraints on each alignment (where the first match must land, what follows it, the suffix
    // the name can hold, repeated letters) checked on paths and queries made to meet them.
    const rnd = mulberry32(99);
    const any = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const words = ['packages', 'apps', 'src', 'components', 'cache', 'Config', 'store', 'Render', 'user', 'ss', 'sr', 'x-y', 'a_b', 'v2', 'Über'];
    const files = [...new Set(Array.from({ length: 500 }, () => Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => any(words) + (rnd() < 0.4 ? any(words) : '')).join(rnd() < 0.85 ? '/' : '-') + any(['.ts', '.css', '', '/'])))];
    const f = new PathFeatures(files);
    const index = new PathIndex(files);
    let checked = 0;
    for (let n = 0; n < 300; n++) {
      const source = any(files).toLowerCase();
      let q = '';
      for (const c of source) if (rnd() < 0.35) q += c;
      if (!q) continue;
      const b = new QueryBound(q);
      for (let k = 0; k < files.length; k++) {
        const score = f.exactScore(k, q);
        if (score === -Infinity) continue;
        checked++;
        assert.ok(score <= b.of(f, k) + 1e-9, `${q} in ${files[k]}: ${score} > ${b.of(f, k)}`);
      }
      if (n % 5 > 0) continue;
      for (let i = 1; i <= q.length; i++) {
        const typed = q.slice(0, i);
        const reference = files
          .filter((p) => isSubsequence(typed, p.toLowerCase()))
          .map((p) => ({ path: p, score: scorePath(typed, p).score }))
          .sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
          .slice(0, 10);
        assert.deepEqual(index.search(typed, { limit: 10 }).map((r) => ({ path: r.path, score: r.score })), reference, typed);
      }
    }
    assert.ok(checked > 5000, `${checked}`);
  });

  test('the bound prunes: "srcc" over folders ending in "s" is scored on fewer than half the paths a bound per character lets through', () => {
    const rnd = mulberry32(7);
    const any = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const words = ['button', 'user', 'service', 'store', 'render', 'router', 'cache', 'client', 'config', 'chart', 'schema', 'session', 'input', 'list'];
    const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
    const files = Array.from({ length: 3000 }, () => `${any(['packages', 'apps', 'libs', 'tools'])}/${any(words)}-${any(words)}/src/${any(['components', 'utils', 'hooks', 'services'])}/${any(words)}${cap(any(words))}${cap(any(words))}${any(['.ts', '.css', '.md'])}`);
    const paths = withFolders([...new Set(files)]);
    const index = new PathIndex(paths);
    for (const q of ['s', 'sr', 'src']) index.search(q, { limit: 50 });
    const before = index.scored;
    const found = index.search('srcc', { limit: 50 });
    const scored = index.scored - before;
    // The bound this one replaced: per character 1, +4 if anywhere in the name, +14, +8 or +6 if anywhere in the path.
    const f = new PathFeatures(paths);
    const b = new QueryBound('srcc');
    const perCharacter = (k: number) => {
      let bound = b.rest(f, k);
      for (let i = 0; i < 4; i++) {
        const bit = charBit('srcc'.charCodeAt(i));
        const start = (f.startChars[k]! & bit) !== 0;
        const pair = i > 0 ? pairBit('srcc'.charCodeAt(i - 1), 'srcc'.charCodeAt(i)) : 0;
        const has = (filter: number) => (f.pairFilters[16 * k + filter + (pair >> 5)]! & (1 << (pair & 31))) !== 0;
        bound += 1 + ((f.nameChars[k]! & bit) !== 0 ? 4 : 0);
        if (i === 0) bound += start ? 8 : 0;
        else bound += has(8) ? 14 : start ? 8 : has(0) ? 6 : 0;
      }
      return bound;
    };
    const bar = found[found.length - 1]!.score;
    const loose = paths.filter((p, k) => (f.chars[k]! & b.mask) === b.mask && perCharacter(k) >= bar).length;
    assert.ok(scored * 2 < loose, `scored ${scored}, a bound per character lets ${loose} through`);
  });

  test('long queries: bounds past the last bucket do not end the scan', () => {
    // All three bound above 256; visited C, B, A: B's bound is below C's score, yet A beats C.
    const long = 'abcdefghijklmnopqrstu';
    const paths = [long, `b-c-d-e/${long}v`, `${long}.md`];
    assert.deepEqual(new PathIndex(paths).search(long, { limit: 1 }).map((r) => r.path), [long]);
  });

  test('the matches are those scorePath highlights, and answers are copies', () => {
    const index = new PathIndex(all);
    const first = index.search('usrs', { limit: 5 });
    for (const r of first) assert.deepEqual(r.matches, scorePath('usrs', r.path).matches);
    first[0]!.matches.push(999);
    assert.deepEqual(index.search('usrs', { limit: 5 })[0]!.matches, scorePath('usrs', first[0]!.path).matches);
  });
});

describe('fuzzy ranking: paths that cannot hold the query leave, bounds left for later (issue 37: the "@" list at load 2)', () => {
  const rnd = mulberry32(37);
  const any = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const words = ['button', 'user', 'service', 'store', 'render', 'router', 'cache', 'client', 'config', 'schema', 'session', 'input', 'list', 'src', 'Über', 'v2', 'x_y'];
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const files = [
    ...new Set(
      Array.from(
        { length: 2500 },
        () => `${any(['packages', 'apps', 'libs'])}/${any(words)}-${any(words)}/src/${any(['components', 'utils', 'hooks'])}/${any(words)}${cap(any(words))}${any(['.ts', '.css', '.md', '.test.ts'])}`,
      ),
    ),
  ];
  const paths = withFolders(files);
  const lowered = paths.map((p) => p.toLowerCase());
  const reference = (q: string, limit: number, preferred = new Set<string>()) =>
    paths
      .filter((p, k) => isSubsequence(q, lowered[k]!))
      .map((p) => ({ path: p, score: scorePath(q, p).score + (preferred.has(p) ? PREFERRED_BONUS : 0) }))
      .sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .slice(0, limit);

  test('a path without a name bonus scores at most QueryBound.ceiling less its length / 100', () => {
    const f = new PathFeatures(paths);
    let checked = 0;
    for (let n = 0; n < 120; n++) {
      const source = any(lowered);
      let q = '';
      for (const c of source) if (rnd() < 0.3 && q.length < 6) q += c;
      if (!q) continue;
      const b = new QueryBound(q);
      for (let k = 0; k < paths.length; k++) {
        if (b.mayEarnNameBonus(f, k)) continue;
        const score = f.exactScore(k, q);
        if (score === -Infinity) continue;
        checked++;
        assert.ok(score <= b.ceiling - paths[k]!.length / 100 + 1e-9, `${q} in ${paths[k]}: ${score} > ${b.ceiling}`);
        assert.ok(b.of(f, k) <= b.ceiling - paths[k]!.length / 100 + 1e-9, `the bound of ${q} in ${paths[k]}`);
      }
    }
    assert.ok(checked > 20_000, `${checked}`);
  });

  test('typed key by key, a query keeps exactly the paths that hold it in order (not every path with its characters)', () => {
    const index = new PathIndex(paths);
    for (const word of ['srccomp', 'usrserv', 'buttonts', 'cfgsch']) {
      for (let i = 2; i <= word.length; i++) {
        const q = word.slice(0, i);
        index.search(q, { limit: 50 });
        const holding = lowered.filter((p) => isSubsequence(q, p)).length;
        assert.equal(index.kept, holding, `"${q}" keeps the ${holding} paths that hold it`);
      }
      index.search('', { limit: 50 });
    }
    // The class: a character mask alone keeps many more ("srcco" has s, r, c and o in most paths, in order in fewer).
    const mask = new QueryBound('srcco').mask;
    const f = new PathFeatures(paths);
    const withCharacters = paths.filter((_, k) => (f.chars[k]! & mask) === mask).length;
    index.search('srcco', { limit: 50 });
    assert.ok(index.kept * 1.5 < withCharacters, `kept ${index.kept}, with the characters ${withCharacters}`);
  });

  test('the first three keys compute few bounds: paths whose name does not start with the query wait with one number', () => {
    const index = new PathIndex(paths);
    for (const q of ['s', 'se', 'ser']) {
      const before = index.bounded;
      const got = index.search(q, { limit: 20 }).map((r) => ({ path: r.path, score: r.score }));
      assert.deepEqual(got, reference(q, 20), q);
      const bounded = index.bounded - before;
      const holding = lowered.filter((p) => isSubsequence(q, p)).length;
      assert.ok(bounded * 2 < holding, `"${q}": ${bounded} bounds computed for ${holding} paths that hold it`);
    }
    // The fourth key computes the sums it needs and still ranks as scoring every path.
    assert.deepEqual(index.search('serv', { limit: 20 }).map((r) => ({ path: r.path, score: r.score })), reference('serv', 20));
  });

  test('random typing with Backspace, retyping, open editors and limits: the same list as scoring every path', () => {
    const index = new PathIndex(paths);
    const letters = 'abcdefghijklmnopqrstuvwxyz./-_2ü';
    for (let n = 0; n < 30; n++) {
      const source = any(lowered);
      let query = '';
      for (const c of source) if (rnd() < 0.4 && query.length < 10) query += c;
      if (rnd() < 0.3) query = any([...letters]) + query;
      if (rnd() < 0.2) query += any([...letters]);
      const limit = any([1, 5, 20, 50]);
      const preferred = new Set(rnd() < 0.5 ? [any(paths), any(paths)] : []);
      const erased = Math.floor(rnd() * (query.length + 1));
      const keys = [
        ...Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)),
        ...Array.from({ length: erased }, (_, i) => query.slice(0, query.length - 1 - i)),
        ...Array.from({ length: erased }, (_, i) => query.slice(0, query.length - erased + i + 1)),
      ];
      for (const q of keys) {
        const got = index.search(q, { limit, preferred }).map((r) => ({ path: r.path, score: r.score }));
        assert.deepEqual(got, reference(q, limit, preferred), `query "${q}", limit ${limit}`);
      }
    }
  });
});
