// The indexed choice of a turn's rules (rule-index.ts) picks exactly what testing every rule against every touched
// file picks: the same rules, in the same order, with the same reason (the first touched file, relative to the
// rule's base). The reference below is that plain algorithm; the corpus mixes the glob shapes peers write (a
// literal folder start, `*.ts` anywhere, `/src/**`, `./x/**`, braces, brackets, escapes, negations, a trailing
// slash, a single file, one rule's globs under two nested starts, a folder that is a prefix of another's name),
// nested files of two sources at several depths, several bases (a nested `.cursor/rules`), and touched files
// inside, beside and outside the workspace.
import assert from 'node:assert/strict';
import { join, normalize, sep } from 'node:path';
import { describe, test } from 'node:test';
import picomatch from 'picomatch';
import { chooseRules, type TurnFiles } from '../../../src/core/customization/rules/choose-rules';
import type { ChosenRules, Rule } from '../../../src/core/customization/rules/rule';

const root = join(sep, 'ws');

function referenceChoice(rules: readonly Rule[], turn: TurnFiles): ChosenRules {
  const normaliseGlob = (glob: string) => {
    const trimmed = glob.trim().replace(/^\.\//, '').replace(/^\//, '');
    return trimmed.includes('/') ? trimmed : `**/${trimmed}`;
  };
  const under = (base: string, file: string) => {
    const prefix = base.endsWith(sep) ? base : base + sep;
    return file.startsWith(prefix) ? file.slice(prefix.length).split(sep).join('/') : undefined;
  };
  const touched = turn.touched.map((file) => normalize(file));
  const named = new Set(turn.named.map((name) => name.toLowerCase()));
  const nearest = new Map<Rule, string>();
  for (const file of touched) {
    const best = new Map<string, Rule>();
    for (const rule of rules.filter((r) => r.activation === 'nested')) {
      if (under(rule.base, file) === undefined) continue;
      const current = best.get(rule.source);
      if (!current || rule.base.length > current.base.length) best.set(rule.source, rule);
    }
    for (const rule of best.values()) if (!nearest.has(rule)) nearest.set(rule, under(rule.base, file)!);
  }
  const always: ChosenRules['active'] = [];
  const scoped: ChosenRules['active'] = [];
  const catalogue: Rule[] = [];
  for (const rule of rules) {
    if (rule.activation === 'always') always.push({ rule, why: 'always' });
    else if (rule.activation === 'mode' && turn.agent !== undefined && rule.mode === turn.agent) always.push({ rule, why: `agent ${turn.agent}` });
    else if (rule.activation === 'nested' && nearest.has(rule)) scoped.push({ rule, why: `closest to ${nearest.get(rule)!}` });
    else if (rule.activation === 'glob') {
      const isMatch = picomatch(rule.globs!.map(normaliseGlob), { dot: true });
      const file = touched.map((f) => under(rule.base, f)).find((rel) => rel !== undefined && isMatch(rel));
      if (file) scoped.push({ rule, why: `matches ${file}` });
      else if (named.has(rule.name.toLowerCase())) scoped.push({ rule, why: `named @${rule.name}` });
    } else if ((rule.activation === 'catalogue' || rule.activation === 'manual') && named.has(rule.name.toLowerCase())) scoped.push({ rule, why: `named @${rule.name}` });
    else if (rule.activation === 'catalogue') catalogue.push(rule);
  }
  return { active: [...always, ...scoped], catalogue };
}

const GLOBS: string[][] = [
  ['src/api/**/*.ts'],
  ['*.ts'],
  ['**/*.tsx'],
  ['/src/**'],
  ['./lib/**/*.js'],
  ['src/api'],
  ['src/api/'],
  ['src/ap*/**'],
  ['{src,lib}/**/*.ts'],
  ['src/[ab]pi/*.ts'],
  ['src/\\[id\\]/*.ts'],
  ['!src/**'],
  ['src/api/users.ts'],
  ['src/apiv2/**'],
  ['docs/**/*.md', 'src/**/*.md'],
  ['packages/*/src/**'],
  ['.github/**'],
  ['**/test/**', 'src/api/**'],
  ['README.md'],
  ['src/**/*.{ts,tsx}'],
  ['src/**', 'src/api/**'],
];

const FILES = [
  'src/api/users.ts',
  'src/api/v1/deep/x.ts',
  'src/apiv2/a.ts',
  'src/bpi/b.ts',
  'src/[id]/page.ts',
  'src/App.tsx',
  'src/notes.md',
  'lib/util.js',
  'lib/x.mts',
  'docs/guide/intro.md',
  'packages/web/src/index.ts',
  'packages/web/test/a.test.ts',
  'packages/web/AGENTS.md',
  '.github/workflows/ci.yml',
  'README.md',
  'main.go',
  'src/api',
];

function rulesCorpus(): Rule[] {
  const rules: Rule[] = [];
  const rule = (name: string, activation: Rule['activation'], base: string, extra: Partial<Rule> = {}): void => {
    rules.push({ name, path: join(base, name), display: name, source: extra.source ?? 'Cursor rule', activation, base, text: name, ...extra });
  };
  rule('always-1', 'always', root);
  GLOBS.forEach((globs, i) => rule(`g${i}`, 'glob', root, { globs }));
  // A nested .cursor/rules: its globs are relative to packages/web.
  GLOBS.forEach((globs, i) => rule(`w${i}`, 'glob', join(root, 'packages', 'web'), { globs }));
  for (const [source, folders] of [
    ['AGENTS.md', ['src', 'src/api', 'src/api/v1', 'packages/web', 'packages', 'lib', 'src/ap']],
    ['CLAUDE.md', ['src/api/v1/deep', 'packages/web/test', 'src']],
  ] as const) {
    for (const folder of folders) rule(`${source}:${folder}`, 'nested', join(root, ...folder.split('/')), { source });
  }
  rule('cat', 'catalogue', root, { description: 'd' });
  rule('man', 'manual', root);
  rule('mode-x', 'mode', root, { mode: 'x' });
  rule('g-named', 'glob', root, { globs: ['nothing/**'] });
  return rules;
}

const summary = (chosen: ChosenRules) => ({ active: chosen.active.map(({ rule, why }) => `${rule.name}: ${why}`), catalogue: chosen.catalogue.map((rule) => rule.name) });

describe('rules: the indexed choice is the plain choice', () => {
  test('every subset shape of touched files, in several orders, with and without names and an agent', () => {
    const rules = rulesCorpus();
    const outside = [join(sep, 'elsewhere', 'src', 'api', 'users.ts'), join(sep, 'ws2', 'src', 'a.ts'), `${root}${sep}..${sep}ws${sep}src${sep}api${sep}users.ts`];
    const all = [...FILES.map((file) => join(root, ...file.split('/'))), ...outside];
    let cases = 0;
    // Each file alone, growing prefixes in two orders (the first file decides the reason), and sliding windows.
    const sets: string[][] = [
      [],
      ...all.map((file) => [file]),
      ...all.map((_, i) => all.slice(0, i + 1)),
      ...all.map((_, i) => [...all].reverse().slice(0, i + 1)),
      ...all.map((_, i) => [...all.slice(i), ...all.slice(0, i)].slice(0, 5)),
    ];
    for (const touched of sets) {
      for (const extra of [{ named: [] }, { named: ['G-NAMED', 'man', 'cat'], agent: 'x' }]) {
        const turn: TurnFiles = { touched, ...extra };
        assert.deepEqual(summary(chooseRules(rules, turn)), summary(referenceChoice(rules, turn)), `touched: ${touched.join(', ')}`);
        cases++;
      }
    }
    // Asked again (the remembered facts): the same answers.
    for (const touched of sets) assert.deepEqual(summary(chooseRules(rules, { touched, named: [] })), summary(referenceChoice(rules, { touched, named: [] })));
    assert.ok(cases > 100);
  });

  test('a glob rule only ever found through its literal start still matches the files under it, and nothing beside it', () => {
    const rules = rulesCorpus();
    const chosen = (file: string) => chooseRules(rules, { touched: [join(root, ...file.split('/'))], named: [] }).active.map(({ rule }) => rule.name);
    assert.ok(chosen('src/api/users.ts').includes('g0'));
    assert.ok(!chosen('src/apiv2/a.ts').includes('g0'), 'src/apiv2 is not under src/api');
    assert.ok(chosen('src/apiv2/a.ts').includes('g13'));
    assert.ok(chosen('main.go').includes('g11'), 'a negation matches outside its folder');
  });

  test('a new loaded set is indexed afresh: a rule file changed between turns applies', () => {
    const first = rulesCorpus();
    const touched = [join(root, 'main.go')];
    assert.ok(!chooseRules(first, { touched, named: [] }).active.some(({ rule }) => rule.name === 'go'));
    const second = [...rulesCorpus(), { name: 'go', path: '/ws/go.mdc', display: 'go', source: 'Cursor rule', activation: 'glob' as const, base: root, globs: ['*.go'], text: 'go' }];
    assert.ok(chooseRules(second, { touched, named: [] }).active.some(({ rule }) => rule.name === 'go'));
  });
});
