// The model history's invariants (provider.ts): user and assistant alternate, starting with user, and every
// assistant tool_call is answered by a tool_result with its callId in the very next user message. Every
// change the loop makes goes through these helpers so the invariants hold whatever ends a turn.
import type { AssistantPart, ChatMessage, UserPart } from '../model/provider';

/** Said to the model where the user stopped the task, so a later message makes sense in context. */
export const CANCEL_NOTE = '[The user cancelled the task at this point.]';

/** The result given to a call that never got one because the window closed or reloaded while it ran. */
export const INTERRUPTED_RESULT =
  'This call was interrupted (VS Code closed or reloaded) before it reported a result; its effect is unknown. Check before relying on it.';

/** Adds user parts, joining them to the last message when that is already a user message. */
export function appendUserParts(history: ChatMessage[], parts: readonly UserPart[]): void {
  if (parts.length === 0) return;
  const last = history[history.length - 1];
  if (last?.role === 'user') history[history.length - 1] = { role: 'user', content: [...last.content, ...parts] };
  else history.push({ role: 'user', content: [...parts] });
}

/** Adds an assistant message; an empty one is left out (the APIs refuse it). */
export function appendAssistant(history: ChatMessage[], parts: readonly AssistantPart[]): void {
  if (parts.length === 0) return;
  const last = history[history.length - 1];
  if (last?.role === 'assistant') history[history.length - 1] = { role: 'assistant', content: [...last.content, ...parts] };
  else history.push({ role: 'assistant', content: [...parts] });
}

/** The tool calls of an assistant message, in order. */
export function toolCallsOf(message: ChatMessage | undefined): Extract<AssistantPart, { type: 'tool_call' }>[] {
  if (message?.role !== 'assistant') return [];
  return message.content.filter((part): part is Extract<AssistantPart, { type: 'tool_call' }> => part.type === 'tool_call');
}

/**
 * Makes a stored history safe to send again: a tool_call without its result (the window reloaded mid-call)
 * gets `resultText` as an error result, results nobody asked for are dropped, and results move ahead of the
 * user's text in their message, as the APIs expect. Returns a new array; the input is not changed.
 */
export function repairHistory(messages: readonly ChatMessage[], resultText = INTERRUPTED_RESULT): ChatMessage[] {
  const repaired: ChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === 'assistant') {
      appendAssistant(repaired, message.content);
      const calls = toolCallsOf(message);
      if (calls.length === 0) continue;
      const next = messages[index + 1];
      const answered = next?.role === 'user' ? next.content : [];
      const results: UserPart[] = calls.map(
        (call) =>
          answered.find((part) => part.type === 'tool_result' && part.callId === call.callId) ?? {
            type: 'tool_result',
            callId: call.callId,
            content: resultText,
            isError: true,
          },
      );
      const rest = answered.filter((part) => part.type !== 'tool_result');
      appendUserParts(repaired, [...results, ...rest]);
      if (next?.role === 'user') index++;
      continue;
    }
    appendUserParts(
      repaired,
      message.content.filter((part) => part.type !== 'tool_result'),
    );
  }
  return repaired;
}

/** The first line of the first user text, for a task's title. */
export function titleFrom(text: string, maxLength = 80): string {
  const line = text.trim().split('\n', 1)[0]!.trim();
  if (line === '') return 'New task';
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}
