import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { MentionSuggestion } from '../../../src/shared/chat-model';
import { FIRST_ROWS } from '../../../webview/render/mention-list';
import { click, keydown, mount, type, type Harness } from './harness';

const FILE: MentionSuggestion = { kind: 'file', label: 'src/app.ts', token: '@src/app.ts', detail: 'src', matches: [4, 5] };
const PROBLEMS: MentionSuggestion = { kind: 'problems', label: 'problems', token: '@problems', detail: 'Errors' };

describe('webview mentions', () => {
  let t: Harness;
  afterEach(() => t.close());
  const input = () => t.$('.composer-input') as HTMLTextAreaElement;
  const list = () => t.$('[role="listbox"]')!;
  const options = () => t.$$('[role="option"]');

  function typeAtEnd(text: string) {
    type(input(), text);
    input().selectionStart = input().selectionEnd = text.length;
    input().dispatchEvent(new (t.window.Event)('input', { bubbles: true }));
  }

  it('"@" asks the host, the answer opens a listbox; arrows move, Enter picks, the chip shows the size', () => {
    t = mount();
    t.init();
    t.takePosted();
    typeAtEnd('Fix @ap');
    const queries = t.takePosted();
    assert.deepEqual(queries.at(-1), { type: 'mentionQuery', requestId: queries.length, query: 'ap' });
    const requestId = (queries.at(-1) as { requestId: number }).requestId;
    assert.equal(list().hidden, true, 'nothing shows before the host answers');

    t.app.receive({ type: 'mentionSuggestions', requestId: requestId - 1, items: [PROBLEMS] });
    assert.equal(list().hidden, true, 'an answer to an older query is dropped');
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [PROBLEMS, FILE] });
    assert.equal(list().hidden, false);
    assert.equal(input().getAttribute('aria-expanded'), 'true');
    assert.deepEqual(options().map((o) => o.getAttribute('aria-selected')), ['true', 'false']);
    assert.equal(input().getAttribute('aria-activedescendant'), options()[0]!.id);
    assert.equal(options()[1]!.querySelector('mark')!.textContent, 'ap', 'matched characters are marked');

    assert.equal(keydown(input(), 'ArrowDown').defaultPrevented, true);
    assert.deepEqual(options().map((o) => o.getAttribute('aria-selected')), ['false', 'true']);
    assert.equal(keydown(input(), 'Enter').defaultPrevented, true);
    assert.equal(input().value, 'Fix ', 'the picked mention is its chip alone: the text keeps no copy of its token');
    assert.equal(list().hidden, true);
    const posted = t.takePosted();
    assert.ok(!posted.some((m) => m.type === 'sendMessage'), 'Enter picked, it did not send');
    const preview = posted.find((m) => m.type === 'previewMention') as { requestId: number; token: string };
    assert.equal(preview.token, '@src/app.ts');

    const chip = () => t.$('.composer-chips .attachment-chip')!;
    assert.equal(chip().querySelector('.chip-size')!.textContent, '…');
    t.app.receive({ type: 'mentionPreview', requestId: preview.requestId, token: '@src/app.ts', chip: { kind: 'file', label: 'src/app.ts', chars: 1234, tokens: 309 } });
    assert.equal(chip().querySelector('.chip-size')!.textContent, '1.2 KB');
    assert.match(chip().title, /1,234 characters, about 309 tokens/);

    type(input(), 'Fix this');
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted().filter((m) => m.type === 'sendMessage'), [{ type: 'sendMessage', text: 'Fix this', mentions: ['@src/app.ts'] }]);
    assert.equal(t.$('.composer-chips')!.hidden, true, 'chips go with the sent message');
  });

  it('Escape closes the list without clearing the text; Enter then sends', () => {
    t = mount();
    t.init();
    typeAtEnd('see @pro');
    const { requestId } = t.takePosted().at(-1) as { requestId: number };
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [PROBLEMS] });
    assert.equal(keydown(input(), 'Escape').defaultPrevented, true);
    assert.equal(list().hidden, true);
    assert.equal(input().value, 'see @pro');
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted().filter((m) => m.type === 'sendMessage'), [{ type: 'sendMessage', text: 'see @pro' }]);
  });

  it('a long answer draws its first rows, each saying its place; the arrows draw the rows they reach; a new answer updates the rows in place', () => {
    t = mount();
    t.init();
    typeAtEnd('see @f');
    const { requestId } = t.takePosted().at(-1) as { requestId: number };
    const files = Array.from({ length: 50 }, (_, i): MentionSuggestion => ({ kind: 'file', label: `src/f${i}.ts`, token: `@src/f${i}.ts`, detail: 'src', matches: [4] }));
    t.app.receive({ type: 'mentionSuggestions', requestId, items: files });
    assert.equal(options().length, FIRST_ROWS, 'only the first rows are drawn');
    assert.deepEqual([options()[0]!.getAttribute('aria-posinset'), options()[0]!.getAttribute('aria-setsize')], ['1', '50']);
    const first = options()[0]!;
    keydown(input(), 'ArrowUp');
    assert.equal(options().length, 50, 'the arrows reached the last row: drawn');
    const last = options()[49]!;
    assert.equal(input().getAttribute('aria-activedescendant'), last.id);
    assert.deepEqual([last.getAttribute('aria-selected'), last.getAttribute('aria-posinset'), last.textContent], ['true', '50', 'src/f49.tssrc']);
    keydown(input(), 'Enter');
    assert.equal(input().value, 'see ');
    assert.deepEqual(t.$$('.composer-chips .attachment-chip').map((c) => c.dataset.kind), ['file']);

    typeAtEnd('see @g');
    const next = (t.takePosted().at(-1) as { requestId: number }).requestId;
    t.app.receive({ type: 'mentionSuggestions', requestId: next, items: [{ ...files[3]!, label: 'src/g.ts', matches: [4] }, PROBLEMS] });
    assert.equal(options()[0], first, 'the row is kept and rewritten');
    assert.deepEqual(options().map((o) => [o.textContent, o.dataset.kind, o.getAttribute('aria-setsize')]), [['src/g.tssrc', 'file', '2'], ['problemsErrors', 'problems', '2']]);
    assert.equal(options()[0]!.querySelector('mark')!.textContent, 'g');
  });

  it('a click picks a chip and leaves no token in the text; removing the chip removes the mention; chips alone send their tokens', () => {
    t = mount();
    t.init();
    typeAtEnd('look at @pr and fix it');
    input().selectionStart = input().selectionEnd = 'look at @pr'.length;
    input().dispatchEvent(new (t.window.Event)('input', { bubbles: true }));
    const { requestId } = t.takePosted().at(-1) as { requestId: number };
    t.app.receive({ type: 'mentionSuggestions', requestId, items: [FILE, PROBLEMS] });
    click(options()[1]!);
    assert.equal(input().value, 'look at and fix it', 'the typed "@pr" became the chip');
    assert.equal(t.$$('.composer-chips .attachment-chip').length, 1);
    click(t.$('.chip-remove'));
    assert.equal(input().value, 'look at and fix it', 'the text is the user\'s: removing the chip leaves it');
    assert.equal(t.$$('.composer-chips .attachment-chip').length, 0);
    t.takePosted();
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted().filter((m) => m.type === 'sendMessage'), [{ type: 'sendMessage', text: 'look at and fix it' }], 'a removed chip is not sent');

    t.app.receive({ type: 'insertMentions', mentions: [FILE, PROBLEMS] });
    assert.equal(input().value, '', 'a dropped file is a chip, not text');
    assert.equal(t.$$('.composer-chips .attachment-chip').length, 2);
    assert.equal((t.$('.send-button') as HTMLButtonElement).disabled, false, 'chips alone may be sent');
    t.takePosted();
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted().filter((m) => m.type === 'sendMessage'), [{ type: 'sendMessage', text: '@src/app.ts @problems' }]);
  });

  it('a picked mention not yet sent survives a reload: the saved draft keeps it as its @path text', async () => {
    t = mount();
    t.init();
    typeAtEnd('explain ');
    t.app.receive({ type: 'insertMentions', mentions: [FILE] });
    await new Promise((resolve) => setTimeout(resolve, 5)); // the saver's timer (0 ms here)
    const saved = t.savedState() as { draft: string };
    assert.equal(saved.draft, 'explain @src/app.ts', 'the chip is kept as the text the host resolves the same way');
    t.close();
    t = mount({ savedState: saved });
    assert.equal(input().value, 'explain @src/app.ts');
  });

  it('a view built again for another display language keeps the chips and images, their sizes arrive, and a drop is posted once', async () => {
    t = mount();
    t.init({}, { language: 'en' });
    typeAtEnd('explain ');
    t.app.receive({ type: 'insertMentions', mentions: [FILE, PROBLEMS] });
    const asked = t.takePosted().filter((m) => m.type === 'previewMention');
    assert.equal(asked.length, 2);
    // The problems chip is measured before the rebuild; the file's answer is still on its way.
    const problems = asked.find((m) => m.token === '@problems')!;
    t.app.receive({ type: 'mentionPreview', requestId: problems.requestId, token: '@problems', chip: { kind: 'problems', label: 'problems', chars: 2048, tokens: 512 } });
    const png = new t.window.File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'shot.png', { type: 'image/png' });
    const paste = new t.window.Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: { files: [png], items: [] } });
    input().dispatchEvent(paste);
    await waitFor(() => t.$$('.composer-chips .chip-image').length === 1);
    t.init({}, { language: 'zh-cn' });
    const chip = (label: string) => t.$(`.composer-chips .attachment-chip[data-label="${label}"]`);
    assert.equal(input().value, 'explain ');
    assert.ok(chip('src/app.ts') && chip('problems') && chip('shot.png'), t.$('.composer-chips')?.outerHTML ?? 'no chips');
    assert.match(chip('problems')!.querySelector('.chip-size')!.textContent!, /2/, 'a size already known is kept');
    // The answer to the old view's request, then to the new view's: the file's size shows.
    const again = t.takePosted().filter((m) => m.type === 'previewMention');
    assert.deepEqual(again.map((m) => m.token), ['@src/app.ts'], 'only the size not yet known is asked again');
    for (const request of [asked.find((m) => m.token === '@src/app.ts')!, again[0]!]) {
      t.app.receive({ type: 'mentionPreview', requestId: request.requestId, token: '@src/app.ts', chip: { kind: 'file', label: 'src/app.ts', chars: 300, tokens: 75 } });
    }
    assert.match(chip('src/app.ts')!.querySelector('.chip-size')!.textContent!, /300/);
    // The old view's drop handler is gone: one drop, one message.
    const data = new Map([['text/uri-list', 'file:///w/README.md']]);
    const drop = new t.window.Event('drop', { bubbles: true, cancelable: true }) as DragEvent;
    Object.defineProperty(drop, 'dataTransfer', { value: { types: [...data.keys()], getData: (k: string) => data.get(k) ?? '', files: [], items: [] } });
    input().dispatchEvent(drop);
    assert.deepEqual(t.takePosted(), [{ type: 'dropUris', uris: ['file:///w/README.md'] }]);
    t.init({}, { language: 'en' });
  });

  it('dropped VS Code URIs go to the host; text/uri-list comments are skipped', () => {
    t = mount();
    t.init();
    t.takePosted();
    const data = new Map([['text/uri-list', '# comment\r\nfile:///w/src/app.ts\r\nfile:///w/lib']]);
    const event = new t.window.Event('drop', { bubbles: true, cancelable: true }) as DragEvent;
    Object.defineProperty(event, 'dataTransfer', { value: { types: [...data.keys()], getData: (k: string) => data.get(k) ?? '', files: [], items: [] } });
    input().dispatchEvent(event);
    assert.equal(event.defaultPrevented, true);
    assert.deepEqual(t.takePosted(), [{ type: 'dropUris', uris: ['file:///w/src/app.ts', 'file:///w/lib'] }]);
  });

  it('a pasted image becomes a chip and goes with the message; a model without images blocks sending and says so', async () => {
    t = mount();
    t.init({ settings: { mode: 'default', model: 'ollama · llama3', imagesSupported: false } });
    t.takePosted();
    const png = new t.window.File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'shot.png', { type: 'image/png' });
    const bmp = new t.window.File([new Uint8Array([66, 77])], 'old.bmp', { type: 'image/bmp' });
    const paste = new t.window.Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: { files: [png, bmp], items: [] } });
    input().dispatchEvent(paste);
    assert.equal(paste.defaultPrevented, true);
    await waitFor(() => t.$$('.composer-chips .chip-image').length === 1);
    const chip = t.$('.composer-chips .chip-image')!;
    assert.equal(chip.querySelector('.chip-size')!.textContent, '8 B');
    assert.match(chip.querySelector('img')!.getAttribute('src')!, /^data:image\/png;base64,/);
    const notice = t.$('.composer-notice')!;
    assert.match(notice.textContent!, /ollama · llama3 does not take images/);
    assert.match(notice.textContent!, /old\.bmp: only PNG, JPEG, WebP and GIF/);

    type(input(), 'What is wrong here?');
    assert.equal((t.$('.send-button') as HTMLButtonElement).disabled, true);
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted(), []);
    // The two ways out, as buttons under the warning: another model (the picker), or without the image.
    const actions = [...notice.querySelectorAll<HTMLButtonElement>('.composer-notice-actions button')];
    assert.deepEqual(actions.map((b) => b.textContent), ['Switch Model', 'Remove Image']);
    actions[0]!.click();
    assert.deepEqual(t.takePosted(), [{ type: 'selectModel' }]);

    t.batch({ type: 'settings', settings: { mode: 'default', model: 'anthropic · claude-sonnet-4-5', imagesSupported: true } });
    keydown(input(), 'Enter');
    assert.deepEqual(t.takePosted(), [
      { type: 'sendMessage', text: 'What is wrong here?', images: [{ name: 'shot.png', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
    ]);
  });

  it('"Remove Image" under the warning removes the image, and the message can go', async () => {
    t = mount();
    t.init({ settings: { mode: 'default', model: 'ollama · llama3', imagesSupported: false } });
    const png = new t.window.File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'shot.png', { type: 'image/png' });
    const paste = new t.window.Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: { files: [png], items: [] } });
    input().dispatchEvent(paste);
    await waitFor(() => t.$$('.composer-chips .chip-image').length === 1);
    type(input(), 'Text only then');
    assert.equal((t.$('.send-button') as HTMLButtonElement).disabled, true);
    (t.$('.composer-notice-actions button:last-child') as HTMLButtonElement).click();
    assert.equal(t.$$('.composer-chips .chip-image').length, 0);
    assert.equal(t.$('.composer-notice')!.hidden, true);
    assert.equal((t.$('.send-button') as HTMLButtonElement).disabled, false);
  });

  it('a sent message shows its attachments as chips with sizes', () => {
    t = mount();
    t.init({
      items: [
        {
          kind: 'user',
          id: 'u1',
          text: 'Fix @problems',
          ts: 1,
          attachments: [
            { kind: 'problems', label: 'problems', chars: 2400, tokens: 600 },
            { kind: 'image', label: 'shot.png', chars: 52_000, tokens: 1600 },
          ],
        },
      ],
    });
    const chips = t.$$('.message-user .attachment-chip');
    assert.deepEqual(
      chips.map((c) => [c.dataset.kind, c.querySelector('.chip-size')!.textContent]),
      [
        ['problems', '2.3 KB'],
        ['image', '51 KB'],
      ],
    );
    assert.equal(t.$('.message-user .message-text')!.textContent, 'Fix @problems');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(condition(), 'condition never held');
}
