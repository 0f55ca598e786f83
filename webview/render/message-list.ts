// The conversation, keyed by item id: adding an item appends one node, an update redraws one view, and only a
// reset (new task, opened task, init) rebuilds, in one pass through a fragment.
// Items live in chunks of CHUNK_SIZE with `content-visibility: auto`: off-screen chunks skip style, layout and
// paint, and the browser tracks ~80 chunks instead of 1,300 items, so a frame at the end of a long conversation
// costs what it costs in a short one. Answers in off-screen chunks show their raw text until the chunk is first
// shown (cheap, still readable and searchable), and get their markdown then.
import type { ChatItem } from '../../src/shared/chat-model';
import { h } from '../dom';
import { clickedFileReference, type ClickedFileReference } from './file-links';
import { clickedLink } from './markdown';
import { createItemView, type ItemActions, type ItemView } from './messages';
import { t } from '../strings';

/** How close to the bottom (px) still counts as "following the conversation". */
const STICK_THRESHOLD = 48;
const CHUNK_SIZE = 16;
/** Chunks drawn in full on a reset: the ones at the bottom, where a reopened conversation is scrolled to. */
const EAGER_CHUNKS = 2;

export interface MessageListActions extends ItemActions {
  openLink(url: string): void;
  openFileReference(reference: ClickedFileReference): void;
}

interface Chunk {
  element: HTMLElement;
  views: ItemView[];
}

export class MessageList {
  /** The scrolling container. */
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  /** Shown while the conversation is empty (the chat view puts the welcome in it). */
  readonly empty: HTMLElement;
  private readonly views = new Map<string, ItemView>();
  private chunks: Chunk[] = [];
  private followBottom = true;
  /** Whether the browser reports when a content-visibility:auto chunk is first shown (Chromium ≥ 124). */
  private readonly canDefer: boolean;

  constructor(
    private readonly doc: Document,
    private readonly actions: MessageListActions,
  ) {
    this.canDefer = typeof (doc.defaultView as unknown as Record<string, unknown> | null)?.ContentVisibilityAutoStateChangeEvent === 'function';
    this.list = h(doc, 'div', { className: 'message-list' });
    this.empty = h(doc, 'div', { className: 'relay-empty' }, [
      h(doc, 'p', { text: t('startTask') }),
    ]);
    this.element = h(doc, 'section', { className: 'conversation', attrs: { 'aria-label': t('conversation'), tabindex: '-1' } }, [this.empty, this.list]);
    this.element.addEventListener('scroll', () => {
      const { scrollTop, scrollHeight, clientHeight } = this.element;
      this.followBottom = scrollHeight - scrollTop - clientHeight <= STICK_THRESHOLD;
    });
    // Links in model output never navigate the webview: the host opens http(s) ones in the browser.
    this.list.addEventListener('click', (event) => {
      const reference = clickedFileReference(event);
      if (reference) return this.actions.openFileReference(reference);
      const url = clickedLink(event);
      if (url) this.actions.openLink(url);
    });
  }

  get size(): number {
    return this.views.size;
  }

  reset(items: readonly ChatItem[]): void {
    this.views.clear();
    this.chunks = [];
    const fragment = this.doc.createDocumentFragment();
    const eagerFrom = this.canDefer ? Math.max(0, (Math.ceil(items.length / CHUNK_SIZE) - EAGER_CHUNKS) * CHUNK_SIZE) : 0;
    items.forEach((item, i) => {
      const chunk = this.chunkForNext(fragment);
      chunk.element.append(this.createView(item, chunk, i < eagerFrom).element);
    });
    this.list.replaceChildren(fragment);
    this.followBottom = true;
    this.afterChange();
  }

  add(item: ChatItem): void {
    const existing = this.views.get(item.id);
    if (existing) return this.update(item);
    const chunk = this.chunkForNext(this.list);
    chunk.element.append(this.createView(item, chunk, false).element);
  }

  update(item: ChatItem): void {
    const view = this.views.get(item.id);
    if (!view) return this.add(item);
    try {
      view.update(item);
    } catch (error) {
      reportRenderError(error);
      const fallback = this.placeholder(item);
      view.element.replaceWith(fallback.element);
      this.views.set(item.id, fallback);
    }
  }

  /**
   * Marks the items that still ask something of the person; every other item with a live state is told it is
   * not (an error whose attempt is over, a card queued behind the open approval).
   */
  setLive(ids: readonly (string | undefined)[]): void {
    const next = new Set(ids.filter((id): id is string => id !== undefined));
    // Each view returns at once when its state did not change, so a pass costs a map walk.
    for (const [id, view] of this.views) view.setLive?.(next.has(id));
  }

  /** Marks the cards whose file changes a restore took back. */
  setReverted(ids: ReadonlySet<string>): void {
    for (const [id, view] of this.views) view.setReverted?.(ids.has(id));
  }

  /** Call once per frame after changes: keeps the newest content in view while the person follows along. */
  afterChange(): void {
    this.empty.hidden = this.views.size > 0;
    // The welcome is read from its title down: a welcome taller than the view (two-line status, dark theme) was
    // pinned to its bottom, its title half under the header.
    if (this.views.size === 0) this.element.scrollTop = 0;
    else if (this.followBottom) this.element.scrollTop = this.element.scrollHeight;
  }

  /**
   * Scrolls to the newest item and follows the conversation again: a turn that ended or was stopped shows its
   * last word ("Task cancelled.", the final answer), even when the person had scrolled up while it ran.
   */
  scrollToEnd(): void {
    this.followBottom = true;
    if (this.views.size > 0) this.element.scrollTop = this.element.scrollHeight;
  }

  /** The last chunk if it has room, else a new one appended to `parent`. */
  private chunkForNext(parent: Node): Chunk {
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.views.length < CHUNK_SIZE) return last;
    const chunk: Chunk = { element: h(this.doc, 'div', { className: 'message-chunk' }), views: [] };
    if (this.canDefer) {
      chunk.element.addEventListener('contentvisibilityautostatechange', (event) => {
        if (!(event as Event & { skipped: boolean }).skipped) for (const view of chunk.views) view.materialize?.();
      });
    }
    this.chunks.push(chunk);
    parent.appendChild(chunk.element);
    return chunk;
  }

  /** A view that cannot draw its item shows a placeholder: one bad item never blanks the conversation. */
  private createView(item: ChatItem, chunk: Chunk, deferred: boolean): ItemView {
    let view: ItemView;
    try {
      view = createItemView(this.doc, item, this.actions, deferred);
    } catch (error) {
      reportRenderError(error);
      view = this.placeholder(item);
    }
    this.views.set(item.id, view);
    chunk.views.push(view);
    return view;
  }

  private placeholder(item: ChatItem): ItemView {
    const element = h(this.doc, 'div', { className: 'chat-item message message-error', text: t('itemFailed'), data: { itemId: item.id } });
    return { element, update: () => undefined };
  }
}

function reportRenderError(error: unknown): void {
  console.error('[relay] could not draw a chat item', error);
}
