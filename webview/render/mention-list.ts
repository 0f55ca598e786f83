// The "@" list under the message box: a listbox the text area controls (aria-activedescendant), so focus stays
// in the text area and screen readers announce the active row. Keyboard: arrows move, Enter or Tab picks,
// Escape closes; a click picks too. It is redrawn on every keystroke, so rows are kept and only the ones whose
// item changed are rewritten, events are handled once on the list, and nothing reads layout on an answer.
import type { MentionSuggestion } from '../../src/shared/chat-model';
import { t } from '../strings';
import { h } from '../dom';
import { icon, type IconName } from '../icons';

const KIND_ICON: Record<MentionSuggestion['kind'], IconName> = {
  file: 'file',
  folder: 'folder',
  selection: 'selection',
  problems: 'warning',
  terminal: 'terminal',
  changes: 'changes',
  url: 'link',
};

export const MENTION_LIST_ID = 'relay-mention-list';

export class MentionList {
  readonly element: HTMLElement;
  private items: MentionSuggestion[] = [];
  /** The rows drawn, kept for the next answer; `shown` of them are in the list. */
  private readonly rows: { row: HTMLElement; key: string }[] = [];
  private shown = 0;
  private readonly empty: HTMLElement;
  private active = 0;
  /** Whether the list was scrolled since it was last filled (only then a new answer scrolls it back). */
  private scrolled = false;

  constructor(
    private readonly doc: Document,
    private readonly input: HTMLTextAreaElement,
    private readonly onPick: (item: MentionSuggestion) => void,
  ) {
    this.element = h(doc, 'div', { className: 'mention-list', attrs: { id: MENTION_LIST_ID, role: 'listbox', 'aria-label': t('mentionListLabel') } });
    this.element.hidden = true;
    this.empty = h(doc, 'div', { className: 'mention-empty', text: t('mentionNone') });
    // Keep focus in the text area when a row is clicked.
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
    this.element.addEventListener('click', (event) => {
      const index = this.rowIndex(event.target);
      const item = index === undefined ? undefined : this.items[index];
      if (item) this.onPick(item);
    });
    // Scrolled by the wheel or by the arrows: a new answer starts again at the top.
    this.element.addEventListener('scroll', () => (this.scrolled = true), { passive: true });
    this.element.addEventListener('mousemove', (event) => {
      const index = this.rowIndex(event.target);
      if (index === undefined || index === this.active) return;
      this.active = index;
      this.highlight(false);
    });
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', MENTION_LIST_ID);
    input.setAttribute('aria-expanded', 'false');
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  show(items: MentionSuggestion[]): void {
    this.items = items;
    this.active = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const key = rowKey(item);
      const kept = this.rows[i];
      if (!kept) this.rows.push({ row: this.row(item, i), key });
      else if (kept.key !== key) {
        kept.row.replaceChildren(...this.rowContent(item));
        kept.row.dataset.kind = item.kind;
        kept.key = key;
      }
    }
    const first = this.element.firstChild;
    if (items.length === 0) {
      if (first !== this.empty || this.element.childNodes.length !== 1) this.element.replaceChildren(this.empty);
    } else {
      if (first === this.empty) this.empty.remove();
      // Add or remove only the rows past the common count.
      for (let i = this.shown; i < items.length; i++) this.element.append(this.rows[i]!.row);
      for (let i = items.length; i < this.shown; i++) this.rows[i]!.row.remove();
    }
    this.shown = items.length;
    this.element.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    if (this.scrolled) {
      this.element.scrollTop = 0;
      this.scrolled = false;
    }
    this.highlight(false);
  }

  close(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.items = [];
    this.shown = 0;
    this.element.replaceChildren();
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  /** Handles a key while the list is open; true when it was the list's key (the caller prevents its default). */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen) return false;
    switch (event.key) {
      case 'ArrowDown':
        this.move(1);
        return true;
      case 'ArrowUp':
        this.move(-1);
        return true;
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey || event.isComposing) return false;
        const item = this.items[this.active];
        if (!item) return false;
        this.onPick(item);
        return true;
      }
      case 'Escape':
        this.close();
        return true;
      default:
        return false;
    }
  }

  private move(by: number): void {
    if (this.items.length === 0) return;
    this.active = (this.active + by + this.items.length) % this.items.length;
    this.highlight(true);
  }

  private highlight(scroll: boolean): void {
    for (let i = 0; i < this.shown; i++) {
      const row = this.rows[i]!.row;
      const selected = String(i === this.active);
      if (row.getAttribute('aria-selected') !== selected) row.setAttribute('aria-selected', selected);
    }
    const row = this.items.length ? this.rows[this.active]?.row : undefined;
    if (!row) return;
    this.input.setAttribute('aria-activedescendant', row.id);
    if (!scroll) return;
    row.scrollIntoView?.({ block: 'nearest' });
  }

  private rowIndex(target: EventTarget | null): number | undefined {
    const row = target instanceof this.doc.defaultView!.Element ? target.closest<HTMLElement>('.mention-option') : null;
    const index = row ? Number(row.dataset.index) : NaN;
    return Number.isInteger(index) && index < this.shown ? index : undefined;
  }

  private row(item: MentionSuggestion, index: number): HTMLElement {
    return h(
      this.doc,
      'div',
      { className: 'mention-option', attrs: { id: `${MENTION_LIST_ID}-${index}`, role: 'option', 'aria-selected': 'false' }, data: { kind: item.kind, index: String(index) } },
      this.rowContent(item),
    );
  }

  private rowContent(item: MentionSuggestion): Node[] {
    const label = h(this.doc, 'span', { className: 'mention-label' }, highlighted(this.doc, item.label, item.matches ?? []));
    const children: Node[] = [icon(this.doc, KIND_ICON[item.kind]), label];
    if (item.detail) children.push(h(this.doc, 'span', { className: 'mention-detail', text: item.detail }));
    return children;
  }
}

/** What a row shows: the same key, the same row. */
function rowKey(item: MentionSuggestion): string {
  return `${item.kind}\n${item.label}\n${item.detail ?? ''}\n${(item.matches ?? []).join(',')}`;
}

/** The label with the matched characters in <mark>, built from text nodes only. */
function highlighted(doc: Document, label: string, matches: readonly number[]): Node[] {
  if (matches.length === 0) return [doc.createTextNode(label)];
  const marked = new Set(matches);
  const out: Node[] = [];
  let run = '';
  let runMarked = false;
  const flush = () => {
    if (!run) return;
    out.push(runMarked ? h(doc, 'mark', { text: run }) : doc.createTextNode(run));
    run = '';
  };
  for (let i = 0; i < label.length; i++) {
    const isMarked = marked.has(i);
    if (isMarked !== runMarked) {
      flush();
      runMarked = isMarked;
    }
    run += label[i];
  }
  flush();
  return out;
}
