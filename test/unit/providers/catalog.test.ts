// The model catalog: lookups by id (with snapshots and router prefixes), defaults, cost.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { catalogProvider, costUsd, lookupModel, MODEL_CATALOG, modelInfoFor, UNKNOWN_MODEL } from '../../../src/core/model/catalog';

describe('model catalog', () => {
  test('knows the current models with window, output limit and price', () => {
    for (const id of ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'o4-mini']) {
      const entry = lookupModel(id);
      assert.ok(entry, id);
      assert.ok(entry.contextWindow >= 128_000 && entry.maxOutputTokens > 0 && entry.maxOutputTokens < entry.contextWindow, id);
      assert.ok(entry.pricing && entry.pricing.inputPerMTok > 0 && entry.pricing.outputPerMTok > entry.pricing.inputPerMTok, id);
    }
    assert.deepEqual(lookupModel('claude-sonnet-4-5')!.pricing, { inputPerMTok: 3, outputPerMTok: 15, cacheWritePerMTok: 3.75, cacheReadPerMTok: 0.3 });
    assert.equal(lookupModel('gpt-4.1')!.contextWindow, 1_047_576);
  });

  test('knows the Claude 5.x and GPT-5.4/5.6 models the SDKs name, with their published figures', () => {
    const claude = ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5', 'claude-fable-5-2', 'claude-mythos-5-2', 'claude-fable-5-1', 'claude-mythos-5-1', 'claude-sonnet-5', 'claude-opus-5', 'claude-fable-5', 'claude-mythos-5'];
    const gpt = ['gpt-5.6-sol', 'gpt-5.6-terra', 'gpt-5.6-luna', 'gpt-5.4', 'gpt-5.4-mini', 'gpt-5.4-nano'];
    for (const id of [...claude, ...gpt]) {
      const entry = MODEL_CATALOG[id];
      assert.ok(entry, id);
      assert.equal(entry.maxOutputTokens, 128_000, id);
      assert.ok(entry.contextWindow >= 400_000, id);
    }
    assert.deepEqual(MODEL_CATALOG['claude-sonnet-5-5']!.pricing, { inputPerMTok: 2, outputPerMTok: 10, cacheWritePerMTok: 2.5, cacheReadPerMTok: 0.2 });
    // Opus 5.5 and the Fable line publish cache prices off the usual 1.25x / 0.1x ratios.
    assert.deepEqual(MODEL_CATALOG['claude-opus-5-5']!.pricing, { inputPerMTok: 4, outputPerMTok: 20, cacheWritePerMTok: 5, cacheReadPerMTok: 0.2 });
    assert.deepEqual(MODEL_CATALOG['claude-fable-5-1']!.pricing, { inputPerMTok: 10, outputPerMTok: 50, cacheWritePerMTok: 12.5, cacheReadPerMTok: 0.25 });
    assert.equal(MODEL_CATALOG['claude-mythos-5-2'], MODEL_CATALOG['claude-fable-5-2']);
    assert.deepEqual(MODEL_CATALOG['gpt-5.6-luna']!.pricing, { inputPerMTok: 0.2, outputPerMTok: 1.2, cacheReadPerMTok: 0.02, cacheWritePerMTok: 0.25 });
    assert.equal(MODEL_CATALOG['gpt-5.6-terra']!.contextWindow, 1_050_000);
    // Tiered (Haiku 5.5) or promotional-only (GPT-5.6 Sol) prices are not guessed: cost shows as unknown.
    assert.equal(MODEL_CATALOG['claude-haiku-5-5']!.pricing, undefined);
    assert.equal(MODEL_CATALOG['gpt-5.6-sol']!.pricing, undefined);
    assert.equal(modelInfoFor('anthropic', 'claude-haiku-5-5').contextWindow, 1_000_000);
  });

  test('a later version is not a snapshot of an earlier one', () => {
    assert.equal(lookupModel('claude-sonnet-5-5'), MODEL_CATALOG['claude-sonnet-5-5']);
    assert.notEqual(lookupModel('claude-sonnet-5-5'), MODEL_CATALOG['claude-sonnet-5']);
    assert.equal(lookupModel('claude-sonnet-5-20260630'), MODEL_CATALOG['claude-sonnet-5']);
    assert.equal(lookupModel('anthropic/claude-opus-5-5'), MODEL_CATALOG['claude-opus-5-5']);
    assert.equal(lookupModel('gpt-5.4-mini-2026-03-17'), MODEL_CATALOG['gpt-5.4-mini']);
    // Not listed yet: no borrowed window or price from an older family member.
    assert.equal(lookupModel('claude-sonnet-5-6'), undefined);
    assert.equal(lookupModel('claude-opus-4-8'), undefined);
    assert.equal(lookupModel('gpt-5.4-pro'), undefined);
    assert.equal(catalogProvider('anthropic/claude-sonnet-5-5'), 'anthropic');
    assert.equal(catalogProvider('gpt-5.6-sol'), 'openai');
  });

  test('finds dated snapshots, aliases and router-prefixed ids, preferring the longest family', () => {
    assert.equal(lookupModel('claude-sonnet-4-5-20250929'), MODEL_CATALOG['claude-sonnet-4-5']);
    assert.equal(lookupModel('claude-sonnet-4-20250514'), MODEL_CATALOG['claude-sonnet-4']);
    assert.equal(lookupModel('claude-3-5-haiku-latest'), MODEL_CATALOG['claude-3-5-haiku']);
    assert.equal(lookupModel('gpt-4.1-mini-2025-04-14'), MODEL_CATALOG['gpt-4.1-mini']);
    assert.equal(lookupModel('gpt-4o-2024-08-06'), MODEL_CATALOG['gpt-4o']);
    assert.equal(lookupModel('openai/gpt-4o-mini'), MODEL_CATALOG['gpt-4o-mini']);
    assert.equal(lookupModel('GPT-4.1'), MODEL_CATALOG['gpt-4.1']);
  });

  test('does not mistake a different model for a family member', () => {
    assert.equal(lookupModel('gpt-4.1-turbo'), undefined);
    assert.equal(lookupModel('gpt-4'), undefined);
    assert.equal(lookupModel('llama3.1:8b'), undefined);
  });

  test('unknown ids get a sane default and no price', () => {
    const info = modelInfoFor('openai-compatible', 'qwen2.5-coder:32b');
    assert.equal(info.contextWindow, UNKNOWN_MODEL.contextWindow);
    assert.equal(info.maxOutputTokens, UNKNOWN_MODEL.maxOutputTokens);
    assert.equal(info.pricing, undefined);
    assert.equal(info.supportsNativeTools, true);
    assert.equal(info.label, 'openai-compatible · qwen2.5-coder:32b');
    // A Claude we do not list still has Claude's window.
    assert.equal(modelInfoFor('anthropic', 'claude-sonnet-9').contextWindow, 200_000);
  });

  test('costUsd prices uncached input, output, cache reads and cache writes apart', () => {
    const pricing = lookupModel('claude-sonnet-4-5')!.pricing;
    const cost = costUsd({ inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 2_000_000, cacheWriteTokens: 400_000 }, pricing);
    assert.ok(Math.abs(cost! - (3 + 1.5 + 0.6 + 1.5)) < 1e-9, String(cost));
    assert.equal(costUsd({ inputTokens: 0, outputTokens: 0 }, pricing), 0);
    assert.equal(costUsd({ inputTokens: 10, outputTokens: 10 }, undefined), undefined);
    // Without a cache price, cached tokens cost what input costs.
    const plain = costUsd({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 1_000_000 }, { inputPerMTok: 2, outputPerMTok: 8 });
    assert.equal(plain, 2);
  });
});
