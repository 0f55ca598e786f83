import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NumberFormats } from '../../../src/shared/format-numbers';
import { condensedCounts, contextUsed } from '../../../src/core/agent/context-used';
import { catalogFacts } from '../../../src/core/model/model-facts';

describe('the one number formatter', () => {
  const en = new NumberFormats('en');
  const zh = new NumberFormats('zh-cn');

  it('a window reads the same wherever it is shown: 1,050,000 is "1.1M", never "1050K"', () => {
    assert.equal(en.window(1_050_000), '1.1M');
    assert.equal(en.window(1_050_000), en.compact(1_050_000));
    assert.equal(en.window(200_000), '200k');
    assert.equal(en.window(40_000), '40k');
    assert.equal(zh.window(1_000_000), '100万');
  });

  it('token counts: exact with grouping, compact in a few characters', () => {
    assert.equal(en.count(11_327), '11,327');
    assert.equal(en.compact(850), '850');
    assert.equal(en.compact(2_600), '2.6k');
    assert.equal(en.compact(36_000), '36k');
    assert.equal(zh.compact(15_000), '1.5万');
  });

  it('prices per million tokens keep two decimals, more below a cent; costs their own digits', () => {
    assert.equal(en.price(2.5), '$2.50');
    assert.equal(en.price(15), '$15.00');
    assert.equal(en.price(0.075), '$0.075');
    assert.equal(zh.price(2.5), 'US$2.50');
    assert.equal(en.usd(0.0421, 4), '$0.0421');
  });

  it('sizes in units of 1024, as the limits are set: an image cap of 5 × 1024 × 1024 bytes reads "5 MB"', () => {
    assert.equal(en.size(850), '850 B');
    assert.equal(en.size(1234), '1.2 KB');
    assert.equal(en.size(123_456), '121 KB');
    assert.equal(en.size(5 * 1024 * 1024), '5 MB');
    assert.equal(en.size(2_500_000), '2.4 MB');
    assert.equal(new NumberFormats('de').size(2_500_000), '2,4 MB');
  });

  it('an unknown or invalid tag is English', () => {
    assert.equal(new NumberFormats('not a language!').language, 'en');
    assert.equal(new NumberFormats(undefined).compact(1_500), '1.5k');
  });
});

describe('one definition of "context used"', () => {
  it('is the input, cache reads and cache writes of the last request', () => {
    assert.equal(contextUsed({ inputTokens: 1_000, outputTokens: 50, cacheReadTokens: 300, cacheWriteTokens: 20 }), 1_320);
  });

  it('the condensed card starts where the meter stood and shrinks it by the share the summary saved', () => {
    assert.deepEqual(condensedCounts(36_000, 11_327, 7_439), { tokensBefore: 36_000, tokensAfter: 23_643 });
    assert.deepEqual(condensedCounts(undefined, 11_327, 7_439), { tokensBefore: 11_327, tokensAfter: 7_439 });
  });
});

describe('the model picker shows the catalog figures in the one format', () => {
  it('gpt-5.4: the window as the header shows it ("1.1M", not "1050K") and which price is which', () => {
    assert.deepEqual(catalogFacts('gpt-5.4'), ['1.1M context', '$2.50 input / $15.00 output per 1M tokens']);
    assert.deepEqual(catalogFacts('no-such-model'), []);
  });
});
