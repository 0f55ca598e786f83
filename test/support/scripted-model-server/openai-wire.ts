// A scripted turn in the OpenAI Chat Completions streaming format, chunk by chunk as the API sends it:
// a role chunk, content deltas, tool calls by index (id, type and name on the first chunk, the arguments
// spread over the following ones), a finish_reason chunk, a usage chunk when the request asked for one
// (stream_options.include_usage), then `data: [DONE]`.
import { argsText, DEFAULT_CHUNK_SIZE, DEFAULT_USAGE, pieces, stopReasonOf, type ScriptTurn } from './script';

export function dataLine(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

const FINISH_REASONS = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  refusal: 'content_filter',
} as const;

export interface CompletionIds {
  completion: string;
  created: number;
  /** A fresh call id for calls the script left without one. */
  toolCall(): string;
}

export function openaiFrames(turn: ScriptTurn, model: string, includeUsage: boolean, ids: CompletionIds): string[] {
  const size = turn.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const chunk = (delta: object, finishReason: string | null = null) =>
    dataLine({
      id: ids.completion,
      object: 'chat.completion.chunk',
      created: ids.created,
      model,
      system_fingerprint: 'fp_scripted',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const frames = [chunk({ role: 'assistant', content: '', refusal: null })];
  if (turn.fault && 'overloadedEvent' in turn.fault) {
    // How OpenAI-compatible routers report a failure after the stream started.
    frames.push(dataLine({ error: { message: 'Overloaded', type: 'server_error', code: 'overloaded', param: null } }));
    return frames;
  }
  if (turn.fault && 'streamError' in turn.fault) {
    const { code, message, status } = turn.fault.streamError;
    frames.push(dataLine({ error: { message, type: code, code: status ?? code, param: null } }));
    return frames;
  }
  for (const piece of pieces(turn.thinking ?? '', size)) frames.push(chunk({ reasoning_content: piece }));
  for (const piece of pieces(turn.text ?? '', size)) frames.push(chunk({ content: piece }));
  (turn.toolCalls ?? []).forEach((call, index) => {
    const id = call.id ?? ids.toolCall();
    frames.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of pieces(argsText(call), size)) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  frames.push(chunk({}, FINISH_REASONS[stopReasonOf(turn)]));
  if (includeUsage) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    const cached = usage.cacheReadTokens ?? 0;
    frames.push(
      dataLine({
        id: ids.completion,
        object: 'chat.completion.chunk',
        created: ids.created,
        model,
        system_fingerprint: 'fp_scripted',
        choices: [],
        usage: {
          prompt_tokens: usage.inputTokens + cached,
          completion_tokens: usage.outputTokens,
          total_tokens: usage.inputTokens + cached + usage.outputTokens,
          prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
        },
      }),
    );
  }
  frames.push(dataLine('[DONE]'));
  return frames;
}

const ERRORS: Record<number, [type: string, code: string | null, message: string]> = {
  400: ['invalid_request_error', null, 'Invalid request'],
  401: ['invalid_request_error', 'invalid_api_key', 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.'],
  403: ['invalid_request_error', 'unsupported_country_region_territory', 'Country, region, or territory not supported'],
  404: ['invalid_request_error', 'model_not_found', 'The model does not exist or you do not have access to it.'],
  429: ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again in 1s.'],
  500: ['server_error', null, 'The server had an error while processing your request. Sorry about that!'],
  503: ['server_error', null, 'The engine is currently overloaded, please try again later.'],
};

/** The JSON body the API sends with an error status. */
export function openaiErrorBody(status: number, message?: string): unknown {
  const [type, code, standard] = ERRORS[status] ?? (status >= 500 ? ERRORS[500]! : ERRORS[400]!);
  return { error: { message: message ?? standard, type, param: null, code } };
}
