// A scripted turn in Gemini's streamGenerateContent SSE format (`?alt=sse`), chunk by chunk as the API sends
// it: each `data:` line is a whole GenerateContentResponse with the new parts of candidate 0; thought summaries
// are text parts marked `thought: true`; a function call arrives whole in one part (Gemini does not stream
// arguments), the first carrying a thought signature; the last chunk has the finishReason and usageMetadata.
// Lines end with CRLF pairs, as Google's servers send them.
import { argsText, DEFAULT_CHUNK_SIZE, DEFAULT_USAGE, pieces, stopReasonOf, type ScriptTurn } from './script';

const FINISH_REASONS = {
  end_turn: 'STOP',
  stop_sequence: 'STOP',
  tool_use: 'STOP',
  max_tokens: 'MAX_TOKENS',
  refusal: 'SAFETY',
} as const;

/** The thought signature the scripted server puts on a function call, so a later request can be checked. */
export function thoughtSignatureFor(responseId: string, index: number): string {
  return Buffer.from(`scripted-signature:${responseId}:${index}`).toString('base64');
}

export function geminiFrames(turn: ScriptTurn, model: string, responseId: string): string[] {
  const size = turn.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const frame = (parts: object[], extra: object = {}) =>
    `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: model, responseId })}\r\n\r\n`;
  const frames: string[] = [];
  if (turn.fault && 'overloadedEvent' in turn.fault) {
    // What Google's servers send when a stream fails after it began.
    frames.push(`data: ${JSON.stringify({ error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } })}\r\n\r\n`);
    return frames;
  }
  if (turn.fault && 'streamError' in turn.fault) {
    const { code, message, status, details } = turn.fault.streamError;
    frames.push(`data: ${JSON.stringify({ error: { code: status ?? 429, message, status: code, ...(details ? { details } : {}) } })}\r\n\r\n`);
    return frames;
  }
  for (const piece of pieces(turn.thinking ?? '', size)) frames.push(frame([{ text: piece, thought: true }]));
  for (const piece of pieces(turn.text ?? '', size)) frames.push(frame([{ text: piece }]));
  (turn.toolCalls ?? []).forEach((call, index) => {
    const args = argsText(call);
    // A cut-off call cannot be sent as a Gemini part (its args are an object); the API reports MAX_TOKENS instead.
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch {
      return;
    }
    if (turn.geminiPartialArgs) {
      frames.push(...streamedCallFrames(turn.geminiPartialArgs, call.name, call.id, parsed, size, index === 0 ? thoughtSignatureFor(responseId, index) : undefined).map((p) => frame([p])));
      return;
    }
    const part: Record<string, unknown> = { functionCall: { name: call.name, args: parsed, ...(call.id ? { id: call.id } : {}) } };
    if (index === 0) part.thoughtSignature = thoughtSignatureFor(responseId, index);
    frames.push(frame([part]));
  });
  const usage = turn.usage ?? DEFAULT_USAGE;
  const cached = usage.cacheReadTokens ?? 0;
  const thoughts = turn.thinking ? Math.min(usage.outputTokens, Math.ceil(turn.thinking.length / 4)) : 0;
  const usageMetadata = {
    promptTokenCount: usage.inputTokens + cached,
    candidatesTokenCount: usage.outputTokens - thoughts,
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
    ...(cached > 0 ? { cachedContentTokenCount: cached } : {}),
    totalTokenCount: usage.inputTokens + cached + usage.outputTokens,
  };
  frames.push(
    `data: ${JSON.stringify({
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: FINISH_REASONS[stopReasonOf(turn)], index: 0 }],
      usageMetadata,
      modelVersion: model,
      responseId,
    })}\r\n\r\n`,
  );
  return frames;
}

const STATUSES: Record<number, [status: string, message: string]> = {
  400: ['INVALID_ARGUMENT', 'Request contains an invalid argument.'],
  401: ['UNAUTHENTICATED', 'API key not valid. Please pass a valid API key.'],
  403: ['PERMISSION_DENIED', 'The caller does not have permission.'],
  404: ['NOT_FOUND', 'models/unknown is not found for API version v1beta, or is not supported for generateContent.'],
  429: ['RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'],
  500: ['INTERNAL', 'An internal error has occurred.'],
  503: ['UNAVAILABLE', 'The model is overloaded. Please try again later.'],
};

/** The JSON body Google's APIs send with an error status. */
export function geminiErrorBody(status: number, message?: string): unknown {
  const [name, standard] = STATUSES[status] ?? (status >= 500 ? STATUSES[500]! : STATUSES[400]!);
  return { error: { code: status, message: message ?? standard, status: name } };
}

/** One call as `streamFunctionCallArguments` sends it: parts carrying `partialArgs` by JSON path. */
function streamedCallFrames(
  mode: 'pieces' | 'without-start' | 'unfinished',
  name: string,
  id: string | undefined,
  args: unknown,
  size: number,
  signature: string | undefined,
): object[] {
  const parts: object[] = [];
  if (mode !== 'without-start') {
    parts.push({ functionCall: { name, willContinue: true, ...(id ? { id } : {}) }, ...(signature ? { thoughtSignature: signature } : {}) });
  }
  const leaves: [string, unknown][] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, /^[A-Za-z_]\w*$/.test(k) ? `${path}.${k}` : `${path}['${k}']`);
    else leaves.push([path, value]);
  };
  walk(args, '$');
  for (const [jsonPath, value] of leaves) {
    if (typeof value === 'string') {
      const chunks = pieces(value, size);
      if (chunks.length === 0) chunks.push('');
      chunks.forEach((stringValue, i) => parts.push({ functionCall: { partialArgs: [{ jsonPath, stringValue, ...(i < chunks.length - 1 ? { willContinue: true } : {}) }], willContinue: true } }));
    } else {
      const typed = typeof value === 'number' ? { numberValue: value } : typeof value === 'boolean' ? { boolValue: value } : { nullValue: 'NULL_VALUE' };
      parts.push({ functionCall: { partialArgs: [{ jsonPath, ...typed }], willContinue: true } });
    }
  }
  if (mode !== 'unfinished') parts.push({ functionCall: {} });
  return parts;
}
