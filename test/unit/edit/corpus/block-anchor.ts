// Block-anchor: the model remembered the first and last lines right but a line or two between them slightly wrong.

import { lf, text, type EditCase } from './case';

const retryFile = lf(
  'export async function withRetry(fn, attempts = 3) {',
  '  let lastError;',
  '  for (let i = 0; i < attempts; i++) {',
  '    try {',
  '      return await fn();',
  '    } catch (err) {',
  '      lastError = err;',
  '    }',
  '  }',
  '  throw lastError;',
  '}',
);

export const blockAnchorCases: EditCase[] = [
  {
    name: 'block-anchor: one middle line misremembered',
    why: 'the model recalled a variable name wrong inside an otherwise right block',
    file: retryFile,
    edits: [
      {
        oldText: text(
          'export async function withRetry(fn, attempts = 3) {',
          '  let lastErr;',
          '  for (let i = 0; i < attempts; i++) {',
          '    try {',
          '      return await fn();',
          '    } catch (err) {',
          '      lastErr = err;',
          '    }',
          '  }',
          '  throw lastErr;',
          '}',
        ),
        newText: text('export async function withRetry(fn, attempts = 5) {', '  return retry(fn, { attempts });', '}'),
      },
    ],
    expect: {
      strategies: ['block-anchor'],
      content: lf('export async function withRetry(fn, attempts = 5) {', '  return retry(fn, { attempts });', '}'),
      messageIncludes: 'matched by its first and last lines only at lines 1-11 (the lines between are 95% similar to your oldText; check the result)',
    },
  },
  {
    name: 'block-anchor: a comment between the anchors was reworded',
    why: 'comments are what models paraphrase most',
    file: lf('function parse(input) {', '  // Strip the BOM before parsing.', '  const clean = input.replace(/^\\uFEFF/, "");', '  return JSON.parse(clean);', '}'),
    edits: [
      {
        oldText: text('function parse(input) {', '  // Strip any BOM before parsing', '  const clean = input.replace(/^\\uFEFF/, "");', '  return JSON.parse(clean);', '}'),
        newText: text('function parse(input) {', '  return JSON.parse(input.replace(/^\\uFEFF/, ""));', '}'),
      },
    ],
    expect: { strategies: ['block-anchor'], content: lf('function parse(input) {', '  return JSON.parse(input.replace(/^\\uFEFF/, ""));', '}') },
  },
  {
    name: 'block-anchor: the model left out a line',
    why: 'off by one: the file has one more line between the anchors than the quote',
    file: retryFile,
    edits: [
      {
        oldText: text(
          '  for (let i = 0; i < attempts; i++) {',
          '    try {',
          '      return await fn();',
          '    } catch (err) {',
          '    }',
          '  }',
          '  throw lastError;',
        ),
        newText: text('  for (let i = 0; i < attempts; i++) {', '    try {', '      return await fn();', '    } catch (err) {', '      lastError = err;', '      await sleep(2 ** i * 100);', '    }', '  }', '  throw lastError;'),
      },
    ],
    expect: {
      strategies: ['block-anchor'],
      content: lf(
        'export async function withRetry(fn, attempts = 3) {',
        '  let lastError;',
        '  for (let i = 0; i < attempts; i++) {',
        '    try {',
        '      return await fn();',
        '    } catch (err) {',
        '      lastError = err;',
        '      await sleep(2 ** i * 100);',
        '    }',
        '  }',
        '  throw lastError;',
        '}',
      ),
    },
  },
  {
    name: 'block-anchor: the model added a line that is not there',
    why: 'off by one the other way: the quote has a line the file lacks',
    file: lf(
      'def total(items):',
      '    subtotal = sum(i.price for i in items)',
      '    discount = best_discount(items)',
      '    shipping = 0 if subtotal > 50 else 5',
      '    fees = shipping + handling(items)',
      '    net = subtotal - discount',
      '    return net + fees',
    ),
    edits: [
      {
        oldText: text(
          'def total(items):',
          '    subtotal = sum(i.price for i in items)',
          '    discount = best_discount(items)',
          '    tax = subtotal * 0.2',
          '    shipping = 0 if subtotal > 50 else 5',
          '    fees = shipping + handling(items)',
          '    net = subtotal - discount',
          '    return net + fees',
        ),
        newText: text('def total(items):', '    return checkout(items).total'),
      },
    ],
    expect: { strategies: ['block-anchor'], content: lf('def total(items):', '    return checkout(items).total') },
  },
  {
    name: 'block-anchor: a small typo and an indentation drift together',
    why: 'the anchors match once whitespace is normalised; the replacement is re-indented',
    file: lf('class Queue {', '    drain() {', '        while (this.items.length) {', '            this.handle(this.items.shift());', '        }', '    }', '}'),
    edits: [
      {
        oldText: text('drain() {', '    while (this.item.length) {', '        this.handle(this.items.shift());', '    }', '}'),
        newText: text('drain() {', '    for (const item of this.items.splice(0)) {', '        this.handle(item);', '    }', '}'),
      },
    ],
    expect: {
      strategies: ['block-anchor'],
      content: lf('class Queue {', '    drain() {', '        for (const item of this.items.splice(0)) {', '            this.handle(item);', '        }', '    }', '}'),
    },
  },
  {
    name: 'block-anchor: three lines, middle argument misremembered',
    why: 'the shortest block the strategy accepts',
    file: lf('app.listen(port, () => {', '  console.log(`listening on ${port}`);', '});'),
    edits: [{ oldText: text('app.listen(port, () => {', '  console.log(`Listening on port ${port}`);', '});'), newText: text('app.listen(port, () => {', '  logger.info({ port }, "listening");', '});') }],
    expect: { strategies: ['block-anchor'], content: lf('app.listen(port, () => {', '  logger.info({ port }, "listening");', '});') },
  },
  {
    name: 'block-anchor: an expression altered in a config block',
    why: 'a value the model remembered from an older version of the file',
    file: lf('export default defineConfig({', '  build: { target: "es2022", sourcemap: true },', '  server: { port: 5173 },', '});'),
    edits: [
      {
        oldText: text('export default defineConfig({', '  build: { target: "es2020", sourcemap: true },', '  server: { port: 5173 },', '});'),
        newText: text('export default defineConfig({', '  build: { target: "es2022", sourcemap: false },', '  server: { port: 5173 },', '});'),
      },
    ],
    expect: { strategies: ['block-anchor'], content: lf('export default defineConfig({', '  build: { target: "es2022", sourcemap: false },', '  server: { port: 5173 },', '});') },
  },
  {
    name: 'block-anchor: a misremembered line and a dropped blank line together',
    why: 'blank lines carry no content, so the missing one costs no similarity; only the changed line does',
    file: lf('async function sync(db, api) {', '  const local = await db.all();', '', '  const remote = await api.list();', '  const diff = compare(local, remote);', '  return apply(db, diff);', '}'),
    edits: [
      {
        oldText: text('async function sync(db, api) {', '  const local = await db.all();', '  const remote = await api.fetchAll();', '  const diff = compare(local, remote);', '  return apply(db, diff);', '}'),
        newText: text('async function sync(db, api) {', '  const [local, remote] = await Promise.all([db.all(), api.list()]);', '  return apply(db, compare(local, remote));', '}'),
      },
    ],
    expect: {
      strategies: ['block-anchor'],
      content: lf('async function sync(db, api) {', '  const [local, remote] = await Promise.all([db.all(), api.list()]);', '  return apply(db, compare(local, remote));', '}'),
      messageIncludes: 'matched by its first and last lines only at lines 1-7 (the lines between are 9',
    },
  },
];
