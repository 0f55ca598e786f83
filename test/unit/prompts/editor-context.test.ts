import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DIAGNOSTICS_ORIGIN, untrustedNote } from '../../../src/core/text/untrusted-data';
import {
  askAboutSelectionMessage,
  explainSelectionMessage,
  fixProblemsMessage,
  MAX_SELECTION_CHARS,
  selectionBlock,
} from '../../../src/core/prompts/editor-context';

const selection = { path: 'src/app.ts', startLine: 10, endLine: 12, languageId: 'typescript', text: 'const a = 1;\nconst b = 2;\nexport { a, b };' };

describe('editor context messages', () => {
  test('a selection names its file and line range and is fenced with its language', () => {
    const block = selectionBlock(selection);
    assert.equal(block, 'src/app.ts, lines 10-12:\n```typescript\nconst a = 1;\nconst b = 2;\nexport { a, b };\n```');
  });

  test('a one-line selection says "line N"', () => {
    assert.match(selectionBlock({ ...selection, endLine: 10, text: 'x' }), /^src\/app\.ts, line 10:/);
  });

  test('backticks in the selection cannot close the fence early', () => {
    const block = selectionBlock({ ...selection, text: 'const md = "````";' });
    assert.ok(block.includes('`````typescript\n'), block);
    assert.ok(block.endsWith('\n`````'));
  });

  test('a huge selection is cut, and the model is told so', () => {
    const block = selectionBlock({ ...selection, text: 'x'.repeat(MAX_SELECTION_CHARS + 500) });
    assert.ok(block.length < MAX_SELECTION_CHARS + 300);
    assert.match(block, /cut at 20000 characters/);
  });

  test('ask puts the question first, then the selection', () => {
    const message = askAboutSelectionMessage('  Why two consts?  ', selection);
    assert.ok(message.startsWith('Why two consts?\n\nsrc/app.ts, lines 10-12:'));
  });

  test('explain asks not to change files', () => {
    assert.match(explainSelectionMessage(selection), /Do not change any files/);
  });

  test('fix problems lists every problem with position, severity and origin; none gives no message', () => {
    const message = fixProblemsMessage('src/app.ts', [
      { line: 3, column: 5, severity: 'error', message: "Cannot find name 'c'.", source: 'ts', code: '2304' },
      { line: 9, column: 1, severity: 'warning', message: 'Unused variable' },
    ]);
    assert.ok(message);
    assert.ok(
      message.endsWith(
        `Problems (2):\n<diagnostics path="src/app.ts" count="2" untrusted="true">\n${untrustedNote(DIAGNOSTICS_ORIGIN)}\n- line 3:5 error: Cannot find name 'c'. (ts 2304)\n- line 9:1 warning: Unused variable\n</diagnostics>`,
      ),
      message,
    );
    assert.equal(fixProblemsMessage('src/app.ts', []), undefined);
  });
});
