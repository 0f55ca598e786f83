// What the task on screen is doing, as the header says it: working, waiting for an approval, stopped on an
// error, or ready. Pure and shared, so the webview derives it from the same snapshot the host keeps.
import type { ChatSnapshot } from './chat-model';
import { openApprovalId, openQuestionId } from './chat-attention';

/** `question`: a question card waits for the person's answer, so Relay is not working meanwhile. */
export type TaskPhase = 'ready' | 'working' | 'approval' | 'question' | 'error';

export function taskPhase(snapshot: Pick<ChatSnapshot, 'task' | 'items'>): TaskPhase {
  const items = snapshot.items;
  if (snapshot.task?.running) {
    if (openApprovalId(snapshot) !== undefined) return 'approval';
    if (openQuestionId(snapshot) !== undefined) return 'question';
    return 'working';
  }
  return items[items.length - 1]?.kind === 'error' ? 'error' : 'ready';
}
