// Quota and billing failures (issue 25) from every provider over real HTTP against the scripted server, as an
// HTTP status and streamed after the response began: their own kind `quota`, the provider's words, advice
// naming the plan and billing page, and no retry (a 429 `insufficient_quota` is not a rate limit).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { adviseFailure, errorFix } from '../../../src/core/model/connection-advice';
import { classifyFailure } from '../../../src/core/model/failure';
import { classifyGeminiFailure } from '../../../src/core/model/gemini-provider';
import { ResponsesEventMapper } from '../../../src/core/model/openai-responses-events';
import type { ProviderConfig } from '../../../src/core/model/factory';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import type { ScriptTurn } from '../../support/scripted-model-server/script';
import { API_KEY, collect, errorOf, providerFor, recordingSleep, request, textOf, type Wire } from './helpers';

const signal = () => new AbortController().signal;
const NOW = Date.UTC(2025, 0, 1);

const OPENAI_QUOTA = 'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';
const ANTHROPIC_CREDIT = 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.';
const OPENROUTER_CREDITS = 'Insufficient credits. Add more using https://openrouter.ai/settings/credits';
const GEMINI_DAILY = 'You exceeded your current quota, please check your plan and billing details. Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 50';
const GEMINI_MINUTE = 'You exceeded your current quota, please check your plan and billing details. Please retry in 31s.';

const quotaFailure = (id: string, value = '50') => [
  { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: id, quotaValue: value }] },
];

const wire = (name: string, config: (server: ScriptedModelServer, extra?: Partial<ProviderConfig>) => ProviderConfig): Wire =>
  ({ name: 'openai', model: name, config }) as Wire;

const ANTHROPIC = wire('claude-haiku-4-5', (s, extra = {}) => ({ provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: s.url, apiKey: API_KEY, ...extra }));
const CHAT = wire('gpt-4.1', (s, extra = {}) => ({ provider: 'openai', model: 'gpt-4.1', baseUrl: s.openaiBaseUrl, apiKey: API_KEY, ...extra }));
const RESPONSES = wire('gpt-5.4', (s, extra = {}) => ({ provider: 'openai', model: 'gpt-5.4', baseUrl: s.openaiBaseUrl, apiKey: API_KEY, ...extra }));
const COMPATIBLE = wire('openrouter/x', (s, extra = {}) => ({ provider: 'openai-compatible', model: 'openrouter/x', baseUrl: s.openaiBaseUrl, apiKey: API_KEY, ...extra }));
const AZURE = wire('gpt-4.1', (s, extra = {}) => ({ provider: 'azure-openai', model: 'gpt-4.1', apiKey: API_KEY, azure: { endpoint: s.url, deployment: 'relay-4-1', apiVersion: '2025-04-01-preview' }, ...extra }));
const GEMINI = wire('gemini-2.5-flash', (s, extra = {}) => ({ provider: 'gemini', model: 'gemini-2.5-flash', baseUrl: s.url, apiKey: API_KEY, ...extra }));

/** [what, wire, the failing turn, the provider's words that must reach the person] */
const QUOTA_CASES: [string, Wire, ScriptTurn, RegExp][] = [
  ['Anthropic 400 credit balance too low', ANTHROPIC, { fault: { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: ANTHROPIC_CREDIT } } } }, /credit balance is too low/],
  ['Anthropic 402 billing_error', ANTHROPIC, { fault: { status: 402, body: { type: 'error', error: { type: 'billing_error', message: 'There is an issue with your billing.' } } } }, /issue with your billing/],
  ['Anthropic streamed billing_error', ANTHROPIC, { fault: { streamError: { code: 'billing_error', message: ANTHROPIC_CREDIT } } }, /credit balance is too low/],
  ['OpenAI Chat 429 insufficient_quota', CHAT, { fault: { status: 429, body: { error: { message: OPENAI_QUOTA, type: 'insufficient_quota', code: 'insufficient_quota', param: null } } } }, /exceeded your current quota/],
  ['OpenAI Chat streamed insufficient_quota', CHAT, { fault: { streamError: { code: 'insufficient_quota', message: OPENAI_QUOTA } } }, /exceeded your current quota/],
  ['Responses 429 insufficient_quota', RESPONSES, { fault: { status: 429, body: { error: { message: OPENAI_QUOTA, type: 'insufficient_quota', code: 'insufficient_quota', param: null } } } }, /exceeded your current quota/],
  ['Responses streamed response.failed insufficient_quota', RESPONSES, { fault: { streamError: { code: 'insufficient_quota', message: OPENAI_QUOTA } } }, /exceeded your current quota/],
  ['Responses streamed error event insufficient_quota', RESPONSES, { fault: { streamError: { code: 'insufficient_quota', message: OPENAI_QUOTA, errorEvent: true } } }, /exceeded your current quota/],
  ['OpenRouter 402 insufficient credits', COMPATIBLE, { fault: { status: 402, body: { error: { code: 402, message: OPENROUTER_CREDITS } } } }, /Insufficient credits/],
  ['OpenRouter streamed 402', COMPATIBLE, { fault: { streamError: { code: 'payment_required', message: OPENROUTER_CREDITS, status: 402 } } }, /Insufficient credits/],
  ['Azure 429 insufficient_quota', AZURE, { fault: { status: 429, body: { error: { message: OPENAI_QUOTA, type: 'insufficient_quota', code: 'insufficient_quota', param: null } } } }, /exceeded your current quota/],
  ['Gemini 429 daily quota', GEMINI, { fault: { status: 429, body: { error: { code: 429, message: GEMINI_DAILY, status: 'RESOURCE_EXHAUSTED', details: quotaFailure('GenerateRequestsPerDayPerProjectPerModel-FreeTier') } } } }, /limit: 50/],
  ['Gemini 429 model not in the plan (limit 0)', GEMINI, { fault: { status: 429, body: { error: { code: 429, message: `${GEMINI_MINUTE} limit: 0`, status: 'RESOURCE_EXHAUSTED', details: quotaFailure('GenerateRequestsPerMinutePerProjectPerModel-FreeTier', '0') } } } }, /exceeded your current quota/],
  ['Gemini 429 prepaid credits depleted', GEMINI, { fault: { status: 429, body: { error: { code: 429, message: 'Your prepayment credits are depleted. Please go to AI Studio to manage your project and billing.', status: 'RESOURCE_EXHAUSTED' } } } }, /prepayment credits/],
  ['Gemini streamed daily quota', GEMINI, { fault: { streamError: { code: 'RESOURCE_EXHAUSTED', message: GEMINI_DAILY, status: 429, details: quotaFailure('GenerateRequestsPerDayPerProjectPerModel-FreeTier') } } }, /limit: 50/],
];

describe('quota and billing errors from every provider', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());

  for (const [what, target, turn, words] of QUOTA_CASES) {
    test(`${what}: kind quota, the provider's words, billing advice, no retry`, async () => {
      server.reset();
      server.setScript([turn, { text: 'a retry must not reach this' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(target, server, {}, { sleep }).stream(request(), signal()));
      const error = errorOf(events);
      assert.equal(error.kind, 'quota', error.message);
      assert.equal(error.retryable, false);
      assert.match(error.message, words);
      assert.match(error.message, /plan and billing page/);
      assert.ok(!error.message.includes(API_KEY));
      assert.deepEqual(sleep.delays, [], 'no retry');
      assert.equal(textOf(events), '');
    });
  }

  /** The same wires' plain rate limits are still rate limits, and still retried. */
  const RATE_CASES: [string, Wire, ScriptTurn][] = [
    ['OpenAI 429 rate_limit_exceeded', CHAT, { fault: { status: 429, body: { error: { message: 'Rate limit reached for gpt-4.1 on tokens per min (TPM). Please try again in 6ms.', type: 'tokens', code: 'rate_limit_exceeded', param: null } } } }],
    ['Anthropic 429 rate_limit_error', ANTHROPIC, { fault: { status: 429, body: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } } } }],
    ['Gemini 429 per-minute quota', GEMINI, { fault: { status: 429, body: { error: { code: 429, message: GEMINI_MINUTE, status: 'RESOURCE_EXHAUSTED', details: quotaFailure('GenerateRequestsPerMinutePerProjectPerModel-FreeTier') } } } }],
    ['Azure 429 token rate limit', AZURE, { fault: { status: 429, body: { error: { code: '429', message: 'Requests to the ChatCompletions_Create Operation have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 2 seconds.' } } } }],
  ];
  for (const [what, target, turn] of RATE_CASES) {
    test(`${what} is still a rate limit and is retried`, async () => {
      server.reset();
      server.setScript([turn, { text: 'after the wait' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(target, server, {}, { sleep }).stream(request(), signal()));
      assert.equal(textOf(events), 'after the wait');
      assert.equal(sleep.delays.length, 1);
    });
  }
});

describe('quota classification', () => {
  const ctx = { service: 'OpenAI', model: 'gpt-4.1', baseUrl: 'https://api.openai.com/v1' };

  test('the SDK errors of each provider, with and without a status', () => {
    const openai429 = OpenAISdk.APIError.generate(429, { error: { message: OPENAI_QUOTA, type: 'insufficient_quota', code: 'insufficient_quota' } }, undefined, new Headers({ 'retry-after': '3' }));
    const openaiStream = new OpenAISdk.APIError(undefined, { message: OPENAI_QUOTA, type: 'insufficient_quota', code: 'insufficient_quota' }, undefined, undefined);
    const anthropic402 = AnthropicSdk.APIError.generate(402, { type: 'error', error: { type: 'billing_error', message: 'billing' } }, undefined, new Headers());
    const anthropicLow = AnthropicSdk.APIError.generate(400, { type: 'error', error: { type: 'invalid_request_error', message: ANTHROPIC_CREDIT } }, undefined, new Headers());
    for (const err of [openai429, openaiStream, anthropic402, anthropicLow]) {
      const failure = classifyFailure(err, ctx, NOW);
      assert.equal(failure.error.kind, 'quota', failure.error.message);
      assert.equal(failure.error.retryable, false);
    }
  });

  const quotaTexts = [
    'You exceeded your current quota, please check your plan and billing details.',
    'Your credit balance is too low to access the Anthropic API.',
    'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
    'insufficient_quota',
    'Insufficient balance',
    'You are out of credits.',
    'Billing hard limit has been reached',
  ];
  for (const text of quotaTexts) {
    test(`a streamed error saying "${text}" is quota`, () => {
      assert.equal(classifyFailure({ message: text, error: { message: text } }, ctx, NOW).error.kind, 'quota');
    });
  }
  for (const text of ['Rate limit reached for requests', 'The server is overloaded', 'Invalid value for temperature', 'Please reduce the length of the messages.']) {
    test(`a streamed error saying "${text}" is not quota`, () => {
      assert.notEqual(classifyFailure({ message: text, error: { message: text } }, ctx, NOW).error.kind, 'quota');
    });
  }

  test('a Responses error event carries its code to the classification', () => {
    const mapper = new ResponsesEventMapper();
    let thrown: unknown;
    try {
      mapper.map({ type: 'error', code: 'insufficient_quota', message: OPENAI_QUOTA, param: null, sequence_number: 1 });
    } catch (err) {
      thrown = err;
    }
    assert.equal(classifyFailure(thrown, ctx, NOW).error.kind, 'quota');
  });

  test("Gemini: a per-minute RESOURCE_EXHAUSTED is a rate limit, a daily one or billing is quota", () => {
    const gemini = { service: 'Google Gemini', model: 'gemini-2.5-flash', baseUrl: 'https://generativelanguage.googleapis.com' };
    const apiError = (message: string, details?: unknown) =>
      Object.assign(new Error(`got status: 429 Too Many Requests. ${JSON.stringify({ error: { code: 429, message, status: 'RESOURCE_EXHAUSTED', details } })}`), { status: 429 });
    assert.equal(classifyGeminiFailure(apiError(GEMINI_MINUTE, quotaFailure('GenerateRequestsPerMinutePerProjectPerModel')), gemini, NOW).error.kind, 'rate_limited');
    assert.equal(classifyGeminiFailure(apiError('Resource has been exhausted (e.g. check quota).'), gemini, NOW).error.kind, 'rate_limited');
    const daily = classifyGeminiFailure(apiError(GEMINI_DAILY, quotaFailure('GenerateRequestsPerDayPerProjectPerModel-FreeTier')), gemini, NOW);
    assert.equal(daily.error.kind, 'quota');
    assert.match(daily.error.message, /aistudio\.google\.com/);
  });

  test('advice names the billing page of the provider asked, and the chat offers no setup step for it', () => {
    const pages: [string, RegExp][] = [
      ['https://api.anthropic.com', /console\.anthropic\.com\/settings\/billing/],
      ['https://api.openai.com/v1', /platform\.openai\.com\/settings\/organization\/billing/],
      ['https://openrouter.ai/api/v1', /openrouter\.ai\/settings\/credits/],
      ['https://x.openai.azure.com', /portal\.azure\.com/],
      ['http://localhost:11434/v1', /the provider's plan and billing page/],
    ];
    for (const [baseUrl, page] of pages) {
      const failure = classifyFailure({ status: 402, error: { message: 'Payment required' } }, { ...ctx, baseUrl }, NOW);
      assert.match(failure.error.message, page, baseUrl);
    }
    const error = classifyFailure({ status: 402, error: { message: 'Payment required' } }, ctx, NOW).error;
    assert.equal(errorFix(error), undefined);
    const advice = adviseFailure(error, { provider: 'OpenAI', model: 'gpt-4.1' });
    assert.equal(advice.problem, 'quota');
    assert.match(advice.fix, /billing/);
  });
});
