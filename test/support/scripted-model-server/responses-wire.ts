// A scripted turn in the OpenAI Responses API streaming format, event by event as the API sends it (each SSE
// frame has an `event:` line and a typed `data:` with a sequence number): response.created, response.in_progress,
// then per output item output_item.added, its content (reasoning summary parts and deltas; a message's
// content_part and output_text deltas; a function call's arguments deltas; a custom tool call's input deltas and
// custom_tool_call_input.done), output_item.done, and finally
// response.completed (or response.incomplete when cut off) carrying the whole response with its usage.
// A reasoning item gets encrypted content only when the request asked for it (include), as the API does.
import { argsText, DEFAULT_CHUNK_SIZE, DEFAULT_USAGE, pieces, stopReasonOf, type ScriptTurn } from './script';

export interface ResponseIds {
  response: string;
  created: number;
  /** A fresh call id for calls the script left without one. */
  toolCall(): string;
  /** A fresh item id with this prefix (rs_, msg_, fc_). */
  item(prefix: string): string;
}

export interface ResponsesRequestInfo {
  model: string;
  /** The request's `include` asked for reasoning.encrypted_content. */
  encryptedReasoning: boolean;
}

/** What the scripted server hands out as a reasoning item's encrypted content, so a later request can be checked. */
export function encryptedReasoningFor(itemId: string): string {
  return `gAAAA-scripted-${Buffer.from(itemId).toString('base64')}`;
}

export function responsesFrames(turn: ScriptTurn, request: ResponsesRequestInfo, ids: ResponseIds): string[] {
  const size = turn.chunkSize ?? DEFAULT_CHUNK_SIZE;
  let sequence = 0;
  const frames: string[] = [];
  const emit = (type: string, data: object) => frames.push(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
  const output: object[] = [];
  const response = (status: string, extra: object = {}) => ({
    id: ids.response,
    object: 'response',
    created_at: ids.created,
    status,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: request.model,
    output: [...output],
    parallel_tool_calls: true,
    store: false,
    tool_choice: 'auto',
    tools: [],
    usage: null,
    ...extra,
  });
  emit('response.created', { response: response('in_progress') });
  emit('response.in_progress', { response: response('in_progress') });
  if (turn.fault && 'overloadedEvent' in turn.fault) {
    emit('response.failed', { response: response('failed', { error: { code: 'server_error', message: 'The server is overloaded. Please try again later.' } }) });
    return frames;
  }
  if (turn.fault && 'streamError' in turn.fault) {
    const { code, message, errorEvent } = turn.fault.streamError;
    if (errorEvent) emit('error', { code, message, param: null });
    else emit('response.failed', { response: response('failed', { error: { code, message } }) });
    return frames;
  }

  if (turn.thinking) {
    const output_index = output.length;
    const id = ids.item('rs_');
    emit('response.output_item.added', { output_index, item: { id, type: 'reasoning', summary: [] } });
    // Summaries come in parts split at blank lines, as the API's do.
    const parts = turn.thinking.split('\n\n');
    parts.forEach((text, summary_index) => {
      emit('response.reasoning_summary_part.added', { item_id: id, output_index, summary_index, part: { type: 'summary_text', text: '' } });
      for (const delta of pieces(text, size)) emit('response.reasoning_summary_text.delta', { item_id: id, output_index, summary_index, delta });
      emit('response.reasoning_summary_text.done', { item_id: id, output_index, summary_index, text });
      emit('response.reasoning_summary_part.done', { item_id: id, output_index, summary_index, part: { type: 'summary_text', text } });
    });
    const item = {
      id,
      type: 'reasoning',
      summary: parts.map((text) => ({ type: 'summary_text', text })),
      ...(request.encryptedReasoning ? { encrypted_content: encryptedReasoningFor(id) } : {}),
    };
    output.push(item);
    emit('response.output_item.done', { output_index, item });
  }

  if (turn.text) {
    const output_index = output.length;
    const id = ids.item('msg_');
    const refusal = stopReasonOf(turn) === 'refusal';
    const empty = refusal ? { type: 'refusal', refusal: '' } : { type: 'output_text', text: '', annotations: [] };
    const full = refusal ? { type: 'refusal', refusal: turn.text } : { type: 'output_text', text: turn.text, annotations: [] };
    emit('response.output_item.added', { output_index, item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    emit('response.content_part.added', { item_id: id, output_index, content_index: 0, part: empty });
    for (const delta of pieces(turn.text, size)) {
      emit(refusal ? 'response.refusal.delta' : 'response.output_text.delta', { item_id: id, output_index, content_index: 0, delta, ...(refusal ? {} : { logprobs: [] }) });
    }
    emit(refusal ? 'response.refusal.done' : 'response.output_text.done', { item_id: id, output_index, content_index: 0, [refusal ? 'refusal' : 'text']: turn.text });
    emit('response.content_part.done', { item_id: id, output_index, content_index: 0, part: full });
    const item = { id, type: 'message', status: 'completed', role: 'assistant', content: [full] };
    output.push(item);
    emit('response.output_item.done', { output_index, item });
  }

  for (const call of turn.toolCalls ?? []) {
    const output_index = output.length;
    const call_id = call.id ?? ids.toolCall();
    if ('input' in call) {
      // A freeform tool's call: output_item.added, the raw input in deltas, custom_tool_call_input.done, the item.
      const id = ids.item('ctc_');
      emit('response.output_item.added', { output_index, item: { id, type: 'custom_tool_call', status: 'in_progress', call_id, name: call.name, input: '' } });
      for (const delta of pieces(call.input, size)) emit('response.custom_tool_call_input.delta', { item_id: id, output_index, delta });
      emit('response.custom_tool_call_input.done', { item_id: id, output_index, input: call.input });
      const item = { id, type: 'custom_tool_call', status: 'completed', call_id, name: call.name, input: call.input };
      output.push(item);
      emit('response.output_item.done', { output_index, item });
      continue;
    }
    const id = ids.item('fc_');
    const args = argsText(call);
    emit('response.output_item.added', { output_index, item: { id, type: 'function_call', status: 'in_progress', arguments: '', call_id, name: call.name } });
    for (const delta of pieces(args, size)) emit('response.function_call_arguments.delta', { item_id: id, output_index, delta });
    emit('response.function_call_arguments.done', { item_id: id, output_index, arguments: args });
    const item = { id, type: 'function_call', status: 'completed', arguments: args, call_id, name: call.name };
    output.push(item);
    emit('response.output_item.done', { output_index, item });
  }

  const usage = turn.usage ?? DEFAULT_USAGE;
  const cached = usage.cacheReadTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const input = usage.inputTokens + cached + written;
  const wireUsage = {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached, cache_write_tokens: written },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + usage.outputTokens,
  };
  const stop = stopReasonOf(turn);
  if (stop === 'max_tokens') {
    emit('response.incomplete', { response: response('incomplete', { incomplete_details: { reason: 'max_output_tokens' }, usage: wireUsage }) });
  } else if (stop === 'refusal') {
    emit('response.incomplete', { response: response('incomplete', { incomplete_details: { reason: 'content_filter' }, usage: wireUsage }) });
  } else {
    emit('response.completed', { response: response('completed', { usage: wireUsage }) });
  }
  return frames;
}

/** The reasoning items (id, encrypted content) that frames hand out. */
export function issuedReasoningOf(frames: readonly string[]): [id: string, encrypted: string][] {
  const out: [string, string][] = [];
  for (const frame of frames) {
    const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { type: string; item?: { id: string; type: string; encrypted_content?: string } };
    if (data.type === 'response.output_item.done' && data.item?.type === 'reasoning' && data.item.encrypted_content) out.push([data.item.id, data.item.encrypted_content]);
  }
  return out;
}
