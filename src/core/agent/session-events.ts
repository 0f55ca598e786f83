// A session's events on their way out: every listener in order (one that throws is logged and skipped), and the
// chat transcript the events draw (chat-deltas.ts), kept for a `reset` when the task is shown and for its record.
import { ChatState, emptySnapshot } from '../../shared/chat-reducer';
import type { ChatItem, TaskView } from '../../shared/chat-model';
import type { ToolLogger } from '../tools';
import { toChatDeltas } from './chat-deltas';
import type { AgentEvent, AgentEventListener } from './events';

export class SessionEvents {
  private readonly listeners = new Set<AgentEventListener>();
  private readonly chat: ChatState;

  /** `items`: the transcript so far (a reopened task's). */
  constructor(
    items: ChatItem[],
    private readonly logger: ToolLogger,
  ) {
    this.chat = new ChatState({ ...emptySnapshot(), items });
  }

  /** The chat as drawn. */
  get transcript(): ChatItem[] {
    return [...this.chat.snapshot.items];
  }

  onEvent(listener: AgentEventListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** `view`: the task as the chat header shows it, now. */
  emit(event: AgentEvent, view: TaskView): void {
    for (const delta of toChatDeltas(event, view)) this.chat.apply(delta);
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.warn('An agent event listener threw', error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
