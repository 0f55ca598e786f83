// The conversation's non-tool items. Each view keeps its element and redraws only itself on update.
import { formatCount } from '../../src/shared/format-numbers';
import type { ChatItem, SetupStep } from '../../src/shared/chat-model';
import { button, h } from '../dom';
import { attachmentRow } from './attachment-chips';
import { icon } from '../icons';
import { renderMarkdown, type MarkdownActions } from './markdown';
import { ToolCardView } from './tool-card';
import type { BlockActions } from './blocks';
import { t } from '../strings';

/** The tool that ends a task with its answer (src/core/tools/system-tools.ts ATTEMPT_COMPLETION). */
const ATTEMPT_COMPLETION = 'attempt_completion';

export interface ItemActions extends BlockActions, MarkdownActions {
  retry(itemId: string): void;
  /** An error's fix: runs that step of "Relay: Set Up Provider". */
  setUpProvider(step: SetupStep): void;
  /** "Restore files to here" (conversation false) or "Restore files and conversation to here". */
  restore(itemId: string, conversation: boolean): void;
}

export interface ItemView {
  readonly element: HTMLElement;
  update(item: ChatItem): void;
  /** Draws in full a view created deferred (its chunk is being shown). */
  materialize?(): void;
  /**
   * Whether the item still asks something of the person (src/shared/chat-attention.ts): an error banner whose
   * attempt is the latest, a card whose approval question is open.
   */
  setLive?(live: boolean): void;
  /** A restore took back this card's file changes (src/shared/chat-attention.ts `revertedCardIds`). */
  setReverted?(reverted: boolean): void;
}

/** `deferred`: the item starts off screen, so expensive drawing (markdown) may wait for `materialize`. */
export function createItemView(doc: Document, item: ChatItem, actions: ItemActions, deferred = false): ItemView {
  const view = buildView(doc, item, actions, deferred);
  view.element.classList.add('chat-item');
  view.element.dataset.itemId = item.id;
  return view;
}

function buildView(doc: Document, item: ChatItem, actions: ItemActions, deferred: boolean): ItemView {
  switch (item.kind) {
    case 'user':
      return new UserMessageView(doc, item, actions);
    case 'assistant':
      return new AssistantMessageView(doc, item, actions, deferred);
    case 'thinking':
      return new ThinkingView(doc, item);
    case 'tool':
      return new ToolItemView(doc, item, actions);
    case 'error':
      return new ErrorItemView(doc, item, actions);
    case 'notice':
      return new NoticeItemView(doc, item, actions);
    case 'condensed':
      return new CondensedItemView(doc, item, actions);
    default:
      return new UnknownItemView(doc, item);
  }
}

class UserMessageView implements ItemView {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;
  private readonly body: HTMLElement;
  private readonly bar: HTMLElement;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'user' }>,
    private readonly actions: ItemActions,
  ) {
    this.body = h(doc, 'div', { className: 'message-text' });
    this.text = h(doc, 'div', { className: 'message message-user', attrs: { 'aria-label': t('youSaid') } }, [this.body]);
    this.bar = h(doc, 'div', { className: 'restore-bar', attrs: { role: 'toolbar', 'aria-label': t('restore') } });
    this.element = h(doc, 'div', { className: 'user-turn' }, [this.text, this.bar]);
    this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'user') return;
    this.body.textContent = item.text;
    // The conversation can always go back to a message; its files only once a step after it took a checkpoint.
    this.bar.replaceChildren(...restoreButtons(this.doc, item.id, item.checkpointId !== undefined, true, this.actions));
    this.text.querySelector('.attachment-row')?.remove();
    if (item.attachments?.length) this.text.append(attachmentRow(this.doc, item.attachments));
  }
}

/**
 * The restore buttons of a user message or a file-changing card, each with its label beside the arrow (two
 * bare undo arrows read the same); the host plans, shows and asks.
 */
function restoreButtons(doc: Document, itemId: string, files: boolean, conversation: boolean, actions: ItemActions): HTMLElement[] {
  const make = (name: 'restore' | 'restoreAll', label: string, withConversation: boolean) => {
    const node = h(doc, 'button', { className: `restore-button restore-${withConversation ? 'all' : 'files'}`, attrs: { type: 'button', title: label } }, [
      icon(doc, name),
      h(doc, 'span', { className: 'restore-label', text: label }),
    ]);
    node.addEventListener('click', () => actions.restore(itemId, withConversation));
    return node;
  };
  const buttons: HTMLElement[] = [];
  if (files) buttons.push(make('restore', t('restoreFiles'), false));
  if (conversation) buttons.push(make('restoreAll', files ? t('restoreAll') : t('restoreConversation'), true));
  return buttons;
}

class AssistantMessageView implements ItemView {
  readonly element: HTMLElement;
  private renderedText: string | undefined;
  /** Set while only the raw text is shown (deferred), so materialize knows what to draw. */
  private pending: Extract<ChatItem, { kind: 'assistant' }> | undefined;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'assistant' }>,
    private readonly actions: MarkdownActions,
    deferred: boolean,
  ) {
    this.element = h(doc, 'div', { className: 'message message-assistant markdown', attrs: { 'aria-label': t('relaySaid') } });
    if (deferred) {
      this.pending = item;
      this.element.classList.add('deferred');
      this.element.textContent = item.text;
    } else this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'assistant') return;
    this.pending = undefined;
    this.element.classList.remove('deferred');
    this.element.classList.toggle('streaming', item.streaming);
    this.element.setAttribute('aria-busy', String(item.streaming));
    if (item.text === this.renderedText) return;
    this.renderedText = item.text;
    this.element.replaceChildren(renderMarkdown(this.doc, item.text, this.actions));
  }
  materialize(): void {
    if (this.pending) this.update(this.pending);
  }
}

/**
 * The model's reasoning, folded under "Thinking" (opened by the person, never by the stream), as plain text:
 * it is the model's working, not its answer, so it gets no markdown and stays visibly apart.
 */
class ThinkingView implements ItemView {
  readonly element: HTMLDetailsElement;
  private readonly label: HTMLElement;
  private readonly body: HTMLElement;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'thinking' }>,
  ) {
    this.label = h(doc, 'span', { className: 'thinking-label' });
    const summary = h(doc, 'summary', { className: 'thinking-summary' }, [icon(doc, 'chevron', 'thinking-chevron'), this.label]);
    this.body = h(doc, 'div', { className: 'thinking-text' });
    this.element = h(doc, 'details', { className: 'message message-thinking' }, [summary, this.body]);
    this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'thinking') return;
    this.element.classList.toggle('streaming', item.streaming);
    this.element.setAttribute('aria-busy', String(item.streaming));
    this.label.textContent = item.streaming ? t('thinkingStreaming') : t('thinking');
    if (this.body.textContent !== item.text) this.body.textContent = item.text;
  }
}

class ToolItemView implements ItemView {
  readonly element: HTMLElement;
  private readonly card: ToolCardView;
  private bar: HTMLElement | undefined;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'tool' }>,
    private readonly actions: ItemActions,
  ) {
    this.card = new ToolCardView(doc, item.status, actions);
    this.element = this.card.element;
    this.update(item);
  }
  setLive(live: boolean): void {
    this.card.setApprovalOpen(live);
  }
  setReverted(reverted: boolean): void {
    if (reverted === this.element.classList.contains('reverted')) return;
    this.element.classList.toggle('reverted', reverted);
    this.element.querySelector(':scope > .reverted-note')?.remove();
    if (reverted) this.element.insertBefore(h(this.doc, 'p', { className: 'reverted-note', text: t('toolReverted') }), this.bar ?? null);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'tool') return;
    this.card.update(item.status);
    // The finished task's answer is in the conversation already (core/agent/session.ts announce): a succeeded
    // attempt_completion card would only repeat it after every answer. Failed or waiting for the user, it shows.
    this.element.hidden = item.status.toolName === ATTEMPT_COMPLETION && item.status.state === 'success';
    // A card whose call changed files (or could have: a command) can take the task's files back to before it.
    if (item.checkpointId === undefined || this.bar) return;
    this.bar = h(this.doc, 'div', { className: 'restore-bar', attrs: { role: 'toolbar', 'aria-label': t('restore') } }, restoreButtons(this.doc, item.id, true, true, this.actions));
    this.element.append(this.bar);
  }
}

/**
 * The text of an error or notice with its buttons on a row below it, never beside it: in a narrow side bar,
 * buttons beside the text squeezed it into a column a few characters wide.
 */
function messageBody(doc: Document, text: HTMLElement, buttons: readonly HTMLElement[]): HTMLElement {
  const body = h(doc, 'div', { className: 'message-body' }, [text]);
  if (buttons.length > 0) body.append(h(doc, 'div', { className: 'message-actions' }, [...buttons]));
  return body;
}

class ErrorItemView implements ItemView {
  readonly element: HTMLElement;
  private item: Extract<ChatItem, { kind: 'error' }>;
  /** Until the chat says otherwise, a new banner is the latest attempt's. */
  private live = true;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'error' }>,
    private readonly actions: ItemActions,
  ) {
    this.item = item;
    this.element = h(doc, 'div', { className: 'message message-error', attrs: { role: 'alert' } });
    this.update(item);
  }
  /** A later attempt resolved it: a muted line without buttons, so nothing offers to fix or retry it again. */
  setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    this.update(this.item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'error') return;
    this.item = item;
    const buttons: HTMLElement[] = [];
    const fix = item.fix;
    if (this.live && fix) buttons.push(button(this.doc, fix.label, 'primary-button fix-button', () => this.actions.setUpProvider(fix.step)));
    if (this.live && item.retryable) buttons.push(button(this.doc, t('retry'), 'secondary-button retry-button', () => this.retry(item.id)));
    this.element.classList.toggle('resolved', !this.live);
    if (this.live) this.element.setAttribute('role', 'alert');
    else this.element.removeAttribute('role');
    this.element.replaceChildren(icon(this.doc, this.live ? 'error' : 'info'), messageBody(this.doc, h(this.doc, 'span', { className: 'error-text', text: item.message }), buttons));
  }
  /** One attempt per press: the buttons go at once, before the host's next delta resolves the banner. */
  private retry(id: string): void {
    this.setLive(false);
    this.actions.retry(id);
  }
}

class NoticeItemView implements ItemView {
  readonly element: HTMLElement;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'notice' }>,
    private readonly actions: ItemActions,
  ) {
    this.element = h(doc, 'div', { className: 'message message-notice' });
    this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'notice') return;
    this.element.classList.toggle('notice-warning', item.level === 'warning');
    this.element.classList.toggle('notice-info', item.level !== 'warning');
    // A restore's notice: its checkpoint holds the files as they were just before it, so this undoes it.
    const buttons = item.checkpointId === undefined ? [] : [button(this.doc, t('undoRestore'), 'secondary-button undo-restore-button', () => this.actions.restore(item.id, false))];
    this.element.replaceChildren(icon(this.doc, item.level === 'warning' ? 'warning' : 'info'), messageBody(this.doc, h(this.doc, 'span', { className: 'notice-text', text: item.text }), buttons));
  }
}

/** "Context condensed": the token counts, and the summary that replaced the older turns, folded. */
class CondensedItemView implements ItemView {
  readonly element: HTMLElement;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'condensed' }>,
    private readonly actions: ItemActions,
  ) {
    this.element = h(doc, 'details', { className: 'message message-condensed', data: { testid: 'condensed-card' } });
    this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'condensed') return;
    const tokens = formatCount;
    const summary = h(this.doc, 'summary', {}, [
      icon(this.doc, 'info'),
      h(this.doc, 'span', { className: 'condensed-title', text: t('contextCondensed') }),
      h(this.doc, 'span', { className: 'condensed-tokens', text: t('condensedTokens', tokens(item.tokensBefore), tokens(item.tokensAfter)) }),
    ]);
    const body = h(this.doc, 'div', { className: 'condensed-summary markdown' });
    body.append(renderMarkdown(this.doc, item.summary, this.actions));
    this.element.replaceChildren(summary, body);
  }
}

/** A kind a newer host knows and this webview does not: shown, not dropped. */
class UnknownItemView implements ItemView {
  readonly element: HTMLElement;
  constructor(doc: Document, item: ChatItem) {
    this.element = h(doc, 'div', { className: 'message message-notice', text: t('unsupportedItem', String((item as { kind?: unknown }).kind)) });
  }
  update(): void {}
}
