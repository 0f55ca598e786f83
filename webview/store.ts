// The webview's copy of the chat: the shared reducer's state plus what the host said about itself, and the
// list of what changed since the last frame was drawn (so a frame redraws each changed item once, however many
// deltas touched it).
import type { ChatDelta, ChatItem, ChatSnapshot } from '../src/shared/chat-model';
import { ChatState, type ChatChange } from '../src/shared/chat-reducer';
import type { InitialState } from '../src/shared/protocol';

export interface PendingRender {
  /** Rebuild the conversation from the state (init, restore, reset). */
  reset: boolean;
  /** Ids of items to append, in order. */
  added: string[];
  /** Ids of items to redraw. */
  updated: Set<string>;
  header: boolean;
  settings: boolean;
  history: boolean;
  welcome: boolean;
}

function nothingPending(): PendingRender {
  return { reset: false, added: [], updated: new Set(), header: false, settings: false, history: false, welcome: false };
}

function everythingPending(): PendingRender {
  return { reset: true, added: [], updated: new Set(), header: true, settings: true, history: true, welcome: true };
}

export class ChatStore {
  readonly state = new ChatState();
  initial: InitialState | undefined;
  trusted = true;
  /** True once the host's `init` arrived: only then do batches apply (they build on the host's snapshot). */
  connected = false;
  private pending = nothingPending();

  /** Draws what was saved before the webview was hidden or reloaded, until the host's snapshot arrives. */
  restore(snapshot: ChatSnapshot, initial: InitialState | undefined): void {
    this.state.replace(snapshot);
    this.initial = initial;
    this.trusted = initial?.trusted ?? true;
    this.pending = everythingPending();
  }

  init(initial: InitialState, snapshot: ChatSnapshot): void {
    this.state.replace(snapshot);
    this.initial = initial;
    this.trusted = initial.trusted;
    this.connected = true;
    this.pending = everythingPending();
  }

  applyBatch(deltas: readonly ChatDelta[]): ChatChange[] {
    if (!this.connected) return [];
    const changes: ChatChange[] = [];
    for (const delta of deltas) {
      const change = this.state.apply(delta);
      if (!change) continue;
      changes.push(change);
      this.note(change);
    }
    return changes;
  }

  get hasPending(): boolean {
    const p = this.pending;
    return p.reset || p.added.length > 0 || p.updated.size > 0 || p.header || p.settings || p.history || p.welcome;
  }

  takePending(): PendingRender {
    const taken = this.pending;
    this.pending = nothingPending();
    return taken;
  }

  private note(change: ChatChange): void {
    const p = this.pending;
    switch (change.type) {
      case 'reset':
        p.reset = true;
        p.header = true;
        p.added = [];
        p.updated.clear();
        break;
      case 'itemAdded':
        if (!p.reset) p.added.push(change.item.id);
        // The header says when a task waits for an approval or stopped on an error.
        if (change.item.kind === 'error' || awaitsApproval(change.item)) p.header = true;
        break;
      case 'itemUpdated':
        if (awaitsApproval(change.item) !== awaitsApproval(change.previous)) p.header = true;
        // An item that took another's place under a new id (a tool call first seen by its status) is rare:
        // rebuilding is simpler than re-keying.
        if (change.previous.id !== change.item.id) p.reset = true;
        else if (!p.reset) p.updated.add(change.item.id);
        break;
      case 'task':
        p.header = true;
        break;
      case 'trust':
        this.trusted = change.trusted;
        p.header = true;
        break;
      case 'settings':
        p.settings = true;
        break;
      case 'history':
        p.history = true;
        break;
      case 'welcome':
        p.welcome = true;
        break;
      case 'process':
        // Redraw the cards of the calls that started it.
        if (p.reset) break;
        for (const item of this.state.snapshot.items) if (item.kind === 'tool' && item.status.processId === change.id) p.updated.add(item.id);
        break;
    }
  }
}

function awaitsApproval(item: ChatItem): boolean {
  return item.kind === 'tool' && item.status.state === 'awaiting_approval';
}
