// The similarity tier: blocks another agent's search/replace tool applies and every stricter tier refuses (a first
// or last line that differs, a typo in one line, a short block with one slip), and the near misses that must
// still be refused (a twin function, two equally close places, a slip that flips meaning, a single line).

import { lf, text, type EditCase } from './case';

const cart = [
  'export function cartTotal(items, discount) {',
  '  let total = 0;',
  '  for (const item of items) {',
  '    total += item.price * item.quantity;',
  '  }',
  '  if (discount) {',
  '    total -= discount.amount;',
  '  }',
  '  return Math.max(total, 0);',
  '}',
];
const cartFile = lf('import { round } from "./money";', '', ...cart, '', 'export const VERSION = 2;');
const withLine = (lines: string[], at: number, line: string) => lines.map((l, i) => (i === at ? line : l));

const handlers = lf(
  'function onSave(event) {',
  '  const doc = event.document;',
  '  validate(doc);',
  '  store.write(doc.uri, doc.text);',
  '}',
  '',
  'function onClose(event) {',
  '  const doc = event.document;',
  '  validate(doc);',
  '  store.forget(doc.uri);',
  '}',
);

interface Applied {
  name: string;
  why: string;
  file: string;
  oldLines: string[];
  newLines: string[];
  expected: string;
  note: string;
}

function applied(c: Applied): EditCase {
  return {
    name: `similarity: ${c.name}`,
    why: c.why,
    file: c.file,
    edits: [{ oldText: text(...c.oldLines), newText: text(...c.newLines) }],
    expect: { strategies: ['similarity'], content: c.expected, messageIncludes: c.note },
  };
}

function refused(name: string, why: string, file: string, oldLines: string[], newLines: string[]): EditCase {
  return {
    name: `similarity refuses: ${name}`,
    why,
    file,
    edits: [{ oldText: text(...oldLines), newText: text(...newLines) }],
    expect: { failure: 'no_occurrence' },
  };
}

const newCartBody = withLine(cart, 8, '  return round(Math.max(total, 0));');
const cartAfter = lf('import { round } from "./money";', '', ...newCartBody, '', 'export const VERSION = 2;');

export const similarityCases: EditCase[] = [
  applied({
    name: 'the first line differs (a parameter the model left out)',
    why: 'the signature gained a parameter after the model read it; the body is exact',
    file: cartFile,
    oldLines: withLine(cart, 0, 'export function cartTotal(items) {'),
    newLines: withLine(newCartBody, 0, 'export function cartTotal(items) {'),
    expected: cartAfter,
    note: 'applied by similarity 0.9',
  }),
  applied({
    name: 'the first line has a misspelt name',
    why: 'cartTotl for cartTotal: a typo in the anchor line that block-anchor needs exact',
    file: cartFile,
    oldLines: withLine(cart, 0, 'export function cartTotl(items, discount) {'),
    newLines: withLine(newCartBody, 0, 'export function cartTotl(items, discount) {'),
    expected: cartAfter,
    note: 'at lines 3-12 (line 3 differs from your oldText): check the result',
  }),
  applied({
    name: 'the last line differs',
    why: 'the model quoted the closing line with a semicolon the file does not have',
    file: lf('const config = {', '  retries: 3,', '  backoff: "exponential",', '  onRetry: logRetry,', '}', 'export default config;'),
    oldLines: ['const config = {', '  retries: 3,', '  backoff: "exponential",', '  onRetry: logRetry,', '};'],
    newLines: ['const config = {', '  retries: 3,', '  backoff: "linear",', '  onRetry: logRetry,', '};'],
    expected: lf('const config = {', '  retries: 3,', '  backoff: "linear",', '  onRetry: logRetry,', '}', 'export default config;'),
    note: 'applied by similarity 0.9',
  }),
  applied({
    name: 'the last line has a misspelt identifier',
    why: 'the return line names the variable wrong; everything above is exact',
    file: cartFile,
    oldLines: [...cart.slice(5, 8), '  return Math.max(totl, 0);'],
    newLines: [...cart.slice(5, 8), '  return Math.max(totl, 0) / 100;'],
    expected: lf('import { round } from "./money";', '', ...withLine(cart, 8, '  return Math.max(totl, 0) / 100;'), '', 'export const VERSION = 2;'),
    note: 'at lines 8-11 (line 11 differs from your oldText)',
  }),
  applied({
    name: 'a typo in the block\'s last line',
    why: 'quantiy for quantity in the line the quote ends on, so block-anchor has no last anchor',
    file: cartFile,
    oldLines: withLine(cart, 3, '    total += item.price * item.quantiy;').slice(0, 4),
    newLines: ['export function cartTotal(items, discount) {', '  let total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);', '  {'],
    expected: lf('import { round } from "./money";', '', 'export function cartTotal(items, discount) {', '  let total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);', '  {', ...cart.slice(4), '', 'export const VERSION = 2;'),
    note: 'line 6 differs from your oldText',
  }),
  applied({
    name: 'a typo in one line, indentation drifted too',
    why: 'the quote is dedented and one identifier is misspelt: the replacement is re-indented',
    file: lf('class Cache {', '    evict(key) {', '        const entry = this.entries.get(key);', '        this.entries.delete(key);', '        this.onEvict(entry);', '    }', '}'),
    oldLines: ['evict(key) {', '    const entry = this.entries.get(key);', '    this.entries.delete(key);', '    this.onEvct(entry);'],
    newLines: ['evict(key) {', '    const entry = this.entries.get(key);', '    this.entries.delete(key);', '    this.onEvct(entry);', '    this.size--;'],
    expected: lf('class Cache {', '    evict(key) {', '        const entry = this.entries.get(key);', '        this.entries.delete(key);', '        this.onEvict(entry);', '        this.size--;', '    }', '}'),
    note: 'applied by similarity 0.9',
  }),
  applied({
    name: 'a short block: two lines, one misspelt',
    why: 'the shortest block the tier accepts: one exact line and one with a letter swapped',
    file: lf('const width = measure(node);', 'const height = node.offsetHeigth;', 'layout(width, height);'),
    oldLines: ['const width = measure(node);', 'const height = node.offsetHeight;'],
    newLines: ['const width = measure(node);', 'const height = measureHeight(node);'],
    expected: lf('const width = measure(node);', 'const height = measureHeight(node);', 'layout(width, height);'),
    note: 'applied by similarity 0.9',
  }),
  applied({
    name: 'a short block: three lines, the middle one misspelt',
    why: 'a Python block with a misremembered attribute name',
    file: lf('def connect(self):', '    self.socket = open_socket(self.host, self.port)', '    self.connected = True', '', 'def close(self):', '    self.socket.close()'),
    oldLines: ['def conect(self):', '    self.socket = open_socket(self.host, self.port)', '    self.connected = True'],
    newLines: ['def conect(self):', '    self.socket = open_socket(self.host, self.port, timeout=5)', '    self.connected = True'],
    expected: lf('def connect(self):', '    self.socket = open_socket(self.host, self.port, timeout=5)', '    self.connected = True', '', 'def close(self):', '    self.socket.close()'),
    note: 'line 1 differs',
  }),
  applied({
    name: 'a short block whose first line is misspelt',
    why: 'a three-line Go block: the receiver name typed wrong',
    file: lf('func (s *Server) Stop() error {', '\ts.listener.Close()', '\treturn s.store.Flush()', '}'),
    oldLines: ['func (s *Sever) Stop() error {', '\ts.listener.Close()', '\treturn s.store.Flush()'],
    newLines: ['func (s *Sever) Stop() error {', '\ts.listener.Close()', '\ts.wg.Wait()', '\treturn s.store.Flush()'],
    expected: lf('func (s *Server) Stop() error {', '\ts.listener.Close()', '\ts.wg.Wait()', '\treturn s.store.Flush()', '}'),
    note: 'applied by similarity 0.9',
  }),
  applied({
    name: 'a long block whose first and last lines both differ',
    why: 'ten lines: a misspelt name on the first, a stray semicolon on the last; two slips in ten lines',
    file: cartFile,
    oldLines: [...withLine(cart, 0, 'export function cartTotl(items, discount) {').slice(0, 9), '};'],
    newLines: [...withLine(newCartBody, 0, 'export function cartTotl(items, discount) {').slice(0, 9), '};'],
    expected: cartAfter,
    note: 'lines 3, 12 differ from your oldText',
  }),
];

export const similarityRefusalCases: EditCase[] = [
  refused('a single line with a typo', 'one line is no evidence of place', lf('const answer = computeAnswer();', 'print(answer);'), ['const answer = computeAnwser();'], ['const answer = 42;']),
  refused(
    'a function of the same shape under another name',
    'onClear does not exist; onClose has its body, but its name is another word, not a typo',
    handlers,
    ['function onClear(event) {', '  const doc = event.document;', '  validate(doc);', '  store.forget(doc.uri);', '}'],
    ['function onClear(event) {', '  store.forget(event.document.uri);', '}'],
  ),
  refused(
    'two places equally close',
    'the quoted block is one slip away from both handlers: no clear winner',
    lf('function onOpen(event) {', '  const doc = event.document;', '  validate(doc);', '  store.track(doc.uri);', '}', '', 'function onOpen2(event) {', '  const doc = event.document;', '  validate(doc);', '  store.track(doc.uri);', '}'),
    ['function onOpen1(event) {', '  const doc = event.document;', '  validate(doc);', '  store.track(doc.uri);', '}'],
    ['function onOpen1(event) {', '  store.track(event.document.uri);', '}'],
  ),
  refused(
    'a negation that flips the condition',
    'if (!user.isAdmin) is not if (user.isAdmin): one character, opposite meaning',
    lf('if (user.isAdmin) {', '  grantAccess(user);', '  audit(user);', '}'),
    ['if (!user.isAdmin) {', '  grantAccess(user);', '  audit(user);', '}'],
    ['if (!user.isAdmin) {', '  denyAccess(user);', '  audit(user);', '}'],
  ),
  refused(
    'an identifier that flips meaning',
    'isEnabled and isDisabled are one edit apart by letters but opposite words',
    lf('function refresh(panel) {', '  if (panel.isEnabled) {', '    panel.render();', '  }', '}'),
    ['  if (panel.isDisabled) {', '    panel.render();', '  }', '}'],
    ['  if (panel.isDisabled) {', '    panel.hide();', '  }', '}'],
  ),
  refused(
    'min where the file has max',
    'a different function, not a typo of the same one',
    lf('export function clamp(value, low, high) {', '  const upper = Math.min(value, high);', '  return Math.max(upper, low);', '}'),
    ['export function clamp(value, low, high) {', '  const upper = Math.min(value, high);', '  return Math.min(upper, low);'],
    ['export function clamp(value, low, high) {', '  return Math.min(Math.max(value, low), high);'],
  ),
  refused(
    'a changed number',
    'a timeout of 3000 in a block whose file says 5000 is a different value, not a slip',
    lf('const client = createClient({', '  baseUrl: process.env.API_URL,', '  timeout: 5000,', '});'),
    ['const client = createClient({', '  baseUrl: process.env.API_URL,', '  timeout: 3000,'],
    ['const client = createClient({', '  baseUrl: process.env.API_URL,', '  timeout: 10000,'],
  ),
  refused(
    'a comparison operator changed',
    '< and <= differ by one character and by one iteration',
    lf('for (let i = 0; i < count; i++) {', '  buffer.push(read(i));', '}', 'flush(buffer);'),
    ['for (let i = 0; i <= count; i++) {', '  buffer.push(read(i));', '}'],
    ['for (let i = 0; i <= count; i++) {', '  buffer.push(await read(i));', '}'],
  ),
  refused(
    'a short block with a word added',
    'two lines, and the changed one gained an argument: too little evidence for a short block',
    lf('const width = measure(node);', 'const height = measure(node);'),
    ['const width = measure(node);', 'const depth = measure(node, axis);'],
    ['const width = measure(node);'],
  ),
  refused(
    'a short block whose other line is generic',
    'a closing brace carries no evidence; the one line with content is misspelt',
    lf('  }', '  retrun value;', '}'),
    ['  }', '  return value;'],
    ['  }', '  return value ?? null;'],
  ),
  refused(
    'two lines differ in a five-line block',
    'one slip per block under eight lines',
    cartFile,
    ['  let totl = 0;', '  for (const item of items) {', '    total += item.price * item.quantiy;', '  }', '  if (discount) {'],
    ['  let total = 0;'],
  ),
  refused(
    'a rewritten line',
    'the middle line is a different statement, not a slip of the file’s',
    cartFile,
    ['  for (const item of items) {', '    total = total + item.cost;', '  }', '  if (discount) {'],
    ['  for (const item of items) {', '    total += item.cost;', '  }', '  if (discount) {'],
  ),
  refused(
    'a boolean flipped',
    'true for false in an options block',
    lf('server.start({', '  port: 8080,', '  secure: false,', '  logRequests: verbose,', '});'),
    ['server.start({', '  port: 8080,', '  secure: true,'],
    ['server.start({', '  port: 8080,', '  secure: true,', '  retries: 2,'],
  ),
  refused(
    'add where the file has remove',
    'a different verb in the first line of a short block',
    lf('function removeItem(list, item) {', '  list.items.delete(item.id);', '  list.version++;', '}'),
    ['function addItem(list, item) {', '  list.items.delete(item.id);', '  list.version++;'],
    ['function addItem(list, item) {', '  list.items.set(item.id, item);', '  list.version++;'],
  ),
];

export const similarityReplaceAllCase: EditCase = {
  name: 'similarity refuses: replaceAll',
  why: 'replaceAll never edits loosely matched places',
  file: cartFile,
  edits: [{ oldText: text(...withLine(cart, 3, '    total += item.price * item.quantiy;').slice(0, 5)), newText: 'x', replaceAll: true }],
  expect: { failure: 'no_occurrence' },
};
