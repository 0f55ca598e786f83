// The neutral request (provider.ts) as an Anthropic Messages API request body.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ModelRequest, ModelToolSpec, ReasoningPart } from './provider';

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;
type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam;

/** The API rejects empty text blocks and empty messages; this stands in for a turn that said nothing. */
export const NO_CONTENT = '(no content)';

/** Cache everything up to here: the system prompt (which follows the tools) and the newest message. */
const CACHE_POINT = { type: 'ephemeral' } as const;

/** The smallest budget the API accepts for extended thinking. */
export const MIN_THINKING_BUDGET = 1024;

export function toAnthropicRequest(
  request: ModelRequest,
  model: string,
  maxTokens: number,
  thinkingBudget = 0,
): Anthropic.Messages.MessageCreateParamsStreaming {
  const body: Anthropic.Messages.MessageCreateParamsStreaming = {
    model,
    max_tokens: maxTokens,
    messages: markLastForCache(toAnthropicMessages(request.messages)),
    stream: true,
  };
  const thinking = thinkingConfig(thinkingBudget, maxTokens, body.messages);
  if (thinking) body.thinking = thinking;
  if (request.system.trim()) body.system = [{ type: 'text', text: request.system, cache_control: CACHE_POINT }];
  // An empty `tools` array is sent by nobody; leave the field out.
  if (request.tools.length > 0) body.tools = request.tools.map(toAnthropicToolParam);
  // `temperature` is not sent: the Messages API has deprecated it and the SDK no longer accepts it.
  return body;
}

/**
 * Extended thinking with the budget the user set (at least the API's minimum, below max_tokens), shown as a
 * summary. Left off when a tool-use turn is still open without a thinking block of its own (it came from
 * another provider or from before thinking was turned on): the API refuses thinking there, and the docs'
 * advice is to turn it off for that request.
 */
function thinkingConfig(budget: number, maxTokens: number, messages: readonly MessageParam[]): Anthropic.Messages.ThinkingConfigParam | undefined {
  if (budget <= 0 || maxTokens <= MIN_THINKING_BUDGET) return undefined;
  const lastAssistant = [...messages].reverse().find((m) => m.role === 'assistant');
  const blocks = lastAssistant && typeof lastAssistant.content !== 'string' ? lastAssistant.content : [];
  const openToolTurn = blocks.some((b) => b.type === 'tool_use') && messages[messages.length - 1]?.role === 'user';
  if (openToolTurn && blocks[0]?.type !== 'thinking' && blocks[0]?.type !== 'redacted_thinking') return undefined;
  const budgetTokens = Math.min(Math.max(budget, MIN_THINKING_BUDGET), maxTokens - 1);
  return { type: 'enabled', budget_tokens: budgetTokens, display: 'summarized' };
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
        } else if (part.type === 'tool_call') content.push({ type: 'tool_use', id: part.callId, name: part.name, input: part.args });
        else {
          const thinking = thinkingBlock(part);
          if (thinking) content.push(thinking);
        }
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
      } else if (part.type === 'image') {
        texts.push({ type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data } });
      } else if (part.text) texts.push({ type: 'text', text: part.text });
    }
    return { role: 'user', content: orPlaceholder([...results, ...texts]) };
  });
}

/** Claude's own thinking goes back unchanged, signature and all; anyone else's reasoning is not ours to send. */
function thinkingBlock(part: ReasoningPart): ContentBlockParam | undefined {
  if (part.source !== 'anthropic' || !part.signature) return undefined;
  if (part.redacted) return { type: 'redacted_thinking', data: part.signature };
  return { type: 'thinking', thinking: part.text, signature: part.signature };
}

function orPlaceholder(content: ContentBlockParam[]): ContentBlockParam[] {
  return content.length > 0 ? content : [{ type: 'text', text: NO_CONTENT }];
}

/** Marks the newest block so the next turn reads the whole conversation so far from the prompt cache. */
function markLastForCache(messages: MessageParam[]): MessageParam[] {
  const last = messages[messages.length - 1];
  if (!last || typeof last.content === 'string') return messages;
  // Every block this module builds but thinking accepts a cache point; a user message (the usual last) has none.
  const blocks = last.content as ContentBlockParam[];
  const lastBlock = blocks[blocks.length - 1];
  if (!lastBlock || lastBlock.type === 'thinking' || lastBlock.type === 'redacted_thinking') return messages;
  const marked = { ...blocks[blocks.length - 1], cache_control: CACHE_POINT } as ContentBlockParam;
  return [...messages.slice(0, -1), { ...last, content: [...blocks.slice(0, -1), marked] } as MessageParam];
}
