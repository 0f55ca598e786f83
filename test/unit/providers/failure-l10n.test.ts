// Every failure a task can end with is said in the person's language: under a pseudo-locale that turns each
// letter of a localised message into "ж", what is left in an error's message may only be what came from
// outside (the server's own words, the model id, the URL, a socket code, a tool name). An English word the
// classifier, the retry loop or the idle watchdog wrote without l10n.t shows up as letters and fails here.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { formatMessage, setLocalizer } from '../../../src/core/l10n';
import type { ModelError, ModelStreamEvent } from '../../../src/core/model/events';
import { classifyFailure } from '../../../src/core/model/failure';
import { resilientStream, type OpenAttempt } from '../../../src/core/model/resilient-stream';
import { collect, errorOf, manualTimers, recordingSleep } from './helpers';

const SERVER_SAYS = 'detail text';
const context = { service: 'Anthropic', model: 'claude-haiku-4-5', baseUrl: 'https://api.anthropic.com' };
const NOW = Date.UTC(2025, 0, 1);
/** What may stay as it came: the server's words, names and codes, never a sentence of ours. */
const OUTSIDE = [SERVER_SAYS, context.service, context.model, context.baseUrl, 'ECONNREFUSED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'write_file', 'call_1', 'Azure OpenAI', 'my-deployment', '2025-04-01-preview'];

function untranslated(message: string): string[] {
  let rest = message;
  for (const value of OUTSIDE) rest = rest.split(value).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

function assertLocalised(error: ModelError, what: string): void {
  assert.ok(error.message.includes('ж'), `${what}: the message went through l10n.t (${error.message})`);
  assert.deepEqual(untranslated(error.message), [], `${what}: English left in "${error.message}"`);
}

function statusError(status: number, type: string): unknown {
  return AnthropicSdk.APIError.generate(status, { type: 'error', error: { type, message: SERVER_SAYS } }, undefined, new Headers());
}

function connectionError(code: string): unknown {
  return new OpenAISdk.APIConnectionError({ cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code }) }) });
}

describe('model failures under a pseudo-locale: no English sentence of ours is left', () => {
  before(() => setLocalizer((message, ...args) => formatMessage(message.replace(/[A-Za-z]/g, 'ж'), args)));
  after(() => setLocalizer((message, ...args) => formatMessage(message, args)));

  test('every kind the classifier knows, from HTTP statuses, connection and TLS errors, and an error it cannot read', () => {
    for (const [status, type] of [
      [400, 'invalid_request_error'],
      [401, 'authentication_error'],
      [403, 'permission_error'],
      [404, 'not_found_error'],
      [408, 'timeout'],
      [429, 'rate_limit_error'],
      [500, 'api_error'],
      [529, 'overloaded_error'],
    ] as const) {
      assertLocalised(classifyFailure(statusError(status, type), context, NOW).error, `HTTP ${status}`);
    }
    const azure = { ...context, service: 'Azure OpenAI', model: 'my-deployment', azureApiVersion: '2025-04-01-preview' };
    assertLocalised(classifyFailure(statusError(404, 'DeploymentNotFound'), azure, NOW).error, 'Azure 404');
    assertLocalised(classifyFailure(connectionError('ECONNREFUSED'), context, NOW).error, 'refused');
    assertLocalised(classifyFailure(connectionError('DEPTH_ZERO_SELF_SIGNED_CERT'), context, NOW).error, 'TLS');
    assertLocalised(classifyFailure({}, context, NOW).error, 'an error with nothing to read');
    assertLocalised(classifyFailure(Object.assign(new Error('x'), { name: 'AbortError' }), context, NOW).error, 'cancelled');
  });

  test('the retry loop, a stream cut mid tool call, and the idle watchdog', async () => {
    const overloaded = () => statusError(529, 'overloaded_error');
    const always: OpenAttempt = () =>
      (async function* (): AsyncGenerator<ModelStreamEvent> {
        throw overloaded();
      })();
    const retried = errorOf(await collect(resilientStream(always, new AbortController().signal, { context, secrets: [], sleep: recordingSleep().sleep, random: () => 0 })));
    assertLocalised(retried, 'still failing after the retries');

    const cut: OpenAttempt = () =>
      (async function* (): AsyncGenerator<ModelStreamEvent> {
        yield { type: 'tool_call_start', callId: 'call_1', name: 'write_file' };
      })();
    assertLocalised(errorOf(await collect(resilientStream(cut, new AbortController().signal, { context, secrets: [] }))), 'cut while a call streamed');

    const clock = manualTimers();
    const silent: OpenAttempt = (wire) =>
      (async function* (): AsyncGenerator<ModelStreamEvent> {
        yield { type: 'text_delta', text: 'a' };
        await new Promise<void>((resolve) => wire.signal.addEventListener('abort', () => resolve()));
      })();
    const events: ModelStreamEvent[] = [];
    for await (const event of resilientStream(silent, new AbortController().signal, { context, secrets: [], timers: clock.timers, idleTimeoutMs: 1000 })) {
      events.push(event);
      if (event.type === 'text_delta') setTimeout(() => clock.elapse(), 0);
    }
    assertLocalised(errorOf(events), 'idle');
  });
});
