// What must NOT be edited: ambiguous matches, near misses that look like the target, and edits that change nothing.

import { lf, text, type EditCase } from './case';

const users = lf(
  'function saveUser(user) {',
  '  validate(user);',
  '  db.users.insert(user);',
  '  return user.id;',
  '}',
  '',
  'function saveOrder(order) {',
  '  validate(order);',
  '  db.orders.insert(order);',
  '  return order.id;',
  '}',
);

export const refusalCases: EditCase[] = [
  {
    name: 'refused: exact text occurs twice',
    why: 'guessing which one would edit the wrong place half the time',
    file: lf('function a() {', '  return null;', '}', 'function b() {', '  return null;', '}'),
    edits: [{ oldText: '  return null;', newText: '  return undefined;' }],
    expect: {
      failure: 'multiple_occurrences',
      strategy: 'exact',
      candidateLines: [2, 5],
      messageIncludes: 'oldText occurs 2 times (exact match), starting at lines 2, 5. Include more surrounding lines to make it unique, or set replaceAll',
    },
  },
  {
    name: 'refused: the same block at two indentations, quoted at a third',
    why: 'ambiguity under indentation-flexible must not fall through to a looser strategy',
    file: lf('if (a) {', '  retry();', '  wait();', '}', 'if (b) {', '      retry();', '      wait();', '}'),
    edits: [{ oldText: text('    retry();', '    wait();'), newText: text('    retry();', '    giveUp();') }],
    expect: { failure: 'multiple_occurrences', strategy: 'indentation-flexible', candidateLines: [2, 6] },
  },
  {
    name: 'refused: two blocks equal once trailing spaces are ignored',
    why: 'ambiguity is reported at the strategy that saw it',
    file: lf('x();  ', 'y();', 'x();', 'y();  '),
    edits: [{ oldText: text('x();', 'y();', ''), newText: text('z();', '') }],
    expect: { failure: 'multiple_occurrences', strategy: 'line-trimmed', candidateLines: [1, 3] },
  },
  {
    name: 'not ambiguous: a unique exact match beats a looser duplicate',
    why: 'the stricter strategy decides; the whitespace-only look-alike elsewhere is not a rival',
    file: lf('  total += price;', 'total  +=  price;'),
    edits: [{ oldText: '  total += price;', newText: '  total += price * qty;' }],
    expect: { strategies: ['exact'], content: lf('  total += price * qty;', 'total  +=  price;') },
  },
  {
    name: 'refused: ambiguous between two similar blocks under block-anchor',
    why: 'two near-identical handlers; the anchors match both',
    file: lf('router.get("/a", (req, res) => {', '  res.send(load("a"));', '});', 'router.get("/a", (req, res) => {', '  res.send(load("b"));', '});'),
    edits: [{ oldText: text('router.get("/a", (req, res) => {', '  res.send(load("c"));', '});'), newText: text('router.get("/a", (req, res) => {', '  res.send(load("d"));', '});') }],
    expect: { failure: 'multiple_occurrences', strategy: 'block-anchor', candidateLines: [1, 4], messageIncludes: 'Include the exact text of the block you mean.' },
  },
  {
    name: 'near miss: a function with the same shape but another name',
    why: 'deleteUser does not exist; saveUser looks alike and must not be edited',
    file: users,
    edits: [
      {
        oldText: text('function deleteUser(user) {', '  validate(user);', '  db.users.insert(user);', '  return user.id;', '}'),
        newText: text('function deleteUser(user) {', '  db.users.remove(user.id);', '}'),
      },
    ],
    expect: { failure: 'no_occurrence', messageIncludes: 'The most similar region is lines 1-5' },
  },
  {
    name: 'near miss: the right function with the wrong body',
    why: 'anchors match but the middle is a different body: below the similarity threshold',
    file: users,
    edits: [
      {
        oldText: text('function saveOrder(order) {', '  const total = price(order);', '  charge(order.customer, total);', '  return order.id;', '}'),
        newText: text('function saveOrder(order) {', '  return order.id;', '}'),
      },
    ],
    expect: { failure: 'no_occurrence' },
  },
  {
    name: 'near miss: one changed value on a single line',
    why: 'timeout 3000 is not timeout 5000; single lines get no fuzzy matching',
    file: lf('export const config = {', '  timeout: 5000,', '  retries: 2,', '};'),
    edits: [{ oldText: '  timeout: 3000,', newText: '  timeout: 10000,' }],
    expect: {
      failure: 'no_occurrence',
      messageIncludes: 'The most similar region is line 2 (92% similar).\nFirst difference, line 2:\n  file:    "  timeout: 5000,"\n  oldText: "  timeout: 3000,"',
    },
  },
  {
    name: 'near miss: same text in another case',
    why: 'case differences are real differences',
    file: lf('const API_URL = "https://example.com";', 'fetch(API_URL);'),
    edits: [{ oldText: text('const api_url = "https://example.com";', 'fetch(api_url);'), newText: 'x' }],
    expect: { failure: 'no_occurrence' },
  },
  {
    name: 'near miss: anchors on a bare brace are not trusted',
    why: 'a block starting with "{" would anchor anywhere',
    file: lf('{', '  "name": "relay",', '  "version": "1.0.0"', '}'),
    edits: [{ oldText: text('{', '  "name": "relay-x",', '  "version": "1.0.1"', '}'), newText: '{}' }],
    expect: { failure: 'no_occurrence' },
  },
  {
    name: 'near miss: Python def with a similar body',
    why: 'the quoted function is not in the file; its twin is',
    file: lf('def load_users(path):', '    with open(path) as f:', '        return json.load(f)'),
    edits: [{ oldText: text('def load_groups(path):', '    with open(path) as f:', '        return json.load(f)'), newText: 'pass' }],
    expect: { failure: 'no_occurrence' },
  },
  {
    name: 'refused: replaceAll never uses block-anchor',
    why: 'changing several loosely matched regions at once is too risky',
    file: lf('function f() {', '  a();', '  b();', '}'),
    edits: [{ oldText: text('function f() {', '  a();', '  c();', '}'), newText: 'function f() {}', replaceAll: true }],
    expect: { failure: 'no_occurrence' },
  },
  {
    name: 'refused: oldText equals newText',
    why: 'an edit that changes nothing is a model mistake worth telling it about',
    file: lf('a'),
    edits: [{ oldText: 'a', newText: 'a' }],
    expect: { failure: 'no_change', messageIncludes: 'oldText and newText are identical' },
  },
  {
    name: 'refused: oldText and newText differ only in line endings',
    why: 'after normalisation the edit changes nothing',
    file: lf('a', 'b'),
    edits: [{ oldText: 'a\r\nb', newText: 'a\nb' }],
    expect: { failure: 'no_change' },
  },
  {
    name: 'refused: a loose match whose replacement reproduces the file',
    why: 'the model re-sent the file’s own text; the call as a whole changes nothing',
    file: lf('keep  ', 'this'),
    edits: [{ oldText: text('keep', 'this'), newText: text('keep  ', 'this') }],
    expect: { failure: 'no_change', messageIncludes: 'The edits leave the file unchanged' },
  },
  {
    name: 'refused: empty oldText',
    why: 'an empty search would match everywhere',
    file: lf('a'),
    edits: [{ oldText: '', newText: 'b' }],
    expect: { failure: 'empty_old_text' },
  },
  {
    name: 'refused: anything in an empty file',
    why: 'nothing to match, and no hint to give',
    file: '',
    edits: [{ oldText: 'x', newText: 'y' }],
    expect: { failure: 'no_occurrence', messageIncludes: 'Nothing in the file resembles it.' },
  },
  {
    name: 'refused: whitespace-only oldText that is not in the file',
    why: 'blank text gets no loose matching',
    file: lf('a', 'b'),
    edits: [{ oldText: '\n\n\n', newText: '\n' }],
    expect: { failure: 'no_occurrence' },
  },
  {
    name: 'refused: replaceAll of a literal "\\n" the file does not have',
    why: 'unescaped it is a bare line break, found everywhere: it must not turn into "replace every newline"',
    file: lf('first line', 'second line'),
    edits: [{ oldText: '\\n', newText: '\\n\\n', replaceAll: true }],
    expect: { failure: 'no_occurrence' },
  },
];
