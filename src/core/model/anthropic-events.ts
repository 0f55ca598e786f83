// Anthropic Messages stream events -> ModelStreamEvents, one turn per mapper. Errors in the stream (the
// `error` event) are thrown by the SDK before they get here; a stream that stops short is noticed by the
// shared failure handling because no `stop` was emitted.
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelStreamEvent, StopReason, Usage } from './events';
import { EMPTY_ARGS, isCompleteJson } from './tool-call-args';

type RawEvent = Anthropic.Messages.RawMessageStreamEvent;

interface ToolBlock {
  callId: string;
  args: string;
}

export class AnthropicEventMapper {
  /** Content blocks by index; tool_use and thinking blocks need state. */
  private readonly tools = new Map<number, ToolBlock>();
  private readonly thinking = new Map<number, { text: string; signature: string }>();
  /** A finished tool block whose JSON did not parse: ended unless the turn stopped on max_tokens. */
  private pendingEnd: string | undefined;
  private usage: Usage = { inputTokens: 0, outputTokens: 0 };
  private stopReason: StopReason = 'other';
  private started = false;

  map(event: RawEvent): ModelStreamEvent[] {
    switch (event.type) {
      case 'message_start': {
        // A second message_start in one response is a restarted reply (see the `restart` event): the first
        // message's blocks are superseded, whatever state they were in.
        const restarted = this.started;
        if (restarted) this.reset();
        this.started = true;
        this.mergeUsage(event.message.usage);
        return restarted ? [{ type: 'restart' }] : [];
      }
      case 'content_block_start':
        return this.blockStart(event);
      case 'content_block_delta':
        return this.blockDelta(event);
      case 'content_block_stop':
        return this.blockStop(event.index);
      case 'message_delta': {
        const out = this.settlePendingEnd(event.delta.stop_reason === 'max_tokens');
        if (event.delta.stop_reason) this.stopReason = anthropicStopReason(event.delta.stop_reason);
        this.mergeUsage(event.usage);
        out.push({ type: 'usage', usage: { ...this.usage } });
        return out;
      }
      case 'message_stop':
        return [...this.settlePendingEnd(false), { type: 'stop', reason: this.stopReason }];
      default:
        return [];
    }
  }

  private blockStart(event: Anthropic.Messages.RawContentBlockStartEvent): ModelStreamEvent[] {
    const out = this.settlePendingEnd(false);
    const block = event.content_block;
    if (block.type === 'text' && block.text) out.push({ type: 'text_delta', text: block.text });
    else if (block.type === 'thinking') {
      this.thinking.set(event.index, { text: block.thinking, signature: block.signature });
      if (block.thinking) out.push({ type: 'thinking_delta', text: block.thinking });
    } else if (block.type === 'redacted_thinking') {
      // Encrypted by the API: nothing to show, but it goes back unchanged in the next request.
      out.push({ type: 'reasoning', part: { type: 'reasoning', source: 'anthropic', text: '', signature: block.data, redacted: true } });
    } else if (block.type === 'tool_use') {
      this.tools.set(event.index, { callId: block.id, args: '' });
      out.push({ type: 'tool_call_start', callId: block.id, name: block.name });
    }
    return out;
  }

  private blockDelta(event: Anthropic.Messages.RawContentBlockDeltaEvent): ModelStreamEvent[] {
    const delta = event.delta;
    if (delta.type === 'text_delta') return delta.text ? [{ type: 'text_delta', text: delta.text }] : [];
    if (delta.type === 'thinking_delta') {
      const block = this.thinking.get(event.index);
      if (block) block.text += delta.thinking;
      return delta.thinking ? [{ type: 'thinking_delta', text: delta.thinking }] : [];
    }
    if (delta.type === 'signature_delta') {
      const block = this.thinking.get(event.index);
      if (block) block.signature += delta.signature;
      return [];
    }
    if (delta.type === 'input_json_delta') {
      const tool = this.tools.get(event.index);
      // The API opens every tool block with an empty partial_json; there is nothing to pass on.
      if (!tool || !delta.partial_json) return [];
      tool.args += delta.partial_json;
      return [{ type: 'tool_call_delta', callId: tool.callId, argsDelta: delta.partial_json }];
    }
    return []; // citations_delta: nothing downstream uses it
  }

  private blockStop(index: number): ModelStreamEvent[] {
    const thinking = this.thinking.get(index);
    if (thinking) {
      this.thinking.delete(index);
      return [{ type: 'reasoning', part: { type: 'reasoning', source: 'anthropic', text: thinking.text, signature: thinking.signature } }];
    }
    const tool = this.tools.get(index);
    if (!tool) return [];
    this.tools.delete(index);
    const out: ModelStreamEvent[] = [];
    if (!tool.args.trim()) {
      out.push({ type: 'tool_call_delta', callId: tool.callId, argsDelta: EMPTY_ARGS });
      tool.args = EMPTY_ARGS;
    }
    // Complete JSON is finished whatever comes next. Otherwise wait for the stop reason: on max_tokens the
    // arguments were cut off and the call must stay unfinished; on any other reason the model wrote bad JSON
    // and the tool runtime should get it (it answers the model with a parse error).
    if (isCompleteJson(tool.args)) out.push({ type: 'tool_call_end', callId: tool.callId });
    else this.pendingEnd = tool.callId;
    return out;
  }

  private reset(): void {
    this.tools.clear();
    this.thinking.clear();
    this.pendingEnd = undefined;
    this.usage = { inputTokens: 0, outputTokens: 0 };
    this.stopReason = 'other';
  }

  private settlePendingEnd(truncated: boolean): ModelStreamEvent[] {
    const callId = this.pendingEnd;
    this.pendingEnd = undefined;
    return callId && !truncated ? [{ type: 'tool_call_end', callId }] : [];
  }

  /** Counts arrive in message_start and (cumulatively, possibly partly) in message_delta; keep the latest. */
  private mergeUsage(usage: Partial<Record<keyof Anthropic.Messages.MessageDeltaUsage, unknown>>): void {
    const read = (value: unknown, fallback: number | undefined) => (typeof value === 'number' ? value : fallback);
    const next: Usage = {
      inputTokens: read(usage.input_tokens, this.usage.inputTokens) ?? 0,
      outputTokens: read(usage.output_tokens, this.usage.outputTokens) ?? 0,
    };
    const cacheRead = read(usage.cache_read_input_tokens, this.usage.cacheReadTokens);
    const cacheWrite = read(usage.cache_creation_input_tokens, this.usage.cacheWriteTokens);
    if (cacheRead !== undefined) next.cacheReadTokens = cacheRead;
    if (cacheWrite !== undefined) next.cacheWriteTokens = cacheWrite;
    this.usage = next;
  }
}

export function anthropicStopReason(reason: string): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'refusal':
      return reason;
    case 'model_context_window_exceeded':
      return 'max_tokens'; // cut off by a limit all the same
    default:
      return 'other'; // pause_turn and anything newer
  }
}
