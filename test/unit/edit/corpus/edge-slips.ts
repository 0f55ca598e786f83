// First or last line slipped: every other line of the oldText matches the file in one place, and its first or its
// last line differs by more than a typo (a parameter named differently, a comment the file lacks, an argument added).
// The similarity tier applies these and names the line that differed; the near misses stay refused: the other lines
// in two places, low similarity, short blocks, both edges slipped, a change of meaning or of the line's own name.

import { lf, text, type EditCase } from './case';

const parse = [
  'export function parseConfig(text, options) {',
  '  const lines = text.split("\\n");',
  '  const entries = lines.filter((l) => l.trim() !== "");',
  '  const pairs = entries.map((l) => l.split("="));',
  '  const config = Object.fromEntries(pairs);',
  '  validate(config, options.schema);',
  '  return config;',
  '}',
];
const parseFile = lf('import { validate } from "./schema";', '', ...parse, '', 'export const VERSION = 3;');
/** The file with parse's lines replaced by `body`. */
const parseFileWith = (...body: string[]) => lf('import { validate } from "./schema";', '', ...body, '', 'export const VERSION = 3;');
const frozen = (i: number, l: string) => (i === 6 ? '  return Object.freeze(config);' : l);
const parseFrozen = parse.map((l, i) => frozen(i, l));
const at = (lines: readonly string[], i: number, line: string) => lines.map((l, k) => (k === i ? line : l));

const loader = lf(
  'import json',
  '',
  'def load_settings(path, encoding="utf-8"):',
  '    with open(path, encoding=encoding) as handle:',
  '        raw = json.load(handle)',
  '    settings = Settings(**raw)',
  '    settings.validate()',
  '    return settings',
  '',
  'def save_settings(path, settings):',
  '    pass',
);

const store = lf(
  'package store',
  '',
  'func (s *Store) Get(key string) ([]byte, error) {',
  '\ts.mu.RLock()',
  '\tdefer s.mu.RUnlock()',
  '\tvalue, ok := s.items[key]',
  '\tif !ok {',
  '\t\treturn nil, ErrNotFound',
  '\t}',
  '\treturn value, nil',
  '}',
);

interface Applied {
  name: string;
  why: string;
  file: string;
  oldLines: string[];
  newLines: string[];
  expected: string;
  /** The line the note must name as differing, and how the file has it. */
  line: number;
  fileLine: string;
}

function applied(c: Applied): EditCase {
  return {
    name: `edge slip: ${c.name}`,
    why: c.why,
    file: c.file,
    edits: [{ oldText: text(...c.oldLines), newText: text(...c.newLines) }],
    expect: {
      strategies: ['similarity'],
      content: c.expected,
      messageIncludes: `(line ${c.line} differs from your oldText): check the result; the file's line ${c.line} reads ${JSON.stringify(c.fileLine)}`,
    },
  };
}

function refused(name: string, why: string, file: string, oldLines: string[], newLines: string[] = ['replaced();']): EditCase {
  return { name: `edge slip refused: ${name}`, why, file, edits: [{ oldText: text(...oldLines), newText: text(...newLines) }], expect: { failure: 'no_occurrence' } };
}

export const edgeSlipCases: EditCase[] = [
  applied({
    name: 'the signature names a parameter differently',
    why: 'an 8-line function quoted with "opts" for "options": the body is exact, so the place is certain',
    file: parseFile,
    oldLines: at(parse, 0, 'export function parseConfig(text, opts) {'),
    newLines: at(parseFrozen, 0, 'export function parseConfig(text, opts) {'),
    expected: parseFileWith(...parseFrozen),
    line: 3,
    fileLine: 'export function parseConfig(text, options) {',
  }),
  applied({
    name: 'the closing brace carries a comment the file lacks',
    why: 'a 9-line quote ending "} // parseConfig" where the file has "}"',
    file: parseFile,
    oldLines: ['', ...parse.slice(0, 7), '} // parseConfig'],
    newLines: ['', ...parseFrozen.slice(0, 7), '} // parseConfig'],
    expected: parseFileWith(...parseFrozen),
    line: 10,
    fileLine: '}',
  }),
  applied({
    name: 'a parameter left out of the signature, the block dedented',
    why: 'indentation drift on every line and a parameter missing on the first: re-indented into place',
    file: lf('class Parser {', ...parse.map((l) => `  ${l.replace('export function ', '')}`), '}'),
    oldLines: at(parse, 0, 'export function parseConfig(text) {').map((l) => l.replace('export function ', '')),
    newLines: at(parseFrozen, 0, 'export function parseConfig(text) {').map((l) => l.replace('export function ', '')),
    expected: lf('class Parser {', ...parseFrozen.map((l) => `  ${l.replace('export function ', '')}`), '}'),
    line: 2,
    fileLine: 'parseConfig(text, options) {',
  }),
  applied({
    name: 'the model rewrites the slipped line too',
    why: 'the new signature replaces the file\'s line, the others keep the file\'s text',
    file: parseFile,
    oldLines: at(parse, 0, 'export function parseConfig(source, options) {'),
    newLines: at(parseFrozen, 0, 'export function parseConfig(text, options = {}) {'),
    expected: parseFileWith(...at(parseFrozen, 0, 'export function parseConfig(text, options = {}) {')),
    line: 3,
    fileLine: 'export function parseConfig(text, options) {',
  }),
  applied({
    name: 'a Python signature with a keyword argument renamed',
    why: 'encoding= quoted as enc=: the body below is exact',
    file: loader,
    oldLines: ['def load_settings(path, enc="utf-8"):', '    with open(path, encoding=encoding) as handle:', '        raw = json.load(handle)', '    settings = Settings(**raw)'],
    newLines: ['def load_settings(path, enc="utf-8"):', '    with open(path, encoding=encoding) as handle:', '        raw = json.load(handle)', '    settings = Settings.parse(raw)'],
    expected: loader.replace('Settings(**raw)', 'Settings.parse(raw)'),
    line: 3,
    fileLine: 'def load_settings(path, encoding="utf-8"):',
  }),
  applied({
    name: 'a Python last line with a trailing comment',
    why: 'return settings  # validated: the comment is not in the file',
    file: loader,
    oldLines: ['    with open(path, encoding=encoding) as handle:', '        raw = json.load(handle)', '    settings = Settings(**raw)', '    settings.validate()', '    return settings  # validated'],
    newLines: ['    with open(path, encoding=encoding) as handle:', '        raw = json.load(handle)', '    settings = Settings(**raw)', '    settings.validate(strict=True)', '    return settings  # validated'],
    expected: loader.replace('settings.validate()', 'settings.validate(strict=True)'),
    line: 8,
    fileLine: 'return settings',
  }),
  applied({
    name: 'a Go receiver and parameter named differently',
    why: 'func (s *Store) Get(k string) for Get(key string): the body is exact',
    file: store,
    oldLines: ['func (s *Store) Get(k string) ([]byte, error) {', '\ts.mu.RLock()', '\tdefer s.mu.RUnlock()', '\tvalue, ok := s.items[key]'],
    newLines: ['func (s *Store) Get(k string) ([]byte, error) {', '\ts.mu.RLock()', '\tdefer s.mu.RUnlock()', '\tvalue, ok := s.items[normalise(key)]'],
    expected: store.replace('s.items[key]', 's.items[normalise(key)]'),
    line: 3,
    fileLine: 'func (s *Store) Get(key string) ([]byte, error) {',
  }),
  applied({
    name: 'a first line that is another comment',
    why: 'the doc comment above the function was reworded since the model read it',
    file: lf('// Sums the prices of the cart.', 'function total(cart) {', '  let sum = 0;', '  for (const item of cart.items) sum += item.price;', '  return sum;', '}'),
    oldLines: ['// Returns the total price.', 'function total(cart) {', '  let sum = 0;', '  for (const item of cart.items) sum += item.price;', '  return sum;'],
    newLines: ['// Returns the total price.', 'function total(cart) {', '  let sum = 0;', '  for (const item of cart.items) sum += item.price * item.quantity;', '  return sum;'],
    expected: lf('// Sums the prices of the cart.', 'function total(cart) {', '  let sum = 0;', '  for (const item of cart.items) sum += item.price * item.quantity;', '  return sum;', '}'),
    line: 1,
    fileLine: '// Sums the prices of the cart.',
  }),
  applied({
    name: 'a last line with an argument added',
    why: 'the call that ends the block is quoted with one argument more than the file has',
    file: lf('async function sync(queue) {', '  const batch = queue.take(50);', '  const sent = await upload(batch);', '  queue.ack(sent);', '  metrics.count("sync.sent", sent.length);', '}'),
    oldLines: ['async function sync(queue) {', '  const batch = queue.take(50);', '  const sent = await upload(batch);', '  queue.ack(sent);', '  metrics.count("sync.sent", sent.length, tags);'],
    newLines: ['async function sync(queue) {', '  const batch = queue.take(50);', '  const sent = await upload(batch, { retry: true });', '  queue.ack(sent);', '  metrics.count("sync.sent", sent.length, tags);'],
    expected: lf('async function sync(queue) {', '  const batch = queue.take(50);', '  const sent = await upload(batch, { retry: true });', '  queue.ack(sent);', '  metrics.count("sync.sent", sent.length);', '}'),
    line: 5,
    fileLine: 'metrics.count("sync.sent", sent.length);',
  }),
  applied({
    name: 'a closing line with a block comment',
    why: '"}; /* end config */" for the file\'s "};" in a long object',
    file: lf('const defaults = {', '  retries: 3,', '  backoff: "exponential",', '  timeoutMs: 5000,', '  onRetry: logRetry,', '};', 'export default defaults;'),
    oldLines: ['const defaults = {', '  retries: 3,', '  backoff: "exponential",', '  timeoutMs: 5000,', '  onRetry: logRetry,', '}; /* end config */'],
    newLines: ['const defaults = {', '  retries: 3,', '  backoff: "linear",', '  timeoutMs: 5000,', '  onRetry: logRetry,', '}; /* end config */'],
    expected: lf('const defaults = {', '  retries: 3,', '  backoff: "linear",', '  timeoutMs: 5000,', '  onRetry: logRetry,', '};', 'export default defaults;'),
    line: 6,
    fileLine: '};',
  }),
  applied({
    name: 'a type annotation left out of a parameter',
    why: 'TypeScript signature quoted without the type the file has',
    file: lf('export class Router {', '  register(route: Route, handler: Handler): void {', '    this.check(route);', '    this.routes.set(route.path, handler);', '    this.emit("registered", route);', '  }', '}'),
    oldLines: ['  register(route, handler: Handler): void {', '    this.check(route);', '    this.routes.set(route.path, handler);', '    this.emit("registered", route);', '  }'],
    newLines: ['  register(route, handler: Handler): void {', '    this.check(route);', '    this.routes.set(route.path, wrap(handler));', '    this.emit("registered", route);', '  }'],
    expected: lf('export class Router {', '  register(route: Route, handler: Handler): void {', '    this.check(route);', '    this.routes.set(route.path, wrap(handler));', '    this.emit("registered", route);', '  }', '}'),
    line: 2,
    fileLine: 'register(route: Route, handler: Handler): void {',
  }),
  applied({
    name: 'a CRLF file whose signature slipped',
    why: 'line endings are the file\'s; the first line names a parameter differently',
    file: parseFile.replace(/\n/g, '\r\n'),
    oldLines: at(parse, 0, 'export function parseConfig(input, options) {'),
    newLines: at(parseFrozen, 0, 'export function parseConfig(input, options) {'),
    expected: parseFileWith(...parseFrozen).replace(/\n/g, '\r\n'),
    line: 3,
    fileLine: 'export function parseConfig(text, options) {',
  }),
  applied({
    name: 'a misspelt keyword on the first line',
    why: '"asyn" for "async": the edge rule keeps keywords, the slip guard still sees a typo of the same word',
    file: lf('export async function loadAll(db) {', '  const rows = await db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);', '  return items;', '}'),
    oldLines: ['export asyn function loadAll(db) {', '  const rows = await db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);'],
    newLines: ['export asyn function loadAll(db) {', '  const rows = await db.query(sql);', '  const items = rows.map(toItem).filter(Boolean);', '  cache.put(items);'],
    expected: lf('export async function loadAll(db) {', '  const rows = await db.query(sql);', '  const items = rows.map(toItem).filter(Boolean);', '  cache.put(items);', '  return items;', '}'),
    line: 1,
    fileLine: 'export async function loadAll(db) {',
  }),
];

export const edgeSlipRefusalCases: EditCase[] = [
  refused(
    'the other lines are in two places',
    'two functions share a body; the quoted signature is neither of theirs: two equally near candidates',
    lf('function loadUsers(db) {', '  const rows = db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);', '  return items;', '}', '', 'function loadOrders(db) {', '  const rows = db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);', '  return items;', '}'),
    ['function loadAll(db) {', '  const rows = db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);', '  return items;'],
  ),
  refused(
    'the other lines in two places, the edge line a parameter renamed in both',
    'loadUsers(database) is as near to one copy as to the other',
    lf('function loadUsers(db) {', '  const rows = db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);', '}', '', 'function loadUsers(db) {', '  const rows = db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);', '}'),
    ['function loadUsers(database) {', '  const rows = db.query(sql);', '  const items = rows.map(toItem);', '  cache.put(items);'],
  ),
  refused(
    'low similarity: most of the edge line differs',
    'four lines, the first a different call with other arguments: below the threshold',
    lf('function go() {', '  const result = compute(alpha, beta, gamma);', '  store.save(result);', '  notify(result.id);', '  log.info(result);', '}'),
    ['  const result = compute(x);', '  store.save(result);', '  notify(result.id);', '  log.info(result);'],
  ),
  refused(
    'a short block: three lines, the signature renamed',
    'two other lines are too little evidence of place',
    parseFile,
    ['export function parseConfig(text, opts) {', ...parse.slice(1, 3)],
  ),
  refused(
    'a short block: the last line with a comment',
    'three lines, the last "return config; // done"',
    parseFile,
    [...parse.slice(4, 6), '  return config; // done'],
  ),
  refused(
    'both the first and the last line slipped',
    'a renamed parameter on the first line and a comment on the last: neither edge anchors the block',
    parseFile,
    ['export function parseConfig(text, opts) {', ...parse.slice(1, 7), '} // parseConfig'],
  ),
  refused(
    'the edge line negates the condition',
    'if (!user.isAdmin) is not if (user.isAdmin), however exact the body',
    lf('function gate(user) {', '  if (user.isAdmin) {', '    grant(user);', '    audit(user);', '    notify(user);', '  }', '}'),
    ['  if (!user.isAdmin) {', '    grant(user);', '    audit(user);', '    notify(user);'],
  ),
  refused(
    'the edge line changes the control keyword',
    'while for if: another statement',
    lf('function gate(user) {', '  if (user.isAdmin) {', '    grant(user);', '    audit(user);', '    notify(user);', '  }', '}'),
    ['  while (user.isAdmin) {', '    grant(user);', '    audit(user);', '    notify(user);'],
  ),
  refused(
    'the edge line names the opposite',
    'isDisabled for isEnabled in the first line of a five-line block',
    lf('function refresh(panel) {', '  if (panel.isEnabled) {', '    panel.render();', '    panel.focus();', '    panel.track();', '  }', '}'),
    ['  if (panel.isDisabled) {', '    panel.render();', '    panel.focus();', '    panel.track();', '  }'],
  ),
  refused(
    'the edge line changes a default value',
    'timeout = 3000 for timeout = 5000 in the signature',
    lf('function connect(host, timeout = 5000) {', '  const socket = open(host);', '  socket.setTimeout(timeout);', '  socket.on("error", retry);', '  return socket;', '}'),
    ['function connect(host, timeout = 3000) {', '  const socket = open(host);', '  socket.setTimeout(timeout);', '  socket.on("error", retry);', '  return socket;'],
  ),
  refused(
    'the edge line changes an operator',
    'return a - b where the file returns a + b',
    lf('function combine(a, b) {', '  check(a);', '  check(b);', '  trace("combine", a, b);', '  return a + b;', '}'),
    ['  check(a);', '  check(b);', '  trace("combine", a, b);', '  return a - b;'],
  ),
  refused(
    'the edge line declares another name',
    'deleteUser for saveUser: the name the line declares may be misspelt, not another word',
    lf('function saveUser(user) {', '  validate(user);', '  db.users.insert(user);', '  events.emit("user", user.id);', '  return user.id;', '}'),
    ['function deleteUser(user) {', '  validate(user);', '  db.users.insert(user);', '  events.emit("user", user.id);', '  return user.id;'],
  ),
  refused(
    'the edge line is wholly another line',
    'the quoted first line is a statement the file does not have there',
    lf('function flush(queue) {', '  const batch = queue.drain();', '  send(batch);', '  queue.reset();', '  log(batch.length);', '}'),
    ['  await warmUp(pool);', '  const batch = queue.drain();', '  send(batch);', '  queue.reset();', '  log(batch.length);'],
  ),
  refused(
    'a comment quoted where the file has code',
    'the last quoted line is a comment, the file\'s is a call',
    lf('function flush(queue) {', '  const batch = queue.drain();', '  send(batch);', '  queue.reset();', '  log(batch.length);', '}'),
    ['  const batch = queue.drain();', '  send(batch);', '  queue.reset();', '  // log the size'],
  ),
  refused(
    'a Python edge line that changes a boolean',
    'strict=False for strict=True in the signature',
    lf('def check(config, strict=True):', '    errors = collect(config)', '    report(errors)', '    if errors:', '        raise ConfigError(errors)'),
    ['def check(config, strict=False):', '    errors = collect(config)', '    report(errors)', '    if errors:'],
  ),
];
