// "Test connection": one request for one token through the provider exactly as a task would send it (same SDK,
// same fetch, same proxy), timed from the request to the model's stop. Success says how long it took; failure
// says what went wrong and how to fix it (connection-advice.ts). Never throws.
import { adviseFailure, type AdviceContext, type ConnectionAdvice } from './connection-advice';
import { l10n } from '../l10n';
import type { ModelError } from './events';
import type { ModelProvider } from './provider';

export type ConnectionTestResult =
  | { ok: true; latencyMs: number; model: string; reply: string }
  | { ok: false; latencyMs: number; error: ModelError; advice: ConnectionAdvice };

export interface ConnectionTestOptions {
  advice: AdviceContext;
  /** Whether a key was sent: tells "no key" from "rejected key" on a 401. */
  keySet: boolean;
  now(): number;
  signal?: AbortSignal;
  /** The whole test must finish within this (default 30 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export async function testConnection(provider: ModelProvider, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const started = options.now();
  const failed = (error: ModelError): ConnectionTestResult => ({
    ok: false,
    latencyMs: Math.round(options.now() - started),
    error,
    advice: adviseFailure(error, options.advice, options.keySet),
  });
  let reply = '';
  try {
    const request = {
      system: 'This is a connection test.',
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Reply with OK.' }] }],
      tools: [],
      maxOutputTokens: 1,
    };
    for await (const event of provider.stream(request, signal)) {
      if (event.type === 'text_delta') reply += event.text;
      else if (event.type === 'error') {
        const error = timeout.aborted && event.error.kind === 'cancelled' ? timedOut(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) : event.error;
        return failed(error);
      } else if (event.type === 'stop') return { ok: true, latencyMs: Math.round(options.now() - started), model: provider.model.id, reply };
    }
    return failed({ kind: 'stream_broken', message: l10n.t('The response ended before the model finished.'), retryable: true });
  } catch (error) {
    return failed({ kind: 'unknown', message: error instanceof Error ? error.message : String(error), retryable: false });
  }
}

function timedOut(ms: number): ModelError {
  return { kind: 'network', message: l10n.t('No answer within {0} s.', Math.round(ms / 1000)), retryable: true, cause: 'timed out' };
}
