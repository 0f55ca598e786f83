// The "@" list under the message box: a listbox the text area controls (aria-activedescendant), so focus stays
// in the text area and screen readers announce the active row. Keyboard: arrows move, Enter or Tab picks,
// Escape closes; a click picks too.
import type { MentionSuggestion } from '../../src/shared/chat-model';
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
  private rows: HTMLElement[] = [];
  private active = 0;

  constructor(
    private readonly doc: Document,
    private readonly input: HTMLTextAreaElement,
    private readonly onPick: (item: MentionSuggestion) => void,
  ) {
    this.element = h(doc, 'div', { className: 'mention-list', attrs: { id: MENTION_LIST_ID, role: 'listbox', 'aria-label': 'Mention a file, folder or context' } });
    this.element.hidden = true;
    // Keep focus in the text area when a row is clicked.
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
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
    this.rows = items.map((item, i) => this.row(item, i));
    this.element.replaceChildren(...(this.rows.length ? this.rows : [h(this.doc, 'div', { className: 'mention-empty', text: 'No matching file or mention' })]));
    this.element.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.highlight();
  }

  close(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.items = [];
    this.rows = [];
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
    this.highlight();
  }

  private highlight(): void {
    this.rows.forEach((row, i) => row.setAttribute('aria-selected', String(i === this.active)));
    const row = this.rows[this.active];
    if (!row) return;
    this.input.setAttribute('aria-activedescendant', row.id);
    row.scrollIntoView?.({ block: 'nearest' });
  }

  private row(item: MentionSuggestion, index: number): HTMLElement {
    const label = h(this.doc, 'span', { className: 'mention-label' }, highlighted(this.doc, item.label, item.matches ?? []));
    const children: Node[] = [icon(this.doc, KIND_ICON[item.kind]), label];
    if (item.detail) children.push(h(this.doc, 'span', { className: 'mention-detail', text: item.detail }));
    const row = h(this.doc, 'div', { className: 'mention-option', attrs: { id: `${MENTION_LIST_ID}-${index}`, role: 'option', 'aria-selected': 'false' }, data: { kind: item.kind } }, children);
    row.addEventListener('click', () => this.onPick(item));
    row.addEventListener('mousemove', () => {
      if (this.active === index) return;
      this.active = index;
      this.highlight();
    });
    return row;
  }
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
