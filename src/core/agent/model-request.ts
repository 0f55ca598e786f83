// What each model request is made of: the system prompt and tool specs (native, or Markdown in the prompt for
// models without tool calling), and the context budget left for the conversation once those and the reply
// are paid for.
import { estimateTokens, type ChatMessage, type ModelInfo, type ModelRequest, type ModelToolSpec } from '../model/provider';
import { type AnyTool, describeToolForModel, describeToolsMarkdown } from '../tools';
import type { ContextLimits } from './context-budget';
import { buildSystemPrompt, type SystemPromptInput } from './system-prompt';

export interface PreparedPrompt {
  system: string;
  /** Empty in text-protocol mode. */
  tools: ModelToolSpec[];
}

/** The estimate is rough (~4 characters a token): keep this share of the window free as a safety margin. */
const ESTIMATE_MARGIN = 0.1;
/** After shortening, aim this far below the limit so the next turns do not shorten again at once. */
const TARGET_SHARE = 0.75;

export async function preparePrompt(
  model: ModelInfo,
  tools: readonly AnyTool[],
  input: Omit<SystemPromptInput, 'toolsMarkdown'>,
): Promise<PreparedPrompt> {
  if (model.supportsNativeTools) {
    return { system: buildSystemPrompt(input), tools: await Promise.all(tools.map(describeToolForModel)) };
  }
  return { system: buildSystemPrompt({ ...input, toolsMarkdown: await describeToolsMarkdown(tools) }), tools: [] };
}

export function contextLimitsFor(model: ModelInfo, prompt: PreparedPrompt, maxOutputTokens: number): ContextLimits {
  const fixed = estimateTokens(prompt.system) + estimateTokens(JSON.stringify(prompt.tools));
  const maxTokens = Math.max(0, Math.floor(model.contextWindow * (1 - ESTIMATE_MARGIN)) - maxOutputTokens - fixed);
  return { maxTokens, targetTokens: Math.floor(maxTokens * TARGET_SHARE) };
}

export function buildRequest(
  prompt: PreparedPrompt,
  messages: readonly ChatMessage[],
  options: { maxOutputTokens: number; temperature?: number },
): ModelRequest {
  return {
    system: prompt.system,
    messages: [...messages],
    tools: prompt.tools,
    maxOutputTokens: options.maxOutputTokens,
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  };
}
