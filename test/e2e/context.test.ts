// The context meter and condensing through the real UI: the header's meter follows each request's reported
// tokens against the window of a model configured in `relay.models` (its tooltip has the totals and the cost),
// and *Relay: Condense Context* from the Command Palette puts a folded "Context condensed" card in the chat
// whose summary opens on a click; the next turn goes on from the summary.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { NumberFormats } from '../../src/shared/format-numbers';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server';
import { openWorkbench, type Workbench } from '../support/vscode/workbench';

const MODEL = 'scripted-small-window';
const WINDOW = 40_000;
const SUMMARY = '## Goal\nExplain the fixture.\n\n## Files touched\n`NOTES.md` read.\n\n## Open items\nNone.';
/** Long enough that a summary is much shorter than the turn that read it. */
const NOTES = Array.from({ length: 200 }, (_, i) => `- note ${i}: the fixture keeps its sources in src and its docs in README.md`).join('\n') + '\n';

function script() {
  return [
    { toolCalls: [{ id: 'call_read', name: 'read_file', args: { path: 'NOTES.md' } }], usage: { inputTokens: 2_000, outputTokens: 40 } },
    { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'The fixture is a tiny project.' } }], usage: { inputTokens: 2_600, outputTokens: 50 } },
    // The second message: a long request, near the window.
    { text: 'It has a README and a src folder.', toolCalls: [{ id: 'call_done_2', name: 'attempt_completion', args: { result: 'Described the layout.' } }], usage: { inputTokens: 36_000, outputTokens: 20 } },
    // Condense Context: the summary.
    { text: SUMMARY, usage: { inputTokens: 3_000, outputTokens: 60 } },
    // The third message goes on from the summary.
    { text: 'Going on from the summary.', toolCalls: [{ id: 'call_done_3', name: 'attempt_completion', args: { result: 'Went on.' } }], usage: { inputTokens: 1_500, outputTokens: 10 } },
  ];
}

describe('e2e: the context meter and condensing', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;

  before(async () => {
    model = await startScriptedModelServer({ script: script() });
    wb = await openWorkbench({
      settings: {
        'workbench.colorTheme': 'Default Dark Modern',
        'relay.provider': 'openai-compatible',
        'relay.baseUrl': model.openaiBaseUrl,
        'relay.model': MODEL,
        'relay.models': { [MODEL]: { contextWindow: WINDOW, maxOutputTokens: 2048, inputPrice: 3, outputPrice: 15, supportsTools: true } },
      },
    });
    writeFileSync(join(wb.workspace, 'NOTES.md'), NOTES);
    chat = await wb.openRelay();
    await chat.locator('.composer').filter({ hasText: MODEL }).waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await wb?.close();
    await model?.close();
  });

  const meter = () => chat.locator('[data-testid="context-meter"]');
  /** Waits for the meter to read `text`; says what it read instead when it does not. */
  async function meterReads(text: string): Promise<void> {
    await meter()
      .filter({ hasText: text })
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        const shown = (await meter().count()) ? await meter().getAttribute('title') : 'no meter';
        throw new Error(`the meter does not read ${text}: ${shown}\n${String(error)}`);
      });
  }
  async function send(text: string): Promise<void> {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill(text);
    await input.press('Enter');
  }

  it('the meter shows the last request against the window and follows each request', async () => {
    assert.equal(await meter().count(), 0, 'no meter before the first request');
    await send('What is this project?');
    await chat.locator('.message-assistant').filter({ hasText: 'The fixture is a tiny project.' }).waitFor({ timeout: 30_000 });
    await meterReads('2.6k / 40k');
    assert.equal(await meter().getAttribute('data-level'), 'low');
    assert.equal(await meter().getAttribute('aria-valuenow'), '2600');
    const tooltip = (await meter().getAttribute('title')) ?? '';
    assert.match(tooltip, /Context: 2,600 of 40,000 tokens \(7%\)/);
    assert.match(tooltip, /Input: 4,600 tokens/);
    assert.match(tooltip, /Output: 90 tokens/);
    // 4,600 in at $3 and 90 out at $15 per million: $0.01515.
    assert.match(tooltip, /Cost so far: \$0\.0152/);

    await send('And its layout?');
    await chat.locator('.message-assistant').filter({ hasText: 'Described the layout.' }).waitFor({ timeout: 30_000 });
    await meterReads('36k / 40k');
    assert.equal(await meter().getAttribute('data-level'), 'high', 'near the window the meter says so');
    await wb.screenshot('context-meter-high');
  });

  it('Condense Context from the Command Palette adds a folded card with the summary; the task goes on from it', async () => {
    await wb.runCommand('Relay: Condense Context');
    const card = chat.locator('[data-testid="condensed-card"]');
    await card.waitFor({ timeout: 30_000 });
    const counts = /Context condensed\s*([\d,]+) → ([\d,]+) tokens/.exec((await card.locator('summary').textContent()) ?? '');
    assert.ok(counts, 'the card shows the tokens before and after');
    const [before, after] = [counts[1]!, counts[2]!].map((n) => Number(n.replace(/,/g, '')));
    assert.ok(after! < before! - 2_000, `condensing saved the read: ${before} → ${after}`);
    // One figure for "context used": the card starts where the meter stood, and the meter now reads the card's
    // "after" (not the summary request's own 3,000).
    assert.equal(before, 36_000, 'the card starts from the meter');
    await meterReads(`${new NumberFormats('en').compact(after!)} / 40k`);
    const title = card.locator('.condensed-title');
    const titleBox = await title.boundingBox();
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height);
    assert.ok(titleBox && titleBox.height < lineHeight * 1.5, `"Context condensed" on one line in the side bar (the counts wrap instead): ${titleBox?.height} px`);
    const body = card.locator('.condensed-summary');
    assert.equal(await body.isVisible(), false, 'folded at first');
    await card.locator('summary').click();
    await body.filter({ hasText: 'Explain the fixture.' }).waitFor({ timeout: 5_000 });
    assert.equal(await body.locator('h2').count(), 3, 'the summary renders as Markdown');
    await wb.screenshot('context-condensed-card');

    await send('Go on.');
    await chat.locator('.message-assistant').filter({ hasText: 'Went on.' }).waitFor({ timeout: 30_000 });
    assert.equal(model.requests.length, 5, 'one request per turn, and one for the summary');
    const last = model.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    const firstUser = last.messages.find((m) => m.role === 'user');
    assert.match(JSON.stringify(firstUser?.content), /Relay context summary/, 'the next request starts from the summary');
    await meterReads('1.5k / 40k');
  });
});
