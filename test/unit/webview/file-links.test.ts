// `path:line` references in assistant text become links that ask the host to open the file at the line; code
// blocks, real links and lookalikes stay as they are (webview/render/file-links.ts).
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { assistant, mount, type Harness } from './harness';

describe('file references in the chat', () => {
  let t: Harness | undefined;
  afterEach(() => t?.close());

  const links = (h: Harness) =>
    Array.from(h.$('.message-assistant')!.querySelectorAll<HTMLAnchorElement>('a.file-ref')).map((a) => `${a.textContent}|${a.dataset.path}|${a.dataset.line}|${a.dataset.endLine ?? ''}`);

  it('links references in text and inline code, not in code blocks, URLs or existing links', () => {
    t = mount();
    const md = [
      'The loop is in src/core/loop.ts:42 and `src/a.ts:10-20`; see also src/b.ts#L7.',
      '[the docs](https://example.com/src/x.ts:3) and http://localhost:8080 at 10:30.',
      '```\nsrc/in-block.ts:5\n```',
    ].join('\n\n');
    t.init({ items: [assistant('a1', md)] });
    assert.deepEqual(links(t), ['src/core/loop.ts:42|src/core/loop.ts|42|', 'src/a.ts:10-20|src/a.ts|10|20', 'src/b.ts#L7|src/b.ts|7|']);
    const code = t.$('.message-assistant p code')!;
    assert.equal(code.querySelector('a.file-ref')?.textContent, 'src/a.ts:10-20', 'the link sits inside the code span');
    assert.equal(t.$('.message-assistant')!.textContent!.includes('src/core/loop.ts:42 and'), true, 'the text reads as before');
  });

  it('a click asks the host to open the file at the line, and does not navigate', () => {
    t = mount();
    t.init({ items: [assistant('a1', 'Fixed in `src/a.ts:10-20` and lib/b.py:3.')] });
    t.takePosted();
    const [first, second] = Array.from(t.$('.message-assistant')!.querySelectorAll('a.file-ref'));
    const click = new t.window.MouseEvent('click', { bubbles: true, cancelable: true });
    first!.dispatchEvent(click);
    assert.equal(click.defaultPrevented, true);
    second!.dispatchEvent(new t.window.MouseEvent('click', { bubbles: true, cancelable: true }));
    assert.deepEqual(t.takePosted(), [
      { type: 'openFileReference', path: 'src/a.ts', line: 10, endLine: 20 },
      { type: 'openFileReference', path: 'lib/b.py', line: 3 },
    ]);
  });

  it('model HTML cannot forge a file link: its class and data attributes are stripped before linking', () => {
    t = mount();
    t.init({ items: [assistant('a1', '<a class="file-ref" data-path="/etc/passwd" data-line="1" href="#">x</a>')] });
    t.takePosted();
    const forged = t.$('.message-assistant a');
    assert.equal(forged?.classList.contains('file-ref') ?? false, false);
    forged?.dispatchEvent(new t.window.MouseEvent('click', { bubbles: true, cancelable: true }));
    assert.deepEqual(t.takePosted(), []);
  });
});
