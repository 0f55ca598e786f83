// The conversation as a model without native tool calling must see it: its earlier calls written back into
// its own text exactly as the text protocol has it write them (describe-markdown.ts, TEXT_CALL_INSTRUCTIONS),
// and each result as user text that names the tool and the call it answers.
 
import { TOOL_CALL_TAG } from '../tools/text-protocol';
import type { AssistantPart, ChatMessage, UserPart } from './provider';

export const TOOL_RESULT_TAG = 'tool_result';

/** A call as the model writes it: `<tool_call name="read_file">{"path":"a.ts"}</tool_call>`. */
export function renderToolCallText(name: string, args: Record<string, unknown>): string {
  return `<${TOOL_CALL_TAG} name="${name}">${JSON.stringify(args)}</${TOOL_CALL_TAG}>`;
}

/** A result for the model to read: the tool and call named, the content verbatim between the tags. */
export function renderToolResultText(name: string, callId: string, content: string, isError = false): string {
  const status = isError ? ' status="error"' : '';
  return `<${TOOL_RESULT_TAG} name="${name}" call_id="${callId}"${status}>\n${content}\n</${TOOL_RESULT_TAG}>`;
}

/** The same conversation with every tool_call and tool_result part turned into text parts. */
export function toTextProtocolMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const names = new Map<string, string>();
  return messages.map((message) => {
    if (message.role === 'assistant') {
      for (const part of message.content) if (part.type === 'tool_call') names.set(part.callId, part.name);
      return { role: 'assistant', content: [{ type: 'text', text: joinBlocks(message.content.map(assistantText)) }] };
    }
    const text = joinBlocks(message.content.map((part) => userText(part, names)));
    // Images stay parts of their own: the wrapped provider sends them as it would without the text protocol.
    const images = message.content.filter((part) => part.type === 'image');
    return { role: 'user', content: [{ type: 'text', text }, ...images] };
  });
}

function assistantText(part: AssistantPart): string {
  if (part.type === 'reasoning') return ''; // reasoning is never replayed as text
  return part.type === 'text' ? part.text : renderToolCallText(part.name, part.args);
}

function userText(part: UserPart, names: ReadonlyMap<string, string>): string {
  if (part.type === 'text') return part.text;
  if (part.type === 'image') return '';
  return renderToolResultText(names.get(part.callId) ?? 'unknown', part.callId, part.content, part.isError);
}

/** Pieces on their own lines, so a call never runs into the sentence before it. */
function joinBlocks(pieces: string[]): string {
  let out = '';
  for (const piece of pieces) {
    if (!piece) continue;
    out += out && !out.endsWith('\n') ? `\n${piece}` : piece;
  }
  return out;
}
