// What the task on screen is doing, as the header says it: working, waiting for an approval, stopped on an
// error, or ready. Pure and shared, so the webview derives it from the same snapshot the host keeps.
import type { ChatSnapshot } from './chat-model';

export type TaskPhase = 'ready' | 'working' | 'approval' | 'error';

export function taskPhase(snapshot: Pick<ChatSnapshot, 'task' | 'items'>): TaskPhase {
  const items = snapshot.items;
  if (snapshot.task?.running) {
    // Approvals are asked for the calls of the latest turn: scan back only until the user's last message.
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!;
      if (item.kind === 'tool' && item.status.state === 'awaiting_approval') return 'approval';
      if (item.kind === 'user') break;
    }
    return 'working';
  }
  return items[items.length - 1]?.kind === 'error' ? 'error' : 'ready';
}
