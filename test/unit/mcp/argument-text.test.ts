// An MCP call's arguments in the approval modal: readable lines, strings unescaped, long values cut with their size.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatArguments } from '../../../src/core/mcp/argument-text';

describe('MCP arguments for people', () => {
  test('strings as they are, a newline a new line, nested values indented', () => {
    assert.equal(
      formatArguments({ path: '/tmp/notes.txt', content: 'line one\nline two', options: { overwrite: true, tags: ['a', 'b'] }, empty: {} }),
      ['path: /tmp/notes.txt', 'content:', '  line one', '  line two', 'options:', '  overwrite: true', '  tags:', '    - a', '    - b', 'empty: {}'].join('\n'),
    );
    assert.equal(formatArguments({ content: 'written by MCP\n' }), 'content: written by MCP', 'no escapes, no JSON quotes');
  });

  test('a long value is cut and says its whole size', () => {
    const text = formatArguments({ content: 'x'.repeat(12_480) });
    assert.ok(text.length < 400, `cut: ${text.length}`);
    assert.match(text, /… \(12,480 characters in all\)$/);
    const lines = formatArguments({ content: Array.from({ length: 50 }, (_, i) => `row ${i}`).join('\n') }).split('\n');
    assert.ok(lines.length <= 14, `a long multi-line value is cut too: ${lines.length}`);
    assert.match(lines.at(-1)!, /characters in all/);
  });
});
