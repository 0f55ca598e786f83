// Mentions, drops and pasted images through the real chat UI: the packaged extension in a VS Code server, its
// model the scripted OpenAI-compatible server. Chromium types "@", picks a file with the arrows and Enter, sends,
// and the chip is on the sent message while the file's content is in the request the server recorded. A drop of a
// workspace file (a text/uri-list DataTransfer dispatched on the chat's document, through its real drop handler,
// and real Chromium drags, with Shift held, of an editor tab and of a file from the Explorer once the chat is
// moved to the Secondary Side Bar)
// and a paste of a PNG (a ClipboardEvent carrying an image File, through the real paste handler) become chips;
// for a model without image support the composer says so and will not send.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Locator } from 'playwright-core';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer } from '../support/scripted-model-server';
import { openWorkbench, type Workbench } from '../support/vscode/workbench';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const MODEL = 'gpt-4.1';
const TEXT_ONLY_MODEL = 'scripted-local-model';

type Json = Record<string, unknown>;

const done = (id: string) => ({ toolCalls: [{ id, name: 'attempt_completion', args: { result: `Answered ${id}.` } }] });

describe('e2e: @-mentions, drops and pasted images in the chat', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;
  let input: Locator;

  /** The user turn of a Chat Completions request, as JSON text. */
  const userTurn = (request: RecordedRequest): string => JSON.stringify(((request.body as Json).messages as Json[]).filter((m) => m.role === 'user'));

  async function newTask(): Promise<void> {
    await chat.getByRole('button', { name: 'New task' }).first().click();
    await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
  }

  /** Sends with Enter and waits for the task's completion on screen; returns the one request it made. */
  async function sendAndFinish(id: string): Promise<RecordedRequest> {
    const before = model.requests.length;
    await input.press('Enter');
    // The answer on screen (the finished task's attempt_completion card is hidden).
    await chat.locator('.message-assistant').filter({ hasText: `Answered ${id}.` }).waitFor({ timeout: 30_000 });
    assert.equal(model.requests.length, before + 1);
    return model.requests[before]!;
  }

  /** A paste of a PNG file, as Chromium fires it when an image is on the clipboard. */
  async function pastePng(name: string): Promise<void> {
    await input.focus();
    await input.evaluate(
      (element, { data, name }) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      },
      { data: PNG, name },
    );
  }

  before(async () => {
    model = await startScriptedModelServer({ script: [done('call_mention'), done('call_drop'), done('call_image'), done('call_text_only'), done('call_explorer')] });
    wb = await openWorkbench({ settings: { 'relay.provider': 'openai-compatible', 'relay.baseUrl': model.openaiBaseUrl, 'relay.model': MODEL } });
    chat = await wb.openRelay();
    await chat.locator('.composer').filter({ hasText: MODEL }).waitFor({ timeout: 30_000 });
    input = chat.locator('textarea[aria-label="Message Relay"]');
  });
  after(async () => {
    await wb?.close();
    await model?.close();
  });

  it('types "@", picks src/greet.ts with the arrow keys and Enter, sends: the chip is on the message and the file reached the model', async () => {
    await input.click();
    await input.pressSequentially('Explain @e');
    const list = chat.locator('#relay-mention-list[role="listbox"]');
    const options = list.locator('[role="option"]');
    // The answer to "e" (earlier answers, to "", mark nothing): the file's row with its matched letter marked.
    await options.filter({ hasText: 'src/greet.ts', has: chat.locator('mark') }).first().waitFor({ timeout: 15_000 });
    const labels = await options.allTextContents();
    const target = labels.findIndex((label) => label.includes('src/greet.ts'));
    assert.ok(target >= 0 && labels.length > 1, JSON.stringify(labels));
    // Down one row past the file (wrapping at the end) and back up to it; focus stays in the box.
    for (let i = 0; i <= target; i++) await input.press('ArrowDown');
    assert.equal(await options.nth((target + 1) % labels.length).getAttribute('aria-selected'), 'true');
    await input.press('ArrowUp');
    assert.equal(await options.nth(target).getAttribute('aria-selected'), 'true', `row ${target} of ${JSON.stringify(labels)} is highlighted`);
    assert.equal(await input.getAttribute('aria-activedescendant'), await options.nth(target).getAttribute('id'));
    await input.press('Enter');

    await list.waitFor({ state: 'hidden' });
    // The mention is its chip alone: the typed "@e" became the chip, the box holds no copy of the path.
    assert.equal(await input.inputValue(), 'Explain ');
    const chip = chat.locator('.composer-chips .attachment-chip[data-label="src/greet.ts"]');
    await chip.locator('.chip-size').filter({ hasText: /\d+(\.\d+)? (B|KB)/ }).waitFor({ timeout: 15_000 });
    await input.pressSequentially('please');
    await wb.screenshot('mention-picked');

    const request = await sendAndFinish('call_mention');
    const sent = userTurn(request);
    assert.ok(sent.includes('<file path=\\"src/greet.ts\\">'), sent.slice(0, 2000));
    assert.ok(sent.includes(JSON.stringify(readFileSync(join(wb.workspace, 'src', 'greet.ts'), 'utf8')).slice(1, -1)), 'the file content');
    const message = chat.locator('.message-user').filter({ hasText: 'Explain please' });
    await message.locator('.attachment-chip[data-kind="file"][data-label="src/greet.ts"] .chip-size').waitFor();
    assert.doesNotMatch((await message.textContent()) ?? '', /@src\/greet\.ts/, 'the message shows the mention once, as its chip');
    await wb.screenshot('mention-sent');
  });

  it('a file dropped on the chat as text/uri-list becomes a mention chip and its content is sent', async () => {
    await newTask();
    const uri = `file://${join(wb.workspace, 'README.md')}`;
    // Dispatched on the chat's document (where the drop handler listens) with the DataTransfer type VS Code's
    // Explorer and editor tabs put on a drag.
    await chat.locator('body').evaluate((body, uri) => {
      const transfer = new DataTransfer();
      transfer.setData('text/uri-list', `# dragged from the Explorer\r\n${uri}\r\n`);
      const at = body.getBoundingClientRect();
      const init = { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: at.width / 2, clientY: at.height / 2 };
      const over = new DragEvent('dragover', init);
      body.dispatchEvent(over);
      if (!over.defaultPrevented) throw new Error('the chat did not accept the drag');
      body.dispatchEvent(new DragEvent('drop', init));
    }, uri);
    const chip = chat.locator('.composer-chips .attachment-chip[data-kind="file"][data-label="README.md"]');
    await chip.locator('.chip-size').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
    assert.doesNotMatch(await input.inputValue(), /@README/, 'a dropped file is a chip, not text');
    await input.pressSequentially('summarise it');
    const request = await sendAndFinish('call_drop');
    const readme = readFileSync(join(wb.workspace, 'README.md'), 'utf8');
    assert.ok(userTurn(request).includes(JSON.stringify(readme.split('\n')[0]).slice(1, -1)), 'the README reached the model');
    await chat.locator('.message-user .attachment-chip[data-label="README.md"]').waitFor();
  });

  it('a real drag of an editor tab onto the chat: with Shift held (VS Code\'s rule for webviews) it becomes a mention', async () => {
    await newTask();
    const page = wb.page;
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('greet.ts');
    await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'greet.ts' }).first().waitFor();
    await page.keyboard.press('Enter');
    const tab = page.locator('.tabs-container .tab').filter({ hasText: 'greet.ts' }).first();
    await tab.waitFor();
    const from = (await tab.boundingBox())!;
    const onto = (await page.locator('.webview').filter({ visible: true }).first().boundingBox())!;
    // Chromium's own drag (Playwright drives it with the mouse): the tab's data, VS Code's drop handling.
    const drag = async (shift: boolean) => {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 40, from.y + 40, { steps: 5 });
      if (shift) await page.keyboard.down('Shift');
      await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height - 60, { steps: 10 });
      await page.mouse.up();
      if (shift) await page.keyboard.up('Shift');
    };
    await drag(false); // without Shift the workbench keeps the drop (an editor split), and the chat gets nothing
    await drag(true);
    const chip = chat.locator('.composer-chips .attachment-chip[data-kind="file"][data-label="src/greet.ts"]');
    await chip.locator('.chip-size').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
    await wb.screenshot('mention-tab-dropped');
    assert.equal(await chat.locator('.composer-chips .attachment-chip').count(), 1, 'one drop reached the chat: the one with Shift');
    assert.equal(await input.inputValue(), '', 'a dropped tab is a chip, not text');
  });

  it('a pasted PNG shows an image chip and goes to the model as an image part', async () => {
    await newTask();
    await pastePng('screenshot.png');
    const chip = chat.locator('.composer-chips .attachment-chip.chip-image[data-label="screenshot.png"]');
    await chip.waitFor({ timeout: 15_000 });
    assert.equal(await chip.locator('.chip-size').textContent(), '70 B');
    await input.fill('What is in this screenshot?');
    await wb.screenshot('image-pasted');
    const request = await sendAndFinish('call_image');
    assert.ok(userTurn(request).includes(`data:image/png;base64,${PNG}`), 'the image went as a data URL part');
    await chat.locator('.message-user .attachment-chip[data-kind="image"][data-label="screenshot.png"]').waitFor();
  });

  it('for a model without image support the composer says so and does not send', async () => {
    await newTask();
    // A workspace setting switches the model, as a person would in Settings.
    mkdirSync(join(wb.workspace, '.vscode'), { recursive: true });
    writeFileSync(join(wb.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'relay.model': TEXT_ONLY_MODEL }));
    await chat.locator('.composer').filter({ hasText: TEXT_ONLY_MODEL }).waitFor({ timeout: 30_000 });
    await pastePng('diagram.png');
    await chat.locator('.composer-chips .attachment-chip.chip-image[data-label="diagram.png"]').waitFor({ timeout: 15_000 });
    await input.fill('And this?');
    const notice = chat.locator('.composer-notice');
    // The composer names the model as the status line does ("scripted-local-model · openai-compatible").
    await notice.filter({ hasText: new RegExp(`${TEXT_ONLY_MODEL}.* does not take images: remove them or choose another model`) }).waitFor({ timeout: 15_000 });
    assert.equal(await notice.getAttribute('role'), 'alert');
    assert.equal(await chat.getByRole('button', { name: 'Send message' }).isDisabled(), true);
    const before = model.requests.length;
    await input.press('Enter');
    await wb.screenshot('image-unsupported');
    assert.equal(await input.inputValue(), 'And this?', 'the message stays in the box');
    // The two ways out, under the warning.
    assert.deepEqual(await notice.locator('.composer-notice-actions button').allTextContents(), ['Switch Model', 'Remove Image']);
    // Removing the image lifts the block.
    await notice.getByRole('button', { name: 'Remove Image', exact: true }).click();
    await notice.waitFor({ state: 'hidden' });
    assert.equal(await chat.getByRole('button', { name: 'Send message' }).isDisabled(), false);
    // Only now is "nothing was sent" seen: the webview posts in order and the host answers in order, so a send from
    // the blocked Enter would have reached the model before this one.
    const request = await sendAndFinish('call_text_only');
    assert.equal(model.requests.length, before + 1, 'the blocked Enter sent nothing');
    assert.ok(!userTurn(request).includes(PNG), 'the removed image was not sent');
  });

  it('a real drag from the Explorer onto the chat, moved to the Secondary Side Bar with "View: Move View": the file becomes a mention and reaches the model', async () => {
    await newTask();
    await input.fill('');
    const page = wb.page;
    // The chat and the Explorer share the Side Bar until the chat is moved, as people who drag from the Explorer do.
    const row = (text: string) => page.locator('.quick-input-list .monaco-list-row').filter({ hasText: text }).first();
    await wb.runCommand('View: Move View');
    await row('Side Bar / Relay').click();
    await row('New Secondary Side Bar Entry').click();
    await chat.locator('.relay-title').waitFor({ timeout: 15_000 });
    await wb.runCommand('View: Show Explorer');
    // Shown, the Explorer draws its tree, then adds .vscode (written by the test above) and reveals the active
    // editor (src/greet.ts, from the tab drag), expanding src: every row under them moves down. Pressed where
    // README.md was before that, the mouse dragged package.json (2 runs in 3 under load), so the tree is waited for
    // as it is on disk, and the hover waits until the row is still and is what the pointer hits.
    const rows = page.locator('.explorer-folders-view .monaco-list-row');
    for (const name of ['.vscode', 'greet.ts']) await rows.filter({ hasText: name }).first().waitFor({ timeout: 15_000 });
    const file = rows.filter({ hasText: 'README.md' }).first();
    await file.hover({ position: { x: 30, y: (await file.boundingBox())!.height / 2 } });
    const from = (await file.boundingBox())!;
    const onto = (await page.locator('.part.auxiliarybar').first().boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 30, { steps: 5 });
    await page.keyboard.down('Shift');
    await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height - 60, { steps: 10 });
    await page.mouse.up();
    await page.keyboard.up('Shift');

    // The chip the drop made, whichever file it is: another file's chip is named, not waited for until a timeout.
    const chips = chat.locator('.composer-chips .attachment-chip');
    await chips.first().waitFor({ timeout: 15_000 });
    const labels = await chips.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-label')));
    assert.deepEqual(labels, ['README.md'], `the drag carried ${labels.join(', ')}, not README.md`);
    const chip = chat.locator('.composer-chips .attachment-chip[data-kind="file"][data-label="README.md"]');
    await chip.locator('.chip-size').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
    await wb.screenshot('mention-explorer-dropped');
    assert.equal(await input.inputValue(), '', 'a dropped file is a chip, not text');
    await input.pressSequentially('what is this project?');
    const request = await sendAndFinish('call_explorer');
    const readme = readFileSync(join(wb.workspace, 'README.md'), 'utf8');
    assert.ok(userTurn(request).includes(JSON.stringify(readme.split('\n')[0]).slice(1, -1)), 'the README reached the model');
    await chat.locator('.message-user .attachment-chip[data-kind="file"][data-label="README.md"]').waitFor();
  });
});
