// A task with Claude's extended thinking and its cost through the real UI, light and dark: the scripted server
// speaks Anthropic's wire (thinking blocks with their signature) for claude-sonnet-5-5, a catalog model with list
// prices. The reasoning streams into a folded "Thinking" block (held mid-stream by the server, so the streaming
// state is seen for sure), opens on a click, goes back to the API unchanged; the header, the context meter's
// tooltip and the history show the tokens and the cost, checked against the figure computed here from the
// scripted usage and the published prices. The block's colours come from the theme.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer, ScriptUsage } from '../support/scripted-model-server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const MODEL = 'claude-sonnet-5-5';
/** claude-sonnet-5-5's list prices, US$ per million tokens (platform.claude.com; cache write 1.25x, read 0.1x input). */
const PRICE = { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 };
const REASONING = 'The README is the quickest way to learn the layout of this project. I will read it first, then answer in one line.';
const USAGE: ScriptUsage[] = [
  { inputTokens: 12_000, outputTokens: 800, cacheReadTokens: 4_000, cacheWriteTokens: 1_000 },
  { inputTokens: 13_400, outputTokens: 200, cacheReadTokens: 5_000, cacheWriteTokens: 0 },
];
const sum = (pick: (u: ScriptUsage) => number) => USAGE.reduce((total, u) => total + pick(u), 0);
const EXPECTED_COST =
  (sum((u) => u.inputTokens) * PRICE.input +
    sum((u) => u.outputTokens) * PRICE.output +
    sum((u) => u.cacheReadTokens ?? 0) * PRICE.cacheRead +
    sum((u) => u.cacheWriteTokens ?? 0) * PRICE.cacheWrite) /
  1_000_000;

function script() {
  return [
    {
      thinking: REASONING,
      text: 'Reading the README first.',
      toolCalls: [{ id: 'call_read', name: 'read_file', args: { path: 'README.md' } }],
      chunkSize: 8,
      // message_start, the thinking block's start, a ping and two deltas; then the server waits for release().
      fault: { holdAfterChunks: 5 },
      usage: USAGE[0],
    },
    {
      thinking: 'The README says enough.',
      toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'A tiny TypeScript project with a greet helper.' } }],
      usage: USAGE[1],
    },
  ];
}

/** [r, g, b, alpha] of a computed `rgb()`/`rgba()` colour. */
function rgba(css: string): number[] {
  const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** WCAG's contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = rgba(css)
      .slice(0, 3)
      .map((v) => v / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

interface Look {
  colour: string;
  background: string;
  contrast: number;
}
const looks: Partial<Record<'light' | 'dark', Look>> = {};

const THEMES = [
  { name: 'light' as const, colorTheme: 'Default Light Modern' },
  { name: 'dark' as const, colorTheme: 'Default Dark Modern' },
];

// One workbench for the file; each theme's block switches the theme in place and starts from a new task, no key
// (the previous block's is removed as a person removes it) and a fresh script.
let wb: Workbench;
let model: ScriptedModelServer;
let chat: FrameLocator;
let close: () => Promise<void>;
const status = () => chat.locator('[data-testid="relay-status"]');
before(async () => {
  ({ wb, model, chat, close } = await openScriptedWorkbench({
    script: script(),
    settings: (server) => ({
      'workbench.colorTheme': THEMES[0]!.colorTheme,
      'relay.provider': 'anthropic',
      'relay.baseUrl': server.url,
      'relay.model': MODEL,
      'relay.thinkingBudget': 2048,
    }),
  }));
});
after(async () => {
  await close?.();
});

/** The key, as a person sets it: the palette, the provider (the current one first), a password box; empty removes it. */
async function enterKey(key: string): Promise<void> {
  await wb.runCommand('Relay: Set API Key');
  const quick = wb.page.locator('.quick-input-widget');
  await quick.locator('.monaco-list-row').filter({ hasText: 'Anthropic' }).first().waitFor({ timeout: 15_000 });
  await wb.page.keyboard.press('Enter');
  const box = quick.locator('input.input[type="password"]');
  await box.waitFor({ timeout: 15_000 });
  await box.fill(key);
  await wb.page.keyboard.press('Enter');
}

for (const [index, theme] of THEMES.entries()) {
  describe(`e2e: a task with a Thinking block and its cost (${theme.name})`, () => {
    // Its own words, so that the history lists each theme's task once.
    const TASK = `What is this project? (${theme.name})`;

    before(async () => {
      await wb.setColorTheme(theme.colorTheme);
      if (index > 0) {
        await chat.getByRole('button', { name: 'New task' }).first().click();
        await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
        model.reset();
        model.setScript(script());
        await enterKey('');
      }
      await status().filter({ hasText: /no API key/ }).waitFor({ timeout: 30_000 });
      await enterKey('sk-ant-e2e-thinking-0001');
      await status().filter({ hasText: new RegExp(`^Ready · ${MODEL} · Anthropic$`) }).waitFor({ timeout: 15_000 });
    });

    it('the reasoning streams into a folded "Thinking…" block; it ends as "Thinking" and opens on a click', async () => {
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.fill(TASK);
      await input.press('Enter');

      const block = chat.locator('.message-thinking').first();
      // The server holds the turn after the first pieces of reasoning: the block is streaming, folded.
      await chat.locator('.message-thinking.streaming .thinking-label').filter({ hasText: /^Thinking…$/ }).waitFor({ timeout: 30_000 });
      assert.equal(await block.evaluate((d) => (d as HTMLDetailsElement).open), false, 'folded while it streams');
      assert.equal(await block.getAttribute('aria-busy'), 'true');
      const partial = (await block.locator('.thinking-text').textContent()) ?? '';
      assert.ok(partial.length > 0 && partial.length < REASONING.length && REASONING.startsWith(partial), `a part of the reasoning so far: "${partial}"`);
      assert.equal(await block.locator('.thinking-text').isVisible(), false, 'its text is folded away');
      assert.equal(await chat.locator('[data-testid="task-usage"]').count(), 0, 'no usage before the first reply reports it');
      await wb.screenshot(`thinking-streaming-${theme.name}`);
      model.release();

      await chat.locator('.message-assistant').filter({ hasText: 'A tiny TypeScript project with a greet helper.' }).waitFor({ timeout: 30_000 });
      assert.equal(await block.locator('.thinking-label').textContent(), 'Thinking');
      assert.equal(await block.getAttribute('aria-busy'), 'false');
      assert.equal(await block.evaluate((d) => (d as HTMLDetailsElement).open), false, 'still folded when done');
      await block.locator('.thinking-summary').click();
      await block.locator('.thinking-text').waitFor({ state: 'visible' });
      assert.equal(await block.locator('.thinking-text').textContent(), REASONING);
      assert.equal(await chat.locator('.message-thinking').count(), 2, 'one block per turn that thought');
      await wb.screenshot(`thinking-open-${theme.name}`);
    });

    it('the reasoning went back to the API unchanged, with its signature, and never as text', () => {
      assert.equal(model.requests.length, 2);
      const body = model.requests[1]!.body as { messages: { role: string; content: string | { type: string; thinking?: string; signature?: string; text?: string }[] }[] };
      const assistant = body.messages.find((m) => m.role === 'assistant');
      assert.ok(assistant && Array.isArray(assistant.content));
      assert.equal(assistant.content[0]!.type, 'thinking');
      assert.equal(assistant.content[0]!.thinking, REASONING);
      assert.ok(assistant.content[0]!.signature, 'the signature came back');
      const texts = body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'text').map((b) => b.text ?? '') : [m.content]));
      assert.ok(!texts.some((t) => t.includes(REASONING)), 'the reasoning is not sent as text');
    });

    it("the block's colours are the theme's: VS Code's description foreground, readable on the side bar", async () => {
      // Read in the page, computed here (the page gets no helper functions: tsx would wrap them in __name).
      const [colour, backgrounds, expected] = await chat.locator('.message-thinking').first().evaluate((el) => {
        const chain: string[] = [];
        for (let node: Element | null = el; node; node = node.parentElement) chain.push(getComputedStyle(node).backgroundColor);
        // The theme's variable, resolved the same way.
        const probe = document.createElement('span');
        probe.style.color = 'var(--vscode-descriptionForeground)';
        document.body.append(probe);
        const variable = getComputedStyle(probe).color;
        probe.remove();
        return [getComputedStyle(el.querySelector('.thinking-text')!).color, chain, variable] as const;
      });
      const background = backgrounds.find((bg) => rgba(bg)[3] !== 0) ?? 'rgb(255, 255, 255)';
      const look: Look = { colour, background, contrast: contrast(colour, background) };
      assert.equal(look.colour, expected, 'the text is --vscode-descriptionForeground');
      assert.ok(look.contrast >= 4.5, `readable: contrast ${look.contrast.toFixed(2)} of ${look.colour} on ${look.background}`);
      looks[theme.name] = look;
      const other = looks[theme.name === 'dark' ? 'light' : 'dark'];
      if (other) {
        assert.notEqual(look.colour, other.colour, 'the colour follows the theme');
        assert.notEqual(look.background, other.background);
      }
    });

    it('the header, the meter and the history show the tokens and the cost of the scripted usage at list prices', async () => {
      const cost = EXPECTED_COST;
      // 12,000×2 + 800×10 + 4,000×0.2 + 1,000×2.5 = 35,300 and 13,400×2 + 200×10 + 5,000×0.2 = 29,800 millionths.
      assert.ok(Math.abs(cost - 0.0651) < 1e-9, `the figure this test expects: ${cost}`);
      const inTokens = sum((u) => u.inputTokens);
      const outTokens = sum((u) => u.outputTokens);
      const summary = `${Math.round(inTokens / 1000)}k in · ${(outTokens / 1000).toFixed(1)}k out · $${cost.toFixed(2)}`;
      await chat.locator('[data-testid="task-usage"]').filter({ hasText: summary }).waitFor({ timeout: 15_000 });
      const tooltip = (await chat.locator('[data-testid="context-meter"]').getAttribute('title')) ?? '';
      assert.match(tooltip, new RegExp(`Cost so far: \\$${cost.toFixed(4).replace('.', '\\.')}`));
      assert.match(tooltip, new RegExp(`Input: ${inTokens.toLocaleString('en-US')} tokens`));
      assert.match(tooltip, new RegExp(`Output: ${outTokens.toLocaleString('en-US')} tokens`));
      await wb.screenshot(`thinking-cost-header-${theme.name}`);

      // One figure for the window: the model picker's row says what the meter shows ("1.0M", never "1000K").
      const meterText = (await chat.locator('[data-testid="context-meter"]').textContent()) ?? '';
      const windowFigure = / \/ (\S+)$/.exec(meterText.trim())?.[1];
      assert.ok(windowFigure, `the meter shows the window: ${meterText}`);
      await chat.locator('.model-button').click();
      const pickerRow = wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: MODEL }).first();
      await pickerRow.waitFor({ timeout: 30_000 });
      const rowText = (await pickerRow.textContent()) ?? '';
      assert.ok(rowText.includes(`${windowFigure} context`), `the picker shows the meter's ${windowFigure}: ${rowText}`);
      assert.match(rowText, /\$[\d.]+ input \/ \$[\d.]+ output per 1M tokens/, 'which price is which');
      await wb.page.keyboard.press('Escape');
      await wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });

      await chat.getByRole('button', { name: 'Task history' }).click();
      const row = chat.locator('.history-row').filter({ hasText: TASK });
      await row.waitFor({ timeout: 15_000 });
      assert.equal(await row.locator('.history-usage').textContent(), summary);
      assert.equal(await row.locator('.history-usage').getAttribute('title'), 'Tokens and cost of this task');
      await wb.screenshot(`thinking-cost-history-${theme.name}`);
    });
  });
}
