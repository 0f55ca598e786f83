import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownText } from '../../../src/core/change-review/markdown-text';

describe('a finding as Markdown text', () => {
  it('escapes every ASCII punctuation mark and keeps ordinary spaces (the text can wrap)', () => {
    assert.equal(markdownText('a b'), 'a b');
    const text = 'name.trim() *x* _y_ `z` [l](http://e) ![i](u) <b>h</b> &amp; # 1. - + | ~ { } \\ "q" \'s\' = ? ; : , @ $ % ^';
    const md = markdownText(text);
    assert.ok(!md.includes('&nbsp;'));
    for (let i = 0; i < md.length; i++) {
      if (md[i] === '\\') {
        assert.match(md[i + 1] ?? '', /[!-/:-@[-`{-~]/, `an escape before punctuation at ${i} in ${md}`);
        i++;
      } else assert.doesNotMatch(md[i]!, /[!-/:-@[-`{-~]/, `"${md[i]}" at ${i} is escaped in ${md}`);
    }
    // Unescaped, it is the text again.
    assert.equal(md.replace(/\\(.)/g, '$1'), text);
  });

  it('line breaks become paragraph breaks; non-ASCII text is left alone', () => {
    assert.equal(markdownText('first line\nsecond line\r\n\r\nthird'), 'first line\n\nsecond line\n\nthird');
    assert.equal(markdownText('问候前去掉名字两端的空格'), '问候前去掉名字两端的空格');
  });
});
