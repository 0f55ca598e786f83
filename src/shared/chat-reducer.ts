// Applies ChatDeltas to a ChatSnapshot. The host keeps its copy with it (to answer `ready` with a full `init`)
// and the webview keeps its own with the same code, so both sides agree on what a delta means.
// Pure: no vscode, no DOM. It updates the snapshot in place through an id index, because copying the item
// array on every delta would make each streamed token cost O(conversation length). Item objects themselves
// are never mutated (a changed item is a new object), so a delta still queued for sending never changes.
import type { ChatDelta, ChatItem, ChatSnapshot, ProcessCard, SessionSettings, ToolCardStatus } from './chat-model';

/** What one delta changed, so a view can touch only that. */
export type ChatChange =
  | { type: 'reset' }
  | { type: 'itemAdded'; item: ChatItem }
  | { type: 'itemUpdated'; item: ChatItem; previous: ChatItem }
  | { type: 'task' }
  | { type: 'history' }
  | { type: 'settings' }
  | { type: 'welcome' }
  | { type: 'trust'; trusted: boolean }
  | { type: 'process'; id: string };

export const DEFAULT_SETTINGS: SessionSettings = { mode: 'default', model: undefined };

export function emptySnapshot(): ChatSnapshot {
  return { task: undefined, items: [], settings: { ...DEFAULT_SETTINGS } };
}

export class ChatState {
  private current: ChatSnapshot;
  /** item id → position in `items`. */
  private readonly positions = new Map<string, number>();
  /** tool callId → id of the item that shows it. */
  private readonly toolItems = new Map<string, string>();

  constructor(initial: ChatSnapshot = emptySnapshot()) {
    this.current = emptySnapshot();
    this.replace(initial);
  }

  /** The live snapshot: read it, never change it (apply a delta instead). */
  get snapshot(): ChatSnapshot {
    return this.current;
  }

  /** Starts over from a whole snapshot (an `init`, a restore). */
  replace(snapshot: ChatSnapshot): void {
    this.current = {
      task: snapshot.task,
      items: [],
      settings: snapshot.settings ?? { ...DEFAULT_SETTINGS },
      ...(snapshot.history ? { history: snapshot.history } : {}),
      ...(snapshot.welcome ? { welcome: snapshot.welcome } : {}),
      ...(snapshot.processes ? { processes: { ...snapshot.processes } } : {}),
    };
    this.resetItems(snapshot.items ?? []);
  }

  process(id: string): ProcessCard | undefined {
    return this.current.processes?.[id];
  }

  item(id: string): ChatItem | undefined {
    const at = this.positions.get(id);
    return at === undefined ? undefined : this.current.items[at];
  }

  /** Returns what changed, or undefined when the delta changed nothing (an id no item holds, say). */
  apply(delta: ChatDelta): ChatChange | undefined {
    switch (delta.type) {
      case 'reset':
        this.current.task = delta.task;
        this.resetItems(delta.items);
        return { type: 'reset' };
      case 'itemAdded':
        return this.addItem(delta.item);
      case 'textDelta':
        return this.appendText(delta.id, delta.text, 'assistant');
      case 'thinkingDelta':
        return this.appendText(delta.id, delta.text, 'thinking');
      case 'itemDone':
        return this.finishItem(delta.id);
      case 'toolStatus':
        return this.updateTool(delta.status);
      case 'checkpoint':
        return this.markCheckpoint(delta.itemId, delta.checkpointId);
      case 'task':
        this.current.task = delta.task;
        return { type: 'task' };
      case 'history':
        this.current.history = delta.tasks;
        return { type: 'history' };
      case 'settings':
        this.current.settings = delta.settings;
        return { type: 'settings' };
      case 'welcome':
        this.current.welcome = delta.welcome;
        return { type: 'welcome' };
      case 'trustChanged':
        return { type: 'trust', trusted: delta.trusted };
      case 'process':
        // Processes outlive a task's items: a `reset` (another task opened) keeps them.
        this.current.processes = { ...this.current.processes, [delta.process.id]: delta.process };
        return { type: 'process', id: delta.process.id };
      default:
        return undefined;
    }
  }

  private resetItems(items: readonly ChatItem[]): void {
    this.current.items = [];
    this.positions.clear();
    this.toolItems.clear();
    for (const item of items) this.addItem(item);
  }

  private addItem(item: ChatItem): ChatChange {
    // A tool call already shown (its status arrived first) keeps its place under the item's own id.
    const existingId = this.positions.has(item.id) ? item.id : item.kind === 'tool' ? this.toolItems.get(item.status.callId) : undefined;
    if (existingId !== undefined) return this.replaceItem(existingId, item);
    this.positions.set(item.id, this.current.items.length);
    this.current.items.push(item);
    if (item.kind === 'tool') this.toolItems.set(item.status.callId, item.id);
    return { type: 'itemAdded', item };
  }

  private replaceItem(id: string, item: ChatItem): ChatChange {
    const at = this.positions.get(id)!;
    const previous = this.current.items[at]!;
    this.current.items[at] = item;
    if (previous.id !== item.id) {
      this.positions.delete(previous.id);
      this.positions.set(item.id, at);
    }
    if (previous.kind === 'tool') this.toolItems.delete(previous.status.callId);
    if (item.kind === 'tool') this.toolItems.set(item.status.callId, item.id);
    return { type: 'itemUpdated', item, previous };
  }

  private appendText(id: string, text: string, kind: 'assistant' | 'thinking'): ChatChange | undefined {
    const item = this.item(id);
    if (item?.kind !== kind || text === '') return undefined;
    return this.replaceItem(id, { ...item, text: item.text + text });
  }

  private finishItem(id: string): ChatChange | undefined {
    const item = this.item(id);
    if ((item?.kind !== 'assistant' && item?.kind !== 'thinking') || !item.streaming) return undefined;
    return this.replaceItem(id, { ...item, streaming: false });
  }

  private updateTool(status: ToolCardStatus): ChatChange {
    const id = this.toolItems.get(status.callId);
    if (id === undefined) return this.addItem({ kind: 'tool', id: status.callId, status });
    const previous = this.item(id);
    return this.replaceItem(id, previous?.kind === 'tool' ? { ...previous, status } : { kind: 'tool', id, status });
  }

  private markCheckpoint(id: string, checkpointId: string): ChatChange | undefined {
    const item = this.item(id);
    if (item?.kind !== 'user' && item?.kind !== 'tool' && item?.kind !== 'notice') return undefined;
    return this.replaceItem(id, { ...item, checkpointId });
  }
}
