// Gemini streamGenerateContent chunks -> ModelStreamEvents, one turn per mapper. Each chunk carries the new
// parts of candidate 0: text, thought-summary text (`thought: true`), and function calls, which arrive whole
// with their thought signature, or in pieces (`partialArgs`, `willContinue`) that are assembled first. The finish reason and usage come on the last
// chunk; `finish` ends the turn once the stream is drained, so a stream cut short never looks finished.
import type * as Gemini from '@google/genai';
import { l10n } from '../l10n';
import type { ModelStreamEvent, StopReason, Usage } from './events';
import { GeminiPartialArgsError, StreamedCall } from './gemini-partial-args';
import { GEMINI_CALL_ID_PREFIX } from './gemini-request';

/** A prompt Gemini blocked before answering, shaped as classifyFailure reads errors. */
export class GeminiBlockedError extends Error {
  readonly status = 400;
  readonly error: { code: string; message: string };
  constructor(reason: string) {
    super(l10n.t('Gemini blocked the prompt ({0}).', reason));
    this.name = 'GeminiBlockedError';
    this.error = { code: 'invalid_request_error', message: this.message };
  }
}

export interface GeminiEventMapperOptions {
  newCallId?: () => string;
}

export class GeminiEventMapper {
  private finishReason: string | undefined;
  private usage: Usage | undefined;
  private madeCalls = false;
  private readonly newCallId: () => string;
  /** A call whose pieces are still arriving (`willContinue`). */
  private streaming: { call: StreamedCall; signature: string | undefined } | undefined;

  constructor(options: GeminiEventMapperOptions = {}) {
    const session = Math.random().toString(36).slice(2, 8);
    let counter = 0;
    this.newCallId = options.newCallId ?? (() => `${GEMINI_CALL_ID_PREFIX}${session}_${++counter}`);
  }

  map(chunk: Gemini.GenerateContentResponse): ModelStreamEvent[] {
    if (chunk.usageMetadata) this.usage = geminiUsage(chunk.usageMetadata);
    const blocked = chunk.promptFeedback?.blockReason;
    if (blocked) throw new GeminiBlockedError(String(blocked));
    const candidate = chunk.candidates?.[0];
    if (!candidate) return [];
    const out: ModelStreamEvent[] = [];
    for (const part of candidate.content?.parts ?? []) {
      if (part.functionCall) {
        out.push(...this.call(part.functionCall, part.thoughtSignature));
      } else if (typeof part.text === 'string' && part.text) {
        out.push(part.thought ? { type: 'thinking_delta', text: part.text } : { type: 'text_delta', text: part.text });
      }
    }
    if (candidate.finishReason) this.finishReason = candidate.finishReason;
    return out;
  }

  /** After the stream ended: usage and the stop, if the model said it had finished. */
  finish(): ModelStreamEvent[] {
    if (this.streaming) {
      throw new GeminiPartialArgsError(l10n.t('The response ended while the arguments of function call {0} were still arriving.', this.streaming.call.name || '?'));
    }
    if (this.finishReason === undefined) return [];
    const out: ModelStreamEvent[] = [];
    if (this.usage) out.push({ type: 'usage', usage: this.usage });
    out.push({ type: 'stop', reason: geminiStopReason(this.finishReason, this.madeCalls) });
    return out;
  }

  /**
   * A whole call, or one piece of a call streamed with `partialArgs` (gemini-partial-args.ts): a piece that
   * says `willContinue` is held until the last one, and the assembled call is reported once, whole. A call
   * without a name is reported as such ("") and fails the turn (resilient-stream.ts); it is never guessed.
   */
  private call(call: Gemini.FunctionCall, signature: string | undefined): ModelStreamEvent[] {
    const open = this.streaming;
    if (open) {
      if (call.name && call.name !== open.call.name) {
        throw new GeminiPartialArgsError(l10n.t('Gemini started function call {0} before the arguments of {1} were complete.', call.name, open.call.name));
      }
      open.signature ??= signature;
      if (!open.call.add(call)) return [];
      this.streaming = undefined;
      return this.whole(open.call.callId, open.call.name, open.call.args, open.signature);
    }
    const callId = call.id || this.newCallId();
    if (!call.willContinue && !call.partialArgs?.length) return this.whole(callId, call.name ?? '', call.args ?? {}, signature);
    const streamed = new StreamedCall(callId, call.name ?? '', undefined);
    if (!streamed.add(call)) {
      this.streaming = { call: streamed, signature };
      return [];
    }
    return this.whole(callId, streamed.name, streamed.args, signature);
  }

  private whole(callId: string, name: string, args: Record<string, unknown>, signature: string | undefined): ModelStreamEvent[] {
    this.madeCalls = true;
    return [
      { type: 'tool_call_start', callId, name, ...(signature ? { signature } : {}) },
      { type: 'tool_call_delta', callId, argsDelta: JSON.stringify(args) },
      { type: 'tool_call_end', callId },
    ];
  }
}

/** `promptTokenCount` includes cached tokens; thinking is billed as output. */
export function geminiUsage(usage: Gemini.GenerateContentResponseUsageMetadata): Usage {
  const cached = usage.cachedContentTokenCount ?? 0;
  const out: Usage = {
    inputTokens: Math.max(0, (usage.promptTokenCount ?? 0) - cached) + (usage.toolUsePromptTokenCount ?? 0),
    outputTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
  };
  if (cached > 0) out.cacheReadTokens = cached;
  return out;
}

export function geminiStopReason(reason: string, madeCalls: boolean): StopReason {
  switch (reason) {
    case 'STOP':
      return madeCalls ? 'tool_use' : 'end_turn';
    case 'MAX_TOKENS':
      return 'max_tokens';
    case 'SAFETY':
    case 'RECITATION':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
      return 'refusal';
    default:
      return 'other'; // MALFORMED_FUNCTION_CALL, OTHER, LANGUAGE and anything newer
  }
}
