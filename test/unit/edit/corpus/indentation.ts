// Indentation drift: blocks quoted with too little or too much indentation, tabs for spaces, another step width.
// The replacement must land re-indented by the same difference.

import { lf, text, type EditCase } from './case';

const cacheClass = lf(
  'class Cache {',
  '    get(key) {',
  '        const hit = this.map.get(key);',
  '        if (hit) {',
  '            return hit.value;',
  '        }',
  '        return undefined;',
  '    }',
  '}',
);

export const indentationCases: EditCase[] = [
  {
    name: 'indentation-flexible: block quoted without its indentation',
    why: 'the most common drift: the model strips the common indentation of a nested block',
    file: cacheClass,
    edits: [
      {
        oldText: text('const hit = this.map.get(key);', 'if (hit) {', '    return hit.value;', '}'),
        newText: text('const hit = this.map.get(key);', 'if (hit && !hit.expired) {', '    return hit.value;', '}'),
      },
    ],
    expect: {
      strategies: ['indentation-flexible'],
      content: lf(
        'class Cache {',
        '    get(key) {',
        '        const hit = this.map.get(key);',
        '        if (hit && !hit.expired) {',
        '            return hit.value;',
        '        }',
        '        return undefined;',
        '    }',
        '}',
      ),
      messageIncludes: 'matched after normalising indentation at lines 3-6; replacement re-indented from no indent to 8 spaces',
    },
  },
  {
    name: 'indentation-flexible: block quoted with one level too many',
    why: 'the model nested the quote one level deeper than the file',
    file: cacheClass,
    edits: [
      {
        oldText: text('            if (hit) {', '                return hit.value;', '            }'),
        newText: text('            if (hit) {', '                hit.touch();', '                return hit.value;', '            }'),
      },
    ],
    expect: {
      strategies: ['indentation-flexible'],
      content: lf(
        'class Cache {',
        '    get(key) {',
        '        const hit = this.map.get(key);',
        '        if (hit) {',
        '            hit.touch();',
        '            return hit.value;',
        '        }',
        '        return undefined;',
        '    }',
        '}',
      ),
    },
  },
  {
    name: 'indentation-flexible: tab-indented file, four-space oldText',
    why: 'models often turn tabs into spaces; the replacement must come back as tabs',
    file: lf('func main() {', '\tfor i := 0; i < n; i++ {', '\t\tprocess(i)', '\t}', '}'),
    edits: [
      {
        oldText: text('    for i := 0; i < n; i++ {', '        process(i)', '    }'),
        newText: text('    for i := 0; i < n; i++ {', '        if skip(i) {', '            continue', '        }', '        process(i)', '    }'),
      },
    ],
    expect: {
      strategies: ['indentation-flexible'],
      content: lf('func main() {', '\tfor i := 0; i < n; i++ {', '\t\tif skip(i) {', '\t\t\tcontinue', '\t\t}', '\t\tprocess(i)', '\t}', '}'),
      messageIncludes: 'replacement re-indented from 4 spaces (4 spaces per level) to 1 tab (1 tab per level)',
    },
  },
  {
    name: 'indentation-flexible: tab-indented file, two-space oldText without base indentation',
    why: 'another step width and no base indentation at once',
    file: lf('class A {', '\tm() {', '\t\tif (x) {', '\t\t\ty();', '\t\t}', '\t}', '}'),
    edits: [{ oldText: text('if (x) {', '  y();', '}'), newText: text('if (x) {', '  y();', '  z();', '}') }],
    expect: { strategies: ['indentation-flexible'], content: lf('class A {', '\tm() {', '\t\tif (x) {', '\t\t\ty();', '\t\t\tz();', '\t\t}', '\t}', '}') },
  },
  {
    name: 'indentation-flexible: space-indented file, tab oldText',
    why: 'the reverse: the model wrote tabs into a two-space file',
    file: lf('export function f() {', '  if (ok) {', '    go();', '  }', '}'),
    edits: [{ oldText: text('\tif (ok) {', '\t\tgo();', '\t}'), newText: text('\tif (ok) {', '\t\tgo();', '\t} else {', '\t\tstop();', '\t}') }],
    expect: { strategies: ['indentation-flexible'], content: lf('export function f() {', '  if (ok) {', '    go();', '  } else {', '    stop();', '  }', '}') },
  },
  {
    name: 'indentation-flexible: two-space file, four-space oldText',
    why: 'the model re-formatted to its favourite step width',
    file: lf('items.forEach((item) => {', '  if (item.done) {', '    archive(item);', '  }', '});'),
    edits: [
      {
        oldText: text('    if (item.done) {', '        archive(item);', '    }'),
        newText: text('    if (item.done) {', '        archive(item);', '        notify(item.owner);', '    }'),
      },
    ],
    expect: { strategies: ['indentation-flexible'], content: lf('items.forEach((item) => {', '  if (item.done) {', '    archive(item);', '    notify(item.owner);', '  }', '});') },
  },
  {
    name: 'indentation-flexible: replacement nests deeper than the original block',
    why: 'new levels in newText must use the file’s step too',
    file: lf('def handler(event):', '    payload = event["body"]', '    return process(payload)'),
    edits: [
      {
        oldText: text('payload = event["body"]', 'return process(payload)'),
        newText: text('payload = event["body"]', 'try:', '    return process(payload)', 'except ValueError:', '    return None'),
      },
    ],
    expect: {
      strategies: ['indentation-flexible'],
      content: lf('def handler(event):', '    payload = event["body"]', '    try:', '        return process(payload)', '    except ValueError:', '        return None'),
    },
  },
  {
    name: 'indentation-flexible: a replacement line less indented than the quoted block',
    why: 'newText may step out of the block; it must step out by the file’s step, not the model’s',
    file: lf('function outer() {', '    function inner() {', '        return 1;', '    }', '}'),
    edits: [
      {
        oldText: text('  function inner() {', '    return 1;', '  }'),
        newText: text('  function inner() {', '    return 2;', '  }', '// inner returns 2'),
      },
    ],
    expect: { strategies: ['indentation-flexible'], content: lf('function outer() {', '    function inner() {', '        return 2;', '    }', '// inner returns 2', '}') },
  },
  {
    name: 'indentation-flexible: JSDoc alignment spaces survive',
    why: 'the one-space " * " alignment is not a nesting level',
    file: lf('class Api {', '    /**', '     * Loads a user.', '     */', '    load() {}', '}'),
    edits: [{ oldText: text('/**', ' * Loads a user.', ' */'), newText: text('/**', ' * Loads a user by id.', ' * @param id the user id', ' */') }],
    expect: { strategies: ['indentation-flexible'], content: lf('class Api {', '    /**', '     * Loads a user by id.', '     * @param id the user id', '     */', '    load() {}', '}') },
  },
  {
    name: 'indentation-flexible: Python method quoted at top level',
    why: 'significant indentation: a wrong re-indent would change the program',
    file: lf('class Repo:', '    def save(self, item):', '        self.items.append(item)', '        return item'),
    edits: [
      {
        oldText: text('def save(self, item):', '    self.items.append(item)', '    return item'),
        newText: text('def save(self, item):', '    if item is None:', '        raise ValueError("item")', '    self.items.append(item)', '    return item'),
      },
    ],
    expect: {
      strategies: ['indentation-flexible'],
      content: lf('class Repo:', '    def save(self, item):', '        if item is None:', '            raise ValueError("item")', '        self.items.append(item)', '        return item'),
    },
  },
  {
    name: 'indentation-flexible: YAML mapping quoted without its parent indentation',
    why: 'YAML nesting is meaning; the new key must land at its siblings’ depth',
    file: lf('services:', '  web:', '    image: nginx', '    ports:', '      - "80:80"'),
    edits: [{ oldText: text('image: nginx', 'ports:', '  - "80:80"'), newText: text('image: nginx:1.27', 'ports:', '  - "80:80"', '  - "443:443"') }],
    expect: { strategies: ['indentation-flexible'], content: lf('services:', '  web:', '    image: nginx:1.27', '    ports:', '      - "80:80"', '      - "443:443"') },
  },
  {
    name: 'indentation-flexible: one line quoted with more indentation than the file has',
    why: 'a single line cannot be a substring when it has extra leading spaces',
    file: lf('    if (done) {', '        return total;', '    }'),
    edits: [{ oldText: '            return total;', newText: '            return total + tax;' }],
    expect: { strategies: ['indentation-flexible'], content: lf('    if (done) {', '        return total + tax;', '    }') },
  },
  {
    name: 'indentation-flexible: tabs file, oldText one tab short',
    why: 'a plain change of base indentation keeps every character after it',
    file: lf('\t\tswitch (k) {', '\t\tcase 1:', '\t\t\tbreak;', '\t\t}'),
    edits: [{ oldText: text('\tswitch (k) {', '\tcase 1:', '\t\tbreak;', '\t}'), newText: text('\tswitch (k) {', '\tcase 1:', '\t\treturn 1;', '\t}') }],
    expect: { strategies: ['indentation-flexible'], content: lf('\t\tswitch (k) {', '\t\tcase 1:', '\t\t\treturn 1;', '\t\t}') },
  },
  {
    name: 'indentation-flexible: indented blank line inside the block',
    why: 'blank lines take no part in the indentation arithmetic',
    file: lf('  setup();', '  ', '  run();'),
    edits: [{ oldText: text('setup();', '', 'run();'), newText: text('setup();', '', 'run();', 'teardown();') }],
    expect: { strategies: ['indentation-flexible'], content: lf('  setup();', '  ', '  run();', '  teardown();') },
  },
  {
    name: 'indentation-flexible: trailing spaces and missing indentation together',
    why: 'the trimmed comparison absorbs trailing whitespace while the nesting is still checked',
    file: lf('    const a = 1;   ', '    const b = 2;'),
    edits: [{ oldText: text('const a = 1;', 'const b = 2;'), newText: text('const a = 1;', 'const b = 3;') }],
    expect: { strategies: ['indentation-flexible'], content: lf('    const a = 1;   ', '    const b = 3;') },
  },
];
