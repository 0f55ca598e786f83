// One key state per provider: a test or a request refines "saved" into "verified" or "rejected", and any key
// change forgets it, so the header, welcome and composer never say "key set" beside "the key was rejected".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KeyVerdicts } from '../../../src/host/onboarding/key-verdicts';
import type { ConnectionTestResult } from '../../../src/core/model/connection-test';

const ok: ConnectionTestResult = { ok: true, latencyMs: 15, model: 'gpt-5.4', reply: 'OK' };
const rejected: ConnectionTestResult = {
  ok: false,
  latencyMs: 20,
  error: { kind: 'auth', message: '401', retryable: false },
  advice: { headline: 'OpenAI rejected the API key.', fix: 'Enter a valid key.' } as never,
};
const refused: ConnectionTestResult = { ...rejected, error: { kind: 'network', message: 'ECONNREFUSED', retryable: true }, advice: { headline: 'Refused.', fix: 'Start it.' } as never };

describe('key verdicts', () => {
  test('a test refines a saved key; the welcome shows that provider’s own test only', () => {
    const v = new KeyVerdicts();
    assert.equal(v.status('openai', 'set'), 'set');
    v.recordTest('openai', rejected);
    assert.equal(v.status('openai', 'set'), 'rejected');
    assert.equal(v.lastTest('openai')?.ok, false);
    v.recordTest('anthropic', ok);
    assert.equal(v.status('anthropic', 'set'), 'verified');
    assert.equal(v.lastTest('openai')?.text, 'OpenAI rejected the API key. Enter a valid key.', 'each provider keeps its own test');
    assert.equal(v.status('anthropic', 'missing'), 'missing', 'a verdict never hides a key that is gone');
    v.recordTest('openai', refused);
    assert.equal(v.status('openai', 'set'), 'set', 'a refused connection says nothing about the key');
  });

  test('a key change forgets every verdict and test; a task’s requests refine the key too', () => {
    const v = new KeyVerdicts();
    v.recordTest('openai', rejected);
    v.forget();
    assert.equal(v.status('openai', 'set'), 'set');
    assert.equal(v.lastTest('openai'), undefined);
    v.recordRequest('openai', 'accepted');
    assert.equal(v.status('openai', 'set'), 'verified');
    v.recordTest('openai', rejected);
    v.recordRequest('openai', 'accepted');
    assert.equal(v.lastTest('openai'), undefined, 'a rejected test is not shown beside a key that has since worked');
    v.recordRequest('openai', 'rejected');
    assert.equal(v.status('openai', 'set'), 'rejected');
  });
});
