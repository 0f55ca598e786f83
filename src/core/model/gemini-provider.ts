// Google Gemini over the official @google/genai SDK, streaming (streamGenerateContent with SSE). The SDK is
// loaded on the first Gemini turn: in the extension it is its own bundle (dist/gemini.js, see esbuild.mjs),
// so nobody else pays for it. The SDK's own retries are off: the shared failure handling retries, and only
// while nothing has reached the caller yet.
import type * as Gemini from '@google/genai';
import { modelInfoFor } from './catalog';
import type { ModelStreamEvent } from './events';
import { classifyFailure, type Failure, type FailureContext } from './failure';
import { GeminiEventMapper } from './gemini-events';
import { toGeminiRequest } from './gemini-request';
import { observedFetch } from './observed-fetch';
import type { ModelInfo, ModelProvider, ModelRequest } from './provider';
import { resilientStream, type FailureHandlingOptions, type WireAttempt } from './resilient-stream';
import { singleErrorStream } from './single-error-stream';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

export type GeminiSdk = Pick<typeof Gemini, 'GoogleGenAI'>;

export interface GeminiProviderOptions {
  model: string;
  apiKey?: string;
  /** Without the API version (the SDK adds /v1beta). */
  baseUrl?: string;
  requestTimeoutMs?: number;
  modelInfo?: ModelInfo;
  /** Thinking budget in tokens; undefined leaves the model's default (summaries are asked for either way). */
  thinkingBudgetTokens?: number;
  failure?: FailureHandlingOptions;
  /** The HTTP transport (a proxy-aware fetch); the global fetch when left out. */
  fetch?: typeof fetch;
  /** Where the SDK comes from; the default imports the package. */
  loadSdk?: () => Promise<GeminiSdk>;
}

export class GeminiProvider implements ModelProvider {
  readonly id = 'gemini';
  readonly model: ModelInfo;
  private readonly baseUrl: string;
  private readonly context: FailureContext;

  constructor(private readonly options: GeminiProviderOptions) {
    this.model = options.modelInfo ?? modelInfoFor('gemini', options.model);
    this.baseUrl = (options.baseUrl ?? GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.context = { service: 'Gemini', model: options.model, baseUrl: this.baseUrl };
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const apiKey = this.options.apiKey;
    if (!apiKey) {
      return singleErrorStream({ kind: 'auth', message: "No Gemini API key is set. Run 'Relay: Set API Key' to enter one.", retryable: false });
    }
    return resilientStream((attempt) => this.attempt(request, apiKey, attempt), signal, {
      ...this.options.failure,
      context: this.context,
      secrets: [apiKey],
      classify: classifyGeminiFailure,
    });
  }

  private async *attempt(request: ModelRequest, apiKey: string, wire: WireAttempt): AsyncGenerator<ModelStreamEvent> {
    const { GoogleGenAI } = await (this.options.loadSdk ?? defaultSdk)();
    const client = new GoogleGenAI({
      apiKey,
      httpOptions: {
        baseUrl: this.baseUrl,
        retryOptions: { attempts: 1 },
        fetch: observedFetch(wire.alive, this.options.fetch),
        ...(this.options.requestTimeoutMs !== undefined ? { timeout: this.options.requestTimeoutMs } : {}),
      },
    });
    const { contents, config } = toGeminiRequest(request, {
      maxTokens: request.maxOutputTokens ?? this.model.maxOutputTokens,
      thinking: this.model.supportsReasoning === true,
      ...(this.options.thinkingBudgetTokens ? { thinkingBudget: this.options.thinkingBudgetTokens } : {}),
      signal: wire.signal,
    });
    const stream = await client.models.generateContentStream({ model: this.options.model, contents, config });
    const mapper = new GeminiEventMapper();
    for await (const chunk of stream) yield* mapper.map(chunk);
    yield* mapper.finish();
  }
}

async function defaultSdk(): Promise<GeminiSdk> {
  return import('@google/genai');
}

/**
 * The SDK's ApiError carries the status and, as its message, Google's JSON error body; read the body's own
 * message and status name so the shared classification (and the person) see what Google said.
 */
export function classifyGeminiFailure(err: unknown, context: FailureContext, nowMs: number): Failure {
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') {
    const { message, status } = err as { message: string; status?: unknown };
    const body = parseGoogleError(message);
    if (body) {
      const code = typeof status === 'number' ? status : body.code;
      const kind = exhaustion(code, body);
      const named = kind === 'quota' ? 'insufficient_quota' : kind === 'rate' ? 'rate_limit_exceeded' : body.status;
      return classifyFailure({ name: 'ApiError', status: code, message: body.message, error: { message: body.message, code: named } }, context, nowMs);
    }
  }
  return classifyFailure(err, context, nowMs);
}

interface GoogleError {
  code?: number;
  message: string;
  status?: string;
  /** `google.rpc.QuotaFailure` violations' quota ids (`GenerateRequestsPerDayPerProjectPerModel-FreeTier`) and values. */
  quotas: { id: string; value?: string }[];
}

/**
 * Daily quotas, a quota of zero (the model is not in the key's plan), used-up prepaid credit and a billing
 * account problem are the account's limits. Every RESOURCE_EXHAUSTED says "check your plan and billing details".
 */
const GOOGLE_BILLING = /prepayment|billing account|credits? (are|is|has been) (depleted|exhausted|used up)|limit: 0\b/i;

/**
 * Gemini says "You exceeded your current quota" (RESOURCE_EXHAUSTED, 429) both for a per-minute rate limit,
 * which passes in seconds, and for a daily or billing limit, which does not: the QuotaFailure details tell which.
 */
function exhaustion(code: number | undefined, body: GoogleError): 'quota' | 'rate' | undefined {
  if (code !== 429 && body.status !== 'RESOURCE_EXHAUSTED') return undefined;
  const daily = body.quotas.some((q) => /PerDay/i.test(q.id) || q.value === '0');
  return daily || GOOGLE_BILLING.test(body.message) ? 'quota' : 'rate';
}

function parseGoogleError(text: string): GoogleError | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  try {
    const parsed = JSON.parse(text.slice(start)) as { error?: { code?: number; message?: string; status?: string; details?: unknown } };
    const error = parsed.error;
    if (!error || typeof error.message !== 'string') return undefined;
    const details = Array.isArray(error.details) ? (error.details as { violations?: unknown }[]) : [];
    const quotas = details.flatMap((d) => (Array.isArray(d?.violations) ? (d.violations as { quotaId?: unknown; quotaValue?: unknown }[]) : []))
      .filter((v) => typeof v?.quotaId === 'string')
      .map((v) => ({ id: v.quotaId as string, ...(typeof v.quotaValue === 'string' ? { value: v.quotaValue } : {}) }));
    return {
      message: error.message,
      quotas,
      ...(typeof error.code === 'number' ? { code: error.code } : {}),
      ...(typeof error.status === 'string' ? { status: error.status } : {}),
    };
  } catch {
    return undefined;
  }
}
