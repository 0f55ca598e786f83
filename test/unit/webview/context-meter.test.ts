import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { formatCompact, formatDuration, useLanguage } from '../../../src/shared/format-numbers';
import { mount, user, type Harness } from './harness';

describe('webview: context meter and condensed card', () => {
  let t: Harness;
  afterEach(() => t.close());

  it('the meter shows the last request against the window and updates with the task; the tooltip has the totals', () => {
    t = mount();
    t.init({ items: [user('u1', 'go')] });
    const task = { id: 't1', title: 'Task', running: true, usage: { inputTokens: 12_000, outputTokens: 800, cacheReadTokens: 3_000, costUsd: 0.0421 } };
    t.batch({ type: 'task', task: { ...task, context: { tokens: 15_000, window: 200_000 } } });
    let meter = t.$('[data-testid="context-meter"]')!;
    assert.equal(meter.textContent, '15k / 200k');
    assert.equal(meter.getAttribute('aria-valuenow'), '15000');
    assert.equal(meter.dataset.level, 'low');
    assert.match(meter.title, /Context: 15,000 of 200,000 tokens \(8%\)/);
    assert.match(meter.title, /Input: 12,000 tokens\nOutput: 800 tokens\nCache reads: 3,000 tokens\nCost so far: \$0\.0421/);
    // Separate from the status line, so both fit.
    assert.ok(!t.$('[data-testid="relay-status"]')!.contains(meter));

    t.batch({ type: 'task', task: { ...task, context: { tokens: 180_000, window: 200_000 } } });
    meter = t.$('[data-testid="context-meter"]')!;
    assert.equal(meter.textContent, '180k / 200k');
    assert.equal(meter.dataset.level, 'high');
  });

  it('draws the "Context condensed" card folded, with tokens before and after and the summary as Markdown', () => {
    t = mount();
    t.init({ items: [{ kind: 'condensed', id: 'c1', summary: '## Goal\nShip **it**', tokensBefore: 150_000, tokensAfter: 12_500, trigger: 'auto', ts: 1 }] });
    const card = t.$('[data-testid="condensed-card"]') as HTMLDetailsElement;
    assert.equal(card.tagName, 'DETAILS');
    assert.equal(card.open, false);
    assert.match(card.querySelector('summary')!.textContent!, /Context condensed.*150,000 → 12,500 tokens/);
    assert.equal(card.querySelector('.condensed-summary strong')!.textContent, 'it');
  });
});

describe("webview: numbers in VS Code's display language", () => {
  let t: Harness;
  afterEach(() => {
    t.close();
    useLanguage('en');
  });

  it('zh-cn: the meter, its tooltip, the usage line and card durations follow the language from init, not en-US', () => {
    t = mount();
    t.init({ items: [user('u1', 'go')] }, { language: 'zh-cn' });
    const task = { id: 't1', title: 'Task', running: false, usage: { inputTokens: 25_000, outputTokens: 800, cacheReadTokens: 3_000, costUsd: 0.0421 } };
    t.batch({ type: 'task', task: { ...task, context: { tokens: 15_000, window: 1_000_000 } } });
    const meter = t.$('[data-testid="context-meter"]')!;
    assert.equal(meter.textContent, '1.5万 / 100万');
    assert.match(meter.title, /Cost so far: US\$0\.0421/);
    assert.equal(t.$('[data-testid="task-usage"]')!.textContent, '2.5万 in · 800 out · US$0.04');
    assert.equal(formatDuration(2_700), '2.7秒');

    // Back to English with the next init: the chat's own compact style.
    t.init({ items: [user('u1', 'go')] }, { language: 'en' });
    t.batch({ type: 'task', task: { ...task, context: { tokens: 15_000, window: 1_000_000 } } });
    assert.equal(t.$('[data-testid="context-meter"]')!.textContent, '15k / 1.0M');
    assert.equal(t.$('[data-testid="task-usage"]')!.textContent, '25k in · 800 out · $0.04');
  });

  it('an unknown language tag keeps English', () => {
    t = mount();
    assert.equal(useLanguage('not a language!'), false);
    assert.equal(formatCompact(1_500), '1.5k');
  });
});

describe('context meter: the rules of the turn', () => {
  it('the tooltip names the rules in the last request, or says there were none', () => {
    const t = mount();
    try {
      t.init({ task: { id: 't', title: 'x', running: false, context: { tokens: 1000, window: 200_000, rules: ['AGENTS.md', '.cursor/rules/ts.mdc'] } } });
      const meter = t.$('[data-testid="context-meter"]')!;
      assert.match(meter.title, /\nRules in this turn: AGENTS\.md, \.cursor\/rules\/ts\.mdc$/);
      t.batch({ type: 'task', task: { id: 't', title: 'x', running: false, context: { tokens: 1000, window: 200_000, rules: [] } } });
      assert.match(t.$('[data-testid="context-meter"]')!.title, /\nRules in this turn: none$/);
    } finally {
      t.close();
    }
  });
});
