// Trailing and internal whitespace drift: what editors and models add or drop without anyone seeing it.

import { crlf, lf, text, type EditCase } from './case';

export const whitespaceCases: EditCase[] = [
  {
    name: 'line-trimmed: trailing spaces in the file (a kept line keeps them)',
    why: 'files often carry trailing spaces the model never reproduces; the line it did not change stays as it was',
    file: lf('function flush() {', '  queue.drain();   ', '  log("flushed");', '}'),
    edits: [{ oldText: text('  queue.drain();', '  log("flushed");'), newText: text('  queue.drain();', '  log("flushed", queue.size);') }],
    expect: {
      strategies: ['line-trimmed'],
      content: lf('function flush() {', '  queue.drain();   ', '  log("flushed", queue.size);', '}'),
      messageIncludes: 'matched after ignoring trailing whitespace at lines 2-3',
    },
  },
  {
    name: 'line-trimmed: trailing spaces added by the model',
    why: 'some models pad lines when they reproduce them',
    file: lf('if (ready) {', '  start();', '}'),
    edits: [{ oldText: text('if (ready) {  ', '  start(); ', '}'), newText: text('if (ready) {', '  start({ fast: true });', '}') }],
    expect: { strategies: ['line-trimmed'], content: lf('if (ready) {', '  start({ fast: true });', '}') },
  },
  {
    name: 'line-trimmed: trailing tab in the file',
    why: 'a stray tab at a line end is as invisible as a space',
    file: lf('SELECT id,\t', '       name', 'FROM users;'),
    edits: [{ oldText: text('SELECT id,', '       name', 'FROM users;'), newText: text('SELECT id,', '       name,', '       email', 'FROM users;') }],
    expect: { strategies: ['line-trimmed'], content: lf('SELECT id,\t', '       name,', '       email', 'FROM users;') },
  },
  {
    name: 'line-trimmed: trailing spaces in a CRLF file',
    why: 'trailing whitespace and CR both sit at the line end; only the spaces may go',
    file: crlf('<ul>  ', '  <li>One</li>', '</ul>'),
    edits: [{ oldText: text('<ul>', '  <li>One</li>', '</ul>'), newText: text('<ul>', '  <li>One</li>', '  <li>Two</li>', '</ul>') }],
    expect: { strategies: ['line-trimmed'], content: crlf('<ul>  ', '  <li>One</li>', '  <li>Two</li>', '</ul>') },
  },
  {
    name: 'line-trimmed: an indented blank line in the file, empty in oldText',
    why: 'editors leave indentation on blank lines; models print them empty',
    file: lf('def run():', '    setup()', '    ', '    execute()'),
    edits: [{ oldText: text('    setup()', '', '    execute()'), newText: text('    setup()', '', '    execute(dry_run=True)') }],
    expect: { strategies: ['line-trimmed'], content: lf('def run():', '    setup()', '    ', '    execute(dry_run=True)') },
  },
  {
    name: 'whitespace-normalised: doubled spaces inside lines',
    why: 'aligned assignments in the file, single spaces from the model',
    file: lf('const width  = 640;', 'const height = 480;'),
    edits: [{ oldText: text('const width = 640;', 'const height = 480;'), newText: text('const width = 800;', 'const height = 600;') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('const width = 800;', 'const height = 600;') },
  },
  {
    name: 'whitespace-normalised: column-aligned object literal',
    why: 'formatter alignment is rarely reproduced by a model',
    file: lf('const limits = {', '  cpu:    2,', '  memory: 512,', '};'),
    edits: [{ oldText: text('  cpu: 2,', '  memory: 512,'), newText: text('  cpu: 4,', '  memory: 1024,') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('const limits = {', '  cpu: 4,', '  memory: 1024,', '};') },
  },
  {
    name: 'whitespace-normalised: a tab inside a line where the model typed a space',
    why: 'tabs used for alignment inside a line',
    file: lf('#define MAX_USERS\t100', '#define MAX_GROUPS\t10'),
    edits: [{ oldText: text('#define MAX_USERS 100', '#define MAX_GROUPS 10'), newText: text('#define MAX_USERS 200', '#define MAX_GROUPS 20') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('#define MAX_USERS 200', '#define MAX_GROUPS 20') },
  },
  {
    name: 'whitespace-normalised: flattened nesting is re-indented line by line',
    why: 'a model that lost all indentation of a nested block; kept lines take their file indentation back',
    file: lf('function check(a) {', '    if (a) {', '        warn();', '    }', '}'),
    edits: [{ oldText: text('if (a) {', 'warn();', '}'), newText: text('if (a) {', 'warn();', 'count++;', '}') }],
    expect: {
      strategies: ['whitespace-normalised'],
      content: lf('function check(a) {', '    if (a) {', '        warn();', '        count++;', '    }', '}'),
      messageIncludes: 'line by line',
    },
  },
  {
    name: 'whitespace-normalised: irregular indentation plus doubled spaces',
    why: 'both kinds of drift in one block, the indentation not a common shift; the unchanged lines keep the file’s spacing',
    file: lf('  if (x  ===  1) {', '      y();', '  }'),
    edits: [{ oldText: text('if (x === 1) {', '   y();', '}'), newText: text('if (x === 1) {', '   z();', '}') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('  if (x  ===  1) {', '      z();', '  }') },
  },
];
