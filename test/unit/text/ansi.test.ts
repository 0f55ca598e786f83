import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnsiStripper, stripAnsi } from '../../../src/core/text/ansi';
import { HeadTailBuffer } from '../../../src/core/text/output-buffer';

const coloured = '\x1b[1;31merror\x1b[0m: \x1b]633;C\x07build failed\x1b]0;title\x1b\\\r\ndone\n';

describe('terminal output cleaning', () => {
  it('removes colour, OSC shell-integration markers and titles, and normalises CRLF', () => {
    assert.equal(stripAnsi(coloured), 'error: build failed\ndone\n');
  });

  it('drops text overwritten by a bare carriage return (progress bars)', () => {
    assert.equal(stripAnsi('10%\r50%\r100%\nok\n'), '100%\nok\n');
  });

  it('gives the same text however the stream is split', () => {
    for (let size = 1; size <= coloured.length; size++) {
      const s = new AnsiStripper();
      let out = '';
      for (let i = 0; i < coloured.length; i += size) out += s.push(coloured.slice(i, i + size));
      out += s.flush();
      assert.equal(out, 'error: build failed\ndone\n', `chunk size ${size}`);
    }
  });
});

describe('head and tail output buffer', () => {
  it('keeps everything under its limits', () => {
    const b = new HeadTailBuffer(10, 10);
    b.append('0123456789');
    b.append('abcdefghij');
    assert.equal(b.toString(), '0123456789abcdefghij');
    assert.equal(b.droppedChars, 0);
  });

  it('keeps the head and the tail and says how much of the middle it dropped', () => {
    const b = new HeadTailBuffer(4, 6);
    for (const c of 'HEAD' + 'x'.repeat(100) + 'TAIL!!') b.append(c);
    const text = b.toString();
    assert.ok(text.startsWith('HEAD\n[... 100 characters of output omitted ...]\n'), text);
    assert.ok(text.endsWith('TAIL!!'));
    assert.equal(b.droppedChars, 100);
  });
});
