// Blank-line drift: the model dropped a blank line between statements, added one, or merged two. Only the blank
// lines differ, so the edit applies and the file keeps its own blank lines wherever the model did not touch.

import { crlf, lf, text, type EditCase } from './case';

const handler = lf(
  'export function handle(req) {',
  '  const user = auth(req);',
  '',
  '  const body = parse(req.body);',
  '  validate(body);',
  '',
  '  return save(user, body);',
  '}',
);

const blankNote = 'matched after normalising whitespace and blank lines (the file\'s blank lines kept)';

export const blankLineCases: EditCase[] = [
  {
    name: 'blank lines: the model dropped a blank line between statements',
    why: 'models often squeeze out the blank lines that separate paragraphs of code',
    file: handler,
    edits: [
      {
        oldText: text('  const user = auth(req);', '  const body = parse(req.body);', '  validate(body);'),
        newText: text('  const user = auth(req);', '  const body = parse(req.body);', '  validate(body, { strict: true });'),
      },
    ],
    expect: {
      strategies: ['whitespace-normalised'],
      content: lf(
        'export function handle(req) {',
        '  const user = auth(req);',
        '',
        '  const body = parse(req.body);',
        '  validate(body, { strict: true });',
        '',
        '  return save(user, body);',
        '}',
      ),
      messageIncludes: `${blankNote} at lines 2-5`,
    },
  },
  {
    name: 'blank lines: the model added a blank line the file does not have',
    why: 'the reverse: a blank line invented between two statements must not be written into the file',
    file: lf('const a = load();', 'const b = transform(a);', 'write(b);'),
    edits: [{ oldText: text('const a = load();', '', 'const b = transform(a);', 'write(b);'), newText: text('const a = load();', '', 'const b = transform(a, opts);', 'write(b);') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('const a = load();', 'const b = transform(a, opts);', 'write(b);'), messageIncludes: `${blankNote} at lines 1-3` },
  },
  {
    name: 'blank lines: two blank lines in the file, one in oldText',
    why: 'PEP 8 puts two blank lines between top-level functions; models often print one',
    file: lf('def first():', '    return 1', '', '', 'def second():', '    return 2'),
    edits: [{ oldText: text('    return 1', '', 'def second():', '    return 2'), newText: text('    return 1', '', 'def second():', '    return 22') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('def first():', '    return 1', '', '', 'def second():', '    return 22') },
  },
  {
    name: 'blank lines: a line inserted where the model dropped a blank line',
    why: 'new lines go where the model put them; the file’s blank line still separates what it separated',
    file: lf('import a from "a";', '', 'import b from "b";', 'run(a, b);'),
    edits: [{ oldText: text('import a from "a";', 'import b from "b";'), newText: text('import a from "a";', 'import c from "c";', 'import b from "b";') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('import a from "a";', 'import c from "c";', '', 'import b from "b";', 'run(a, b);') },
  },
  {
    name: 'blank lines: deleting a statement keeps the blank line that separated it',
    why: 'the blank line still separates the lines on either side of the deleted one',
    file: lf('setup();', '', 'debugDump(state);', 'run();'),
    edits: [{ oldText: text('setup();', 'debugDump(state);', 'run();'), newText: text('setup();', 'run();') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('setup();', '', 'run();') },
  },
  {
    name: 'blank lines: deleting the whole block takes its inner blank lines along',
    why: 'a blank line between two deleted lines separates nothing any more; leaving it would be a stray line',
    file: lf('keep();', 'legacyA();', '', 'legacyB();', 'keepToo();'),
    edits: [{ oldText: text('legacyA();', 'legacyB();', ''), newText: '' }],
    expect: { strategies: ['whitespace-normalised'], content: lf('keep();', 'keepToo();') },
  },
  {
    name: 'blank lines: dropped blank line and missing indentation together',
    why: 'two drifts at once: the non-blank lines are re-indented, the blank line is kept',
    file: lf('class Store {', '    save(item) {', '        this.items.push(item);', '', '        this.emit("saved", item);', '    }', '}'),
    edits: [{ oldText: text('this.items.push(item);', 'this.emit("saved", item);'), newText: text('this.items.push(item);', 'this.dirty = true;', 'this.emit("saved", item);') }],
    expect: {
      strategies: ['whitespace-normalised'],
      content: lf('class Store {', '    save(item) {', '        this.items.push(item);', '        this.dirty = true;', '', '        this.emit("saved", item);', '    }', '}'),
    },
  },
  {
    name: 'blank lines: CRLF file with a dropped blank line',
    why: 'blank-line alignment and CRLF output together',
    file: crlf('[server]', 'port = 80', '', '[client]', 'retries = 3'),
    edits: [{ oldText: text('port = 80', '[client]'), newText: text('port = 8080', '[client]') }],
    expect: { strategies: ['whitespace-normalised'], content: crlf('[server]', 'port = 8080', '', '[client]', 'retries = 3') },
  },
  {
    name: 'blank lines: an indented blank line in oldText, an empty one in the file',
    why: 'the model kept the indentation on a blank line; trailing whitespace is all that differs',
    file: lf('def run():', '    setup()', '', '    execute()'),
    edits: [{ oldText: text('    setup()', '    ', '    execute()'), newText: text('    setup()', '    ', '    execute(fast=True)') }],
    expect: { strategies: ['line-trimmed'], content: lf('def run():', '    setup()', '', '    execute(fast=True)') },
  },
  {
    name: 'refused: blank-line drift that fits two places',
    why: 'ignoring blank lines must not turn two look-alike regions into a guess',
    file: lf('open();', '', 'close();', 'log();', 'open();', '', '', 'close();'),
    edits: [{ oldText: text('open();', 'close();'), newText: text('open();', 'flush();', 'close();') }],
    expect: { failure: 'multiple_occurrences', strategy: 'whitespace-normalised', candidateLines: [1, 5] },
  },
  {
    name: 'near miss: blank-line drift with a changed line is not a blank-line match',
    why: 'only blank lines may differ in this pass; a changed statement is a different text',
    file: lf('alpha();', '', 'beta();'),
    edits: [{ oldText: text('alpha();', 'gamma();'), newText: text('alpha();', 'delta();') }],
    expect: { failure: 'no_occurrence' },
  },
];
