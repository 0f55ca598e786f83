// Keeping the conversation inside the model's context window. Pure: history in, shorter history out.
// Order of sacrifice: first the bulk of old tool outputs (and of old tool-call arguments, e.g. whole files
// passed to write_file), replaced by a one-line note; then, if that is not enough, the oldest middle turns as
// whole assistant+user pairs. The first user message (the task) and the latest turns are never touched, and
// every tool_call keeps its tool_result. A notice in the first message tells the model what happened.
import { IMAGE_TOKEN_ESTIMATE } from '../mentions/images';
import { estimateTokens, type AssistantPart, type ChatMessage, type UserPart } from '../model/provider';

export interface ContextLimits {
  /** Shorten only when the history is estimated above this many tokens... */
  maxTokens: number;
  /** ...and then until it is at or below this many (headroom, so it does not happen again next turn). */
  targetTokens: number;
  /** The latest messages kept whole; the default keeps the last two turns. */
  keepRecentMessages?: number;
  /** Outputs and argument strings shorter than this are not worth shortening. */
  minShortenChars?: number;
}

export interface FitResult {
  messages: ChatMessage[];
  changed: boolean;
  /** Estimated tokens of `messages`. */
  tokens: number;
  /** Whether `messages` is now within `maxTokens`. */
  fits: boolean;
  shortenedOutputs: number;
  shortenedArguments: number;
  droppedTurns: number;
  /** For people, when anything changed. */
  notice?: string;
}

export const DEFAULT_KEEP_RECENT_MESSAGES = 4;
export const DEFAULT_MIN_SHORTEN_CHARS = 600;
/** Marks the notice part in the first message, so a later pass replaces it instead of stacking another. */
export const CONTEXT_NOTICE_PREFIX = '[Relay context note]';
const PART_OVERHEAD_TOKENS = 8;
const MESSAGE_OVERHEAD_TOKENS = 4;

export function estimateMessageTokens(message: ChatMessage): number {
  let total = MESSAGE_OVERHEAD_TOKENS;
  for (const part of message.content) total += estimatePartTokens(part);
  return total;
}

export function estimateHistoryTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}

function estimatePartTokens(part: UserPart | AssistantPart): number {
  switch (part.type) {
    case 'text':
      return estimateTokens(part.text);
    case 'tool_result':
      return PART_OVERHEAD_TOKENS + estimateTokens(part.content);
    case 'image':
      return PART_OVERHEAD_TOKENS + IMAGE_TOKEN_ESTIMATE;
    case 'tool_call':
      return PART_OVERHEAD_TOKENS + estimateTokens(part.name) + estimateTokens(JSON.stringify(part.args));
    case 'reasoning':
      // Only its own provider is sent it; counted all the same, so switching models never underestimates.
      return PART_OVERHEAD_TOKENS + estimateTokens(part.text);
  }
}

export function fitToContext(input: readonly ChatMessage[], limits: ContextLimits): FitResult {
  const keepRecent = Math.max(1, limits.keepRecentMessages ?? DEFAULT_KEEP_RECENT_MESSAGES);
  const minChars = limits.minShortenChars ?? DEFAULT_MIN_SHORTEN_CHARS;
  const before = estimateHistoryTokens(input);
  const unchanged = { messages: [...input], changed: false, tokens: before, shortenedOutputs: 0, shortenedArguments: 0, droppedTurns: 0 };
  if (before <= limits.maxTokens) return { ...unchanged, fits: true };

  const messages = [...input];
  let tokens = before;
  const overTarget = () => tokens > limits.targetTokens;
  const replace = (index: number, message: ChatMessage) => {
    tokens += estimateMessageTokens(message) - estimateMessageTokens(messages[index]!);
    messages[index] = message;
  };
  // Indexes 1 .. end-1 may change; index 0 is the task, the last `keepRecent` messages are the current work.
  const end = messages.length - keepRecent;
  const toolNames = toolNamesByCallId(messages);

  let shortenedOutputs = 0;
  for (let index = 1; index < end && overTarget(); index++) {
    const message = messages[index]!;
    if (message.role !== 'user') continue;
    let count = 0;
    const content = message.content.map((part) => {
      if (part.type !== 'tool_result' || part.content.length < minChars || !overTarget()) return part;
      count++;
      return { ...part, content: shortenedOutputNote(toolNames.get(part.callId) ?? 'a tool', part.content) };
    });
    if (count > 0) replace(index, { role: 'user', content });
    shortenedOutputs += count;
  }

  let shortenedArguments = 0;
  for (let index = 1; index < end && overTarget(); index++) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    let count = 0;
    const content = message.content.map((part) => {
      if (part.type !== 'tool_call') return part;
      const args = shortenLongStrings(part.args, minChars);
      if (args === part.args) return part;
      count++;
      return { ...part, args };
    });
    if (count > 0) replace(index, { role: 'assistant', content });
    shortenedArguments += count;
  }

  // Whole turns from the oldest on: an assistant message and the user message answering it go together.
  let droppedTurns = 0;
  let dropEnd = messages.length - keepRecent;
  while (overTarget() && dropEnd >= 3 && messages[1]?.role === 'assistant' && messages[2]?.role === 'user') {
    tokens -= estimateMessageTokens(messages[1]) + estimateMessageTokens(messages[2]);
    messages.splice(1, 2);
    dropEnd -= 2;
    droppedTurns++;
  }

  if (shortenedOutputs + shortenedArguments + droppedTurns === 0) return { ...unchanged, fits: false };
  const notice = describeShortening(messages, droppedTurns, input[0]);
  replace(0, withNotice(messages[0]!, notice));
  return {
    messages,
    changed: true,
    tokens,
    fits: tokens <= limits.maxTokens,
    shortenedOutputs,
    shortenedArguments,
    droppedTurns,
    notice,
  };
}

export function shortenedOutputNote(toolName: string, content: string): string {
  return `[output of ${toolName} shortened to save context: ${lineCount(content)} lines]`;
}

function shortenLongStrings(args: Record<string, unknown>, minChars: number): Record<string, unknown> {
  let changed = false;
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value.length < minChars) return value;
      changed = true;
      return `[shortened to save context: ${lineCount(value)} lines]`;
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, visit(inner)]));
    }
    return value;
  };
  const result = visit(args) as Record<string, unknown>;
  return changed ? result : args;
}

function toolNamesByCallId(messages: readonly ChatMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) if (part.type === 'tool_call') names.set(part.callId, part.name);
  }
  return names;
}

/** Counts what is shortened now, plus the turns removed by earlier passes (read back from the old notice). */
function describeShortening(messages: readonly ChatMessage[], droppedNow: number, original: ChatMessage | undefined): string {
  const previousDrops = original ? droppedTurnsIn(original) : 0;
  const dropped = previousDrops + droppedNow;
  let outputs = 0;
  for (const message of messages) {
    for (const part of message.content) {
      if (part.type === 'tool_result' && part.content.startsWith('[output of ') && part.content.includes(' shortened to save context:')) outputs++;
    }
  }
  const facts: string[] = [];
  if (outputs > 0) facts.push(`${outputs} older tool output(s) were replaced by a short note`);
  if (dropped > 0) facts.push(`${dropped} older turn(s) were removed`);
  if (facts.length === 0) facts.push('older tool-call arguments were shortened');
  return `${CONTEXT_NOTICE_PREFIX} To stay within the context window, ${facts.join(' and ')}. Read files again if you need their current content.`;
}

function droppedTurnsIn(message: ChatMessage): number {
  for (const part of message.content) {
    if (part.type !== 'text' || !part.text.startsWith(CONTEXT_NOTICE_PREFIX)) continue;
    const match = /(\d+) older turn\(s\) were removed/.exec(part.text);
    if (match) return Number(match[1]);
  }
  return 0;
}

function withNotice(message: ChatMessage, notice: string): ChatMessage {
  if (message.role !== 'user') return message;
  const content = message.content.filter((part) => !(part.type === 'text' && part.text.startsWith(CONTEXT_NOTICE_PREFIX)));
  return { role: 'user', content: [...content, { type: 'text', text: notice }] };
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}
