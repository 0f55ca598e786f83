import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { expectFailure, expectSuccess, testContext, ToolHarness } from './harness';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('read_file', () => {
  it('shows the file with line numbers and reports the absolute path for the permission check', async () => {
    const h = new ToolHarness({ files: { 'src/a.ts': 'const a = 1;\r\nconst b = 2;\r\n' } });
    const outcome = await h.call('read_file', { path: 'src/a.ts' });
    assert.deepEqual(outcome.preparation?.targets, { paths: ['/workspace/src/a.ts'] });
    assert.equal(expectSuccess(outcome), '1\tconst a = 1;\n2\tconst b = 2;');
    assert.equal(outcome.options?.alreadyTruncated, true, 'the tool pages itself; the runtime must not cut again');
  });

  it('accepts absolute paths and normalises them', async () => {
    const h = new ToolHarness({ files: { 'src/a.ts': 'x\n' } });
    const outcome = await h.call('read_file', { path: '/workspace/src/../src/./a.ts' });
    assert.deepEqual(outcome.preparation?.targets.paths, ['/workspace/src/a.ts']);
    assert.equal(expectSuccess(outcome), '1\tx');
  });

  it('pages with offset and limit and says exactly where to continue', async () => {
    const h = new ToolHarness({ files: { 'big.txt': numbered(30) } });
    const text = expectSuccess(await h.call('read_file', { path: 'big.txt', offset: 11, limit: 10 }));
    const lines = text.split('\n');
    assert.equal(lines[0], '11\tline 11');
    assert.equal(lines[9], '20\tline 20');
    assert.match(text, /\[Showing lines 11-20 of 30\. Continue at line 21: \{"path":"big\.txt","offset":21\}\]$/);
  });

  it('the last page has no continuation hint', async () => {
    const h = new ToolHarness({ files: { 'big.txt': numbered(30) } });
    const text = expectSuccess(await h.call('read_file', { path: 'big.txt', offset: 21 }));
    assert.equal(text.split('\n').length, 10);
    assert.doesNotMatch(text, /Continue/);
  });

  it('stops at the output size limit and hints the next line', async () => {
    const line = 'x'.repeat(1000);
    const h = new ToolHarness({ files: { 'wide.txt': Array.from({ length: 100 }, () => line).join('\n') } });
    const text = expectSuccess(await h.call('read_file', { path: 'wide.txt' }));
    const shown = text.split('\n').filter((l) => /^\s*\d+\t/.test(l)).length;
    assert.ok(shown > 10 && shown < 100, `${shown} lines shown`);
    const footer = text.slice(text.lastIndexOf('\n') + 1);
    assert.equal(footer, `[Showing lines 1-${shown} of 100 (the output size limit was reached). Continue at line ${shown + 1}: {"path":"wide.txt","offset":${shown + 1}}]`);
  });

  it('cuts very long lines and says how long they were', async () => {
    const h = new ToolHarness({ files: { 'min.js': `${'a'.repeat(5000)}\nshort\n` } });
    const text = expectSuccess(await h.call('read_file', { path: 'min.js' }));
    assert.match(text, /^1\ta{2000}… \[line cut: 5000 characters\]\n2\tshort$/);
  });

  it('refuses an offset past the end', async () => {
    const h = new ToolHarness({ files: { 'a.txt': numbered(3) } });
    const message = expectFailure(await h.call('read_file', { path: 'a.txt', offset: 9 }), ToolErrorType.INVALID_PARAMS);
    assert.match(message, /offset 9 is past the end of a\.txt, which has 3 lines/);
  });

  it('says an empty file is empty', async () => {
    const h = new ToolHarness({ files: { 'empty.txt': '' } });
    assert.equal(expectSuccess(await h.call('read_file', { path: 'empty.txt' })), '(The file is empty.)');
  });

  it('answers a missing file with up to three similar names from its folder and the workspace', async () => {
    const h = new ToolHarness({
      files: { 'src/config.ts': '', 'src/configs.ts': '', 'lib/confg.ts': '', 'src/unrelated.ts': '', 'other/far-away-name.ts': '' },
    });
    const message = expectFailure(await h.call('read_file', { path: 'src/confi.ts' }), ToolErrorType.FILE_NOT_FOUND);
    assert.match(message, /^File not found: src\/confi\.ts\. Did you mean /);
    const suggested = [...message.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    // Nearest first: a sibling one edit away, a file elsewhere one edit away (ranked just after siblings), a sibling two away.
    assert.deepEqual(suggested, ['src/config.ts', 'lib/confg.ts', 'src/configs.ts']);
  });

  it('finds the file in another folder when its folder does not exist', async () => {
    const h = new ToolHarness({ files: { 'src/utils/format.ts': '' } });
    const message = expectFailure(await h.call('read_file', { path: 'src/util/format.ts' }), ToolErrorType.FILE_NOT_FOUND);
    assert.match(message, /Did you mean "src\/utils\/format\.ts"\?/);
  });

  it('offers no suggestion when nothing is close', async () => {
    const h = new ToolHarness({ files: { 'alpha.ts': '' } });
    const message = expectFailure(await h.call('read_file', { path: 'zzzzzzzz.md' }), ToolErrorType.FILE_NOT_FOUND);
    assert.equal(message, 'File not found: zzzzzzzz.md.');
  });

  it('refuses binary files: NUL bytes, or mostly control characters', async () => {
    const h = new ToolHarness({
      files: {
        'image.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
        'noise.bin': new Uint8Array(Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 65 : 1))),
      },
    });
    assert.match(expectFailure(await h.call('read_file', { path: 'image.png' }), ToolErrorType.EXECUTION_FAILED), /looks like a binary file/);
    assert.match(expectFailure(await h.call('read_file', { path: 'noise.bin' }), ToolErrorType.EXECUTION_FAILED), /binary/);
  });

  it('reads UTF-8 text in other scripts as text', async () => {
    const h = new ToolHarness({ files: { 'greek.txt': 'καλημέρα κόσμε\n' } });
    assert.equal(expectSuccess(await h.call('read_file', { path: 'greek.txt' })), '1\tκαλημέρα κόσμε');
  });

  it('refuses a directory and a file over the size cap', async () => {
    const h = new ToolHarness({ files: { 'src/a.ts': '', 'huge.log': new Uint8Array(6 * 1024 * 1024).fill(97) } });
    assert.match(expectFailure(await h.call('read_file', { path: 'src' }), ToolErrorType.TARGET_IS_DIRECTORY), /Use list_files/);
    assert.match(expectFailure(await h.call('read_file', { path: 'huge.log' }), ToolErrorType.FILE_TOO_LARGE), /6 MB.*search_text/);
  });

  it('shows the path on the card while the arguments stream, and never sets a result then', async () => {
    const h = new ToolHarness({ files: { 'a.ts': 'x\n' } });
    const tool = h.tool('read_file');
    const c = testContext();
    await tool.execute({ path: 'a.t' }, c.ctx, true);
    assert.equal(c.results.length, 0);
    assert.deepEqual(c.statuses.map((s) => [s.status, s.options.showTip]), [['WAIT', 'Reading a.t']]);
  });
});
