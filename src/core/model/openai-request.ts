// The neutral request (provider.ts) as an OpenAI Chat Completions request body, which every
// OpenAI-compatible server (Ollama, LM Studio, vLLM, OpenRouter) also accepts.
import type OpenAI from 'openai';
import type { ReasoningEffort } from './openai-responses-request';
import type { ChatMessage, ModelRequest, ModelToolSpec } from './provider';

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export interface OpenAIRequestOptions {
  model: string;
  maxTokens: number;
  /**
   * OpenAI itself wants `max_completion_tokens` (its reasoning models refuse `max_tokens`); compatible
   * servers widely understand only the older `max_tokens`.
   */
  tokenLimitField: 'max_completion_tokens' | 'max_tokens';
  /** For reasoning models that take it (OpenAI's o-series and GPT-5 family on Chat Completions). */
  reasoningEffort?: ReasoningEffort;
}

export function toOpenAIRequest(
  request: ModelRequest,
  options: OpenAIRequestOptions,
): OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming {
  const messages: MessageParam[] = [];
  if (request.system.trim()) messages.push({ role: 'system', content: request.system });
  messages.push(...toOpenAIMessages(request.messages));
  const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    [options.tokenLimitField]: options.maxTokens,
  };
  // The API rejects an empty tools array ("[] is too short - 'tools'").
  if (request.tools.length > 0) body.tools = request.tools.map(toOpenAIToolParam);
  if (options.reasoningEffort) body.reasoning_effort = options.reasoningEffort;
  else if (request.temperature !== undefined) body.temperature = request.temperature;
  return body;
}

export function toOpenAIToolParam(spec: ModelToolSpec): OpenAI.Chat.Completions.ChatCompletionTool {
  return { type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.inputSchema } };
}

export function toOpenAIMessages(messages: readonly ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      // Reasoning parts stay out: Chat Completions takes no reasoning back, and it is never sent as text.
      const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      const calls: OpenAI.Chat.Completions.ChatCompletionMessageToolCall[] = [];
      for (const part of message.content) {
        if (part.type !== 'tool_call') continue;
        calls.push({ id: part.callId, type: 'function', function: { name: part.name, arguments: JSON.stringify(part.args) } });
      }
      const assistant: OpenAI.Chat.Completions.ChatCompletionAssistantMessageParam = {
        role: 'assistant',
        content: text || (calls.length > 0 ? null : ''),
      };
      if (calls.length > 0) assistant.tool_calls = calls;
      out.push(assistant);
      continue;
    }
    // role:"tool" messages must directly follow the assistant message that made the calls, so they come
    // before any text the user message also carries.
    const texts: string[] = [];
    const images: OpenAI.Chat.Completions.ChatCompletionContentPartImage[] = [];
    for (const part of message.content) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'image') images.push({ type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.data}` } });
      else {
        // Chat Completions has no error flag on tool results; say it in the content.
        const content = part.isError ? `Error: ${part.content}` : part.content;
        out.push({ role: 'tool', tool_call_id: part.callId, content });
      }
    }
    const text = texts.join('\n');
    // Plain string content when there is no image: what every compatible server understands.
    if (images.length > 0) out.push({ role: 'user', content: [...(text ? [{ type: 'text' as const, text }] : []), ...images] });
    else if (text) out.push({ role: 'user', content: text });
  }
  return out;
}
