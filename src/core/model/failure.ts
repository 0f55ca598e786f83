// Turns whatever a model request threw (an SDK's APIError, an in-stream error event, a socket error) into a
// ModelError phrased for a person, with the fix named where there is one. Both official SDKs expose the same
// shape (status, headers, parsed error body), so this reads them by shape and serves every provider. The words
// are the person's language (l10n.t); what the server said is quoted as it came.
import { l10n } from '../l10n';
import type { ModelError, ModelErrorKind } from './events';
import { retryAfterMs, type HeaderReader } from './retry-timing';

/** Who was asked, for messages. */
export interface FailureContext {
  /** "Anthropic", "OpenAI" or "the server at http://localhost:11434/v1". */
  service: string;
  model: string;
  baseUrl: string;
  /** Azure OpenAI: `model` is the deployment, asked for with this api-version. */
  azureApiVersion?: string;
}

/**
 * A classified failure: the error to show and, when the server said, how long it wants us to wait. The
 * message is `summary` then `advice`, kept apart so the retry loop can add what it tried in between.
 */
export interface Failure {
  error: ModelError;
  summary: string;
  advice?: string;
  retryAfterMs?: number;
  /** For connection failures: the low-level cause (ECONNRESET, "other side closed", ...). */
  networkCause?: string;
}

/** What an SDK error looks like from outside (APIError, APIConnectionError, undici's TypeError). */
interface ErrorShape {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  headers?: unknown;
  error?: unknown;
  code?: unknown;
  cause?: unknown;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

const MAX_API_MESSAGE = 600;

export function classifyFailure(err: unknown, ctx: FailureContext, nowMs: number): Failure {
  const classified = classify(err, ctx, nowMs);
  if (ctx.azureApiVersion !== undefined) classified.error.endpoint = 'azure';
  return classified;
}

function classify(err: unknown, ctx: FailureContext, nowMs: number): Failure {
  const shape = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as ErrorShape;
  const status = typeof shape.status === 'number' ? shape.status : undefined;
  const headers = isHeaderReader(shape.headers) ? shape.headers : undefined;
  const body = shape.error;
  const type = errorType(body);
  const apiText = apiMessage(body) ?? fallbackMessage(shape, status);
  const wait = retryAfterMs(headers, nowMs);
  const service = sentenceStart(ctx.service);
  const answer = `${status ?? type ?? 'error'}${apiText ? `: ${apiText}` : ''}`;
  const said = `(${answer})`;
  const make = (kind: ModelErrorKind, summary: string, advice: string | undefined, retryable: boolean): Failure => {
    const made = failure(kind, summary, advice, retryable, { status, retryAfterMs: wait });
    if (status !== undefined || type !== undefined) made.error.said = answer;
    return made;
  };

  if (shape.name === 'APIUserAbortError' || shape.name === 'AbortError') return make('cancelled', l10n.t('Cancelled.'), undefined, false);
  if (status === 401 || type === 'authentication_error' || type === 'invalid_api_key') {
    return make('auth', l10n.t('{0} rejected the API key {1}.', service, said), l10n.t("Run 'Relay: Set API Key' to enter a valid key."), false);
  }
  if (isQuotaFailure(status, type, apiText, body)) {
    const summary = l10n.t('{0} refused the request because the account is out of quota or credit {1}.', service, said);
    return make('quota', summary, quotaAdvice(ctx), false);
  }
  if (status === 403 || type === 'permission_error') {
    const advice = l10n.t('The API key has no access to model "{0}": check the key\'s permissions, organization or plan.', ctx.model);
    return make('forbidden', l10n.t('{0} refused access {1}.', service, said), advice, false);
  }
  if ((status === 404 || type === 'DeploymentNotFound') && ctx.azureApiVersion !== undefined) {
    const summary = l10n.t('Azure OpenAI found no deployment "{0}" with api-version {1} at {2} {3}.', ctx.model, ctx.azureApiVersion, ctx.baseUrl, said);
    return make('not_found', summary, l10n.t('The deployment name or the api-version is wrong: run "Relay: Set Up Provider" to correct them.'), false);
  }
  if (status === 404 || type === 'not_found_error' || type === 'model_not_found') {
    const summary = l10n.t('Model "{0}" was not found at {1} {2}.', ctx.model, ctx.baseUrl, said);
    return make('not_found', summary, l10n.t('Check the model id and the base URL.'), false);
  }
  if (status === 429 || type === 'rate_limit_error' || type === 'rate_limit_exceeded') {
    return make('rate_limited', l10n.t('{0} is rate limiting requests {1}.', service, said), l10n.t('Wait a little and try again.'), true);
  }
  if (status === 529 || type === 'overloaded_error' || type === 'overloaded' || (status === undefined && /overloaded/i.test(apiText ?? ''))) {
    return make('overloaded', l10n.t('{0} is overloaded {1}.', service, said), l10n.t('Try again shortly.'), true);
  }
  if ((status !== undefined && status >= 500) || type === 'api_error' || type === 'server_error') {
    return make('server', l10n.t('{0} had a server error {1}.', service, said), l10n.t('Try again shortly.'), true);
  }
  if (status === 408 || status === 409) {
    return make('server', l10n.t('{0} could not complete the request {1}.', service, said), l10n.t('Try again.'), true);
  }
  if ((status !== undefined && status >= 400) || type === 'invalid_request_error') {
    return make('bad_request', l10n.t('{0} refused the request {1}.', service, said), undefined, false);
  }
  const network = networkCause(shape);
  if (network) {
    const tls = isTlsCause(network);
    const advice = tls
      ? l10n.t("The server's certificate was not trusted: check the base URL, or the proxy and http.proxyStrictSSL settings.")
      : l10n.t('Check that the server is running and the base URL is right.');
    const made = make('network', l10n.t('Could not reach {0} ({1}).', ctx.baseUrl, network), advice, !tls);
    made.error.cause = network;
    made.error.said = network;
    return { ...made, networkCause: network };
  }
  return make('unknown', apiText ? l10n.t('{0} request failed: {1}.', service, apiText) : l10n.t('{0} request failed.', service), undefined, false);
}

/** Error codes and types the providers use for an exhausted quota, credit or billing problem. */
const QUOTA_TYPES = new Set([
  'insufficient_quota', // OpenAI, Azure OpenAI (HTTP 429 and in-stream)
  'billing_error', // Anthropic (402)
  'billing_hard_limit_reached', // OpenAI
  'billing_not_active', // OpenAI
  'insufficient_credits', // OpenAI-compatible gateways
  'quota_exceeded',
  'payment_required',
]);

/** What a provider says when the account, not the request rate, is the problem. */
const QUOTA_TEXT =
  /exceeded your current quota|credit balance is too low|insufficient[ _](quota|credits?|balance|funds)|out of credits|(purchase|add|buy) (more )?credits|billing (details|hard limit|account|is not active)|payment required|prepayment credits are depleted/i;

/**
 * A quota or billing failure: its own code or type, HTTP 402 (Payment Required; OpenRouter's "Insufficient
 * credits"), or the provider's words, unless the provider itself called it a rate limit (Gemini's per-minute
 * limits say "exceeded your current quota" too: gemini-provider.ts names those `rate_limit_exceeded`).
 */
function isQuotaFailure(status: number | undefined, type: string | undefined, apiText: string | undefined, body: unknown): boolean {
  if (type !== undefined && QUOTA_TYPES.has(type.toLowerCase())) return true;
  if (status === 402 || (isRecord(body) && body.code === 402)) return true;
  if (type === 'rate_limit_exceeded' || type === 'rate_limit_error') return false;
  return (status === undefined || (status >= 400 && status < 500)) && QUOTA_TEXT.test(apiText ?? '');
}

/** Where each provider's plan and billing page is, from the base URL asked. */
const BILLING_PAGES: readonly [host: RegExp, page: string][] = [
  [/(^|\.)anthropic\.com$/, 'https://console.anthropic.com/settings/billing'],
  [/(^|\.)openai\.com$/, 'https://platform.openai.com/settings/organization/billing'],
  [/(^|\.)googleapis\.com$/, 'https://aistudio.google.com/apikey'],
  [/(^|\.)openrouter\.ai$/, 'https://openrouter.ai/settings/credits'],
  [/(^|\.)(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/, 'https://portal.azure.com'],
];

function quotaAdvice(ctx: FailureContext): string {
  let host = '';
  try {
    host = new URL(ctx.baseUrl).hostname;
  } catch {
    // not a URL: no page to name
  }
  const page = BILLING_PAGES.find(([pattern]) => pattern.test(host))?.[1];
  return page
    ? l10n.t('Check the plan and billing page ({0}): add credit or raise the limit, then press Retry. Retrying sooner will not help.', page)
    : l10n.t("Check the provider's plan and billing page: add credit or raise the limit, then press Retry. Retrying sooner will not help.");
}

/** Builds a Failure whose error message is the summary followed by the advice. */
export function failure(
  kind: ModelErrorKind,
  summary: string,
  advice: string | undefined,
  retryable: boolean,
  extra: { status?: number | undefined; retryAfterMs?: number | undefined } = {},
): Failure {
  const error: ModelError = { kind, message: advice ? `${summary} ${advice}` : summary, retryable };
  if (extra.status !== undefined) error.status = extra.status;
  const out: Failure = { error, summary };
  if (advice) out.advice = advice;
  if (extra.retryAfterMs !== undefined) out.retryAfterMs = extra.retryAfterMs;
  return out;
}

/** "the server at ..." opens a sentence as "The server at ...". */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Removes every occurrence of each secret, so no error, log line or UI text ever carries an API key. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Keys shorter than this are not real keys; replacing them would mangle ordinary words.
    if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  }
  return out;
}

export function scrubError(error: ModelError, secrets: readonly string[]): ModelError {
  return { ...error, message: scrubSecrets(error.message, secrets), ...(error.said !== undefined ? { said: scrubSecrets(error.said, secrets) } : {}) };
}

function isHeaderReader(value: unknown): value is HeaderReader {
  return typeof value === 'object' && value !== null && typeof (value as HeaderReader).get === 'function';
}

/** Anthropic bodies nest `{type: 'error', error: {type, message}}`; OpenAI's SDK hands over `{message, type, code}`. */
function errorType(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const nested = isRecord(body.error) ? body.error.type : undefined;
  if (typeof nested === 'string') return nested;
  if (typeof body.code === 'string') return body.code;
  return typeof body.type === 'string' && body.type !== 'error' ? body.type : undefined;
}

function apiMessage(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return clip(body.trim());
  if (!isRecord(body)) return undefined;
  const nested = isRecord(body.error) ? body.error.message : undefined;
  const message = typeof nested === 'string' ? nested : body.message;
  return typeof message === 'string' && message.trim() ? clip(message.trim()) : undefined;
}

/** The SDKs prefix the status ("404 status code (no body)"); keep what a person can use. */
function fallbackMessage(shape: ErrorShape, status: number | undefined): string | undefined {
  if (typeof shape.message !== 'string' || !shape.message.trim()) return undefined;
  let text = shape.message.trim();
  if (status !== undefined && text.startsWith(`${status} `)) text = text.slice(String(status).length + 1);
  if (/^status code \(no body\)$/.test(text)) return undefined;
  return clip(text);
}

/** Node's and OpenSSL's codes for a certificate or handshake that failed. */
export function isTlsCause(cause: string): boolean {
  return /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL|EPROTO/.test(cause);
}

/** A proxy that refused or failed the tunnel (undici: "Proxy response (407) !== 200 when HTTP Tunneling"). */
export function isProxyCause(cause: string): boolean {
  return /proxy/i.test(cause);
}

/** A connection-level failure somewhere in the cause chain, described by its code or message. */
function networkCause(shape: ErrorShape): string | undefined {
  let current: unknown = shape;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const link = current as ErrorShape;
    if (typeof link.code === 'string' && (NETWORK_CODES.has(link.code) || isTlsCause(link.code))) return link.code;
    if (typeof link.message === 'string' && isProxyCause(link.message)) return clip(link.message);
    if (link.name === 'APIConnectionTimeoutError') return 'timed out waiting for a response';
    if (typeof link.message === 'string' && /^(terminated|fetch failed|other side closed)$/i.test(link.message)) {
      const deeper = networkCause((link.cause ?? {}) as ErrorShape);
      return deeper ?? link.message;
    }
    current = link.cause;
  }
  return shape.name === 'APIConnectionError' ? 'connection error' : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clip(text: string): string {
  return text.length > MAX_API_MESSAGE ? `${text.slice(0, MAX_API_MESSAGE)}…` : text;
}
