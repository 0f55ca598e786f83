import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
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
