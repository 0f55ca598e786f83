// OpenAI Chat Completions stream chunks -> ModelStreamEvents, one turn per mapper. Tool calls stream as
// deltas keyed by `index`: id and name on the first, the arguments split over many. Calls end when the
// finish_reason arrives; the stop (after the usage chunk, which comes last) is emitted by `finish`.
import type OpenAI from 'openai';
import type { ModelStreamEvent, StopReason, Usage } from './events';
import { EMPTY_ARGS, isCompleteJson } from './tool-call-args';

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ToolCallDelta = OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall;

/** Fields some compatible servers add to the delta for reasoning models (DeepSeek, vLLM, OpenRouter). */
interface ReasoningDelta {
  reasoning_content?: unknown;
  reasoning?: unknown;
}

interface CallState {
  callId: string;
  name: string;
  args: string;
  started: boolean;
}

export interface OpenAIChunkMapperOptions {
  /** For servers that leave out the call id; defaults to a random id. */
  newCallId?: () => string;
}

export class OpenAIChunkMapper {
  private readonly calls = new Map<number, CallState>();
  private finishReason: string | undefined;
  private usage: Usage | undefined;
  private readonly newCallId: () => string;
  /** The completion id of the reply being mapped, and whether it produced anything yet. */
  private replyId: string | undefined;
  private produced = false;

  constructor(options: OpenAIChunkMapperOptions = {}) {
    this.newCallId = options.newCallId ?? (() => `call_${Math.random().toString(36).slice(2, 12)}`);
  }

  map(chunk: Chunk): ModelStreamEvent[] {
    const out: ModelStreamEvent[] = [];
    if (chunk.usage) this.usage = openAIUsage(chunk.usage);
    const choice = chunk.choices?.find((c) => c.index === 0) ?? chunk.choices?.[0];
    if (!choice || this.finishReason !== undefined) return out;
    const delta = (choice.delta ?? {}) as Chunk['choices'][number]['delta'] & ReasoningDelta;
    if (this.restarts(chunk, delta)) {
      this.calls.clear();
      this.usage = chunk.usage ? openAIUsage(chunk.usage) : undefined;
      this.produced = false;
      if (chunk.id) this.replyId = chunk.id;
      out.push({ type: 'restart' });
    }
    if (chunk.id) this.replyId ??= chunk.id;
    this.produced ||= Boolean(delta.content || delta.refusal || delta.tool_calls?.length);
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) out.push({ type: 'thinking_delta', text: reasoning });
    if (delta.content) out.push({ type: 'text_delta', text: delta.content });
    if (delta.refusal) out.push({ type: 'text_delta', text: delta.refusal });
    for (const call of delta.tool_calls ?? []) out.push(...this.toolCallDelta(call));
    if (choice.finish_reason) {
      this.finishReason = choice.finish_reason;
      out.push(...this.endCalls(choice.finish_reason === 'length'));
    }
    return out;
  }

  /**
   * A spliced second reply (see the `restart` event): a new completion id that opens with the assistant role
   * after this reply already produced output, or a call at an index that already holds a started call under
   * another id. Servers that repeat the role on every chunk keep one id, so they never look restarted.
   */
  private restarts(chunk: Chunk, delta: Chunk['choices'][number]['delta']): boolean {
    if (!this.produced) return false;
    if (chunk.id && this.replyId && chunk.id !== this.replyId && delta.role) return true;
    return (delta.tool_calls ?? []).some((call) => {
      const existing = typeof call.index === 'number' ? this.calls.get(call.index) : undefined;
      return Boolean(existing?.started && call.id && call.id !== existing.callId && call.function?.name);
    });
  }

  /** After the last chunk: usage and stop, or nothing when no finish_reason came (the stream broke off). */
  finish(): ModelStreamEvent[] {
    if (this.finishReason === undefined) return [];
    const out: ModelStreamEvent[] = [];
    if (this.usage) out.push({ type: 'usage', usage: this.usage });
    out.push({ type: 'stop', reason: openAIStopReason(this.finishReason, this.calls.size > 0) });
    return out;
  }

  private toolCallDelta(delta: ToolCallDelta): ModelStreamEvent[] {
    const index = typeof delta.index === 'number' ? delta.index : this.indexFor(delta.id);
    let call = this.calls.get(index);
    if (!call) {
      call = { callId: delta.id || this.newCallId(), name: '', args: '', started: false };
      this.calls.set(index, call);
    }
    if (delta.function?.name && !call.started) call.name += delta.function.name;
    const argsDelta = delta.function?.arguments ?? '';
    const out: ModelStreamEvent[] = [];
    if (!call.started && call.name) {
      // Arguments that arrived before the name are held and sent right after the start.
      call.started = true;
      out.push({ type: 'tool_call_start', callId: call.callId, name: call.name });
      if (call.args) out.push({ type: 'tool_call_delta', callId: call.callId, argsDelta: call.args });
    }
    call.args += argsDelta;
    if (call.started && argsDelta) out.push({ type: 'tool_call_delta', callId: call.callId, argsDelta });
    return out;
  }

  /** Servers that omit `index` (a few compatible ones) send one call per id. */
  private indexFor(id: string | undefined): number {
    for (const [index, call] of this.calls) if (id && call.callId === id) return index;
    if (!id && this.calls.size > 0) return Math.max(...this.calls.keys());
    return this.calls.size;
  }

  /**
   * Ends every call in index order. On `length` the model was cut off: a call whose arguments are not whole
   * JSON stays unfinished. A call that never got a name is still reported (as ""), so it does not vanish:
   * the turn then fails with a clear error (resilient-stream.ts) instead of running a nameless call.
   */
  private endCalls(truncated: boolean): ModelStreamEvent[] {
    const out: ModelStreamEvent[] = [];
    for (const index of [...this.calls.keys()].sort((a, b) => a - b)) {
      const call = this.calls.get(index)!;
      if (!call.started) {
        call.started = true;
        out.push({ type: 'tool_call_start', callId: call.callId, name: call.name });
        if (call.args) out.push({ type: 'tool_call_delta', callId: call.callId, argsDelta: call.args });
      }
      if (!call.args.trim()) {
        call.args = EMPTY_ARGS;
        out.push({ type: 'tool_call_delta', callId: call.callId, argsDelta: EMPTY_ARGS });
      }
      if (!truncated || isCompleteJson(call.args)) out.push({ type: 'tool_call_end', callId: call.callId });
    }
    return out;
  }
}

/** `prompt_tokens` includes cached tokens; Usage counts uncached input apart from cache reads. */
export function openAIUsage(usage: OpenAI.Completions.CompletionUsage): Usage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const out: Usage = { inputTokens: Math.max(0, (usage.prompt_tokens ?? 0) - cached), outputTokens: usage.completion_tokens ?? 0 };
  if (cached > 0) out.cacheReadTokens = cached;
  return out;
}

export function openAIStopReason(finishReason: string, madeToolCalls: boolean): StopReason {
  switch (finishReason) {
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    case 'stop':
      // Some compatible servers (older Ollama) say "stop" after tool calls; the calls are what matter.
      return madeToolCalls ? 'tool_use' : 'end_turn';
    default:
      return 'other';
  }
}
