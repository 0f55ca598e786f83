// The error-to-advice mapping: each failure a setup can meet says what went wrong, how to fix it, and which step
// of "Set Up Provider" fixes it; failures classified from the SDKs' real errors reach the right advice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as OpenAISdk from 'openai';
import { ADVICE, adviseFailure, errorFix, problemOf, requestEvidence, STEP_ACTIONS } from '../../../src/core/model/connection-advice';
import type { ModelError } from '../../../src/core/model/events';
import { classifyFailure } from '../../../src/core/model/failure';

const ctx = { provider: 'OpenAI-compatible server', model: 'qwen', baseUrl: 'http://localhost:11434/v1' };
const err = (kind: ModelError['kind'], cause?: string): ModelError => ({ kind, message: 'x', retryable: false, ...(cause ? { cause } : {}) });
const failure = { service: 'the server at http://localhost:11434/v1', model: 'qwen', baseUrl: 'http://localhost:11434/v1' };

describe('connection advice', () => {
  test('each problem maps to its fix and setup step', () => {
    const cases: [ModelError, boolean, string, string | undefined][] = [
      [err('auth'), true, 'bad_key', 'key'],
      [err('auth'), false, 'no_key', 'key'],
      [err('forbidden'), true, 'no_access', 'key'],
      [err('not_found'), true, 'model_not_found', 'model'],
      [err('network', 'ECONNREFUSED'), true, 'refused', 'baseUrl'],
      [err('network', 'ENOTFOUND'), true, 'unknown_host', 'baseUrl'],
      [err('network', 'ETIMEDOUT'), true, 'unreachable', 'baseUrl'],
      [err('network', 'SELF_SIGNED_CERT_IN_CHAIN'), true, 'tls', 'proxy'],
      [err('network', 'Proxy response (407) !== 200 when HTTP Tunneling'), true, 'proxy', 'proxy'],
      [err('rate_limited'), true, 'rate_limited', undefined],
      [err('server'), true, 'server', undefined],
      [err('bad_request'), true, 'other', 'provider'],
    ];
    for (const [error, keySet, problem, step] of cases) {
      const advice = adviseFailure(error, ctx, keySet);
      assert.equal(advice.problem, problem, `${error.kind} ${error.cause ?? ''}`);
      assert.equal(advice.step, step, problem);
      assert.equal(advice.action, step ? STEP_ACTIONS[step as keyof typeof STEP_ACTIONS] : undefined);
      assert.ok(advice.headline.length > 0 && advice.fix.length > 0);
    }
  });

  test('the words name the model, the endpoint and the server to start', () => {
    assert.equal(adviseFailure(err('not_found'), ctx).headline, 'Model "qwen" was not found at http://localhost:11434/v1.');
    const refused = adviseFailure(err('network', 'ECONNREFUSED'), ctx);
    assert.match(refused.headline, /Nothing is listening at http:\/\/localhost:11434\/v1/);
    assert.match(refused.fix, /ollama serve/);
  });

  test('with a proxy set, a refused or unreachable connection points at the proxy', () => {
    const advice = adviseFailure(err('network', 'ECONNREFUSED'), { ...ctx, proxy: 'http://proxy.corp:3128' });
    assert.equal(advice.problem, 'proxy');
    assert.match(advice.headline, /proxy\.corp:3128/);
    assert.match(advice.fix, /http\.proxy/);
  });

  test('the chat error offers a fix only where setup can help', () => {
    assert.deepEqual(errorFix(err('auth')), { step: 'key', label: 'Enter API Key' });
    assert.deepEqual(errorFix(err('forbidden')), { step: 'key', label: 'Enter API Key' });
    assert.deepEqual(errorFix(err('not_found')), { step: 'model', label: 'Pick a Model' });
    assert.deepEqual(errorFix(err('network', 'ECONNREFUSED')), { step: 'baseUrl', label: 'Change Base URL' });
    assert.equal(errorFix(err('server')), undefined);
    assert.equal(errorFix(err('rate_limited')), undefined);
    assert.equal(errorFix(err('idle_timeout')), undefined);
    assert.equal(errorFix(err('cancelled')), undefined);
    assert.equal(errorFix(err('stream_broken')), undefined);
  });

  test('real SDK errors are classified with their cause, so the advice can tell them apart', () => {
    const refused = new OpenAISdk.APIConnectionError({ cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }) });
    const classified = classifyFailure(refused, failure, 0).error;
    assert.equal(classified.cause, 'ECONNREFUSED');
    assert.equal(problemOf(classified), 'refused');
    const tls = new OpenAISdk.APIConnectionError({ cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } }) });
    const tlsError = classifyFailure(tls, failure, 0).error;
    assert.equal(problemOf(tlsError), 'tls');
    assert.equal(tlsError.retryable, false, 'a certificate problem does not go away by retrying');
    const unauthorized = OpenAISdk.APIError.generate(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }, undefined, new Headers());
    assert.equal(problemOf(classifyFailure(unauthorized, failure, 0).error), 'bad_key');
  });

  test('every problem has words', () => {
    for (const [problem, entry] of Object.entries(ADVICE)) {
      const values = { provider: 'P', model: 'm', where: 'w', proxy: 'x', deployment: 'd', apiVersion: 'v' };
      assert.ok(entry.headline(values).endsWith('.'), problem);
      assert.ok(entry.fix(values).endsWith('.'), problem);
    }
  });

  test("a setup modal's body gives the server's own answer once, never Relay's advice again nor the title twice", () => {
    const rejected = OpenAISdk.APIError.generate(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }, undefined, new Headers());
    const { error } = classifyFailure(rejected, { ...failure, service: 'OpenAI' }, 0);
    const advice = adviseFailure(error, { ...ctx, provider: 'OpenAI' }, true);
    const evidence = requestEvidence(advice.headline, error);
    assert.equal(evidence, '401: Incorrect API key provided.');
    assert.doesNotMatch(evidence!, /Set API Key|rejected the API key/, 'no advice or headline repeated in the evidence');
    // No request went out (no key): the body does not repeat the title ("尚未为 Anthropic 设置 API 密钥。" twice).
    assert.equal(requestEvidence('尚未为 Anthropic 设置 API 密钥。', { message: '尚未为 Anthropic 设置 API 密钥。' }), undefined);
    assert.equal(requestEvidence('No API key is set for Anthropic.', { message: 'No API key is set for Anthropic' }), undefined);
    // An error without the server's words keeps its message.
    assert.equal(requestEvidence('Something failed.', { message: 'No answer within 20 s.' }), 'No answer within 20 s.');
  });
});
