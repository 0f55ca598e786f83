import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { assistant, click, mount, type Harness } from './harness';

/** Payloads from the usual XSS cheat sheets and DOMPurify's own mXSS history. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click me](javascript:alert(1))',
  '[mixed case](JaVaScRiPt:alert(1))',
  '<a href="jav&#x09;ascript:alert(1)">tab-split scheme</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<javascript:alert(1)>',
  '![img](javascript:alert(1))',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r=5 /></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">svg link</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  '[data md link](data:text/html,<script>alert(1)</script>)',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">math link</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="position:fixed;inset:0;z-index:9">overlay</p>',
  '<style>@import "https://evil.example/x.css"; body{display:none}</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="https://evil.example"><input autofocus onfocus=alert(1)><button>go</button></form>',
  '<details open ontoggle=alert(1)><summary>s</summary>d</details>',
  '<img src="https://tracker.example/pixel.gif" alt="pixel">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<div class="tool-card state-success" id="app" name="x">spoofed card</div>',
  '<a href="https://example.com/ok" target="_blank" onclick="alert(1)">fine link</a>',
];

const DANGEROUS_TAGS = ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'link', 'meta', 'base', 'form', 'input', 'template', 'noscript'];
const OUR_CLASSES = /^(code-block|code-header|code-language|code-copy|icon-button|relay-icon|icon-copy|tok-\w+|language-[\w+#.-]+)$/;

describe('webview markdown: hostile model output is sanitised', () => {
  let t: Harness;
  afterEach(() => t.close());

  it('leaves no script, handler, style, frame or dangerous URL in the DOM', () => {
    t = mount();
    // One message per payload (an unclosed <style> or <noscript> swallows what follows it), then all in one.
    t.init({ items: [...HOSTILE.map((md, i) => assistant(`a${i}`, md)), assistant('all', HOSTILE.join('\n\n'))] });
    assert.equal(t.$$('.message-assistant').length, HOSTILE.length + 1);
    assert.equal(t.$$('.message-assistant a[href="https://example.com/ok"]')[0]?.textContent, 'fine link', 'the harmless parts still render');
    const message = t.$('.message-list')!;
    for (const tag of DANGEROUS_TAGS) assert.equal(message.querySelectorAll(tag).length, 0, `<${tag}> survived`);
    for (const el of Array.from(t.doc.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        assert.ok(!/^on/i.test(attr.name), `${el.tagName} kept ${attr.name}`);
        assert.ok(!/^\s*(javascript|vbscript|data:text)/i.test(attr.value), `${el.tagName}[${attr.name}] = ${attr.value}`);
      }
    }
    for (const el of Array.from(message.querySelectorAll('.message-assistant [style], .message-assistant [id], [name], [target], [srcdoc]'))) assert.fail(`${el.outerHTML} kept a forbidden attribute`);
    for (const a of Array.from(message.querySelectorAll('a[href]'))) assert.match(a.getAttribute('href')!, /^https?:\/\//);
    for (const img of Array.from(message.querySelectorAll('img'))) assert.match(img.getAttribute('src')!, /^data:image\/(png|gif|jpeg|webp);base64,/);
    for (const el of Array.from(message.querySelectorAll('.message-assistant [class]'))) {
      for (const name of Array.from(el.classList)) assert.match(name, OUR_CLASSES, `model output wears our class ${name}`);
    }
    assert.ok(message.textContent!.includes('[image: pixel]'), 'remote images become their alt text');
    // A link whose address was removed does not look like one: plain text, no link colour or pointer (issue 38).
    for (const a of Array.from(message.querySelectorAll('a'))) assert.ok(a.hasAttribute('href'), `${a.outerHTML} lost its href but is still a link`);
    assert.ok(message.textContent!.includes('click me') && message.textContent!.includes('data link'), 'their text stays');
    assert.equal(t.doc.querySelectorAll('script').length, 0);
  });

  it('keeps safe markdown: emphasis, lists, tables, code with a copy button, https links, data: PNGs', () => {
    t = mount();
    const md = [
      '# Title',
      'Some **bold** and `code` and a [link](https://example.com/docs).',
      '- one\n- two',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '```ts\nconst answer: number = 42; // the answer\n```',
      '![dot](data:image/png;base64,iVBORw0KGgo=)',
    ].join('\n\n');
    t.init({ items: [assistant('a1', md)] });
    const message = t.$('.message-assistant')!;
    assert.equal(message.querySelector('h1')!.textContent, 'Title');
    assert.equal(message.querySelector('strong')!.textContent, 'bold');
    assert.equal(message.querySelectorAll('li').length, 2);
    assert.equal(message.querySelectorAll('td').length, 2);
    assert.equal(message.querySelector('a')!.getAttribute('href'), 'https://example.com/docs');
    assert.equal(message.querySelector('img')!.getAttribute('src'), 'data:image/png;base64,iVBORw0KGgo=');
    const block = message.querySelector('.code-block')!;
    assert.equal(block.querySelector('.code-language')!.textContent, 'ts');
    assert.equal(block.querySelector('code')!.textContent, 'const answer: number = 42; // the answer\n');
    assert.deepEqual(
      Array.from(block.querySelectorAll('code span')).map((s) => `${s.className}:${s.textContent}`),
      ['tok-keyword:const', 'tok-number:42', 'tok-comment:// the answer'],
    );
    // Copy: jsdom has no clipboard, so the host is asked to write it.
    t.takePosted();
    click(block.querySelector('.code-copy'));
    assert.deepEqual(t.takePosted(), [{ type: 'copyText', text: 'const answer: number = 42; // the answer\n' }]);
  });

  it('links open through the host, never by navigating the webview', () => {
    t = mount();
    t.init({ items: [assistant('a1', '[docs](https://example.com/a?b=1) and [bad](javascript:alert(1))')] });
    t.takePosted();
    const links = Array.from(t.$('.message-assistant')!.querySelectorAll('a'));
    assert.equal(links.length, 1, 'the neutralised link is text now, not a link');
    const good = links[0];
    const bad = Array.from(t.$('.message-assistant')!.querySelectorAll('span')).find((n) => n.textContent === 'bad');
    const clickEvent = () => new t.window.MouseEvent('click', { bubbles: true, cancelable: true });
    const goodClick = clickEvent();
    good!.dispatchEvent(goodClick);
    assert.equal(goodClick.defaultPrevented, true);
    assert.deepEqual(t.takePosted(), [{ type: 'openLink', url: 'https://example.com/a?b=1' }]);
    const badClick = clickEvent();
    bad!.dispatchEvent(badClick);
    assert.deepEqual(t.takePosted(), [], 'a neutralised link posts nothing');
  });

  it('sanitises every re-render of a streaming message', () => {
    t = mount();
    t.init({ items: [assistant('a1', 'Here is ', true)] });
    for (const chunk of ['<img src=x ', 'onerror=alert(1)>', ' and <scr', 'ipt>alert(2)</script> done']) {
      t.batch({ type: 'textDelta', id: 'a1', text: chunk });
      const message = t.$('.message-assistant')!;
      assert.equal(message.querySelectorAll('script, [onerror]').length, 0);
    }
    assert.ok(t.$('.message-assistant')!.textContent!.includes('done'));
  });
});
