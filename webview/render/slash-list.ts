// The "/" list under the message box: the workspace's and the user's slash commands, opened by "/" at the start of
// the box and narrowed as the name is typed. Like the "@" list (mention-list.ts) it is a listbox the text area
// controls through aria-activedescendant, so focus stays in the box: arrows move, Enter or Tab picks, Escape closes,
// a click picks. Each row: the name with the typed letters marked, the argument hint, the source and the
// description. The host sends every command once per opening; the filtering is done here.
import type { SlashCommandChoice } from '../../src/shared/chat-model';
import { h } from '../dom';
import { t } from '../strings';
import { listKey } from './list-keys';

export const SLASH_LIST_ID = 'relay-slash-list';

/** Commands whose name holds the query: names starting with it first, then the rest, each alphabetical. */
export function filterCommands(commands: readonly SlashCommandChoice[], query: string): SlashCommandChoice[] {
  const q = query.toLowerCase();
  const starts: SlashCommandChoice[] = [];
  const contains: SlashCommandChoice[] = [];
  for (const command of commands) {
    const name = command.name.toLowerCase();
    if (name.startsWith(q)) starts.push(command);
    // A prefixed name ("claude:review") also matches on its part after the prefix.
    else if (name.includes(q)) contains.push(command);
  }
  return [...starts, ...contains];
}

export class SlashList {
  readonly element: HTMLElement;
  private items: SlashCommandChoice[] = [];
  private active = 0;
  private query = '';

  constructor(
    private readonly doc: Document,
    private readonly input: HTMLTextAreaElement,
    private readonly onPick: (item: SlashCommandChoice) => void,
  ) {
    this.element = h(doc, 'div', { className: 'mention-list slash-list', data: { testid: 'slash-list' }, attrs: { id: SLASH_LIST_ID, role: 'listbox', 'aria-label': t('slashListLabel') } });
    this.element.hidden = true;
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
    this.element.addEventListener('click', (event) => {
      const item = this.items[this.rowIndex(event.target) ?? -1];
      if (item) this.onPick(item);
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows the commands matching `query` (undefined commands: the host has not answered yet). */
  show(commands: readonly SlashCommandChoice[] | undefined, query: string): void {
    const changed = query !== this.query || this.element.hidden;
    this.query = query;
    this.element.dataset.query = query;
    this.items = commands ? filterCommands(commands, query) : [];
    if (changed) this.active = 0;
    this.active = Math.min(this.active, Math.max(0, this.items.length - 1));
    const rows = this.items.map((item, index) => this.row(item, index));
    if (rows.length === 0) rows.push(h(this.doc, 'div', { className: 'mention-empty', text: commands ? t('slashNone') : t('slashLoading') }));
    this.element.replaceChildren(...rows);
    this.element.hidden = false;
    this.input.setAttribute('aria-controls', SLASH_LIST_ID);
    this.input.setAttribute('aria-expanded', 'true');
    this.highlight();
  }

  close(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.items = [];
    this.element.replaceChildren();
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  /** Handles a key while the list is open; true when it was the list's key. */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen) return false;
    return listKey(event, {
      items: this.items,
      active: this.active,
      move: (step) => {
        if (this.items.length > 0) this.active = (this.active + step + this.items.length) % this.items.length;
        this.highlight(true);
      },
      onPick: (item) => this.onPick(item),
      close: () => this.close(),
    });
  }

  private highlight(scroll = false): void {
    const rows = [...this.element.querySelectorAll<HTMLElement>('.slash-option')];
    rows.forEach((row, index) => row.setAttribute('aria-selected', String(index === this.active)));
    const row = rows[this.active];
    if (!row) return this.input.removeAttribute('aria-activedescendant');
    this.input.setAttribute('aria-activedescendant', row.id);
    if (scroll) row.scrollIntoView?.({ block: 'nearest' });
  }

  private rowIndex(target: EventTarget | null): number | undefined {
    const row = target instanceof this.doc.defaultView!.Element ? target.closest<HTMLElement>('.slash-option') : null;
    const index = row ? Number(row.dataset.index) : NaN;
    return Number.isInteger(index) ? index : undefined;
  }

  private row(item: SlashCommandChoice, index: number): HTMLElement {
    const name = h(this.doc, 'span', { className: 'slash-name' }, marked(this.doc, `/${item.name}`, this.query));
    const head = h(this.doc, 'div', { className: 'slash-head' }, [name]);
    if (item.argumentHint) head.append(h(this.doc, 'span', { className: 'slash-hint', text: item.argumentHint }));
    head.append(h(this.doc, 'span', { className: 'slash-source', text: item.source }));
    const row = h(this.doc, 'div', { className: 'slash-option', attrs: { id: `${SLASH_LIST_ID}-${index}`, role: 'option', 'aria-selected': 'false', 'aria-posinset': String(index + 1), 'aria-setsize': String(this.items.length) }, data: { index: String(index) } }, [head]);
    if (item.description) row.append(h(this.doc, 'div', { className: 'slash-description', text: item.description }));
    return row;
  }
}

/** `/name` with the first occurrence of the query in <mark>. */
function marked(doc: Document, label: string, query: string): Node[] {
  const at = query === '' ? -1 : label.toLowerCase().indexOf(query.toLowerCase(), 1);
  if (at < 0) return [doc.createTextNode(label)];
  return [doc.createTextNode(label.slice(0, at)), h(doc, 'mark', { text: label.slice(at, at + query.length) }), doc.createTextNode(label.slice(at + query.length))];
}
