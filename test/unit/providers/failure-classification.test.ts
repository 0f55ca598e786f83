// Classification of what the SDKs throw, using the SDKs' own error classes, and secret scrubbing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { classifyFailure, scrubError, scrubSecrets } from '../../../src/core/model/failure';

const ctx = { service: 'Anthropic', model: 'claude-haiku-4-5', baseUrl: 'https://api.anthropic.com' };
const NOW = Date.UTC(2025, 0, 1);

function anthropicStatusError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return AnthropicSdk.APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers(headers));
}

describe('classifyFailure', () => {
  test('Anthropic status errors map to kinds, keep the status and read Retry-After', () => {
    const cases: [number, string, string, boolean][] = [
      [400, 'invalid_request_error', 'bad_request', false],
      [401, 'authentication_error', 'auth', false],
      [403, 'permission_error', 'forbidden', false],
      [404, 'not_found_error', 'not_found', false],
      [429, 'rate_limit_error', 'rate_limited', true],
      [500, 'api_error', 'server', true],
      [503, 'api_error', 'server', true],
      [529, 'overloaded_error', 'overloaded', true],
    ];
    for (const [status, type, kind, retryable] of cases) {
      const failure = classifyFailure(anthropicStatusError(status, type, 'detail text', { 'retry-after': '3' }), ctx, NOW);
      assert.equal(failure.error.kind, kind, `${status}`);
      assert.equal(failure.error.status, status);
      assert.equal(failure.error.retryable, retryable, `${status}`);
      assert.match(failure.error.message, /detail text/);
      assert.equal(failure.retryAfterMs, 3000);
    }
  });

  test("Anthropic's in-stream error event (no status) is classified by its type", () => {
    const overloaded = new AnthropicSdk.APIError(undefined, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, undefined, new Headers());
    const failure = classifyFailure(overloaded, ctx, NOW);
    assert.equal(failure.error.kind, 'overloaded');
    assert.equal(failure.error.retryable, true);
    assert.equal(failure.error.status, undefined);
  });

  test('OpenAI errors: the SDK hands over the inner error object', () => {
    const notFound = OpenAISdk.APIError.generate(
      404,
      { error: { message: 'The model `gpt-9` does not exist', type: 'invalid_request_error', code: 'model_not_found' } },
      undefined,
      new Headers(),
    );
    const failure = classifyFailure(notFound, { ...ctx, service: 'OpenAI', model: 'gpt-9' }, NOW);
    assert.equal(failure.error.kind, 'not_found');
    assert.match(failure.error.message, /Model "gpt-9" was not found at https:\/\/api\.anthropic\.com \(404: The model `gpt-9` does not exist\)/);
  });

  test('connection errors are network failures, retryable, named by their code', () => {
    const refused = new OpenAISdk.APIConnectionError({ cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }) });
    const failure = classifyFailure(refused, ctx, NOW);
    assert.equal(failure.error.kind, 'network');
    assert.equal(failure.error.retryable, true);
    assert.equal(failure.networkCause, 'ECONNREFUSED');
    assert.match(failure.error.message, /Could not reach https:\/\/api\.anthropic\.com \(ECONNREFUSED\)/);

    const reset = Object.assign(new TypeError('terminated'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    assert.equal(classifyFailure(reset, ctx, NOW).networkCause, 'UND_ERR_SOCKET');
    assert.equal(classifyFailure(new AnthropicSdk.APIConnectionTimeoutError(), ctx, NOW).error.kind, 'network');
  });

  test('anything else is unknown and not retried', () => {
    const failure = classifyFailure(new SyntaxError('Unexpected token < in JSON'), ctx, NOW);
    assert.equal(failure.error.kind, 'unknown');
    assert.equal(failure.error.retryable, false);
    assert.match(failure.error.message, /Unexpected token/);
    assert.equal(classifyFailure('a thrown string', ctx, NOW).error.kind, 'unknown');
  });
});

describe('scrubSecrets', () => {
  const key = 'sk-ant-api03-AbCdEf0123456789';

  test('removes every occurrence of the key', () => {
    const text = `bad key ${key}; header x-api-key: ${key}.`;
    assert.equal(scrubSecrets(text, [key]), 'bad key [redacted]; header x-api-key: [redacted].');
  });

  test('leaves text alone when no secret is given or a "secret" is too short to be a key', () => {
    assert.equal(scrubSecrets('plain message', []), 'plain message');
    assert.equal(scrubSecrets('a b c', ['a']), 'a b c');
  });

  test("scrubError scrubs the server's own answer too", () => {
    const scrubbed = scrubError({ kind: 'auth', status: 401, retryable: false, message: 'rejected', said: `401: key ${key} is wrong` }, [key]);
    assert.equal(scrubbed.said, '401: key [redacted] is wrong');
  });

  test('scrubError keeps the kind and status', () => {
    const scrubbed = scrubError({ kind: 'auth', status: 401, retryable: false, message: `key ${key} rejected` }, [key]);
    assert.deepEqual(scrubbed, { kind: 'auth', status: 401, retryable: false, message: 'key [redacted] rejected' });
  });
});
