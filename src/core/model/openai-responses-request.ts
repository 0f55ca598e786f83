// The neutral request (provider.ts) as an OpenAI Responses API request body. Stateless (`store: false`): the
// whole conversation goes with every request, and the model's reasoning items go back with their ids and
// encrypted content (requested through `include`), which is how the API carries a reasoning model's chain of
// thought from one tool call to the next without keeping anything on OpenAI's side.
import type OpenAI from 'openai';
import type { ChatMessage, ModelRequest, ModelToolSpec, ReasoningPart } from './provider';

type InputItem = OpenAI.Responses.ResponseInputItem;

/** The Responses API refuses a `max_output_tokens` below 16 (Chat Completions takes 1): a smaller ask is raised. */
export const MIN_RESPONSES_OUTPUT_TOKENS = 16;

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

export interface ResponsesRequestOptions {
  model: string;
  maxTokens: number;
  /** Whether the model reasons (o-series, GPT-5 and later); others refuse the reasoning fields. */
  reasoning: boolean;
  /** The user's `relay.reasoningEffort`; undefined leaves the model's default. */
  effort?: ReasoningEffort;
}

export function toResponsesRequest(request: ModelRequest, options: ResponsesRequestOptions): OpenAI.Responses.ResponseCreateParamsStreaming {
  const body: OpenAI.Responses.ResponseCreateParamsStreaming = {
    model: options.model,
    input: toResponsesInput(request.messages),
    stream: true,
    store: false,
    max_output_tokens: Math.max(MIN_RESPONSES_OUTPUT_TOKENS, options.maxTokens),
  };
  if (request.system.trim()) body.instructions = request.system;
  if (request.tools.length > 0) body.tools = request.tools.map(toResponsesToolParam);
  if (options.reasoning) {
    // Summaries are what the API lets us show of the reasoning; the encrypted content is what goes back.
    body.reasoning = { summary: 'auto', ...(options.effort ? { effort: options.effort } : {}) };
    body.include = ['reasoning.encrypted_content'];
  } else if (request.temperature !== undefined) {
    body.temperature = request.temperature; // reasoning models refuse it
  }
  return body;
}

export function toResponsesToolParam(spec: ModelToolSpec): OpenAI.Responses.FunctionTool {
  // Not strict: strict mode wants every property required and no additionalProperties, which our schemas are not.
  return { type: 'function', name: spec.name, description: spec.description, parameters: spec.inputSchema, strict: false };
}

export function toResponsesInput(messages: readonly ChatMessage[]): InputItem[] {
  const out: InputItem[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'text') {
          if (part.text) out.push({ role: 'assistant', content: part.text });
        } else if (part.type === 'tool_call') {
          out.push({ type: 'function_call', call_id: part.callId, name: part.name, arguments: JSON.stringify(part.args) });
        } else {
          const reasoning = reasoningItem(part);
          if (reasoning) out.push(reasoning);
        }
      }
      continue;
    }
    // Outputs first: each answers a function_call of the turn before, as the API pairs them.
    const texts: string[] = [];
    const images: OpenAI.Responses.ResponseInputImage[] = [];
    for (const part of message.content) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'image') images.push({ type: 'input_image', detail: 'auto', image_url: `data:${part.mediaType};base64,${part.data}` });
      else {
        // The API has no error flag on outputs; say it in the output.
        out.push({ type: 'function_call_output', call_id: part.callId, output: part.isError ? `Error: ${part.content}` : part.content });
      }
    }
    const text = texts.join('\n');
    if (images.length > 0) out.push({ role: 'user', content: [...(text ? [{ type: 'input_text' as const, text }] : []), ...images] });
    else if (text) out.push({ role: 'user', content: text });
  }
  return out;
}

/** Only the Responses API's own reasoning goes back, and only when it can be (with store: false, its encrypted content). */
function reasoningItem(part: ReasoningPart): OpenAI.Responses.ResponseReasoningItem | undefined {
  if (part.source !== 'openai-responses' || !part.itemId || !part.encryptedContent) return undefined;
  return {
    type: 'reasoning',
    id: part.itemId,
    summary: part.text ? [{ type: 'summary_text', text: part.text }] : [],
    encrypted_content: part.encryptedContent,
  };
}
