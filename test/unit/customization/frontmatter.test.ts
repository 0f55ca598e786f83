// Frontmatter as the peers write it: fences, comments, lists as strings, broken YAML reported at its file line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { booleanField, listField, splitFrontmatter, splitList, stringField } from '../../../src/core/customization/frontmatter';

describe('frontmatter', () => {
  test('splits a Cursor rule: comments, a comma-separated globs string, CRLF line ends and a BOM', () => {
    const text = '\uFEFF---\r\n# team rule\r\ndescription: TypeScript style\r\nglobs: src/**/*.ts, test/**/*.{ts,tsx}\r\nalwaysApply: false\r\n---\r\nUse strict mode.\r\n';
    const split = splitFrontmatter(text);
    assert.equal(split.hasFrontmatter, true);
    assert.deepEqual(split.problems, []);
    assert.equal(split.body.trim(), 'Use strict mode.');
    assert.equal(split.bodyLine, 7);
    assert.equal(stringField(split.data, 'description'), 'TypeScript style');
    assert.deepEqual(listField(split.data, 'globs'), ['src/**/*.ts', 'test/**/*.{ts,tsx}']);
    assert.equal(booleanField(split.data, 'alwaysApply'), false);
  });

  test('a file without frontmatter is all body; a horizontal rule further down is not a fence', () => {
    const split = splitFrontmatter('# Rules\n\n---\n\nMore.');
    assert.equal(split.hasFrontmatter, false);
    assert.equal(split.body, '# Rules\n\n---\n\nMore.');
  });

  test('broken YAML is reported at its line in the file, the body kept, nothing thrown', () => {
    const split = splitFrontmatter('---\ndescription: ok\napplyTo: [src/**\nname: x\n---\nBody');
    assert.equal(split.body, 'Body');
    assert.equal(split.problems.length > 0, true);
    assert.equal(split.problems[0]!.line >= 3 && split.problems[0]!.line <= 5, true, JSON.stringify(split.problems));
    assert.deepEqual(split.data, { description: 'ok', name: 'x' }, 'the broken field alone is left out');
  });

  test('an unclosed fence, a scalar instead of a mapping, wrong field types', () => {
    assert.equal(splitFrontmatter('---\na: 1\nno end').problems[0]!.line, 1);
    assert.match(splitFrontmatter('---\njust text\n---\nB').problems[0]!.message, /not a list of "key: value"/);
    const warnings: string[] = [];
    const data = splitFrontmatter('---\nalwaysApply: "yes"\nglobs: 3\ndescription: [a]\n---\n').data;
    assert.equal(booleanField(data, 'alwaysApply', { warn: (m) => warnings.push(m) }), undefined);
    assert.equal(listField(data, 'globs', { warn: (m) => warnings.push(m) }), undefined);
    assert.equal(stringField(data, 'description', { warn: (m) => warnings.push(m) }), undefined);
    assert.equal(warnings.length, 3);
  });

  test('lists: YAML lists, quoted items, braces kept whole', () => {
    assert.deepEqual(splitList('"a/*.ts", b/{x,y}/*.md ,, c'), ['a/*.ts', 'b/{x,y}/*.md', 'c']);
    assert.deepEqual(listField({ tools: ['Read', ' Grep ', 3] }, 'tools'), ['Read', 'Grep']);
  });
});
