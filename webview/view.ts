// The panel's layout and the one place that turns pending changes into DOM work, once per frame.
import type { ChatStore, PendingRender } from './store';
import { Announcer } from './announcer';
import { Composer, type ComposerActions } from './render/composer';
import { HandoffBar, type HandoffActions } from './render/handoffs';
import { Header, type HeaderActions } from './render/header';
import { HistoryView, type HistoryActions } from './render/history';
import { MessageList, type MessageListActions } from './render/message-list';
import { WelcomeView, type WelcomeActions } from './render/welcome';
import { taskPhase } from '../src/shared/task-phase';
import { liveErrorId, openApprovalId, revertedCardIds } from '../src/shared/chat-attention';

export interface ChatViewActions {
  messages: MessageListActions;
  composer: ComposerActions;
  history: Omit<HistoryActions, 'close'>;
  header: Pick<HeaderActions, 'newTask' | 'reviewChanges'>;
  welcome: Pick<WelcomeActions, 'setUpProvider'>;
  handoffs: HandoffActions;
  listHistory(): void;
}

export class ChatView {
  readonly header: Header;
  readonly messages: MessageList;
  readonly history: HistoryView;
  readonly composer: Composer;
  readonly announcer: Announcer;
  readonly welcome: WelcomeView;
  readonly handoffs: HandoffBar;
  /** Whether the task was running at the last frame: its end scrolls to the newest item. */
  private wasRunning = false;

  constructor(
    root: HTMLElement,
    private readonly store: ChatStore,
    private readonly actions: ChatViewActions,
  ) {
    const doc = root.ownerDocument;
    this.header = new Header(doc, { newTask: actions.header.newTask, reviewChanges: actions.header.reviewChanges, toggleHistory: () => this.showHistory(!this.history.isOpen) });
    this.messages = new MessageList(doc, actions.messages);
    this.history = new HistoryView(doc, {
      ...actions.history,
      open: (id) => {
        this.showHistory(false);
        actions.history.open(id);
      },
      resume: (id) => {
        this.showHistory(false);
        actions.history.resume(id);
      },
      close: () => this.showHistory(false),
    });
    this.composer = new Composer(doc, actions.composer);
    this.welcome = new WelcomeView(doc, {
      setUpProvider: actions.welcome.setUpProvider,
      useExample: (text) => {
        this.composer.draft = text;
        this.composer.focus();
        actions.composer.draftChanged(text);
      },
    });
    this.messages.empty.replaceChildren(this.welcome.element);
    this.announcer = new Announcer(doc);
    this.handoffs = new HandoffBar(doc, actions.handoffs);
    root.classList.add('relay-app');
    root.replaceChildren(this.header.element, this.messages.element, this.history.element, this.handoffs.element, this.composer.element, this.announcer.element);
  }

  showHistory(open: boolean): void {
    if (open === this.history.isOpen) return;
    this.history.setOpen(open);
    this.messages.element.hidden = open;
    this.header.setHistoryOpen(open);
    if (open) {
      this.history.render(this.store.state.snapshot.history);
      this.actions.listHistory();
    } else {
      this.composer.focus();
    }
  }

  render(pending: PendingRender): void {
    const { state } = this.store;
    const snapshot = state.snapshot;
    if (pending.reset) {
      this.messages.reset(snapshot.items);
    } else {
      for (const id of pending.added) {
        const item = state.item(id);
        if (item) this.messages.add(item);
      }
      for (const id of pending.updated) {
        const item = state.item(id);
        if (item) this.messages.update(item);
      }
    }
    const itemsChanged = pending.reset || pending.added.length > 0 || pending.updated.size > 0;
    if (itemsChanged || pending.header) {
      this.messages.setLive([liveErrorId(snapshot), openApprovalId(snapshot)]);
      this.composer.setPhase(taskPhase(snapshot));
    }
    // Restores are rare: the cards' marks are worked out again only when a notice or a reset came.
    if (pending.reset || pending.added.some((id) => state.item(id)?.kind === 'notice')) this.messages.setReverted(revertedCardIds(snapshot.items));
    if (itemsChanged) this.messages.afterChange();
    if (itemsChanged || pending.header || pending.settings) {
      this.header.setStatus(this.store.initial, this.store.trusted, this.store.connected, taskPhase(snapshot), snapshot.settings.provider, snapshot.settings.turnModel);
    }
    if (pending.header) {
      this.header.setTask(snapshot.task);
      const running = snapshot.task?.running ?? false;
      this.composer.setRunning(running);
      // A turn that ended (or was stopped) shows its last word, below the fold as it may be.
      if (this.wasRunning && !running) this.messages.scrollToEnd();
      this.wasRunning = running;
    }
    if (pending.settings) this.composer.setSettings(snapshot.settings);
    if (pending.settings || pending.header || itemsChanged) this.handoffs.render(snapshot.settings, snapshot.task, snapshot.items.length > 0);
    if (pending.settings || pending.welcome) this.welcome.render(snapshot.settings, snapshot.welcome);
    if (pending.history && this.history.isOpen) this.history.render(snapshot.history);
  }
}
