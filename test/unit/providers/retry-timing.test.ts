// Pure rules of the retry loop: reading Retry-After, full-jitter backoff, the cap, the abortable sleep.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { abortableSleep, backoffDelayMs, DEFAULT_BACKOFF, retryAfterMs, retryDelayMs } from '../../../src/core/model/retry-timing';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const headers = (values: Record<string, string>) => new Headers(values);

describe('retryAfterMs', () => {
  test('reads whole and fractional seconds', () => {
    assert.equal(retryAfterMs(headers({ 'retry-after': '7' }), NOW), 7000);
    assert.equal(retryAfterMs(headers({ 'retry-after': '0.25' }), NOW), 250);
    assert.equal(retryAfterMs(headers({ 'retry-after': '0' }), NOW), 0);
  });

  test('reads an HTTP date relative to now, never negative', () => {
    const inNinety = new Date(NOW + 90_000).toUTCString();
    assert.equal(retryAfterMs(headers({ 'retry-after': inNinety }), NOW), 90_000);
    const past = new Date(NOW - 5_000).toUTCString();
    assert.equal(retryAfterMs(headers({ 'retry-after': past }), NOW), 0);
  });

  test('retry-after-ms wins over retry-after', () => {
    assert.equal(retryAfterMs(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), NOW), 1500);
    assert.equal(retryAfterMs(headers({ 'retry-after-ms': '12.5' }), NOW), 12.5);
  });

  test('ignores missing and unusable values', () => {
    assert.equal(retryAfterMs(undefined, NOW), undefined);
    assert.equal(retryAfterMs(headers({}), NOW), undefined);
    assert.equal(retryAfterMs(headers({ 'retry-after': 'soon' }), NOW), undefined);
    assert.equal(retryAfterMs(headers({ 'retry-after': '-3' }), NOW), undefined);
    // A bad retry-after-ms falls back to retry-after.
    assert.equal(retryAfterMs(headers({ 'retry-after-ms': 'abc', 'retry-after': '2' }), NOW), 2000);
  });
});

describe('backoff', () => {
  test('full jitter: uniformly below a bound that doubles per retry up to the maximum', () => {
    assert.equal(backoffDelayMs(0, () => 0), 0);
    assert.equal(backoffDelayMs(0, () => 0.5), 500);
    assert.equal(backoffDelayMs(1, () => 0.5), 1000);
    assert.equal(backoffDelayMs(3, () => 0.5), 4000);
    assert.equal(backoffDelayMs(20, () => 0.5), DEFAULT_BACKOFF.maxDelayMs / 2);
  });

  test('always within [0, min(max, base * 2^retry))', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (retry, r) => {
        const delay = backoffDelayMs(retry, () => r);
        const bound = Math.min(DEFAULT_BACKOFF.maxDelayMs, DEFAULT_BACKOFF.baseDelayMs * 2 ** retry);
        return Number.isInteger(delay) && delay >= 0 && delay < bound;
      }),
    );
  });

  test("the server's wait is used when given, capped", () => {
    assert.equal(retryDelayMs(0, 2000, () => 0.9), 2000);
    assert.equal(retryDelayMs(5, 0, () => 0.9), 0);
    assert.equal(retryDelayMs(0, 10 * 60_000, () => 0.9), DEFAULT_BACKOFF.maxRetryAfterMs);
    assert.equal(retryDelayMs(2, undefined, () => 0.5), 2000);
    assert.equal(retryDelayMs(0, 90_000, () => 0.5, { baseDelayMs: 10, maxDelayMs: 100, maxRetryAfterMs: 5_000 }), 5_000);
  });
});

describe('abortableSleep', () => {
  test('returns as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const slept = abortableSleep(60 * 60_000, controller.signal);
    controller.abort();
    await slept; // would hang the test for an hour if the abort were ignored
  });

  test('returns at once for an aborted signal', async () => {
    await abortableSleep(60 * 60_000, AbortSignal.abort());
  });
});
