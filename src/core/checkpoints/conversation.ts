// "Restore files and conversation to here": the model history as it stood at a chat item. The session records
// an anchor for each restorable item (the history's length and its last message's part count at that moment),
// so the cut needs no guessing from the transcript. A card's anchor is taken before its turn's assistant
// message (anchorBeforeCall): the cut keeps that message's calls made before the card, with their results,
// and drops the card's call and everything after it.
import type { ChatMessage } from '../model/provider';
import type { ChatItem } from '../../shared/chat-model';

export interface HistoryAnchor {
  /** Messages in the history then. */
  messages: number;
  /** Parts of the last of them then (user text may be joined to a user message later). */
  parts: number;
  /** The history's generation: compaction replaces it and makes older anchors meaningless. */
  epoch: number;
}

/** A chat item that can be restored to: its anchor, and the checkpoint of the files at that moment. */
export interface RestorePoint {
  itemId: string;
  anchor: HistoryAnchor;
  /** The tool call of a card, whose sibling calls in the same turn are kept. */
  callId?: string;
  checkpointId?: string;
}

export function anchorOf(history: readonly ChatMessage[], epoch: number): HistoryAnchor {
  return { messages: history.length, parts: history[history.length - 1]?.content.length ?? 0, epoch };
}

/** A call's anchor: before the assistant message that made it (already in the history while its calls run). */
export function anchorBeforeCall(history: readonly ChatMessage[], callId: string, epoch: number): HistoryAnchor {
  const last = history[history.length - 1];
  const made = last?.role === 'assistant' && last.content.some((part) => part.type === 'tool_call' && part.callId === callId);
  return anchorOf(made ? history.slice(0, -1) : history, epoch);
}

/** The history as it was at `point`; undefined when the anchor no longer fits it (compacted since). */
export function historyAt(history: readonly ChatMessage[], point: RestorePoint, epoch: number): ChatMessage[] | undefined {
  const { anchor } = point;
  if (anchor.epoch !== epoch || anchor.messages > history.length) return undefined;
  const cut = history.slice(0, anchor.messages).map((message) => ({ ...message, content: [...message.content] }) as ChatMessage);
  const last = cut[cut.length - 1];
  if (last) {
    if (anchor.parts > last.content.length) return undefined;
    last.content.length = anchor.parts;
    if (anchor.parts === 0) cut.pop();
  }
  if (point.callId === undefined) return cut;

  const turn = history[anchor.messages];
  if (turn?.role !== 'assistant') return cut;
  const index = turn.content.findIndex((part) => part.type === 'tool_call' && part.callId === point.callId);
  if (index < 0) return cut;
  const kept = turn.content.slice(0, index);
  if (kept.length === 0) return cut;
  cut.push({ role: 'assistant', content: kept });
  const keptCalls = new Set(kept.flatMap((part) => (part.type === 'tool_call' ? [part.callId] : [])));
  const answers = history[anchor.messages + 1];
  const results = answers?.role === 'user' ? answers.content.filter((part) => part.type === 'tool_result' && keptCalls.has(part.callId)) : [];
  if (results.length > 0) cut.push({ role: 'user', content: results });
  return cut;
}

/** The transcript before `itemId` (the item itself and everything after it go); undefined when it is not there. */
export function transcriptBefore(items: readonly ChatItem[], itemId: string): ChatItem[] | undefined {
  const index = items.findIndex((item) => item.id === itemId);
  return index < 0 ? undefined : items.slice(0, index);
}

/** What the model reads on its next turn after files were restored. */
export function restoredFilesNote(changes: readonly { path: string; deleted: boolean }[], show: (path: string) => string, conflictsKept: readonly string[]): string {
  const lines = ['[The user restored files to an earlier checkpoint. Read them again before relying on what you saw before.]'];
  const restored = changes.filter((c) => !c.deleted).map((c) => show(c.path));
  const deleted = changes.filter((c) => c.deleted).map((c) => show(c.path));
  if (restored.length > 0) lines.push(`Restored: ${restored.join(', ')}`);
  if (deleted.length > 0) lines.push(`Deleted (they did not exist then): ${deleted.join(', ')}`);
  if (conflictsKept.length > 0) lines.push(`Kept as the user had changed them: ${conflictsKept.map(show).join(', ')}`);
  return lines.join('\n');
}
