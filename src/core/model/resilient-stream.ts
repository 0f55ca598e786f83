// The failure handling every provider shares. A provider supplies one "attempt": open the wire stream and
// map it to ModelStreamEvents, throwing on failure. This module retries attempts that failed before anything
// reached the caller, watches for a stream gone quiet, ends promptly on abort, and turns every failure into
// exactly one `error` event whose message carries no secret. Once output has been emitted a retry would
// duplicate it, so later failures end the stream instead.
import type { ModelError, ModelStreamEvent } from './events';
import { l10n } from '../l10n';
import { IdleWatchdog, type Timers } from './idle-watchdog';
import { classifyFailure, failure as makeFailure, scrubError, sentenceStart, type Failure, type FailureContext } from './failure';
import { abortableSleep, DEFAULT_BACKOFF, retryDelayMs, type BackoffOptions } from './retry-timing';

export interface FailureHandlingOptions extends Partial<BackoffOptions> {
  /** Retries after the first attempt; 0 disables retrying. */
  maxRetries?: number;
  /** No byte from the server for this long aborts the request (`idle_timeout`); 0 disables the watchdog. */
  idleTimeoutMs?: number;
  /** Injected so tests can check delays without waiting. Must return early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** The idle watchdog's timers; injected so tests choose the moment a stream counts as quiet. */
  timers?: Timers;
}

export const DEFAULT_MAX_RETRIES = 4;
/** Generous: a local server may spend minutes loading a model before its first byte. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/** What one attempt gets: a signal that aborts on cancel or idle timeout, and a heartbeat for wire activity. */
export interface WireAttempt {
  signal: AbortSignal;
  alive(): void;
}

export type OpenAttempt = (attempt: WireAttempt) => AsyncIterable<ModelStreamEvent>;

export interface ResilientStreamOptions extends FailureHandlingOptions {
  context: FailureContext;
  /** Removed from every error message (the API key). */
  secrets: readonly string[];
  /** Provider-specific classification; falls back to the shared one. */
  classify?: (err: unknown, context: FailureContext, nowMs: number) => Failure;
}

type AttemptOutcome = { ok: true } | { ok: false; failure: Failure; emitted: boolean };

const INTERRUPTED = Symbol('interrupted');

export async function* resilientStream(
  open: OpenAttempt,
  signal: AbortSignal,
  options: ResilientStreamOptions,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...definedBackoff(options) };
  for (let retry = 0; ; retry++) {
    if (signal.aborted) {
      yield errorEvent(cancelled(), options.secrets);
      return;
    }
    const outcome = yield* runAttempt(open, signal, options);
    if (outcome.ok) return;
    const { failure, emitted } = outcome;
    const kind = failure.error.kind;
    const retryable = failure.error.retryable && kind !== 'idle_timeout' && kind !== 'cancelled';
    if (!emitted && retryable && retry < maxRetries) {
      await sleep(retryDelayMs(retry, failure.retryAfterMs, random, backoff), signal);
      continue;
    }
    const error = retry > 0 && !emitted ? withRetryCount(failure, retry) : failure.error;
    yield errorEvent(error, options.secrets);
    return;
  }
}

/** Runs one attempt, yielding its events; returns how it ended instead of throwing. */
async function* runAttempt(
  open: OpenAttempt,
  outer: AbortSignal,
  options: ResilientStreamOptions,
): AsyncGenerator<ModelStreamEvent, AttemptOutcome, undefined> {
  const controller = new AbortController();
  let interruption: 'cancelled' | 'idle' | undefined;
  const interrupt = (why: 'cancelled' | 'idle') => {
    if (interruption) return;
    interruption = why;
    controller.abort();
  };
  const onOuterAbort = () => interrupt('cancelled');
  outer.addEventListener('abort', onOuterAbort, { once: true });
  const watchdog = new IdleWatchdog(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, () => interrupt('idle'), options.timers);
  const interrupted = new Promise<typeof INTERRUPTED>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(INTERRUPTED), { once: true }),
  );
  const openCalls = new Map<string, string>();
  let emitted = false;
  let iterator: AsyncIterator<ModelStreamEvent> | undefined;
  const failed = (failure: Failure): AttemptOutcome => ({ ok: false, failure, emitted });
  const interruptionFailure = (): Failure =>
    interruption === 'idle' ? idleFailure(options, openCalls) : { error: cancelled(), summary: l10n.t('Cancelled.') };
  try {
    watchdog.touch();
    iterator = open({ signal: controller.signal, alive: () => watchdog.touch() })[Symbol.asyncIterator]();
    for (;;) {
      // Checked first: an abort while the caller held the last event must win over data already buffered.
      if (interruption) return failed(interruptionFailure());
      const next = iterator.next();
      const result = await Promise.race([interrupted, next]);
      if (result === INTERRUPTED) {
        next.catch(() => undefined); // the SDK rejects or ends the pending read once aborted
        return failed(interruptionFailure());
      }
      if (result.done) break;
      const event = result.value;
      // A call without a name cannot be run or answered: the turn fails here, whatever the provider (issue 25).
      if (event.type === 'tool_call_start' && !event.name.trim()) return failed(namelessCallFailure(options.context, event.callId));
      if (event.type === 'tool_call_start') openCalls.set(event.callId, event.name);
      else if (event.type === 'tool_call_end') openCalls.delete(event.callId);
      else if (event.type === 'restart') openCalls.clear();
      emitted = true;
      // While the caller holds the event the server is not being read; that time is not the server's silence.
      watchdog.pause();
      yield event;
      if (event.type === 'stop') return { ok: true };
      watchdog.touch();
    }
    if (interruption) return failed(interruptionFailure());
    return failed(brokenFailure(options.context, l10n.t('the response ended before the model finished'), openCalls));
  } catch (err) {
    if (interruption) return failed(interruptionFailure());
    const failure = (options.classify ?? classifyFailure)(err, options.context, (options.now ?? Date.now)());
    return failed(emitted ? afterOutput(failure, options.context, openCalls) : failure);
  } finally {
    watchdog.stop();
    outer.removeEventListener('abort', onOuterAbort);
    controller.abort(); // ends the request if the caller stopped reading or an attempt failed midway
    iterator?.return?.().catch(() => undefined);
  }
}

/**
 * A failure after output began. A half-streamed tool call can never be completed, so that is always
 * `stream_broken`; so is a lost connection. An error the API itself reported keeps its own kind.
 */
function afterOutput(failure: Failure, context: FailureContext, openCalls: Map<string, string>): Failure {
  const kind = failure.error.kind;
  // An exhausted quota is the account's state, not a broken stream: retrying the turn cannot help.
  if (kind === 'quota' || (openCalls.size === 0 && kind !== 'network' && kind !== 'unknown')) return failure;
  const cause = failure.networkCause ? l10n.t('the connection was lost ({0})', failure.networkCause) : failure.error.message;
  return brokenFailure(context, cause, openCalls);
}

function brokenFailure(context: FailureContext, cause: string, openCalls: Map<string, string>): Failure {
  const why = cause.replace(/[.。]$/, '');
  const summary =
    openCalls.size > 0
      ? l10n.t('The response from {0} broke off while the arguments of tool call {1} were arriving: {2}.', context.service, describeCalls(openCalls), why)
      : l10n.t('The response from {0} broke off: {1}.', context.service, why);
  return makeFailure('stream_broken', summary, l10n.t('Try again.'), true);
}

function namelessCallFailure(context: FailureContext, callId: string): Failure {
  const summary = l10n.t('{0} sent a tool call without a name ({1}), so the turn was stopped instead of guessing which tool it meant.', sentenceStart(context.service), callId);
  return makeFailure('unknown', summary, l10n.t('Try again; if it keeps happening, the model or a gateway in between is sending malformed tool calls: pick another model or check the gateway.'), false);
}

function idleFailure(options: ResilientStreamOptions, openCalls: Map<string, string>): Failure {
  const seconds = ((options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS) / 1000).toString();
  if (openCalls.size > 0) return brokenFailure(options.context, l10n.t('no data for {0} s, so the request was stopped', seconds), openCalls);
  const summary = l10n.t('{0} sent no data for {1} s, so the request was stopped.', sentenceStart(options.context.service), seconds);
  return makeFailure('idle_timeout', summary, l10n.t('Try again, or raise the idle timeout for slow local models.'), true);
}

function describeCalls(openCalls: Map<string, string>): string {
  return [...openCalls].map(([id, name]) => `${name} (${id})`).join(', ');
}

function cancelled(): ModelError {
  return { kind: 'cancelled', message: l10n.t('Cancelled.'), retryable: false };
}

/** "X is rate limiting requests (429: ...), still after 4 retries. Wait a little and try again." */
function withRetryCount(failure: Failure, retries: number): ModelError {
  const what = failure.summary.replace(/[.。]$/, '');
  const summary = retries === 1 ? l10n.t('{0}, still after 1 retry.', what) : l10n.t('{0}, still after {1} retries.', what, retries);
  return { ...failure.error, message: failure.advice ? `${summary} ${failure.advice}` : summary };
}

function errorEvent(error: ModelError, secrets: readonly string[]): ModelStreamEvent {
  return { type: 'error', error: scrubError(error, secrets) };
}

function definedBackoff(options: Partial<BackoffOptions>): Partial<BackoffOptions> {
  const out: Partial<BackoffOptions> = {};
  if (options.baseDelayMs !== undefined) out.baseDelayMs = options.baseDelayMs;
  if (options.maxDelayMs !== undefined) out.maxDelayMs = options.maxDelayMs;
  if (options.maxRetryAfterMs !== undefined) out.maxRetryAfterMs = options.maxRetryAfterMs;
  return out;
}
