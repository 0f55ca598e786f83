// For models without native tool calling: wraps any provider, sends no tools (the agent loop describes them
// in the system prompt because `supportsNativeTools` is false), writes the history's calls and results as
// text, and finds calls in the streamed text so downstream sees the same tool_call_* events a native
// provider emits. Text outside calls stays text.
import type { ModelStreamEvent } from './events';
import type { ModelInfo, ModelProvider, ModelRequest } from './provider';
import { toTextProtocolMessages } from './text-protocol-history';
 
import { TextToolCallParser, type TextProtocolEvent } from '../tools/text-protocol';

export interface TextProtocolOptions {
  /** Ids for calls found in text; unique across turns by default, since the history keeps them. */
  newCallId?: () => string;
}

export class TextProtocolProvider implements ModelProvider {
  readonly id: string;
  readonly model: ModelInfo;
  private readonly newCallId: () => string;

  constructor(
    private readonly inner: ModelProvider,
    options: TextProtocolOptions = {},
  ) {
    this.id = inner.id;
    this.model = { ...inner.model, supportsNativeTools: false };
    const session = Math.random().toString(36).slice(2, 8);
    let counter = 0;
    this.newCallId = options.newCallId ?? (() => `text_call_${session}_${++counter}`);
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    let parser = new TextToolCallParser({ newCallId: this.newCallId });
    let openCall: string | undefined;
    let madeCalls = false;
    const track = (events: TextProtocolEvent[]): TextProtocolEvent[] => {
      for (const event of events) {
        if (event.type === 'tool_call_start') {
          openCall = event.callId;
          madeCalls = true;
        } else if (event.type === 'tool_call_end') openCall = undefined;
      }
      return events;
    };
    const textRequest: ModelRequest = { ...request, tools: [], messages: toTextProtocolMessages(request.messages) };
    for await (const event of this.inner.stream(textRequest, signal)) {
      if (event.type === 'text_delta') {
        yield* track(parser.feed(event.text));
      } else if (event.type === 'stop') {
        // The parser ends an unterminated call (its JSON is judged downstream), except when the model hit its
        // token limit inside it: those arguments were cut off and the call must stay unfinished.
        if (!(event.reason === 'max_tokens' && openCall)) yield* track(parser.end());
        const reason = madeCalls && (event.reason === 'end_turn' || event.reason === 'stop_sequence') ? 'tool_use' : event.reason;
        yield { type: 'stop', reason };
      } else if (event.type === 'restart') {
        // The reply begins again: so does the text the calls are read from.
        parser = new TextToolCallParser({ newCallId: this.newCallId });
        openCall = undefined;
        madeCalls = false;
        yield event;
      } else if (event.type === 'error' && openCall && event.error.kind !== 'cancelled') {
        // The inner provider saw only text; to downstream a call was half written, so the stream broke.
        yield { type: 'error', error: { ...event.error, kind: 'stream_broken', message: `${event.error.message} (while tool call ${openCall} was arriving)` } };
      } else {
        yield event;
      }
    }
  }
}
