// JSON with comments as VS Code reads .vscode/mcp.json (jsonc-parser): strings reach the server unchanged whatever
// they hold, comments and trailing commas are allowed, and a broken file names the line and column of its fault.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsoncSyntaxError, lineAndColumn, parseJsonc } from '../../../src/core/text/jsonc';

describe('JSONC', () => {
  const inStrings = [
    'console.log([1, ])',
    'x, }',
    'a,]',
    'a ,\n}',
    '// not a comment',
    '/* not a comment */',
    'http://x//y',
    'end */',
    'a\\", ]',
    '{"nested": [1, ], }',
    ', ] , } ,]',
    '/*',
    '//',
  ];
  for (const text of inStrings) {
    test(`a string holding ${JSON.stringify(text)} is read as written`, () => {
      const json = `{\n  // a comment\n  "args": ["-e", ${JSON.stringify(text)}, ], /* another */\n  "key": ${JSON.stringify(text)},\n}`;
      assert.deepEqual(parseJsonc(json), { args: ['-e', text], key: text });
    });
  }

  test('the issue\'s examples: `, ]` and `, }` inside strings survive', () => {
    const parsed = parseJsonc('{ "servers": { "s": { "command": "node", "args": ["-e", "console.log([1, ])"], "cwd": "x, }", }, }, }') as {
      servers: { s: { args: string[]; cwd: string } };
    };
    assert.deepEqual(parsed.servers.s.args, ['-e', 'console.log([1, ])']);
    assert.equal(parsed.servers.s.cwd, 'x, }');
  });

  test('comments, trailing commas, escapes and CRLF', () => {
    assert.deepEqual(parseJsonc('{ // c\r\n "a": "http://x//y", /* b */ "b": [1,2,], "c": "q\\"//\\u0041", }'), { a: 'http://x//y', b: [1, 2], c: 'q"//A' });
    assert.deepEqual(parseJsonc('[\n  1, // one\n  /* two */ 2,\n]'), [1, 2]);
    assert.equal(parseJsonc(''), undefined);
    assert.equal(parseJsonc('  // only a comment\n'), undefined);
  });

  const broken: [string, string, number, number, RegExp][] = [
    ['missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3, /comma was expected/],
    ['unclosed string', '{\n  "a": "x\n}', 2, 8, /string is not closed/],
    ['unclosed comment', '{ "a": 1 /* open', 1, 10, /comment is not closed/],
    ['missing value', '{\n\t"a": ,\n}', 2, 7, /value was expected/],
    ['stray text after the end', '{}\n\nx', 3, 1, /end of the file|unexpected character/],
    ['unclosed object', '{\r\n  "a": [1, 2]\r\n', 3, 1, /closing brace/],
    ['single quotes', "{\n  'a': 1\n}", 2, 3, /unexpected character|property name/],
  ];
  for (const [what, text, line, column, message] of broken) {
    test(`a broken file is reported with its line and column: ${what}`, () => {
      assert.throws(
        () => parseJsonc(text),
        (error: unknown) => {
          assert.ok(error instanceof JsoncSyntaxError, String(error));
          assert.deepEqual([error.line, error.column], [line, column], error.message);
          assert.match(error.message, new RegExp(`^line ${line}, column ${column}: `));
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }

  test('line and column count \\r\\n, \\r and \\n as one break each', () => {
    assert.deepEqual(lineAndColumn('ab\r\ncd\ref\ngh', 10), { line: 4, column: 1 });
    assert.deepEqual(lineAndColumn('ab\r\ncd', 5), { line: 2, column: 2 });
    assert.deepEqual(lineAndColumn('abc', 0), { line: 1, column: 1 });
  });
});
