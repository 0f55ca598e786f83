// The "@" list under the message box: a listbox the text area controls (aria-activedescendant), so focus stays
// in the text area and screen readers announce the active row. Keyboard: arrows move, Enter or Tab picks,
// Escape closes; a click picks too. It is redrawn on every keystroke, so rows are kept and only the parts of a
// row whose item changed are rewritten (the icon is a clone of one per kind, the label's highlight and the
// detail are set only when they differ), events are handled once on the list, and nothing reads layout on an
// answer. Only the first FIRST_ROWS rows (more than the list's height shows) are drawn with an answer; the
// others are drawn when the list is scrolled or the arrows reach them, and each row says its place in the whole
// list (aria-posinset/aria-setsize). Rows scrolled out of view skip layout and paint (mentions.css).
import type { MentionSuggestion } from '../../src/shared/chat-model';
import { t } from '../strings';
import { h } from '../dom';
import { icon, type IconName } from '../icons';
import { listKey } from './list-keys';

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
/** Rows drawn with an answer: the list is 260px high, about 12 rows; the rest wait for a scroll or the arrows. */
export const FIRST_ROWS = 20;

export class MentionList {
  readonly element: HTMLElement;
  private items: MentionSuggestion[] = [];
  /** The rows drawn, kept for the next answer; `shown` of them are in the list. */
  private readonly rows: Row[] = [];
  /** One icon per kind, cloned into rows. */
  private readonly icons = new Map<MentionSuggestion['kind'], SVGSVGElement>();
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
    this.element.addEventListener(
      'scroll',
      () => {
        this.scrolled = true;
        // Near the end of the rows drawn: draw the next ones (a scroll has laid the list out already).
        const list = this.element;
        if (this.shown < this.items.length && list.scrollTop + 2 * list.clientHeight >= list.scrollHeight) this.drawUpTo(this.shown + FIRST_ROWS);
      },
      { passive: true },
    );
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

  /** Shows the list for `query` (the list says which in `data-query`, for tests and benchmarks). */
  show(items: MentionSuggestion[], query: string): void {
    this.element.dataset.query = query;
    this.items = items;
    this.active = 0;
    const count = Math.min(items.length, FIRST_ROWS);
    for (let i = 0; i < count; i++) this.fill(this.rows[i] ?? this.rows[this.rows.push(this.row(i)) - 1]!, items[i]!, i);
    const first = this.element.firstChild;
    if (items.length === 0) {
      if (first !== this.empty || this.element.childNodes.length !== 1) this.element.replaceChildren(this.empty);
    } else {
      if (first === this.empty) this.empty.remove();
      // Add or remove only the rows past the common count.
      for (let i = this.shown; i < count; i++) this.element.append(this.rows[i]!.row);
      for (let i = count; i < this.shown; i++) this.rows[i]!.row.remove();
    }
    this.shown = count;
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
    return listKey(event, { items: this.items, active: this.active, move: (step) => this.move(step), onPick: (item) => this.onPick(item), close: () => this.close() });
  }

  private move(by: number): void {
    if (this.items.length === 0) return;
    this.active = (this.active + by + this.items.length) % this.items.length;
    if (this.active >= this.shown) this.drawUpTo(this.active + FIRST_ROWS);
    this.highlight(true);
  }

  /** Draws the rows not drawn yet up to `count` (at most all of them). */
  private drawUpTo(count: number): void {
    const end = Math.min(count, this.items.length);
    for (let i = this.shown; i < end; i++) {
      const row = this.rows[i] ?? this.rows[this.rows.push(this.row(i)) - 1]!;
      this.fill(row, this.items[i]!, i);
      this.element.append(row.row);
    }
    if (end > this.shown) this.shown = end;
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

  private row(index: number): Row {
    const label = h(this.doc, 'span', { className: 'mention-label' });
    const detail = h(this.doc, 'span', { className: 'mention-detail' });
    const icon = this.doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const row = h(this.doc, 'div', { className: 'mention-option', attrs: { id: `${MENTION_LIST_ID}-${index}`, role: 'option', 'aria-selected': 'false' }, data: { index: String(index) } }, [
      icon,
      label,
      detail,
    ]);
    return { row, kind: undefined, icon, label, labelKey: undefined, detail, detailText: undefined, size: undefined };
  }

  /** Rewrites only what differs between the row's item and `item`. */
  private fill(row: Row, item: MentionSuggestion, index: number): void {
    // Its place in the whole list, for screen readers (not all rows are drawn).
    const size = String(this.items.length);
    if (row.size !== size) row.row.setAttribute('aria-setsize', (row.size = size));
    if (!row.row.hasAttribute('aria-posinset')) row.row.setAttribute('aria-posinset', String(index + 1));
    if (row.kind !== item.kind) {
      const fresh = this.iconOf(item.kind);
      row.row.replaceChild(fresh, row.icon);
      row.icon = fresh;
      row.kind = item.kind;
      row.row.dataset.kind = item.kind;
    }
    const matches = item.matches ?? [];
    const labelKey = `${item.label}\n${matches.join(',')}`;
    if (row.labelKey !== labelKey) {
      row.label.replaceChildren(...highlighted(this.doc, item.label, matches));
      row.labelKey = labelKey;
    }
    const detail = item.detail ?? '';
    if (row.detailText !== detail) {
      row.detail.textContent = detail;
      row.detail.hidden = !detail;
      row.detailText = detail;
    }
  }

  private iconOf(kind: MentionSuggestion['kind']): SVGSVGElement {
    let template = this.icons.get(kind);
    if (!template) this.icons.set(kind, (template = icon(this.doc, KIND_ICON[kind])));
    return template.cloneNode(true) as SVGSVGElement;
  }
}

interface Row {
  row: HTMLElement;
  /** What the row shows (undefined: nothing yet). */
  kind: MentionSuggestion['kind'] | undefined;
  icon: SVGSVGElement;
  label: HTMLElement;
  labelKey: string | undefined;
  detail: HTMLElement;
  detailText: string | undefined;
  size: string | undefined;
}

/** The label with the matched characters in <mark>, built from text nodes only (runs of marked characters share one). */
function highlighted(doc: Document, label: string, matches: readonly number[]): Node[] {
  if (matches.length === 0) return [doc.createTextNode(label)];
  const sorted = [...matches].sort((a, b) => a - b);
  const out: Node[] = [];
  let at = 0;
  for (let i = 0; i < sorted.length; ) {
    const start = sorted[i]!;
    if (start < at || start >= label.length) {
      i++;
      continue;
    }
    let end = start + 1;
    for (i++; i < sorted.length && sorted[i]! <= end; i++) end = Math.max(end, sorted[i]! + 1);
    if (start > at) out.push(doc.createTextNode(label.slice(at, start)));
    out.push(h(doc, 'mark', { text: label.slice(start, Math.min(end, label.length)) }));
    at = end;
  }
  if (at < label.length) out.push(doc.createTextNode(label.slice(at)));
  return out;
}
