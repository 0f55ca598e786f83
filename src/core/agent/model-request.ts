// What each model request is made of: the system prompt and tool specs (native, or Markdown in the prompt for
// models without tool calling), and the context budget left for the conversation once those and the reply
// are paid for.
import { estimateTokens, type ChatMessage, type ModelInfo, type ModelRequest, type ModelToolSpec } from '../model/provider';
import { type AnyTool, describeOfferedTool, describeToolsMarkdown, NEW_TASK, withFreeformPatch } from '../tools';
import { FAMILY_PROFILES, type PromptFamily, reminderFor, type TurnEnding, turnEndingFor, withheldToolsFor } from '../prompts';
import type { ContextLimits } from './context-budget';
import { buildSystemPrompt, type SystemPromptInput } from './system-prompt';

export interface PreparedPrompt {
  system: string;
  /** Empty in text-protocol mode. */
  tools: ModelToolSpec[];
  /** The family's per-turn reminder (src/core/prompts/reminders.ts), added to the latest user message of each request. */
  reminder?: string;
}

/** The estimate is rough (~4 characters a token): keep this share of the window free as a safety margin. */
const ESTIMATE_MARGIN = 0.1;
/** After shortening, aim this far below the limit so the next turns do not shorten again at once. */
const TARGET_SHARE = 0.75;

/** How the model's family shapes its requests (src/core/prompts/families.ts). */
export interface ModelConduct {
  family: PromptFamily;
  ending: TurnEnding;
  /** Tools left out of the prompt (they still run when called). */
  withheld: ReadonlySet<string>;
}

export function conductOf(model: ModelInfo): ModelConduct {
  const family = model.promptFamily ?? 'default';
  return { family, ending: turnEndingFor(family, model.supportsNativeTools), withheld: withheldToolsFor(family, model.supportsNativeTools) };
}

/** The system prompt and the tools offered: the family's instructions and tool set. */
export async function preparePrompt(
  model: ModelInfo,
  tools: readonly AnyTool[],
  input: Omit<SystemPromptInput, 'toolsMarkdown' | 'family' | 'ending' | 'canChange'>,
): Promise<PreparedPrompt> {
  const { family, ending, withheld } = conductOf(model);
  const offered = tools.filter((tool) => !withheld.has(tool.name));
  // new_task only delegates: what the sub-agent may change is its own tools' business.
  const delegating = offered.some((tool) => tool.name === NEW_TASK);
  const base = { ...input, ...(delegating ? {} : { delegates: [] }), family, ending, canChange: offered.some((tool) => tool.kind !== 'readonly' && tool.name !== NEW_TASK) };
  if (model.supportsNativeTools) {
    const reminder = reminderFor(family, true);
    const specs = await Promise.all(offered.map((tool) => describeOfferedTool(tool, withheld)));
    // The families trained on the freeform patch get it where the provider has custom tools (the Responses API).
    const tools = FAMILY_PROFILES[family].patchForm === 'freeform' ? specs.map(withFreeformPatch) : specs;
    return { system: buildSystemPrompt(base), tools, ...(reminder ? { reminder } : {}) };
  }
  return { system: buildSystemPrompt({ ...base, toolsMarkdown: await describeToolsMarkdown(offered, { withheld }) }), tools: [] };
}

export function contextLimitsFor(model: ModelInfo, prompt: PreparedPrompt, maxOutputTokens: number): ContextLimits {
  const fixed = estimateTokens(prompt.system) + estimateTokens(JSON.stringify(prompt.tools)) + (prompt.reminder ? estimateTokens(prompt.reminder) : 0);
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
    messages: prompt.reminder ? withReminder(messages, prompt.reminder) : [...messages],
    tools: prompt.tools,
    maxOutputTokens: options.maxOutputTokens,
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  };
}

/**
 * The conversation with the reminder after the latest message the user (or a notice) wrote, not stored in the
 * history: the model sees it once, where its attention is, and the requests of one turn share their prefix.
 */
function withReminder(messages: readonly ChatMessage[], reminder: string): ChatMessage[] {
  const copy = [...messages];
  for (let i = copy.length - 1; i >= 0; i--) {
    const message = copy[i]!;
    if (message.role === 'user' && message.content.some((part) => part.type === 'text')) {
      copy[i] = { role: 'user', content: [...message.content, { type: 'text', text: reminder }] };
      break;
    }
  }
  return copy;
}
