// The neutral request (provider.ts) as an Anthropic Messages API request body.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ModelRequest, ModelToolSpec } from './provider';

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;
type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam;

/** The API rejects empty text blocks and empty messages; this stands in for a turn that said nothing. */
export const NO_CONTENT = '(no content)';

/** Cache everything up to here: the system prompt (which follows the tools) and the newest message. */
const CACHE_POINT = { type: 'ephemeral' } as const;

export function toAnthropicRequest(
  request: ModelRequest,
  model: string,
  maxTokens: number,
): Anthropic.Messages.MessageCreateParamsStreaming {
  const body: Anthropic.Messages.MessageCreateParamsStreaming = {
    model,
    max_tokens: maxTokens,
    messages: markLastForCache(toAnthropicMessages(request.messages)),
    stream: true,
  };
  if (request.system.trim()) body.system = [{ type: 'text', text: request.system, cache_control: CACHE_POINT }];
  // An empty `tools` array is sent by nobody; leave the field out.
  if (request.tools.length > 0) body.tools = request.tools.map(toAnthropicToolParam);
  // `temperature` is not sent: the Messages API has deprecated it and the SDK no longer accepts it.
  return body;
}

export function toAnthropicToolParam(spec: ModelToolSpec): Anthropic.Messages.Tool {
  return {
    name: spec.name,
    description: spec.description,
    input_schema: { ...spec.inputSchema, type: 'object' } as Anthropic.Messages.Tool.InputSchema,
  };
}

export function toAnthropicMessages(messages: readonly ChatMessage[]): MessageParam[] {
  return messages.map((message) => {
    if (message.role === 'assistant') {
      const content: ContentBlockParam[] = [];
      for (const part of message.content) {
        if (part.type === 'text') {
          if (part.text) content.push({ type: 'text', text: part.text });
        } else content.push({ type: 'tool_use', id: part.callId, name: part.name, input: part.args });
      }
      return { role: 'assistant', content: orPlaceholder(content) };
    }
    // The API wants tool results first in the message that answers a tool_use turn, text after them.
    const results: ToolResultBlockParam[] = [];
    const texts: ContentBlockParam[] = [];
    for (const part of message.content) {
      if (part.type === 'tool_result') {
        const result: ToolResultBlockParam = { type: 'tool_result', tool_use_id: part.callId, content: part.content || NO_CONTENT };
        if (part.isError) result.is_error = true;
        results.push(result);
      } else if (part.text) texts.push({ type: 'text', text: part.text });
    }
    return { role: 'user', content: orPlaceholder([...results, ...texts]) };
  });
}

function orPlaceholder(content: ContentBlockParam[]): ContentBlockParam[] {
  return content.length > 0 ? content : [{ type: 'text', text: NO_CONTENT }];
}

/** Marks the newest block so the next turn reads the whole conversation so far from the prompt cache. */
function markLastForCache(messages: MessageParam[]): MessageParam[] {
  const last = messages[messages.length - 1];
  if (!last || typeof last.content === 'string') return messages;
  // Every block this module builds (text, tool_use, tool_result) accepts a cache point.
  const blocks = last.content as ContentBlockParam[];
  const marked = { ...blocks[blocks.length - 1], cache_control: CACHE_POINT } as ContentBlockParam;
  return [...messages.slice(0, -1), { ...last, content: [...blocks.slice(0, -1), marked] } as MessageParam];
}
