// OpenAI Responses API stream events -> ModelStreamEvents, one turn per mapper. Output items arrive by
// `output_index`: a function call opens with `output_item.added` (call id and name), its arguments stream as
// `function_call_arguments.delta`, and `output_item.done` closes it; a reasoning item streams its summary and
// closes with the encrypted content we send back next turn. The turn ends with `response.completed` or
// `response.incomplete` (usage and why); `response.failed` and `error` events become thrown errors.
import type OpenAI from 'openai';
import { l10n } from '../l10n';
import type { ModelStreamEvent, StopReason, Usage } from './events';
import { EMPTY_ARGS, isCompleteJson } from './tool-call-args';

type StreamEvent = OpenAI.Responses.ResponseStreamEvent;

interface CallState {
  callId: string;
  args: string;
  /** A freeform call: its raw input streams as the string of this JSON argument. */
  argument?: string;
  /** A freeform call's raw input so far. */
  input?: string;
}

/** An error the stream itself reported, shaped as classifyFailure reads SDK errors (`error.code`, `error.message`). */
export class ResponsesStreamError extends Error {
  readonly error: { code: string | undefined; message: string };
  constructor(code: string | null | undefined, message: string) {
    super(message);
    this.name = 'ResponsesStreamError';
    this.error = { code: code ?? undefined, message };
  }
}

export class ResponsesEventMapper {
  private readonly calls = new Map<number, CallState>();

  /** `freeform`: the request's custom tools, name -> the JSON argument their raw input stands for. */
  constructor(private readonly freeform: ReadonlyMap<string, string> = new Map()) {}
  private madeCalls = false;
  private responseId: string | undefined;
  private produced = false;

  map(event: StreamEvent): ModelStreamEvent[] {
    switch (event.type) {
      case 'response.created':
        return this.created(event.response.id);
      case 'response.output_item.added':
        return this.itemAdded(event);
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return this.text(event.delta);
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        this.produced = true;
        return event.delta ? [{ type: 'thinking_delta', text: event.delta }] : [];
      case 'response.reasoning_summary_part.added':
        // Summaries come in parts (one per step of the reasoning); keep them apart as paragraphs.
        return event.summary_index > 0 ? [{ type: 'thinking_delta', text: '\n\n' }] : [];
      case 'response.function_call_arguments.delta': {
        const call = this.calls.get(event.output_index);
        if (!call || !event.delta) return [];
        call.args += event.delta;
        return [{ type: 'tool_call_delta', callId: call.callId, argsDelta: event.delta }];
      }
      case 'response.custom_tool_call_input.delta':
        return this.customInput(event.output_index, event.delta);
      case 'response.output_item.done':
        return this.itemDone(event.output_index, event.item);
      case 'response.completed':
        return this.finish(event.response, false);
      case 'response.incomplete':
        return this.finish(event.response, true);
      case 'response.failed': {
        const error = event.response.error;
        throw new ResponsesStreamError(error?.code, error?.message ?? l10n.t('The response failed.'));
      }
      case 'error':
        throw new ResponsesStreamError(event.code, event.message);
      default:
        return [];
    }
  }

  /** A second `response.created` after output is a reply spliced in by a retrying gateway (see `restart`). */
  private created(id: string): ModelStreamEvent[] {
    const restarted = this.produced && this.responseId !== undefined && id !== this.responseId;
    this.responseId = id;
    if (!restarted) return [];
    this.calls.clear();
    this.madeCalls = false;
    this.produced = false;
    return [{ type: 'restart' }];
  }

  private text(delta: string): ModelStreamEvent[] {
    if (!delta) return [];
    this.produced = true;
    return [{ type: 'text_delta', text: delta }];
  }

  private itemAdded(event: OpenAI.Responses.ResponseOutputItemAddedEvent): ModelStreamEvent[] {
    const item = event.item;
    if (item.type === 'custom_tool_call') return this.customAdded(event.output_index, item);
    if (item.type !== 'function_call') return [];
    this.produced = true;
    this.madeCalls = true;
    this.calls.set(event.output_index, { callId: item.call_id, args: '' });
    const out: ModelStreamEvent[] = [{ type: 'tool_call_start', callId: item.call_id, name: item.name }];
    // Some servers send the whole arguments with the item instead of as deltas.
    if (item.arguments) {
      this.calls.get(event.output_index)!.args = item.arguments;
      out.push({ type: 'tool_call_delta', callId: item.call_id, argsDelta: item.arguments });
    }
    return out;
  }

  /**
   * A freeform (custom) tool call: the runtime takes JSON arguments, so its raw input streams as the string of the
   * tool's argument, `{"patch":"` then each piece escaped, closed when the item is done.
   */
  private customAdded(index: number, item: OpenAI.Responses.ResponseCustomToolCall): ModelStreamEvent[] {
    this.produced = true;
    this.madeCalls = true;
    const argument = this.freeform.get(item.name) ?? 'input';
    const opening = `{${JSON.stringify(argument)}:"`;
    this.calls.set(index, { callId: item.call_id, args: opening, argument, input: '' });
    const out: ModelStreamEvent[] = [
      { type: 'tool_call_start', callId: item.call_id, name: item.name },
      { type: 'tool_call_delta', callId: item.call_id, argsDelta: opening },
    ];
    if (item.input) out.push(...this.customInput(index, item.input));
    return out;
  }

  private customInput(index: number, delta: string): ModelStreamEvent[] {
    const call = this.calls.get(index);
    if (!call || call.input === undefined || !delta) return [];
    call.input += delta;
    const escaped = JSON.stringify(delta).slice(1, -1);
    call.args += escaped;
    return [{ type: 'tool_call_delta', callId: call.callId, argsDelta: escaped }];
  }

  private customDone(index: number, item: OpenAI.Responses.ResponseCustomToolCall): ModelStreamEvent[] {
    const call = this.calls.get(index);
    if (!call || call.input === undefined) return [];
    const out: ModelStreamEvent[] = [];
    // The done item carries the whole input; a server that streamed less ends with the rest here.
    if (item.input.length > call.input.length && item.input.startsWith(call.input)) out.push(...this.customInput(index, item.input.slice(call.input.length)));
    call.args += '"}';
    out.push({ type: 'tool_call_delta', callId: call.callId, argsDelta: '"}' }, { type: 'tool_call_end', callId: call.callId });
    this.calls.delete(index);
    return out;
  }

  private itemDone(index: number, item: OpenAI.Responses.ResponseOutputItem): ModelStreamEvent[] {
    if (item.type === 'custom_tool_call') return this.customDone(index, item);
    if (item.type === 'reasoning') {
      const text = item.summary.map((s) => s.text).join('\n\n');
      const part = { type: 'reasoning' as const, source: 'openai-responses' as const, text, itemId: item.id };
      return [{ type: 'reasoning', part: item.encrypted_content ? { ...part, encryptedContent: item.encrypted_content } : part }];
    }
    if (item.type !== 'function_call') return [];
    const call = this.calls.get(index);
    if (!call) return [];
    const out: ModelStreamEvent[] = [];
    if (!call.args.trim()) {
      // The done item carries the whole arguments; a server that streamed none still ends with them here.
      call.args = item.arguments.trim() ? item.arguments : EMPTY_ARGS;
      out.push({ type: 'tool_call_delta', callId: call.callId, argsDelta: call.args });
    }
    // Complete JSON ends now; anything else waits for how the response ends (cut off by max_output_tokens or not).
    if (isCompleteJson(call.args)) {
      this.calls.delete(index);
      out.push({ type: 'tool_call_end', callId: call.callId });
    }
    return out;
  }

  private finish(response: OpenAI.Responses.Response, incomplete: boolean): ModelStreamEvent[] {
    const reason = incomplete ? incompleteReason(response.incomplete_details?.reason) : this.madeCalls ? 'tool_use' : 'end_turn';
    const out: ModelStreamEvent[] = [];
    // Calls whose JSON never completed: bad JSON on a normal end (the runtime answers with a parse error), cut
    // off on the token limit (never ended).
    for (const call of this.calls.values()) if (reason !== 'max_tokens') out.push({ type: 'tool_call_end', callId: call.callId });
    this.calls.clear();
    if (response.usage) out.push({ type: 'usage', usage: responsesUsage(response.usage) });
    out.push({ type: 'stop', reason });
    return out;
  }
}

/** `input_tokens` includes cached tokens; Usage counts uncached input apart from cache reads and writes. */
export function responsesUsage(usage: OpenAI.Responses.ResponseUsage): Usage {
  const cached = usage.input_tokens_details?.cached_tokens ?? 0;
  const written = usage.input_tokens_details?.cache_write_tokens ?? 0;
  const out: Usage = { inputTokens: Math.max(0, usage.input_tokens - cached - written), outputTokens: usage.output_tokens };
  if (cached > 0) out.cacheReadTokens = cached;
  if (written > 0) out.cacheWriteTokens = written;
  return out;
}

function incompleteReason(reason: string | undefined): StopReason {
  if (reason === 'max_output_tokens') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return 'other';
}
