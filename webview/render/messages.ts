// The conversation's non-tool items. Each view keeps its element and redraws only itself on update.
import type { ChatItem, SetupStep } from '../../src/shared/chat-model';
import { button, h } from '../dom';
import { icon } from '../icons';
import { renderMarkdown, type MarkdownActions } from './markdown';
import { ToolCardView } from './tool-card';
import type { BlockActions } from './blocks';

export interface ItemActions extends BlockActions, MarkdownActions {
  retry(itemId: string): void;
  /** An error's fix: runs that step of "Relay: Set Up Provider". */
  setUpProvider(step: SetupStep): void;
}

export interface ItemView {
  readonly element: HTMLElement;
  update(item: ChatItem): void;
  /** Draws in full a view created deferred (its chunk is being shown). */
  materialize?(): void;
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
      return new UserMessageView(doc, item);
    case 'assistant':
      return new AssistantMessageView(doc, item, actions, deferred);
    case 'thinking':
      return new ThinkingView(doc, item);
    case 'tool':
      return new ToolItemView(doc, item, actions);
    case 'error':
      return new ErrorItemView(doc, item, actions);
    case 'notice':
      return new NoticeItemView(doc, item);
    default:
      return new UnknownItemView(doc, item);
  }
}

class UserMessageView implements ItemView {
  readonly element: HTMLElement;
  constructor(doc: Document, item: Extract<ChatItem, { kind: 'user' }>) {
    this.element = h(doc, 'div', { className: 'message message-user', text: item.text, attrs: { 'aria-label': 'You said' } });
  }
  update(item: ChatItem): void {
    if (item.kind === 'user') this.element.textContent = item.text;
  }
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
    this.element = h(doc, 'div', { className: 'message message-assistant markdown', attrs: { 'aria-label': 'Relay said' } });
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
    this.label.textContent = item.streaming ? 'Thinking…' : 'Thinking';
    if (this.body.textContent !== item.text) this.body.textContent = item.text;
  }
}

class ToolItemView implements ItemView {
  readonly element: HTMLElement;
  private readonly card: ToolCardView;
  constructor(doc: Document, item: Extract<ChatItem, { kind: 'tool' }>, actions: BlockActions) {
    this.card = new ToolCardView(doc, item.status, actions);
    this.element = this.card.element;
  }
  update(item: ChatItem): void {
    if (item.kind === 'tool') this.card.update(item.status);
  }
}

class ErrorItemView implements ItemView {
  readonly element: HTMLElement;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'error' }>,
    private readonly actions: ItemActions,
  ) {
    this.element = h(doc, 'div', { className: 'message message-error', attrs: { role: 'alert' } });
    this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'error') return;
    const parts: Node[] = [icon(this.doc, 'error'), h(this.doc, 'span', { className: 'error-text', text: item.message })];
    const fix = item.fix;
    if (fix) parts.push(button(this.doc, fix.label, 'primary-button fix-button', () => this.actions.setUpProvider(fix.step)));
    if (item.retryable) parts.push(button(this.doc, 'Retry', 'secondary-button retry-button', () => this.actions.retry(item.id)));
    this.element.replaceChildren(...parts);
  }
}

class NoticeItemView implements ItemView {
  readonly element: HTMLElement;
  constructor(
    private readonly doc: Document,
    item: Extract<ChatItem, { kind: 'notice' }>,
  ) {
    this.element = h(doc, 'div', { className: 'message message-notice' });
    this.update(item);
  }
  update(item: ChatItem): void {
    if (item.kind !== 'notice') return;
    this.element.classList.toggle('notice-warning', item.level === 'warning');
    this.element.classList.toggle('notice-info', item.level !== 'warning');
    this.element.replaceChildren(icon(this.doc, item.level === 'warning' ? 'warning' : 'info'), h(this.doc, 'span', { text: item.text }));
  }
}

/** A kind a newer host knows and this webview does not: shown, not dropped. */
class UnknownItemView implements ItemView {
  readonly element: HTMLElement;
  constructor(doc: Document, item: ChatItem) {
    this.element = h(doc, 'div', { className: 'message message-notice', text: `Unsupported item: ${String((item as { kind?: unknown }).kind)}` });
  }
  update(): void {}
}
