// Escaping drift: the model's text went through one JSON encoding too many, or its quotes turned typographic.

import { lf, text, type EditCase } from './case';

export const escapeCases: EditCase[] = [
  {
    name: 'escape-normalised: escaped double quotes',
    why: 'the model escaped the quotes of a string literal as if writing JSON',
    file: lf('function greet() {', '  console.log("hello");', '}'),
    edits: [{ oldText: '  console.log(\\"hello\\");', newText: '  console.log(\\"hello, world\\");' }],
    expect: {
      strategies: ['escape-normalised'],
      content: lf('function greet() {', '  console.log("hello, world");', '}'),
      messageIncludes: 'matched after normalising escapes and quotes at line 2',
    },
  },
  {
    name: 'escape-normalised: a whole block sent on one line with literal \\n',
    why: 'double-encoded arguments arrive with "\\n" instead of line breaks',
    file: lf('if (user) {', '  render(user);', '}'),
    edits: [{ oldText: 'if (user) {\\n  render(user);\\n}', newText: 'if (user) {\\n  render(user);\\n  track(user.id);\\n}' }],
    expect: { strategies: ['escape-normalised'], content: lf('if (user) {', '  render(user);', '  track(user.id);', '}') },
  },
  {
    name: 'escape-normalised: literal \\t for tab indentation',
    why: 'tabs double-encoded as "\\t"',
    file: lf('func f() {', '\treturn 1', '}'),
    edits: [{ oldText: 'func f() {\\n\\treturn 1\\n}', newText: 'func f() {\\n\\treturn 2\\n}' }],
    expect: { strategies: ['escape-normalised'], content: lf('func f() {', '\treturn 2', '}') },
  },
  {
    name: 'escape-normalised: doubled backslashes',
    why: 'a real backslash escape in the file, escaped once more by the model',
    file: lf('const parts = p.split("\\\\");', 'return parts;'),
    edits: [{ oldText: 'const parts = p.split(\\"\\\\\\\\\\");', newText: 'const parts = p.split(/[\\\\\\\\/]/);' }],
    expect: { strategies: ['escape-normalised'], content: lf('const parts = p.split(/[\\\\/]/);', 'return parts;') },
  },
  {
    name: 'escape-normalised: escaped quotes on a line whose \\n escape is real',
    why: 'unescaping everything would split the line; only the quotes were over-escaped',
    file: lf('log("a\\nb");', 'done();'),
    edits: [{ oldText: 'log(\\"a\\nb\\");', newText: 'log(\\"a\\nb\\nc\\");' }],
    expect: { strategies: ['escape-normalised'], content: lf('log("a\\nb\\nc");', 'done();') },
  },
  {
    name: 'escape-normalised: typographic double quotes from the model',
    why: 'chat formatting turned ASCII quotes into “ ”; newText gets ASCII back because the file has none',
    file: lf('const title = "Settings";', 'export default title;'),
    edits: [{ oldText: 'const title = “Settings”;', newText: 'const title = “Preferences”;' }],
    expect: { strategies: ['escape-normalised'], content: lf('const title = "Preferences";', 'export default title;') },
  },
  {
    name: 'escape-normalised: typographic single quotes from the model',
    why: '‘ ’ for the quotes of a test name',
    file: lf("it('adds numbers', () => {", '  expect(add(1, 2)).toBe(3);', '});'),
    edits: [
      {
        oldText: text('it(‘adds numbers’, () => {', '  expect(add(1, 2)).toBe(3);'),
        newText: text('it(‘adds numbers’, () => {', '  expect(add(1, 2)).toBe(3);', '  expect(add(-1, 1)).toBe(0);'),
      },
    ],
    expect: { strategies: ['escape-normalised'], content: lf("it('adds numbers', () => {", '  expect(add(1, 2)).toBe(3);', '  expect(add(-1, 1)).toBe(0);', '});') },
  },
  {
    name: 'escape-normalised: typographic quotes in the file, ASCII from the model',
    why: 'prose in the file uses “ ”; the model typed plain quotes, and its newText is kept as written',
    file: lf('<p>The “fast” path skips validation.</p>', '<p>Use it with care.</p>'),
    edits: [{ oldText: '<p>The "fast" path skips validation.</p>', newText: '<p>The “fast” path skips most validation.</p>' }],
    expect: { strategies: ['escape-normalised'], content: lf('<p>The “fast” path skips most validation.</p>', '<p>Use it with care.</p>') },
  },
  {
    name: "escape-normalised: escaped single quotes",
    why: "\\' inside a single-quoted string is needed in the file, outside it is noise",
    file: lf("const q = 'SELECT 1';", 'run(q);'),
    edits: [{ oldText: "const q = \\'SELECT 1\\';", newText: "const q = \\'SELECT 2\\';" }],
    expect: { strategies: ['escape-normalised'], content: lf("const q = 'SELECT 2';", 'run(q);') },
  },
  {
    name: 'escape-normalised: escaped backticks of a template literal',
    why: 'backticks escaped as if inside another template',
    file: lf('const msg = `Hello ${name}`;', 'send(msg);'),
    edits: [{ oldText: 'const msg = \\`Hello ${name}\\`;', newText: 'const msg = \\`Hi ${name}!\\`;' }],
    expect: { strategies: ['escape-normalised'], content: lf('const msg = `Hi ${name}!`;', 'send(msg);') },
  },
  {
    name: 'escape-normalised: JSON-encoded block with quotes and newlines',
    why: 'the whole argument double-encoded: line breaks and quotes both escaped',
    file: lf('const headers = {', '  "Content-Type": "application/json",', '};'),
    edits: [
      {
        oldText: 'const headers = {\\n  \\"Content-Type\\": \\"application/json\\",\\n};',
        newText: 'const headers = {\\n  \\"Content-Type\\": \\"application/json\\",\\n  \\"Accept\\": \\"application/json\\",\\n};',
      },
    ],
    expect: { strategies: ['escape-normalised'], content: lf('const headers = {', '  "Content-Type": "application/json",', '  "Accept": "application/json",', '};') },
  },
  {
    name: 'escape-normalised: escaped quotes and missing indentation together',
    why: 'unescaped lines are still re-indented to the file',
    file: lf('class Log {', '    info() {', '        print("info");', '    }', '}'),
    edits: [{ oldText: 'info() {\\n    print(\\"info\\");\\n}', newText: 'info() {\\n    print(\\"INFO\\");\\n}' }],
    expect: { strategies: ['escape-normalised'], content: lf('class Log {', '    info() {', '        print("INFO");', '    }', '}') },
  },
  {
    name: 'escape-normalised: a fragment of a line with escaped quotes',
    why: 'models quote just the call they change, and escape its quotes on the way',
    file: lf('function greet(name) {', '  console.log("hello", name);', '}'),
    edits: [{ oldText: 'console.log(\\"hello\\", name)', newText: 'console.info(\\"hello\\", name)' }],
    expect: {
      strategies: ['escape-normalised'],
      content: lf('function greet(name) {', '  console.info("hello", name);', '}'),
      messageIncludes: 'matched after normalising escapes and quotes at line 2',
    },
  },
  {
    name: 'escape-normalised: a fragment of a line with typographic quotes',
    why: 'a string literal quoted alone, its quotes turned typographic by chat formatting',
    file: lf('const labels = { save: "Save", cancel: "Cancel" };'),
    edits: [{ oldText: 'cancel: “Cancel”', newText: 'cancel: “Discard”' }],
    expect: { strategies: ['escape-normalised'], content: lf('const labels = { save: "Save", cancel: "Discard" };') },
  },
  {
    name: 'refused: an escaped fragment that occurs twice once unescaped',
    why: 'decoding must not make a guess: both calls read the same after unescaping',
    file: lf('log("start");', 'work();', 'log("start");'),
    edits: [{ oldText: 'log(\\"start\\")', newText: 'log(\\"begin\\")' }],
    expect: { failure: 'multiple_occurrences', strategy: 'escape-normalised', candidateLines: [1, 3] },
  },
  {
    name: 'replaceAll: an escaped fragment replaced everywhere',
    why: 'replaceAll with a double-encoded argument: each occurrence changes once, unescaped',
    file: lf('t("Save");', 'button(t("Save"));'),
    edits: [{ oldText: 't(\\"Save\\")', newText: 't(\\"Store\\")', replaceAll: true }],
    expect: { strategies: ['escape-normalised'], content: lf('t("Store");', 'button(t("Store"));'), messageIncludes: 'at 2 places: lines 1, 2' },
  },
];
