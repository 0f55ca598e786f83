import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyInlineAnswer, inlineEditRequest, parseEditBlocks } from '../../../src/core/inline-edit/inline-edit-request';

const FILE = ['export function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}', ''].join('\n');

const block = (search: string, replace: string) => `<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;
const userText = (request: ReturnType<typeof inlineEditRequest>) => {
  const part = request.messages[0]!.content[0]!;
  return part.type === 'text' ? part.text : '';
};

describe('inline edit request', () => {
  test('shows the file, the selected lines and the instruction; no tools are offered', () => {
    const request = inlineEditRequest({
      target: { path: 'src/total.js', languageId: 'javascript', text: FILE, selection: { startLine: 2, endLine: 4, text: 'x' }, cursorLine: 2 },
      instruction: '  use reduce  ',
    });
    const text = userText(request);
    assert.match(text, /^File: src\/total\.js \(javascript\)\n```\nexport function total/);
    assert.match(text, /The selected lines \(2-4\):\n```\nx\n```/);
    assert.match(text, /Instruction:\nuse reduce$/);
    assert.deepEqual(request.tools, []);
    assert.match(request.system, /<<<<<<< SEARCH/);
  });

  test('without a selection names the cursor line; refining names the earlier instructions', () => {
    const text = userText(
      inlineEditRequest({ target: { path: 'a.js', languageId: 'javascript', text: FILE, cursorLine: 4 }, instruction: 'also round it', earlier: ['use reduce'] }),
    );
    assert.match(text, /The cursor is on line 4: "  return sum;"\. There is no selection\./);
    assert.match(text, /earlier proposal for these instructions, oldest first:\n- use reduce\n/);
  });

  test('a fence inside the file gets a longer fence', () => {
    const text = userText(inlineEditRequest({ target: { path: 'a.md', languageId: 'markdown', text: '```js\nx\n```\n', cursorLine: 1 }, instruction: 'x' }));
    assert.match(text, /^File: a\.md \(markdown\)\n````\n```js/);
  });
});

describe('inline edit answer', () => {
  test('blocks are applied with the edit engine, all of them, in a fence or not', () => {
    const answer = '```\n' + block('  let sum = 0;\n', '  let sum = 0n;\n') + block('  return sum;\n', '  return Number(sum);\n') + '```';
    const result = applyInlineAnswer(FILE, answer, 0);
    assert.deepEqual(result, { ok: true, blocks: 2, text: FILE.replace('let sum = 0;', 'let sum = 0n;').replace('return sum;', 'return Number(sum);') });
  });

  test('the engine\'s tolerance applies: a SEARCH part with lost indentation still finds its line', () => {
    const result = applyInlineAnswer(FILE, block('return sum;\n', 'return sum * 2;\n'), 0);
    assert.equal(result.ok && result.text, FILE.replace('return sum;', 'return sum * 2;'));
  });

  test('an empty SEARCH inserts at the cursor: before the line at its start, after it inside it', () => {
    const atStart = applyInlineAnswer(FILE, block('', '// totals\n'), 0);
    assert.equal(atStart.ok && atStart.text, `// totals\n${FILE}`);
    const inside = applyInlineAnswer(FILE, block('', '  // done\n'), FILE.indexOf('sum = 0') + 2);
    assert.equal(inside.ok && inside.text, FILE.replace('  let sum = 0;\n', '  let sum = 0;\n  // done\n'));
  });

  test('CRLF files keep CRLF', () => {
    const crlf = FILE.replace(/\n/g, '\r\n');
    const result = applyInlineAnswer(crlf, block('  return sum;\n', '  return sum + 1;\n'), 0);
    assert.equal(result.ok && result.text, crlf.replace('return sum;', 'return sum + 1;'));
    const inserted = applyInlineAnswer(crlf, block('', 'a\nb\n'), 0);
    assert.equal(inserted.ok && inserted.text, `a\r\nb\r\n${crlf}`);
  });

  test('prose, a CANNOT, an unclosed block, two insertions, a SEARCH that matches nothing and no change are refusals', () => {
    assert.deepEqual(applyInlineAnswer(FILE, 'Sure! Here is the code.', 0), { ok: false, reason: 'no-blocks', message: 'the answer holds no edit block' });
    assert.deepEqual(applyInlineAnswer(FILE, 'CANNOT: the function lives in another file', 0), { ok: false, reason: 'cannot', message: 'the function lives in another file' });
    assert.equal(applyInlineAnswer(FILE, '<<<<<<< SEARCH\n  return sum;\n=======\n  return 1;\n', 0).ok, false);
    assert.equal((applyInlineAnswer(FILE, block('', 'a\n') + block('', 'b\n'), 0) as { reason: string }).reason, 'malformed');
    assert.equal((applyInlineAnswer(FILE, block('  return total;\n', '  return 0;\n'), 0) as { reason: string }).reason, 'no-match');
    assert.equal((applyInlineAnswer(FILE, block('  return sum;\n', '  return sum;\n'), 0) as { reason: string }).reason, 'no-change');
  });

  test('parseEditBlocks keeps empty lines inside a block and reads a deletion', () => {
    const parsed = parseEditBlocks(block('a\n\nb\n', ''));
    assert.deepEqual(parsed, { ok: true, blocks: [{ oldText: 'a\n\nb\n', newText: '' }] });
  });
});
