// Condensing: when the history nears the context window (or the user asks), the model writes a structured
// summary of the older turns (condense-prompt.ts), which replaces them; the latest turns stay verbatim. The
// cut is always just before an assistant message, so every tool_call keeps its tool_result (they sit in that
// assistant message and the user message after it). Pure apart from the one model call.
import type { Usage } from '../model/events';
import type { ChatMessage, ModelProvider, ModelRequest } from '../model/provider';
import { CONDENSE_INSTRUCTION, summaryMessageText } from './condense-prompt';
import { TurnUsage } from './usage';

/** The latest messages kept verbatim: the last two turns (assistant + user each). */
export const DEFAULT_CONDENSE_KEEP_MESSAGES = 4;
/** The summary's own budget. */
export const CONDENSE_MAX_OUTPUT_TOKENS = 4096;

export interface CondenseSplit {
  older: ChatMessage[];
  recent: ChatMessage[];
}

/**
 * Where to cut: the older part ends with a user message and holds at least one full turn, the recent part
 * starts with an assistant message and holds at least `keepRecent` messages when the history has them.
 * Undefined when there is nothing worth condensing.
 */
export function splitForCondense(history: readonly ChatMessage[], keepRecent = DEFAULT_CONDENSE_KEEP_MESSAGES): CondenseSplit | undefined {
  for (let cut = history.length - Math.max(1, keepRecent); cut >= 2; cut--) {
    if (history[cut]?.role === 'assistant' && history[cut - 1]?.role === 'user') {
      return { older: history.slice(0, cut), recent: history.slice(cut) };
    }
  }
  return undefined;
}

/** The history after condensing: the summary as the first user message, then the recent turns as they were. */
export function condensedHistory(summary: string, recent: readonly ChatMessage[], hookContext?: string): ChatMessage[] {
  const context = hookContext ? [{ type: 'text' as const, text: `<hook_context>\n${hookContext}\n</hook_context>` }] : [];
  return [{ role: 'user', content: [{ type: 'text', text: summaryMessageText(summary) }, ...context] }, ...recent];
}

/** The summary request: the older turns with the instruction added to their last (user) message. */
export function summaryRequest(base: Pick<ModelRequest, 'system' | 'tools'>, older: readonly ChatMessage[]): ModelRequest {
  const messages = [...older];
  const last = messages[messages.length - 1];
  if (last?.role === 'user') messages[messages.length - 1] = { role: 'user', content: [...last.content, { type: 'text', text: CONDENSE_INSTRUCTION }] };
  else messages.push({ role: 'user', content: [{ type: 'text', text: CONDENSE_INSTRUCTION }] });
  // The tools stay described: providers refuse a history with tool calls but no tools; the prompt says not to call any.
  return { system: base.system, tools: base.tools, messages, maxOutputTokens: CONDENSE_MAX_OUTPUT_TOKENS };
}

export interface SummaryResult {
  summary: string;
  usage?: Usage;
}

/** Asks the model for the summary; throws with the reason when there is none (an error, or no text). */
export async function requestSummary(provider: ModelProvider, request: ModelRequest, signal: AbortSignal): Promise<SummaryResult> {
  let text = '';
  const usage = new TurnUsage();
  for await (const event of provider.stream(request, signal)) {
    switch (event.type) {
      case 'text_delta':
        text += event.text;
        break;
      case 'restart':
        text = '';
        break;
      case 'usage':
        usage.add(event.usage);
        break;
      case 'error':
        throw new Error(event.error.message);
      default:
        break;
    }
  }
  if (signal.aborted) throw new Error('cancelled');
  if (!text.trim()) throw new Error('the model returned no summary');
  return { summary: text.trim(), ...(usage.value ? { usage: usage.value } : {}) };
}
