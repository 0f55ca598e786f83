// A scripted turn in the Anthropic Messages streaming format, event by event as the API sends it:
// message_start, content blocks (start, ping after the first, deltas, stop), message_delta with the stop
// reason and usage, message_stop. Tool blocks open with an empty partial_json, as the API's do.
import { argsText, DEFAULT_CHUNK_SIZE, DEFAULT_USAGE, pieces, stopReasonOf, type ScriptTurn } from './script';

export function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The signature every scripted thinking block carries; the request checks want it back unchanged. */
export const SCRIPTED_THINKING_SIGNATURE = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds';

export interface TurnIds {
  message: string;
  /** A fresh tool-use id for calls the script left without one. */
  toolUse(): string;
}

export function anthropicFrames(turn: ScriptTurn, model: string, ids: TurnIds): string[] {
  const size = turn.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const usage = turn.usage ?? DEFAULT_USAGE;
  const frames = [messageStart(model, ids.message, usage)];
  if (turn.fault && 'overloadedEvent' in turn.fault) {
    frames.push(sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    return frames;
  }
  if (turn.fault && 'streamError' in turn.fault) {
    const { code, message } = turn.fault.streamError;
    frames.push(sse('error', { type: 'error', error: { type: code, message } }));
    return frames;
  }
  let index = 0;
  const block = (start: object, deltas: object[]) => {
    frames.push(sse('content_block_start', { type: 'content_block_start', index, content_block: start }));
    if (index === 0) frames.push(sse('ping', { type: 'ping' }));
    for (const delta of deltas) frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta }));
    frames.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  };
  if (turn.thinking) {
    const deltas: object[] = pieces(turn.thinking, size).map((thinking) => ({ type: 'thinking_delta', thinking }));
    deltas.push({ type: 'signature_delta', signature: SCRIPTED_THINKING_SIGNATURE });
    block({ type: 'thinking', thinking: '', signature: '' }, deltas);
  }
  if (turn.text) {
    block({ type: 'text', text: '' }, pieces(turn.text, size).map((text) => ({ type: 'text_delta', text })));
  }
  for (const call of turn.toolCalls ?? []) {
    const partials = ['', ...pieces(argsText(call), size)].map((partial_json) => ({ type: 'input_json_delta', partial_json }));
    block({ type: 'tool_use', id: call.id ?? ids.toolUse(), name: call.name, input: {} }, partials);
  }
  frames.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReasonOf(turn), stop_sequence: null },
      usage: {
        input_tokens: usage.inputTokens,
        cache_creation_input_tokens: usage.cacheWriteTokens ?? 0,
        cache_read_input_tokens: usage.cacheReadTokens ?? 0,
        output_tokens: usage.outputTokens,
      },
    }),
  );
  frames.push(sse('message_stop', { type: 'message_stop' }));
  return frames;
}

function messageStart(model: string, id: string, usage: ScriptTurn['usage'] & object): string {
  return sse('message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.inputTokens,
        cache_creation_input_tokens: usage.cacheWriteTokens ?? 0,
        cache_read_input_tokens: usage.cacheReadTokens ?? 0,
        output_tokens: 1,
      },
    },
  });
}

const ERROR_TYPES: Record<number, [type: string, message: string]> = {
  400: ['invalid_request_error', 'Invalid request'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'model: not found'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'This request would exceed the rate limit for your organization.'],
  500: ['api_error', 'Internal server error'],
  529: ['overloaded_error', 'Overloaded'],
};

/** The JSON body the API sends with an error status. */
export function anthropicErrorBody(status: number, message?: string): unknown {
  const [type, standard] = ERROR_TYPES[status] ?? (status >= 500 ? ERROR_TYPES[500]! : ERROR_TYPES[400]!);
  return { type: 'error', error: { type, message: message ?? standard } };
}
